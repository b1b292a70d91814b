import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTinyMiniLMFixture } from '@espectro/clustering/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportError } from '../errors.js';
import { ExitCode } from '../io.js';
import { memoryIo } from '../test-io.js';
import { clusterCommand } from './cluster.js';

/** Runs the command the way `main` does once it is registered: errors become messages and exit codes. */
async function runCli(args: string[], io: ReturnType<typeof memoryIo>): Promise<number> {
  try {
    return await clusterCommand.run(args, io);
  } catch (error) {
    return reportError(error, io, clusterCommand.usage);
  }
}

let directory: string;
const file = (name: string) => join(directory, name);
const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { id: string; story: string });

// Real published headlines from packages/clustering/data/dev-set.jsonl.
const articles = [
  { id: 'd4', title: 'Puigdemont rompe con el PSOE', outlet: 'El Periódico', date: '2025-10-28' },
  {
    id: 'd1',
    title: 'Junts rompe con Sánchez: "No tendrá capacidad para gobernar"',
    outlet: 'El País',
    date: '2025-10-28',
  },
  {
    id: 'd3',
    title: 'Junts consuma la ruptura y deja a Sánchez sin mayoría',
    outlet: 'La Vanguardia',
    date: '2025-10-28',
  },
  { id: 'g2', title: 'El gran apagón', outlet: 'El Mundo', date: '2025-04-29' },
  { id: 'g1', title: 'El gran apagón', outlet: 'El País', date: '2025-04-29' },
  { id: 'p1', title: 'Bolsonaro escolhe nome fora da lista tríplice para PGR', outlet: 'O Globo', date: '2019-09-06' },
  {
    id: 'x1',
    title: 'Furacão Dorian deixa 5 mortos e destrói 13 mil casas nas Bahamas',
    outlet: 'Folha de S. Paulo',
    date: '2019-09-03',
  },
];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-cluster-cli-'));
  await writeFile(file('articles.jsonl'), `${articles.map((article) => JSON.stringify(article)).join('\n')}\n`);
  await writeFile(
    file('reversed.jsonl'),
    [...articles]
      .reverse()
      .map((article) => JSON.stringify(article))
      .join('\n'),
  );
  await writeFile(file('broken.jsonl'), '{"id": "a", "title": "x", "date": "2025-01-01"}\n{oops\n');
  await writeFile(file('bad-date.jsonl'), '{"id": "a", "title": "x", "date": "ayer"}\n');
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('espectro cluster', () => {
  it('writes one {id, story} line per article in input order and reports the backend on stderr', async () => {
    const io = memoryIo(directory);
    expect(await clusterCommand.run(['articles.jsonl'], io)).toBe(ExitCode.ok);
    const output = lines(io.out());
    expect(output.map((line) => line.id)).toEqual(articles.map((article) => article.id));
    const story = new Map(output.map((line) => [line.id, line.story]));
    expect(story.get('g1')).toBe('g1');
    expect(story.get('g2')).toBe('g1');
    expect(story.get('p1')).toBe('p1');
    expect(story.get('x1')).toBe('x1');
    expect(io.err()).toMatch(/offline-char-ngram-tfidf/);
    expect(io.err()).toMatch(/merge > [\d.]+/);
    expect(io.err()).toMatch(/window\s+72 h/);
  });

  it('gives the same stories whatever the line order', async () => {
    const forward = memoryIo(directory);
    const backward = memoryIo(directory);
    await clusterCommand.run(['articles.jsonl'], forward);
    await clusterCommand.run(['reversed.jsonl'], backward);
    const sort = (text: string) => lines(text).sort((left, right) => (left.id < right.id ? -1 : 1));
    expect(sort(backward.out())).toEqual(sort(forward.out()));
  });

  it('respects --window-hours', async () => {
    const io = memoryIo(directory);
    await clusterCommand.run(['articles.jsonl', '--window-hours', '1'], io);
    expect(io.err()).toMatch(/window\s+1 h/);
  });

  it('runs the MiniLM embedder from --model-path', async () => {
    const fixture = await writeTinyMiniLMFixture(file('models/minilm'));
    const io = memoryIo(directory);
    expect(
      await clusterCommand.run(['articles.jsonl', '--embedder', 'minilm', '--model-path', fixture.modelPath], io),
    ).toBe(ExitCode.ok);
    expect(lines(io.out())).toHaveLength(articles.length);
    expect(io.err()).toMatch(/minilm-q8/);
    expect(io.err()).toMatch(/rule CLU-2/);
  });

  it('explains a missing MiniLM model (exit 1)', async () => {
    const io = memoryIo(directory, { ESPECTRO_MODELS: file('no-models') });
    expect(await runCli(['articles.jsonl', '--embedder', 'minilm'], io)).toBe(ExitCode.failure);
    expect(io.err()).toMatch(/espectro models pull minilm/);
  });

  it('rejects bad input with the line or field named (exit 3) and bad flags (exit 2)', async () => {
    const broken = memoryIo(directory);
    expect(await runCli(['broken.jsonl'], broken)).toBe(ExitCode.invalidInput);
    expect(broken.err()).toMatch(/line 2/);
    const badDate = memoryIo(directory);
    expect(await runCli(['bad-date.jsonl'], badDate)).toBe(ExitCode.invalidInput);
    expect(badDate.err()).toMatch(/articles\[0\]\.date/);
    const badFlag = memoryIo(directory);
    expect(await runCli(['articles.jsonl', '--embedder', 'bert'], badFlag)).toBe(ExitCode.usage);
  });
});
