import { inputError } from '../errors.js';
import { toDayNumber } from '../shared/dates.js';
import type { Bucket } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { METHODOLOGY_VERSION } from '../version.js';
import { RATING_PARAMETERS } from './parameters.js';
import {
  PreliminaryRatingInputSchema,
  PreliminaryStatusInputSchema,
  ReEvaluationInputSchema,
  type PreliminaryRating,
  type PreliminaryStatusInput,
  type PreliminaryStatusResult,
  type ReEvaluationInput,
  type ReEvaluationReason,
  type ReEvaluationResult,
} from './schemas.js';

/**
 * REV-1 (seed 002 §9): is a re-evaluation of a rated outlet due on `asOf`?
 *
 * Reasons, in this order: `cadence` (last review ≥ 180 days before `asOf`), `ownership_change`,
 * `regime_change`, `new_primary_academic_evaluation` (each dated strictly after the last review —
 * an event on the review day is taken to be already included in it), `content_drift` (the rolling
 * 30-day content bucket differed from the stored bucket on each of the last ≥ 14 consecutive days).
 * Every date must be on or before `asOf` (else `MethodologyInputError`).
 *
 * @example
 * reEvaluationDue({ asOf: '2026-04-27', lastReviewedAt: '2025-10-29' });
 * // { due: true, reasons: ['cadence'], daysSinceReview: 180 }
 * reEvaluationDue({ asOf: '2026-04-27', lastReviewedAt: '2026-03-01', consecutiveDriftDays: 13 });
 * // { due: false, reasons: [], daysSinceReview: 57 }
 */
export function reEvaluationDue(input: ReEvaluationInput): ReEvaluationResult {
  const functionName = 'reEvaluationDue';
  const parsed = parseInput(ReEvaluationInputSchema, input, 'REV-1', functionName);
  const parameters = RATING_PARAMETERS;
  const asOfDay = toDayNumber(parsed.asOf);
  const reviewDay = toDayNumber(parsed.lastReviewedAt);
  if (reviewDay > asOfDay) inputError('REV-1', functionName, ['lastReviewedAt'], 'last review dated after asOf');

  const reasons: ReEvaluationReason[] = [];
  const daysSinceReview = asOfDay - reviewDay;
  // rule REV-1
  if (daysSinceReview >= parameters.reviewCadenceDays) reasons.push('cadence');
  const events: [keyof ReEvaluationInput, ReEvaluationReason][] = [
    ['ownershipChangedAt', 'ownership_change'],
    ['regimeChangedAt', 'regime_change'],
    ['primaryAcademicEvaluationAt', 'new_primary_academic_evaluation'],
  ];
  for (const [field, reason] of events) {
    const date = parsed[field] as string | undefined;
    if (date === undefined) continue;
    const day = toDayNumber(date);
    if (day > asOfDay) inputError('REV-1', functionName, [field], 'event dated after asOf');
    if (day > reviewDay) reasons.push(reason);
  }
  if ((parsed.consecutiveDriftDays ?? 0) >= parameters.contentDriftDays) reasons.push('content_drift');
  return { due: reasons.length > 0, reasons, daysSinceReview };
}

function isBucket(value: unknown): value is Bucket {
  return value === 'left' || value === 'center' || value === 'right';
}

/**
 * REV-2 (seed 002 §10): what to do with a preliminary outlet on `asOf`.
 *
 * - `promote_low` — the latest content run returned a bucket: the outlet is rated `low`
 *   with that content-only bucket (returned in `bias`), whatever its age.
 * - `needs_review` — more than 60 days preliminary without a bucket: retire it or rate it with
 *   the evidence available.
 * - `content_analysis_due` — ≥ 20 articles and no conclusive run yet (no `contentResult`, or
 *   `insufficient`). `overdue` is true past the 30-day target **[reading: the run stays due after
 *   day 30 until the 60-day review, rather than silently waiting]**.
 * - `wait` — fewer than 20 articles, or the last run was `inconclusive` (it stays preliminary).
 *
 * A bucket `contentResult` with fewer than 20 `articles` is contradictory and an input error, as is
 * `addedAt` after `asOf`.
 *
 * @example
 * preliminaryStatus({ articles: 23, addedAt: '2026-04-24', asOf: '2026-05-10' });
 * // { action: 'content_analysis_due', daysPreliminary: 16, overdue: false, bias: null }
 * preliminaryStatus({ articles: 23, addedAt: '2026-04-24', asOf: '2026-05-10', contentResult: 'right' });
 * // { action: 'promote_low', daysPreliminary: 16, overdue: false, bias: 'right' }
 */
export function preliminaryStatus(input: PreliminaryStatusInput): PreliminaryStatusResult {
  const functionName = 'preliminaryStatus';
  const parsed = parseInput(PreliminaryStatusInputSchema, input, 'REV-2', functionName);
  const parameters = RATING_PARAMETERS;
  const days = toDayNumber(parsed.asOf) - toDayNumber(parsed.addedAt);
  if (days < 0) inputError('REV-2', functionName, ['addedAt'], 'outlet added after asOf');
  const result = parsed.contentResult;
  const enoughArticles = parsed.articles >= parameters.preliminaryMinArticles;
  // rule REV-2
  if (isBucket(result)) {
    if (!enoughArticles) {
      inputError('REV-2', functionName, ['contentResult'], 'a content bucket needs at least 20 analysed articles');
    }
    return { action: 'promote_low', daysPreliminary: days, overdue: false, bias: result };
  }
  if (days > parameters.preliminaryReviewDays) {
    return { action: 'needs_review', daysPreliminary: days, overdue: false, bias: null };
  }
  if (enoughArticles && (result === undefined || result === 'insufficient')) {
    return {
      action: 'content_analysis_due',
      daysPreliminary: days,
      overdue: days > parameters.preliminaryContentDays,
      bias: null,
    };
  }
  return { action: 'wait', daysPreliminary: days, overdue: false, bias: null };
}

/**
 * PRELIM (seed 002 §10): the record of an outlet ingested but not yet through the funnel —
 * bias `null`, confidence `preliminary`, evidence `{ status: 'pending', reason, addedAt }`.
 * It is never the output of `rateOutlet`.
 *
 * @example
 * preliminaryRating('Medio añadido desde la auditoría de dominios huérfanos; en cola para análisis de contenido', '2026-04-24');
 * // { bias: null, confidence: 'preliminary', evidence: { status: 'pending', reason: 'Medio añadido…', addedAt: '2026-04-24' }, methodologyVersion: 'v1.3-2026-12' }
 */
export function preliminaryRating(reason: string, addedAt: string): PreliminaryRating {
  const parsed = parseInput(PreliminaryRatingInputSchema, { reason, addedAt }, 'PRELIM', 'preliminaryRating');
  // rule PRELIM
  return {
    bias: null,
    confidence: 'preliminary',
    evidence: { status: 'pending', reason: parsed.reason, addedAt: parsed.addedAt },
    methodologyVersion: METHODOLOGY_VERSION,
  };
}
