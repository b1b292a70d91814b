import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { forgedWav } from './testing/forged-wav.js';
import { sine } from './testing/synthetic-voice.js';
import { caught } from './__fixtures__/caught.js';
import { Fft } from './fft.js';
import { resample } from './resample.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodeWav,
  downmixToMono,
  encodeWav,
  parseWavHeader,
  readWavFile,
  toMono16k,
  WAV_LIMITS,
  type WavEncoding,
} from './wav.js';

/** Frequency of the strongest DFT bin between 20 Hz and Nyquist, refined by parabolic interpolation. */
function dominantFrequency(samples: Float32Array, sampleRate: number): number {
  const length = 8192;
  const fft = new Fft(length);
  const real = new Float64Array(length);
  const imaginary = new Float64Array(length);
  for (let index = 0; index < Math.min(length, samples.length); index += 1) {
    real[index] = samples[index]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * index) / (length - 1)));
  }
  fft.transform(real, imaginary);
  const magnitudes = Array.from({ length: length / 2 + 1 }, (_, bin) => Math.hypot(real[bin]!, imaginary[bin]!));
  let best = 1;
  for (let bin = 1; bin < magnitudes.length - 1; bin += 1) if (magnitudes[bin]! > magnitudes[best]!) best = bin;
  const [left, centre, right] = [magnitudes[best - 1]!, magnitudes[best]!, magnitudes[best + 1]!];
  const offset = (0.5 * (left - right)) / (left - 2 * centre + right);
  return ((best + offset) * sampleRate) / length;
}

function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let index = from; index < to; index += 1) sum += samples[index]! ** 2;
  return Math.sqrt(sum / (to - from));
}

