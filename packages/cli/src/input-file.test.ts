/**
 * Bounded, honest input reading (issue 21 §5 and §9): resource bombs are refused quickly and with
 * little memory, measured in a real child process running the built `espectro`; bytes that are not
 * UTF-8 are an error naming the line, never a silent U+FFFD; terminal escape sequences quoted from
 * junk input cannot reach the terminal.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutraliseTerminalControls, processIo } from './index.js';
import { INPUT_LIMITS, readJsonLines, strictUtf8 } from './input-file.js';
import { ExitCode } from './io.js';
import { memoryIo } from './test-io.js';
import { clusterCommand } from './commands/cluster.js';
import { hcCommand } from './commands/hc.js';

const BUILT_CLI = new URL('../dist/index.js', import.meta.url);
/** The bounds for a refused bomb (issue 21, Tests: "refused in under 5 s and 200 MB"). */
const BOMB_BOUNDS = { seconds: 5, residentMebibytes: 200 };
/** What a terminal acts on, as `neutraliseTerminalControls` defines it. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/;

let directory: string;
const file = (name: string) => join(directory, name);

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-input-limits-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/**
 * Runs the built CLI in a child process; the child reports how long `main` took and its peak
 * resident memory (`process.resourceUsage().maxRSS`, KiB).
 */
