import { describe, expect, test } from 'vitest';
import { sine } from './testing/synthetic-voice.js';
import { computeFbank } from './fbank.js';
import { analyseSpeech, frameEnergiesDb, speechFrameMask } from './vad.js';

describe('energy VAD', () => {
  test('counts 10 ms frames above the threshold', () => {
    const samples = new Float32Array(32000);
    samples.set(sine(200, 1, 16000, 0.3), 8000);
    const analysis = analyseSpeech(samples);
    expect(analysis.frames).toBe(200);
    expect(analysis.speechSeconds).toBeGreaterThan(0.95);
    expect(analysis.speechSeconds).toBeLessThan(1.1);
  });

  test('digital silence and very quiet noise are not speech', () => {
    expect(analyseSpeech(new Float32Array(16000)).speechFrames).toBe(0);
    const hiss = Float32Array.from({ length: 16000 }, (_, index) => 1e-4 * Math.sin(index * 12.9898));
    expect(analyseSpeech(hiss).speechFrames).toBe(0);
  });

  test('frames far below the loud frames are not speech even above the absolute floor', () => {
    const energies = Float32Array.from([-10, -10, -10, -45, -20]);
    expect(Array.from(speechFrameMask(energies))).toEqual([1, 1, 1, 0, 1]);
    expect(Array.from(speechFrameMask(energies, { relativeRangeDb: 40 }))).toEqual([1, 1, 1, 1, 1]);
  });

  test('uses the same energies as the fbank', () => {
    const samples = sine(300, 0.3, 16000, 0.2);
    expect(Array.from(frameEnergiesDb(samples))).toEqual(
      Array.from(computeFbank(samples).energyDb).map((value) => expect.closeTo(value, 4)),
    );
  });
});
