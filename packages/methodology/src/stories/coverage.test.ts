import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import {
  nonPolitical,
  outletsWithRepeatsArbitrary,
  political,
  uniqueOutletsArbitrary,
  unrostered,
  withPermutation,
} from './__fixtures__/stories.js';
import { coverage, coverageUnchecked, largestRemainderPercent, storyTier } from './coverage.js';

function inputErrorOf(run: () => unknown): MethodologyInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof MethodologyInputError) return error;
    throw error;
  }
  throw new Error('expected a MethodologyInputError');
}

describe('largestRemainderPercent (COV-2 rounding)', () => {
  it('rounds to whole percentages summing to 100, ties in input order (left, center, right)', () => {
    expect(largestRemainderPercent([1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainderPercent([2, 1, 0])).toEqual([67, 33, 0]);
    expect(largestRemainderPercent([1, 2])).toEqual([33, 67]);
    expect(largestRemainderPercent([1, 1, 1, 1, 1, 1, 1])).toEqual([15, 15, 14, 14, 14, 14, 14]);
    expect(largestRemainderPercent([0, 1, 1])).toEqual([0, 50, 50]);
    // remainders: left 1/3 point, center 1/3 point, right 1/3 point → ties left first.
    expect(largestRemainderPercent([3, 3, 3])).toEqual([34, 33, 33]);
  });

  it('gives all zeros when nothing is counted', () => {
    expect(largestRemainderPercent([0, 0, 0])).toEqual([0, 0, 0]);
    expect(largestRemainderPercent([])).toEqual([]);
  });

  it('stays exact for counts beyond the safe range of count·100', () => {
    const big = Number.MAX_SAFE_INTEGER - 1;
    const result = largestRemainderPercent([big, 1, 1]);
    expect(result.reduce((a, b) => a + b, 0)).toBe(100);
    expect(result).toEqual([100, 0, 0]);
  });

  it('rejects negative, fractional and non-numeric counts, naming the rule and index', () => {
    for (const bad of [[-1, 2], [1.5, 2], ['1', 2], [Number.NaN], null]) {
      const error = inputErrorOf(() => largestRemainderPercent(bad as number[]));
      expect(error.rule).toBe('COV-2');
      expect(error.functionName).toBe('largestRemainderPercent');
    }
    expect(inputErrorOf(() => largestRemainderPercent([1, -1])).issues[0]?.path).toEqual([1]);
  });

  test.prop([fc.array(fc.nat({ max: 10_000 }), { maxLength: 8 })])(
    'sums to 100 (or all 0) and each percent is within 1 of the exact share',
    (counts) => {
      const percent = largestRemainderPercent(counts);
      const sum = counts.reduce((a, b) => a + b, 0);
      if (sum === 0) {
        expect(percent.every((value) => value === 0)).toBe(true);
        return;
      }
      expect(percent.reduce((a, b) => a + b, 0)).toBe(100);
      percent.forEach((value, index) => {
        // |value − 100·c/S| < 1, compared on integers: |value·S − 100·c| < S.
        expect(Math.abs(value * sum - 100 * counts[index]!)).toBeLessThan(sum);
        expect(Number.isInteger(value)).toBe(true);
      });
    },
  );
});

describe('coverage (COV-1, COV-2)', () => {
  it('counts unique domains, and percentages only over political outlets with a bias', () => {
    const [left] = political('left');
    const result = coverage([
      left!,
      { ...left! }, // same domain: one voice
      ...political('right'),
      ...political('center', 2),
      ...political(null),
      ...nonPolitical(2),
      ...unrostered(1),
    ]);
    expect(result).toEqual({
      total: 8,
      political: 5,
      nonPolitical: 2,
      unrostered: 1,
      rated: 6,
      counts: { left: 1, center: 2, right: 1 },
      percent: { left: 25, center: 50, right: 25 },
    });
  });

  it('gives all-zero percentages when no political outlet has a bias', () => {
    const result = coverage([...nonPolitical(3), ...political(null, 2), ...unrostered(1)]);
    expect(result.percent).toEqual({ left: 0, center: 0, right: 0 });
    expect(result.total).toBe(6);
    expect(coverage([]).total).toBe(0);
  });

  it('breaks equal remainders left, center, right', () => {
    expect(coverage([...political('left'), ...political('center'), ...political('right')]).percent).toEqual({
      left: 34,
      center: 33,
      right: 33,
    });
    expect(
      coverage([...political('center'), ...political('right'), ...political('right'), ...political('left')]).percent,
    ).toEqual({
      left: 25,
      center: 25,
      right: 50,
    });
  });

  it('compares domains as exact strings', () => {
    const result = coverage([
      { domain: 'elpais.com', scope: 'political', bias: 'center' },
      { domain: 'ElPais.com', scope: 'political', bias: 'center' },
      { domain: 'www.elpais.com', scope: 'political', bias: 'center' },
    ]);
    expect(result.total).toBe(3);
  });

  it('rejects a domain repeated with a different bias or scope, naming the domain (COV-1)', () => {
    const error = inputErrorOf(() =>
      coverage([
        { domain: 'a.com', scope: 'political', bias: 'left' },
        { domain: 'b.com', scope: 'political', bias: 'left' },
        { domain: 'a.com', scope: 'political', bias: 'right' },
      ]),
    );
    expect(error.rule).toBe('COV-1');
    expect(error.message).toContain('"a.com"');
    expect(error.issues[0]?.path).toEqual([2, 'bias']);
    const scopeError = inputErrorOf(() =>
      coverageUnchecked([
        { domain: 'a.com', scope: 'political', bias: null },
        { domain: 'a.com', scope: 'non_political', bias: null },
      ]),
    );
    expect(scopeError.issues[0]?.path).toEqual([1, 'scope']);
  });

  it('rejects invalid outlets, naming the rule and field; nothing is coerced', () => {
    const cases: [unknown, (string | number)[]][] = [
      [[{ domain: 'a.com', scope: 'political', bias: 'purple' }], [0, 'bias']],
      [[{ domain: 'a.com', scope: 'non_political', bias: 'left' }], [0, 'bias']],
      [[{ domain: 'a.com', scope: null, bias: 'right' }], [0, 'bias']],
      [[{ domain: '', scope: 'political', bias: 'left' }], [0, 'domain']],
      [[{ domain: 'a.com', scope: 'apolitico', bias: null }], [0, 'scope']],
      [[{ domain: 'a.com', scope: 'political' }], [0, 'bias']],
    ];
    for (const [input, path] of cases) {
      const error = inputErrorOf(() => coverage(input as never));
      expect(error.rule).toBe('COV');
      expect(error.issues[0]?.path).toEqual(path);
    }
    const extra = inputErrorOf(() =>
      coverage([{ domain: 'a.com', scope: 'political', bias: 'left', country: 'es' }] as never),
    );
    expect(extra.issues[0]?.code).toBe('unrecognized_keys');
    expect(extra.issues[0]?.path).toEqual([0]);
  });

  test.prop([outletsWithRepeatsArbitrary()])(
    'percentages sum to 100, or are all 0 without biased outlets',
    (outlets) => {
      const result = coverage(outlets);
      const { left, center, right } = result.percent;
      const biased = result.counts.left + result.counts.center + result.counts.right;
      expect(left + center + right).toBe(biased === 0 ? 0 : 100);
      expect(result.total).toBe(result.political + result.nonPolitical + result.unrostered);
      expect(result.total).toBe(new Set(outlets.map((outlet) => outlet.domain)).size);
    },
  );

  test.prop([withPermutation(outletsWithRepeatsArbitrary())])(
    'does not depend on outlet order',
    ([outlets, permuted]) => {
      expect(coverage(permuted)).toEqual(coverage(outlets));
    },
  );

  test.prop([uniqueOutletsArbitrary(), fc.array(fc.nat(), { maxLength: 10 })])(
    'repeating a domain verbatim changes nothing (COV-1)',
    (outlets, repeats) => {
      const repeated = outlets.length === 0 ? [] : repeats.map((index) => ({ ...outlets[index % outlets.length]! }));
      expect(coverage([...outlets, ...repeated])).toEqual(coverage(outlets));
    },
  );

  test.prop([outletsWithRepeatsArbitrary()])('unchecked gives the same result', (outlets) => {
    expect(coverageUnchecked(outlets)).toEqual(coverage(outlets));
  });
});

describe('storyTier (TIER)', () => {
  it('main from 6 rated domains, limited from 3, otherwise not synthesised', () => {
    expect(storyTier(0)).toBeNull();
    expect(storyTier(2)).toBeNull();
    expect(storyTier(3)).toBe('limited');
    expect(storyTier(5)).toBe('limited');
    expect(storyTier(6)).toBe('main');
    expect(storyTier(350)).toBe('main');
  });

  it('takes the rated count of coverage: non-political and political with a bias', () => {
    const outlets = [...political('left', 2), ...political(null, 3), ...nonPolitical(1), ...unrostered(4)];
    expect(coverage(outlets).rated).toBe(3);
    expect(storyTier(coverage(outlets).rated)).toBe('limited');
  });

  it('rejects counts that are not non-negative integers', () => {
    for (const bad of [-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY, '6', null]) {
      const error = inputErrorOf(() => storyTier(bad as number));
      expect(error.rule).toBe('TIER');
      expect(error.functionName).toBe('storyTier');
    }
  });
});
