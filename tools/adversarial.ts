/**
 * `pnpm adversarial [§N …] [--quick]`: re-runs the adversarial cases of issue 21 (reliability and
 * security). Each defect of the attack-and-fault run became a test that fails on the code it was
 * found in; this runner is a thin map from the issue's sections to those test files, so that "the
 * adversarial run, repeated" is one command and the cases live in one place (the tests), not in a
 * second script that could drift from them. It builds the packages first (some cases run the
 * built `espectro` in a child process and measure it), then runs vitest on the chosen files.
 *
 * `--quick` leaves out the cases that build the site or run whole pipelines (§1 serve, §2 browser,
 * §4 resume); name sections to run only those (`pnpm adversarial §5 §7`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface AdversarialSection {
  section: string;
  defect: string;
  /** Test files that reproduce the defect; `slow` ones build the site or run a whole pipeline. */
  tests: { file: string; slow?: boolean }[];
}

/** Issue 21's defects (its "Why" list) and the tests that are their re-run. */
export const ADVERSARIAL_SECTIONS: readonly AdversarialSection[] = [
  {
    section: '§1',
    defect: 'one writer per embedded database folder (a second opener refused, the folder never left unopenable)',
    tests: [
      { file: 'packages/store/src/lock.test.ts' },
      { file: 'packages/cli/src/commands/db.test.ts' },
      { file: 'packages/cli/src/commands/serve.test.ts', slow: true },
    ],
  },
  {
    section: '§2',
    defect: 'a javascript: link never stored, linked or run; CSP and security headers on every response',
    tests: [
      { file: 'packages/ingest/src/ingest.test.ts' },
      { file: 'packages/store/src/store.test.ts' },
      { file: 'apps/site/src/security.browser.test.ts', slow: true },
    ],
  },
  {
    section: '§3',
    defect: 'forged reader identities and X-Forwarded-For, contestation quotas, editor sign-in throttle',
    tests: [
      { file: 'apps/site/src/lib/security.test.ts' },
      { file: 'packages/methodology/src/contestations/rate-limit.test.ts' },
    ],
  },
  {
    section: '§4',
    defect: 'resuming a run with another --batch loses no story',
    tests: [{ file: 'packages/cli/src/commands/run.test.ts', slow: true }],
  },
  {
    section: '§5',
    defect: 'resource bombs (a 1 Hz WAV, a 10 MB title line, a 40 MB feed) refused in < 5 s and < 200 MB',
    tests: [
      { file: 'packages/speaker-id/src/wav.test.ts' },
      { file: 'packages/cli/src/commands/speaker.test.ts' },
      { file: 'packages/cli/src/input-file.test.ts' },
    ],
  },
  {
    section: '§6',
    defect: 'NUL and invalid code points a 4xx; no SQL or parameter in a log line or message',
    tests: [
      { file: 'apps/site/src/lib/security.test.ts' },
      { file: 'apps/site/src/lib/failed-request.test.ts' },
      { file: 'packages/store/src/errors.test.ts' },
      { file: 'packages/cli/src/errors.test.ts' },
    ],
  },
  {
    section: '§7',
    defect: 'secrets: database URLs masked, a vendor 401 body echoing the API key scrubbed',
    tests: [
      { file: 'packages/store/src/redact.test.ts' },
      { file: 'packages/llm/src/adapters/contract.test.ts' },
      { file: 'packages/llm/src/transcription.test.ts' },
      { file: 'packages/llm/src/errors.test.ts' },
    ],
  },
  {
    section: '§8',
    defect: 'model output: invented numbers, dates, addresses held; a headline cannot close its prompt slot',
    tests: [{ file: 'packages/synthesis/src/synthesize.test.ts' }],
  },
  {
    section: '§9',
    defect: 'input gaps: non-UTF-8, a duplicate domain, terminal escapes, outlets.json checked before the database',
    tests: [{ file: 'packages/cli/src/input-file.test.ts' }, { file: 'packages/cli/src/commands/run-input.test.ts' }],
  },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const named = argv.filter((argument) => argument !== '--quick').map((name) => name.replace(/^(?!§)/, '§'));
const unknown = named.filter((name) => !ADVERSARIAL_SECTIONS.some((entry) => entry.section === name));
if (unknown.length > 0) {
  process.stderr.write(`adversarial: unknown section ${unknown.join(', ')} (§1 … §9)\n`);
  process.exit(2);
}
const chosen = ADVERSARIAL_SECTIONS.filter((entry) => named.length === 0 || named.includes(entry.section));
const files = [
  ...new Set(chosen.flatMap((entry) => entry.tests.filter((test) => !quick || !test.slow).map((test) => test.file))),
];
const missing = files.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  // A case whose test was moved or deleted must not pass silently.
  process.stderr.write(`adversarial: these test files are gone: ${missing.join(', ')}\n`);
  process.exit(1);
}
for (const entry of chosen) {
  const left = quick ? entry.tests.filter((test) => test.slow).map((test) => test.file) : [];
  process.stdout.write(
    `${entry.section} ${entry.defect}${left.length > 0 ? ` (--quick leaves out ${left.join(', ')})` : ''}\n`,
  );
}
const run = (command: string, args: string[]): number =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;
if (run('pnpm', ['build:fast']) !== 0) process.exit(1);
process.exit(run('pnpm', ['vitest', 'run', ...files]));