describe('decodeWav', () => {
  const formats: Array<{ encoding: WavEncoding; bitsPerSample: number; tolerance: number }> = [
    { encoding: 'pcm', bitsPerSample: 8, tolerance: 1 / 128 },
    { encoding: 'pcm', bitsPerSample: 16, tolerance: 1 / 32768 },
    { encoding: 'pcm', bitsPerSample: 24, tolerance: 1 / 8388608 },
    { encoding: 'pcm', bitsPerSample: 32, tolerance: 1e-7 },
    { encoding: 'float', bitsPerSample: 32, tolerance: 1e-7 },
    { encoding: 'float', bitsPerSample: 64, tolerance: 1e-7 },
  ];
  for (const format of formats) {
    for (const extensible of [false, true]) {
      test(`round-trips ${format.bitsPerSample}-bit ${format.encoding}${extensible ? ' (WAVE_FORMAT_EXTENSIBLE)' : ''}`, () => {
        const samples = sine(440, 0.05, 22050, 0.8);
        const decoded = decodeWav(encodeWav([samples], 22050, { ...format, extensible }));
        expect(decoded).toMatchObject({
          sampleRate: 22050,
          channels: 1,
          bitsPerSample: format.bitsPerSample,
          encoding: format.encoding,
          frames: samples.length,
        });
        const channel = decoded.channelData[0]!;
        for (let index = 0; index < samples.length; index += 1)
          expect(Math.abs(channel[index]! - samples[index]!)).toBeLessThanOrEqual(format.tolerance);
      });
    }
  }

  test('decodes 8-bit as unsigned with 128 as zero', () => {
    const bytes = encodeWav([Float32Array.from([0, -1, 0.5])], 8000, { bitsPerSample: 8 });
    expect(Array.from(bytes.subarray(44, 47))).toEqual([128, 0, 192]);
    expect(Array.from(decodeWav(bytes).channelData[0]!)).toEqual([0, -1, 0.5]);
  });

  test('decodes 24-bit negative values with sign extension', () => {
    const decoded = decodeWav(encodeWav([Float32Array.from([-0.5, 0.25])], 16000, { bitsPerSample: 24 }));
    expect(Array.from(decoded.channelData[0]!)).toEqual([-0.5, 0.25]);
  });

  test('downmixes stereo and multichannel audio by averaging', () => {
    const left = Float32Array.from([1, 0.5, -1]);
    const right = Float32Array.from([0, 0.5, 1]);
    const stereo = decodeWav(encodeWav([left, right], 16000, { encoding: 'float', bitsPerSample: 32 }));
    expect(stereo.channels).toBe(2);
    expect(Array.from(downmixToMono(stereo))).toEqual([0.5, 0.5, 0]);
    const six = decodeWav(
      encodeWav(
        Array.from({ length: 6 }, (_, channel) => Float32Array.from([channel / 10])),
        48000,
        { encoding: 'float', bitsPerSample: 32 },
      ),
    );
    expect(downmixToMono(six)[0]).toBeCloseTo(0.25, 6);
  });

  test('skips unknown chunks (LIST) before "data"', () => {
    const plain = encodeWav([Float32Array.from([0.25, -0.25])], 16000);
    const list = new Uint8Array([...new TextEncoder().encode('LIST'), 3, 0, 0, 0, 1, 2, 3, 0]);
    const withList = new Uint8Array(plain.length + list.length);
    withList.set(plain.subarray(0, 36));
    withList.set(list, 36);
    withList.set(plain.subarray(36), 36 + list.length);
    expect(Array.from(decodeWav(withList).channelData[0]!)).toEqual([0.25, -0.25]);
  });

  test('accepts the streaming sentinel sizes (0 / 0xFFFFFFFF) of writers that cannot seek', () => {
    const bytes = encodeWav([Float32Array.from([0.5, 0.5, 0.5])], 16000);
    new DataView(bytes.buffer).setUint32(40, 0xffffffff, true);
    expect(decodeWav(bytes).frames).toBe(3);
  });

  const invalidCases: Array<[string, (bytes: Uint8Array) => Uint8Array, string, RegExp]> = [
    ['empty file', () => new Uint8Array(0), 'invalid_wav', /only 0 bytes/],
    [
      'an MP3 renamed to .wav',
      () => new TextEncoder().encode('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000'),
      'invalid_wav',
      /expected "RIFF"/,
    ],
    [
      'RIFF that is not WAVE',
      (bytes) => {
        const copy = bytes.slice();
        copy.set(new TextEncoder().encode('AVI '), 8);
        return copy;
      },
      'invalid_wav',
      /not "WAVE"/,
    ],
    ['header cut inside "fmt "', (bytes) => bytes.slice(0, 30), 'invalid_wav', /truncated "fmt " chunk/],
    ['no "data" chunk', (bytes) => bytes.slice(0, 36), 'invalid_wav', /no "data" chunk/],
    [
      'audio cut short',
      (bytes) => bytes.slice(0, bytes.length - 10),
      'invalid_wav',
      /declares 200 bytes but only 190 follow/,
    ],
    [
      'block align inconsistent',
      (bytes) => {
        const copy = bytes.slice();
        new DataView(copy.buffer).setUint16(32, 3, true);
        return copy;
      },
      'invalid_wav',
      /block align 3/,
    ],
    [
      'zero channels',
      (bytes) => {
        const copy = bytes.slice();
        new DataView(copy.buffer).setUint16(22, 0, true);
        return copy;
      },
      'invalid_wav',
      /0 channels/,
    ],
    [
      'μ-law',
      (bytes) => {
        const copy = bytes.slice();
        new DataView(copy.buffer).setUint16(20, 7, true);
        return copy;
      },
      'unsupported_format',
      /μ-law WAV is not supported/,
    ],
    [
      '12-bit PCM',
      (bytes) => {
        const copy = bytes.slice();
        new DataView(copy.buffer).setUint16(34, 12, true);
        return copy;
      },
      'unsupported_format',
      /12-bit integer PCM/,
    ],
    [
      'RF64',
      (bytes) => {
        const copy = bytes.slice();
        copy.set(new TextEncoder().encode('RF64'), 0);
        return copy;
      },
      'unsupported_format',
      /RF64/,
    ],
  ];
  for (const [name, corrupt, code, message] of invalidCases) {
    test(`rejects ${name} with ${code}`, () => {
      const bytes = corrupt(encodeWav([new Float32Array(100)], 16000));
      const failure = caught(() => decodeWav(bytes, 'chunk-07.wav'));
      expect(failure.code).toBe(code);
      expect(failure.message).toMatch(/^chunk-07\.wav: /);
      expect(failure.message).toMatch(message);
      expect(failure.file).toBe('chunk-07.wav');
    });
  }

  propertyTest.prop([
    fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 200 }),
    fc.integer({ min: 1, max: 4 }),
  ])('16-bit encode/decode is within one quantisation step for any samples and channel count', (values, channels) => {
    const channelData = Array.from({ length: channels }, (_, channel) =>
      Float32Array.from(values, (value) => value * (channel % 2 === 0 ? 1 : -1)),
    );
    const decoded = decodeWav(encodeWav(channelData, 16000));
    expect(decoded.channels).toBe(channels);
    for (let channel = 0; channel < channels; channel += 1) {
      decoded.channelData[channel]!.forEach((value, index) =>
        expect(Math.abs(value - channelData[channel]![index]!)).toBeLessThanOrEqual(1 / 32768 + 1e-9),
      );
    }
  });
});

