import { z } from 'zod';
import {
  BucketSchema,
  CountSchema,
  CountryRegimeSchema,
  EditorialScopeSchema,
  FactualitySchema,
  FundingModelSchema,
  OwnerTypeSchema,
  RatingConfidenceSchema,
} from '../shared/schemas.js';
import { RatingDateSchema as IsoDateSchema } from './iso-date.js';

// ---------------------------------------------------------------------------------------------
// rateOutlet (FUN-*, CONF-*, FAC-*, VER)
// ---------------------------------------------------------------------------------------------

/**
 * Signal 1 — ownership and funding (seed 002 §2). `regimeBucket` is required when R1 applies and
 * `partyBucket` when R3 applies (checked by `rateOutlet`, rule FUN-3). `fundingModel` and
 * `regimeYear` are recorded for the audit trail and do not move the bucket.
 *
 * @example
 * OutletOwnershipSchema.parse({ ownerType: 'corporate-conglomerate', countryRegime: 'democracy' });
 */
export const OutletOwnershipSchema = z.strictObject({
  ownerType: OwnerTypeSchema,
  countryRegime: CountryRegimeSchema,
  fundingModel: FundingModelSchema.optional(),
  regimeYear: z.number().int().optional(),
  regimeBucket: BucketSchema.optional(),
  partyBucket: BucketSchema.optional(),
  lastControlChange: IsoDateSchema.optional(),
});
/** Ownership evidence of an outlet. */
export type OutletOwnership = z.infer<typeof OutletOwnershipSchema>;

/**
 * One academic or NGO source (seed 002 §3), quoted literally. Only `date`, `weight` and
 * `domestic` enter the rules; the rest is audit trail.
 *
 * @example
 * AcademicSourceSchema.parse({ name: 'FLIP', date: '2024-03-12', weight: 'primary', domestic: true });
 */
export const AcademicSourceSchema = z.strictObject({
  date: IsoDateSchema,
  weight: z.enum(['primary', 'secondary']),
  domestic: z.boolean(),
  name: z.string().optional(),
  url: z.string().optional(),
  quote: z.string().optional(),
});
/** One academic or NGO source. */
export type AcademicSource = z.infer<typeof AcademicSourceSchema>;

/**
 * Signal 2 — academic / NGO assessment: the bucket and factuality the sources support.
 *
 * @example
 * AcademicSignalSchema.parse({ bucket: 'right', factuality: 'high', sources: [] });
 */
export const AcademicSignalSchema = z.strictObject({
  bucket: BucketSchema.optional(),
  factuality: FactualitySchema.optional(),
  sources: z.array(AcademicSourceSchema),
});
/** Academic / NGO signal. */
export type AcademicSignal = z.infer<typeof AcademicSignalSchema>;

/**
 * The content-only bucket as stored by a content run: a bucket, `inconclusive`, or `null`
 * (no conclusion). `insufficient` is not accepted: a run below 20 articles has no bucket.
 *
 * @example
 * ContentVoteBucketSchema.parse('inconclusive');
 */
export const ContentVoteBucketSchema = z.union([BucketSchema, z.literal('inconclusive')]).nullable();

/**
 * Signal 3 — content analysis of the last 90 days (seed 002 §4). `windowStart` is the first day of
 * the analysed window (used by CONF-CHANGE); `newsBucket`/`opinionBucket` feed CONF-SPLIT.
 *
 * @example
 * ContentSignalSchema.parse({ sampleSize: 47, windowStart: '2026-01-27', bucket: 'right', factuality: 'high' });
 */
export const ContentSignalSchema = z.strictObject({
  sampleSize: CountSchema,
  windowStart: IsoDateSchema.optional(),
  bucket: ContentVoteBucketSchema.optional(),
  factuality: FactualitySchema.optional(),
  newsBucket: BucketSchema.optional(),
  opinionBucket: BucketSchema.optional(),
});
/** Content-analysis signal. */
export type ContentSignal = z.infer<typeof ContentSignalSchema>;

