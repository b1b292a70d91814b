/**
 * Outlet rating (RULES.md §1, seed 002): the three-signal funnel `rateOutlet`, the content-bucket
 * mapping `contentBucket`, the counting behind its metrics (`govOppRatio`, `figureSentimentShares`,
 * `topicPosition`, `quoteShares`; CM-1..4), content factuality (`contentFactuality`, CF-1), factuality (`medianFactuality`, `factualityFromAssessments`,
 * `factualityCap`), re-evaluation (`reEvaluationDue`) and preliminary outlets
 * (`preliminaryStatus`, `preliminaryRating`), and the stored `rating_evidence` record of seed 002
 * (`RatingEvidenceSchema`) with its mapping to the funnel (`evidenceToRateOutletInput`, EVID-1).
 *
 * @packageDocumentation
 */
import type { z } from 'zod';
import {
  ContentEvidenceSchema,
  OwnershipEvidenceSchema,
  PendingEvidenceSchema,
  RatingEvidenceRecordSchema,
  RatingEvidenceSchema,
} from './evidence-record.js';
import {
  ContentBucketExplanationSchema,
  ContentBucketInputSchema,
  ContentBucketResultSchema,
  ContentFactualityCountsSchema,
  ContentFactualityExplanationSchema,
  ContentFactualityResultSchema,
  FactualityAssessmentsSchema,
  FigureSentimentCountsSchema,
  FigureSentimentSharesSchema,
  GovOppCountsSchema,
  GovOppRatioResultSchema,
  FactualityResultSchema,
  MedianFactualityInputSchema,
  PreliminaryRatingInputSchema,
  PreliminaryRatingSchema,
  PreliminaryStatusInputSchema,
  PreliminaryStatusResultSchema,
  QuoteLeanCountsSchema,
  QuoteSharesSchema,
  RateOutletInputSchema,
  RateOutletResultSchema,
  ReEvaluationInputSchema,
  ReEvaluationResultSchema,
  TopicPositionSchema,
  TopicStanceCountsSchema,
} from './schemas.js';

export { ratingRules } from './rules.js';
export {
  RATING_PARAMETERS,
  CONTENT_FACTUALITY_PARAMETERS,
  CONTENT_METRIC_PARAMETERS,
  type RatingParameters,
  type ContentFactualityParameters,
  type ContentMetricParameters,
} from './parameters.js';
export * from './schemas.js';
export { rateOutlet, rateOutletUnchecked } from './rate-outlet.js';
export * from './evidence-record.js';
export {
  evidenceToRateOutletInput,
  isPendingEvidence,
  lastControlChange,
  withOwnershipEvents,
  type ReportedOwnershipEvent,
  ownershipOf,
  rateOutletInputToEvidence,
  ratingChangeCause,
} from './evidence.js';
export { contentBucket, explainContentBucket, figureLean } from './content-bucket.js';
export {
  contentFactuality,
  explainContentFactuality,
  explainContentFactualityUnchecked,
  govOppRatio,
  figureSentimentShares,
  topicPosition,
  quoteShares,
} from './content-signals.js';
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
  ContentFactualityCounts: ContentFactualityCountsSchema,
  ContentFactualityResult: ContentFactualityResultSchema,
  ContentFactualityExplanation: ContentFactualityExplanationSchema,
  GovOppCounts: GovOppCountsSchema,
  GovOppRatioResult: GovOppRatioResultSchema,
  FigureSentimentCounts: FigureSentimentCountsSchema,
  FigureSentimentShares: FigureSentimentSharesSchema,
  TopicStanceCounts: TopicStanceCountsSchema,
  TopicPosition: TopicPositionSchema,
  QuoteLeanCounts: QuoteLeanCountsSchema,
  QuoteShares: QuoteSharesSchema,
  MedianFactualityInput: MedianFactualityInputSchema,
  FactualityAssessments: FactualityAssessmentsSchema,
  FactualityResult: FactualityResultSchema,
  ReEvaluationInput: ReEvaluationInputSchema,
  ReEvaluationResult: ReEvaluationResultSchema,
  PreliminaryStatusInput: PreliminaryStatusInputSchema,
  PreliminaryStatusResult: PreliminaryStatusResultSchema,
  PreliminaryRatingInput: PreliminaryRatingInputSchema,
  PreliminaryRating: PreliminaryRatingSchema,
  RatingEvidence: RatingEvidenceSchema,
  RatingEvidenceRecord: RatingEvidenceRecordSchema,
  PendingEvidence: PendingEvidenceSchema,
  OwnershipEvidence: OwnershipEvidenceSchema,
  ContentEvidence: ContentEvidenceSchema,
};
