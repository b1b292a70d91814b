/**
 * A RIFF/WAVE decoder and encoder in TypeScript: PCM 8-bit (unsigned), 16/24/32-bit (signed),
 * IEEE float 32/64-bit, plain or WAVE_FORMAT_EXTENSIBLE, any sample rate and channel count.
 * Decoding validates every header field and throws `SpeakerIdError` with code `invalid_wav`
 * (not RIFF/WAVE, missing or truncated chunks, inconsistent sizes) or `unsupported_format`
 * (μ-law, A-law, ADPCM, odd bit depths) naming the file.
 */
import { readFile } from 'node:fs/promises';
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
 * Decodes the bytes of a WAV file.
 *
 * @param bytes The whole file.
 * @param file A name for error messages (default `"(buffer)"`).
 * @throws SpeakerIdError `invalid_wav` or `unsupported_format`.
 */
export function decodeWav(bytes: Uint8Array, file = '(buffer)'): DecodedWav {
  const invalid = (reason: string) =>
    new SpeakerIdError('invalid_wav', `${file}: not a valid WAV file: ${reason}`, { file });
  if (bytes.length < 12) throw invalid(`only ${bytes.length} bytes, a RIFF header needs 12`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riff = fourCc(view, 0);
  if (riff === 'RF64' || riff === 'RIFX') {
    throw new SpeakerIdError(
      'unsupported_format',
      `${file}: ${riff} WAV files are not supported; convert to RIFF PCM (e.g. sox in.wav -b 16 out.wav)`,
      { file },
    );
  }
  if (riff !== 'RIFF') throw invalid(`starts with "${riff.replace(/[^\x20-\x7e]/g, '?')}", expected "RIFF"`);
  if (fourCc(view, 8) !== 'WAVE') throw invalid('RIFF form type is not "WAVE"');
  let offset = 12;
  let format:
    { tag: number; channels: number; sampleRate: number; blockAlign: number; bitsPerSample: number } | undefined;
  let data: { offset: number; size: number } | undefined;
  while (offset + 8 <= bytes.length) {
    const id = fourCc(view, offset);
    const declared = view.getUint32(offset + 4, true);
    const bodyOffset = offset + 8;
    if (id === 'fmt ') {
      if (declared < 16) throw invalid(`"fmt " chunk is ${declared} bytes, needs at least 16`);
      if (bodyOffset + 16 > bytes.length) throw invalid('truncated "fmt " chunk');
      let tag = view.getUint16(bodyOffset, true);
      const channels = view.getUint16(bodyOffset + 2, true);
      const sampleRate = view.getUint32(bodyOffset + 4, true);
      const blockAlign = view.getUint16(bodyOffset + 12, true);
      const bitsPerSample = view.getUint16(bodyOffset + 14, true);
      if (tag === FORMAT_EXTENSIBLE) {
        if (declared < 40 || bodyOffset + 40 > bytes.length)
          throw invalid('truncated WAVE_FORMAT_EXTENSIBLE "fmt " chunk');
        tag = view.getUint16(bodyOffset + 24, true);
      }
      format = { tag, channels, sampleRate, blockAlign, bitsPerSample };
    } else if (id === 'data') {
      const available = bytes.length - bodyOffset;
      // 0 and 0xFFFFFFFF are what streaming writers leave when they cannot seek back.
      const streaming = declared === 0 || declared === 0xffffffff;
      if (!streaming && declared > available) {
        throw invalid(`truncated: the "data" chunk declares ${declared} bytes but only ${available} follow`);
      }
      data = { offset: bodyOffset, size: streaming ? available : declared };
      if (format) break;
    }
    if (bodyOffset + declared > bytes.length && id !== 'data')
      throw invalid(`truncated "${id.replace(/[^\x20-\x7e]/g, '?')}" chunk`);
    offset = bodyOffset + declared + (declared % 2);
    if (data && format) break;
  }
  if (!format) throw invalid('no "fmt " chunk');
  if (!data) throw invalid('no "data" chunk');
  const { tag, channels, sampleRate, blockAlign, bitsPerSample } = format;
  if (channels === 0) throw invalid('0 channels');
  if (sampleRate === 0) throw invalid('sample rate 0');
  let encoding: WavEncoding;
  if (tag === FORMAT_PCM) {
    if (![8, 16, 24, 32].includes(bitsPerSample)) {
      throw new SpeakerIdError(
        'unsupported_format',
        `${file}: ${bitsPerSample}-bit integer PCM is not supported (8, 16, 24 or 32 bits are)`,
        { file },
      );
    }
    encoding = 'pcm';
  } else if (tag === FORMAT_FLOAT) {
    if (bitsPerSample !== 32 && bitsPerSample !== 64) {
      throw new SpeakerIdError(
        'unsupported_format',
        `${file}: ${bitsPerSample}-bit float is not supported (32 or 64 bits are)`,
        { file },
      );
    }
    encoding = 'float';
  } else {
    const name = FORMAT_NAMES[tag] ?? `format tag 0x${tag.toString(16).padStart(4, '0')}`;
    throw new SpeakerIdError(
      'unsupported_format',
      `${file}: ${name} WAV is not supported; use PCM or float (e.g. sox in.wav -e signed -b 16 out.wav)`,
      { file },
    );
  }
  const bytesPerSample = bitsPerSample / 8;
  if (blockAlign !== channels * bytesPerSample) {
    throw invalid(`block align ${blockAlign} does not match ${channels} channel(s) × ${bytesPerSample} byte(s)`);
  }
  const frames = Math.floor(data.size / blockAlign);
  const channelData = Array.from({ length: channels }, () => new Float32Array(frames));
  let position = data.offset;
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

/** Reads and decodes a WAV file from disk (errors name the path). */
export async function readWavFile(path: string): Promise<{ wav: DecodedWav; bytes: Uint8Array }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new SpeakerIdError('invalid_wav', `${path}: cannot read the file (${(error as Error).message})`, {
      file: path,
      cause: error,
    });
  }
  return { wav: decodeWav(bytes, path), bytes };
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
