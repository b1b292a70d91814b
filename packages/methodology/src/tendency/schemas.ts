import { z } from 'zod';
import { BucketSchema, CountSchema, IsoDateSchema } from '../shared/schemas.js';

/**
 * Confidence of a single article's classification (ART-1).
 *
 * @example
 * ArticleConfidenceLevelSchema.parse('medium');
 */
export const ArticleConfidenceLevelSchema = z.enum(['low', 'medium', 'high']);
/** Confidence of a single article's classification. */
export type ArticleConfidenceLevel = z.infer<typeof ArticleConfidenceLevelSchema>;

/**
 * Input of `articleConfidence` (ART-1): word count, explicit indicators found by the classifier,
 * political relevance and the number of analysed articles of the outlet in the window.
 *
 * @example
 * ArticleConfidenceInputSchema.parse({ words: 450, indicators: 3, politicallyRelevant: true, outletSample: 40 });
 */
export const ArticleConfidenceInputSchema = z.strictObject({
  words: CountSchema,
  indicators: CountSchema,
  politicallyRelevant: z.boolean(),
  outletSample: CountSchema,
});
/** Input of `articleConfidence`. */
export type ArticleConfidenceInput = z.infer<typeof ArticleConfidenceInputSchema>;

/**
 * Result of `articleConfidence`.
 *
 * @example
 * ArticleConfidenceResultSchema.parse({ confidence: 'high', preliminary: false });
 */
export const ArticleConfidenceResultSchema = z.object({
  confidence: ArticleConfidenceLevelSchema,
  preliminary: z.boolean(),
});
/** Result of `articleConfidence`. */
export type ArticleConfidenceResult = z.infer<typeof ArticleConfidenceResultSchema>;

/**
 * One analysed article of an outlet (OT-1).
 *
 * @example
 * TendencyArticleSchema.parse({ bias: 'left', confidence: 'high', politicallyRelevant: true, publishedAt: '2026-04-20' });
 */
export const TendencyArticleSchema = z.strictObject({
  bias: BucketSchema.nullable(),
  confidence: ArticleConfidenceLevelSchema,
  politicallyRelevant: z.boolean(),
  publishedAt: IsoDateSchema,
});
/** One analysed article of an outlet. */
export type TendencyArticle = z.infer<typeof TendencyArticleSchema>;

/**
 * Options of `outletTendency`.
 *
 * @example
 * OutletTendencyOptionsSchema.parse({ asOf: '2026-04-27' });
 */
export const OutletTendencyOptionsSchema = z.strictObject({ asOf: IsoDateSchema });
/** Options of `outletTendency`. */
export type OutletTendencyOptions = z.infer<typeof OutletTendencyOptionsSchema>;

/**
 * Both arguments of `outletTendency` as one document (error paths read `articles.3.bias`,
 * `options.asOf`).
 *
 * @example
 * OutletTendencyInputSchema.parse({ articles: [], options: { asOf: '2026-04-27' } });
 */
export const OutletTendencyInputSchema = z.strictObject({
  articles: z.array(TendencyArticleSchema),
  options: OutletTendencyOptionsSchema,
});
/** Both arguments of `outletTendency`. */
export type OutletTendencyInput = z.infer<typeof OutletTendencyInputSchema>;

/**
 * Result of `outletTendency`: `reason` is set exactly when `bias` is null.
 *
 * @example
 * OutletTendencyResultSchema.parse({ bias: null, confidence: null, n: 4, reason: 'insufficient_sample' });
 */
export const OutletTendencyResultSchema = z.object({
  bias: BucketSchema.nullable(),
  confidence: z.enum(['medium', 'high']).nullable(),
  n: z.number().int(),
  reason: z.enum(['insufficient_sample', 'tie']).optional(),
});
/** Result of `outletTendency`. */
export type OutletTendencyResult = z.infer<typeof OutletTendencyResultSchema>;
