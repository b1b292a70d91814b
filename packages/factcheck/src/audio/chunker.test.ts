import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { FactcheckError } from '../errors.js';
import { decodeWav } from '@espectro/speaker-id';
import { chunkAudio, CHUNK_SAMPLE_RATE, CHUNKER_WAV_LIMITS, encodeChunkWav, type AudioChunk } from './chunker.js';

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
    new DataView(stereo.buffer).setUint16(32, 4, true); // block align of a consistent stereo header
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

  /** A WAV whose `fmt ` is followed by a `LIST` chunk declaring `declared` bytes before the audio. */
  function withListChunk(declared: number): Uint8Array {
    const wav = encodeChunkWav(ramp(16));
    const bytes = new Uint8Array(36 + 8);
    bytes.set(wav.subarray(0, 36));
    bytes.set([0x4c, 0x49, 0x53, 0x54], 36); // "LIST"
    new DataView(bytes.buffer).setUint32(40, declared, true);
    return bytes;
  }

  /** An endless stream of zero bytes after `head`, in 64 KiB pieces, counting what was pulled. */
  function endless(head: Uint8Array, pulled: { bytes: number }, stopAfter: number): AsyncIterable<Uint8Array> {
    return {
      async *[Symbol.asyncIterator]() {
        pulled.bytes += head.length;
        yield head;
        const piece = new Uint8Array(65_536);
        for (;;) {
          // a reader that buffers the declared chunk would pull the whole stream: stop it here
          if (pulled.bytes > stopAfter) throw new Error(`the reader pulled ${pulled.bytes} bytes without refusing`);
          pulled.bytes += piece.length;
          yield piece;
        }
      },
    };
  }

  test('a header declaring a 4 GiB chunk before the audio is refused at once, naming the limit (no buffering)', async () => {
    const pulled = { bytes: 0 };
    const error = await collect(endless(withListChunk(0xfffffff0), pulled, 16 * 1024 * 1024)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FactcheckError);
    expect(error).toMatchObject({ code: 'invalid_audio', field: 'header.limits' });
    expect((error as Error).message).toMatch(/more than 1 MiB of chunks before the audio \(the limit\)/);
    // refused from the chunk's 8-byte header: nothing of the declared chunk was read
    expect(pulled.bytes).toBeLessThanOrEqual(withListChunk(0).length + 65_536);
  });

  test('pre-audio chunks within the 1 MiB limit are skipped, even when they arrive a few bytes at a time', async () => {
    const samples = ramp(CHUNK_SAMPLE_RATE * 2);
    const wav = encodeChunkWav(samples);
    const listBytes = 900_000;
    const bytes = new Uint8Array(wav.length + 8 + listBytes);
    bytes.set(wav.subarray(0, 36));
    bytes.set([0x4c, 0x49, 0x53, 0x54], 36);
    new DataView(bytes.buffer).setUint32(40, listBytes, true);
    bytes.set(wav.subarray(36), 44 + listBytes);
    const pieces = split(bytes, [5, 13, 37, 45, 1000, 500_000]);
    const chunks = await collect(pieces, { chunkSeconds: 1 });
    expect(chunks.flatMap((chunk) => Array.from(chunk.samples!))).toEqual(Array.from(samples));
    // a byte more than the limit of chunks before the audio is refused
    new DataView(bytes.buffer).setUint32(40, CHUNKER_WAV_LIMITS.maxHeaderBytes, true);
    await expect(collect([bytes])).rejects.toMatchObject({ field: 'header.limits' });
  });

  test('a debate-length WAV (2 h declared) is accepted: only the pre-audio bytes are limited, not the duration', async () => {
    const wav = encodeChunkWav(ramp(CHUNK_SAMPLE_RATE));
    new DataView(wav.buffer).setUint32(40, 2 * 3600 * CHUNK_SAMPLE_RATE * 2, true);
    const chunks = await collect([wav]);
    expect(chunks.map((chunk) => chunk.durationSeconds)).toEqual([1]);
  });

  test('speaker-id reads what encodeChunkWav writes, sample for sample (one WAV format, one home)', () => {
    const samples = ramp(1000);
    const decoded = decodeWav(encodeChunkWav(samples));
    expect(decoded).toMatchObject({ sampleRate: CHUNK_SAMPLE_RATE, channels: 1, bitsPerSample: 16 });
    expect(Array.from(decoded.channelData[0]!, (value) => Math.round(value * 32768))).toEqual(Array.from(samples));
  });
});
