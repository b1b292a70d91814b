import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleCatalogue } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import { runDemo, defaultDemoDirectory } from './commands/demo.js';
import { ExitCode, main } from './index.js';
import { memoryIo } from './test-io.js';

const workDirectory = mkdtempSync(join(tmpdir(), 'espectro-cli-'));
function writeJson(name: string, value: unknown): string {
  const path = join(workDirectory, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return name;
}

const expansionEvidence = {
  asOf: '2026-04-27',
  scope: 'political',
  ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy' },
  academic: {
    bucket: 'right',
    factuality: 'high',
    sources: [{ date: '2025-09-01', weight: 'primary', domestic: true }],
  },
  content: { sampleSize: 24, windowStart: '2026-01-27', bucket: 'right', factuality: 'high' },
};

describe('espectro (CLI)', () => {
  it('prints help and exits 2 without a command, 0 with `help`', async () => {
    const io = memoryIo(workDirectory);
    expect(await main([], io)).toBe(ExitCode.usage);
    expect(io.out()).toContain('Commands:');
    expect(await main(['help'], memoryIo(workDirectory))).toBe(ExitCode.ok);
  });

  it('documents in its help the exit codes it returns', async () => {
    const io = memoryIo(workDirectory);
    await main(['help'], io);
    const help = io.out().replace(/\s+/g, ' ');
    expect(help).toContain(`${ExitCode.failure} failed at run time`);
    expect(help).toContain(`${ExitCode.usage} usage error (unknown command or flag`);
    expect(help).toContain(`${ExitCode.invalidInput} invalid input (a file missing`);
    const missingFile = memoryIo(workDirectory);
    expect(await main(['rate', 'no-such-evidence.json'], missingFile)).toBe(ExitCode.invalidInput);
    expect(missingFile.err()).toContain('file not found');
  });

  it('rejects an unknown command with exit code 2 and names it', async () => {
    const io = memoryIo(workDirectory);
    expect(await main(['nonsense'], io)).toBe(ExitCode.usage);
    expect(io.err()).toContain('unknown command "nonsense"');
  });

  it('--version prints the package version', async () => {
    const io = memoryIo(workDirectory);
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(await main(['--version'], io)).toBe(ExitCode.ok);
    expect(io.out()).toBe(`espectro ${version}\n`);
  });

  it('rejects an unknown flag or a missing flag value with exit code 2, as the help says', async () => {
    const unknownFlag = memoryIo(workDirectory);
    expect(await main(['rules', '--no-such-flag'], unknownFlag)).toBe(ExitCode.usage);
    expect(unknownFlag.err()).toContain('--no-such-flag');
    expect(await main(['run', '--demo', '--bogus'], memoryIo(workDirectory))).toBe(ExitCode.usage);
    expect(await main(['run', '--data'], memoryIo(workDirectory))).toBe(ExitCode.usage);
  });

  it('exits quietly with 0 when the reader of its output closes the pipe early (EPIPE)', async () => {
    // A child process writes far more than a pipe holds into a pipe whose reader stops after the
    // first chunk, as `espectro rules --json | head -1` does. It loads only the handler (io.ts), so
    // the test does not depend on how fast this machine imports the whole CLI.
    const script = [
      "import { exitQuietlyOnBrokenPipe } from './packages/cli/src/io.ts';",
      'exitQuietlyOnBrokenPipe();',
      "const line = 'x'.repeat(1023) + '\\n';",
      'for (let round = 0; round < 4096; round += 1) process.stdout.write(line);',
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../../..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toContain('EPIPE');
    expect(exitCode).toBe(0);
  }, 120_000);

  it('rate --json gives the same rating as the library, with its trace', async () => {
    const io = memoryIo(workDirectory);
    expect(await main(['rate', writeJson('expansion.json', expansionEvidence), '--json'], io)).toBe(ExitCode.ok);
    const rating = JSON.parse(io.out()) as { bias: string; factuality: string; confidence: string; trace: string[] };
    expect([rating.bias, rating.factuality, rating.confidence]).toEqual(['right', 'high', 'medium']);
    expect(rating.trace.length).toBeGreaterThan(0);
  });

  it('rate prints a readable block with the rule trace', async () => {
    const io = memoryIo(workDirectory);
    expect(await main(['rate', writeJson('expansion2.json', expansionEvidence)], io)).toBe(ExitCode.ok);
    expect(io.out()).toMatch(/bias\s+right/);
    expect(io.out()).toMatch(/trace\s+\S+/);
  });

  it('rate names the invalid field and the rule, exit code 3', async () => {
    const io = memoryIo(workDirectory);
    const bad = { ...expansionEvidence, scope: 'politics' };
    expect(await main(['rate', writeJson('bad.json', bad)], io)).toBe(ExitCode.invalidInput);
    expect(io.err()).toContain('scope');
    expect(io.err()).toMatch(/rule [A-Z]+/);
  });

  it('rate explains a missing file and malformed JSON (exit 3), a missing argument (exit 2)', async () => {
    const missing = memoryIo(workDirectory);
    expect(await main(['rate', 'nope.json'], missing)).toBe(ExitCode.invalidInput);
    expect(missing.err()).toContain('file not found: nope.json');
    const malformed = memoryIo(workDirectory);
    expect(await main(['rate', writeJson('broken.json', '{"asOf": ')], malformed)).toBe(ExitCode.invalidInput);
    expect(malformed.err()).toContain('not valid JSON');
    const noArgument = memoryIo(workDirectory);
    expect(await main(['rate'], noArgument)).toBe(ExitCode.usage);
    expect(noArgument.err()).toContain('Usage: espectro rate');
  });

  it('rules --json is the catalogue; rules --id shows one rule; unknown id is a usage error', async () => {
    const io = memoryIo(workDirectory);
    expect(await main(['rules', '--json'], io)).toBe(ExitCode.ok);
    expect(JSON.parse(io.out())).toEqual({
      methodologyVersion: ruleCatalogue.methodologyVersion,
      rules: ruleCatalogue.rules,
    });
    const first = ruleCatalogue.rules[0]!;
    const one = memoryIo(workDirectory);
    expect(await main(['rules', '--id', first.id], one)).toBe(ExitCode.ok);
    expect(one.out()).toContain(first.title);
    expect(await main(['rules', '--id', 'NOPE-1'], memoryIo(workDirectory))).toBe(ExitCode.usage);
  });

  it('demo rates every bundled outlet and shows each guard and blindspot path', async () => {
    const result = await runDemo(defaultDemoDirectory());
    expect(result.outlets.length).toBeGreaterThanOrEqual(15);
    const byId = new Map(result.stories.map((story) => [story.id, story]));
    expect(byId.get('demo-broad')!.guard!.publish).toBe(true);
    expect(byId.get('demo-left-silent')!.prismaBlindspot).toContain('left');
    expect(byId.get('demo-right-silent')!.fujaDaBolhaBlindspot).toBe('right');
    expect(byId.get('demo-one-bucket')!.guard!.reasons).toContain('low_diversity');
    expect(byId.get('demo-low-factuality')!.guard!.reasons).toContain('suspect_sources');
    expect(byId.get('demo-gossip')!.guard!.reasons).toEqual(
      expect.arrayContaining(['filtered_content', 'country_cap']),
    );
    expect(byId.get('demo-sports')!.prismaBlindspot).toEqual([]);
    expect(byId.get('demo-too-few')!.tier).toBeNull();
    const granma = result.outlets.find((outlet) => outlet.domain === 'granma.cu')!;
    expect(granma.rating.appliedRule).toBe('R1');
    const io = memoryIo(workDirectory);
    expect(await main(['demo'], io)).toBe(ExitCode.ok);
    expect(io.out()).toContain('would be published');
  });
});
