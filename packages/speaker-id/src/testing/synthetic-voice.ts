/**
 * Deterministic synthetic "voices" for tests and benchmarks that must run without espeak-ng: a
 * glottal pulse train at a speaker's pitch (with slow intonation), shaped by that speaker's formant
 * resonators, gated into syllables with short pauses, plus a little seeded noise.
 */

/** A synthetic speaker. */
export interface SyntheticSpeaker {
  /** Mean pitch in Hz. */
  pitch: number;
  /** Formant centre frequencies in Hz (each with bandwidth ~ 80 Hz + 5 %). */
  formants: number[];
}

/** Three clearly different synthetic speakers. */
export const syntheticSpeakers: Record<string, SyntheticSpeaker> = {
  ana: { pitch: 210, formants: [850, 1600, 2900, 3900] },
  bruno: { pitch: 105, formants: [600, 1150, 2400, 3300] },
  carla: { pitch: 165, formants: [350, 2200, 3100, 4300] },
};

function lcg(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `seconds` of 16 kHz speech-like audio of `speaker`; `seed` varies intonation, rhythm and noise. */
export function syntheticVoice(speaker: SyntheticSpeaker, seconds: number, seed = 1): Float32Array {
  const sampleRate = 16000;
  const random = lcg(seed);
  const length = Math.round(seconds * sampleRate);
  const source = new Float64Array(length);
  let phase = 0;
  let syllableLeft = 0;
  let voiced = true;
  for (let index = 0; index < length; index += 1) {
    if (syllableLeft <= 0) {
      voiced = random() > 0.2;
      syllableLeft = Math.round((0.12 + random() * 0.2) * sampleRate);
    }
    syllableLeft -= 1;
    const time = index / sampleRate;
    const pitch = speaker.pitch * (1 + 0.08 * Math.sin(2 * Math.PI * (0.7 + 0.3 * (seed % 3)) * time + seed));
    phase += pitch / sampleRate;
    let pulse = 0;
    if (phase >= 1) {
      phase -= 1;
      pulse = 1;
    }
    source[index] = voiced ? pulse + 0.02 * (random() - 0.5) : 0.001 * (random() - 0.5);
  }
  let signal = source;
  for (const formant of speaker.formants) {
    const bandwidth = 80 + 0.05 * formant;
    const radius = Math.exp((-Math.PI * bandwidth) / sampleRate);
    const a1 = 2 * radius * Math.cos((2 * Math.PI * formant) / sampleRate);
    const a2 = -radius * radius;
    const output = new Float64Array(length);
    for (let index = 0; index < length; index += 1) {
      output[index] = signal[index]! + a1 * (output[index - 1] ?? 0) + a2 * (output[index - 2] ?? 0);
    }
    signal = output;
  }
  let peak = 0;
  for (const value of signal) peak = Math.max(peak, Math.abs(value));
  const result = new Float32Array(length);
  for (let index = 0; index < length; index += 1) result[index] = peak === 0 ? 0 : (0.5 * signal[index]!) / peak;
  return result;
}

/** A pure tone (for WAV/resampler tests). */
export function sine(frequency: number, seconds: number, sampleRate: number, amplitude = 0.5): Float32Array {
  const length = Math.round(seconds * sampleRate);
  const samples = new Float32Array(length);
  for (let index = 0; index < length; index += 1)
    samples[index] = amplitude * Math.sin((2 * Math.PI * frequency * index) / sampleRate);
  return samples;
}
