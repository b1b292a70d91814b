import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { fromDayNumber, toDayNumber } from '../shared/dates.js';
import type { Bucket } from '../shared/schemas.js';
import { OutletTendencyResultSchema, type TendencyArticle } from './schemas.js';
import { articleConfidence, outletTendency } from './tendency.js';

const AS_OF = '2026-04-27';
const daysBefore = (days: number) => fromDayNumber(toDayNumber(AS_OF) - days);
const article = (bias: Bucket | null, days = 5, overrides: Partial<TendencyArticle> = {}): TendencyArticle => ({
  bias,
  confidence: 'medium',
  politicallyRelevant: true,
  publishedAt: daysBefore(days),
  ...overrides,
});
const many = (count: number, bias: Bucket | null, days = 5) => Array.from({ length: count }, () => article(bias, days));

function expectError(run: () => unknown, rule: string, path: (string | number)[]): void {
  try {
    run();
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(MethodologyInputError);
    expect((error as MethodologyInputError).rule).toBe(rule);
    expect((error as MethodologyInputError).issues.map((issue) => issue.path)).toContainEqual(path);
  }
}

describe('ART-1 articleConfidence', () => {
  const confidence = (words: number, indicators: number, politicallyRelevant = true, outletSample = 50) =>
    articleConfidence({ words, indicators, politicallyRelevant, outletSample });

  it('word boundaries 119 / 120 / 299 / 300', () => {
    expect(confidence(119, 5).confidence).toBe('low');
    expect(confidence(120, 5).confidence).toBe('medium');
    expect(confidence(299, 5).confidence).toBe('medium');
    expect(confidence(300, 5).confidence).toBe('high');
  });

  it('indicator boundaries 0 / 1 / 2 / 3', () => {
    expect(confidence(500, 0).confidence).toBe('low');
    expect(confidence(500, 1).confidence).toBe('medium');
    expect(confidence(500, 2).confidence).toBe('medium');
    expect(confidence(500, 3).confidence).toBe('high');
  });

  it('not politically relevant → low', () => {
    expect(confidence(2000, 10, false)).toEqual({ confidence: 'low', preliminary: false });
  });

  it('outletSample < 10 → one level down and preliminary, even at low', () => {
    expect(confidence(300, 3, true, 9)).toEqual({ confidence: 'medium', preliminary: true });
    expect(confidence(300, 3, true, 10)).toEqual({ confidence: 'high', preliminary: false });
    expect(confidence(120, 1, true, 0)).toEqual({ confidence: 'low', preliminary: true });
    expect(confidence(50, 0, true, 3)).toEqual({ confidence: 'low', preliminary: true });
  });

  it('input errors', () => {
    expectError(
      () => articleConfidence({ words: -1, indicators: 0, politicallyRelevant: true, outletSample: 1 }),
      'ART-1',
      ['words'],
    );
    expectError(
      () => articleConfidence({ words: 10, indicators: 0, politicallyRelevant: 'yes' as never, outletSample: 1 }),
      'ART-1',
      ['politicallyRelevant'],
    );
    expectError(() => articleConfidence({ words: 10, indicators: 0, politicallyRelevant: true } as never), 'ART-1', [
      'outletSample',
    ]);
  });

  test.prop([fc.nat(1000), fc.nat(10), fc.boolean(), fc.nat(40)])(
    'preliminary iff outletSample < 10; monotone in words and indicators',
    (words, indicators, relevant, sample) => {
      const rank = { low: 0, medium: 1, high: 2 } as const;
      const result = articleConfidence({ words, indicators, politicallyRelevant: relevant, outletSample: sample });
      expect(result.preliminary).toBe(sample < 10);
      const more = articleConfidence({
        words: words + 50,
        indicators: indicators + 1,
        politicallyRelevant: relevant,
        outletSample: sample,
      });
      expect(rank[more.confidence]).toBeGreaterThanOrEqual(rank[result.confidence]);
      if (!relevant) expect(result.confidence).toBe('low');
    },
  );
});

