import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { FACTUALITY_SCALE, type Factuality } from '../shared/schemas.js';
import { factualityCap, factualityFromAssessments, medianFactuality } from './factuality.js';

const rank = (value: Factuality) => FACTUALITY_SCALE.indexOf(value);

describe('FAC-1 medianFactuality', () => {
  it('no assessment → mixed; one → itself', () => {
    expect(medianFactuality([])).toBe('mixed');
    for (const value of FACTUALITY_SCALE) expect(medianFactuality([value])).toBe(value);
  });

  it.each<[Factuality, Factuality, Factuality]>([
    ['very-high', 'high', 'high'], // 3.5 → toward mixed
    ['high', 'mixed', 'mixed'], // 2.5 → mixed
    ['very-high', 'low', 'mixed'], // 2.5 → mixed
    ['very-high', 'very-low', 'mixed'], // 2
    ['high', 'low', 'mixed'], // 2
    ['very-high', 'mixed', 'high'], // 3
    ['low', 'very-low', 'low'], // 0.5 → toward mixed
    ['mixed', 'low', 'mixed'], // 1.5 → mixed
    ['mixed', 'very-low', 'low'], // 1
    ['high', 'very-low', 'mixed'], // 1.5 → mixed
  ])('median of %s and %s is %s', (a, b, expected) => {
    expect(medianFactuality([a, b])).toBe(expected);
    expect(medianFactuality([b, a])).toBe(expected);
  });

  it('odd counts take the middle value; even counts the half-step rule', () => {
    expect(medianFactuality(['very-low', 'very-high', 'high'])).toBe('high');
    expect(medianFactuality(['very-high', 'very-high', 'high', 'very-low'])).toBe('high'); // 3.5
    expect(medianFactuality(['very-low', 'very-low', 'low', 'very-high'])).toBe('low'); // 0.5
  });

  it('rejects unknown levels (no coercion)', () => {
    expect(() => medianFactuality(['alta' as Factuality])).toThrow(MethodologyInputError);
    try {
      medianFactuality(['high', 'mostly-true' as Factuality]);
    } catch (error) {
      expect((error as MethodologyInputError).rule).toBe('FAC-1');
      expect((error as MethodologyInputError).issues[0]!.path).toEqual([1]);
    }
  });

  test.prop([fc.array(fc.constantFrom(...FACTUALITY_SCALE), { maxLength: 7 })])(
    'lies between min and max and ignores order',
    (values) => {
      const median = medianFactuality(values);
      expect(medianFactuality([...values].reverse())).toBe(median);
      if (values.length === 0) return;
      const ranks = values.map(rank);
      expect(rank(median)).toBeGreaterThanOrEqual(Math.min(...ranks));
      expect(rank(median)).toBeLessThanOrEqual(Math.max(...ranks));
    },
  );

  test.prop([fc.constantFrom(...FACTUALITY_SCALE), fc.constantFrom(...FACTUALITY_SCALE)])(
    'two values: the exact median, a half step rounded toward mixed',
    (a, b) => {
      const exact = (rank(a) + rank(b)) / 2;
      const expected = Number.isInteger(exact) ? exact : exact > 2 ? Math.floor(exact) : Math.ceil(exact);
      expect(rank(medianFactuality([a, b]))).toBe(expected);
    },
  );
});

describe('FAC-2 factualityCap and factualityFromAssessments', () => {
  it('0 → low, 1 → medium, 2 or more → no cap', () => {
    expect(factualityCap(0)).toBe('low');
    expect(factualityCap(1)).toBe('medium');
    expect(factualityCap(2)).toBeNull();
    expect(factualityCap(3)).toBeNull();
  });

  it('rejects negative or fractional counts', () => {
    expect(() => factualityCap(-1)).toThrow(MethodologyInputError);
    expect(() => factualityCap(1.5)).toThrow(MethodologyInputError);
  });

  it('combines academic and content', () => {
    expect(factualityFromAssessments({})).toEqual({ factuality: 'mixed', assessments: 0, confidenceCap: 'low' });
    expect(factualityFromAssessments({ content: 'high' })).toEqual({
      factuality: 'high',
      assessments: 1,
      confidenceCap: 'medium',
    });
    expect(factualityFromAssessments({ academic: 'very-high', content: 'high' })).toEqual({
      factuality: 'high',
      assessments: 2,
      confidenceCap: null,
    });
    expect(() => factualityFromAssessments({ academic: 'high', ngo: 'low' } as never)).toThrow(MethodologyInputError);
  });
});