/**
 * Input of `rateOutlet`: the three signals and the date of the rating. Unknown fields and enum
 * values are errors.
 *
 * @example
 * RateOutletInputSchema.parse({ asOf: '2026-04-27', scope: 'political' });
 */
export const RateOutletInputSchema = z.strictObject({
  asOf: IsoDateSchema,
  scope: EditorialScopeSchema,
  ownership: OutletOwnershipSchema.optional(),
  academic: AcademicSignalSchema.optional(),
  content: ContentSignalSchema.optional(),
});
/** Input of `rateOutlet`. */
export type RateOutletInput = z.infer<typeof RateOutletInputSchema>;

/**
 * The ownership rule that applied (FUN-3).
 *
 * @example
 * OwnershipRuleSchema.parse('R3');
 */
export const OwnershipRuleSchema = z.enum(['R1', 'R2', 'R3', 'R4']);
/** The ownership rule that applied (FUN-3). */
export type OwnershipRule = z.infer<typeof OwnershipRuleSchema>;

/**
 * The three signals of the funnel.
 *
 * @example
 * RatingSignalSchema.parse('academic');
 */
export const RatingSignalSchema = z.enum(['ownership', 'academic', 'content']);
/** One of the three signals. */
export type RatingSignal = z.infer<typeof RatingSignalSchema>;

/**
 * A valid vote that disagrees with the final bias.
 *
 * @example
 * RatingDissentSchema.parse({ signal: 'content', bucket: 'right' });
 */
export const RatingDissentSchema = z.object({ signal: RatingSignalSchema, bucket: BucketSchema });
/** A valid vote that disagrees with the final bias. */
export type RatingDissent = z.infer<typeof RatingDissentSchema>;

/**
 * Flags a rating may carry:
 * - `no_signal` — FUN-4 found no valid vote: bias `null`, left out of coverage bars;
 * - `split_outlet` — CONF-SPLIT: news and opinion buckets differ;
 * - `content_predates_control_change` — CONF-CHANGE removed the content vote;
 * - `post_change_sample_insufficient` — CONF-CHANGE forced `low` (post-change sample < 20);
 * - `r1_content_override` — FUN-6: content overrode the R1 regime prior;
 * - `r3_clamped` — FUN-5 changed the bucket of an R3 outlet.
 *
 * @example
 * RatingFlagSchema.parse('split_outlet');
 */
export const RatingFlagSchema = z.enum([
  'no_signal',
  'split_outlet',
  'content_predates_control_change',
  'post_change_sample_insufficient',
  'r1_content_override',
  'r3_clamped',
]);
/** A flag on a rating. */
export type RatingFlag = z.infer<typeof RatingFlagSchema>;

/**
 * Result of `rateOutlet`. `trace` lists the rule IDs that fired, in evaluation order:
 * FUN-3? FUN-1? FUN-2? CONF-CHANGE? (FUN-4 | FUN-6) CONF-H? FUN-5? CONF-SPLIT? FAC-1 FAC-2
 * CONF-CAP? VER — or, for non-political outlets, FUN-0 FAC-1 FAC-2 VER.
 *
 * @example
 * RateOutletResultSchema.parse(rateOutlet({ asOf: '2026-04-27', scope: 'non_political' }));
 */
export const RateOutletResultSchema = z.object({
  bias: BucketSchema.nullable(),
  factuality: FactualitySchema,
  confidence: RatingConfidenceSchema,
  appliedRule: OwnershipRuleSchema.nullable(),
  dissent: z.array(RatingDissentSchema),
  flags: z.array(RatingFlagSchema),
  trace: z.array(z.string()),
  methodologyVersion: z.string(),
});
/** Result of `rateOutlet`. */
export type RateOutletResult = z.infer<typeof RateOutletResultSchema>;

// ---------------------------------------------------------------------------------------------
// contentBucket (CB-*)
// ---------------------------------------------------------------------------------------------

const Share = z.number().min(0).max(1);

