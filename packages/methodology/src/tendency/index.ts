/**
 * Brazilian article and outlet tendency (RULES.md §2, seed 000): `articleConfidence` (ART-1) and
 * `outletTendency` (OT-1..3).
 *
 * @packageDocumentation
 */
import type { z } from 'zod';
import {
  ArticleConfidenceInputSchema,
  ArticleConfidenceResultSchema,
  OutletTendencyInputSchema,
  OutletTendencyResultSchema,
} from './schemas.js';

export { tendencyRules } from './rules.js';
export { TENDENCY_PARAMETERS, type TendencyParameters } from './parameters.js';
export * from './schemas.js';
export { articleConfidence, outletTendency } from './tendency.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * tendencySchemas.OutletTendencyInput.safeParse({ articles, options: { asOf } }).success;
 */
export const tendencySchemas: Record<string, z.ZodType> = {
  ArticleConfidenceInput: ArticleConfidenceInputSchema,
  ArticleConfidenceResult: ArticleConfidenceResultSchema,
  OutletTendencyInput: OutletTendencyInputSchema,
  OutletTendencyResult: OutletTendencyResultSchema,
};
