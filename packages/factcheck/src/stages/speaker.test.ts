import { createStatisticsEmbedder, createVoicesFile, addSpeaker, enrollSpeaker } from '@espectro/speaker-id';
import { describe, expect, test } from 'vitest';
import { testContext } from '../__fixtures__/context.js';
import { createRecordedSpeakerIdentifier, createSpeakerIdIdentifier } from './speaker.js';

/** A deterministic speech-like signal (pulse train through formant resonators), as PCM16. */
function voice(pitch: number, formants: number[], seconds: number, seed: number): Int16Array {
  const rate = 16000;
  const length = Math.round(seconds * rate);
  let state = seed;
  const random = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  let signal = new Float64Array(length);
  let phase = 0;
  let left = 0;
  let voiced = true;
  for (let index = 0; index < length; index += 1) {
    if (left-- <= 0) {
      voiced = random() > 0.2;
      left = Math.round((0.12 + random() * 0.2) * rate);
    }
    phase += (pitch * (1 + 0.08 * Math.sin((2 * Math.PI * index) / rate + seed))) / rate;
    const pulse = phase >= 1 ? 1 : 0;
    if (phase >= 1) phase -= 1;
    signal[index] = voiced ? pulse + 0.02 * (random() - 0.5) : 0;
  }
  for (const formant of formants) {
    const radius = Math.exp((-Math.PI * (80 + 0.05 * formant)) / rate);
    const a1 = 2 * radius * Math.cos((2 * Math.PI * formant) / rate);
    const filtered = new Float64Array(length);
    for (let index = 0; index < length; index += 1) filtered[index] = signal[index]! + a1 * (filtered[index - 1] ?? 0) - radius * radius * (filtered[index - 2] ?? 0);
    signal = filtered;
  }
  const peak = signal.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
  return Int16Array.from(signal, (value) => Math.round((0.5 * value * 32767) / peak));
}

const helena = (seconds: number, seed: number) => voice(210, [850, 1600, 2900, 3900], seconds, seed);
const otavio = (seconds: number, seed: number) => voice(105, [600, 1150, 2400, 3300], seconds, seed);
const float = (samples: Int16Array) => Float32Array.from(samples, (sample) => sample / 32768);

describe('stage 3 — speaker', () => {
  test('over @espectro/speaker-id (offline statistics embedder): enrolled candidates are recognised, silence stays unknown', async () => {
    const embedder = createStatisticsEmbedder();
    let voices = createVoicesFile(embedder, new Date('2026-09-01T00:00:00Z'));
    voices = addSpeaker(voices, await enrollSpeaker({ name: 'helena', clips: [{ file: 'h1', samples: float(helena(3, 1)) }, { file: 'h2', samples: float(helena(3, 2)) }], embedder }), embedder);
    voices = addSpeaker(voices, await enrollSpeaker({ name: 'Otávio Barreto', clips: [{ file: 'o1', samples: float(otavio(3, 1)) }, { file: 'o2', samples: float(otavio(3, 2)) }], embedder }), embedder);
    const speaker = await createSpeakerIdIdentifier({ voices, embedder, aliases: { helena: 'Helena Valadares' } });
    const chunk = (index: number, samples: Int16Array) => ({ index, startSeconds: index * 10, durationSeconds: samples.length / 16000, samples });
    expect((await speaker.identify(chunk(0, helena(10, 7)), testContext())).speaker).toBe('Helena Valadares');
    expect((await speaker.identify(chunk(1, otavio(10, 8)), testContext())).speaker).toBe('Otávio Barreto');
    expect(await speaker.identify(chunk(2, new Int16Array(160_000)), testContext())).toMatchObject({ speaker: null, score: null });
    await expect(speaker.identify({ index: 3, startSeconds: 30, durationSeconds: 10 }, testContext())).rejects.toMatchObject({ code: 'invalid_audio' });
  });

  test('a missing voices file is a configuration error', async () => {
    await expect(createSpeakerIdIdentifier({ voices: '/nonexistent/voices.json' })).rejects.toMatchObject({ code: 'missing_configuration', field: 'voices' });
  });

  test('recorded speakers (replays, operator logs)', async () => {
    const speaker = createRecordedSpeakerIdentifier({ 1: 'Helena Valadares', 2: { speaker: null, score: 0.2 } });
    expect(await speaker.identify({ index: 0, startSeconds: 0, durationSeconds: 10 }, testContext())).toEqual({ speaker: null, score: null, backend: 'recorded' });
    expect(await speaker.identify({ index: 1, startSeconds: 10, durationSeconds: 10 }, testContext())).toEqual({ speaker: 'Helena Valadares', score: null, backend: 'recorded' });
    expect(await speaker.identify({ index: 2, startSeconds: 20, durationSeconds: 10 }, testContext())).toEqual({ speaker: null, score: 0.2, backend: 'recorded' });
  });
});