/**
 * Sentiment towards one named figure: shares of favourable and critical items (0–1).
 *
 * @example
 * FigureSentimentSchema.parse({ side: 'left', name: 'Gustavo Petro', favourable: 0.18, critical: 0.61 });
 */
export const FigureSentimentSchema = z.strictObject({
  side: BucketSchema,
  favourable: Share,
  critical: Share,
  name: z.string().optional(),
});
/** Sentiment towards one named figure. */
export type FigureSentiment = z.infer<typeof FigureSentimentSchema>;

/**
 * Position of the outlet on one disputed topic.
 *
 * @example
 * TopicPositionSchema.parse('conservative');
 */
export const TopicPositionSchema = z.enum(['progressive', 'mixed', 'conservative', 'n/a']);
/** Position on one disputed topic. */
export type TopicPosition = z.infer<typeof TopicPositionSchema>;

/**
 * Content metrics of seed 002 §4. `favourable + critical` of a figure and the sum of the quote
 * shares may not exceed 1 (+1e-9); shares are used as given (no renormalisation).
 *
 * @example
 * ContentBucketInputSchema.parse({ sampleSize: 47, incumbent: 'left', govOppRatio: 0.42 });
 */
export const ContentBucketInputSchema = z.strictObject({
  sampleSize: CountSchema,
  incumbent: BucketSchema,
  govOppRatio: z.number().nonnegative().optional(),
  figures: z.array(FigureSentimentSchema).optional(),
  topicPositions: z.record(z.string(), TopicPositionSchema).optional(),
  quoteDistribution: z.strictObject({ left: Share, center: Share, right: Share }).optional(),
});
/** Input of `contentBucket`. */
export type ContentBucketInput = z.infer<typeof ContentBucketInputSchema>;

/**
 * Result of `contentBucket`.
 *
 * @example
 * ContentBucketResultSchema.parse('insufficient');
 */
export const ContentBucketResultSchema = z.enum(['left', 'center', 'right', 'inconclusive', 'insufficient']);
/** Result of `contentBucket`. */
export type ContentBucketResult = z.infer<typeof ContentBucketResultSchema>;

/**
 * What one CB-1 metric indicates: a side, no side, or not available.
 *
 * @example
 * ContentIndicatorSchema.parse('unavailable');
 */
export const ContentIndicatorSchema = z.enum(['left', 'right', 'none', 'unavailable']);
/** What one CB-1 metric indicates. */
export type ContentIndicator = z.infer<typeof ContentIndicatorSchema>;

/**
 * Result of `explainContentBucket`: the bucket with every CB-1 indicator behind it.
 *
 * @example
 * ContentBucketExplanationSchema.parse(explainContentBucket(metrics));
 */
export const ContentBucketExplanationSchema = z.object({
  bucket: ContentBucketResultSchema,
  indicators: z.object({
    govOppRatio: ContentIndicatorSchema,
    figures: ContentIndicatorSchema,
    topics: ContentIndicatorSchema,
    quotes: ContentIndicatorSchema,
  }),
  figureLean: z.number().nullable(),
  available: z.number().int(),
  leftIndicators: z.number().int(),
  rightIndicators: z.number().int(),
  trace: z.array(z.string()),
});
/** Result of `explainContentBucket`. */
export type ContentBucketExplanation = z.infer<typeof ContentBucketExplanationSchema>;

// ---------------------------------------------------------------------------------------------
// Content signals: content factuality (CF-1) and content-metric counting (CM-1..CM-4)
// ---------------------------------------------------------------------------------------------

/**
 * Input of `contentFactuality` (CF-1): counts of factuality signals over the analysed articles.
 * Every count is an integer between 0 and `articles`; an unknown byline counts as unsigned.
 *
 * @example
 * ContentFactualityCountsSchema.parse({ articles: 40, bylined: 38, withPrimarySources: 25, withCorrections: 2, withUnattributed: 1, withViral: 0 });
 */
