import {
  lastControlChange,
  METHODOLOGY_VERSION,
  preliminaryStatus,
  reEvaluationDue,
  type PreliminaryStatusResult,
  type RatingChangeCause,
  type RatingEvidenceRecord,
  type ReEvaluationResult,
} from '@espectro/methodology';
import { z } from 'zod';
import { ARTICLE_RUBRIC_PROMPT } from './analysis/rubric.js';
import { dayNumber, isoDate } from './dates.js';
import { BUNDLED_LEXICONS } from './lexicon.js';
import { isPendingEvidence } from '@espectro/methodology';
import type { OutletLifecycleFacts, StoredRating } from './records.js';

/**
 * Why an outlet is due for (re-)rating. REV-1 reasons (`cadence`, `ownership_change` — reported
 * changes and changes of control in `ownership_history` —, `regime_change`,
 * `new_primary_academic_evaluation`, `content_drift`) come from `reEvaluationDue`; REV-2 reasons
 * (`preliminary_*`) from `preliminaryStatus`; the others from the contestations (CON-4) and from
 * the versions that produced the rating.
 *
 * @example
 * DueReasonSchema.parse('accepted_contestation');
 */
export const DueReasonSchema = z.enum([
  'cadence',
  'ownership_change',
  'regime_change',
  'new_primary_academic_evaluation',
  'content_drift',
  'accepted_contestation',
  'new_prompt_version',
  'new_model',
  'methodology_update',
  'preliminary_content_analysis_due',
  'preliminary_promote_low',
  'preliminary_needs_review',
]);
/** Why an outlet is due. */
export type DueReason = z.infer<typeof DueReasonSchema>;

/**
 * The CON-4 cause a re-rating records for each reason. Content-driven reviews (cadence, drift, a
 * new academic evaluation, the first content run of a preliminary outlet) record
 * `editorial_change`; a regime change is part of signal 1 (ownership and funding, seed 002 §2) and
 * records `ownership_change`.
 *
 * @example
 * DUE_REASON_CAUSES.content_drift; // 'editorial_change'
 */
export const DUE_REASON_CAUSES: Readonly<Record<DueReason, RatingChangeCause>> = Object.freeze({
  cadence: 'editorial_change',
  ownership_change: 'ownership_change',
  regime_change: 'ownership_change',
  new_primary_academic_evaluation: 'editorial_change',
  content_drift: 'editorial_change',
  accepted_contestation: 'accepted_contestation',
  new_prompt_version: 'new_prompt_or_model_version',
  new_model: 'new_prompt_or_model_version',
  methodology_update: 'methodology_update',
  preliminary_content_analysis_due: 'editorial_change',
  preliminary_promote_low: 'editorial_change',
  preliminary_needs_review: 'editorial_change',
});

/** When several causes apply, the one a change records first (the others go to its notes). */
const CAUSE_PRIORITY: readonly RatingChangeCause[] = [
  'accepted_contestation',
  'ownership_change',
  'methodology_update',
  'new_prompt_or_model_version',
  'editorial_change',
];

/** Options of {@link dueOutlets}. */
export interface DueOptions {
  asOf: string;
  /**
   * Current version of every prompt or lexicon, by id; a rating whose `analysis.prompt_id` is
   * listed with another version is due (`new_prompt_version`). Default: the article rubric and the
   * bundled lexicons.
   */
  currentPrompts?: Readonly<Record<string, string>>;
  /** Current model id; a rating made with another model is due (`new_model`). */
  currentModel?: string;
  /** Default the methodology version of @espectro/methodology. */
  methodologyVersion?: string;
  /** What the store knows of each outlet's lifecycle (drift series, article counts, contestations…), by domain. */
  facts?: ReadonlyMap<string, OutletLifecycleFacts>;
}

/** The scheduling decision for one outlet. */
export interface OutletDue {
  domain: string;
  due: boolean;
  reasons: DueReason[];
  /** CON-4 causes of the reasons, in priority order (accepted contestation, ownership, methodology, prompt/model, editorial). */
  causes: RatingChangeCause[];
  /** The cause the re-rating records (`causes[0]`), or null when not due. */
  cause: RatingChangeCause | null;
  /** Accepted contestations since the last review (the re-rating names them). */
  contestationIds: string[];
  /** One line per reason. */
  details: string[];
  /** REV-1 result (rated outlets). */
  reEvaluation?: ReEvaluationResult;
  /** REV-2 result (preliminary outlets). */
  preliminary?: PreliminaryStatusResult;
}

/**
 * The model id of an analysis backend name (`llm:<vendor>/<model>` → `<model>`), or `undefined`
 * for a backend that is not a language model (the lexicon baseline). What `dueOutlets` compares
 * with `currentModel` (`new_model`), and what the worker passes as its current model.
 *
 * @example
 * modelOfBackend('llm:gemini/gemini-2.5-flash'); // 'gemini-2.5-flash'
 * modelOfBackend('lexicon-baseline (offline)'); // undefined
 */
