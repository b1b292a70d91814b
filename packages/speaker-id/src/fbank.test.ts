import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { sine } from './testing/synthetic-voice.js';
import { computeFbank, extractFrame, frameCount, frameStart, melScale, poveyWindow } from './fbank.js';
import { Fft } from './fft.js';

describe('Kaldi framing', () => {
  test('snip_edges=false gives round(N / shift) frames centred on multiples of the shift', () => {
    expect(frameCount(16000, 400, 160, false)).toBe(100);
    expect(frameCount(16079, 400, 160, false)).toBe(100);
    expect(frameCount(16080, 400, 160, false)).toBe(101);
    expect(frameStart(0, 400, 160, false)).toBe(-120);
    expect(frameStart(1, 400, 160, false)).toBe(40);
  });

  test('snip_edges=true drops partial frames', () => {
    expect(frameCount(399, 400, 160, true)).toBe(0);
    expect(frameCount(400, 400, 160, true)).toBe(1);
    expect(frameCount(16000, 400, 160, true)).toBe(98);
  });

  test('samples before the start and after the end are reflected', () => {
    const frame = new Float64Array(6);
    extractFrame(Float32Array.from([1, 2, 3]), -2, frame);
    expect(Array.from(frame)).toEqual([2, 1, 1, 2, 3, 3]);
  });
});

describe('computeFbank', () => {
  test('Kaldi mel scale and Povey window', () => {
    expect(melScale(700)).toBeCloseTo(1127 * Math.log(2), 10);
    const window = poveyWindow(400);
    expect(window[0]).toBe(0);
    expect(window[399]).toBeCloseTo(0, 12);
    expect(Math.max(...window)).toBeCloseTo(1, 4);
  });

  test('80 bins per 10 ms frame', () => {
    const features = computeFbank(sine(440, 1, 16000));
    expect(features.bins).toBe(80);
    expect(features.frames).toBe(100);
    expect(features.data).toHaveLength(8000);
    expect(features.energyDb).toHaveLength(100);
  });

  test('a tone puts its energy in the mel bin around its frequency', () => {
    for (const frequency of [300, 1000, 3000, 6000]) {
      const features = computeFbank(sine(frequency, 0.5, 16000));
      const middle = 25 * 80;
      const row = Array.from(features.data.subarray(middle, middle + 80));
      const peak = row.indexOf(Math.max(...row));
      // Centre frequencies of the 80 Kaldi bins between 20 and 7600 Hz, on the mel scale.
      const low = melScale(20);
      const delta = (melScale(7600) - low) / 81;
      const centre = 700 * (Math.exp((low + (peak + 1) * delta) / 1127) - 1);
      expect(Math.abs(centre - frequency) / frequency).toBeLessThan(0.1);
    }
  });

  test('digital silence hits the log floor and a very low energy', () => {
    const features = computeFbank(new Float32Array(1600));
    expect(Math.max(...features.data)).toBeCloseTo(Math.log(1.1920928955078125e-7), 5);
    expect(Math.max(...features.energyDb)).toBe(-120);
  });

  test('energy of a full-scale sine is about −3 dBFS', () => {
    const features = computeFbank(sine(1000, 0.5, 16000, 1));
    expect(features.energyDb[25]).toBeCloseTo(-3.01, 1);
  });

  test('empty input gives no frames', () => {
    expect(computeFbank(new Float32Array(0)).frames).toBe(0);
  });

  propertyTest.prop([fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 2000 })])(
    'is deterministic (dither 0) and finite for any input',
    (values) => {
      const samples = Float32Array.from(values);
      const first = computeFbank(samples);
      const second = computeFbank(samples);
      expect(first.data).toEqual(second.data);
      expect(first.data.every(Number.isFinite)).toBe(true);
    },
  );

  propertyTest.prop([fc.double({ min: 0.05, max: 20, noNaN: true })])(
    'a gain change shifts every bin by the same log amount',
    (gain) => {
      const samples = sine(700, 0.2, 16000, 0.04);
      const scaled = samples.map((value) => value * gain);
      const reference = computeFbank(samples);
      const changed = computeFbank(scaled);
      const expected = 2 * Math.log(gain);
      for (let index = 10 * 80; index < 11 * 80; index += 1) {
        if (reference.data[index]! > -5) expect(changed.data[index]! - reference.data[index]!).toBeCloseTo(expected, 2);
      }
    },
  );
});

describe('Fft', () => {
  test('matches a direct DFT', () => {
    const size = 16;
    const fft = new Fft(size);
    const input = Array.from({ length: size }, (_, index) => Math.sin(index * 1.3) + 0.5 * Math.cos(index * 0.4));
    const real = Float64Array.from(input);
    const imaginary = new Float64Array(size);
    fft.transform(real, imaginary);
    for (let bin = 0; bin < size; bin += 1) {
      let expectedReal = 0;
      let expectedImaginary = 0;
      input.forEach((value, index) => {
        expectedReal += value * Math.cos((2 * Math.PI * bin * index) / size);
        expectedImaginary -= value * Math.sin((2 * Math.PI * bin * index) / size);
      });
      expect(real[bin]).toBeCloseTo(expectedReal, 9);
      expect(imaginary[bin]).toBeCloseTo(expectedImaginary, 9);
    }
  });

  test('rejects sizes that are not powers of two', () => {
    expect(() => new Fft(12)).toThrow(RangeError);
  });
});
