import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { fromDayNumber, toDayNumber } from '../shared/dates.js';
import { CountryRegimeSchema, FACTUALITY_SCALE, OwnerTypeSchema, type Bucket } from '../shared/schemas.js';
import { factualityCap } from './factuality.js';
import { RATING_PARAMETERS } from './parameters.js';
import { rateOutlet, rateOutletUnchecked } from './rate-outlet.js';
import { RateOutletResultSchema, type RateOutletInput, type RateOutletResult } from './schemas.js';

const RANK = { low: 0, medium: 1, high: 2, preliminary: -1 } as const;
const bucket = fc.constantFrom<Bucket>('left', 'center', 'right');
const factuality = fc.constantFrom(...FACTUALITY_SCALE);
/** Day offsets before asOf, with extra weight on the 2-year, 5-year and 18-month boundaries. */
const daysBefore = fc.oneof(
  fc.integer({ min: 0, max: 2400 }),
  fc.constantFrom(0, 1, 89, 90, 91, 547, 548, 549, 729, 730, 731, 732, 1825, 1826, 1827, 1828),
);

const inputArbitrary: fc.Arbitrary<RateOutletInput> = fc
  .integer({ min: toDayNumber('2019-01-01'), max: toDayNumber('2031-12-31') })
  .chain((asOfDay) => {
    const past = daysBefore.map((days) => fromDayNumber(asOfDay - days));
    const ownership = fc.record(
      {
        ownerType: fc.constantFrom(...OwnerTypeSchema.options),
        countryRegime: fc.constantFrom(...CountryRegimeSchema.options),
        regimeBucket: bucket,
        partyBucket: bucket,
        lastControlChange: past,
      },
      { requiredKeys: ['ownerType', 'countryRegime', 'regimeBucket', 'partyBucket'] },
    );
    const academic = fc.record(
      {
        bucket,
        factuality,
        sources: fc.array(
          fc.record({
            date: past,
            weight: fc.constantFrom('primary' as const, 'secondary' as const),
            domestic: fc.boolean(),
          }),
          { maxLength: 4 },
        ),
      },
      { requiredKeys: ['sources'] },
    );
    const content = fc.record(
      {
        sampleSize: fc.oneof(fc.integer({ min: 0, max: 80 }), fc.constantFrom(19, 20, 29, 30)),
        windowStart: past,
        bucket: fc.constantFrom<Bucket | 'inconclusive' | null>('left', 'center', 'right', 'inconclusive', null),
        factuality,
        newsBucket: bucket,
        opinionBucket: bucket,
      },
      { requiredKeys: ['sampleSize'] },
    );
    return fc.record(
      {
        asOf: fc.constant(fromDayNumber(asOfDay)),
        scope: fc.constantFrom('political' as const, 'non_political' as const),
        ownership,
        academic,
        content,
      },
      { requiredKeys: ['asOf', 'scope'] },
    );
  });

const MIRROR: Record<Bucket, Bucket> = { left: 'right', center: 'center', right: 'left' };
function mirrorBucket<T>(value: T): T {
  return (value === 'left' || value === 'right' || value === 'center' ? MIRROR[value as Bucket] : value) as T;
}
function mirrorInput(input: RateOutletInput): RateOutletInput {
  const mirrored: RateOutletInput = { ...input };
  if (input.ownership) {
    mirrored.ownership = { ...input.ownership };
    if (input.ownership.regimeBucket) mirrored.ownership.regimeBucket = mirrorBucket(input.ownership.regimeBucket);
    if (input.ownership.partyBucket) mirrored.ownership.partyBucket = mirrorBucket(input.ownership.partyBucket);
  }
  if (input.academic)
    mirrored.academic = {
      ...input.academic,
      ...(input.academic.bucket ? { bucket: mirrorBucket(input.academic.bucket) } : {}),
    };
  if (input.content) {
    const content = { ...input.content };
    if (content.bucket !== undefined) content.bucket = mirrorBucket(content.bucket);
    if (content.newsBucket) content.newsBucket = mirrorBucket(content.newsBucket);
    if (content.opinionBucket) content.opinionBucket = mirrorBucket(content.opinionBucket);
    mirrored.content = content;
  }
  return mirrored;
}

const assessmentCount = (input: RateOutletInput) =>
  (input.academic?.factuality !== undefined ? 1 : 0) + (input.content?.factuality !== undefined ? 1 : 0);

