import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { FACTUALITY_SCALE } from '../shared/schemas.js';
import { contentBucket } from './content-bucket.js';
import {
  contentFactuality,
  explainContentFactuality,
  figureSentimentShares,
  govOppRatio,
  quoteShares,
  topicPosition,
} from './content-signals.js';
import {
  ContentFactualityExplanationSchema,
  ContentFactualityResultSchema,
  FigureSentimentSharesSchema,
  GovOppRatioResultSchema,
  QuoteSharesSchema,
  TopicPositionSchema,
  type ContentFactualityCounts,
} from './schemas.js';

/** The worked example of the TSDoc (and of the former `@espectro/rating` copy). */
const EXAMPLE: ContentFactualityCounts = {
  articles: 40,
  bylined: 38,
  withPrimarySources: 25,
  withCorrections: 2,
  withUnattributed: 1,
  withViral: 0,
};
/** 40 articles with no signal at all. */
const QUIET: ContentFactualityCounts = {
  articles: 40,
  bylined: 0,
  withPrimarySources: 0,
  withCorrections: 0,
  withUnattributed: 0,
  withViral: 0,
};

const rank = (level: string | null): number => FACTUALITY_SCALE.indexOf(level as (typeof FACTUALITY_SCALE)[number]);

function expectInputError(run: () => unknown, rule: string, field: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MethodologyInputError);
    const input = error as MethodologyInputError;
    expect(input.rule).toBe(rule);
    expect(
      input.issues.some((issue) => issue.path.join('.') === field),
      input.message,
    ).toBe(true);
    return;
  }
  throw new Error('expected a MethodologyInputError');
}

describe('contentFactuality (CF-1) — worked examples', () => {
  it('40 articles, 38 bylined, 25 primary, 2 corrections, 1 unattributed, 0 viral → very-high', () => {
    expect(contentFactuality(EXAMPLE)).toBe('very-high');
    expect(explainContentFactuality(EXAMPLE)).toEqual({
      level: 'very-high',
      checks: {
        lowUnattributed: false,
        lowViral: false,
        veryHighByline: true,
        veryHighPrimary: true,
        highByline: true,
        highPrimary: true,
      },
      trace: ['CF-1'],
    });
  });

  it('the documented order: viral content blocks very-high, few bylines give mixed, no corrections allow low', () => {
    expect(contentFactuality({ ...EXAMPLE, withViral: 1 })).toBe('high');
    expect(contentFactuality({ ...EXAMPLE, bylined: 27 })).toBe('mixed');
    expect(contentFactuality({ ...EXAMPLE, withCorrections: 0 })).toBe('high');
    expect(contentFactuality({ ...EXAMPLE, withCorrections: 0, withUnattributed: 12 })).toBe('low');
    expect(contentFactuality({ ...EXAMPLE, withCorrections: 0, withViral: 8 })).toBe('low');
    // a single correction keeps an outlet with many unattributed claims out of low
    expect(contentFactuality({ ...EXAMPLE, withCorrections: 1, withUnattributed: 40 })).toBe('very-high');
    expect(contentFactuality(QUIET)).toBe('mixed');
  });

  it('below 20 articles: no assessment (trace CB-0); 20 is assessed', () => {
    expect(contentFactuality({ ...QUIET, articles: 19 })).toBeNull();
    expect(explainContentFactuality({ ...QUIET, articles: 0 })).toEqual({ level: null, checks: null, trace: ['CB-0'] });
    expect(contentFactuality({ ...QUIET, articles: 20 })).toBe('mixed');
  });
});

