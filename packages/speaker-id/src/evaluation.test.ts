import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { SpeakerIdError } from './errors.js';
import { buildTrials, equalErrorRate, minDcf, rocOperatingPoints, type Trial } from './evaluation.js';

const trial = (score: number, target: boolean): Trial => ({ score, target });

describe('equalErrorRate', () => {
  test('0 for perfectly separated scores, with the threshold between the classes', () => {
    const result = equalErrorRate([trial(0.9, true), trial(0.8, true), trial(0.3, false), trial(0.1, false)]);
    expect(result.rate).toBe(0);
    expect(result.threshold).toBe(0.8);
    expect(result).toMatchObject({ targets: 2, nonTargets: 2 });
  });

  test('0.5 when every score is tied (ties move together)', () => {
    expect(equalErrorRate([trial(0.5, true), trial(0.5, false), trial(0.5, true), trial(0.5, false)]).rate).toBe(0.5);
  });

  test('0.5 (not 1) for perfectly inverted scores: the convex hull never does worse than chance', () => {
    expect(equalErrorRate([trial(0.1, true), trial(0.9, false)]).rate).toBe(0.5);
  });

  test('reads the EER off the convex hull, not the raw staircase', () => {
    // Raw ROC: (Pfa, Pmiss) = (0, 0.25) then (0.25, 0.25) then (0.25, 0): the staircase says 0.25,
    // but a threshold mix of the two outer points reaches 0.125 (ROCCH-EER, as in BOSARIS).
    const trials = [
      trial(0.9, true),
      trial(0.8, true),
      trial(0.7, true),
      trial(0.35, true),
      trial(0.6, false),
      trial(0.3, false),
      trial(0.2, false),
      trial(0.1, false),
    ];
    expect(equalErrorRate(trials).rate).toBeCloseTo(0.125, 12);
  });

  test('interpolates on the hull between operating points', () => {
    // 2 targets, 1 non-target: points (Pfa, Pmiss) = (0,1), (0,0.5), (1,0.5), (1,0) → hull (0,1),(0,0.5),(1,0): EER = 1/3.
    expect(equalErrorRate([trial(3, true), trial(2, false), trial(1, true)]).rate).toBeCloseTo(1 / 3, 12);
  });

  test('needs both kinds of trials and finite scores', () => {
    expect(() => equalErrorRate([trial(1, true)])).toThrow(SpeakerIdError);
    expect(() => equalErrorRate([trial(Number.NaN, true), trial(0, false)])).toThrow(/finite/);
  });

  propertyTest.prop([
    fc.array(fc.record({ score: fc.double({ min: -1, max: 1, noNaN: true }), target: fc.boolean() }), {
      minLength: 2,
      maxLength: 80,
    }),
  ])('is in [0, 0.5] for random trials', (trials) => {
    fc.pre(trials.some((entry) => entry.target) && trials.some((entry) => !entry.target));
    const { rate } = equalErrorRate(trials);
    expect(rate).toBeGreaterThanOrEqual(0);
    expect(rate).toBeLessThanOrEqual(0.5);
  });

  propertyTest.prop([
    fc.array(fc.record({ score: fc.integer({ min: 0, max: 5 }), target: fc.boolean() }), {
      minLength: 2,
      maxLength: 40,
    }),
    fc.integer({ min: 0, max: 1000 }),
  ])('does not depend on trial order, even with many ties', (trials, seed) => {
    fc.pre(trials.some((entry) => entry.target) && trials.some((entry) => !entry.target));
    const shuffled = [...trials].sort(
      (a, b) => ((a.score * 7919 + seed) % 13) - ((b.score * 7919 + seed) % 13) || Number(a.target) - Number(b.target),
    );
    expect(equalErrorRate(shuffled).rate).toBeCloseTo(equalErrorRate(trials).rate, 12);
  });

  propertyTest.prop([
    fc.array(fc.record({ score: fc.double({ min: -1, max: 1, noNaN: true }), target: fc.boolean() }), {
      minLength: 2,
      maxLength: 60,
    }),
  ])('operating points run from reject-all to accept-all, monotonically', (trials) => {
    fc.pre(trials.some((entry) => entry.target) && trials.some((entry) => !entry.target));
    const points = rocOperatingPoints(trials);
    expect(points[0]).toMatchObject({ missRate: 1, falseAlarmRate: 0 });
    expect(points.at(-1)).toMatchObject({ missRate: 0, falseAlarmRate: 1 });
    for (let index = 1; index < points.length; index += 1) {
      expect(points[index]!.missRate).toBeLessThanOrEqual(points[index - 1]!.missRate);
      expect(points[index]!.falseAlarmRate).toBeGreaterThanOrEqual(points[index - 1]!.falseAlarmRate);
    }
  });
});

describe('minDcf', () => {
  test('0 for separable scores, at the lowest target score', () => {
    const result = minDcf([trial(0.9, true), trial(0.7, true), trial(0.2, false)], { pTarget: 0.01 });
    expect(result.minDcf).toBe(0);
    expect(result.threshold).toBe(0.7);
  });

  test('is at most 1 (the better of accept-all / reject-all) and matches a hand computation', () => {
    const trials = [trial(0.9, true), trial(0.5, false), trial(0.4, true), trial(0.1, false)];
    // pTarget 0.5, cMiss 1, cFa 1: threshold 0.9 → Pmiss 0.5, Pfa 0 → cost (0.5·0.5)/0.5 = 0.5.
    const result = minDcf(trials, { pTarget: 0.5 });
    expect(result.minDcf).toBeCloseTo(0.5, 12);
    expect(minDcf(trials, { pTarget: 0.01, cMiss: 10, cFa: 1 }).minDcf).toBeLessThanOrEqual(1);
  });

  test('rejects priors outside (0, 1)', () => {
    expect(() => minDcf([trial(1, true), trial(0, false)], { pTarget: 1 })).toThrow(/pTarget/);
  });
});

describe('buildTrials', () => {
  test('one trial per chunk and enrolled speaker, target when the label matches', () => {
    const speakers = [
      { name: 'ana', embedding: [1, 0] },
      { name: 'bruno', embedding: [0, 1] },
    ];
    const trials = buildTrials(speakers, [
      { label: 'ana', embedding: [0.9, 0.1], id: 'a.wav' },
      { label: null, embedding: [0.5, 0.5] },
    ]);
    expect(trials).toHaveLength(4);
    expect(trials.filter((entry) => entry.target)).toEqual([
      { score: expect.closeTo(0.9939, 3), target: true, speaker: 'ana', chunk: 'a.wav' },
    ]);
    expect(trials.find((entry) => entry.chunk === 1 && entry.speaker === 'bruno')).toMatchObject({ target: false });
  });
});