async function measuredRun(
  argv: string[],
): Promise<{ exitCode: number; stderr: string; seconds: number; mib: number }> {
  if (!existsSync(BUILT_CLI))
    throw new Error('packages/cli/dist is missing: run `pnpm build:fast` before this test (it runs the built CLI)');
  const script = [
    `const { main, processIo } = await import(${JSON.stringify(BUILT_CLI.href)});`,
    'const started = performance.now();',
    'process.exitCode = await main(process.argv.slice(1), processIo());',
    'process.stderr.write(`\\nmeasured ${performance.now() - started} ${process.resourceUsage().maxRSS}\\n`);',
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, ...argv], {
    cwd: directory,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const match = /measured (\d+(?:\.\d+)?) (\d+)\n$/.exec(stderr);
  if (!match) throw new Error(`the child reported no measurement: ${stderr}`);
  return { exitCode: exitCode ?? -1, stderr, seconds: Number(match[1]) / 1000, mib: Number(match[2]) / 1024 };
}

describe('resource bombs are refused fast and small (built CLI, child process)', () => {
  it('cluster on a 10 MB single title line', async () => {
    const title = 'la noticia más larga del mundo '.repeat(Math.ceil((10 * 1_048_576) / 31));
    await writeFile(file('bomb.jsonl'), `${JSON.stringify({ id: 'a1', title, date: '2025-10-28T07:30:00Z' })}\n`);
    const run = await measuredRun(['cluster', 'bomb.jsonl']);
    expect(run.exitCode).toBe(ExitCode.invalidInput);
    expect(run.stderr).toMatch(
      /bomb\.jsonl line 1 is 10\.\d MiB, over the 64 KiB limit for one line; nothing was processed/,
    );
    expect(run.seconds).toBeLessThan(BOMB_BOUNDS.seconds);
    expect(run.mib).toBeLessThan(BOMB_BOUNDS.residentMebibytes);
  }, 60_000);

  it('hc ingest on a 40 MB feed', async () => {
    const item = '<item><title>Senado despacha el Boletín N° 12.345-07</title><link>https://example.cl/a</link></item>';
    const items = item.repeat(Math.ceil((40 * 1_048_576) / item.length));
    await writeFile(file('bomb.xml'), `<?xml version="1.0"?><rss><channel><title>x</title>${items}</channel></rss>`);
    const run = await measuredRun(['hc', 'ingest', 'bomb.xml', '--outlet', 'latercera', '--out', 'out.jsonl']);
    expect(run.exitCode).toBe(ExitCode.invalidInput);
    expect(run.stderr).toMatch(/bomb\.xml is 40\.\d MiB, over the 32 MiB limit for a feed file; nothing was read/);
    expect(run.seconds).toBeLessThan(BOMB_BOUNDS.seconds);
    expect(run.mib).toBeLessThan(BOMB_BOUNDS.residentMebibytes);
  }, 60_000);
});

describe('input that is not UTF-8', () => {
  it('cluster refuses a Latin-1 line, naming the line', async () => {
    const good = JSON.stringify({ id: 'a1', title: 'hola', date: '2025-10-28' });
    const latin1 = Buffer.concat([
      Buffer.from(`${good}\n{"id":"a2","title":"caf`),
      Buffer.from([0xe9]),
      Buffer.from('","date":"2025-10-28"}\n'),
    ]);
    await writeFile(file('latin1.jsonl'), latin1);
    const io = memoryIo(directory);
    await expect(clusterCommand.run(['latin1.jsonl'], io)).rejects.toThrow(
      'latin1.jsonl line 2 is not valid UTF-8 (save the file as UTF-8; nothing was read from it)',
    );
    expect(io.out()).toBe('');
  });

  it('hc classify refuses it too', async () => {
    await writeFile(
      file('latin1-headlines.jsonl'),
      Buffer.from([...Buffer.from('{"id":"h1","title":"Le'), 0xf3, 0x6e, 0x22, 0x7d, 0x0a]),
    );
    await expect(
      hcCommand.run(['classify', 'latin1-headlines.jsonl', '--offline'], memoryIo(directory)),
    ).rejects.toThrow('latin1-headlines.jsonl line 1 is not valid UTF-8');
  });

  it('hc ingest decodes an undeclared Windows-1252 feed as such and says so, instead of replacing bytes', async () => {
    const feed = Buffer.concat([
      Buffer.from('<?xml version="1.0"?><rss><channel><title>x</title><item><title>Le'),
      Buffer.from([0xf3]),
      Buffer.from(
        'n y la ley</title><link>https://www.latercera.com/a</link><pubDate>Tue, 01 Dec 2026 10:00:00 GMT</pubDate></item></channel></rss>',
      ),
    ]);
    await writeFile(file('cp1252.xml'), feed);
    const io = memoryIo(directory);
    expect(await hcCommand.run(['ingest', 'cp1252.xml', '--outlet', 'latercera', '--out', 'cp.jsonl'], io)).toBe(
      ExitCode.ok,
    );
    expect(io.err()).toMatch(/cp1252\.xml: .*windows-1252/i);
    const stored = await readFile(file('cp.jsonl'), 'utf8');
    expect(stored).toContain('León y la ley');
    expect(stored).not.toContain('\uFFFD');
  });

  test.prop([fc.string()])('valid UTF-8 text reads back unchanged', (text) => {
    const bytes = Buffer.from(text, 'utf8');
    // A lone surrogate has no UTF-8 form (Buffer writes U+FFFD for it); compare with what was written.
    expect(strictUtf8(bytes, 'x')).toBe(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  });
});

describe('the per-line and per-file limits', () => {
  it('a line just over the limit is refused, one at it is read', async () => {
    const padded = (bytes: number) => {
      const base = JSON.stringify({ id: 'a1', title: '', date: '2025-10-28' });
      return JSON.stringify({ id: 'a1', title: 'x'.repeat(bytes - base.length), date: '2025-10-28' });
    };
    await writeFile(file('at-limit.jsonl'), `${padded(INPUT_LIMITS.jsonLinesLineBytes)}\n`);
    await writeFile(file('over-limit.jsonl'), `\n\n${padded(INPUT_LIMITS.jsonLinesLineBytes + 1)}\n`);
    expect(await readJsonLines('at-limit.jsonl', directory)).toHaveLength(1);
    await expect(readJsonLines('over-limit.jsonl', directory)).rejects.toThrow(
      'over-limit.jsonl line 3 is 65,537 bytes, over the 64 KiB limit for one line',
    );
  });

  it('a file over its limit is refused before it is read', async () => {
    await writeFile(file('small-limit.jsonl'), `${'{"id":"a"}\n'.repeat(20)}`);
    await expect(readJsonLines('small-limit.jsonl', directory, { fileBytes: 100 })).rejects.toThrow(
      'small-limit.jsonl is 220 bytes, over the 100 bytes limit for a JSON-lines file; nothing was read',
    );
  });
});

describe('terminal escape sequences in untrusted text', () => {
  it('a junk line with ESC sequences is quoted without them on standard error', async () => {
    await writeFile(file('escapes.jsonl'), Buffer.from('{"x":\u001b[2J\u001b]0;pwned\u0007}\n'));
    const written: string[] = [];
    const io = processIo({ stdout: { write: () => true }, stderr: { write: (text: string) => written.push(text) } });
    // main() is what the binary runs; its error report goes through the process io.
    const { main } = await import('./index.js');
    expect(await main(['cluster', file('escapes.jsonl')], io)).toBe(ExitCode.invalidInput);
    const stderr = written.join('');
    expect(stderr).toContain('is not valid JSON');
    expect(stderr).toContain('\\x1b[2J');
    expect(stderr).not.toMatch(TERMINAL_CONTROL);
  });

  it('standard output is neutralised on a terminal and left alone on a pipe', () => {
    const terminal: string[] = [];
    const pipe: string[] = [];
    processIo({
      stdout: { write: (text: string) => terminal.push(text), isTTY: true },
      stderr: { write: () => true },
    }).stdout('título\u001b[31m rojo\r\n');
    processIo({ stdout: { write: (text: string) => pipe.push(text) }, stderr: { write: () => true } }).stdout(
      'título\u001b[31m rojo\r\n',
    );
    expect(terminal.join('')).toBe('título\\x1b[31m rojo\r\n');
    expect(pipe.join('')).toBe('título\u001b[31m rojo\r\n');
  });

  test.prop([fc.string({ unit: 'binary' })])('no control character but tab and line ends survives', (text) => {
    const shown = neutraliseTerminalControls(text);
    expect(shown).not.toMatch(TERMINAL_CONTROL);
  });
});