export const ContentFactualityCountsSchema = z.strictObject({
  /** Analysed articles. */
  articles: CountSchema,
  /** Articles signed with a name. */
  bylined: CountSchema,
  /** Articles citing or linking primary sources. */
  withPrimarySources: CountSchema,
  /** Articles carrying a correction. */
  withCorrections: CountSchema,
  /** Articles with unattributed claims. */
  withUnattributed: CountSchema,
  /** Articles with viral (anonymous, rewritten) content. */
  withViral: CountSchema,
});
/** Input of `contentFactuality`. */
export type ContentFactualityCounts = z.infer<typeof ContentFactualityCountsSchema>;

/**
 * Result of `contentFactuality`: a level, or `null` below the minimum sample (CB-0's 20). Never
 * `very-low` (fabricated content needs fact-check evidence).
 *
 * @example
 * ContentFactualityResultSchema.parse(null);
 */
export const ContentFactualityResultSchema = FactualitySchema.nullable();
/** Result of `contentFactuality`. */
export type ContentFactualityResult = z.infer<typeof ContentFactualityResultSchema>;

/**
 * Result of `explainContentFactuality`: the level with every CF-1 share test behind it (`null`
 * below the minimum sample, when nothing is tested).
 *
 * @example
 * ContentFactualityExplanationSchema.parse(explainContentFactuality(counts));
 */
export const ContentFactualityExplanationSchema = z.object({
  level: ContentFactualityResultSchema,
  checks: z
    .object({
      lowUnattributed: z.boolean(),
      lowViral: z.boolean(),
      veryHighByline: z.boolean(),
      veryHighPrimary: z.boolean(),
      highByline: z.boolean(),
      highPrimary: z.boolean(),
    })
    .nullable(),
  trace: z.array(z.string()),
});
/** Result of `explainContentFactuality`. */
export type ContentFactualityExplanation = z.infer<typeof ContentFactualityExplanationSchema>;

/**
 * Input of `govOppRatio` (CM-1): politically relevant articles framed pro-government and
 * pro-opposition (neutral ones do not enter the ratio).
 *
 * @example
 * GovOppCountsSchema.parse({ government: 4, opposition: 1 });
 */
export const GovOppCountsSchema = z.strictObject({ government: CountSchema, opposition: CountSchema });
/** Input of `govOppRatio`. */
export type GovOppCounts = z.infer<typeof GovOppCountsSchema>;

/**
 * Result of `govOppRatio`: (government + ½) / (opposition + ½), or `null` below 5 framed articles.
 *
 * @example
 * GovOppRatioResultSchema.parse(3);
 */
export const GovOppRatioResultSchema = z.number().positive().nullable();

/**
 * Input of `figureSentimentShares` (CM-2): articles about one figure by sentiment.
 *
 * @example
 * FigureSentimentCountsSchema.parse({ favourable: 2, neutral: 1, critical: 3 });
 */
export const FigureSentimentCountsSchema = z.strictObject({
  favourable: CountSchema,
  neutral: CountSchema,
  critical: CountSchema,
});
/** Input of `figureSentimentShares`. */
export type FigureSentimentCounts = z.infer<typeof FigureSentimentCountsSchema>;

/**
 * Result of `figureSentimentShares`: the articles and the favourable / critical shares used by
 * CB-1, or `null` below 3 articles (the figure does not count).
 *
 * @example
 * FigureSentimentSharesSchema.parse({ articles: 6, favourable: 1 / 3, critical: 0.5 });
 */
export const FigureSentimentSharesSchema = z
  .object({ articles: z.number().int().positive(), favourable: Share, critical: Share })
  .nullable();
/** Result of `figureSentimentShares`. */
export type FigureSentimentShares = z.infer<typeof FigureSentimentSharesSchema>;

/**
 * Input of `topicPosition` (CM-3): articles taking each stance on one disputed topic.
 *
 * @example
 * TopicStanceCountsSchema.parse({ progressive: 2, neutral: 1, conservative: 0 });
 */
