/**
 * A RIFF/WAVE decoder and encoder in TypeScript: PCM 8-bit (unsigned), 16/24/32-bit (signed),
 * IEEE float 32/64-bit, plain or WAVE_FORMAT_EXTENSIBLE, any sample rate and channel count.
 * Decoding validates every header field and throws `SpeakerIdError` with code `invalid_wav`
 * (not RIFF/WAVE, missing or truncated chunks, inconsistent sizes) or `unsupported_format`
 * (μ-law, A-law, ADPCM, odd bit depths) naming the file.
 */
import { readFile, stat } from 'node:fs/promises';
import { SpeakerIdError } from './errors.js';
import { resample } from './resample.js';

/** How the samples are stored. */
export type WavEncoding = 'pcm' | 'float';

/** A decoded WAV file, one Float32Array in [-1, 1] per channel. */
export interface DecodedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  encoding: WavEncoding;
  /** Samples per channel. */
  frames: number;
  /** Duration in seconds. */
  seconds: number;
  /** One array per channel, samples scaled to [-1, 1]. */
  channelData: Float32Array[];
}

const FORMAT_PCM = 0x0001;
const FORMAT_FLOAT = 0x0003;
const FORMAT_EXTENSIBLE = 0xfffe;
const FORMAT_NAMES: Record<number, string> = {
  2: 'Microsoft ADPCM',
  6: 'A-law',
  7: 'μ-law',
  0x11: 'IMA ADPCM',
  0x55: 'MPEG Layer 3',
};

function fourCc(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  );
}

/**
 * Input limits of the WAV reader, so a forged header cannot make it allocate gigabytes or run for
 * minutes (issue 21 §5: a 64 KB file whose header said 1 Hz made `speaker enroll` run 112 s at
 * 2.08 GB). Espectro choices: speech for speaker identification is recorded between 8 kHz
 * (telephone) and 192 kHz (studio); one enrollment clip or chunk is far shorter than 10 minutes.
 */
export interface WavLimits {
  /** Lowest declared sample rate accepted, in Hz (default 8000). */
  minSampleRate: number;
  /** Highest declared sample rate accepted, in Hz (default 192000). */
  maxSampleRate: number;
  /** Most channels accepted (default 64). */
  maxChannels: number;
  /** Longest audio accepted, in seconds (default 600). */
  maxSeconds: number;
  /** Largest file `readWavFile` reads, in bytes (default 256 MiB). */
  maxFileBytes: number;
  /** Most bytes of chunks before the audio (`LIST`, `bext`, …) a streaming reader buffers (default 1 MiB). */
  maxHeaderBytes: number;
}

/** The default {@link WavLimits}. */
export const WAV_LIMITS: Readonly<WavLimits> = Object.freeze({
  minSampleRate: 8000,
  maxSampleRate: 192_000,
  maxChannels: 64,
  maxSeconds: 600,
  maxFileBytes: 256 * 1024 * 1024,
  maxHeaderBytes: 1024 * 1024,
});

/** What a WAV header says about its audio (see {@link parseWavHeader}). */
export interface WavHeader {
  encoding: WavEncoding;
  /** The format tag after resolving WAVE_FORMAT_EXTENSIBLE (1 = PCM, 3 = IEEE float). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes per frame (all channels of one sample time). */
  blockAlign: number;
  /** Offset of the first audio byte. */
  dataOffset: number;
  /** Audio bytes the `data` chunk declares, or null for a streaming header (size 0 or 0xFFFFFFFF). */
  dataBytes: number | null;
}

/**
 * Result of {@link parseWavHeader}: the header, or how many bytes it needs to go on and what it was
 * reading (`riff` header, the `fmt` chunk, or the next `chunk` header) with whether `fmt ` was seen.
 */
export type WavHeaderParse =
  | { complete: true; header: WavHeader }
  | { complete: false; needBytes: number; reading: 'riff' | 'fmt' | 'chunk'; formatSeen: boolean };

