import { createReadStream } from 'node:fs';
import { DEB_CHUNK_SECONDS } from '@espectro/methodology';
import { FactcheckError } from '../errors.js';

/** The only audio format the chunker accepts: 16 kHz, mono, 16-bit little-endian PCM (DEB-1 chunks). */
export const CHUNK_SAMPLE_RATE = 16_000;

/**
 * One chunk of debate audio. `samples` is 16 kHz mono PCM16; replays carry no samples (their
 * stages answer from recorded outputs).
 */
export interface AudioChunk {
  /** 0, 1, 2, … in broadcast order. */
  index: number;
  /** Offset of the first sample from the start of the debate, in seconds. */
  startSeconds: number;
  /** Length in seconds (10, except possibly the last chunk). */
  durationSeconds: number;
  /** 16 kHz mono PCM16 samples, or `undefined` for a replayed chunk. */
  samples?: Int16Array;
}

/** Options of {@link chunkAudio}. */
export interface ChunkAudioOptions {
  /** Chunk length in seconds; default `DEB_CHUNK_SECONDS` (10, rule DEB-1). */
  chunkSeconds?: number;
  /**
   * `wav` (a RIFF/WAVE stream, checked to be 16 kHz mono PCM16), `pcm` (raw 16 kHz mono PCM16 LE),
   * or `auto` (default: `wav` when the stream starts with `RIFF`, else `pcm`).
   */
  format?: 'auto' | 'wav' | 'pcm';
}

/** Audio bytes: one buffer, or a (possibly live) stream of buffers split anywhere. */
export type AudioSource = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

function invalid(message: string, field?: string): FactcheckError {
  return new FactcheckError({
    code: 'invalid_audio',
    stage: 'chunk',
    message,
    ...(field !== undefined ? { field } : {}),
  });
}

async function* bytesOf(source: AudioSource): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source;
    return;
  }
  for await (const piece of source as AsyncIterable<Uint8Array>) yield piece;
}

/** Accumulates bytes until `size` are available. */
class ByteQueue {
  private pieces: Uint8Array[] = [];
  length = 0;
  push(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    this.length += piece.length;
  }
  /** The first `size` bytes (size ≤ length), without removing them. */
  peek(size: number): Uint8Array {
    const taken = this.take(size);
    this.pieces.unshift(taken);
    this.length += size;
    return taken;
  }
  /** Removes and returns the first `size` bytes (size ≤ length). */
  take(size: number): Uint8Array {
    const out = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const head = this.pieces[0] as Uint8Array;
      const needed = size - filled;
      if (head.length <= needed) {
        out.set(head, filled);
        filled += head.length;
        this.pieces.shift();
      } else {
        out.set(head.subarray(0, needed), filled);
        this.pieces[0] = head.subarray(needed);
        filled += needed;
      }
    }
    this.length -= size;
    return out;
  }
}

function readUint32(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset, true);
}
function readUint16(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(offset, true);
}
function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/**
 * Reads the WAV header from the queue (pulling more bytes as needed) and checks the format;
 * returns the number of data bytes announced (or Infinity for a streaming header).
 */
async function readWavHeader(queue: ByteQueue, next: () => Promise<boolean>): Promise<number> {
  const need = async (size: number): Promise<void> => {
    while (queue.length < size) if (!(await next())) throw invalid('the WAV stream ended inside its header');
  };
  await need(12);
  const riff = queue.take(12);
  if (ascii(riff, 0, 4) !== 'RIFF' || ascii(riff, 8, 4) !== 'WAVE') throw invalid('not a RIFF/WAVE stream', 'header');
  let formatSeen = false;
  for (;;) {
    await need(8);
    const header = queue.take(8);
    const id = ascii(header, 0, 4);
    const size = readUint32(header, 4);
    if (id === 'data') {
      if (!formatSeen) throw invalid('the data chunk comes before the fmt chunk', 'fmt');
      // 0 or 0xFFFFFFFF: a live encoder that does not know the length yet.
      return size === 0 || size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    }
    const padded = size + (size % 2);
    await need(padded);
    const body = queue.take(padded);
    if (id !== 'fmt ') continue;
    formatSeen = true;
    let formatTag = readUint16(body, 0);
    const channels = readUint16(body, 2);
    const sampleRate = readUint32(body, 4);
    const bitsPerSample = readUint16(body, 14);
    if (formatTag === 0xfffe && size >= 26) formatTag = readUint16(body, 24); // WAVE_FORMAT_EXTENSIBLE sub-format
    if (formatTag !== 1 || bitsPerSample !== 16) {
      throw invalid(
        `expected 16-bit integer PCM, got format ${formatTag} with ${bitsPerSample} bits (convert with: ffmpeg -i in -ac 1 -ar 16000 -c:a pcm_s16le out.wav)`,
        'fmt.format',
      );
    }
    if (channels !== 1) throw invalid(`expected mono audio, got ${channels} channels (ffmpeg -ac 1)`, 'fmt.channels');
    if (sampleRate !== CHUNK_SAMPLE_RATE)
      throw invalid(`expected 16000 Hz, got ${sampleRate} Hz (ffmpeg -ar 16000)`, 'fmt.sampleRate');
  }
}

