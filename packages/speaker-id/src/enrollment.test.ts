import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { syntheticSpeakers, syntheticVoice } from './testing/synthetic-voice.js';
import { CAMPPLUS_BACKEND, STATISTICS_BACKEND, type Embedder } from './embedder.js';
import {
  addSpeaker,
  checkClipQuality,
  createVoicesFile,
  enrollFiles,
  enrollSpeaker,
  parseVoicesFile,
  readVoicesFile,
  VOICES_FORMAT_VERSION,
  writeVoicesFile,
} from './enrollment.js';
import { caught } from './__fixtures__/caught.js';
import { identifyFile, identifySamples } from './pipeline.js';
import { createStatisticsEmbedder } from './statistics-embedder.js';
import { encodeWav } from './wav.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'speaker-id-enroll-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function writeClip(name: string, samples: Float32Array, sampleRate = 16000): Promise<string> {
  const path = join(directory, name);
  await writeFile(path, encodeWav([samples], sampleRate));
  return path;
}

const embedder = createStatisticsEmbedder();
const fakeCamPlusPlus: Embedder = {
  backend: CAMPPLUS_BACKEND,
  dimension: 240,
  model: 'campplus.onnx',
  embed: () => new Float32Array(240),
};

describe('clip quality', () => {
  test('a silent clip is rejected with a message naming the file', () => {
    const error = caught(() => checkClipQuality(new Float32Array(48000), 'lula-01.wav'));
    expect(error.code).toBe('silent');
    expect(error.message).toMatch(/^lula-01\.wav: no speech found/);
    expect(error.file).toBe('lula-01.wav');
  });

  test('too little speech is rejected; the minimum is a parameter', () => {
    const short = syntheticVoice(syntheticSpeakers.ana!, 0.6, 1);
    const error = caught(() => checkClipQuality(short, 'ana-short.wav'));
    expect(error.code).toBe('too_short');
    expect(error.message).toMatch(/^ana-short\.wav: only 0\.\d+ s of speech, need at least 1 s/);
    expect(checkClipQuality(short, 'ana-short.wav', { minSpeechSeconds: 0.3 }).speechSeconds).toBeGreaterThan(0.3);
  });

  test('the silent-frame limit is a parameter too', () => {
    const blip = new Float32Array(16000);
    blip.set(syntheticVoice(syntheticSpeakers.ana!, 0.1, 1), 4000);
    expect(caught(() => checkClipQuality(blip, 'blip.wav', { minSpeechSeconds: 0 })).code).toBe('silent');
    expect(
      checkClipQuality(blip, 'blip.wav', { minSpeechSeconds: 0, minSpeechFrames: 3 }).speechFrames,
    ).toBeGreaterThanOrEqual(3);
  });
});

