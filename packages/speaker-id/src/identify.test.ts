import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { CAMPPLUS_BACKEND, STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND } from './embedder.js';
import {
  COHORT_FLOOR_QUANTILE,
  COHORT_GUARD,
  decisionRuleFor,
  identifyEmbedding,
  perSpeakerThresholds,
  scoreAgainstSpeakers,
  shippedCohorts,
  thresholdsFor,
} from './identify.js';
import { STATISTICS_PROJECTED_COHORT } from './statistics-projection.data.js';
import { averageEmbedding, cosineSimilarity, l2Normalize } from './vectors.js';

const vector = (length: number) =>
  fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: length, maxLength: length });

describe('cosineSimilarity', () => {
  propertyTest.prop([fc.integer({ min: 1, max: 16 }).chain((length) => fc.tuple(vector(length), vector(length)))])(
    'is symmetric and within [-1, 1]',
    ([left, right]) => {
      const forward = cosineSimilarity(left, right);
      expect(forward).toBe(cosineSimilarity(right, left));
      expect(forward).toBeGreaterThanOrEqual(-1);
      expect(forward).toBeLessThanOrEqual(1);
    },
  );

  test('known values, zero vectors and dimension mismatch', () => {
    expect(cosineSimilarity([1, 0], [0, 1])).toBe(0);
    expect(cosineSimilarity([1, 1], [2, 2])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([0, 0], [1, 0])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(RangeError);
  });

  test('averageEmbedding averages unit vectors and renormalises', () => {
    const average = averageEmbedding([
      [10, 0],
      [0, 1],
    ]);
    expect(average[0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(average[1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(Array.from(l2Normalize([0, 0]))).toEqual([0, 0]);
  });
});

describe('identifyEmbedding', () => {
  const speakers = [
    { name: 'ana', embedding: [1, 0, 0] },
    { name: 'bruno', embedding: [0, 1, 0] },
    { name: 'carla', embedding: [0, 0, 1] },
  ];
  const loose = { unknownThreshold: 0.5, minMargin: 0.1 };

  test('picks the closest voice and reports score, margin and every score', () => {
    const result = identifyEmbedding([0.9, 0.3, 0.1], speakers, loose);
    expect(result.speaker).toBe('ana');
    expect(result.reason).toBe('identified');
    expect(result.score).toBeCloseTo(0.9435, 3);
    expect(result.margin).toBeCloseTo(0.9435 - 0.3145, 3);
    expect(Object.keys(result.scores).sort()).toEqual(['ana', 'bruno', 'carla']);
  });

  test('below the unknown threshold → unknown, with the best candidate still named', () => {
    const result = identifyEmbedding([0.4, 0.3, 0.35], speakers, { unknownThreshold: 0.9, minMargin: 0 });
    expect(result).toMatchObject({ speaker: null, reason: 'below_threshold', bestCandidate: 'ana' });
  });

  test('a low margin between the two best → unknown', () => {
    const result = identifyEmbedding([0.7, 0.69, 0], speakers, loose);
    expect(result).toMatchObject({ speaker: null, reason: 'low_margin', bestCandidate: 'ana' });
    expect(result.margin).toBeLessThan(0.1);
  });

  test('one enrolled voice has no margin; none enrolled gives no speaker', () => {
    const single = identifyEmbedding([1, 0, 0], [speakers[0]!], loose);
    expect(single).toMatchObject({ speaker: 'ana', margin: null });
    expect(identifyEmbedding([1, 0, 0], [], loose)).toMatchObject({ speaker: null, reason: 'no_speakers' });
  });

  test('refuses duplicate names', () => {
    expect(() => identifyEmbedding([1, 0, 0], [speakers[0]!, speakers[0]!], loose)).toThrow(/enrolled twice/);
  });

  propertyTest.prop([
    fc.array(vector(4), { minLength: 1, maxLength: 6 }),
    vector(4),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: 0, max: 0.5, noNaN: true }),
    fc.integer({ min: 0, max: 1000 }),
  ])('does not depend on the order of the enrolled voices', (embeddings, chunk, unknownThreshold, minMargin, seed) => {
    const enrolled = embeddings.map((embedding, index) => ({ name: `speaker-${index}`, embedding }));
    const reversed = [...enrolled].reverse();
    const shift = seed % reversed.length;
    const reordered = [...reversed.slice(shift), ...reversed.slice(0, shift)];
    const first = identifyEmbedding(chunk, enrolled, { unknownThreshold, minMargin });
    const second = identifyEmbedding(chunk, reordered, { unknownThreshold, minMargin });
    expect(second.speaker).toBe(first.speaker);
    expect(second.bestCandidate).toBe(first.bestCandidate);
    expect(second.score).toBe(first.score);
    expect(second.margin).toBe(first.margin);
    expect(second.scores).toEqual(first.scores);
  });
});

describe('adaptive s-norm', () => {
  test('normalises by the cohort statistics of both sides', () => {
    const speaker = { name: 'ana', embedding: [1, 0, 0] };
    const cohort = [
      [0, 1, 0],
      [0, 0, 1],
      [0.5, 0.5, 0],
    ];
    const chunk = [0.8, 0.6, 0];
    const raw = cosineSimilarity(chunk, speaker.embedding);
    const chunkScores = cohort
      .map((member) => cosineSimilarity(chunk, member))
      .sort((a, b) => b - a)
      .slice(0, 2);
    const speakerScores = cohort
      .map((member) => cosineSimilarity(speaker.embedding, member))
      .sort((a, b) => b - a)
      .slice(0, 2);
    const stats = (values: number[]) => {
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      return {
        mean,
        deviation: Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length),
      };
    };
    const chunkStats = stats(chunkScores);
    const speakerStats = stats(speakerScores);
    const expected =
      0.5 * ((raw - chunkStats.mean) / chunkStats.deviation + (raw - speakerStats.mean) / speakerStats.deviation);
    expect(scoreAgainstSpeakers(chunk, [speaker], { cohort, cohortTopN: 2 }).ana).toBeCloseTo(expected, 10);
  });

  test('without a cohort the scores are plain cosines; bad topN is rejected', () => {
    expect(scoreAgainstSpeakers([1, 0], [{ name: 'a', embedding: [1, 0] }]).a).toBe(1);
    expect(() =>
      scoreAgainstSpeakers([1, 0], [{ name: 'a', embedding: [1, 0] }], { cohort: [[0, 1]], cohortTopN: 0 }),
    ).toThrow(/cohortTopN/);
  });

  test('backend defaults: CAM++ 0.5 cosine, statistics higher, s-norm in σ units', () => {
    expect(thresholdsFor(CAMPPLUS_BACKEND, false).unknownThreshold).toBe(0.5);
    expect(thresholdsFor(STATISTICS_BACKEND, false).unknownThreshold).toBeGreaterThan(0.5);
    expect(thresholdsFor('something else', true)).toEqual(thresholdsFor(CAMPPLUS_BACKEND, true));
  });
});

describe('per-speaker thresholds from a cohort', () => {
  propertyTest.prop([
    fc.array(vector(3), { minLength: 1, maxLength: 4 }),
    fc.array(vector(3), { minLength: 1, maxLength: 8 }),
    fc.double({ min: 0.001, max: 0.1, noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
  ])(
    'each is the highest cohort score plus the guard, raised to the pooled quantile',
    (embeddings, cohort, guard, floorQuantile) => {
      const speakers = embeddings.map((embedding, index) => ({ name: `speaker-${index}`, embedding }));
      const withFloor = perSpeakerThresholds(speakers, cohort, { guard, floorQuantile });
      const withoutFloor = perSpeakerThresholds(speakers, cohort, { guard, floorQuantile: 0 });
      const pooled = speakers.flatMap((speaker) => cohort.map((member) => cosineSimilarity(member, speaker.embedding)));
      for (const speaker of speakers) {
        const highest = Math.max(...cohort.map((member) => cosineSimilarity(member, speaker.embedding)));
        expect(withoutFloor[speaker.name]).toBeCloseTo(highest + guard, 12);
        expect(withFloor[speaker.name]!).toBeGreaterThanOrEqual(withoutFloor[speaker.name]!);
        // The floor is one of the pooled scores, at or above the wanted share of them.
        const floor = withFloor[speaker.name]!;
        if (floor > withoutFloor[speaker.name]!) {
          expect(pooled).toContain(floor);
          expect(pooled.filter((score) => score < floor).length).toBeLessThanOrEqual(
            Math.floor(floorQuantile * pooled.length),
          );
        }
      }
      // No cohort voice clears any threshold, so a cohort voice as the chunk is never identified.
      for (const member of cohort)
        expect(
          identifyEmbedding(member, speakers, { unknownThreshold: -1, minMargin: 0, perSpeaker: withFloor }).speaker,
        ).toBeNull();
    },
  );

  propertyTest.prop([
    fc.array(vector(3), { minLength: 1, maxLength: 4 }),
    fc.array(vector(3), { minLength: 1, maxLength: 8 }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  ])('a minimum raises every threshold to it and changes nothing above it', (embeddings, cohort, minimum) => {
    const speakers = embeddings.map((embedding, index) => ({ name: `speaker-${index}`, embedding }));
    const plain = perSpeakerThresholds(speakers, cohort);
    const raised = perSpeakerThresholds(speakers, cohort, { minimum });
    for (const speaker of speakers) expect(raised[speaker.name]).toBe(Math.max(plain[speaker.name]!, minimum));
  });

  test('needs a cohort and a quantile in [0, 1]', () => {
    const speakers = [{ name: 'a', embedding: [1, 0] }];
    expect(() => perSpeakerThresholds(speakers, [])).toThrow(/need a cohort/);
    expect(() => perSpeakerThresholds(speakers, [[0, 1]], { floorQuantile: 2 })).toThrow(/floorQuantile/);
    expect(() => perSpeakerThresholds(speakers, [[0, 1]], { minimum: Number.NaN })).toThrow(/minimum/);
  });
});

describe('the decision rule of a backend (decisionRuleFor)', () => {
  const unit = (index: number, dimension = 40) =>
    Array.from({ length: dimension }, (_, position) => (position === index ? 1 : 0.1 * Math.sin(index + position)));
  const speakers = [
    { name: 'ana', embedding: l2Normalize(Float32Array.from(unit(0))) },
    { name: 'bruno', embedding: l2Normalize(Float32Array.from(unit(1))) },
  ];

  test('the LDA backend decides by per-speaker thresholds over its shipped cohort unless the caller sets one', () => {
    expect(shippedCohorts[STATISTICS_PROJECTED_BACKEND]).toBe(STATISTICS_PROJECTED_COHORT);
    const chosen = decisionRuleFor(STATISTICS_PROJECTED_BACKEND, speakers);
    expect(chosen.rule).toMatchObject({ kind: 'per-speaker-cohort', source: 'backend default' });
    expect(chosen.rule.description).toContain(`(${STATISTICS_PROJECTED_COHORT.length} clips)`);
    expect(chosen.rule.description).toContain(`+ ${COHORT_GUARD}`);
    expect(chosen.rule.description).toContain(`${COHORT_FLOOR_QUANTILE} quantile`);
    const backendDefault = thresholdsFor(STATISTICS_PROJECTED_BACKEND, false).unknownThreshold;
    expect(chosen.thresholds.perSpeaker).toEqual(
      perSpeakerThresholds(speakers, STATISTICS_PROJECTED_COHORT, { minimum: backendDefault }),
    );
    for (const value of Object.values(chosen.thresholds.perSpeaker!))
      expect(value).toBeGreaterThanOrEqual(backendDefault);
    expect(chosen.thresholds.minMargin).toBe(thresholdsFor(STATISTICS_PROJECTED_BACKEND, false).minMargin);
    // A caller's threshold, per-speaker table or cohort wins, and the rule says so.
    expect(decisionRuleFor(STATISTICS_PROJECTED_BACKEND, speakers, { unknownThreshold: 0.7 })).toEqual({
      thresholds: { unknownThreshold: 0.7, minMargin: 0.02 },
      rule: { kind: 'cosine', source: 'caller', description: 'cosine ≥ 0.7 (threshold given)' },
    });
    expect(decisionRuleFor(STATISTICS_PROJECTED_BACKEND, speakers, { perSpeaker: { ana: 0.9 } }).rule).toMatchObject({
      kind: 'per-speaker',
      source: 'caller',
    });
    const asNorm = decisionRuleFor(STATISTICS_PROJECTED_BACKEND, speakers, { cohort: [unit(5), unit(6)] });
    expect(asNorm.rule).toEqual({
      kind: 'as-norm',
      source: 'backend default',
      description: 'AS-norm scores over a cohort of 2 ≥ 2 σ (backend default)',
    });
    expect(asNorm.thresholds.perSpeaker).toBeUndefined();
  });

  test('backends without a shipped cohort keep one cosine threshold; no enrolled voices need no cohort', () => {
    for (const backend of [STATISTICS_BACKEND, CAMPPLUS_BACKEND]) {
      const chosen = decisionRuleFor(backend, speakers);
      expect(chosen.rule).toEqual({
        kind: 'cosine',
        source: 'backend default',
        description: `cosine ≥ ${thresholdsFor(backend, false).unknownThreshold} (backend default)`,
      });
      expect(chosen.thresholds).toEqual(thresholdsFor(backend, false));
    }
    expect(decisionRuleFor(STATISTICS_PROJECTED_BACKEND, []).rule.kind).toBe('cosine');
  });

  propertyTest.prop([
    fc.array(vector(40), { minLength: 1, maxLength: 5 }),
    fc.array(vector(40), { minLength: 1, maxLength: 4 }),
  ])(
    'with the shipped cohort, an accepted chunk always reaches its own candidate’s threshold, and no threshold is under the cohort floor',
    (enrolled, chunks) => {
      const voices = enrolled.map((embedding, index) => ({ name: `voice-${index}`, embedding }));
      const { thresholds } = decisionRuleFor(STATISTICS_PROJECTED_BACKEND, voices);
      const floor = perSpeakerThresholds(voices, STATISTICS_PROJECTED_COHORT, { guard: Number.NEGATIVE_INFINITY });
      const backendDefault = thresholdsFor(STATISTICS_PROJECTED_BACKEND, false).unknownThreshold;
      for (const voice of voices) {
        expect(thresholds.perSpeaker![voice.name]).toBeGreaterThanOrEqual(floor[voice.name]!);
        expect(thresholds.perSpeaker![voice.name]).toBeGreaterThanOrEqual(backendDefault);
      }
      for (const chunk of chunks) {
        const result = identifyEmbedding(chunk, voices, thresholds);
        if (result.speaker !== null)
          expect(result.score!).toBeGreaterThanOrEqual(thresholds.perSpeaker![result.speaker]!);
      }
    },
  );
});
