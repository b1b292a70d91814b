import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Fft } from '../fft.js';
import { sine, syntheticSpeakers, syntheticVoice } from '../testing/synthetic-voice.js';
import { decodeWav, downmixToMono, encodeWav } from '../wav.js';
import { toolAvailable } from './audio-tools.js';
import { applyCondition, CONDITION_DESCRIPTIONS, CONDITION_IDS, type ConditionId } from './conditions.js';

/** Share of a signal's power above `hertz` (16 kHz audio, 512-point frames). */
function powerAbove(samples: Float32Array, sampleRate: number, hertz: number): number {
  const size = 512;
  const fft = new Fft(size);
  const power = new Float64Array(size / 2 + 1);
  const real = new Float64Array(size);
  const imaginary = new Float64Array(size);
  let above = 0;
  let total = 0;
  for (let start = 0; start + size <= samples.length; start += size) {
    fft.powerSpectrum(samples.subarray(start, start + size), power, real, imaginary);
    for (let bin = 1; bin < power.length; bin += 1) {
      total += power[bin]!;
      if ((bin * sampleRate) / size > hertz) above += power[bin]!;
    }
  }
  return total === 0 ? 0 : above / total;
}

const narrowband: readonly ConditionId[] = ['roundtrip-8k', 'gsm-8k', 'amr-nb-12k2', 'alaw-8k', 'ima-adpcm-8k'];

describe.skipIf(!toolAvailable('sox'))('recording conditions (SoX)', () => {
  let directory: string;
  let input: string;
  // A synthetic voice plus a 6 kHz tone, so the band limit of the 8 kHz conditions is measurable.
  const tone = sine(6000, 2, 16000, 0.1);
  const clean = syntheticVoice(syntheticSpeakers.ana!, 2, 1).map((value, index) => value + tone[index]!);

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'espectro-conditions-'));
    input = join(directory, 'source.wav');
    await writeFile(input, encodeWav([clean], 16000));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  test('every condition writes a WAV of the same length that still carries the voice; the codecs change it', async () => {
    const cleanPowerAbove = powerAbove(clean, 16000, 4200);
    expect(cleanPowerAbove).toBeGreaterThan(0.05);
    for (const condition of CONDITION_IDS) {
      expect(CONDITION_DESCRIPTIONS[condition]).toBeTruthy();
      const output = join(directory, `out-${condition}.wav`);
      await applyCondition(input, condition, output, 3);
      const wav = decodeWav(await readFile(output), output);
      const mono = downmixToMono(wav);
      expect(Math.abs(wav.seconds - 2), condition).toBeLessThan(0.1);
      const rms = (signal: Float32Array) =>
        Math.sqrt(signal.reduce((sum, value) => sum + value * value, 0) / signal.length);
      expect(rms(mono) / rms(clean), condition).toBeGreaterThan(0.3);
      if (wav.sampleRate === 16000 && condition !== 'clean' && condition !== 'rate-16000') {
        expect(
          mono.some((value, index) => Math.abs(value - (clean[index] ?? 0)) > 1e-3),
          condition,
        ).toBe(true);
      }
      // Through 8 kHz, nothing of the voice's energy above 4 kHz survives.
      if (narrowband.includes(condition)) {
        expect(wav.sampleRate, condition).toBe(16000);
        expect(powerAbove(mono, 16000, 4200), condition).toBeLessThan(cleanPowerAbove / 20);
      }
    }
  });
});
