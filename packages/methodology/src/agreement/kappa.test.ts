import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { cohenKappa, rawAgreement } from './kappa.js';
import { normalQuantile } from './normal.js';
import { wilsonInterval } from './wilson.js';

/** Expands a contingency table {a label, b label, count} into two label arrays. */
function fromTable(cells: [string, string, number][]): { a: string[]; b: string[] } {
  const a: string[] = [];
  const b: string[] = [];
  for (const [labelA, labelB, count] of cells) {
    for (let index = 0; index < count; index += 1) {
      a.push(labelA);
      b.push(labelB);
    }
  }
  return { a, b };
}

function expectInputError(run: () => unknown, rule: string, path: (string | number)[]): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(MethodologyInputError);
  const error = caught as MethodologyInputError;
  expect(error.rule).toBe(rule);
  expect(error.issues.map((issue) => issue.path)).toContainEqual(path);
}

// The classic 2×2 table (31, 12 / 4, 58), n = 105.
const reference = fromTable([
  ['yes', 'yes', 31],
  ['yes', 'no', 12],
  ['no', 'yes', 4],
  ['no', 'no', 58],
]);

describe('cohenKappa (rule AGR-1)', () => {
  it('reproduces κ, the Fleiss–Cohen–Everitt SE and CI of the 2×2 reference table', () => {
    const result = cohenKappa(reference.a, reference.b, { se: 'fleiss' });
    expect(result.n).toBe(105);
    expect(result.kappa!).toBeCloseTo(0.6756757, 6);
    expect(Math.abs(result.se! - 0.07344761)).toBeLessThan(1e-6);
    expect(Math.abs(result.ci![0] - 0.531721)).toBeLessThan(1e-6);
    expect(Math.abs(result.ci![1] - 0.8196303)).toBeLessThan(1e-6);
  });

  it('uses the asymptotic SE √(p_o(1−p_o)/(n(1−p_e)²)) by default', () => {
    const result = cohenKappa(reference.a, reference.b);
    const observed = 89 / 105;
    const expected = (43 * 35 + 62 * 70) / (105 * 105);
    const se = Math.sqrt((observed * (1 - observed)) / (105 * (1 - expected) ** 2));
    expect(result.observed).toBeCloseTo(observed, 12);
    expect(result.expected).toBeCloseTo(expected, 12);
    expect(result.se!).toBeCloseTo(se, 12);
    expect(result.ci![0]).toBeCloseTo(result.kappa! - 1.959963984540054 * se, 10);
    expect(result.ci![1]).toBeCloseTo(result.kappa! + 1.959963984540054 * se, 10);
  });

  it("reproduces the seed's 0.83 [0.75, 0.91] for 154 cases at p_o = 137/154 and p_e ≈ 0.35", () => {
    // Six classes with symmetric marginals 80/39/15/8/8/4 (p_e = 8290/23716 ≈ 0.3496).
    const marginals: [string, number][] = [
      ['non_legislative', 80],
      ['non_legislative_politics', 39],
      ['law_in_force', 15],
      ['legislative_process', 8],
      ['parliamentary_activity', 8],
      ['ambiguous', 4],
    ];
    const a = marginals.flatMap(([label, count]) => Array.from({ length: count }, () => label));
    const b = [...a];
    const used = new Set<number>();
    const take = (label: string): number => {
      const position = a.findIndex((value, index) => value === label && !used.has(index));
      used.add(position);
      return position;
    };
    // 7 swaps (14 disagreements) and one 3-cycle (3): b's marginals stay equal to a's.
    const swaps: [string, string][] = [
      ['non_legislative', 'non_legislative_politics'],
      ['non_legislative', 'non_legislative_politics'],
      ['non_legislative', 'non_legislative_politics'],
      ['non_legislative', 'law_in_force'],
      ['non_legislative_politics', 'law_in_force'],
      ['legislative_process', 'parliamentary_activity'],
      ['ambiguous', 'non_legislative'],
    ];
    for (const [left, right] of swaps) {
      const x = take(left);
      const y = take(right);
      b[x] = right;
      b[y] = left;
    }
    const cycle = ['law_in_force', 'legislative_process', 'parliamentary_activity'];
    const positions = cycle.map(take);
    positions.forEach((position, index) => {
      b[position] = cycle[(index + 1) % cycle.length]!;
    });
    const result = cohenKappa(a, b);
    expect(result.n).toBe(154);
    expect(result.observed).toBeCloseTo(0.8896, 4);
    expect(result.expected).toBeCloseTo(0.35, 2);
    expect(result.kappa!).toBeCloseTo(0.83, 2);
    expect(result.ci![0]).toBeCloseTo(0.75, 2);
    expect(result.ci![1]).toBeCloseTo(0.91, 2);
  });

  it('gives κ, SE and CI null when p_e = 1 (one shared category)', () => {
    expect(cohenKappa(['x', 'x', 'x'], ['x', 'x', 'x'])).toEqual({
      n: 3,
      observed: 1,
      expected: 1,
      kappa: null,
      se: null,
      ci: null,
    });
  });

  it('takes categories as the union of both raters’ labels', () => {
    const result = cohenKappa(['x', 'x'], ['y', 'y']);
    expect(result.expected).toBe(0);
    expect(result.kappa).toBe(0);
  });

  it('clips the CI to [−1, 1] and widens it with the level', () => {
    const small = cohenKappa(['x', 'y', 'x', 'y'], ['x', 'y', 'x', 'y']);
    expect(small.kappa).toBe(1);
    expect(small.ci).toEqual([1, 1]);
    const low = cohenKappa(['x', 'y', 'x', 'y'], ['y', 'x', 'y', 'x']);
    expect(low.kappa).toBe(-1);
    expect(low.ci![0]).toBe(-1);
    const at95 = cohenKappa(reference.a, reference.b);
    const at99 = cohenKappa(reference.a, reference.b, { level: 0.99 });
    expect(at99.ci![0]).toBeLessThan(at95.ci![0]);
    expect(at99.ci![1]).toBeGreaterThan(at95.ci![1]);
  });

  it('rejects unequal lengths, empty input, empty labels, bad levels and unknown options', () => {
    expectInputError(() => cohenKappa(['x'], ['x', 'y']), 'AGR-1', ['b']);
    expectInputError(() => cohenKappa([], []), 'AGR-1', ['a']);
    expectInputError(() => cohenKappa(['x', ''], ['x', 'y']), 'AGR-1', ['a', 1]);
    expectInputError(() => cohenKappa(['x'], ['x'], { level: 1 }), 'AGR-1', ['options', 'level']);
    expectInputError(() => cohenKappa(['x'], ['x'], { se: 'bootstrap' as 'fleiss' }), 'AGR-1', ['options', 'se']);
    expectInputError(() => cohenKappa(['x'], ['x'], { levle: 0.9 } as never), 'AGR-1', ['options']);
    expect(() => cohenKappa(['x'], ['x'], { level: '0.95' as unknown as number })).toThrow(
      /cohenKappa \(rule AGR-1\).*options\.level/,
    );
  });

  const labels = fc.constantFrom('a', 'b', 'c', 'd');
  const pairs = fc.array(fc.tuple(labels, labels), { minLength: 1, maxLength: 200 });

  test.prop([pairs, fc.constantFrom('asymptotic' as const, 'fleiss' as const)])(
    'is symmetric in the raters',
    (cases, se) => {
      const a = cases.map(([left]) => left);
      const b = cases.map(([, right]) => right);
      const forward = cohenKappa(a, b, { se });
      const backward = cohenKappa(b, a, { se });
      expect(backward.kappa).toBe(forward.kappa);
      expect(backward.expected).toBe(forward.expected);
      if (forward.se === null) expect(backward.se).toBeNull();
      else expect(backward.se!).toBeCloseTo(forward.se, 12);
    },
  );

  test.prop([fc.array(labels, { minLength: 2, maxLength: 200 }).filter((a) => new Set(a).size >= 2)])(
    'is 1 for identical labels with at least two categories',
    (a) => {
      expect(cohenKappa(a, [...a]).kappa).toBe(1);
      expect(cohenKappa(a, [...a], { se: 'fleiss' }).se).toBe(0);
    },
  );

  test.prop([labels, fc.integer({ min: 1, max: 100 })])('is null when p_e = 1', (label, n) => {
    const a = Array.from({ length: n }, () => label);
    expect(cohenKappa(a, a).kappa).toBeNull();
  });

  test.prop([
    pairs,
    fc.constantFrom('asymptotic' as const, 'fleiss' as const),
    fc.double({ min: 0.5, max: 0.999, noNaN: true }),
  ])('stays in [−1, 1] with a CI in [−1, 1] around κ', (cases, se, level) => {
    const result = cohenKappa(
      cases.map(([left]) => left),
      cases.map(([, right]) => right),
      { se, level },
    );
    if (result.kappa === null) return;
    expect(result.kappa).toBeGreaterThanOrEqual(-1 - 1e-12);
    expect(result.kappa).toBeLessThanOrEqual(1 + 1e-12);
    expect(result.ci![0]).toBeGreaterThanOrEqual(-1);
    expect(result.ci![1]).toBeLessThanOrEqual(1);
    expect(result.ci![0]).toBeLessThanOrEqual(result.kappa + 1e-12);
    expect(result.ci![1]).toBeGreaterThanOrEqual(result.kappa - 1e-12);
    expect(result.se!).toBeGreaterThanOrEqual(0);
  });
});