export function modelOfBackend(backend: string): string | undefined {
  return backend.startsWith('llm:') ? backend.slice(backend.indexOf('/') + 1) : undefined;
}

/** What produced the content evidence of a rating (from the evidence's provenance fields). */
function analysisOf(outlet: StoredRating): { prompt_id?: string; prompt_version?: string; model?: string } | undefined {
  const evidence = outlet.rating_evidence;
  if (isPendingEvidence(evidence)) return undefined;
  const content = (evidence as RatingEvidenceRecord).content;
  if (content === undefined) return undefined;
  const model = content.backend === undefined ? undefined : modelOfBackend(content.backend);
  return {
    ...(content.prompt_id === undefined ? {} : { prompt_id: content.prompt_id }),
    ...(content.prompt_version === undefined ? {} : { prompt_version: content.prompt_version }),
    ...(model === undefined ? {} : { model }),
  };
}

/** The default `currentPrompts`: the article rubric and the bundled lexicons. */
export function defaultCurrentPrompts(): Record<string, string> {
  return {
    [ARTICLE_RUBRIC_PROMPT.id]: ARTICLE_RUBRIC_PROMPT.version,
    [BUNDLED_LEXICONS.es.id]: BUNDLED_LEXICONS.es.version,
    [BUNDLED_LEXICONS.pt.id]: BUNDLED_LEXICONS.pt.version,
  };
}

/**
 * Consecutive days up to `asOf` (inclusive, counting back from `asOf`) on which the rolling
 * content bucket was a bucket different from the stored one (the input of REV-1 drift). A missing
 * day ends the streak; `inconclusive` / `insufficient` days do not count as drift.
 *
 * @example
 * consecutiveDriftDays([{ date: '2026-04-27', bucket: 'center' }, { date: '2026-04-26', bucket: 'center' }], 'right', '2026-04-27'); // 2
 */
export function consecutiveDriftDays(
  observations: readonly { date: string; bucket: string }[] | undefined,
  storedBias: string | null,
  asOf: string,
): number {
  if (observations === undefined || storedBias === null) return 0;
  const byDay = new Map<number, string>();
  for (const observation of observations) byDay.set(dayNumber(observation.date), observation.bucket);
  let day = dayNumber(asOf);
  let streak = 0;
  for (;;) {
    const bucket = byDay.get(day);
    if (
      bucket === undefined ||
      bucket === storedBias ||
      (bucket !== 'left' && bucket !== 'center' && bucket !== 'right')
    )
      break;
    streak += 1;
    day -= 1;
  }
  return streak;
}

function latest(dates: readonly (string | undefined)[], asOfDay: number): string | undefined {
  let best: number | undefined;
  for (const date of dates) {
    if (date === undefined) continue;
    const day = dayNumber(date);
    if (day <= asOfDay && (best === undefined || day > best)) best = day;
  }
  return best === undefined ? undefined : isoDate(best);
}

/**
 * Which outlets are due on `asOf`, and why (seed 002 §9–§10, seed 000 "Quando uma classificação
 * muda"), each reason with the CON-4 cause the re-rating must record:
 *
 * - rated outlets: REV-1 via `reEvaluationDue` — 180-day cadence (an outlet never reviewed is due
 *   by cadence), ownership changes (`signals.ownership_changed_at` and the latest change of control
 *   in `ownership_history`), regime changes, new primary academic evaluations (each after the last
 *   review), and drift (the rolling 30-day bucket differed on each of the last 14 days, from
 *   `signals.drift`);
 * - preliminary outlets: REV-2 via `preliminaryStatus` (content analysis due, promote to `low`, or
 *   explicit review past 60 days);
 * - accepted contestations resolved after the last review;
 * - a stored prompt/lexicon version or model that is no longer current, or another methodology version.
 *
 * Events dated after `asOf` are ignored (they have not happened yet on `asOf`). Pure.
 *
 * @example
 * dueOutlets(roster.outlets, { asOf: '2026-04-27' }).filter((outlet) => outlet.due);
 */