function toSamples(bytes: Uint8Array): Int16Array {
  const samples = new Int16Array(bytes.length / 2);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let index = 0; index < samples.length; index += 1) samples[index] = view.getInt16(index * 2, true);
  return samples;
}

/**
 * Cuts 16 kHz mono PCM16 audio — a WAV stream, raw PCM, a whole buffer or a live stream split
 * anywhere — into chunks of `chunkSeconds` (default 10, rule DEB-1) with their offsets. The last,
 * partial chunk is kept. A WAV in another format is rejected with `invalid_audio` naming the field
 * and the ffmpeg option that converts it.
 *
 * @example
 * for await (const chunk of chunkAudio(createReadStream('debate.wav'))) {
 *   console.log(chunk.index, chunk.startSeconds, chunk.durationSeconds);
 * }
 */
export async function* chunkAudio(source: AudioSource, options: ChunkAudioOptions = {}): AsyncGenerator<AudioChunk> {
  const chunkSeconds = options.chunkSeconds ?? DEB_CHUNK_SECONDS;
  if (!(chunkSeconds > 0) || !Number.isFinite(chunkSeconds))
    throw invalid(`chunkSeconds must be a positive number, got ${chunkSeconds}`, 'chunkSeconds');
  const chunkSamples = Math.round(chunkSeconds * CHUNK_SAMPLE_RATE);
  const chunkBytes = chunkSamples * 2;
  const iterator = bytesOf(source)[Symbol.asyncIterator]();
  const queue = new ByteQueue();
  let ended = false;
  const next = async (): Promise<boolean> => {
    if (ended) return false;
    const step = await iterator.next();
    if (step.done === true) {
      ended = true;
      return false;
    }
    queue.push(step.value);
    return true;
  };
  let remainingData = Number.POSITIVE_INFINITY;
  let format = options.format ?? 'auto';
  if (format === 'auto') {
    while (queue.length < 4 && (await next()));
    const head = queue.peek(Math.min(4, queue.length));
    format = head.length === 4 && ascii(head, 0, 4) === 'RIFF' ? 'wav' : 'pcm';
  }
  if (format === 'wav') remainingData = await readWavHeader(queue, next);

  let index = 0;
  const emit = (bytes: Uint8Array): AudioChunk => {
    const samples = toSamples(bytes);
    const chunk: AudioChunk = {
      index,
      startSeconds: (index * chunkSamples) / CHUNK_SAMPLE_RATE,
      durationSeconds: samples.length / CHUNK_SAMPLE_RATE,
      samples,
    };
    index += 1;
    return chunk;
  };
  for (;;) {
    const wanted = Math.min(chunkBytes, remainingData);
    while (queue.length < wanted && (await next()));
    if (queue.length >= wanted && wanted === chunkBytes) {
      remainingData -= chunkBytes;
      yield emit(queue.take(chunkBytes));
      continue;
    }
    // end of data (stream ended, or the WAV data chunk is exhausted): keep the last partial chunk
    const available = Math.min(queue.length, remainingData);
    const usable = available - (available % 2);
    if (usable > 0) yield emit(queue.take(usable));
    return;
  }
}

/**
 * Chunks a 16 kHz mono PCM16 WAV (or raw `.pcm`) file, streaming it from disk.
 *
 * @example
 * for await (const chunk of chunkAudioFile('debate.wav')) …
 */
export function chunkAudioFile(path: string, options: ChunkAudioOptions = {}): AsyncGenerator<AudioChunk> {
  return chunkAudio(createReadStream(path) as AsyncIterable<Uint8Array>, options);
}

/**
 * Encodes PCM16 mono samples as a WAV file (what the transcription APIs receive).
 *
 * @example
 * const wav = encodeChunkWav(chunk.samples);
 */
export function encodeChunkWav(samples: Int16Array, sampleRate = CHUNK_SAMPLE_RATE): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const writeAscii = (offset: number, text: string): void => {
    for (let index = 0; index < text.length; index += 1) bytes[offset + index] = text.charCodeAt(index);
  };
  writeAscii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(8, 'WAVE');
  writeAscii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  writeAscii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let index = 0; index < samples.length; index += 1) view.setInt16(44 + index * 2, samples[index] as number, true);
  return bytes;
}

/** PCM16 → float in [-1, 1) (for speaker identification). */
export function samplesToFloat(samples: Int16Array): Float32Array {
  return Float32Array.from(samples, (sample) => sample / 32768);
}
