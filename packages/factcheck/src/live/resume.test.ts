import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { chunkAudio, CHUNK_SAMPLE_RATE, encodeChunkWav, type AudioChunk } from '../audio/chunker.js';
import { decodeWithFfmpeg } from '../audio/ffmpeg.js';
import { planLiveResume } from './resume.js';

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

describe('planLiveResume', () => {
  test.prop([fc.uniqueArray(fc.nat({ max: 40 }), { maxLength: 30 })])(
    'a file starts again at the first chunk that is not stored, seeking to its audio',
    (stored) => {
      const plan = planLiveResume({ source: 'file', storedChunks: stored, lastChunk: null, nowMs: 0 });
      expect(stored).not.toContain(plan.firstIndex);
      for (let index = 0; index < plan.firstIndex; index += 1) expect(stored).toContain(index);
      expect(plan.seekSeconds).toBe(plan.firstIndex * 10);
      expect(plan.startSeconds).toBe(plan.seekSeconds);
      expect(plan.resumed).toBe(stored.length > 0);
    },
  );

  test.prop([
    fc.nat({ max: 500 }),
    fc.integer({ min: 0, max: 3_600_000 }),
    fc.constantFrom(1, 4, 20),
    fc.integer({ min: 0, max: 1_000_000 }),
  ])(
    'a stream numbers on after the last stored chunk and its offset adds what aired while nobody listened',
    (lastIndex, downMs, pace, storedAtMs) => {
      const lastChunk = { index: lastIndex, endSeconds: (lastIndex + 1) * 10, storedAtMs };
      const plan = planLiveResume({
        source: 'stream',
        storedChunks: [lastIndex],
        lastChunk,
        nowMs: storedAtMs + downMs,
        pace,
      });
      expect(plan.firstIndex).toBe(lastIndex + 1);
      expect(plan.gapSeconds).toBeCloseTo((downMs / 1000) * pace, 6);
      // never earlier than the audio already checked: no second of it is checked twice
      expect(plan.startSeconds).toBeGreaterThanOrEqual(lastChunk.endSeconds);
      expect(plan.seekSeconds).toBe(0);
    },
  );

  test('a first run starts at chunk 0, second 0', () => {
    for (const source of ['file', 'stream'] as const)
      expect(planLiveResume({ source, storedChunks: [], lastChunk: null, nowMs: 5 })).toEqual({
        firstIndex: 0,
        startSeconds: 0,
        seekSeconds: 0,
        gapSeconds: 0,
        resumed: false,
      });
  });
});

describe.skipIf(!hasFfmpeg)('resuming a file through ffmpeg', () => {
  test('seeking to chunk 3 yields chunk 3 with exactly chunk 3’s samples (each chunk of the file is a distinct level)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'espectro-resume-'));
    try {
      const chunkSamples = CHUNK_SAMPLE_RATE * 10;
      const samples = Int16Array.from(
        { length: chunkSamples * 6 },
        (_, index) => Math.floor(index / chunkSamples) * 100,
      );
      const file = join(directory, 'levels.wav');
      writeFileSync(file, encodeChunkWav(samples));
      const plan = planLiveResume({ source: 'file', storedChunks: [0, 1, 2, 4], lastChunk: null, nowMs: 0 });
      const chunks: AudioChunk[] = [];
      for await (const chunk of chunkAudio(decodeWithFfmpeg({ source: file, seekSeconds: plan.seekSeconds }), {
        format: 'pcm',
        firstIndex: plan.firstIndex,
        startSeconds: plan.startSeconds,
      }))
        chunks.push(chunk);
      expect(chunks.map((chunk) => [chunk.index, chunk.startSeconds, chunk.durationSeconds])).toEqual([
        [3, 30, 10],
        [4, 40, 10],
        [5, 50, 10],
      ]);
      for (const chunk of chunks) expect(new Set(chunk.samples)).toEqual(new Set([chunk.index * 100]));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  test('a stream cannot be sought', async () => {
    await expect(decodeWithFfmpeg({ source: 'https://tv.example/live', seekSeconds: 10 }).next()).rejects.toThrow(
      /a stream cannot be sought/,
    );
  });
});
