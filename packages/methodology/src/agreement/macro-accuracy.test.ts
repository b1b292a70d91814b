import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { confusionMatrix } from './confusion.js';
import { macroAccuracy } from './macro-accuracy.js';
import { createXoshiro128StarStar, uniformIndex } from './random.js';

function repeat(label: string, count: number): string[] {
  return Array.from({ length: count }, () => label);
}

describe('macroAccuracy (rule AGR-2)', () => {
  // Three classes with ≥ 8 gold cases, one with 5 (excluded from the mean).
  const gold = [...repeat('a', 10), ...repeat('b', 20), ...repeat('c', 8), ...repeat('d', 5)];
  const predicted = [
    ...repeat('a', 9),
    'b',
    ...repeat('b', 15),
    ...repeat('a', 5),
    ...repeat('c', 4),
    ...repeat('d', 4),
    ...repeat('a', 5),
  ];

  it('averages the recall of the classes with at least 8 gold cases', () => {
    const result = macroAccuracy({ gold, predicted, bootstrap: { seed: 1, resamples: 2000 } });
    expect(result.eligibleClasses).toEqual(['a', 'b', 'c']);
    expect(result.value).toBeCloseTo((0.9 + 0.75 + 0.5) / 3, 12);
    expect(result.n).toBe(43);
    expect(result.perClass.find((row) => row.class === 'd')).toEqual({
      class: 'd',
      goldCases: 5,
      correct: 0,
      recall: 0,
      eligible: false,
    });
    expect(result.interval![0]).toBeLessThan(result.value!);
    expect(result.interval![1]).toBeGreaterThan(result.value!);
    expect(result.bootstrap).toEqual({
      method: 'percentile',
      generator: 'xoshiro128**',
      resamples: 2000,
      seed: 1,
      validResamples: 2000,
    });
    expect(result.trace).toEqual(['AGR-2']);
  });

  it('honours minCases and returns null without eligible classes', () => {
    expect(
      macroAccuracy({ gold, predicted, minCases: 11, bootstrap: { seed: 1, resamples: 10 } }).eligibleClasses,
    ).toEqual(['b']);
    const none = macroAccuracy({ gold: ['a', 'b'], predicted: ['a', 'a'], bootstrap: { seed: 3, resamples: 10 } });
    expect(none.value).toBeNull();
    expect(none.interval).toBeNull();
  });

  it('gives a narrower interval at a lower level', () => {
    const at95 = macroAccuracy({ gold, predicted, bootstrap: { seed: 9, resamples: 4000 } });
    const at80 = macroAccuracy({ gold, predicted, bootstrap: { seed: 9, resamples: 4000, level: 0.8 } });
    expect(at80.interval![0]).toBeGreaterThanOrEqual(at95.interval![0]);
    expect(at80.interval![1]).toBeLessThanOrEqual(at95.interval![1]);
  });

  it('rejects unequal lengths, a missing seed and unknown keys, naming the field', () => {
    const check = (input: unknown, path: (string | number)[]): void => {
      try {
        macroAccuracy(input as never);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(MethodologyInputError);
        expect((error as MethodologyInputError).rule).toBe('AGR-2');
        expect((error as MethodologyInputError).issues.map((issue) => issue.path)).toContainEqual(path);
      }
    };
    check({ gold: ['a'], predicted: ['a', 'b'], bootstrap: { seed: 1 } }, ['predicted']);
    check({ gold: ['a'], predicted: ['a'], bootstrap: {} }, ['bootstrap', 'seed']);
    check({ gold: ['a'], predicted: ['a'], bootstrap: { seed: -1 } }, ['bootstrap', 'seed']);
    check({ gold: ['a'], predicted: ['a'], bootstrap: { seed: 1, resamples: 0 } }, ['bootstrap', 'resamples']);
    check({ gold: ['a'], predicted: ['a'], bootstrap: { seed: 1 }, minCase: 3 }, []);
  });

  const labels = fc.constantFrom('law_in_force', 'non_legislative', 'non_legislative_politics', 'ambiguous');
  const cases = fc.array(fc.tuple(labels, labels), { minLength: 1, maxLength: 120 });

  test.prop([cases, fc.integer({ min: 0, max: 0xffff_ffff })])('is deterministic for a seed', (pairs, seed) => {
    const input = {
      gold: pairs.map(([g]) => g),
      predicted: pairs.map(([, p]) => p),
      minCases: 3,
      bootstrap: { seed, resamples: 200 },
    };
    expect(macroAccuracy(input)).toEqual(macroAccuracy(structuredClone(input)));
  });

  test.prop([
    cases.chain((pairs) => fc.tuple(fc.constant(pairs), fc.shuffledSubarray(pairs, { minLength: pairs.length }))),
  ])('has a point estimate invariant to case order', ([pairs, shuffled]) => {
    const run = (list: [string, string][]) =>
      macroAccuracy({
        gold: list.map(([g]) => g),
        predicted: list.map(([, p]) => p),
        minCases: 3,
        bootstrap: { seed: 5, resamples: 20 },
      });
    const original = run(pairs);
    const permuted = run(shuffled);
    expect(permuted.value).toBe(original.value);
    expect(permuted.eligibleClasses).toEqual(original.eligibleClasses);
  });

  test.prop([cases, fc.integer({ min: 0, max: 1000 })])(
    'keeps the interval ordered and inside [0, 1]',
    (pairs, seed) => {
      const result = macroAccuracy({
        gold: pairs.map(([g]) => g),
        predicted: pairs.map(([, p]) => p),
        minCases: 2,
        bootstrap: { seed, resamples: 100 },
      });
      if (result.interval === null) return;
      expect(result.interval[0]).toBeGreaterThanOrEqual(0);
      expect(result.interval[1]).toBeLessThanOrEqual(1);
      expect(result.interval[0]).toBeLessThanOrEqual(result.interval[1]);
    },
  );
});

describe('bootstrap generator (AGR-2)', () => {
  it('xoshiro128** is deterministic and seed-dependent', () => {
    const first = createXoshiro128StarStar(42);
    const second = createXoshiro128StarStar(42);
    const other = createXoshiro128StarStar(43);
    const a = Array.from({ length: 5 }, first);
    expect(Array.from({ length: 5 }, second)).toEqual(a);
    expect(Array.from({ length: 5 }, other)).not.toEqual(a);
    for (const value of a) expect(Number.isInteger(value) && value >= 0 && value < 2 ** 32).toBe(true);
  });
  it('draws indices roughly uniformly', () => {
    const next = createXoshiro128StarStar(7);
    const counts = new Array<number>(10).fill(0);
    for (let draw = 0; draw < 100_000; draw += 1) counts[uniformIndex(next, 10)]! += 1;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe('confusionMatrix (rule AGR-2)', () => {
  it('counts gold rows against predicted columns', () => {
    expect(confusionMatrix(['a', 'a', 'b'], ['a', 'b', 'b'])).toEqual({
      classes: ['a', 'b'],
      matrix: [
        [1, 1],
        [0, 1],
      ],
      n: 3,
    });
    expect(confusionMatrix(['a'], ['a'], ['b', 'a'])).toEqual({
      classes: ['b', 'a'],
      matrix: [
        [0, 0],
        [0, 1],
      ],
      n: 1,
    });
  });
  it('rejects labels outside the given classes', () => {
    expect(() => confusionMatrix(['a', 'c'], ['a', 'a'], ['a', 'b'])).toThrow(/gold\.1/);
  });
});
