import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { DEFAULT_AGREEMENT_LEVEL, DEFAULT_KAPPA_STANDARD_ERROR } from './constants.js';
import { criticalValue } from './normal.js';
import { wilsonBounds } from './wilson.js';

/**
 * A category label given by an annotator or a classifier (non-empty string).
 *
 * @example
 * AgreementLabelSchema.safeParse('').success; // false
 */
export const AgreementLabelSchema = z.string().min(1);

/**
 * A confidence level strictly between 0 and 1 (e.g. 0.95).
 *
 * @example
 * AgreementLevelSchema.parse(0.99);
 */
export const AgreementLevelSchema = z.number().gt(0).lt(1);

/**
 * Options of {@link cohenKappa} (rule AGR-1).
 *
 * @example
 * CohenKappaOptionsSchema.parse({}); // { level: 0.95, se: 'asymptotic' }
 */
export const CohenKappaOptionsSchema = z.strictObject({
  /** Confidence level of the interval; default 0.95. */
  level: AgreementLevelSchema.default(DEFAULT_AGREEMENT_LEVEL),
  /** `asymptotic` (default): √(p_o(1−p_o)/(n(1−p_e)²)); `fleiss`: Fleiss–Cohen–Everitt (1969). */
  se: z.enum(['asymptotic', 'fleiss']).default(DEFAULT_KAPPA_STANDARD_ERROR),
});
/**
 * @example
 * const options: CohenKappaOptions = { se: 'fleiss', level: 0.99 };
 */
export type CohenKappaOptions = z.input<typeof CohenKappaOptionsSchema>;

/**
 * Input of {@link cohenKappa}: two raters' labels for the same cases, in the same order.
 *
 * @example
 * CohenKappaInputSchema.safeParse({ a: ['x'], b: ['x', 'y'] }).success; // false (lengths differ)
 */
export const CohenKappaInputSchema = z
  .strictObject({
    a: z.array(AgreementLabelSchema).min(1),
    b: z.array(AgreementLabelSchema).min(1),
    options: CohenKappaOptionsSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.a.length !== value.b.length) {
      context.addIssue({
        code: 'custom',
        path: ['b'],
        message: `both raters must label the same cases: a has ${value.a.length} labels, b has ${value.b.length}`,
      });
    }
  });

/**
 * Result of {@link cohenKappa} (API.md §6). `kappa`, `se` and `ci` are `null` when p_e = 1.
 *
 * @example
 * CohenKappaResultSchema.parse(cohenKappa(a, b));
 */
export const CohenKappaResultSchema = z.object({
  n: z.number().int(),
  observed: z.number(),
  expected: z.number(),
  kappa: z.number().nullable(),
  se: z.number().nullable(),
  ci: z.tuple([z.number(), z.number()]).nullable(),
});
/**
 * @example
 * const result: CohenKappaResult = cohenKappa(a, b);
 */
export type CohenKappaResult = z.infer<typeof CohenKappaResultSchema>;

/**
 * Input of {@link rawAgreement}.
 *
 * @example
 * RawAgreementInputSchema.parse({ a: ['x'], b: ['x'] }); // level defaults to 0.95
 */
export const RawAgreementInputSchema = z
  .strictObject({
    a: z.array(AgreementLabelSchema).min(1),
    b: z.array(AgreementLabelSchema).min(1),
    level: AgreementLevelSchema.default(DEFAULT_AGREEMENT_LEVEL),
  })
  .superRefine((value, context) => {
    if (value.a.length !== value.b.length) {
      context.addIssue({
        code: 'custom',
        path: ['b'],
        message: `both raters must label the same cases: a has ${value.a.length} labels, b has ${value.b.length}`,
      });
    }
  });

/**
 * Raw agreement as a figure (AGR-1 + AGR-5): the share with its n and Wilson interval.
 *
 * @example
 * RawAgreementResultSchema.parse(rawAgreement(a, b));
 */
export const RawAgreementResultSchema = z.object({
  agreements: z.number().int(),
  n: z.number().int(),
  value: z.number(),
  interval: z.tuple([z.number(), z.number()]),
  level: z.number(),
});
/**
 * @example
 * const agreement: RawAgreementResult = rawAgreement(a, b);
 */
export type RawAgreementResult = z.infer<typeof RawAgreementResultSchema>;

/**
 * The two raters' contingency table over the union of their labels, as integer counts:
 * `cells[i * k + j]` = cases rater a put in category i and rater b in category j.
 */
interface ContingencyTable {
  categories: number;
  cells: Float64Array;
  rows: Float64Array;
  columns: Float64Array;
  agreements: number;
}

function contingencyTable(a: readonly string[], b: readonly string[]): ContingencyTable {
  const index = new Map<string, number>();
  const codesA = new Int32Array(a.length);
  const codesB = new Int32Array(b.length);
  for (let position = 0; position < a.length; position += 1) {
    const labelA = a[position]!;
    let codeA = index.get(labelA);
    if (codeA === undefined) index.set(labelA, (codeA = index.size));
    codesA[position] = codeA;
    const labelB = b[position]!;
    let codeB = index.get(labelB);
    if (codeB === undefined) index.set(labelB, (codeB = index.size));
    codesB[position] = codeB;
  }
  const categories = index.size;
  const cells = new Float64Array(categories * categories);
  const rows = new Float64Array(categories);
  const columns = new Float64Array(categories);
  let agreements = 0;
  for (let position = 0; position < a.length; position += 1) {
    const row = codesA[position]!;
    const column = codesB[position]!;
    cells[row * categories + column]! += 1;
    rows[row]! += 1;
    columns[column]! += 1;
    if (row === column) agreements += 1;
  }
  return { categories, cells, rows, columns, agreements };
}

