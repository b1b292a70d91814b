/**
 * The SYN-5 retry stage: stories whose synthesis failed are tried again at the times the
 * methodology's `nextRetry` scheduled (15 min, 1 h, 3 h, 6 h after the 1st–4th failure); after the
 * last failed attempt the story is discarded with its reason recorded (the story stage then stores
 * it as `discarded`, with the reason, for the held-stories page). Due entries are leased
 * (`FOR UPDATE SKIP LOCKED`), so several workers never retry one story at once.
 */
import { completeRetry, loadClusters } from '@espectro/store';
import { commitUnit, report, type PipelineContext } from '../context.js';
import { loadSynthesisRoster } from '../material.js';
import { synthesiseCluster } from './synthesise.js';

/** What {@link drainRetryQueue} did. */
export interface RetryStageReport {
  /** Due entries taken. */
  attempted: number;
  synthesised: number;
  belowTier: number;
  /** Failed again, rescheduled. */
  failed: number;
  /** Failed for the last time (SYN-5): discarded with the reason. */
  discarded: number;
  /** Entries whose cluster no longer exists (merged or split): closed. */
  gone: number;
}

/**
 * Retries every synthesis due at the clock's current time (at most `limit`).
 *
 * @example
 * clock.advance(15 * 60_000);
 * const retried = await drainRetryQueue(context); // the stories that failed 15 min ago
 */
export async function drainRetryQueue(
  context: PipelineContext,
  options: { limit?: number; workerId?: string; leaseMinutes?: number } = {},
): Promise<RetryStageReport> {
  const { db } = context.store.database;
  const stageReport: RetryStageReport = {
    attempted: 0,
    synthesised: 0,
    belowTier: 0,
    failed: 0,
    discarded: 0,
    gone: 0,
  };
  const entries = await context.store.retryQueue.claimDue(context.clock.now(), options.limit ?? 100, {
    workerId: options.workerId ?? `pipeline-${process.pid}`,
    ...(options.leaseMinutes !== undefined ? { leaseMinutes: options.leaseMinutes } : {}),
  });
  if (entries.length === 0) return stageReport;
  const roster = await loadSynthesisRoster(db);
  const clusters = await loadClusters(
    db,
    entries.map((entry) => entry.storyId),
  );
  for (const entry of entries) {
    stageReport.attempted += 1;
    const cluster = clusters.get(entry.storyId);
    if (cluster === undefined || cluster.outletCount < 2) {
      await commitUnit(context, `retry:${entry.storyId}:gone`, (tx) =>
        completeRetry(tx, entry.storyId, context.clock.now()),
      );
      stageReport.gone += 1;
      continue;
    }
    const { outcome, retryEntry } = await synthesiseCluster(context, cluster, roster, 'attempt');
    if (outcome === 'synthesised') stageReport.synthesised += 1;
    else if (outcome === 'below_tier') stageReport.belowTier += 1;
    else if (outcome === 'failed' && retryEntry?.status === 'discarded') stageReport.discarded += 1;
    else if (outcome === 'failed') stageReport.failed += 1;
    report(context, {
      stage: 'retry',
      message: `${entry.storyId}: attempt ${entry.failedAttempts + 1} ${retryEntry?.status === 'discarded' ? `discarded (${retryEntry.discardReason})` : outcome}`,
    });
  }
  return stageReport;
}
