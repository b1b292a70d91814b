import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWav, resample, STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND } from '@espectro/speaker-id';
import { forgedWav, syntheticSpeakers, syntheticVoice } from '@espectro/speaker-id/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ExitCode, UsageError, type CliIo } from '../io.js';
import { speakerCommand } from './speaker.js';

const ana = (seconds: number, seed: number) => syntheticVoice(syntheticSpeakers.ana!, seconds, seed);
const bruno = (seconds: number, seed: number) => syntheticVoice(syntheticSpeakers.bruno!, seconds, seed);
const carla = (seconds: number, seed: number) => syntheticVoice(syntheticSpeakers.carla!, seconds, seed);

let directory: string;
let output: string[];
let errors: string[];
let io: CliIo;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'espectro-speaker-cli-'));
  const write = (name: string, samples: Float32Array, rate = 16000, channels = 1) =>
    writeFile(
      join(directory, name),
      encodeWav(
        Array.from({ length: channels }, () => (rate === 16000 ? samples : resample(samples, 16000, rate))),
        rate,
      ),
    );
  await write('ana-1.wav', ana(3, 1));
  await write('ana-2.wav', ana(3, 2), 44100, 2);
  await write('bruno-1.wav', bruno(3, 1), 48000);
  await write('bruno-2.wav', bruno(3, 2));
  await write('chunk-ana.wav', ana(10, 5));
  await write('chunk-bruno.wav', bruno(10, 6), 8000);
  await write('chunk-carla.wav', carla(10, 7));
  await write('silence.wav', new Float32Array(160000));
  await writeFile(join(directory, 'not-audio.wav'), 'ID3 this is an mp3');
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

function freshIo(): CliIo {
  output = [];
  errors = [];
  io = {
    stdout: (text) => output.push(text),
    stderr: (text) => errors.push(text),
    cwd: directory,
    env: { ESPECTRO_MODELS: join(directory, 'no-models') },
  };
  return io;
}