export const TopicStanceCountsSchema = z.strictObject({
  progressive: CountSchema,
  neutral: CountSchema,
  conservative: CountSchema,
});
/** Input of `topicPosition`. */
export type TopicStanceCounts = z.infer<typeof TopicStanceCountsSchema>;

/**
 * Input of `quoteShares` (CM-4): quotes attributed to mapped actors of each side (unmapped quotes
 * are left out).
 *
 * @example
 * QuoteLeanCountsSchema.parse({ left: 2, center: 1, right: 3 });
 */
export const QuoteLeanCountsSchema = z.strictObject({ left: CountSchema, center: CountSchema, right: CountSchema });
/** Input of `quoteShares`. */
export type QuoteLeanCounts = z.infer<typeof QuoteLeanCountsSchema>;

/**
 * Result of `quoteShares`: the share of mapped quotes from each side (summing to 1), or `null`
 * below 5 mapped quotes.
 *
 * @example
 * QuoteSharesSchema.parse({ left: 0.5, center: 0.25, right: 0.25 });
 */
export const QuoteSharesSchema = z.strictObject({ left: Share, center: Share, right: Share }).nullable();
/** Result of `quoteShares`. */
export type QuoteShares = z.infer<typeof QuoteSharesSchema>;

// ---------------------------------------------------------------------------------------------
// Factuality (FAC-1, FAC-2)
// ---------------------------------------------------------------------------------------------

/**
 * Input of `medianFactuality`: the present assessments (any number, any order).
 *
 * @example
 * MedianFactualityInputSchema.parse(['high', 'mixed']);
 */
export const MedianFactualityInputSchema = z.array(FactualitySchema);

/**
 * Input of `factualityFromAssessments`.
 *
 * @example
 * FactualityAssessmentsSchema.parse({ academic: 'high' });
 */
export const FactualityAssessmentsSchema = z.strictObject({
  academic: FactualitySchema.optional(),
  content: FactualitySchema.optional(),
});
/** Input of `factualityFromAssessments`. */
export type FactualityAssessments = z.infer<typeof FactualityAssessmentsSchema>;

/**
 * The cap FAC-2 puts on confidence: `low`, `medium`, or `null` (no cap).
 *
 * @example
 * FactualityCapSchema.parse(null); // no cap
 */
export const FactualityCapSchema = z.enum(['low', 'medium']).nullable();
/** The cap FAC-2 puts on confidence. */
export type FactualityCap = z.infer<typeof FactualityCapSchema>;

/**
 * Result of `factualityFromAssessments`.
 *
 * @example
 * FactualityResultSchema.parse(factualityFromAssessments({ content: 'low' }));
 */
export const FactualityResultSchema = z.object({
  factuality: FactualitySchema,
  assessments: z.number().int(),
  confidenceCap: FactualityCapSchema,
});
/** Result of `factualityFromAssessments`. */
export type FactualityResult = z.infer<typeof FactualityResultSchema>;

// ---------------------------------------------------------------------------------------------
// Re-evaluation (REV-1), preliminary outlets (REV-2, PRELIM)
// ---------------------------------------------------------------------------------------------

/**
 * Input of `reEvaluationDue` (REV-1). Every date must be on or before `asOf`.
 *
 * @example
 * ReEvaluationInputSchema.parse({ asOf: '2026-04-27', lastReviewedAt: '2026-01-10' });
 */
export const ReEvaluationInputSchema = z.strictObject({
  asOf: IsoDateSchema,
  lastReviewedAt: IsoDateSchema,
  /** Latest reported ownership change. */
  ownershipChangedAt: IsoDateSchema.optional(),
  /** Latest change of the country's regime classification. */
  regimeChangedAt: IsoDateSchema.optional(),
  /** Latest outlet-level evaluation published by a primary academic / NGO source. */
  primaryAcademicEvaluationAt: IsoDateSchema.optional(),
  /** Consecutive days, up to `asOf`, on which the rolling 30-day content bucket differed from the stored one. */
  consecutiveDriftDays: CountSchema.optional(),
});
/** Input of `reEvaluationDue`. */
export type ReEvaluationInput = z.infer<typeof ReEvaluationInputSchema>;