describe('contentFactuality (CF-1) — exactly at each percentage (40 articles)', () => {
  it('low: unattributed 30 % = 12 of 40 (11 is not)', () => {
    expect(contentFactuality({ ...QUIET, withUnattributed: 12 })).toBe('low');
    expect(contentFactuality({ ...QUIET, withUnattributed: 11 })).toBe('mixed');
  });
  it('low: viral 20 % = 8 of 40 (7 is not)', () => {
    expect(contentFactuality({ ...QUIET, withViral: 8 })).toBe('low');
    expect(contentFactuality({ ...QUIET, withViral: 7 })).toBe('mixed');
  });
  it('very-high: byline 90 % = 36 of 40 (35 gives high)', () => {
    expect(contentFactuality({ ...EXAMPLE, bylined: 36 })).toBe('very-high');
    expect(contentFactuality({ ...EXAMPLE, bylined: 35 })).toBe('high');
  });
  it('very-high: primary sources 50 % = 20 of 40 (19 gives high)', () => {
    expect(contentFactuality({ ...EXAMPLE, withPrimarySources: 20 })).toBe('very-high');
    expect(contentFactuality({ ...EXAMPLE, withPrimarySources: 19 })).toBe('high');
  });
  it('very-high: 1 correction is enough (0 gives high)', () => {
    expect(contentFactuality({ ...EXAMPLE, withCorrections: 1 })).toBe('very-high');
    expect(contentFactuality({ ...EXAMPLE, withCorrections: 0 })).toBe('high');
  });
  it('high: byline 70 % = 28 of 40 (27 gives mixed)', () => {
    const high = { ...QUIET, bylined: 28, withPrimarySources: 12 };
    expect(contentFactuality(high)).toBe('high');
    expect(contentFactuality({ ...high, bylined: 27 })).toBe('mixed');
  });
  it('high: primary sources 30 % = 12 of 40 (11 gives mixed)', () => {
    const high = { ...QUIET, bylined: 28, withPrimarySources: 12 };
    expect(contentFactuality({ ...high, withPrimarySources: 11 })).toBe('mixed');
  });
  it('shares are exact on integers, where the percentage is not a whole article', () => {
    // 30 % of 21 = 6.3 → 7 needed; 20 % of 23 = 4.6 → 5 needed; 70 % of 30 = 21 (0.7·30 is 20.999… in floating point)
    expect(contentFactuality({ ...QUIET, articles: 21, withUnattributed: 6 })).toBe('mixed');
    expect(contentFactuality({ ...QUIET, articles: 21, withUnattributed: 7 })).toBe('low');
    expect(contentFactuality({ ...QUIET, articles: 23, withViral: 4 })).toBe('mixed');
    expect(contentFactuality({ ...QUIET, articles: 23, withViral: 5 })).toBe('low');
    expect(contentFactuality({ ...QUIET, articles: 30, bylined: 21, withPrimarySources: 9 })).toBe('high');
    expect(contentFactuality({ ...QUIET, articles: 30, bylined: 20, withPrimarySources: 9 })).toBe('mixed');
  });
});

describe('contentFactuality (CF-1) — input errors name CF-1 and the field', () => {
  it('rejects a signal count above the articles, negative or fractional counts, unknown fields', () => {
    expectInputError(() => contentFactuality({ ...EXAMPLE, bylined: 41 }), 'CF-1', 'bylined');
    expectInputError(() => explainContentFactuality({ ...EXAMPLE, withViral: 41 }), 'CF-1', 'withViral');
    expectInputError(() => contentFactuality({ ...EXAMPLE, withCorrections: -1 }), 'CF-1', 'withCorrections');
    expectInputError(() => contentFactuality({ ...EXAMPLE, articles: 40.5 }), 'CF-1', 'articles');
    expectInputError(() => contentFactuality({ ...EXAMPLE, extra: 1 } as ContentFactualityCounts), 'CF-1', '');
    expect(() => contentFactuality({ ...EXAMPLE, bylined: 41 })).toThrow(/contentFactuality \(rule CF-1\)/);
  });
});

// ---------------------------------------------------------------------------------------------
// CF-1 properties
// ---------------------------------------------------------------------------------------------

const countsArbitrary = (minArticles = 0, maxArticles = 120): fc.Arbitrary<ContentFactualityCounts> =>
  fc.integer({ min: minArticles, max: maxArticles }).chain((articles) => {
    const count = fc.integer({ min: 0, max: articles });
    return fc.record({
      articles: fc.constant(articles),
      bylined: count,
      withPrimarySources: count,
      withCorrections: count,
      withUnattributed: count,
      withViral: count,
    });
  });