describe('enrollment', () => {
  test('averages the clip embeddings into one unit vector and records every clip', async () => {
    const clips = [1, 2, 3].map((seed) => ({
      file: `ana-${seed}.wav`,
      samples: syntheticVoice(syntheticSpeakers.ana!, 2, seed),
    }));
    const speaker = await enrollSpeaker({ name: ' Ana ', clips, embedder });
    expect(speaker.name).toBe('Ana');
    expect(speaker.embedding).toHaveLength(240);
    expect(Math.hypot(...speaker.embedding)).toBeCloseTo(1, 5);
    expect(speaker.clips.map((clip) => clip.file)).toEqual(['ana-1.wav', 'ana-2.wav', 'ana-3.wav']);
    expect(speaker.clips[0]).toMatchObject({ seconds: 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  test('one bad clip fails the whole enrollment, naming it', async () => {
    const clips = [
      { file: 'good.wav', samples: syntheticVoice(syntheticSpeakers.ana!, 2, 1) },
      { file: 'silent.wav', samples: new Float32Array(32000) },
    ];
    await expect(enrollSpeaker({ name: 'Ana', clips, embedder })).rejects.toMatchObject({
      code: 'silent',
      file: 'silent.wav',
    });
    await expect(enrollSpeaker({ name: '', clips, embedder })).rejects.toMatchObject({ code: 'invalid_argument' });
    await expect(enrollSpeaker({ name: 'Ana', clips: [], embedder })).rejects.toMatchObject({
      code: 'invalid_argument',
    });
  });

  test('voices files: create, add, merge the same name, refuse other backends and dimensions', async () => {
    const now = new Date('2026-10-18T20:00:00Z');
    const empty = createVoicesFile(embedder, now);
    expect(empty).toEqual({
      formatVersion: VOICES_FORMAT_VERSION,
      backend: STATISTICS_BACKEND,
      dimension: 240,
      speakers: [],
      createdAt: '2026-10-18T20:00:00.000Z',
    });
    const ana = await enrollSpeaker({
      name: 'Ana',
      clips: [{ file: 'a1.wav', samples: syntheticVoice(syntheticSpeakers.ana!, 2, 1) }],
      embedder,
    });
    const bruno = await enrollSpeaker({
      name: 'Bruno',
      clips: [{ file: 'b1.wav', samples: syntheticVoice(syntheticSpeakers.bruno!, 2, 1) }],
      embedder,
    });
    const both = addSpeaker(addSpeaker(empty, ana, embedder, now), bruno, embedder, now);
    expect(both.speakers.map((speaker) => speaker.name)).toEqual(['Ana', 'Bruno']);
    const anaMore = await enrollSpeaker({
      name: 'Ana',
      clips: [{ file: 'a2.wav', samples: syntheticVoice(syntheticSpeakers.ana!, 2, 2) }],
      embedder,
    });
    const merged = addSpeaker(both, anaMore, embedder, now);
    expect(merged.speakers).toHaveLength(2);
    expect(merged.speakers[0]!.clips.map((clip) => clip.file)).toEqual(['a1.wav', 'a2.wav']);
    expect(Math.hypot(...merged.speakers[0]!.embedding)).toBeCloseTo(1, 5);
    // Re-adding a clip already enrolled (same SHA-256) changes nothing.
    expect(addSpeaker(merged, ana, embedder, now).speakers[0]).toEqual(merged.speakers[0]);
    expect(caught(() => addSpeaker(both, ana, fakeCamPlusPlus)).code).toBe('backend_mismatch');
    expect(caught(() => addSpeaker(both, ana, { backend: STATISTICS_BACKEND, dimension: 120 })).code).toBe(
      'backend_mismatch',
    );
  });

  test('parseVoicesFile names the bad field and refuses other format versions', () => {
    const valid = createVoicesFile(embedder, new Date(0));
    expect(parseVoicesFile(valid)).toEqual(valid);
    expect(caught(() => parseVoicesFile({ ...valid, formatVersion: 2 }, 'v.json')).message).toMatch(
      /format version 2 is not supported/,
    );
    const wrongLength = { ...valid, speakers: [{ name: 'Ana', embedding: [1, 2], clips: [] }] };
    expect(caught(() => parseVoicesFile(wrongLength, 'v.json')).message).toMatch(
      /speakers\.0\.embedding: has 2 values, dimension is 240/,
    );
    const duplicate = {
      ...valid,
      dimension: 1,
      speakers: [
        { name: 'A', embedding: [1], clips: [] },
        { name: 'A', embedding: [1], clips: [] },
      ],
    };
    expect(caught(() => parseVoicesFile(duplicate)).code).toBe('invalid_enrollment');
    // A bad field is named by its path, a bad whole value as (file).
    const badName = { ...valid, dimension: 1, speakers: [{ name: 3, embedding: [1], clips: [] }] };
    expect(caught(() => parseVoicesFile(badName, 'voces.json')).message).toMatch(
      /^voces\.json: not a valid voices file: speakers\.0\.name: /,
    );
    expect(caught(() => parseVoicesFile([], 'voces.json')).message).toMatch(/not a valid voices file: \(file\): /);
  });
});

describe('enrollFiles and identifyFile', () => {
  test('enrolls WAV files of any rate into a voices file, adds to it, and identifies chunks', async () => {
    const voicesPath = join(directory, 'nested', 'voices.json');
    const anaFiles = [
      await writeClip('ana-1.wav', syntheticVoice(syntheticSpeakers.ana!, 3, 1)),
      await writeClip('ana-2.wav', syntheticVoice(syntheticSpeakers.ana!, 3, 2)),
    ];
    const brunoFiles = [await writeClip('bruno-1.wav', syntheticVoice(syntheticSpeakers.bruno!, 3, 1))];
    await enrollFiles({ name: 'Ana', files: anaFiles, voicesPath, embedder, now: new Date('2026-01-01T00:00:00Z') });
    const voices = await enrollFiles({ name: 'Bruno', files: brunoFiles, voicesPath, embedder });
    expect(voices.speakers.map((speaker) => speaker.name)).toEqual(['Ana', 'Bruno']);
    expect(voices.createdAt).toBe('2026-01-01T00:00:00.000Z');
    const onDisk = await readVoicesFile(voicesPath);
    expect(onDisk).toEqual(voices);
    expect(onDisk!.speakers[0]!.clips[0]).toMatchObject({ file: anaFiles[0], seconds: 3 });
    expect((await readdir(join(directory, 'nested'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const chunk = await writeClip('chunk-bruno.wav', syntheticVoice(syntheticSpeakers.bruno!, 10, 7));
    const result = await identifyFile(chunk, { voices, embedder });
    expect(result).toMatchObject({ file: chunk, speaker: 'Bruno', reason: 'identified', backend: STATISTICS_BACKEND });
    expect(result.margin).toBeGreaterThan(0.05);

    const silence = await identifySamples(new Float32Array(160000), { voices, embedder });
    expect(silence).toMatchObject({ speaker: null, reason: 'silence', score: null, margin: null });

    await expect(
      enrollFiles({ name: 'Carla', files: anaFiles, voicesPath, embedder: fakeCamPlusPlus }),
    ).rejects.toMatchObject({ code: 'backend_mismatch' });
    await expect(identifySamples(new Float32Array(16000), { voices, embedder: fakeCamPlusPlus })).rejects.toMatchObject(
      { code: 'backend_mismatch' },
    );
  });

  test('missing and corrupt files give clear errors', async () => {
    expect(await readVoicesFile(join(directory, 'none.json'))).toBeUndefined();
    const corrupt = join(directory, 'corrupt.json');
    await writeFile(corrupt, '{ not json');
    await expect(readVoicesFile(corrupt)).rejects.toMatchObject({
      code: 'invalid_enrollment',
      message: expect.stringMatching(/not JSON/),
    });
    const voicesPath = join(directory, 'v2.json');
    await expect(
      enrollFiles({ name: 'X', files: [join(directory, 'missing.wav')], voicesPath, embedder }),
    ).rejects.toMatchObject({ code: 'invalid_wav', message: expect.stringMatching(/missing\.wav: cannot read/) });
    await writeVoicesFile(voicesPath, createVoicesFile(embedder, new Date(0)));
    expect(JSON.parse(await readFile(voicesPath, 'utf8'))).toMatchObject({ formatVersion: 1, speakers: [] });
  });
});