/**
 * Why a re-evaluation is due.
 *
 * @example
 * ReEvaluationReasonSchema.parse('content_drift');
 */
export const ReEvaluationReasonSchema = z.enum([
  'cadence',
  'ownership_change',
  'regime_change',
  'new_primary_academic_evaluation',
  'content_drift',
]);
/** Why a re-evaluation is due. */
export type ReEvaluationReason = z.infer<typeof ReEvaluationReasonSchema>;

/**
 * Result of `reEvaluationDue`: `due` iff `reasons` is not empty (reasons in schema order).
 *
 * @example
 * ReEvaluationResultSchema.parse({ due: true, reasons: ['cadence'], daysSinceReview: 200 });
 */
export const ReEvaluationResultSchema = z.object({
  due: z.boolean(),
  reasons: z.array(ReEvaluationReasonSchema),
  daysSinceReview: z.number().int(),
});
/** Result of `reEvaluationDue`. */
export type ReEvaluationResult = z.infer<typeof ReEvaluationResultSchema>;

/**
 * Input of `preliminaryStatus` (REV-2). `contentResult` is the outcome of the latest content run
 * (`contentBucket`), absent if none ran yet.
 *
 * @example
 * PreliminaryStatusInputSchema.parse({ articles: 23, addedAt: '2026-04-24', asOf: '2026-05-10' });
 */
export const PreliminaryStatusInputSchema = z.strictObject({
  articles: CountSchema,
  addedAt: IsoDateSchema,
  asOf: IsoDateSchema,
  contentResult: ContentBucketResultSchema.optional(),
});
/** Input of `preliminaryStatus`. */
export type PreliminaryStatusInput = z.infer<typeof PreliminaryStatusInputSchema>;

/**
 * What to do with a preliminary outlet.
 *
 * @example
 * PreliminaryActionSchema.parse('needs_review');
 */
export const PreliminaryActionSchema = z.enum(['content_analysis_due', 'promote_low', 'needs_review', 'wait']);
/** What to do with a preliminary outlet. */
export type PreliminaryAction = z.infer<typeof PreliminaryActionSchema>;

/**
 * Result of `preliminaryStatus`.
 *
 * @example
 * PreliminaryStatusResultSchema.parse(preliminaryStatus({ articles: 3, addedAt: '2026-04-24', asOf: '2026-04-27' }));
 */
export const PreliminaryStatusResultSchema = z.object({
  action: PreliminaryActionSchema,
  daysPreliminary: z.number().int(),
  /** True when the content analysis is due but the 30-day target has passed. */
  overdue: z.boolean(),
  /** With `promote_low`: the content-only bucket the outlet is promoted with. */
  bias: BucketSchema.nullable(),
});
/** Result of `preliminaryStatus`. */
export type PreliminaryStatusResult = z.infer<typeof PreliminaryStatusResultSchema>;

/**
 * Input of `preliminaryRating` (PRELIM).
 *
 * @example
 * PreliminaryRatingInputSchema.parse({ reason: 'orphan domain', addedAt: '2026-04-24' });
 */
export const PreliminaryRatingInputSchema = z.strictObject({
  reason: z.string().min(1),
  addedAt: IsoDateSchema,
});
/** Input of `preliminaryRating`. */
export type PreliminaryRatingInput = z.infer<typeof PreliminaryRatingInputSchema>;

/**
 * A preliminary rating record (PRELIM): never the output of the funnel.
 *
 * @example
 * PreliminaryRatingSchema.parse(preliminaryRating('orphan domain', '2026-04-24'));
 */
export const PreliminaryRatingSchema = z.object({
  bias: z.null(),
  confidence: z.literal('preliminary'),
  evidence: z.object({ status: z.literal('pending'), reason: z.string(), addedAt: z.string() }),
  methodologyVersion: z.string(),
});
/** A preliminary rating record. */
export type PreliminaryRating = z.infer<typeof PreliminaryRatingSchema>;
