import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import {
  CLU_2_JUDGE_LOW_THRESHOLD,
  CLU_2_MERGE_THRESHOLD,
  CLU_3_ORDER_BUCKET_HOURS,
  CLU_3_WINDOW_HOURS,
  agreementFactorUnchecked,
  clusteringRules,
  OFFLINE_CHAINING_GUARD,
  OFFLINE_JUDGE_LOW_THRESHOLD,
  OFFLINE_MERGE_THRESHOLD,
  OFFLINE_NAME_CONFLICT_FACTOR,
  OFFLINE_NUMBER_CONFLICT_FACTOR,
  pairDecision,
  orderBucket,
  pairDecisionUnchecked,
  withinPublicationWindow,
} from './index.js';

describe('CLU-2 pairDecision', () => {
  it('merges strictly above 0.74, judges 0.60–0.74 inclusive, separates below', () => {
    expect(pairDecision(0.7400001)).toBe('merge');
    expect(pairDecision(0.74)).toBe('judge');
    expect(pairDecision(0.74 + 5e-10)).toBe('judge');
    expect(pairDecision(0.6)).toBe('judge');
    expect(pairDecision(0.6 - 5e-10)).toBe('judge');
    expect(pairDecision(0.5999)).toBe('separate');
  });
  it('uses an embedder’s own calibrated thresholds', () => {
    expect(pairDecision(0.3, { merge: 0.22, judgeLow: 0.11 })).toBe('merge');
    expect(pairDecision(0.15, { merge: 0.22, judgeLow: 0.11 })).toBe('judge');
  });
  it('rejects thresholds out of order and cosines out of range, naming CLU-2', () => {
    expect(() => pairDecision(0.5, { merge: 0.5, judgeLow: 0.7 })).toThrow(MethodologyInputError);
    expect(() => pairDecision(1.5)).toThrow(/CLU-2/);
  });
  test.prop([fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })])(
    'is monotone in the cosine',
    (first, second) => {
      const rank = { separate: 0, judge: 1, merge: 2 } as const;
      const [low, high] = first <= second ? [first, second] : [second, first];
      expect(rank[pairDecisionUnchecked(low)]).toBeLessThanOrEqual(rank[pairDecisionUnchecked(high)]);
    },
  );
});

describe('CLU-3 withinPublicationWindow', () => {
  it('is inclusive at exactly 72 hours', () => {
    const start = Date.parse('2026-04-27T00:00:00Z');
    expect(withinPublicationWindow(start, start + 72 * 3_600_000)).toBe(true);
    expect(withinPublicationWindow(start, start + 72 * 3_600_000 + 1)).toBe(false);
    expect(withinPublicationWindow(start + 72 * 3_600_000, start)).toBe(true);
  });
});

describe('CLU-3 orderBucket', () => {
  const hour = 3_600_000;
  const times = fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2100-01-01T00:00:00Z') });
  it('buckets whole UTC days by default', () => {
    expect(CLU_3_ORDER_BUCKET_HOURS).toBe(24);
    expect(orderBucket(Date.parse('2026-05-02T00:00:00Z'))).toBe(orderBucket(Date.parse('2026-05-02T23:59:59.999Z')));
    expect(orderBucket(Date.parse('2026-05-03T00:00:00Z'))).toBe(orderBucket(Date.parse('2026-05-02T00:00:00Z')) + 1);
  });
  test.prop([times, times, fc.integer({ min: 1, max: 168 })])(
    'never puts a later time in an earlier bucket',
    (left, right, bucketHours) => {
      const [early, late] = left <= right ? [left, right] : [right, left];
      expect(orderBucket(early, bucketHours)).toBeLessThanOrEqual(orderBucket(late, bucketHours));
    },
  );
  test.prop([times, fc.integer({ min: 1, max: 168 })])(
    'a bucket spans exactly bucketHours: times in it are less than bucketHours apart, the next bucket starts right after',
    (time, bucketHours) => {
      const bucket = orderBucket(time, bucketHours);
      const start = bucket * bucketHours * hour;
      expect(start).toBeLessThanOrEqual(time);
      expect(time).toBeLessThan(start + bucketHours * hour);
      expect(orderBucket(start + bucketHours * hour, bucketHours)).toBe(bucket + 1);
      expect(orderBucket(start + bucketHours * hour - 1, bucketHours)).toBe(bucket);
    },
  );
});

