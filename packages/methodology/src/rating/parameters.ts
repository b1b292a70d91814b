/**
 * Default parameters of the outlet-rating rules (RULES.md §1). The code reads them from here and
 * the rule catalogue (`ratingRules`) lists them from here, so the methodology page cannot disagree
 * with the code. Changing any of them is a methodology change and must bump `METHODOLOGY_VERSION`.
 *
 * @example
 * import { RATING_PARAMETERS } from '@espectro/methodology';
 * RATING_PARAMETERS.minContentSample; // 20
 */
export const RATING_PARAMETERS = Object.freeze({
  /** FUN-1 / FUN-6: an academic source counts when dated within this many years of `asOf` (inclusive). */
  academicValidityYears: 5,
  /** FUN-2: minimum content sample for the content vote to count. */
  minContentSample: 20,
  /** FUN-5 [choice]: "strong content evidence" that lets an R3 outlet fall to `center`. */
  strongContentSample: 30,
  /** FUN-6: minimum content sample for content to override the R1 prior. */
  r1OverrideMinSample: 30,
  /**
   * FUN-6: the overriding content must be recent — its window (`windowStart`) starts at most this
   * many days before `asOf` (seed 002 §2: "explícita y reciente (últimos 90 días)").
   */
  r1OverrideRecencyDays: 90,
  /** CONF-H: an academic source must be strictly younger than this many years. */
  highConfidenceAcademicYears: 2,
  /** CONF-H: minimum content sample for `high`. */
  highConfidenceMinSample: 30,
  /** CONF-CHANGE: a control change within this many months of `asOf` (inclusive) is recent. */
  controlChangeMonths: 18,
  /** CONF-CHANGE: a post-change window below this sample forces `low`. */
  postChangeMinSample: 20,
  /** REV-1: re-evaluate when the last review is at least this many days before `asOf`. */
  reviewCadenceDays: 180,
  /** REV-1: consecutive days of content drift that trigger a re-evaluation. */
  contentDriftDays: 14,
  /** REV-1: length of the rolling window whose content bucket is computed each day (the drift series). */
  contentDriftWindowDays: 30,
  /** REV-2: articles needed before the first content analysis. */
  preliminaryMinArticles: 20,
  /** REV-2: target days after being added within which the content analysis should run. */
  preliminaryContentDays: 30,
  /** REV-2: more than this many days preliminary needs an explicit review. */
  preliminaryReviewDays: 60,
  /** CB-0: content sample below this is `insufficient`. */
  contentBucketMinSample: 20,
  /** CB-1: government/opposition ratio strictly above this favours the incumbent. */
  govOppRatioFavourable: 1.5,
  /** CB-1: government/opposition ratio strictly below this is against the incumbent. */
  govOppRatioAgainst: 0.6,
  /** CB-1 [choice]: |figureLean| at least this indicates a side. */
  figureLeanThreshold: 0.2,
  /** CB-1: share of non-`n/a` topics (percent, integer) at least this indicates a side. */
  topicSharePercent: 60,
  /** CB-1: share of quotes at least this indicates a side. */
  quoteShareThreshold: 0.55,
  /** CB-2: indicators needed for a side. */
  minSideIndicators: 2,
  /** CB-2: available metrics needed for any conclusion. */
  minAvailableMetrics: 2,
} as const);

/** The type of {@link RATING_PARAMETERS}. */
export type RatingParameters = typeof RATING_PARAMETERS;

/**
 * Content factuality from the sample's signals (rule CF-1, an Espectro choice reading seed 002 §4
 * "Factualidad a partir del contenido"): the shares, in integer percent of the analysed articles,
 * at which each level applies. The minimum sample is CB-0's `contentBucketMinSample` (20).
 * Changing any of them is a methodology change and must bump `METHODOLOGY_VERSION`.
 *
 * @example
 * CONTENT_FACTUALITY_PARAMETERS.highBylinePercent; // 70
 */
export const CONTENT_FACTUALITY_PARAMETERS = Object.freeze({
  /** CF-1 [choice]: `low` (with no correction) when at least this percent of articles has unattributed claims… */
  lowUnattributedPercent: 30,
  /** CF-1 [choice]: …or at least this percent has viral content. */
  lowViralPercent: 20,
  /** CF-1 [choice]: `very-high` needs at least this percent of signed articles… */
  veryHighBylinePercent: 90,
  /** CF-1 [choice]: …at least this percent citing or linking primary sources… */
  veryHighPrimaryPercent: 50,
  /** CF-1 [choice]: …at least this many articles with a correction (and no viral content). */
  veryHighMinCorrections: 1,
  /** CF-1 [choice]: `high` needs at least this percent of signed articles… */
  highBylinePercent: 70,
  /** CF-1 [choice]: …and at least this percent citing or linking primary sources. */
  highPrimaryPercent: 30,
});

/** The type of {@link CONTENT_FACTUALITY_PARAMETERS}. */
export type ContentFactualityParameters = typeof CONTENT_FACTUALITY_PARAMETERS;

/**
 * How per-article counts become the four outlet-level metrics of seed 002 §4 (rules CM-1..CM-4,
 * Espectro choices: the seed fixes the metrics and CB-* their mapping to a bucket, not how articles
 * are counted into each metric). Changing any of them is a methodology change and must bump
 * `METHODOLOGY_VERSION`.
 *
 * @example
 * CONTENT_METRIC_PARAMETERS.minFramedArticles; // 5
 */
export const CONTENT_METRIC_PARAMETERS = Object.freeze({
  /**
   * CM-1 [choice]: politically relevant articles framed pro-government or pro-opposition needed for
   * a ratio; ratio = (government + ½) / (opposition + ½) (the ½ keeps it finite when a side is 0).
   */
  minFramedArticles: 5,
  /** CM-1 [choice]: the continuity correction added to both sides of the ratio. */
  ratioContinuityCorrection: 0.5,
  /** CM-2 [choice]: articles mentioning a figure (with a sentiment) needed for that figure to count. */
  minFigureArticles: 3,
  /**
   * CM-3 [choice]: articles with a stance on a topic needed for a position; `progressive` /
   * `conservative` when at least 2/3 of them take that stance (exact integers), else `mixed`;
   * fewer articles → `n/a`.
   */
  minTopicArticles: 3,
  /** CM-3 [choice]: numerator of the stance majority (2/3). */
  topicMajorityNumerator: 2,
  /** CM-3 [choice]: denominator of the stance majority (2/3). */
  topicMajorityDenominator: 3,
  /** CM-4 [choice]: quotes attributed to mapped actors needed for a distribution. */
  minMappedQuotes: 5,
});

/** The type of {@link CONTENT_METRIC_PARAMETERS}. */
export type ContentMetricParameters = typeof CONTENT_METRIC_PARAMETERS;
