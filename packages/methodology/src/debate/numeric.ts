import { z } from 'zod';
import { inputError } from '../errors.js';
import { atMost } from '../shared/exact.js';
import type { Verdict } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { JR_NUMERIC_FALSE_DEVIATION, JR_NUMERIC_TOLERANCE } from './parameters.js';

/**
 * JR-1/4: the thresholds of {@link numericVerdict}; `falseDeviation` may not be below `tolerance`.
 *
 * @example
 * NumericVerdictOptionsSchema.parse({ tolerance: 0.05, falseDeviation: 0.5 });
 */
export const NumericVerdictOptionsSchema = z.strictObject({
  /** Relative deviation up to which the claim is `true`; default 0.05. */
  tolerance: z.number().finite().nonnegative().optional(),
  /** Relative deviation above which a same-sign claim is `false`; default 0.5. */
  falseDeviation: z.number().finite().nonnegative().optional(),
});
export type NumericVerdictOptions = z.infer<typeof NumericVerdictOptionsSchema>;

/**
 * JR-1/4: input of {@link numericVerdict} (the positional arguments as one object).
 *
 * @example
 * NumericVerdictInputSchema.parse({ claimed: 11e12, reference: 10.8e12 });
 */
export const NumericVerdictInputSchema = z.strictObject({
  claimed: z.number().finite(),
  reference: z.number().finite(),
  options: NumericVerdictOptionsSchema.optional(),
});

/**
 * Verdict on a number against its official reference (rules JR-1 and JR-4, order of RULES.md §10):
 * with e = |claimed − reference| / |reference|:
 * reference exactly 0 → `true` if claimed is exactly 0, else `false`;
 * e ≤ tolerance → `true`; claimed·reference < 0 (opposite sign) → `false`;
 * e ≤ falseDeviation → `imprecise`; else `false`. Thresholds are compared with the 1e-9 slack of
 * RULES.md §10, so exactly 5 % is `true`.
 *
 * @example
 * numericVerdict(11e12, 10.8e12); // 'true' ("11 trilhões" when it is 10,8)
 * numericVerdict(130, 100);       // 'imprecise'
 * numericVerdict(-3, 2);          // 'false'
 */
export function numericVerdict(claimed: number, reference: number, options?: NumericVerdictOptions): Verdict {
  const input = parseInput(NumericVerdictInputSchema, { claimed, reference, options }, 'JR-1/4', 'numericVerdict');
  const tolerance = input.options?.tolerance ?? JR_NUMERIC_TOLERANCE;
  const falseDeviation = input.options?.falseDeviation ?? JR_NUMERIC_FALSE_DEVIATION;
  if (falseDeviation < tolerance) {
    inputError('JR-1/4', 'numericVerdict', ['options', 'falseDeviation'], 'falseDeviation may not be below tolerance');
  }
  // rule JR-1/4, reference 0: no relative deviation exists.
  if (input.reference === 0) return input.claimed === 0 ? 'true' : 'false';
  const deviation = Math.abs(input.claimed - input.reference) / Math.abs(input.reference);
  if (atMost(deviation, tolerance)) return 'true'; // rule JR-1
  if (Math.sign(input.claimed) * Math.sign(input.reference) < 0) return 'false'; // rule JR-4: the opposite happened
  if (atMost(deviation, falseDeviation)) return 'imprecise'; // rule JR-4: same direction, outside the margin
  return 'false'; // rule JR-4: very different
}