describe('contentFactuality (CF-1) — properties', () => {
  test.prop([countsArbitrary()], { numRuns: 500 })(
    'null iff fewer than 20 articles; never very-low; valid result schema',
    (counts) => {
      const level = contentFactuality(counts);
      expect(level === null).toBe(counts.articles < 20);
      expect(level).not.toBe('very-low');
      expect(ContentFactualityResultSchema.safeParse(level).success).toBe(true);
      const explanation = explainContentFactuality(counts);
      expect(ContentFactualityExplanationSchema.safeParse(explanation).success).toBe(true);
      expect(explanation.level).toBe(level);
    },
  );

  test.prop([countsArbitrary(20)], { numRuns: 500 })('low requires zero corrections', (counts) => {
    if (contentFactuality(counts) === 'low') expect(counts.withCorrections).toBe(0);
    if (counts.withCorrections > 0) expect(contentFactuality(counts)).not.toBe('low');
  });

  test.prop([countsArbitrary(20)], { numRuns: 500 })(
    'adding a correction never turns the result into low',
    (counts) => {
      fc.pre(counts.withCorrections < counts.articles);
      expect(contentFactuality({ ...counts, withCorrections: counts.withCorrections + 1 })).not.toBe('low');
    },
  );

  test.prop([countsArbitrary(20, 60), fc.integer({ min: 1, max: 7 })], { numRuns: 400 })(
    'scaling every count by k keeps the result',
    (counts, k) => {
      const scaled = Object.fromEntries(
        Object.entries(counts).map(([key, value]) => [key, value * k]),
      ) as ContentFactualityCounts;
      expect(contentFactuality(scaled)).toBe(contentFactuality(counts));
    },
  );

  test.prop([countsArbitrary(20)], { numRuns: 400 })(
    'more signed articles or more primary sources never lower the level',
    (counts) => {
      const level = rank(contentFactuality(counts));
      if (counts.bylined < counts.articles)
        expect(rank(contentFactuality({ ...counts, bylined: counts.bylined + 1 }))).toBeGreaterThanOrEqual(level);
      if (counts.withPrimarySources < counts.articles) {
        expect(
          rank(contentFactuality({ ...counts, withPrimarySources: counts.withPrimarySources + 1 })),
        ).toBeGreaterThanOrEqual(level);
      }
    },
  );

  test.prop([countsArbitrary(20)], { numRuns: 400 })('agrees with a reference on rational shares', (counts) => {
    const share = (count: number) => count / counts.articles;
    const exactly = (count: number, percent: number) =>
      Math.round(share(count) * 1e9) >= Math.round((percent / 100) * 1e9);
    let expected: string;
    if (counts.withCorrections === 0 && (exactly(counts.withUnattributed, 30) || exactly(counts.withViral, 20)))
      expected = 'low';
    else if (
      counts.withCorrections >= 1 &&
      counts.withViral === 0 &&
      exactly(counts.bylined, 90) &&
      exactly(counts.withPrimarySources, 50)
    )
      expected = 'very-high';
    else if (exactly(counts.bylined, 70) && exactly(counts.withPrimarySources, 30)) expected = 'high';
    else expected = 'mixed';
    expect(contentFactuality(counts)).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------
// CM-1..CM-4
// ---------------------------------------------------------------------------------------------

describe('govOppRatio (CM-1)', () => {
  it('needs 5 framed articles; (government + ½) / (opposition + ½)', () => {
    expect(govOppRatio({ government: 3, opposition: 1 })).toBeNull();
    expect(govOppRatio({ government: 4, opposition: 1 })).toBe(3);
    expect(govOppRatio({ government: 5, opposition: 0 })).toBe(11);
    expect(govOppRatio({ government: 0, opposition: 5 })).toBeCloseTo(1 / 11, 15);
    expect(govOppRatio({ government: 0, opposition: 0 })).toBeNull();
  });
  it('the ratio feeds CB-1 (≥ 5 framed articles, 1 of them against a left incumbent → right indicator)', () => {
    const ratio = govOppRatio({ government: 1, opposition: 4 })!; // 1.5 / 4.5 = 0.33
    expect(
      contentBucket({
        sampleSize: 20,
        incumbent: 'left',
        govOppRatio: ratio,
        quoteDistribution: { left: 0.1, center: 0.3, right: 0.6 },
      }),
    ).toBe('right');
  });
  it('input errors name CM-1 and the field', () => {
    expectInputError(() => govOppRatio({ government: -1, opposition: 6 }), 'CM-1', 'government');
    expectInputError(() => govOppRatio({ government: 1, opposition: 0.5 }), 'CM-1', 'opposition');
  });
  const side = fc.integer({ min: 0, max: 200 });
  test.prop([side, side], { numRuns: 300 })(
    'null iff fewer than 5 framed; positive and finite; mirror is the reciprocal; > 1 iff more government',
    (government, opposition) => {
      const ratio = govOppRatio({ government, opposition });
      expect(ratio === null).toBe(government + opposition < 5);
      expect(GovOppRatioResultSchema.safeParse(ratio).success).toBe(true);
      if (ratio === null) return;
      expect(Number.isFinite(ratio)).toBe(true);
      expect(ratio * govOppRatio({ government: opposition, opposition: government })!).toBeCloseTo(1, 12);
      expect(ratio > 1).toBe(government > opposition);
      expect(govOppRatio({ government: government + 1, opposition })!).toBeGreaterThan(ratio);
    },
  );
});

describe('figureSentimentShares (CM-2)', () => {
  it('needs 3 articles; shares of the articles', () => {
    expect(figureSentimentShares({ favourable: 2, neutral: 0, critical: 0 })).toBeNull();
    expect(figureSentimentShares({ favourable: 1, neutral: 1, critical: 1 })).toEqual({
      articles: 3,
      favourable: 1 / 3,
      critical: 1 / 3,
    });
    expect(figureSentimentShares({ favourable: 1, neutral: 1, critical: 2 })).toEqual({
      articles: 4,
      favourable: 0.25,
      critical: 0.5,
    });
  });
  it('input errors name CM-2 and the field', () => {
    expectInputError(() => figureSentimentShares({ favourable: 1, neutral: -1, critical: 3 }), 'CM-2', 'neutral');
  });
  const count = fc.integer({ min: 0, max: 100 });
  test.prop([count, count, count], { numRuns: 300 })(
    'null iff fewer than 3 articles; favourable + critical ≤ 1 (a valid CB-1 figure)',
    (favourable, neutral, critical) => {
      const shares = figureSentimentShares({ favourable, neutral, critical });
      expect(shares === null).toBe(favourable + neutral + critical < 3);
      expect(FigureSentimentSharesSchema.safeParse(shares).success).toBe(true);
      if (shares === null) return;
      expect(shares.favourable + shares.critical).toBeLessThanOrEqual(1 + 1e-12);
      expect(() =>
        contentBucket({
          sampleSize: 20,
          incumbent: 'left',
          figures: [{ side: 'left', favourable: shares.favourable, critical: shares.critical }],
        }),
      ).not.toThrow();
    },
  );
});

describe('topicPosition (CM-3)', () => {
  it('needs 3 articles and an exact 2/3 majority', () => {
    expect(topicPosition({ progressive: 2, neutral: 0, conservative: 0 })).toBe('n/a');
    expect(topicPosition({ progressive: 2, neutral: 1, conservative: 0 })).toBe('progressive');
    expect(topicPosition({ progressive: 0, neutral: 1, conservative: 2 })).toBe('conservative');
    expect(topicPosition({ progressive: 1, neutral: 1, conservative: 1 })).toBe('mixed');
    // exactly 2/3: 4 of 6; 3 of 5 (60 %) is not enough
    expect(topicPosition({ progressive: 4, neutral: 2, conservative: 0 })).toBe('progressive');
    expect(topicPosition({ progressive: 3, neutral: 2, conservative: 0 })).toBe('mixed');
    expect(topicPosition({ progressive: 0, neutral: 0, conservative: 0 })).toBe('n/a');
  });
  it('input errors name CM-3 and the field', () => {
    expectInputError(() => topicPosition({ progressive: 1.5, neutral: 1, conservative: 1 }), 'CM-3', 'progressive');
  });
  const count = fc.integer({ min: 0, max: 60 });
  test.prop([count, count, count], { numRuns: 300 })(
    'n/a iff fewer than 3; mirror swaps the sides; scaling keeps the position',
    (progressive, neutral, conservative) => {
      const position = topicPosition({ progressive, neutral, conservative });
      expect(TopicPositionSchema.safeParse(position).success).toBe(true);
      expect(position === 'n/a').toBe(progressive + neutral + conservative < 3);
      const mirror = {
        progressive: 'conservative',
        conservative: 'progressive',
        mixed: 'mixed',
        'n/a': 'n/a',
      } as const;
      expect(topicPosition({ progressive: conservative, neutral, conservative: progressive })).toBe(mirror[position]);
      if (position !== 'n/a')
        expect(
          topicPosition({ progressive: 3 * progressive, neutral: 3 * neutral, conservative: 3 * conservative }),
        ).toBe(position);
    },
  );
});

describe('quoteShares (CM-4)', () => {
  it('needs 5 mapped quotes; shares of the mapped quotes', () => {
    expect(quoteShares({ left: 2, center: 1, right: 1 })).toBeNull();
    expect(quoteShares({ left: 3, center: 1, right: 1 })).toEqual({ left: 0.6, center: 0.2, right: 0.2 });
    expect(quoteShares({ left: 0, center: 0, right: 5 })).toEqual({ left: 0, center: 0, right: 1 });
  });
  it('input errors name CM-4 and the field', () => {
    expectInputError(() => quoteShares({ left: 1, center: 1, right: -3 }), 'CM-4', 'right');
  });
  const count = fc.integer({ min: 0, max: 100 });
  test.prop([count, count, count], { numRuns: 300 })(
    'null iff fewer than 5 mapped; shares sum to 1 and are accepted by CB-1',
    (left, center, right) => {
      const shares = quoteShares({ left, center, right });
      expect(shares === null).toBe(left + center + right < 5);
      expect(QuoteSharesSchema.safeParse(shares).success).toBe(true);
      if (shares === null) return;
      expect(shares.left + shares.center + shares.right).toBeCloseTo(1, 12);
      expect(() => contentBucket({ sampleSize: 20, incumbent: 'left', quoteDistribution: shares })).not.toThrow();
      expect(quoteShares({ left: right, center, right: left })).toEqual({
        left: shares.right,
        center: shares.center,
        right: shares.left,
      });
    },
  );
});
