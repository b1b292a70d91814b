/**
 * The work queues of `@espectro/pipeline`'s story stages (`0002_pipeline.sql`): cluster ids whose
 * story must be built again or retired, countries whose publish-guard decisions must be
 * re-decided from a time on (PG `country_cap` couples the stories of a country), and the stored
 * publish-guard input of every guarded story. Claims use `FOR UPDATE SKIP LOCKED`, so several
 * workers on one PostgreSQL database never take the same item; an item is deleted in the
 * transaction that did its work.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { StoreExecutor } from './database.js';
import {
  clusters,
  guardDecisions,
  guardQueue,
  stories,
  storyGuardInputs,
  storyQueue,
  synthesisRetryQueue,
} from './schema.js';

/** Queues cluster ids for their story to be built again or retired (idempotent). */
export async function queueStories(
  executor: StoreExecutor,
  clusterIds: readonly string[],
  reason: string,
  at: Date,
): Promise<void> {
  const unique = [...new Set(clusterIds)];
  for (let start = 0; start < unique.length; start += 1000) {
    await executor
      .insert(storyQueue)
      .values(unique.slice(start, start + 1000).map((clusterId) => ({ clusterId, reason, queuedAt: at })))
      .onConflictDoNothing();
  }
}

/**
 * A queued story is ready to be built unless its cluster (two or more outlets) still waits for a
 * stage before it: a synthesis that is due and not in the SYN-5 retry queue, or the topic of a
 * fresh synthesis.
 */
const READY = sql`NOT EXISTS (
  SELECT 1 FROM ${clusters}
  WHERE ${clusters.id} = ${storyQueue.clusterId} AND ${clusters.outletCount} >= 2 AND (
    (${clusters.synthesisSignature} IS DISTINCT FROM ${clusters.domainSignature}
      AND NOT EXISTS (SELECT 1 FROM ${synthesisRetryQueue} WHERE ${synthesisRetryQueue.storyId} = ${clusters.id}
                      AND ${synthesisRetryQueue.status} IN ('pending', 'discarded')))
    OR (${clusters.synthesisStatus} = 'synthesised' AND ${clusters.topicStatus} IS NULL)))`;

/**
 * Claims up to `limit` queued cluster ids that are ready to be built (see the module comment),
 * oldest queued first (ties by id), skipping rows another transaction holds. Call it inside the
 * transaction that builds them, then {@link dequeueStories}.
 */
export async function claimQueuedStories(executor: StoreExecutor, limit: number): Promise<string[]> {
  const rows = await executor
    .select({ clusterId: storyQueue.clusterId })
    .from(storyQueue)
    .where(READY)
    .orderBy(asc(storyQueue.queuedAt), asc(storyQueue.clusterId))
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.clusterId);
}

/** Removes cluster ids from the story queue. */
export async function dequeueStories(executor: StoreExecutor, clusterIds: readonly string[]): Promise<void> {
  if (clusterIds.length === 0) return;
  await executor.delete(storyQueue).where(inArray(storyQueue.clusterId, [...clusterIds]));
}

/** Number of queued story builds, and how many of them are ready to be built now. */
export async function countQueuedStories(executor: StoreExecutor): Promise<{ queued: number; ready: number }> {
  const [row] = await executor
    .select({ queued: sql<number>`count(*)::int`, ready: sql<number>`count(*) FILTER (WHERE ${READY})::int` })
    .from(storyQueue);
  return { queued: Number(row?.queued ?? 0), ready: Number(row?.ready ?? 0) };
}

/**
 * Asks for a country's publish-guard decisions to be re-decided from `fromAt` on; a country already
 * queued keeps the earlier of the two times.
 */
export async function queueGuard(executor: StoreExecutor, country: string, fromAt: Date, at: Date): Promise<void> {
  await executor
    .insert(guardQueue)
    .values({ country, fromAt, queuedAt: at })
    .onConflictDoUpdate({
      target: guardQueue.country,
      set: { fromAt: sql`least(${guardQueue.fromAt}, excluded.from_at)` },
    });
}

