/** Independent audit of RULES.md §2 (ART-1, OT-1..3) and §10 "OT"/"ART-1". */
import { describe, expect, it } from 'vitest';
import { articleConfidence, MethodologyInputError, outletTendency, type Bucket } from '../index.js';

const AS_OF = '2026-04-27';

type Article = {
  bias: Bucket | null;
  confidence: 'low' | 'medium' | 'high';
  politicallyRelevant: boolean;
  publishedAt: string;
};
const article = (bias: Bucket | null, publishedAt = '2026-04-20', overrides: Partial<Article> = {}): Article => ({
  bias,
  confidence: 'medium',
  politicallyRelevant: true,
  publishedAt,
  ...overrides,
});
const many = (count: number, bias: Bucket | null, publishedAt?: string): Article[] =>
  Array.from({ length: count }, () => article(bias, publishedAt));

describe('ART-1 article confidence', () => {
  const at = (words: number, indicators: number, politicallyRelevant = true, outletSample = 10) =>
    articleConfidence({ words, indicators, politicallyRelevant, outletSample });

  it('levels at each boundary', () => {
    expect(at(300, 3)).toEqual({ confidence: 'high', preliminary: false });
    expect(at(299, 3).confidence).toBe('medium');
    expect(at(300, 2).confidence).toBe('medium');
    expect(at(120, 1).confidence).toBe('medium');
    expect(at(119, 5).confidence).toBe('low');
    expect(at(1000, 0).confidence).toBe('low');
    expect(at(1000, 10, false).confidence).toBe('low');
  });

  it('outlet sample < 10: one level down and preliminary, even when already low', () => {
    expect(at(300, 3, true, 9)).toEqual({ confidence: 'medium', preliminary: true });
    expect(at(120, 1, true, 9)).toEqual({ confidence: 'low', preliminary: true });
    expect(at(10, 0, true, 0)).toEqual({ confidence: 'low', preliminary: true });
  });
});

describe('OT-1..3 outlet tendency', () => {
  it('window is 0–90 days inclusive (26 January is day 91)', () => {
    const nine = many(9, 'left');
    expect(outletTendency([...nine, article('left', '2026-01-27')], { asOf: AS_OF })).toEqual({
      bias: 'left',
      confidence: 'medium',
      n: 10,
    });
    expect(outletTendency([...nine, article('left', '2026-01-26')], { asOf: AS_OF })).toMatchObject({
      bias: null,
      confidence: null,
      n: 9,
      reason: 'insufficient_sample',
    });
    expect(outletTendency([...nine, article('left', AS_OF)], { asOf: AS_OF }).n).toBe(10);
  });

  it('null bias, low confidence and non-relevant articles are not counted', () => {
    const result = outletTendency(
      [
        ...many(9, 'left'),
        article(null),
        article('left', '2026-04-20', { confidence: 'low' }),
        article('left', '2026-04-20', { politicallyRelevant: false }),
      ],
      { asOf: AS_OF },
    );
    expect(result).toMatchObject({ bias: null, n: 9, reason: 'insufficient_sample' });
  });

  it('the n < 10 check runs before the tie check; a tie gives confidence null', () => {
    expect(outletTendency([...many(4, 'left'), ...many(4, 'right'), article('center')], { asOf: AS_OF }).reason).toBe(
      'insufficient_sample',
    );
    expect(outletTendency([...many(5, 'left'), ...many(5, 'right')], { asOf: AS_OF })).toEqual({
      bias: null,
      confidence: null,
      n: 10,
      reason: 'tie',
    });
  });

  it('10–24 → medium, ≥ 25 → high', () => {
    expect(outletTendency([...many(13, 'center'), ...many(11, 'right')], { asOf: AS_OF })).toEqual({
      bias: 'center',
      confidence: 'medium',
      n: 24,
    });
    expect(outletTendency([...many(13, 'center'), ...many(12, 'right')], { asOf: AS_OF })).toEqual({
      bias: 'center',
      confidence: 'high',
      n: 25,
    });
  });

  it('a future-dated article is an input error', () => {
    expect(() => outletTendency([article('left', '2026-04-28')], { asOf: AS_OF })).toThrow(MethodologyInputError);
  });
});
