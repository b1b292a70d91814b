import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BUNDLED_GOLDEN_DIRECTORY } from '@espectro/headline-classifier';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode, UsageError } from '../io.js';
import { memoryIo } from '../test-io.js';
import { hcCommand } from './hc.js';

let directory: string;
let server: FakeLlmServer;
const file = (name: string) => join(directory, name);
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-hc-cli-'));
  server = await startFakeLlmServer();
  // Synthetic headlines (not real published items).
  await writeFile(
    file('headlines.jsonl'),
    [
      { id: 's1', title: 'Senado despacha el Boletín N° 12.345-07 a la Cámara' },
      { id: 's2', title: 'Colo Colo gana un partido de prueba', description: 'El equipo ganó 2-1.' },
      { id: 's3', title: 'Diputada Pérez pide comisión investigadora', description: null },
    ]
      .map((row) => JSON.stringify(row))
      .join('\n'),
  );
  const cases = (await readFile(join(BUNDLED_GOLDEN_DIRECTORY, 'cases.jsonl'), 'utf8')).trim();
  await writeFile(file('golden-headlines.jsonl'), `${cases}\n`);
  await writeFile(
    file('thresholds.json'),
    JSON.stringify({
      macroAccuracy: { minimum: 0.75 },
      precision: { minimum: 0.7 },
      bootstrap: { seed: 20261130, resamples: 2000 },
    }),
  );
});

afterAll(async () => {
  await server.close();
  await rm(directory, { recursive: true, force: true });
});

describe('espectro hc classify', () => {
  it('writes {id, class, boletines, backend} lines with the offline baseline and records the run', async () => {
    const io = memoryIo(directory);
    const code = await hcCommand.run(
      ['classify', 'headlines.jsonl', '--run-log', 'runs.json', '--at', '2026-11-30T09:00:00Z'],
      io,
    );
    expect(code).toBe(ExitCode.ok);
    const rows = lines(io.out());
    expect(rows.map((row) => [row.id, row.class, row.boletines, row.backend])).toEqual([
      ['s1', 'legislative_process', ['12345-07'], 'rules-baseline (offline)'],
      ['s2', 'non_legislative', [], 'rules-baseline (offline)'],
      ['s3', 'parliamentary_activity', [], 'rules-baseline (offline)'],
    ]);
    const runLog = JSON.parse(await readFile(file('runs.json'), 'utf8')) as { firstRunAt: string; runs: unknown[] };
    expect(runLog.firstRunAt).toBe('2026-11-30T09:00:00Z');
    expect(io.err()).toMatch(/3 headline\(s\) classified by rules-baseline \(offline\)/);
  });

  it('uses DeepSeek when a model is configured (here: the loopback fake server)', async () => {
    server.reset();
    server.enqueue(
      reply.json({ class: 'legislative_process', evidencePhrase: 'Senado despacha' }),
      reply.json({ class: 'non_legislative', evidencePhrase: 'Colo Colo gana' }),
      reply.json({ class: 'parliamentary_activity', evidencePhrase: 'Diputada Pérez' }),
    );
    const io = memoryIo(directory, { DEEPSEEK_API_KEY: 'fake-key' });
    const code = await hcCommand.run(
      [
        'classify',
        'headlines.jsonl',
        '--model',
        'deepseek',
        '--base-url',
        server.baseURL('deepseek'),
        '--run-log',
        'llm-runs.json',
      ],
      io,
    );
    expect(code).toBe(ExitCode.ok);
    const rows = lines(io.out());
    expect(rows.map((row) => row.backend)).toEqual([
      'llm:deepseek/deepseek-chat',
      'llm:deepseek/deepseek-chat',
      'llm:deepseek/deepseek-chat',
    ]);
    expect(rows[0]).toMatchObject({
      class: 'legislative_process',
      boletines: ['12345-07'],
      evidence: 'Senado despacha',
    });
  });

  it('reports bad input lines with file and line number', async () => {
    await writeFile(file('bad.jsonl'), '{"id":"x","title":"ok"}\n{"id":"y"}\n');
    const io = memoryIo(directory);
    expect(await hcCommand.run(['classify', 'bad.jsonl', '--run-log', 'bad-runs.json'], io)).toBe(
      ExitCode.invalidInput,
    );
    expect(io.err()).toMatch(/bad\.jsonl line 2: title/);
  });

  it('rejects usage errors', async () => {
    await expect(hcCommand.run([], memoryIo(directory))).rejects.toThrow(UsageError);
    await expect(hcCommand.run(['frobnicate'], memoryIo(directory))).rejects.toThrow(/unknown hc subcommand/);
    await expect(hcCommand.run(['classify'], memoryIo(directory))).rejects.toThrow(/exactly one headlines file/);
  });
});

