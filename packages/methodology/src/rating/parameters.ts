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
