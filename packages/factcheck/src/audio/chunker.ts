import { createReadStream } from 'node:fs';
import { DEB_CHUNK_SECONDS } from '@espectro/methodology';
import {
  encodeWav,
  parseWavHeader,
  WAV_LIMITS,
  type WavHeader,
  type WavHeaderParse,
  type WavLimits,
} from '@espectro/speaker-id';
import { FactcheckError, messageOf } from '../errors.js';

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
  /** What error messages call the audio (default `"(stream)"`; {@link chunkAudioFile} passes the path). */
  name?: string;
  /** Index of the first chunk (default 0): a resumed live run numbers on from where it starts again. */
  firstIndex?: number;
  /**
   * Offset of the first sample from the start of the debate, in seconds (default
   * `firstIndex × chunkSeconds`). A function is called when the first bytes arrive — a resumed
   * stream measures then how much aired while nobody listened (see `planLiveResume`).
   */
  startSeconds?: number | (() => number);
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

/**
 * The WAV limits of the chunker: speaker-id's {@link WAV_LIMITS} (8–192 kHz, 64 channels, 1 MiB of
 * chunks before the audio, …) except the length of the recording. A debate lasts hours, and the
 * chunker holds one 10-s chunk at a time, so the declared length costs no memory; what could cost
 * memory — `LIST`/`bext` chunks before the audio, which must be skipped before the first sample —
 * is bounded by `maxHeaderBytes`.
 */
export const CHUNKER_WAV_LIMITS: Readonly<WavLimits> = Object.freeze({
  ...WAV_LIMITS,
  maxSeconds: Number.POSITIVE_INFINITY,
});

/** speaker-id's `SpeakerIdError` (code + message naming the file and the limit) as this package's error. */
function headerError(error: unknown): FactcheckError {
  const code = (error as { code?: unknown }).code;
  return new FactcheckError({
    code: 'invalid_audio',
    stage: 'chunk',
    field: code === 'input_too_large' ? 'header.limits' : 'header',
    message: messageOf(error),
    cause: error,
  });
}

/**
 * Reads the WAV header from the queue with speaker-id's {@link parseWavHeader} (the one RIFF/WAVE
 * header parser of the repository), pulling more bytes only as the parser asks and never more than
 * `maxHeaderBytes` (+ one chunk header and a `fmt ` body) — a header declaring a huge chunk before
 * the audio is refused before any of it is buffered. Checks the format the chunks need (16 kHz mono
 * PCM16) and returns the number of data bytes announced (Infinity for a streaming header).
 */
async function readWavHeader(queue: ByteQueue, next: () => Promise<boolean>, file: string): Promise<number> {
  // the parser never needs more than this to finish a header within the limit (or to refuse it)
  const window = CHUNKER_WAV_LIMITS.maxHeaderBytes + 48;
  let minimum = 12;
  let target = 12;
  for (;;) {
    while (queue.length < target && (await next()));
    if (queue.length < minimum) throw invalid('the WAV stream ended inside its header', 'header');
    let parse: WavHeaderParse;
    try {
      parse = parseWavHeader(queue.peek(Math.min(queue.length, window)), file, CHUNKER_WAV_LIMITS);
    } catch (error) {
      throw headerError(error);
    }
    if (parse.complete) {
      checkChunkFormat(parse.header);
      queue.take(parse.header.dataOffset);
      return parse.header.dataBytes ?? Number.POSITIVE_INFINITY;
    }
    // ask for what the parser needs, and at least twice what it saw (few rounds over many small chunks)
    minimum = parse.needBytes;
    target = Math.max(minimum, Math.min(queue.length * 2, window));
  }
}

/** The chunks are 16 kHz mono PCM16: anything else is refused with the ffmpeg option that converts it. */
function checkChunkFormat(header: WavHeader): void {
  if (header.formatTag !== 1 || header.bitsPerSample !== 16) {
    throw invalid(
      `expected 16-bit integer PCM, got format ${header.formatTag} with ${header.bitsPerSample} bits (convert with: ffmpeg -i in -ac 1 -ar 16000 -c:a pcm_s16le out.wav)`,
      'fmt.format',
    );
  }
  if (header.channels !== 1)
    throw invalid(`expected mono audio, got ${header.channels} channels (ffmpeg -ac 1)`, 'fmt.channels');
  if (header.sampleRate !== CHUNK_SAMPLE_RATE)
    throw invalid(`expected 16000 Hz, got ${header.sampleRate} Hz (ffmpeg -ar 16000)`, 'fmt.sampleRate');
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
  const firstIndex = options.firstIndex ?? 0;
  if (!Number.isInteger(firstIndex) || firstIndex < 0)
    throw invalid(`firstIndex must be a non-negative integer, got ${firstIndex}`, 'firstIndex');
  let index = firstIndex;
  let offsetSeconds: number | undefined;
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
    format = head.length === 4 && String.fromCharCode(...head) === 'RIFF' ? 'wav' : 'pcm';
  }
  if (format === 'wav') remainingData = await readWavHeader(queue, next, options.name ?? '(stream)');
  // the first bytes are here: a start given as a function is measured now
  while (queue.length === 0 && (await next()));
  if (options.startSeconds !== undefined)
    offsetSeconds = typeof options.startSeconds === 'function' ? options.startSeconds() : options.startSeconds;

  const emit = (bytes: Uint8Array): AudioChunk => {
    const samples = toSamples(bytes);
    offsetSeconds ??= (chunkSamples * firstIndex) / CHUNK_SAMPLE_RATE;
    const chunk: AudioChunk = {
      index,
      startSeconds: offsetSeconds + ((index - firstIndex) * chunkSamples) / CHUNK_SAMPLE_RATE,
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
  return chunkAudio(createReadStream(path) as AsyncIterable<Uint8Array>, { name: path, ...options });
}

/**
 * Encodes PCM16 mono samples as a WAV file (what the transcription APIs receive).
 *
 * @example
 * const wav = encodeChunkWav(chunk.samples);
 */
export function encodeChunkWav(samples: Int16Array, sampleRate = CHUNK_SAMPLE_RATE): Uint8Array {
  // speaker-id's encoder (the one WAV writer): int16 / 32768 is exact in float32, so the samples round-trip
  return encodeWav([samplesToFloat(samples)], sampleRate);
}

/** PCM16 → float in [-1, 1) (for speaker identification). */
export function samplesToFloat(samples: Int16Array): Float32Array {
  return Float32Array.from(samples, (sample) => sample / 32768);
}
