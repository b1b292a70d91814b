import { z } from 'zod';

/** Political bias bucket. */
export const BucketSchema = z.enum(['left', 'center', 'right']);
export type Bucket = z.infer<typeof BucketSchema>;
/** The buckets in their canonical display and tie-break order. */
export const BUCKETS = ['left', 'center', 'right'] as const satisfies readonly Bucket[];

/** Factual reporting level, ordered from best to worst as written in the seed. */
export const FactualitySchema = z.enum(['very-high', 'high', 'mixed', 'low', 'very-low']);
export type Factuality = z.infer<typeof FactualitySchema>;
/** Factuality levels from worst to best (the ordered scale of FAC-1). */
export const FACTUALITY_SCALE = [
  'very-low',
  'low',
  'mixed',
  'high',
  'very-high',
] as const satisfies readonly Factuality[];

export const RatingConfidenceSchema = z.enum(['high', 'medium', 'low', 'preliminary']);
export type RatingConfidence = z.infer<typeof RatingConfidenceSchema>;

export const EditorialScopeSchema = z.enum(['political', 'non_political']);
export type EditorialScope = z.infer<typeof EditorialScopeSchema>;

export const OwnerTypeSchema = z.enum([
  'corporate-conglomerate',
  'family-controlled',
  'state-public-broadcaster',
  'state-captured',
  'political-party',
  'religious',
  'ngo-foundation',
  'cooperative',
  'independent-private',
  'unknown',
]);
export type OwnerType = z.infer<typeof OwnerTypeSchema>;

export const FundingModelSchema = z.enum([
  'subscription',
  'advertising',
  'state-subsidy',
  'patronage-donor',
  'political-party-funded',
  'mixed',
  'unknown',
]);
export type FundingModel = z.infer<typeof FundingModelSchema>;

export const CountryRegimeSchema = z.enum(['democracy', 'hybrid', 'authoritarian']);
export type CountryRegime = z.infer<typeof CountryRegimeSchema>;

export const VerdictSchema = z.enum(['true', 'imprecise', 'false', 'no_data']);
export type Verdict = z.infer<typeof VerdictSchema>;

export const CheckStatusSchema = z.enum(['published', 'discarded', 'under_review', 'removed']);
export type CheckStatus = z.infer<typeof CheckStatusSchema>;

export const ToneSchema = z.enum(['proposal', 'attack', 'defense', 'record', 'chatter']);
export type Tone = z.infer<typeof ToneSchema>;
export const TONES = ['proposal', 'attack', 'defense', 'record', 'chatter'] as const satisfies readonly Tone[];

export const TopicSchema = z.enum([
  'politics',
  'economy',
  'international',
  'society',
  'culture',
  'sports',
  'technology',
  'science',
  'health',
  'environment',
]);
export type Topic = z.infer<typeof TopicSchema>;
export const TOPICS = TopicSchema.options;

export const HeadlineClassSchema = z.enum([
  'legislative_process',
  'parliamentary_activity',
  'law_in_force',
  'non_legislative_politics',
  'non_legislative',
  'ambiguous',
]);
export type HeadlineClass = z.infer<typeof HeadlineClassSchema>;

/**
 * The textual form every date input must have: a calendar date (`2026-04-27`) or a date-time
 * **with** its UTC offset (`2026-04-27T10:00:00Z`, `2026-04-27T10:00:00-03:00`). A date-time
 * without an offset is rejected, because its calendar date would depend on the machine's time zone
 * (RULES.md §10 "Dates" compares UTC calendar dates).
 */
export const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2}))?$';
const ISO_DATE_REGEX = new RegExp(ISO_DATE_PATTERN);
/** The message every date schema gives for a malformed date. */
export const ISO_DATE_MESSAGE =
  'expected an ISO-8601 date such as 2026-04-27 or a date-time with offset such as 2026-04-27T10:00:00Z';

/** True when `value` is an ISO date or an ISO date-time with offset naming a real calendar day. */
export function isIsoDateString(value: string): boolean {
  return ISO_DATE_REGEX.test(value) && !Number.isNaN(Date.parse(value)) && isRealCalendarDate(value.slice(0, 10));
}

/**
 * An ISO-8601 date (`2026-04-27`) or date-time with offset (`2026-04-27T10:00:00Z`). Rules compare
 * calendar dates in UTC (RULES.md §10 "Dates"), so the time part is accepted but only its UTC date
 * matters for day-based rules. The published JSON Schema carries the pattern.
 */
export const IsoDateSchema = z
  .string()
  .refine(isIsoDateString, { message: ISO_DATE_MESSAGE })
  .meta({ pattern: ISO_DATE_PATTERN, format: undefined });

function isRealCalendarDate(datePart: string): boolean {
  const [year, month, day] = datePart.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A non-negative integer count. */
export const CountSchema = z.number().int().nonnegative();