describe('espectro speaker', () => {
  test('enroll adds voices to one file, with the offline LDA backend when no CAM++ model is installed', async () => {
    expect(
      await speakerCommand.run(
        ['enroll', '--name', 'Ana', '--out', 'voices.json', 'ana-1.wav', 'ana-2.wav'],
        freshIo(),
      ),
    ).toBe(ExitCode.ok);
    expect(output.join('')).toMatch(/Enrolled Ana: 2 clip\(s\), 6\.0 s of audio, into voices\.json/);
    expect(output.join('')).toContain(`Backend: ${STATISTICS_PROJECTED_BACKEND}`);
    expect(
      await speakerCommand.run(
        ['enroll', '--name', 'Bruno', '--out', 'voices.json', '--json', 'bruno-1.wav', 'bruno-2.wav'],
        freshIo(),
      ),
    ).toBe(ExitCode.ok);
    expect(JSON.parse(output.join(''))).toEqual({
      file: 'voices.json',
      name: 'Bruno',
      clips: 2,
      backend: STATISTICS_PROJECTED_BACKEND,
      dimension: 40,
      speakers: ['Ana', 'Bruno'],
    });
    const voices = JSON.parse(await readFile(join(directory, 'voices.json'), 'utf8'));
    expect(voices).toMatchObject({ formatVersion: 1, backend: STATISTICS_PROJECTED_BACKEND, dimension: 40 });
    expect(voices.speakers[0].clips.map((clip: { file: string }) => clip.file)).toEqual(['ana-1.wav', 'ana-2.wav']);
  });

  test('identify --json prints one line per chunk with speaker, score, margin, threshold, backend and rule', async () => {
    const code = await speakerCommand.run(
      ['identify', 'voices.json', 'chunk-ana.wav', 'chunk-bruno.wav', 'silence.wav', '--json'],
      freshIo(),
    );
    expect(code).toBe(ExitCode.ok);
    const lines = output
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(3);
    expect(Object.keys(lines[0])).toEqual([
      'file',
      'speaker',
      'score',
      'margin',
      'threshold',
      'backend',
      'rule',
      'reason',
    ]);
    expect(lines[0]).toMatchObject({
      file: 'chunk-ana.wav',
      speaker: 'Ana',
      backend: STATISTICS_PROJECTED_BACKEND,
      rule: 'per-speaker-cohort',
    });
    expect(lines[1]).toMatchObject({ file: 'chunk-bruno.wav', speaker: 'Bruno', rule: 'per-speaker-cohort' });
    expect(lines[1].margin).toBeGreaterThan(0);
    // Per-speaker thresholds: each candidate is held to its own, and the accepted score reaches it.
    for (const line of lines.slice(0, 2)) expect(line.score).toBeGreaterThanOrEqual(line.threshold);
    expect(lines[0].threshold).not.toBe(lines[1].threshold);
    expect(lines[2]).toEqual({
      file: 'silence.wav',
      speaker: null,
      score: null,
      margin: null,
      threshold: null,
      backend: STATISTICS_PROJECTED_BACKEND,
      rule: 'per-speaker-cohort',
      reason: 'silence',
    });
  });

  test('identify prints a table with the backend and the threshold rule; an impossible threshold makes every chunk unknown', async () => {
    expect(await speakerCommand.run(['identify', 'voices.json', 'chunk-ana.wav'], freshIo())).toBe(ExitCode.ok);
    const table = output.join('');
    expect(table).toContain(`Backend: ${STATISTICS_PROJECTED_BACKEND}\n`);
    expect(table).toMatch(/Threshold rule: per-speaker cosine thresholds from the backend's cohort \(64 clips\)/);
    expect(table).toMatch(/chunk-ana\.wav\s+Ana\s+0\.\d{3}\s+0\.\d{3}\s+\d\.\d{3}\n/);
    await speakerCommand.run(['identify', 'voices.json', 'chunk-ana.wav', '--threshold', '1.01', '--json'], freshIo());
    expect(JSON.parse(output.join(''))).toMatchObject({
      speaker: null,
      reason: 'below_threshold',
      threshold: 1.01,
      rule: 'cosine',
    });
    await speakerCommand.run(['identify', 'voices.json', 'chunk-ana.wav', '--threshold', '1.01'], freshIo());
    expect(output.join('')).toContain('Threshold rule: cosine ≥ 1.01 (threshold given)');
  });

  test('a voices file enrolled with the plain statistics embedder keeps working; mixing backends is refused naming the file and both', async () => {
    expect(
      await speakerCommand.run(
        ['enroll', '--name', 'Ana', '--out', 'plain.json', '--backend', 'statistics', 'ana-1.wav', 'ana-2.wav'],
        freshIo(),
      ),
    ).toBe(ExitCode.ok);
    // Without --backend, a later enrolment keeps the file's own backend (240 plain statistics).
    expect(
      await speakerCommand.run(
        ['enroll', '--name', 'Bruno', '--out', 'plain.json', 'bruno-1.wav', 'bruno-2.wav'],
        freshIo(),
      ),
    ).toBe(ExitCode.ok);
    expect(output.join('')).toContain(`Backend: ${STATISTICS_BACKEND}\n`);
    expect(output.join('')).toMatch(/Note: plain\.json keeps the plain statistics embedder/);
    expect(JSON.parse(await readFile(join(directory, 'plain.json'), 'utf8'))).toMatchObject({
      backend: STATISTICS_BACKEND,
      dimension: 240,
    });
    await speakerCommand.run(['identify', 'plain.json', 'chunk-ana.wav', 'chunk-bruno.wav', '--json'], freshIo());
    const lines = output
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.speaker, line.backend, line.rule, line.threshold])).toEqual([
      ['Ana', STATISTICS_BACKEND, 'cosine', 0.8],
      ['Bruno', STATISTICS_BACKEND, 'cosine', 0.8],
    ]);
    // Asking for the new default on the old file is refused, naming the file and both backends.
    expect(
      await speakerCommand.run(
        ['enroll', '--name', 'Carla', '--out', 'plain.json', '--backend', 'statistics-lda', 'ana-1.wav'],
        freshIo(),
      ),
    ).toBe(ExitCode.invalidInput);
    expect(errors.join('')).toContain(
      `espectro: plain.json was enrolled with "${STATISTICS_BACKEND}", not "${STATISTICS_PROJECTED_BACKEND}"`,
    );
    expect(errors.join('')).toMatch(/Leave out --backend to add to plain\.json with its own backend/);
    // A cohort of the other backend is refused the same way.
    expect(
      await speakerCommand.run(['identify', 'voices.json', 'chunk-ana.wav', '--cohort', 'plain.json'], freshIo()),
    ).toBe(ExitCode.invalidInput);
    expect(errors.join('')).toContain(
      `espectro: plain.json was enrolled with "${STATISTICS_BACKEND}", not "${STATISTICS_PROJECTED_BACKEND}"`,
    );
    expect(errors.join('')).toMatch(/The cohort must be enrolled with the backend of voices\.json/);
  });

  test('calibrate measures the default rule on labelled chunks: enrolled right, other voices unknown, EER and minDCF', async () => {
    await writeFile(
      join(directory, 'labels.jsonl'),
      [
        { file: 'chunk-ana.wav', speaker: 'Ana' },
        { file: 'chunk-bruno.wav', speaker: 'Bruno' },
        { file: 'chunk-carla.wav', speaker: null },
        { file: 'chunk-carla.wav', speaker: 'the host' },
        { file: 'silence.wav', speaker: null },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    expect(await speakerCommand.run(['calibrate', 'voices.json', 'labels.jsonl', '--json'], freshIo())).toBe(
      ExitCode.ok,
    );
    const summary = JSON.parse(output.join(''));
    expect(summary).toMatchObject({
      backend: STATISTICS_PROJECTED_BACKEND,
      chunks: 5,
      silent: 1,
      enrolled: { chunks: 2, right: 2, wrongCandidate: 0, unknown: 0 },
      others: { chunks: 2, unknown: 2, acceptedAs: {} },
    });
    expect(summary.rule).toMatch(/^per-speaker cosine thresholds from the backend's cohort/);
    // 4 scored chunks × 2 enrolled voices: 2 target trials, 6 non-target trials, perfectly separated here.
    expect(summary.eer).toMatchObject({ rate: 0 });
    expect(summary.minDcf).toMatchObject({ pTarget: 0.05, value: 0 });
    expect(await speakerCommand.run(['calibrate', 'voices.json', 'labels.jsonl'], freshIo())).toBe(ExitCode.ok);
    expect(output.join('')).toContain('Chunks: 5 (2 of enrolled voices, 2 of other voices, 1 silent)\n');
    expect(output.join('')).toContain(
      'Enrolled voices: right 2/2 (100 %), wrong candidate 0/2 (0 %), unknown 0/2 (0 %)\n',
    );
    expect(output.join('')).toContain('Other voices: unknown 2/2 (100 %)\n');
    expect(output.join('')).toMatch(/Scores: EER 0\.0 % at \d\.\d{3}; minDCF \(p 0\.05\) 0\.000 at/);
    // A bad line is refused as an input file error (exit code 3 through the CLI's reporter), naming the file, line and field.
    await writeFile(join(directory, 'bad-labels.jsonl'), '{"file":"chunk-ana.wav","speaker":"Ana"}\n{"file":""}\n');
    await expect(speakerCommand.run(['calibrate', 'voices.json', 'bad-labels.jsonl'], freshIo())).rejects.toMatchObject(
      {
        name: 'InputFileError',
        message: expect.stringMatching(/^bad-labels\.jsonl line 2: file: the chunk file name is empty; speaker: /),
      },
    );
    await expect(speakerCommand.run(['calibrate', 'voices.json'], freshIo())).rejects.toThrow(/LABELS\.jsonl/);
    await expect(
      speakerCommand.run(['calibrate', 'voices.json', 'labels.jsonl', '--p-target', '1'], freshIo()),
    ).rejects.toThrow(/--p-target/);
  });

  test('a silent or non-WAV clip is refused with exit code 3 and the file named', async () => {
    expect(
      await speakerCommand.run(['enroll', '--name', 'Carla', '--out', 'voices.json', 'silence.wav'], freshIo()),
    ).toBe(ExitCode.invalidInput);
    expect(errors.join('')).toMatch(/^espectro: silence\.wav: no speech found/);
    expect(await speakerCommand.run(['identify', 'voices.json', 'not-audio.wav'], freshIo())).toBe(
      ExitCode.invalidInput,
    );
    expect(errors.join('')).toMatch(/not-audio\.wav: not a valid WAV file/);
  });

  test('a WAV whose header declares 1 Hz or 30 days of audio is refused from its header with exit code 3 (issue 21 §5)', async () => {
    await writeFile(join(directory, 'one-hertz.wav'), forgedWav({ sampleRate: 1, dataBytes: 64 * 1024 }));
    await writeFile(
      join(directory, 'month.wav'),
      forgedWav({ sampleRate: 8000, dataBytes: 64 * 1024, declaredDataBytes: 4_000_000_000 }),
    );
    expect(
      await speakerCommand.run(['enroll', '--name', 'Bomb', '--out', 'bomb.json', 'one-hertz.wav'], freshIo()),
    ).toBe(ExitCode.invalidInput);
    expect(errors.join('')).toMatch(
      /one-hertz\.wav: the header declares a sample rate of 1 Hz, outside the supported 8000–192000 Hz/,
    );
    expect(await speakerCommand.run(['identify', 'voices.json', 'month.wav'], freshIo())).toBe(ExitCode.invalidInput);
    expect(errors.join('')).toMatch(/month\.wav: 250000 s of audio, over the 600 s limit for one clip/);
  });

  test('a CAM++ voices file without an installed model exits 1 and says how to get it', async () => {
    const camVoices = {
      formatVersion: 1,
      backend: 'campplus (sherpa-onnx)',
      dimension: 2,
      speakers: [{ name: 'A', embedding: [1, 0], clips: [] }],
      createdAt: '2026-01-01T00:00:00Z',
    };
    await writeFile(join(directory, 'cam.json'), JSON.stringify(camVoices));
    expect(await speakerCommand.run(['identify', 'cam.json', 'chunk-ana.wav'], freshIo())).toBe(ExitCode.failure);
    expect(errors.join('')).toMatch(/espectro models pull campplus/);
    expect(
      await speakerCommand.run(
        ['enroll', '--name', 'X', '--out', 'new.json', '--backend', 'campplus', 'ana-1.wav'],
        freshIo(),
      ),
    ).toBe(ExitCode.failure);
  });

  test('usage errors', async () => {
    await expect(speakerCommand.run([], freshIo())).rejects.toThrow(UsageError);
    await expect(speakerCommand.run(['train'], freshIo())).rejects.toThrow(/unknown subcommand "train"/);
    await expect(speakerCommand.run(['enroll', '--out', 'v.json', 'a.wav'], freshIo())).rejects.toThrow(/--name/);
    await expect(speakerCommand.run(['enroll', '--name', 'A', 'a.wav'], freshIo())).rejects.toThrow(/--out/);
    await expect(speakerCommand.run(['enroll', '--name', 'A', '--out', 'v.json'], freshIo())).rejects.toThrow(
      /CLIP\.wav/,
    );
    await expect(
      speakerCommand.run(['enroll', '--name', 'A', '--out', 'v.json', '--backend', 'ecapa', 'a.wav'], freshIo()),
    ).rejects.toThrow(/--backend/);
    await expect(speakerCommand.run(['identify', 'voices.json'], freshIo())).rejects.toThrow(/CHUNK\.wav/);
    await expect(
      speakerCommand.run(['identify', 'voices.json', 'chunk-ana.wav', '--threshold', 'high'], freshIo()),
    ).rejects.toThrow(/--threshold expects a number/);
    expect(await speakerCommand.run(['identify', 'missing.json', 'chunk-ana.wav'], freshIo())).toBe(
      ExitCode.invalidInput,
    );
  });
});
