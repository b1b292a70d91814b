import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { openStore } from '@espectro/store';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ExitCode, UsageError } from '../io.js';
import { memoryIo } from '../test-io.js';
import { debateCommand } from './debate.js';

let directory: string;
/** A migrated embedded database, copied for each test that stores (opening a fresh one migrates: slow here). */
const storedDb = (name: string): string => {
  cpSync(join(directory, 'template-db'), join(directory, name), { recursive: true });
  return name;
};
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-debate-cli-'));
  const store = await openStore({ dataDir: join(directory, 'template-db'), env: {} });
  await store.close();
}, 120_000);
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
    expect(
      await debateCommand.run(
        ['run', 'replay.json', '--no-store', '--json', '--out', 'dados', '--concurrency', '2'],
        io,
      ),
    ).toBe(ExitCode.ok);
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
    // one builder: absolute URLs of each check's own page, never a doubled path
    expect((claimReviews[0] as unknown as { url: string }).url).toMatch(
      /^https:\/\/espectro\.example\/placar\/aurora-2026-09-17\/checagens\/\d+-\d+$/,
    );
  });

  test('run stores the debate; review <id> reads it back with its reports; list shows the phase', async () => {
    const file = join(directory, 'replay.json');
    await writeFile(file, JSON.stringify(fictionalDebateReplay()));
    const run = memoryIo(directory);
    storedDb('db');
    expect(await debateCommand.run(['run', 'replay.json', '--db', 'db', '--no-review', '--json'], run)).toBe(
      ExitCode.ok,
    );
    expect(run.err()).toContain('as debate aurora-2026-09-17');
    const listed = memoryIo(directory);
    expect(await debateCommand.run(['list', '--db', 'db', '--json'], listed)).toBe(ExitCode.ok);
    expect(JSON.parse(listed.out())).toMatchObject([
      { id: 'aurora-2026-09-17', phase: 'ended', chunkCount: 34, fictional: true },
    ]);
    const review = memoryIo(directory);
    expect(
      await debateCommand.run(
        ['review', 'aurora-2026-09-17', '--db', 'db', '--replay', 'replay.json', '--json'],
        review,
      ),
    ).toBe(ExitCode.ok);
    expect(review.err()).toContain('0 reader report(s)');
    expect(JSON.parse(review.out())).toHaveProperty('revised');
    const after = memoryIo(directory);
    await debateCommand.run(['list', '--db', 'db', '--json'], after);
    expect(JSON.parse(after.out())).toMatchObject([{ id: 'aurora-2026-09-17', phase: 'reviewed' }]);
    const unknown = memoryIo(directory);
    expect(await debateCommand.run(['review', 'nope', '--db', 'db', '--replay', 'replay.json'], unknown)).toBe(
      ExitCode.failure,
    );
    expect(unknown.err()).toContain('no stored debate "nope"');
  }, 180_000);

  test('live --source decodes with ffmpeg (a child process) into 10-s chunks and stores every chunk; the table shows each', async () => {
    const replay = fictionalDebateReplay();
    await writeFile(join(directory, 'replay.json'), JSON.stringify(replay));
    // a real audio file (340 s of a 440 Hz tone, 44.1 kHz stereo MP3-free WAV) that ffmpeg must resample to 16 kHz mono
    const audio = join(directory, 'debate.wav');
    const made = spawnSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=44100:duration=335',
      '-ac',
      '2',
      '-y',
      audio,
    ]);
    expect(made.status).toBe(0);
    const io = memoryIo(directory);
    storedDb('live-db');
    expect(
      await debateCommand.run(['live', '--source', 'debate.wav', '--replay', 'replay.json', '--db', 'live-db'], io),
    ).toBe(ExitCode.ok);
    const rows = io.out().trim().split('\n');
    expect(rows[0]).toMatch(/^chunk\s+at\s+speaker\s+tone\s+claims\s+verdicts/);
    expect(rows).toHaveLength(1 + 34); // 335 s → 33 full chunks and a partial last one
    expect(rows[5]).toMatch(/^4\s+00:40\s+Otávio Barreto\s+\S+ \d+%\s+1\/0\/0\s+Falso/);
    expect(io.err()).toContain('34 chunks');
    const listed = memoryIo(directory);
    await debateCommand.run(['list', '--db', 'live-db', '--json'], listed);
    expect(JSON.parse(listed.out())).toMatchObject([{ id: 'aurora-2026-09-17', phase: 'ended', chunkCount: 34 }]);
  }, 120_000);

  test('live without ffmpeg says how to install it', async () => {
    await writeFile(join(directory, 'replay.json'), JSON.stringify(fictionalDebateReplay()));
    const io = memoryIo(directory, { ESPECTRO_FFMPEG: join(directory, 'no-such-ffmpeg') });
    storedDb('no-ffmpeg-db');
    expect(
      await debateCommand.run(
        ['live', '--source', 'debate.wav', '--replay', 'replay.json', '--db', 'no-ffmpeg-db'],
        io,
      ),
    ).toBe(ExitCode.failure);
    expect(io.err()).toMatch(/ffmpeg was not found .*apt-get install ffmpeg/);
  }, 120_000);

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
    await expect(debateCommand.run(['live'], memoryIo(directory))).rejects.toThrow(/needs --source/);
    await expect(debateCommand.run(['replay', '--pace', 'fast'], memoryIo(directory))).resolves.toBe(
      ExitCode.invalidInput,
    );
    await expect(debateCommand.run(['run'], memoryIo(directory))).rejects.toThrow(/needs a replay/);
    await expect(debateCommand.run(['run', 'x.mp3'], memoryIo(directory))).rejects.toThrow(/cannot tell/);
    await expect(debateCommand.run(['demo', '--concurrency', '0'], memoryIo(directory))).rejects.toThrow(
      /positive integer/,
    );
  });
});