describe('espectro hc ingest / list', () => {
  const feed = fileURLToPath(import.meta.resolve('@espectro/headline-classifier/package.json')).replace(
    /package\.json$/,
    'src/feeds/__fixtures__/latercera.xml',
  );

  it('with --out, turns a feed file into headline lines, title and bajada only', async () => {
    const io = memoryIo(directory);
    expect(await hcCommand.run(['ingest', feed, '--outlet', 'latercera', '--out', 'lt.jsonl'], io)).toBe(ExitCode.ok);
    const rows = lines(await readFile(file('lt.jsonl'), 'utf8'));
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!).sort()).toEqual(['description', 'id', 'outlet', 'publishedAt', 'title', 'url']);
    expect(io.err()).toMatch(/dropped unread \(HC-2\): content:encoded ×2/);
  });

  it('classifies and stores the new items, once, and lists them with their class and boletín', async () => {
    const io = memoryIo(directory);
    expect(await hcCommand.run(['ingest', feed, '--outlet', 'latercera', '--db', 'hc-db'], io)).toBe(ExitCode.ok);
    expect(io.err()).toMatch(
      /latercera: 2 headline\(s\) read, 2 classified by rules-baseline \(offline\) and stored, 0 already stored/,
    );
    const again = memoryIo(directory);
    expect(await hcCommand.run(['ingest', feed, '--outlet', 'latercera', '--db', 'hc-db'], again)).toBe(ExitCode.ok);
    expect(again.err()).toMatch(
      /2 headline\(s\) read, 0 classified by rules-baseline \(offline\) and stored, 2 already stored/,
    );
    const listed = memoryIo(directory);
    expect(await hcCommand.run(['list', '--db', 'hc-db', '--class', 'legislative_process', '--json'], listed)).toBe(
      ExitCode.ok,
    );
    const [row, ...rest] = lines(listed.out());
    expect(rest).toEqual([]);
    expect(row).toMatchObject({ outlet: 'latercera.com', class: 'legislative_process', boletines: ['12345-07'] });
    expect(JSON.stringify(row)).not.toContain('CUERPO');
    const text = memoryIo(directory);
    expect(await hcCommand.run(['list', '--db', 'hc-db'], text)).toBe(ExitCode.ok);
    expect(text.out()).toMatch(/latercera\.com {2}legislative_process {2}Senado despacha .* {2}boletín 12345-07\n/);
    await expect(hcCommand.run(['list', '--class', 'noticia'], memoryIo(directory))).rejects.toThrow(
      /--class must be one of/,
    );
  }, 60_000);

  it('fetches a feed URL through the ingest fetcher (a loopback server), and names a failed fetch', async () => {
    const xml = await readFile(feed);
    const server = createServer((request, response) => {
      if (request.url === '/feed.xml') {
        response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
        response.end(xml);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const io = memoryIo(directory);
      const url = `http://127.0.0.1:${port}/feed.xml`;
      expect(await hcCommand.run(['ingest', url, '--outlet', 'latercera', '--out', 'fetched.jsonl'], io)).toBe(
        ExitCode.ok,
      );
      expect(lines(await readFile(file('fetched.jsonl'), 'utf8'))).toHaveLength(2);
      const missing = memoryIo(directory);
      await expect(
        hcCommand.run(
          ['ingest', `http://127.0.0.1:${port}/nada.xml`, '--outlet', 'latercera', '--out', 'x.jsonl'],
          missing,
        ),
      ).rejects.toThrow(/cannot fetch the feed http:\/\/127\.0\.0\.1:\d+\/nada\.xml/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives a clear per-feed error for broken XML', async () => {
    // Cut inside the root's start tag: nothing a lenient parser can read (damaged but readable XML is repaired).
    await writeFile(file('broken.xml'), '<rss version="2.0" xmlns:dc="http://purl.org/dc/el');
    const io = memoryIo(directory);
    expect(await hcCommand.run(['ingest', 'broken.xml', '--outlet', 'cooperativa', '--out', 'x.jsonl'], io)).toBe(
      ExitCode.invalidInput,
    );
    expect(io.err()).toMatch(/ingest cooperativa: the feed is not well-formed XML \(line 1/);
  });
});

describe('espectro hc register / evaluate / report', () => {
  it('registers before the first run, evaluates, freezes the verdict and reports with n and intervals', async () => {
    const io = memoryIo(directory);
    expect(
      await hcCommand.run(
        ['register', '--thresholds', 'thresholds.json', '--out', 'registration.json', '--at', '2026-11-30T08:00:00Z'],
        io,
      ),
    ).toBe(ExitCode.ok);
    const classifyIo = memoryIo(directory);
    await hcCommand.run(
      [
        'classify',
        'golden-headlines.jsonl',
        '--offline',
        '--out',
        'predictions.jsonl',
        '--run-log',
        'golden-runs.json',
        '--at',
        '2026-11-30T08:30:00Z',
      ],
      classifyIo,
    );
    const evaluateIo = memoryIo(directory);
    const code = await hcCommand.run(
      [
        'evaluate',
        '--registration',
        'registration.json',
        '--thresholds',
        'thresholds.json',
        '--predictions',
        'predictions.jsonl',
        '--run-log',
        'golden-runs.json',
        '--out',
        'verdict.json',
        '--at',
        '2026-11-30T09:00:00Z',
      ],
      evaluateIo,
    );
    expect(code).toBe(ExitCode.ok);
    expect(evaluateIo.out()).toMatch(/macro accuracy {2}\d+\.\d % \(95 % CI \d+\.\d–\d+\.\d %, n = \d+; classes /);
    expect(evaluateIo.out()).toMatch(/verdict sha256 {2}[0-9a-f]{64}/);

    const reportIo = memoryIo(directory);
    expect(await hcCommand.run(['report', '--verdict', 'verdict.json'], reportIo)).toBe(ExitCode.ok);
    expect(reportIo.out()).toContain('# Headline classifier evaluation');
    expect(reportIo.out()).toMatch(/Cohen's kappa: 0\.\d\d \(95 % CI/);
    const json = memoryIo(directory);
    await hcCommand.run(['report', '--verdict', 'verdict.json', '--json'], json);
    expect(JSON.parse(json.out()).evaluation.macroAccuracy.n).toBeGreaterThan(0);
  });

  it('refuses thresholds that were not registered', async () => {
    await writeFile(
      file('other-thresholds.json'),
      JSON.stringify({
        macroAccuracy: { minimum: 0.5 },
        precision: { minimum: 0.7 },
        bootstrap: { seed: 20261130, resamples: 2000 },
      }),
    );
    const io = memoryIo(directory);
    const code = await hcCommand.run(
      [
        'evaluate',
        '--registration',
        'registration.json',
        '--thresholds',
        'other-thresholds.json',
        '--predictions',
        'predictions.jsonl',
        '--run-log',
        'golden-runs.json',
      ],
      io,
    );
    expect(code).toBe(ExitCode.invalidInput);
    expect(io.err()).toMatch(/thresholds are not the registered ones/);
  });

  it('refuses a registration newer than the classifier’s first run', async () => {
    await hcCommand.run(
      [
        'register',
        '--thresholds',
        'thresholds.json',
        '--out',
        'late-registration.json',
        '--at',
        '2026-11-30T10:00:00Z',
      ],
      memoryIo(directory),
    );
    const io = memoryIo(directory);
    const code = await hcCommand.run(
      [
        'evaluate',
        '--registration',
        'late-registration.json',
        '--thresholds',
        'thresholds.json',
        '--predictions',
        'predictions.jsonl',
        '--run-log',
        'golden-runs.json',
      ],
      io,
    );
    expect(code).toBe(ExitCode.invalidInput);
    expect(io.err()).toMatch(/newer than the classifier's first run/);
  });

  it('refuses an edited verdict file', async () => {
    const frozen = JSON.parse(await readFile(file('verdict.json'), 'utf8')) as { canonical: string };
    await writeFile(
      file('edited-verdict.json'),
      JSON.stringify({ ...frozen, canonical: frozen.canonical.replace('"passed"', '"passed" ') }),
    );
    await expect(hcCommand.run(['report', '--verdict', 'edited-verdict.json'], memoryIo(directory))).rejects.toThrow(
      /edited after it was frozen/,
    );
  });
});