function describeLimit(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(0)} MiB` : `${(bytes / 1024).toFixed(0)} KiB`;
}

/**
 * Parses the RIFF/WAVE header at the start of `bytes` — the whole file, or only the first bytes of
 * a stream: when the header is not complete yet the result says how many bytes are needed, so a
 * streaming reader can pull more and call again. The `fmt ` chunk must come before `data` (as every
 * common writer does). The declared format is checked against `limits` before any audio is read.
 *
 * @throws SpeakerIdError `invalid_wav` (not RIFF/WAVE, inconsistent sizes), `unsupported_format`
 *   (μ-law, A-law, ADPCM, odd bit depths, RF64, a sample rate outside 8–192 kHz) or `input_too_large`
 *   (more channels, seconds or header bytes than the limits), naming `file` and the limit.
 * @example
 * const parse = parseWavHeader(firstBytes, 'debate.wav');
 * if (parse.complete) console.log(parse.header.sampleRate, parse.header.dataOffset);
 */
export function parseWavHeader(bytes: Uint8Array, file = '(buffer)', limits: Partial<WavLimits> = {}): WavHeaderParse {
  const limit = { ...WAV_LIMITS, ...limits };
  const invalid = (reason: string) =>
    new SpeakerIdError('invalid_wav', `${file}: not a valid WAV file: ${reason}`, { file });
  const unsupported = (reason: string) => new SpeakerIdError('unsupported_format', `${file}: ${reason}`, { file });
  const tooLarge = (reason: string) => new SpeakerIdError('input_too_large', `${file}: ${reason}`, { file });
  if (bytes.length < 12) return { complete: false, needBytes: 12, reading: 'riff', formatSeen: false };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riff = fourCc(view, 0);
  if (riff === 'RF64' || riff === 'RIFX')
    throw unsupported(`${riff} WAV files are not supported; convert to RIFF PCM (e.g. sox in.wav -b 16 out.wav)`);
  if (riff !== 'RIFF') throw invalid(`starts with "${riff.replace(/[^\x20-\x7e]/g, '?')}", expected "RIFF"`);
  if (fourCc(view, 8) !== 'WAVE') throw invalid('RIFF form type is not "WAVE"');
  let offset = 12;
  let format: Omit<WavHeader, 'dataOffset' | 'dataBytes'> | undefined;
  for (;;) {
    if (offset > limit.maxHeaderBytes)
      throw tooLarge(`more than ${describeLimit(limit.maxHeaderBytes)} of chunks before the audio (the limit)`);
    if (offset + 8 > bytes.length)
      return { complete: false, needBytes: offset + 8, reading: 'chunk', formatSeen: format !== undefined };
    const id = fourCc(view, offset);
    const declared = view.getUint32(offset + 4, true);
    const bodyOffset = offset + 8;
    if (id === 'data') {
      if (!format) throw invalid('the "data" chunk comes before the "fmt " chunk');
      // 0 and 0xFFFFFFFF are what streaming writers leave when they cannot seek back.
      const streaming = declared === 0 || declared === 0xffffffff;
      if (!streaming) checkDuration(declared, format, limit, tooLarge);
      return { complete: true, header: { ...format, dataOffset: bodyOffset, dataBytes: streaming ? null : declared } };
    }
    if (id === 'fmt ') {
      if (declared < 16) throw invalid(`"fmt " chunk is ${declared} bytes, needs at least 16`);
      const needed = bodyOffset + Math.min(declared, 40);
      if (needed > bytes.length) return { complete: false, needBytes: needed, reading: 'fmt', formatSeen: false };
      format = readFormat(view, bodyOffset, declared, limit, invalid, unsupported, tooLarge);
    }
    offset = bodyOffset + declared + (declared % 2);
  }
}

function checkDuration(
  dataBytes: number,
  format: { sampleRate: number; blockAlign: number },
  limit: WavLimits,
  tooLarge: (reason: string) => SpeakerIdError,
): void {
  const seconds = dataBytes / format.blockAlign / format.sampleRate;
  if (seconds > limit.maxSeconds) {
    throw tooLarge(
      `${seconds.toFixed(0)} s of audio, over the ${limit.maxSeconds} s limit for one clip; cut it first (e.g. sox in.wav out.wav trim 0 ${limit.maxSeconds})`,
    );
  }
}

function readFormat(
  view: DataView,
  bodyOffset: number,
  declared: number,
  limit: WavLimits,
  invalid: (reason: string) => SpeakerIdError,
  unsupported: (reason: string) => SpeakerIdError,
  tooLarge: (reason: string) => SpeakerIdError,
): Omit<WavHeader, 'dataOffset' | 'dataBytes'> {
  let tag = view.getUint16(bodyOffset, true);
  const channels = view.getUint16(bodyOffset + 2, true);
  const sampleRate = view.getUint32(bodyOffset + 4, true);
  const blockAlign = view.getUint16(bodyOffset + 12, true);
  const bitsPerSample = view.getUint16(bodyOffset + 14, true);
  if (tag === FORMAT_EXTENSIBLE) {
    if (declared < 40) throw invalid('truncated WAVE_FORMAT_EXTENSIBLE "fmt " chunk');
    tag = view.getUint16(bodyOffset + 24, true);
  }
  if (channels === 0) throw invalid('0 channels');
  if (sampleRate === 0) throw invalid('sample rate 0');
  if (sampleRate < limit.minSampleRate || sampleRate > limit.maxSampleRate) {
    throw unsupported(
      `the header declares a sample rate of ${sampleRate} Hz, outside the supported ${limit.minSampleRate}–${limit.maxSampleRate} Hz`,
    );
  }
  if (channels > limit.maxChannels)
    throw tooLarge(`the header declares ${channels} channels, over the limit of ${limit.maxChannels}`);
  let encoding: WavEncoding;
  if (tag === FORMAT_PCM) {
    if (![8, 16, 24, 32].includes(bitsPerSample))
      throw unsupported(`${bitsPerSample}-bit integer PCM is not supported (8, 16, 24 or 32 bits are)`);
    encoding = 'pcm';
  } else if (tag === FORMAT_FLOAT) {
    if (bitsPerSample !== 32 && bitsPerSample !== 64)
      throw unsupported(`${bitsPerSample}-bit float is not supported (32 or 64 bits are)`);
    encoding = 'float';
  } else {
    const name = FORMAT_NAMES[tag] ?? `format tag 0x${tag.toString(16).padStart(4, '0')}`;
    throw unsupported(`${name} WAV is not supported; use PCM or float (e.g. sox in.wav -e signed -b 16 out.wav)`);
  }
  const bytesPerSample = bitsPerSample / 8;
  if (blockAlign !== channels * bytesPerSample)
    throw invalid(`block align ${blockAlign} does not match ${channels} channel(s) × ${bytesPerSample} byte(s)`);
  return { encoding, formatTag: tag, channels, sampleRate, bitsPerSample, blockAlign };
}

/**
 * Decodes the bytes of a WAV file.
 *
 * @param bytes The whole file.
 * @param file A name for error messages (default `"(buffer)"`).
 * @param limits Overrides of {@link WAV_LIMITS}.
 * @throws SpeakerIdError `invalid_wav`, `unsupported_format` or `input_too_large`.
 */
export function decodeWav(bytes: Uint8Array, file = '(buffer)', limits: Partial<WavLimits> = {}): DecodedWav {
  const invalid = (reason: string) =>
    new SpeakerIdError('invalid_wav', `${file}: not a valid WAV file: ${reason}`, { file });
  // The whole file is in memory already: chunks before the audio cost nothing more to skip.
  const parse = parseWavHeader(bytes, file, { maxHeaderBytes: Number.POSITIVE_INFINITY, ...limits });
  if (!parse.complete) {
    if (parse.reading === 'riff') throw invalid(`only ${bytes.length} bytes, a RIFF header needs 12`);
    if (parse.reading === 'fmt') throw invalid('truncated "fmt " chunk');
    throw invalid(parse.formatSeen ? 'no "data" chunk' : 'no "fmt " chunk');
  }
  const { header } = parse;
  const { channels, sampleRate, bitsPerSample, encoding, blockAlign, dataOffset } = header;
  const available = bytes.length - dataOffset;
  if (header.dataBytes !== null && header.dataBytes > available) {
    throw invalid(`truncated: the "data" chunk declares ${header.dataBytes} bytes but only ${available} follow`);
  }
  const size = header.dataBytes ?? available;
  if (header.dataBytes === null) {
    checkDuration(
      size,
      header,
      { ...WAV_LIMITS, ...limits },
      (reason) => new SpeakerIdError('input_too_large', `${file}: ${reason}`, { file }),
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bytesPerSample = bitsPerSample / 8;
  const frames = Math.floor(size / blockAlign);
  const channelData = Array.from({ length: channels }, () => new Float32Array(frames));
  let position = dataOffset;
  for (let frame = 0; frame < frames; frame += 1) {
    for (let channel = 0; channel < channels; channel += 1) {
      let value: number;
      if (encoding === 'float') {
        value = bitsPerSample === 32 ? view.getFloat32(position, true) : view.getFloat64(position, true);
        if (!Number.isFinite(value)) value = 0;
      } else if (bitsPerSample === 8) {
        value = (view.getUint8(position) - 128) / 128;
      } else if (bitsPerSample === 16) {
        value = view.getInt16(position, true) / 32768;
      } else if (bitsPerSample === 24) {
        const unsigned =
          view.getUint8(position) | (view.getUint8(position + 1) << 8) | (view.getUint8(position + 2) << 16);
        value = ((unsigned << 8) >> 8) / 8388608;
      } else {
        value = view.getInt32(position, true) / 2147483648;
      }
      channelData[channel]![frame] = value;
      position += bytesPerSample;
    }
  }
  return { sampleRate, channels, bitsPerSample, encoding, frames, seconds: frames / sampleRate, channelData };
}

/** Averages all channels into one. */
export function downmixToMono(wav: Pick<DecodedWav, 'channelData' | 'frames'>): Float32Array {
  const [first] = wav.channelData;
  if (!first) return new Float32Array(0);
  if (wav.channelData.length === 1) return first;
  const mono = new Float32Array(wav.frames);
  const weight = 1 / wav.channelData.length;
  for (const channel of wav.channelData) {
    for (let index = 0; index < wav.frames; index += 1) mono[index] = mono[index]! + channel[index]! * weight;
  }
  return mono;
}

/** Mono 16 kHz samples from a decoded WAV: downmix, then windowed-sinc resampling when needed. */
export function toMono16k(wav: DecodedWav): Float32Array {
  const mono = downmixToMono(wav);
  return wav.sampleRate === 16000 ? mono : resample(mono, wav.sampleRate, 16000);
}

/**
 * Reads and decodes a WAV file from disk (errors name the path). The file's size is checked against
 * `limits.maxFileBytes` before it is read.
 *
 * @throws SpeakerIdError `invalid_wav` (unreadable), `input_too_large`, or what {@link decodeWav} throws.
 */
export async function readWavFile(
  path: string,
  limits: Partial<WavLimits> = {},
): Promise<{ wav: DecodedWav; bytes: Uint8Array }> {
  const maxFileBytes = limits.maxFileBytes ?? WAV_LIMITS.maxFileBytes;
  let bytes: Uint8Array;
  try {
    const info = await stat(path);
    if (info.size > maxFileBytes) {
      throw new SpeakerIdError(
        'input_too_large',
        `${path}: ${describeLimit(info.size)}, over the ${describeLimit(maxFileBytes)} limit for one WAV file`,
        { file: path },
      );
    }
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof SpeakerIdError) throw error;
    throw new SpeakerIdError('invalid_wav', `${path}: cannot read the file (${(error as Error).message})`, {
      file: path,
      cause: error,
    });
  }
  return { wav: decodeWav(bytes, path, limits), bytes };
}

/** How `encodeWav` stores samples. */
export interface EncodeWavOptions {
  /** 8, 16, 24 or 32 for PCM; 32 or 64 for float (default 16). */
  bitsPerSample?: number;
  /** Integer PCM or IEEE float (default 'pcm'). */
  encoding?: WavEncoding;
  /** Write a WAVE_FORMAT_EXTENSIBLE header (default false). */
  extensible?: boolean;
}

/**
 * Encodes channels of samples in [-1, 1] as a WAV file (clipping out-of-range values).
 *
 * @example
 * const bytes = encodeWav([samples], 16000); // 16-bit mono PCM
 */
export function encodeWav(channelData: Float32Array[], sampleRate: number, options: EncodeWavOptions = {}): Uint8Array {
  const bitsPerSample = options.bitsPerSample ?? 16;
  const encoding = options.encoding ?? 'pcm';
  const channels = channelData.length;
  const frames = channelData[0]?.length ?? 0;
  const bytesPerSample = bitsPerSample / 8;
  const fmtSize = options.extensible ? 40 : 16;
  const dataSize = frames * channels * bytesPerSample;
  const bytes = new Uint8Array(12 + 8 + fmtSize + 8 + dataSize + (dataSize % 2));
  const view = new DataView(bytes.buffer);
  const writeId = (offset: number, id: string) => {
    for (let index = 0; index < 4; index += 1) view.setUint8(offset + index, id.charCodeAt(index));
  };
  writeId(0, 'RIFF');
  view.setUint32(4, bytes.length - 8, true);
  writeId(8, 'WAVE');
  writeId(12, 'fmt ');
  view.setUint32(16, fmtSize, true);
  const tag = encoding === 'float' ? FORMAT_FLOAT : FORMAT_PCM;
  view.setUint16(20, options.extensible ? FORMAT_EXTENSIBLE : tag, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * bytesPerSample, true);
  view.setUint16(32, channels * bytesPerSample, true);
  view.setUint16(34, bitsPerSample, true);
  if (options.extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, bitsPerSample, true);
    view.setUint32(40, 0, true);
    view.setUint16(44, tag, true);
    // The rest of the KSDATAFORMAT_SUBTYPE GUID: 0000-0010-8000-00aa00389b71.
    const guidTail = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
    guidTail.forEach((value, index) => view.setUint8(46 + index, value));
  }
  const dataHeader = 20 + fmtSize;
  writeId(dataHeader, 'data');
  view.setUint32(dataHeader + 4, dataSize, true);
  let position = dataHeader + 8;
  for (let frame = 0; frame < frames; frame += 1) {
    for (let channel = 0; channel < channels; channel += 1) {
      const value = Math.max(-1, Math.min(1, channelData[channel]![frame] ?? 0));
      if (encoding === 'float') {
        if (bitsPerSample === 32) view.setFloat32(position, value, true);
        else view.setFloat64(position, value, true);
      } else if (bitsPerSample === 8) {
        view.setUint8(position, Math.max(0, Math.min(255, Math.round(value * 128 + 128))));
      } else if (bitsPerSample === 16) {
        view.setInt16(position, Math.max(-32768, Math.min(32767, Math.round(value * 32768))), true);
      } else if (bitsPerSample === 24) {
        const integer = Math.max(-8388608, Math.min(8388607, Math.round(value * 8388608)));
        view.setUint8(position, integer & 0xff);
        view.setUint8(position + 1, (integer >> 8) & 0xff);
        view.setUint8(position + 2, (integer >> 16) & 0xff);
      } else {
        view.setInt32(position, Math.max(-2147483648, Math.min(2147483647, Math.round(value * 2147483648))), true);
      }
      position += bytesPerSample;
    }
  }
  return bytes;
}