describe('OT-1..3 outletTendency', () => {
  it('n = 9 → insufficient sample; 10 → medium', () => {
    expect(outletTendency(many(9, 'left'), { asOf: AS_OF })).toEqual({
      bias: null,
      confidence: null,
      n: 9,
      reason: 'insufficient_sample',
    });
    expect(outletTendency(many(10, 'left'), { asOf: AS_OF })).toEqual({ bias: 'left', confidence: 'medium', n: 10 });
  });

  it('n = 24 → medium; 25 → high', () => {
    expect(outletTendency([...many(14, 'right'), ...many(10, 'center')], { asOf: AS_OF })).toEqual({
      bias: 'right',
      confidence: 'medium',
      n: 24,
    });
    expect(outletTendency([...many(15, 'right'), ...many(10, 'center')], { asOf: AS_OF })).toEqual({
      bias: 'right',
      confidence: 'high',
      n: 25,
    });
  });

  it('a tie for the mode → no tendency, confidence null', () => {
    expect(outletTendency([...many(5, 'left'), ...many(5, 'right')], { asOf: AS_OF })).toEqual({
      bias: null,
      confidence: null,
      n: 10,
      reason: 'tie',
    });
    expect(
      outletTendency([...many(10, 'left'), ...many(10, 'center'), ...many(10, 'right')], { asOf: AS_OF }),
    ).toMatchObject({ reason: 'tie', n: 30 });
    expect(
      outletTendency([...many(10, 'left'), ...many(10, 'center'), ...many(9, 'right')], { asOf: AS_OF }),
    ).toMatchObject({ reason: 'tie' });
    // the n < 10 check runs before the tie check
    expect(outletTendency([...many(4, 'left'), ...many(4, 'right')], { asOf: AS_OF }).reason).toBe(
      'insufficient_sample',
    );
  });

  it('the window is 0–90 days inclusive', () => {
    expect(outletTendency([...many(9, 'left'), article('left', 90)], { asOf: AS_OF }).n).toBe(10);
    expect(outletTendency([...many(9, 'left'), article('left', 91)], { asOf: AS_OF }).n).toBe(9);
    expect(outletTendency([...many(9, 'left'), article('left', 0)], { asOf: AS_OF }).n).toBe(10);
    // a date-time is read as its UTC calendar date
    expect(
      outletTendency([...many(9, 'left'), article('left', 0, { publishedAt: '2026-04-27T23:59:59Z' })], { asOf: AS_OF })
        .n,
    ).toBe(10);
  });

  it('only politically relevant medium/high articles with a bias count', () => {
    const noise = [
      article('right', 1, { confidence: 'low' }),
      article('right', 1, { politicallyRelevant: false }),
      ...many(20, null),
    ];
    expect(outletTendency([...many(10, 'left'), ...noise], { asOf: AS_OF })).toEqual({
      bias: 'left',
      confidence: 'medium',
      n: 10,
    });
    expect(
      outletTendency([...many(10, 'left').map((entry) => ({ ...entry, confidence: 'high' as const }))], { asOf: AS_OF })
        .n,
    ).toBe(10);
  });

  it('input errors: future articles, unknown values, missing options', () => {
    expectError(() => outletTendency([article('left', -1)], { asOf: AS_OF }), 'OT-1', ['articles', 0, 'publishedAt']);
    expectError(
      () => outletTendency([article('left'), { ...article('left'), bias: 'centre' as never }], { asOf: AS_OF }),
      'OT-1',
      ['articles', 1, 'bias'],
    );
    expectError(
      () => outletTendency([{ ...article('left'), confidence: 'very-high' as never }], { asOf: AS_OF }),
      'OT-1',
      ['articles', 0, 'confidence'],
    );
    expectError(() => outletTendency([], {} as never), 'OT-1', ['options', 'asOf']);
    expectError(() => outletTendency([{ ...article('left'), outlet: 'x' } as never], { asOf: AS_OF }), 'OT-1', [
      'articles',
      0,
    ]);
  });

  const articleArbitrary = fc.record({
    bias: fc.constantFrom<Bucket | null>('left', 'center', 'right', null),
    confidence: fc.constantFrom('low' as const, 'medium' as const, 'high' as const),
    politicallyRelevant: fc.boolean(),
    publishedAt: fc.integer({ min: 0, max: 120 }).map(daysBefore),
  });
  const articlesArbitrary = fc.array(articleArbitrary, { maxLength: 60 });

  test.prop([articlesArbitrary, fc.integer()], { numRuns: 300 })('invariant to article order', (articles, seed) => {
    const shuffled = [...articles];
    let state = seed >>> 0;
    for (let index = shuffled.length - 1; index > 0; index -= 1) {
      state = (state * 1_103_515_245 + 12_345) >>> 0;
      const other = state % (index + 1);
      [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
    }
    expect(outletTendency(shuffled, { asOf: AS_OF })).toEqual(outletTendency(articles, { asOf: AS_OF }));
  });

  test.prop(
    [
      articlesArbitrary,
      fc.array(
        articleArbitrary.map((entry) => entry),
        { maxLength: 30 },
      ),
      fc.array(fc.integer({ min: 91, max: 3000 }), { minLength: 30, maxLength: 30 }),
    ],
    {
      numRuns: 300,
    },
  )('articles outside the 90-day window never change the result', (articles, extra, ages) => {
    const old = extra.map((entry, index) => ({ ...entry, publishedAt: daysBefore(ages[index]!) }));
    expect(outletTendency([...articles, ...old], { asOf: AS_OF })).toEqual(outletTendency(articles, { asOf: AS_OF }));
  });

  test.prop([articlesArbitrary], { numRuns: 300 })(
    'reason is set exactly when bias is null; thresholds 10 / 25',
    (articles) => {
      const result = outletTendency(articles, { asOf: AS_OF });
      expect(OutletTendencyResultSchema.safeParse(result).success).toBe(true);
      expect(result.bias === null).toBe(result.reason !== undefined);
      expect(result.confidence === null).toBe(result.bias === null);
      if (result.n < 10) expect(result.reason).toBe('insufficient_sample');
      if (result.bias !== null) expect(result.confidence).toBe(result.n >= 25 ? 'high' : 'medium');
    },
  );
});