describe('resampling to 16 kHz', () => {
  for (const sourceRate of [8000, 11025, 22050, 32000, 44100, 48000, 96000]) {
    test(`a 1 kHz sine at ${sourceRate} Hz keeps its frequency and level`, () => {
      const wav = decodeWav(
        encodeWav([sine(1000, 1, sourceRate)], sourceRate, { encoding: 'float', bitsPerSample: 32 }),
      );
      const output = toMono16k(wav);
      expect(Math.abs(output.length - 16000)).toBeLessThanOrEqual(1);
      expect(dominantFrequency(output.subarray(4000, 12192), 16000)).toBeCloseTo(1000, 0);
      expect(rms(output, 2000, 14000)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    });
  }

  test('a 3.3 kHz sine upsampled from 8 kHz stays at 3.3 kHz', () => {
    const output = resample(sine(3300, 1, 8000), 8000, 16000);
    expect(dominantFrequency(output.subarray(4000, 12192), 16000)).toBeCloseTo(3300, 0);
  });

  test('content above the new Nyquist is removed instead of aliasing (11 kHz at 48 kHz)', () => {
    const output = resample(sine(11000, 1, 48000), 48000, 16000);
    // Without a low-pass, 11 kHz would fold to 5 kHz at full level (RMS 0.35).
    expect(rms(output, 2000, 14000)).toBeLessThan(0.35 * 1e-3);
  });

  test('keeps speech-band content up to 7 kHz at 44.1 kHz', () => {
    const output = resample(sine(7000, 1, 44100), 44100, 16000);
    expect(rms(output, 2000, 14000)).toBeGreaterThan(0.98 * (0.5 / Math.SQRT2));
  });

  test('identity when the rates match, and rejects invalid rates', () => {
    const input = Float32Array.from([1, 2, 3]);
    expect(Array.from(resample(input, 16000, 16000))).toEqual([1, 2, 3]);
    expect(() => resample(input, 0, 16000)).toThrow(RangeError);
  });

  test('handles non-tabulated ratios (large coprime rates)', () => {
    const output = resample(sine(500, 0.5, 44101), 44101, 16000);
    expect(dominantFrequency(output.subarray(0, 8000), 16000)).toBeCloseTo(500, 0);
  });

  for (const sourceRate of [44100, 191999]) {
    test(`every output sample of a 1 kHz sine from ${sourceRate} Hz is the sine at 16 kHz (interpolated kernel or table)`, () => {
      const output = resample(sine(1000, 0.25, sourceRate), sourceRate, 16000);
      // Away from the edges (where the input is zero-padded), the band-limited sine is reproduced.
      let worst = 0;
      for (let index = 500; index < output.length - 500; index += 1)
        worst = Math.max(worst, Math.abs(output[index]! - 0.5 * Math.sin((2 * Math.PI * 1000 * index) / 16000)));
      expect(worst).toBeLessThan(1e-3);
    });
  }
});

const forged = (sampleRate: number, dataBytes: number, declaredDataBytes = dataBytes, channels = 1) =>
  forgedWav({ sampleRate, dataBytes, declaredDataBytes, channels });

describe('input limits (issue 21 §5)', () => {
  test('a 64 KB file whose header says 1 Hz is refused from its header, naming the supported range', () => {
    const error = caught(() => decodeWav(forged(1, 64 * 1024), 'bomb.wav'));
    expect(error.code).toBe('unsupported_format');
    expect(error.message).toBe(
      'bomb.wav: the header declares a sample rate of 1 Hz, outside the supported 8000–192000 Hz',
    );
    expect(caught(() => decodeWav(forged(1, 256 * 1024), 'bomb.wav')).code).toBe('unsupported_format');
    expect(caught(() => decodeWav(forged(7999, 1000))).message).toMatch(/7999 Hz, outside/);
    expect(caught(() => decodeWav(forged(192_001, 1000))).message).toMatch(/192001 Hz, outside/);
    expect(decodeWav(forged(8000, 1000)).sampleRate).toBe(8000);
    expect(decodeWav(forged(192_000, 1000)).sampleRate).toBe(192_000);
  });

  test('a header declaring more audio than the duration limit is refused before any sample is decoded', () => {
    // 2 GB declared in a 1 KB file: the duration check runs on the header alone.
    const error = caught(() => decodeWav(forged(8000, 1000, 2_000_000_000), 'long.wav'));
    expect(error.code).toBe('input_too_large');
    expect(error.message).toMatch(/^long\.wav: 125000 s of audio, over the 600 s limit for one clip/);
    // Streaming sizes are checked against the bytes that are really there.
    const streamed = forged(8000, 16000, 0xffffffff);
    expect(caught(() => decodeWav(streamed, 'live.wav', { maxSeconds: 0.5 })).message).toMatch(
      /1 s of audio, over the 0\.5 s limit/,
    );
  });

  test('too many channels and too large a file are refused, naming the limit', async () => {
    const error = caught(() => decodeWav(forged(16000, 1300, 1300, 65)));
    expect(error.code).toBe('input_too_large');
    expect(error.message).toMatch(/65 channels, over the limit of 64/);
    const directory = await mkdtemp(join(tmpdir(), 'speaker-id-limits-'));
    try {
      const path = join(directory, 'big.wav');
      await writeFile(path, encodeWav([new Float32Array(4096)], 16000));
      await expect(readWavFile(path, { maxFileBytes: 4096 })).rejects.toMatchObject({
        code: 'input_too_large',
        message: `${path}: 8 KiB, over the 4 KiB limit for one WAV file`,
      });
      expect((await readWavFile(path)).wav.frames).toBe(4096);
      expect(WAV_LIMITS.maxFileBytes).toBe(256 * 1024 * 1024);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('parseWavHeader (one parser for whole files and streams)', () => {
  const bytes = encodeWav([new Float32Array(50)], 16000, { extensible: true });

  test('asks for more bytes until the header is complete, whatever the split', () => {
    let length = 0;
    let parse = parseWavHeader(bytes.subarray(0, length));
    const steps: number[] = [];
    while (!parse.complete) {
      expect(parse.needBytes).toBeGreaterThan(length);
      length = parse.needBytes;
      steps.push(length);
      parse = parseWavHeader(bytes.subarray(0, length));
    }
    expect(parse.header).toEqual({
      encoding: 'pcm',
      formatTag: 1,
      channels: 1,
      sampleRate: 16000,
      bitsPerSample: 16,
      blockAlign: 2,
      dataOffset: 68,
      dataBytes: 100,
    });
    expect(steps.at(-1)).toBe(68);
  });

  propertyTest.prop([fc.integer({ min: 0, max: 68 })])('a prefix never completes early or throws', (cut) => {
    const parse = parseWavHeader(bytes.subarray(0, cut));
    expect(parse.complete).toBe(cut >= 68);
  });

  test('a stream whose chunks before the audio exceed the header limit is refused', () => {
    const list = new Uint8Array(12 + 8 + 2_000_000);
    list.set(bytes.subarray(0, 12));
    list.set(new TextEncoder().encode('LIST'), 12);
    new DataView(list.buffer).setUint32(16, 2_000_000, true);
    expect(caught(() => parseWavHeader(list, 'stream.wav')).message).toMatch(
      /stream\.wav: more than 1 MiB of chunks before the audio/,
    );
    // The chunk header alone is enough to refuse: a streaming reader never buffers the 2 MB body.
    expect(caught(() => parseWavHeader(list.subarray(0, 20), 'stream.wav')).code).toBe('input_too_large');
  });

  test('a "data" chunk before "fmt " is refused as soon as its header is read', () => {
    const swapped = bytes.slice(0, 20);
    swapped.set(new TextEncoder().encode('data'), 12);
    const error = caught(() => parseWavHeader(swapped, 'odd.wav'));
    expect(error.code).toBe('invalid_wav');
    expect(error.message).toBe('odd.wav: not a valid WAV file: the "data" chunk comes before the "fmt " chunk');
  });
});
