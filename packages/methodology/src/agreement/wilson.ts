import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { DEFAULT_AGREEMENT_LEVEL } from './constants.js';
import { criticalValue } from './normal.js';

/**
 * Input of {@link wilsonInterval}: successes ≤ n, n ≥ 1, level in (0, 1).
 *
 * @example
 * WilsonIntervalInputSchema.safeParse({ successes: 5, n: 4 }).success; // false
 */
export const WilsonIntervalInputSchema = z
  .strictObject({
    successes: z.number().int().nonnegative(),
    n: z.number().int().positive(),
    level: z.number().gt(0).lt(1).default(DEFAULT_AGREEMENT_LEVEL),
  })
  .superRefine((value, context) => {
    if (value.successes > value.n) {
      context.addIssue({
        code: 'custom',
        path: ['successes'],
        message: `successes (${value.successes}) exceed n (${value.n})`,
      });
    }
  });

/**
 * Wilson score bounds without validation (internal; inputs already checked).
 * @internal
 */
export function wilsonBounds(successes: number, n: number, level: number): [number, number] {
  const z = criticalValue(level);
  const proportion = successes / n;
  const zSquared = z * z;
  const denominator = 1 + zSquared / n;
  const centre = (proportion + zSquared / (2 * n)) / denominator;
  const halfWidth = (z / denominator) * Math.sqrt((proportion * (1 - proportion)) / n + zSquared / (4 * n * n));
  // rule AGR-1 (§10): Wilson bounds are clipped to [0, 1].
  const lower = successes === 0 ? 0 : Math.max(0, centre - halfWidth);
  const upper = successes === n ? 1 : Math.min(1, centre + halfWidth);
  return [lower, upper];
}

/**
 * Wilson score interval for a proportion (rule AGR-1), clipped to [0, 1]. The bound is exactly
 * 0 when there are no successes and exactly 1 when every case is a success.
 *
 * @example
 * wilsonInterval(7, 50);        // [0.0695…, 0.2619…]
 * wilsonInterval(7, 50, 0.99);  // a wider interval
 */
export function wilsonInterval(successes: number, n: number, level?: number): [number, number] {
  const input = parseInput(WilsonIntervalInputSchema, { successes, n, level }, 'AGR-1', 'wilsonInterval');
  return wilsonBounds(input.successes, input.n, input.level);
}
