import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { DEFAULT_AGREEMENT_LEVEL } from './constants.js';

/**
 * A reported figure (rule AGR-5): never a value alone, always with its sample size and interval.
 * The interval need not contain the value (a percentile bootstrap interval may not).
 *
 * @example
 * FigureSchema.parse({ value: 0.83, n: 154, interval: [0.75, 0.91] }); // level defaults to 0.95
 */
export const FigureSchema = z
  .strictObject({
    value: z.number(),
    n: z.number().int().positive(),
    interval: z.tuple([z.number(), z.number()]),
    level: z.number().gt(0).lt(1).default(DEFAULT_AGREEMENT_LEVEL),
  })
  .superRefine((figureValue, context) => {
    if (figureValue.interval[0] > figureValue.interval[1]) {
      context.addIssue({ code: 'custom', path: ['interval'], message: 'the lower bound exceeds the upper bound' });
    }
  });
/**
 * @example
 * const shown: Figure = figure(0.83, 154, [0.75, 0.91]);
 */
export type Figure = z.infer<typeof FigureSchema>;

/**
 * Builds a reportable figure (rule AGR-5): a value is accepted only together with its n and its
 * interval (and confidence level, default 0.95); a missing n or interval is an input error.
 *
 * @example
 * const k = cohenKappa(a, b);
 * figure(k.kappa!, k.n, k.ci!); // { value: 0.83, n: 154, interval: [0.75, 0.91], level: 0.95 }
 */
export function figure(value: number, n: number, interval: readonly [number, number], level?: number): Figure {
  return parseInput(FigureSchema, { value, n, interval, level }, 'AGR-5', 'figure');
}