/**
 * Cohen's kappa between two raters (rule AGR-1): κ = (p_o − p_e)/(1 − p_e), over the union of
 * both raters' labels, with a normal-approximation confidence interval clipped to [−1, 1].
 *
 * - `se: 'asymptotic'` (default): SE = √(p_o(1−p_o) / (n(1−p_e)²)) — reproduces the seed's
 *   κ = 0.83 [0.75, 0.91] for n = 154, p_o = 0.8896.
 * - `se: 'fleiss'`: the large-sample SE of Fleiss, Cohen & Everitt (1969), with the marginal terms:
 *   Var = { Σᵢ pᵢᵢ[(1−p_e) − (p₊ᵢ+pᵢ₊)(1−p_o)]² + (1−p_o)² Σ_{i≠j} pᵢⱼ(p₊ᵢ+pⱼ₊)² − (p_o·p_e − 2p_e + p_o)² }
 *   / (n(1−p_e)⁴).
 *
 * κ, SE and CI are `null` when p_e = 1 (both raters used one and the same category). p_o and p_e
 * are computed from integer counts; unequal lengths or an empty input are an input error.
 *
 * @example
 * cohenKappa(['x', 'x', 'y', 'y'], ['x', 'y', 'y', 'y']);
 * // { n: 4, observed: 0.75, expected: 0.5, kappa: 0.5, se: 0.4330…, ci: [-0.348…, 1] }
 * cohenKappa(a, b, { se: 'fleiss', level: 0.99 });
 */
export function cohenKappa(a: readonly string[], b: readonly string[], options?: CohenKappaOptions): CohenKappaResult {
  const input = parseInput(CohenKappaInputSchema, { a, b, options }, 'AGR-1', 'cohenKappa');
  const level = input.options?.level ?? DEFAULT_AGREEMENT_LEVEL;
  const method = input.options?.se ?? DEFAULT_KAPPA_STANDARD_ERROR;
  const table = contingencyTable(input.a, input.b);
  const n = input.a.length;
  const { categories, cells, rows, columns, agreements } = table;
  // rule AGR-1: exact integer numerators; p_e = Σ rowᵢ·columnᵢ / n².
  let expectedProducts = 0;
  for (let category = 0; category < categories; category += 1) expectedProducts += rows[category]! * columns[category]!;
  const squared = n * n;
  const observed = agreements / n;
  const expected = expectedProducts / squared;
  if (expectedProducts === squared) {
    return { n, observed, expected, kappa: null, se: null, ci: null };
  }
  const kappa = (n * agreements - expectedProducts) / (squared - expectedProducts);
  let variance: number;
  if (method === 'asymptotic') {
    variance = (observed * (1 - observed)) / (n * (1 - expected) * (1 - expected));
  } else {
    // Fleiss, Cohen & Everitt (1969), "Large sample standard errors of kappa and weighted kappa".
    const oneMinusObserved = 1 - observed;
    const oneMinusExpected = 1 - expected;
    let diagonal = 0;
    let offDiagonal = 0;
    for (let i = 0; i < categories; i += 1) {
      const rowShareI = rows[i]! / n;
      const columnShareI = columns[i]! / n;
      for (let j = 0; j < categories; j += 1) {
        const count = cells[i * categories + j]!;
        if (count === 0) continue;
        const cellShare = count / n;
        if (i === j) {
          const term = oneMinusExpected - (columnShareI + rowShareI) * oneMinusObserved;
          diagonal += cellShare * term * term;
        } else {
          const marginal = columnShareI + rows[j]! / n;
          offDiagonal += cellShare * marginal * marginal;
        }
      }
    }
    const correction = observed * expected - 2 * expected + observed;
    const numerator = diagonal + oneMinusObserved * oneMinusObserved * offDiagonal - correction * correction;
    // With perfect agreement the variance is exactly 0; avoid √ of cancellation noise (~1e-17).
    variance = agreements === n ? 0 : numerator / (n * oneMinusExpected ** 4);
  }
  const se = Math.sqrt(Math.max(0, variance));
  const halfWidth = criticalValue(level) * se;
  const ci: [number, number] = [Math.max(-1, kappa - halfWidth), Math.min(1, kappa + halfWidth)];
  return { n, observed, expected, kappa, se, ci };
}

/**
 * Raw agreement between two raters (rule AGR-1) as a figure (rule AGR-5): the share of cases
 * with the same label, with its n and a Wilson interval.
 *
 * @example
 * rawAgreement(['x', 'y', 'y'], ['x', 'y', 'x']);
 * // { agreements: 2, n: 3, value: 0.666…, interval: [0.207…, 0.938…], level: 0.95 }
 */
export function rawAgreement(a: readonly string[], b: readonly string[], level?: number): RawAgreementResult {
  const input = parseInput(RawAgreementInputSchema, { a, b, level }, 'AGR-1', 'rawAgreement');
  let agreements = 0;
  for (let position = 0; position < input.a.length; position += 1) {
    if (input.a[position] === input.b[position]) agreements += 1;
  }
  const n = input.a.length;
  return {
    agreements,
    n,
    value: agreements / n,
    interval: wilsonBounds(agreements, n, input.level),
    level: input.level,
  };
}
