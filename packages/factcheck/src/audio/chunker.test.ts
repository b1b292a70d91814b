import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { FactcheckError } from '../errors.js';
import { chunkAudio, CHUNK_SAMPLE_RATE, encodeChunkWav, type AudioChunk } from './chunker.js';

function ramp(length: number): Int16Array {
  return Int16Array.from({ length }, (_, index) => ((index * 7) % 65536) - 32768);
}

async function collect(
  source: Parameters<typeof chunkAudio>[0],
  options?: Parameters<typeof chunkAudio>[1],
): Promise<AudioChunk[]> {
  const chunks: AudioChunk[] = [];
  for await (const chunk of chunkAudio(source, options)) chunks.push(chunk);
  return chunks;
}

function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let previous = 0;
  for (const point of points) {
    pieces.push(bytes.subarray(previous, point));
    previous = point;
  }
  pieces.push(bytes.subarray(previous));
  return pieces;
}

describe('chunkAudio', () => {
  test('cuts a WAV into 10 s chunks with offsets and keeps the last partial chunk', async () => {
    const samples = ramp(CHUNK_SAMPLE_RATE * 25);
    const chunks = await collect(encodeChunkWav(samples));
    expect(chunks.map((chunk) => [chunk.index, chunk.startSeconds, chunk.durationSeconds])).toEqual([
      [0, 0, 10],
      [1, 10, 10],
      [2, 20, 5],
    ]);
    expect(Array.from(chunks[2]!.samples!.subarray(0, 3))).toEqual(
      Array.from(samples.subarray(CHUNK_SAMPLE_RATE * 20, CHUNK_SAMPLE_RATE * 20 + 3)),
    );
  });

  test('reads raw PCM (no RIFF header) and a custom chunk length', async () => {
    const samples = ramp(CHUNK_SAMPLE_RATE * 3);
    const pcm = new Uint8Array(samples.buffer.slice(0));
    const chunks = await collect(pcm, { chunkSeconds: 2 });
    expect(chunks.map((chunk) => chunk.durationSeconds)).toEqual([2, 1]);
  });

  test('a live WAV with an unknown data length (0xFFFFFFFF) streams to its end', async () => {
    const wav = encodeChunkWav(ramp(CHUNK_SAMPLE_RATE * 12));
    new DataView(wav.buffer).setUint32(40, 0xffffffff, true);
    const chunks = await collect([wav.subarray(0, 30), wav.subarray(30)]);
    expect(chunks.map((chunk) => chunk.durationSeconds)).toEqual([10, 2]);
  });

  test('rejects stereo, 44.1 kHz and float WAVs naming the field', async () => {
    const wav = encodeChunkWav(ramp(100));
    const stereo = wav.slice();
    new DataView(stereo.buffer).setUint16(22, 2, true);
    await expect(collect(stereo)).rejects.toMatchObject({ code: 'invalid_audio', field: 'fmt.channels' });
    const rate = wav.slice();
    new DataView(rate.buffer).setUint32(24, 44100, true);
    await expect(collect(rate)).rejects.toThrow(/16000 Hz, got 44100/);
    const float = wav.slice();
    new DataView(float.buffer).setUint16(20, 3, true);
    await expect(collect(float)).rejects.toBeInstanceOf(FactcheckError);
  });

  test.prop([fc.integer({ min: 1, max: 40_000 }), fc.array(fc.nat(), { maxLength: 12 })])(
    'however the stream is split, the chunks hold every sample in order',
    async (length, cuts) => {
      const samples = ramp(length);
      const chunks = await collect(split(encodeChunkWav(samples), cuts), { chunkSeconds: 0.5 });
      const joined = chunks.flatMap((chunk) => Array.from(chunk.samples!));
      expect(joined).toEqual(Array.from(samples));
      chunks.forEach((chunk, index) => {
        expect(chunk.index).toBe(index);
        expect(chunk.startSeconds).toBe(index * 0.5);
      });
      expect(chunks.slice(0, -1).every((chunk) => chunk.durationSeconds === 0.5)).toBe(true);
    },
  );
});
