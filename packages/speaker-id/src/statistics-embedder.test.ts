import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { syntheticSpeakers, syntheticVoice } from './testing/synthetic-voice.js';
import { embedderForVoices } from './default-embedder.js';
import { STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND } from './embedder.js';
import { addSpeaker, createVoicesFile, enrollSpeaker } from './enrollment.js';
import { identifySamples } from './pipeline.js';
import { perSpeakerThresholds } from './identify.js';
import { STATISTICS_PROJECTED_COHORT, STATISTICS_PROJECTION } from './statistics-projection.data.js';
import {
  createProjectedStatisticsEmbedder,
  createStatisticsEmbedder,
  deltaFeatures,
  statisticsEmbedding,
} from './statistics-embedder.js';
import { cosineSimilarity, norm } from './vectors.js';

describe('statistics embedder', () => {
  const embedder = createStatisticsEmbedder();
  const ana = syntheticVoice(syntheticSpeakers.ana!, 3, 1);

  test('is labelled as the offline backend, 240-dimensional and unit length', () => {
    expect(embedder.backend).toBe(STATISTICS_BACKEND);
    expect(embedder.backend).toBe('statistics (offline, no model)');
    expect(embedder.dimension).toBe(240);
    const embedding = embedder.embed(ana, 16000) as Float32Array;
    expect(embedding).toHaveLength(240);
    expect(norm(embedding)).toBeCloseTo(1, 5);
  });

  test('is deterministic', () => {
    expect(statisticsEmbedding(ana)).toEqual(statisticsEmbedding(ana));
  });

  test('ignores recording gain', () => {
    const reference = statisticsEmbedding(ana);
    // −6 dB: the same frames pass the VAD, so only the per-block normalisation is at work.
    expect(cosineSimilarity(reference, statisticsEmbedding(ana.map((value) => value * 0.5)))).toBeGreaterThan(0.999);
    // −20 dB: quiet frames now fall under the VAD's absolute floor, so the selection changes a little.
    expect(cosineSimilarity(reference, statisticsEmbedding(ana.map((value) => value * 0.1)))).toBeGreaterThan(0.98);
  });

  test('ignores trailing silence (only speech frames are summarised)', () => {
    const padded = new Float32Array(ana.length + 32000);
    padded.set(ana);
    expect(cosineSimilarity(statisticsEmbedding(ana), statisticsEmbedding(padded))).toBeGreaterThan(0.99);
  });

  test('the same synthetic speaker is closer than a different one', () => {
    const anaAgain = statisticsEmbedding(syntheticVoice(syntheticSpeakers.ana!, 3, 2));
    const bruno = statisticsEmbedding(syntheticVoice(syntheticSpeakers.bruno!, 3, 2));
    const reference = statisticsEmbedding(ana);
    expect(cosineSimilarity(reference, anaAgain)).toBeGreaterThan(cosineSimilarity(reference, bruno) + 0.1);
  });

  test('rejects other sample rates and returns zeros for empty input', () => {
    expect(() => embedder.embed(ana, 8000 as 16000)).toThrow(/16 kHz/);
    expect(Array.from(statisticsEmbedding(new Float32Array(0))).every((value) => value === 0)).toBe(true);
  });

  test('Kaldi deltas of a ramp are its slope, replicated at the edges', () => {
    const ramp = Float32Array.from({ length: 6 }, (_, index) => index);
    const deltas = deltaFeatures(ramp, 6, 1);
    expect(deltas[2]).toBeCloseTo(1, 10);
    expect(deltas[3]).toBeCloseTo(1, 10);
    expect(deltas[0]).toBeCloseTo(0.5, 10);
  });

  propertyTest.prop([fc.integer({ min: 1, max: 1000 })], { numRuns: 10 })(
    'embeddings are finite and unit length for any seed',
    (seed) => {
      const embedding = statisticsEmbedding(syntheticVoice(syntheticSpeakers.carla!, 0.5, seed));
      expect(embedding.every(Number.isFinite)).toBe(true);
      expect(norm(embedding)).toBeCloseTo(1, 5);
    },
  );
});

describe('projected statistics embedder (shipped LDA)', () => {
  test('has its own backend label and dimension, and voices files enrolled with it load it back', async () => {
    const projected = createProjectedStatisticsEmbedder();
    expect(projected.backend).toBe(STATISTICS_PROJECTED_BACKEND);
    expect(projected.dimension).toBe(STATISTICS_PROJECTION.dimension);
    const embedding = (await projected.embed(syntheticVoice(syntheticSpeakers.ana!, 3, 1), 16000)) as Float32Array;
    expect(embedding).toHaveLength(40);
    expect(norm(embedding)).toBeCloseTo(1, 5);
    const voices = createVoicesFile(projected);
    expect((await embedderForVoices(voices)).backend).toBe(STATISTICS_PROJECTED_BACKEND);
    expect((await embedderForVoices(createVoicesFile(createStatisticsEmbedder()))).backend).toBe(STATISTICS_BACKEND);
  });

  test('identifySamples applies per-speaker thresholds', async () => {
    const projected = createProjectedStatisticsEmbedder();
    const ana = await enrollSpeaker({
      name: 'ana',
      clips: [{ file: 'ana-1', samples: syntheticVoice(syntheticSpeakers.ana!, 3, 1) }],
      embedder: projected,
    });
    const voices = addSpeaker(createVoicesFile(projected), ana, projected);
    const chunk = syntheticVoice(syntheticSpeakers.ana!, 3, 9);
    const open = await identifySamples(chunk, { voices, embedder: projected, unknownThreshold: -1 });
    expect(open).toMatchObject({ speaker: 'ana', threshold: -1, rule: { kind: 'cosine', source: 'caller' } });
    const strict = await identifySamples(chunk, {
      voices,
      embedder: projected,
      perSpeaker: { ana: open.score! + 0.01 },
    });
    expect(strict).toMatchObject({
      speaker: null,
      reason: 'below_threshold',
      threshold: open.score! + 0.01,
      rule: { kind: 'per-speaker', source: 'caller' },
    });
    // Without options, the backend's own rule: per-speaker thresholds over the shipped cohort.
    const byDefault = await identifySamples(chunk, { voices, embedder: projected });
    expect(byDefault).toMatchObject({
      speaker: 'ana',
      rule: { kind: 'per-speaker-cohort', source: 'backend default' },
      threshold: perSpeakerThresholds(voices.speakers, STATISTICS_PROJECTED_COHORT, { minimum: 0.65 }).ana,
    });
    expect(byDefault.score!).toBeGreaterThanOrEqual(byDefault.threshold!);
    const silence = await identifySamples(new Float32Array(48000), { voices, embedder: projected });
    expect(silence).toMatchObject({ reason: 'silence', threshold: null, rule: { kind: 'per-speaker-cohort' } });
  });
});