describe('rateOutlet — properties', () => {
  test.prop([inputArbitrary], { numRuns: 400 })(
    'confidence never exceeds the FAC-2 cap and is never preliminary',
    (input) => {
      const result = rateOutlet(input);
      expect(result.confidence).not.toBe('preliminary');
      const cap = factualityCap(assessmentCount(input));
      if (cap !== null) expect(RANK[result.confidence]).toBeLessThanOrEqual(RANK[cap]);
    },
  );

  test.prop([inputArbitrary], { numRuns: 400 })(
    'high needs three agreeing votes (R1/R3), a sample ≥ 30, both assessments and no split',
    (input) => {
      const result = rateOutlet(input);
      if (result.confidence !== 'high') return;
      expect(['R1', 'R3']).toContain(result.appliedRule);
      expect(input.content!.sampleSize).toBeGreaterThanOrEqual(30);
      expect(assessmentCount(input)).toBe(2);
      expect(result.flags).not.toContain('split_outlet');
      expect(result.dissent).toEqual([]);
      expect(result.trace).toContain('CONF-H');
    },
  );

  test.prop([inputArbitrary], { numRuns: 300 })('content without academic support is capped at medium', (input) => {
    const withoutAcademicBucket: RateOutletInput = {
      ...input,
      academic: input.academic ? { ...input.academic, bucket: undefined } : undefined,
    };
    expect(rateOutlet(withoutAcademicBucket).confidence).not.toBe('high');
  });

  test.prop([inputArbitrary], { numRuns: 400 })(
    'non_political → bias null always, appliedRule null, FUN-0 path',
    (input) => {
      const result = rateOutlet({ ...input, scope: 'non_political' });
      expect(result.bias).toBeNull();
      expect(result.appliedRule).toBeNull();
      expect(result.dissent).toEqual([]);
      expect(result.trace).toEqual(['FUN-0', 'FAC-1', 'FAC-2', 'VER']);
      expect(result.confidence).toBe(assessmentCount(input) === 0 ? 'low' : 'medium');
    },
  );

  test.prop([inputArbitrary], { numRuns: 400 })(
    'trace follows exactly one path: FUN-0, FUN-4 or FUN-6 (iff R1)',
    (input) => {
      const result = rateOutlet(input);
      const paths = result.trace.filter((id) => id === 'FUN-0' || id === 'FUN-4' || id === 'FUN-6');
      expect(paths).toHaveLength(1);
      if (input.scope === 'non_political') expect(paths).toEqual(['FUN-0']);
      else expect(paths).toEqual([result.appliedRule === 'R1' ? 'FUN-6' : 'FUN-4']);
      expect(result.trace.at(-1)).toBe('VER');
      expect(new Set(result.trace).size).toBe(result.trace.length);
      expect(result.trace.includes('FUN-3')).toBe(result.appliedRule !== null);
      expect(result.trace.includes('FUN-5')).toBe(result.appliedRule === 'R3');
      expect(result.flags.includes('split_outlet')).toBe(result.trace.includes('CONF-SPLIT'));
    },
  );

  test.prop([inputArbitrary], { numRuns: 400 })(
    'bias is null exactly for non-political outlets and no_signal',
    (input) => {
      const result = rateOutlet(input);
      expect(result.bias === null).toBe(input.scope === 'non_political' || result.flags.includes('no_signal'));
      if (result.bias === null && input.scope === 'political') expect(result.confidence).toBe('low');
      expect(RateOutletResultSchema.safeParse(result).success).toBe(true);
    },
  );

  test.prop([inputArbitrary.filter((input) => (input.academic?.sources.length ?? 0) > 1), fc.integer()], {
    numRuns: 300,
  })('the order of academic sources does not change the result', (input, seed) => {
    const sources = [...input.academic!.sources];
    // deterministic shuffle driven by the seed
    let state = seed >>> 0;
    for (let index = sources.length - 1; index > 0; index -= 1) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const other = state % (index + 1);
      [sources[index], sources[other]] = [sources[other]!, sources[index]!];
    }
    expect(rateOutlet({ ...input, academic: { ...input.academic!, sources } })).toEqual(rateOutlet(input));
    expect(rateOutlet({ ...input, academic: { ...input.academic!, sources: [...sources].reverse() } })).toEqual(
      rateOutlet(input),
    );
  });

  test.prop([inputArbitrary], { numRuns: 300 })(
    'deterministic; the unchecked path gives the same result; the input is not mutated',
    (input) => {
      const copy = structuredClone(input);
      const first = rateOutlet(input);
      expect(rateOutlet(copy)).toEqual(first);
      expect(rateOutletUnchecked(copy)).toEqual(first);
      expect(input).toEqual(copy);
    },
  );

  test.prop([inputArbitrary], { numRuns: 400 })(
    'mirroring every bucket left ↔ right mirrors the bias and the dissent',
    (input) => {
      const result = rateOutlet(input);
      const mirrored = rateOutlet(mirrorInput(input));
      const expected: RateOutletResult = {
        ...result,
        bias: mirrorBucket(result.bias),
        dissent: result.dissent.map((entry) => ({ ...entry, bucket: mirrorBucket(entry.bucket) })),
      };
      expect(mirrored).toEqual(expected);
    },
  );

  test.prop([inputArbitrary.filter((input) => input.content !== undefined && input.content.sampleSize < 20)], {
    numRuns: 300,
  })('FUN-2: below 20 articles the content bucket never matters', (input) => {
    const results = (['left', 'center', 'right', 'inconclusive'] as const).map((contentVote) =>
      rateOutlet({ ...input, content: { ...input.content!, bucket: contentVote } }),
    );
    for (const result of results) expect(result).toEqual(results[0]);
  });

  test.prop([inputArbitrary], { numRuns: 300 })(
    'dissent lists only valid votes that differ from the bias, in signal order',
    (input) => {
      const result = rateOutlet(input);
      const order = ['ownership', 'academic', 'content'];
      const signals = result.dissent.map((entry) => entry.signal);
      expect([...signals].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(signals);
      for (const entry of result.dissent) expect(entry.bucket).not.toBe(result.bias);
    },
  );

  test.prop([inputArbitrary], { numRuns: 400 })(
    'FUN-6 recency: the R1 override fires only on a content window starting within r1OverrideRecencyDays of asOf',
    (input) => {
      const result = rateOutlet(input);
      if (!result.flags.includes('r1_content_override')) return;
      const windowStart = input.content?.windowStart;
      expect(windowStart).toBeDefined();
      expect(toDayNumber(input.asOf) - toDayNumber(windowStart!)).toBeLessThanOrEqual(
        RATING_PARAMETERS.r1OverrideRecencyDays,
      );
    },
  );

  /** R1 inputs that meet every FUN-6 override condition, with a window starting 0–90 days before asOf. */
  const overridingR1 = fc
    .record({
      asOfDay: fc.integer({ min: toDayNumber('2019-01-01'), max: toDayNumber('2031-12-31') }),
      windowDaysBefore: fc.integer({ min: 0, max: RATING_PARAMETERS.r1OverrideRecencyDays }),
      sourceDaysBefore: fc.integer({ min: 0, max: 1800 }),
      ownerType: fc.constantFrom(
        'state-public-broadcaster' as const,
        'state-captured' as const,
        'political-party' as const,
      ),
      prior: bucket,
      shift: fc.constantFrom(1, 2),
      sampleSize: fc.integer({ min: RATING_PARAMETERS.r1OverrideMinSample, max: 120 }),
    })
    .map(({ asOfDay, windowDaysBefore, sourceDaysBefore, ownerType, prior, shift, sampleSize }): RateOutletInput => {
      const buckets: Bucket[] = ['left', 'center', 'right'];
      const overriding = buckets[(buckets.indexOf(prior) + shift) % 3]!;
      return {
        asOf: fromDayNumber(asOfDay),
        scope: 'political',
        ownership: { ownerType, countryRegime: 'authoritarian', regimeBucket: prior },
        academic: {
          bucket: overriding,
          sources: [{ date: fromDayNumber(asOfDay - sourceDaysBefore), weight: 'primary', domestic: true }],
        },
        content: { sampleSize, bucket: overriding, windowStart: fromDayNumber(asOfDay - windowDaysBefore) },
      };
    });

  test.prop([overridingR1, fc.integer({ min: 1, max: 2000 })], { numRuns: 300 })(
    'FUN-6 recency: a recent window overrides; the same window past r1OverrideRecencyDays, or undated, restores the prior',
    (input, extraDays) => {
      expect(rateOutlet(input).flags).toContain('r1_content_override');
      const staleStart = fromDayNumber(toDayNumber(input.asOf) - RATING_PARAMETERS.r1OverrideRecencyDays - extraDays);
      const { windowStart: _dropped, ...undated } = input.content!;
      for (const content of [{ ...input.content!, windowStart: staleStart }, undated]) {
        const result = rateOutlet({ ...input, content });
        expect(result.flags).not.toContain('r1_content_override');
        expect(result.bias).toBe(input.ownership!.regimeBucket);
      }
    },
  );
});