/** Claims up to `limit` queued countries (skipping rows another transaction holds). */
export async function claimGuardQueue(
  executor: StoreExecutor,
  limit: number,
): Promise<{ country: string; fromAt: Date }[]> {
  return executor
    .select({ country: guardQueue.country, fromAt: guardQueue.fromAt })
    .from(guardQueue)
    .orderBy(asc(guardQueue.queuedAt), asc(guardQueue.country))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Removes a country from the guard queue. */
export async function dequeueGuard(executor: StoreExecutor, country: string): Promise<void> {
  await executor.delete(guardQueue).where(eq(guardQueue.country, country));
}

/** Number of countries waiting for their guard decisions. */
export async function countGuardQueue(executor: StoreExecutor): Promise<number> {
  const [row] = await executor.select({ count: sql<number>`count(*)::int` }).from(guardQueue);
  return Number(row?.count ?? 0);
}

/** Stores (or replaces) the publish-guard inputs of stories, without their country count. */
export async function saveStoryGuardInputs(
  executor: StoreExecutor,
  inputs: readonly { storyId: string; country: string | null; publishedAt: Date; input: Record<string, unknown> }[],
): Promise<void> {
  for (let start = 0; start < inputs.length; start += 500) {
    await executor
      .insert(storyGuardInputs)
      .values(inputs.slice(start, start + 500))
      .onConflictDoUpdate({
        target: storyGuardInputs.storyId,
        set: {
          country: sql.raw('excluded.country'),
          publishedAt: sql.raw('excluded.published_at'),
          input: sql.raw('excluded.input'),
        },
      });
  }
}

/** Removes stories' guard inputs (they are no longer guarded: retired, pending or not synthesised). */
export async function deleteStoryGuardInputs(executor: StoreExecutor, storyIds: readonly string[]): Promise<void> {
  if (storyIds.length === 0) return;
  await executor.delete(storyGuardInputs).where(inArray(storyGuardInputs.storyId, [...storyIds]));
}

/** A guarded story of a country, as the country-cap stage re-decides it. */
export interface GuardedStory {
  storyId: string;
  status: string;
  publishedAt: Date;
  input: Record<string, unknown>;
  /** The latest stored guard reasons. */
  reasons: string[];
}

/**
 * The guarded live stories of a country published at or after `since` (published or held, with a
 * stored guard input), in publication order, each with its latest guard reasons.
 */
export async function guardedStoriesOfCountry(
  executor: StoreExecutor,
  country: string,
  since: Date,
): Promise<GuardedStory[]> {
  const rows = await executor
    .select({
      storyId: storyGuardInputs.storyId,
      status: stories.status,
      publishedAt: storyGuardInputs.publishedAt,
      input: storyGuardInputs.input,
    })
    .from(storyGuardInputs)
    .innerJoin(stories, eq(stories.id, storyGuardInputs.storyId))
    .where(
      and(
        eq(storyGuardInputs.country, country),
        gte(storyGuardInputs.publishedAt, since),
        inArray(stories.status, ['published', 'held']),
      ),
    )
    .orderBy(asc(storyGuardInputs.publishedAt), asc(storyGuardInputs.storyId));
  const reasons = new Map<string, string[]>();
  const ids = rows.map((row) => row.storyId);
  for (let start = 0; start < ids.length; start += 1000) {
    const latest = await executor
      .selectDistinctOn([guardDecisions.storyId], { storyId: guardDecisions.storyId, reasons: guardDecisions.reasons })
      .from(guardDecisions)
      .where(inArray(guardDecisions.storyId, ids.slice(start, start + 1000)))
      .orderBy(guardDecisions.storyId, sql`${guardDecisions.id} DESC`);
    for (const row of latest) reasons.set(row.storyId, row.reasons);
  }
  return rows.map((row) => ({ ...row, reasons: reasons.get(row.storyId) ?? [] }));
}

/**
 * Records a new publish-guard decision for a story and sets its status to match (`published` or
 * `held`), without touching its content.
 */
export async function recordGuardDecision(
  executor: StoreExecutor,
  decision: {
    storyId: string;
    publish: boolean;
    reasons: string[];
    input: Record<string, unknown>;
    methodologyVersion: string;
    runId: string | null;
    at: Date;
  },
): Promise<void> {
  await executor.insert(guardDecisions).values({
    storyId: decision.storyId,
    decidedAt: decision.at,
    publish: decision.publish,
    reasons: decision.reasons,
    input: decision.input,
    methodologyVersion: decision.methodologyVersion,
    runId: decision.runId,
  });
  await executor
    .update(stories)
    .set({ status: decision.publish ? 'published' : 'held', updatedAt: decision.at })
    .where(eq(stories.id, decision.storyId));
}