describe('rawAgreement (rules AGR-1, AGR-5)', () => {
  it('is a figure with n and a Wilson interval', () => {
    const result = rawAgreement(reference.a, reference.b);
    expect(result).toMatchObject({ agreements: 89, n: 105, level: 0.95 });
    expect(result.value).toBeCloseTo(89 / 105, 12);
    expect(result.interval).toEqual(wilsonInterval(89, 105));
  });
  it('rejects unequal lengths', () => {
    expectInputError(() => rawAgreement(['x'], ['x', 'y']), 'AGR-1', ['b']);
  });
});

describe('wilsonInterval (rule AGR-1)', () => {
  it('gives (0.0695, 0.2619) for 7/50', () => {
    const [lower, upper] = wilsonInterval(7, 50);
    expect(lower).toBeCloseTo(0.0695, 4);
    expect(upper).toBeCloseTo(0.2619, 4);
  });
  it('is exactly 0 / 1 at the edges', () => {
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(10, 10)[1]).toBe(1);
  });
  it('rejects successes > n, n = 0, fractions and bad levels', () => {
    expectInputError(() => wilsonInterval(5, 4), 'AGR-1', ['successes']);
    expectInputError(() => wilsonInterval(0, 0), 'AGR-1', ['n']);
    expectInputError(() => wilsonInterval(1.5, 4), 'AGR-1', ['successes']);
    expectInputError(() => wilsonInterval(1, 4, 0), 'AGR-1', ['level']);
  });
  test.prop([
    fc.integer({ min: 1, max: 100_000 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))),
    fc.double({ min: 0.5, max: 0.9999, noNaN: true }),
  ])('contains p̂ and stays within [0, 1]', ([successes, n], level) => {
    const [lower, upper] = wilsonInterval(successes, n, level);
    expect(lower).toBeGreaterThanOrEqual(0);
    expect(upper).toBeLessThanOrEqual(1);
    expect(lower).toBeLessThanOrEqual(successes / n + 1e-12);
    expect(upper).toBeGreaterThanOrEqual(successes / n - 1e-12);
  });
});

