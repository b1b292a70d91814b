import { z } from 'zod';
import { parseInput } from '../shared/validate.js';

/**
 * Input of {@link normalQuantile}: a probability strictly between 0 and 1.
 *
 * @example
 * NormalQuantileInputSchema.safeParse(1).success; // false
 */
export const NormalQuantileInputSchema = z.number().gt(0).lt(1);

// Wichura (1988), Algorithm AS 241 "PPND16": the percentage points of the standard normal
// distribution, accurate to about 1 part in 10^16. Coefficients as published.
// The published coefficients carry more digits than a double holds; they are kept verbatim so that
// they can be checked against the paper.
/* eslint-disable no-loss-of-precision */
const A = [
  3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125, 45921.953931549871457,
  67265.770927008700853, 33430.575583588128105, 2509.0809287301226727,
] as const;
const B = [
  1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077, 21213.794301586595867, 39307.89580009271061,
  28729.085735721942674, 5226.495278852854561,
] as const;
const C = [
  1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504, 1.27045825245236838258,
  0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4,
] as const;
const D = [
  1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455, 0.14810397642748007459,
  0.0151986665636164571966, 5.475938084995344946e-4, 1.05075007164441684324e-9,
] as const;
const E = [
  6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123, 0.026532189526576123093,
  0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7,
] as const;
const F = [
  1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525, 7.868691311456132591e-4,
  1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15,
] as const;
/* eslint-enable no-loss-of-precision */

function polynomial(coefficients: readonly number[], x: number): number {
  let sum = 0;
  for (let index = coefficients.length - 1; index >= 0; index -= 1) sum = sum * x + coefficients[index]!;
  return sum;
}

/**
 * The standard normal quantile without validation (internal hot path).
 * @internal
 */
export function normalQuantileUnchecked(probability: number): number {
  const q = probability - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * polynomial(A, r)) / polynomial(B, r);
  }
  let r = q < 0 ? probability : 1 - probability;
  r = Math.sqrt(-Math.log(r));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value = polynomial(C, r) / polynomial(D, r);
  } else {
    r -= 5;
    value = polynomial(E, r) / polynomial(F, r);
  }
  return q < 0 ? -value : value;
}

/**
 * The quantile function (inverse CDF) of the standard normal distribution, by Wichura's
 * algorithm AS 241 (relative error about 1e-16). Used for every confidence level of AGR-1/AGR-2.
 *
 * @example
 * normalQuantile(0.975); // 1.959963984540054
 * normalQuantile(0.5);   // 0
 */
export function normalQuantile(probability: number): number {
  const checked = parseInput(NormalQuantileInputSchema, probability, 'AGR-1', 'normalQuantile');
  return normalQuantileUnchecked(checked);
}

/**
 * The two-sided critical value z_{(1+level)/2} for a confidence level in (0, 1).
 * @internal
 */
export function criticalValue(level: number): number {
  return normalQuantileUnchecked(0.5 + level / 2);
}