export function dueOutlets(outlets: readonly StoredRating[], options: DueOptions): OutletDue[] {
  const asOf = options.asOf;
  const asOfDay = dayNumber(asOf);
  const prompts = options.currentPrompts ?? defaultCurrentPrompts();
  const methodologyVersion = options.methodologyVersion ?? METHODOLOGY_VERSION;
  return outlets.map((outlet) => {
    const reasons: DueReason[] = [];
    const details: string[] = [];
    const result: OutletDue = {
      domain: outlet.domain,
      due: false,
      reasons,
      causes: [],
      cause: null,
      contestationIds: [],
      details,
    };
    const evidence = outlet.rating_evidence;
    const signals = options.facts?.get(outlet.domain) ?? {};
    const reviewed = outlet.rating_reviewed_at;
    const preliminary = outlet.rating.confidence === 'preliminary';

    if (preliminary) {
      const addedAt = outlet.added_at;
      // rule REV-2
      const status = preliminaryStatus({
        articles: signals.articles_in_window ?? 0,
        addedAt,
        asOf,
        ...(signals.last_content_result === undefined ? {} : { contentResult: signals.last_content_result }),
      });
      result.preliminary = status;
      if (status.action === 'content_analysis_due') {
        reasons.push('preliminary_content_analysis_due');
        details.push(
          `REV-2: ${signals.articles_in_window ?? 0} articles, ${status.daysPreliminary} days preliminary${status.overdue ? ' (past the 30-day target)' : ''}: run the content analysis`,
        );
      } else if (status.action === 'promote_low') {
        reasons.push('preliminary_promote_low');
        details.push(`REV-2: the last content run gave "${status.bias}": promote to low`);
      } else if (status.action === 'needs_review') {
        reasons.push('preliminary_needs_review');
        details.push(
          `REV-2: ${status.daysPreliminary} days preliminary (> 60): retire it or rate it with the evidence available`,
        );
      }
    } else if (reviewed === null) {
      reasons.push('cadence');
      details.push('REV-1: never reviewed');
    } else {
      const record = 'status' in evidence ? undefined : (evidence as RatingEvidenceRecord);
      const controlChange = lastControlChange(record?.ownership?.ownership_history, asOf);
      const ownershipChangedAt = latest([signals.ownership_changed_at, controlChange], asOfDay);
      const regimeChangedAt = latest([signals.regime_changed_at], asOfDay);
      const academicAt = latest([signals.primary_academic_evaluation_at], asOfDay);
      const drift = consecutiveDriftDays(signals.drift, outlet.rating.bias, asOf);
      // rule REV-1
      const review = reEvaluationDue({
        asOf,
        lastReviewedAt: dayNumber(reviewed) <= asOfDay ? reviewed : asOf,
        ...(ownershipChangedAt === undefined ? {} : { ownershipChangedAt }),
        ...(regimeChangedAt === undefined ? {} : { regimeChangedAt }),
        ...(academicAt === undefined ? {} : { primaryAcademicEvaluationAt: academicAt }),
        consecutiveDriftDays: drift,
      });
      result.reEvaluation = review;
      for (const reason of review.reasons) {
        reasons.push(reason);
        details.push(
          reason === 'cadence'
            ? `REV-1: last review ${review.daysSinceReview} days ago`
            : reason === 'ownership_change'
              ? `REV-1: ownership change on ${ownershipChangedAt}${ownershipChangedAt === controlChange ? ' (change of control in ownership_history)' : ''}, after the last review`
              : reason === 'regime_change'
                ? `REV-1: regime classification changed on ${regimeChangedAt}`
                : reason === 'new_primary_academic_evaluation'
                  ? `REV-1: new primary academic evaluation on ${academicAt}`
                  : `REV-1: the rolling content bucket differed from "${outlet.rating.bias}" on each of the last ${drift} days`,
        );
      }
    }

    // rule CON-4 — accepted contestations trigger a re-rating
    const reviewedDay = reviewed === null ? Number.NEGATIVE_INFINITY : dayNumber(reviewed);
    for (const contestation of signals.contestations ?? []) {
      if (contestation.status !== 'accepted') continue;
      const resolvedDay = contestation.resolved_at === undefined ? undefined : dayNumber(contestation.resolved_at);
      if (resolvedDay !== undefined && (resolvedDay > asOfDay || resolvedDay < reviewedDay)) continue;
      if (resolvedDay === undefined && reviewed !== null) continue;
      result.contestationIds.push(contestation.id);
    }
    if (result.contestationIds.length > 0) {
      reasons.push('accepted_contestation');
      details.push(`CON-4: accepted contestation(s) ${result.contestationIds.join(', ')} since the last review`);
    }

    if (!preliminary) {
      const analysis = analysisOf(outlet);
      if (analysis?.prompt_id !== undefined && analysis.prompt_version !== undefined) {
        const current = prompts[analysis.prompt_id];
        if (current !== undefined && current !== analysis.prompt_version) {
          reasons.push('new_prompt_version');
          details.push(`${analysis.prompt_id}: rated with version ${analysis.prompt_version}, current ${current}`);
        }
      }
      if (
        options.currentModel !== undefined &&
        analysis?.model !== undefined &&
        analysis.model !== options.currentModel
      ) {
        reasons.push('new_model');
        details.push(`rated with model ${analysis.model}, current ${options.currentModel}`);
      }
      if (outlet.rating.methodology_version !== methodologyVersion) {
        reasons.push('methodology_update');
        details.push(`rated under methodology ${outlet.rating.methodology_version}, current ${methodologyVersion}`);
      }
    }

    const causes = new Set(reasons.map((reason) => DUE_REASON_CAUSES[reason]));
    result.causes = CAUSE_PRIORITY.filter((cause) => causes.has(cause));
    result.cause = result.causes[0] ?? null;
    result.due = reasons.length > 0;
    return result;
  });
}