describe('normalQuantile', () => {
  it('matches reference values (AS 241)', () => {
    expect(Math.abs(normalQuantile(0.975) - 1.959963985)).toBeLessThan(1e-9);
    expect(normalQuantile(0.5)).toBe(0);
    const references: [number, number][] = [
      [0.025, -1.959963984540054],
      [0.05, -1.6448536269514729],
      [0.9, 1.2815515655446004],
      [0.995, 2.5758293035489004],
      [0.001, -3.090232306167813],
      [1e-5, -4.264890793922825],
      [1e-10, -6.361340902404056],
      [1e-20, -9.262340089798409],
    ];
    for (const [probability, quantile] of references) {
      expect(Math.abs(normalQuantile(probability) - quantile)).toBeLessThan(1e-13 * Math.max(1, Math.abs(quantile)));
    }
  });
  test.prop([fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true })])('is antisymmetric around 0.5', (probability) => {
    expect(normalQuantile(probability) + normalQuantile(1 - probability)).toBeCloseTo(0, 6);
  });
  it('rejects probabilities outside (0, 1)', () => {
    expect(() => normalQuantile(0)).toThrow(MethodologyInputError);
    expect(() => normalQuantile(1)).toThrow(MethodologyInputError);
    expect(() => normalQuantile(Number.NaN)).toThrow(MethodologyInputError);
  });
});
