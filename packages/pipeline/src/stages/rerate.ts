/**
 * The re-rate stage: drains the stored re-rating queue (an accepted contestation, REV-1 cadence,
 * drift or ownership change, a new prompt/model/methodology version, REV-2) outlet by outlet. Each
 * outlet is one unit of work: its pending entries are claimed (`FOR UPDATE SKIP LOCKED`, so two
 * workers never take the same outlet), re-rated through `recordRating` — the one rating path, rule
 * EVID-1 — with the entry's CON-4 cause (and contestation), marked done with the history row the
 * re-rating wrote, and, when the rating changed, the stories citing the outlet are queued to be
 * built again. An outlet that cannot be re-rated (still preliminary: no evidence to rate from) has
 * its entries marked failed with the reason, visibly, instead of blocking the queue.
 */
import {
  isPendingEvidence,
  withOwnershipEvents,
  type RatingChangeCause,
  type RatingEvidenceRecord,
} from '@espectro/methodology';
import { recordRating, type RecordRatingResult } from '@espectro/rating';
import {
  claimNextRerating,
  completeReratings,
  createStoreRatingRecordStore,
  listOwnershipEvents,
  type ReratingEntry,
  type StoreTransaction,
} from '@espectro/store';
import { commitUnit, report, type PipelineContext } from '../context.js';
import { contentWindowEvidence, type ContentWindowAnalyzer } from './lifecycle.js';
import { requeueStoriesOfOutlets } from './rate.js';

/** What {@link drainReratingQueue} did. */
export interface RerateStageReport {
  /** Outlets taken from the queue. */
  outlets: number;
  /** History rows written (one per accepted contestation, one for the other causes of an outlet). */
  reratings: number;
  /** Re-ratings that changed a rated field. */
  changed: number;
  /** Queue entries marked failed (with their reason). */
  failed: number;
  storiesQueued: number;
}

/** The order CON-4 causes are recorded in when an outlet is due for several (the others go to the notes). */
const CAUSE_PRIORITY: readonly RatingChangeCause[] = [
  'ownership_change',
  'methodology_update',
  'new_prompt_or_model_version',
  'editorial_change',
];

/** One re-rating to write: an accepted contestation alone, or every other entry of the outlet together. */
interface PlannedRerating {
  cause: RatingChangeCause;
  contestationId?: string;
  notes: string;
  entries: ReratingEntry[];
}

function planReratings(entries: readonly ReratingEntry[]): PlannedRerating[] {
  const plans: PlannedRerating[] = entries
    .filter((entry) => entry.contestationId !== null)
    .map((entry) => ({
      cause: 'accepted_contestation',
      contestationId: entry.contestationId!,
      notes: entry.detail,
      entries: [entry],
    }));
  const others = entries.filter((entry) => entry.contestationId === null);
  if (others.length > 0) {
    const cause = CAUSE_PRIORITY.find((candidate) => others.some((entry) => entry.cause === candidate))!;
    plans.push({ cause, notes: others.map((entry) => entry.detail || entry.reason).join('; '), entries: others });
  }
  return plans;
}

async function rerateOutlet(
  tx: StoreTransaction,
  domain: string,
  entries: ReratingEntry[],
  now: Date,
  content: ContentWindowAnalyzer | undefined,
): Promise<{ reratings: number; changed: boolean; failed: number }> {
  const ratings = createStoreRatingRecordStore(tx);
  const at = now.toISOString();
  const current = await ratings.get(domain);
  if (current === undefined || isPendingEvidence(current.rating_evidence)) {
    await completeReratings(
      tx,
      entries.map((entry) => entry.id),
      {
        status: 'failed',
        at,
        error:
          current === undefined
            ? `${domain} is not in the roster`
            : `${domain} is preliminary (PRELIM): there is no evidence to re-rate it from; REV-2 decides when it is rated`,
      },
    );
    return { reratings: 0, changed: false, failed: entries.length };
  }
  const asOf = at.slice(0, 10);
  const recordedEvents = await listOwnershipEvents(tx, { domains: [domain], to: asOf, includeRetracted: true });
  const ownershipEvents = recordedEvents.filter((event) => event.retraction === null);
  const retractedEvents = recordedEvents.filter((event) => event.retraction !== null);
  let reratings = 0;
  let failed = 0;
  let changed = false;
  for (const plan of planReratings(entries)) {
    let result: RecordRatingResult;
    try {
      // The reported ownership events join the evidence's ownership_history (seed 002 §8), where a
      // change of control moves the content window (CONF-CHANGE), and retracted ones leave it;
      // verify re-derives from the result.
      let evidence = withOwnershipEvents(
        current.rating_evidence as RatingEvidenceRecord,
        ownershipEvents,
        asOf,
        retractedEvents,
      );
      // A drift re-rating analyses the content again: the series showed the content moved. Other
      // causes (cadence, an event, a version) re-derive the rating from the stored evidence.
      if (content !== undefined && plan.entries.some((entry) => entry.reason === 'content_drift'))
        evidence = await contentWindowEvidence(content, evidence, asOf);
      result = await recordRating(ratings, {
        evidence,
        asOf,
        changedAt: at,
        cause: plan.cause,
        ...(plan.contestationId === undefined ? {} : { contestationId: plan.contestationId }),
        ...(plan.notes === '' ? {} : { notes: plan.notes }),
      });
    } catch (error) {
      await completeReratings(
        tx,
        plan.entries.map((entry) => entry.id),
        { status: 'failed', at, error: (error as Error).message },
      );
      failed += plan.entries.length;
      continue;
    }
    reratings += 1;
    changed ||= result.changes.length > 0;
    await completeReratings(
      tx,
      plan.entries.map((entry) => entry.id),
      { status: 'done', outcome: result.outcome, at },
    );
  }
  return { reratings, changed, failed };
}

/**
 * Re-rates the outlets waiting in the queue, one unit of work per outlet, at most `limit` outlets
 * (default 100) per call. The re-rating date is the context clock's day. With `content`, a drift
 * re-rating (REV-1 `content_drift`) first analyses the outlet's stored articles of the content
 * window again (`contentWindowEvidence`); other re-ratings re-derive from the stored evidence.
 *
 * @example
 * const report = await drainReratingQueue(context);
 */
export async function drainReratingQueue(
  context: PipelineContext,
  options: { limit?: number; content?: ContentWindowAnalyzer } = {},
): Promise<RerateStageReport> {
  const limit = options.limit ?? 100;
  const stageReport: RerateStageReport = { outlets: 0, reratings: 0, changed: 0, failed: 0, storiesQueued: 0 };
  for (let taken = 0; taken < limit; taken += 1) {
    const now = context.clock.now();
    const done = await commitUnit(context, `rerate:${taken}`, async (tx) => {
      const next = await claimNextRerating(tx);
      if (next === undefined) return false;
      const outcome = await rerateOutlet(tx, next.domain, next.entries, now, options.content);
      stageReport.outlets += 1;
      stageReport.reratings += outcome.reratings;
      stageReport.failed += outcome.failed;
      if (outcome.changed) {
        stageReport.changed += 1;
        stageReport.storiesQueued += (await requeueStoriesOfOutlets(tx, [next.domain], now)).length;
      }
      return true;
    });
    if (!done) break;
  }
  if (stageReport.outlets > 0) {
    report(context, {
      stage: 'rate',
      message: `${stageReport.outlets} outlet(s) re-rated from the queue: ${stageReport.reratings} re-rating(s), ${stageReport.changed} changed, ${stageReport.failed} failed`,
    });
  }
  return stageReport;
}
