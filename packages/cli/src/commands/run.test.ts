/**
 * `espectro run` as a command: argument errors, and the reliability guarantee — a run killed with
 * SIGKILL at any unit of work (before or after it commits) and run again ends with the same
 * database as a run that was never interrupted, whatever `--batch` the two runs were given
 * (issue 21 §4: resuming with another batch size lost stories).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runPipeline } from '@espectro/pipeline';
import { pipelineFixtureDirectory, storeSnapshot } from '@espectro/pipeline/testing';
import { openStore } from '@espectro/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../test-io.js';
import { runCommand } from './run.js';

const fixture = pipelineFixtureDirectory();
const repositoryRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
// The children run the built CLI (`pnpm build:fast` or `pnpm build` before the tests, as CI does): a
// child started through tsx on the sources spent 3.5–4.6 s more each (load 9.5), eight times a file.
const cli = join(repositoryRoot, 'packages', 'cli', 'bin', 'espectro.js');
const builtCli = join(repositoryRoot, 'packages', 'cli', 'dist', 'index.js');

describe('espectro run (command)', () => {
  it('explains what is missing or wrong before opening any database', async () => {
    const io = memoryIo();
    await expect(runCommand.run([], io)).rejects.toThrow(/--data DIR .* or --demo/);
    await expect(runCommand.run(['--data', 'x', '--demo'], io)).rejects.toThrow(/either --demo or --data/);
    await expect(runCommand.run(['--data', '/nonexistent-folder'], io)).rejects.toThrow(/no outlets.json/);
    await expect(runCommand.run(['--data', fixture, '--embedder', 'bert'], io)).rejects.toThrow(
      /--embedder must be one of auto, offline, minilm/,
    );
    const work = mkdtempSync(join(tmpdir(), 'espectro-run-args-'));
    try {
      const missing = memoryIo(work, { ESPECTRO_MODELS: join(work, 'no-models') });
      await expect(runCommand.run(['--data', fixture, '--embedder', 'minilm'], missing)).rejects.toThrow(
        /--embedder minilm was asked for.*espectro models pull minilm/,
      );
      await expect(runCommand.run(['--data', fixture, '--judge', 'llm'], missing)).rejects.toThrow(/no judge key/);
      // Nothing was created: the checks ran before the database.
      expect(readdirSync(work)).toEqual([]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('reliability: killed at random units of work, re-running completes with nothing duplicated or lost', () => {
  let work: string;
  let template: string;
  let reference: Awaited<ReturnType<typeof storeSnapshot>>;
  beforeAll(async () => {
    if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run pnpm build:fast before these tests`);
    work = mkdtempSync(join(tmpdir(), 'espectro-crash-'));
    // One migrated embedded database, copied for each case.
    template = join(work, 'template-db');
    const store = await openStore({ dataDir: template, env: {} });
    await store.close();
    const referenceDb = join(work, 'reference-db');
    cpSync(template, referenceDb, { recursive: true });
    const clean = await openStore({ dataDir: referenceDb, env: {} });
    await runPipeline({ dataDirectory: fixture, store: clean, env: {} });
    reference = await storeSnapshot(clean);
    await clean.close();
  }, 180_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const runChild = (db: string, extra: string[], crash: Record<string, string> | null) =>
    spawnSync(process.execPath, [cli, 'run', '--data', fixture, '--db', db, ...extra, '--quiet', '--json'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...(crash ?? {}) },
      timeout: 120_000,
    });

  async function expectLikeReference(db: string): Promise<void> {
    const store = await openStore({ dataDir: db, env: {} });
    try {
      expect(await storeSnapshot(store)).toEqual(reference);
      expect((await store.runs.list()).map((run) => run.status)).toEqual(['completed']);
    } finally {
      await store.close();
    }
  }

  // Units of this run with --batch 1: rate, 6 feeds, cluster, then per story a synthesis, a topic
  // and a build, then the country's publish decision — more than 20. The crash points are drawn at
  // random (seeded per test run) from the first 20.
  const seed = Number(process.env.ESPECTRO_CRASH_SEED ?? Date.now() % 1000);
  const draw = (index: number) => 1 + ((seed * 7919 + index * 104_729) % 20);
  const cases = [
    { at: draw(1), mode: 'after-commit' },
    { at: draw(2), mode: 'before-commit' },
    { at: draw(3), mode: 'after-commit' },
  ];

  it.each(cases)(
    'crash at unit $at ($mode), then resume',
    async ({ at, mode }) => {
      const db = join(work, `case-${at}-${mode}`);
      cpSync(template, db, { recursive: true });
      const crashed = runChild(db, ['--batch', '1'], {
        ESPECTRO_CRASH_AT_CHECKPOINT: String(at),
        ESPECTRO_CRASH_MODE: mode,
      });
      expect(crashed.signal, `seed ${seed}: the child should have been killed at unit ${at}\n${crashed.stderr}`).toBe(
        'SIGKILL',
      );
      const resumed = runChild(db, ['--batch', '1'], null);
      expect(resumed.status, resumed.stderr).toBe(0);
      expect((JSON.parse(resumed.stdout) as { resumed: boolean }).resumed).toBe(true);
      await expectLikeReference(db);
    },
    180_000,
  );

  it('resumes a run killed while storing stories with --batch 1 without --batch, losing no story (issue 21 §4)', async () => {
    const db = join(work, 'case-batch');
    cpSync(template, db, { recursive: true });
    const crashed = runChild(db, ['--batch', '1'], {
      ESPECTRO_CRASH_AT_UNIT: 'stories:',
      ESPECTRO_CRASH_AT_CHECKPOINT: '2',
      ESPECTRO_CRASH_MODE: 'after-commit',
    });
    expect(crashed.signal, crashed.stderr).toBe('SIGKILL');
    const resumed = runChild(db, [], null);
    expect(resumed.status, resumed.stderr).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { resumed: boolean; clustering: { stories: number } };
    expect(summary.resumed).toBe(true);
    expect(summary.clustering.stories).toBe((reference.stories as unknown[]).length);
    await expectLikeReference(db);
  }, 180_000);
});