describe('clustering catalogue', () => {
  it('states the same defaults the code uses', () => {
    const byId = new Map(clusteringRules.map((rule) => [rule.id, rule]));
    expect(byId.get('CLU-2')!.parameters.map((parameter) => parameter.default)).toEqual([
      CLU_2_MERGE_THRESHOLD,
      CLU_2_JUDGE_LOW_THRESHOLD,
    ]);
    expect(byId.get('CLU-3')!.parameters.map((parameter) => parameter.default)).toEqual([
      CLU_3_WINDOW_HOURS,
      CLU_3_ORDER_BUCKET_HOURS,
    ]);
    expect(byId.get('CLU-2-OFFLINE')!.parameters.map((parameter) => parameter.default)).toEqual([
      OFFLINE_MERGE_THRESHOLD,
      OFFLINE_JUDGE_LOW_THRESHOLD,
      OFFLINE_CHAINING_GUARD,
      OFFLINE_NUMBER_CONFLICT_FACTOR,
      OFFLINE_NAME_CONFLICT_FACTOR,
    ]);
  });
});

describe('CLU-2-OFFLINE thresholds', () => {
  const offline = { merge: OFFLINE_MERGE_THRESHOLD, judgeLow: OFFLINE_JUDGE_LOW_THRESHOLD };
  it('judge from 0.11 to 0.22 inclusive, merge strictly above, separate below', () => {
    expect(pairDecision(0.2200001, offline)).toBe('merge');
    expect(pairDecision(0.22, offline)).toBe('judge');
    expect(pairDecision(0.11, offline)).toBe('judge');
    expect(pairDecision(0.1099, offline)).toBe('separate');
  });
  test.prop([fc.double({ min: -1, max: 1, noNaN: true })])(
    'sends to the judge exactly the cosines of the calibrated grey zone, and the guard sits inside it',
    (cosine) => {
      const decision = pairDecisionUnchecked(cosine, offline);
      const inZone = cosine >= OFFLINE_JUDGE_LOW_THRESHOLD - 1e-9 && cosine <= OFFLINE_MERGE_THRESHOLD + 1e-9;
      if (decision === 'judge') expect(inZone).toBe(true);
      if (cosine > OFFLINE_MERGE_THRESHOLD + 1e-9) expect(decision).toBe('merge');
      if (cosine < OFFLINE_JUDGE_LOW_THRESHOLD - 1e-9) expect(decision).toBe('separate');
      expect(OFFLINE_JUDGE_LOW_THRESHOLD).toBeLessThan(OFFLINE_CHAINING_GUARD);
      expect(OFFLINE_CHAINING_GUARD).toBeLessThanOrEqual(OFFLINE_MERGE_THRESHOLD);
    },
  );
  test.prop([fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0, max: 0.22, noNaN: true })])(
    'a lower judgeLow only moves pairs from separate to judge, never changes a merge',
    (cosine, lower) => {
      const wider = { merge: OFFLINE_MERGE_THRESHOLD, judgeLow: Math.min(lower, OFFLINE_JUDGE_LOW_THRESHOLD) };
      const before = pairDecisionUnchecked(cosine, offline);
      const after = pairDecisionUnchecked(cosine, wider);
      if (before === 'merge' || after === 'merge') expect(after).toBe(before);
      if (before === 'judge') expect(after).toBe('judge');
    },
  );
});

describe('CLU-2-OFFLINE agreementFactorUnchecked', () => {
  it('scales a pair down for each disagreement, not at all when both agree', () => {
    expect(agreementFactorUnchecked(false, false)).toBe(1);
    expect(agreementFactorUnchecked(true, false)).toBe(OFFLINE_NUMBER_CONFLICT_FACTOR);
    expect(agreementFactorUnchecked(false, true)).toBe(OFFLINE_NAME_CONFLICT_FACTOR);
    expect(agreementFactorUnchecked(true, true)).toBeCloseTo(
      OFFLINE_NUMBER_CONFLICT_FACTOR * OFFLINE_NAME_CONFLICT_FACTOR,
      12,
    );
  });
  test.prop([
    fc.boolean(),
    fc.boolean(),
    fc.double({ min: 0.01, max: 1, noNaN: true }),
    fc.double({ min: 0.01, max: 1, noNaN: true }),
  ])(
    'never raises a similarity, and a further disagreement never raises it either',
    (numbers, names, numberConflict, nameConflict) => {
      const factors = { numberConflict, nameConflict };
      const factor = agreementFactorUnchecked(numbers, names, factors);
      expect(factor).toBeGreaterThan(0);
      expect(factor).toBeLessThanOrEqual(1);
      expect(agreementFactorUnchecked(true, names, factors)).toBeLessThanOrEqual(factor);
      expect(agreementFactorUnchecked(numbers, true, factors)).toBeLessThanOrEqual(factor);
    },
  );
});
