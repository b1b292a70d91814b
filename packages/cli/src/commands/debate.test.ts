import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ExitCode, UsageError } from '../io.js';
import { memoryIo } from '../test-io.js';
import { debateCommand } from './debate.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-debate-cli-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('espectro debate', () => {
  test('demo --json prints {live, revised, mentirometro, speakingTimeByTone, officialSourceShare, costUsd}', async () => {
    const io = memoryIo(directory);
    expect(await debateCommand.run(['demo', '--json'], io)).toBe(ExitCode.ok);
    const printed = JSON.parse(io.out()) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual([
      'live',
      'revised',
      'mentirometro',
      'speakingTimeByTone',
      'officialSourceShare',
      'costUsd',
    ]);
    expect(printed.mentirometro).toEqual([{ a: 'Helena Valadares', b: 'Otávio Barreto', live: 'b', revised: 'tie' }]);
    expect(printed.costUsd).toBeGreaterThan(0);
    expect(io.err()).toBe('');
  });

  test('demo (text) says the debate is fictional and shows both scoreboards and the cost per stage', async () => {
    const io = memoryIo(directory);
    expect(await debateCommand.run(['demo'], io)).toBe(ExitCode.ok);
    expect(io.out()).toContain('FICTÍCIO');
    expect(io.out()).toContain('Mentirômetro (revised)');
    expect(io.out()).toMatch(/review_transcription\s+34 calls/);
  });

  test('run replay.json: live progress on stderr, open data written with --out', async () => {
    const file = join(directory, 'replay.json');
    await writeFile(file, JSON.stringify(fictionalDebateReplay()));
    const io = memoryIo(directory);
    expect(await debateCommand.run(['run', 'replay.json', '--json', '--out', 'dados', '--concurrency', '2'], io)).toBe(
      ExitCode.ok,
    );
    const progress = io.err().trim().split('\n');
    expect(progress).toHaveLength(34);
    expect(progress[0]).toBe('chunk 0 [00:00] chatter (unknown voice)');
    expect(progress[4]).toBe('chunk 4 [00:40] claims Otávio Barreto: Falso');
    expect(progress[28]).toMatch(/^chunk 28 \[04:40\] failed Helena Valadares — tone: /);
    expect(JSON.parse(io.out())).toHaveProperty('revised');
    const csv = await readFile(join(directory, 'dados', 'checagens.csv'), 'utf8');
    expect(csv.trimEnd().split('\n')).toHaveLength(23);
    const claimReviews = JSON.parse(await readFile(join(directory, 'dados', 'claimreview.jsonld'), 'utf8')) as {
      '@type': string;
    }[];
    expect(claimReviews.every((item) => item['@type'] === 'ClaimReview')).toBe(true);
  });

  test('an invalid replay file is invalid input (exit 3 through the CLI error reporter)', async () => {
    await writeFile(join(directory, 'bad.json'), JSON.stringify({ format: 'espectro.debate-replay', version: 1 }));
    await expect(debateCommand.run(['run', 'bad.json'], memoryIo(directory))).rejects.toMatchObject({
      name: 'ZodError',
    });
  });

  test('a WAV run needs its debate and voices, then API keys', async () => {
    await expect(debateCommand.run(['run', 'debate.wav'], memoryIo(directory))).rejects.toBeInstanceOf(UsageError);
    await writeFile(
      join(directory, 'debate.json'),
      JSON.stringify({ id: 'd', name: 'D', startedAt: '2026-09-17T23:00:00Z', candidates: [{ name: 'A' }] }),
    );
    const io = memoryIo(directory, {});
    expect(
      await debateCommand.run(['run', 'debate.wav', '--debate', 'debate.json', '--voices', 'voices.json'], io),
    ).toBe(ExitCode.failure);
    expect(io.err()).toMatch(
      /needs API keys: OPENAI_API_KEY, GROQ_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY, PERPLEXITY_API_KEY/,
    );
  });

  test('usage errors', async () => {
    await expect(debateCommand.run([], memoryIo(directory))).rejects.toThrow(/missing subcommand/);
    await expect(debateCommand.run(['run'], memoryIo(directory))).rejects.toThrow(/needs a replay/);
    await expect(debateCommand.run(['run', 'x.mp3'], memoryIo(directory))).rejects.toThrow(/cannot tell/);
    await expect(debateCommand.run(['demo', '--concurrency', '0'], memoryIo(directory))).rejects.toThrow(
      /positive integer/,
    );
  });
});
