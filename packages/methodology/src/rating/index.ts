/**
 * Outlet rating (RULES.md §1, seed 002): the three-signal funnel `rateOutlet`, the content-bucket
 * mapping `contentBucket`, factuality (`medianFactuality`, `factualityFromAssessments`,
 * `factualityCap`), re-evaluation (`reEvaluationDue`) and preliminary outlets
 * (`preliminaryStatus`, `preliminaryRating`).
 *
 * @packageDocumentation
 */
import type { z } from 'zod';
import {
  ContentBucketExplanationSchema,
  ContentBucketInputSchema,
  ContentBucketResultSchema,
  FactualityAssessmentsSchema,
  FactualityResultSchema,
  MedianFactualityInputSchema,
  PreliminaryRatingInputSchema,
  PreliminaryRatingSchema,
  PreliminaryStatusInputSchema,
  PreliminaryStatusResultSchema,
  RateOutletInputSchema,
  RateOutletResultSchema,
  ReEvaluationInputSchema,
  ReEvaluationResultSchema,
} from './schemas.js';

export { ratingRules } from './rules.js';
export { RATING_PARAMETERS, type RatingParameters } from './parameters.js';
export * from './schemas.js';
export { rateOutlet, rateOutletUnchecked } from './rate-outlet.js';
export { contentBucket, explainContentBucket, figureLean } from './content-bucket.js';
export { medianFactuality, factualityCap, factualityFromAssessments } from './factuality.js';
export { reEvaluationDue, preliminaryStatus, preliminaryRating } from './review.js';

/**
 * Every public input/output schema of this module, by name (used for the published JSON Schemas).
 *
 * @example
 * ratingSchemas.RateOutletInput.safeParse(row).success;
 */
export const ratingSchemas: Record<string, z.ZodType> = {
  RateOutletInput: RateOutletInputSchema,
  RateOutletResult: RateOutletResultSchema,
  ContentBucketInput: ContentBucketInputSchema,
  ContentBucketResult: ContentBucketResultSchema,
  ContentBucketExplanation: ContentBucketExplanationSchema,
  MedianFactualityInput: MedianFactualityInputSchema,
  FactualityAssessments: FactualityAssessmentsSchema,
  FactualityResult: FactualityResultSchema,
  ReEvaluationInput: ReEvaluationInputSchema,
  ReEvaluationResult: ReEvaluationResultSchema,
  PreliminaryStatusInput: PreliminaryStatusInputSchema,
  PreliminaryStatusResult: PreliminaryStatusResultSchema,
  PreliminaryRatingInput: PreliminaryRatingInputSchema,
  PreliminaryRating: PreliminaryRatingSchema,
};
