/**
 * The synthesis retry queue (rule SYN-5) over PostgreSQL/PGlite. It implements the storage-neutral
 * `RetryQueue` interface of `@espectro/synthesis` (and passes its `retryQueueContract`), and adds
 * {@link StoreRetryQueue.claimDue}: several workers sharing one database each lease different due
 * stories (`FOR UPDATE SKIP LOCKED`), so no story is worked on twice at once. The schedule is the
 * methodology's `nextRetry`.
 */
import { nextRetry } from '@espectro/methodology';
import type { Instant, RetryEntry, RetryQueue } from '@espectro/synthesis';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Database, StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { synthesisRetryQueue } from './schema.js';

export type { Instant, RetryEntry, RetryFailure, RetryStatus } from '@espectro/synthesis';

/** The queue: `RetryQueue` of `@espectro/synthesis` plus leasing for concurrent workers. */
export interface StoreRetryQueue extends RetryQueue {
  /**
   * Leases up to `limit` due stories to `workerId` until `now + leaseMinutes`: stories leased by
   * another worker (and not expired) or row-locked by a concurrent claim are skipped
   * (`FOR UPDATE SKIP LOCKED`). `markFailed` / `markDone` end the lease.
   */
  claimDue(now: Instant, limit: number, claim: { workerId: string; leaseMinutes?: number }): Promise<RetryEntry[]>;
}

const OPERATION = 'retryQueue';
const MINUTE = 60_000;

function instant(value: Instant, field: string): Date {
  const date =
    value instanceof Date
      ? new Date(value.getTime())
      : typeof value === 'string'
        ? new Date(value)
        : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    throw new StoreError({
      code: 'invalid_input',
      operation: OPERATION,
      field,
      message: `${String(value)} is not a valid date-time`,
    });
  }
  return date;
}

function checkStoryId(storyId: string): void {
  if (typeof storyId !== 'string' || storyId === '') {
    throw new StoreError({
      code: 'invalid_input',
      operation: OPERATION,
      field: 'storyId',
      message: 'a story id is a non-empty string',
    });
  }
}

type Row = typeof synthesisRetryQueue.$inferSelect;

function entryOf(row: Row): RetryEntry {
  return {
    storyId: row.storyId,
    status: row.status,
    failedAttempts: row.failedAttempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastReason: row.lastReason,
    failures: row.failures.map((failure) => ({ ...failure })),
    discardedAt: row.discardedAt?.toISOString() ?? null,
    discardReason: row.discardReason,
  };
}

/** The entry after one more failure (SYN-5 through the methodology's `nextRetry`). */
function withFailure(entry: RetryEntry, reason: string, at: string): RetryEntry {
  const failedAttempts = entry.failedAttempts + 1;
  const failures = [...entry.failures, { attempt: failedAttempts, at, reason }];
  const decision = nextRetry({ failedAttempts, lastFailureAt: at }); // rule SYN-5
  if (decision.action === 'discard') {
    return {
      ...entry,
      status: 'discarded',
      failedAttempts,
      nextAttemptAt: null,
      lastReason: reason,
      failures,
      discardedAt: at,
      discardReason: reason,
    };
  }
  return { ...entry, status: 'pending', failedAttempts, nextAttemptAt: decision.at, lastReason: reason, failures };
}

function rowValues(entry: RetryEntry, updatedAt: Date) {
  return {
    status: entry.status,
    failedAttempts: entry.failedAttempts,
    nextAttemptAt: entry.nextAttemptAt === null ? null : new Date(entry.nextAttemptAt),
    lastReason: entry.lastReason,
    failures: entry.failures,
    discardedAt: entry.discardedAt === null ? null : new Date(entry.discardedAt),
    discardReason: entry.discardReason,
    leasedBy: null,
    leasedUntil: null,
    updatedAt,
  };
}

async function lockedRow(executor: StoreExecutor, storyId: string): Promise<Row | undefined> {
  const [row] = await executor
    .select()
    .from(synthesisRetryQueue)
    .where(eq(synthesisRetryQueue.storyId, storyId))
    .for('update');
  return row;
}

/**
 * Enqueues a story's first synthesis failure (SYN-5) inside the caller's transaction — the same
 * semantics as `StoreRetryQueue.enqueue` (idempotent while pending; a discarded story stays
 * discarded; a done story starts a new cycle).
 *
 * @example
 * await db.transaction(async (tx) => { await saveStory(tx, story); await enqueueRetry(tx, story.id, 'quota', new Date()); });
 */
export async function enqueueRetry(
  executor: StoreExecutor,
  storyId: string,
  reason: string,
  at: Instant,
): Promise<RetryEntry> {
  checkStoryId(storyId);
  const when = instant(at, 'at');
  const existing = await lockedRow(executor, storyId);
  if (existing !== undefined && existing.status !== 'done') return entryOf(existing);
  const empty: RetryEntry = {
    storyId,
    status: 'pending',
    failedAttempts: 0,
    nextAttemptAt: null,
    lastReason: reason,
    failures: [],
    discardedAt: null,
    discardReason: null,
  };
  const entry = withFailure(empty, reason, when.toISOString());
  if (existing !== undefined) {
    const [row] = await executor
      .update(synthesisRetryQueue)
      .set(rowValues(entry, when))
      .where(eq(synthesisRetryQueue.storyId, storyId))
      .returning();
    return entryOf(row!);
  }
  const [row] = await executor
    .insert(synthesisRetryQueue)
    .values({ storyId, ...rowValues(entry, when) })
    .onConflictDoNothing({ target: synthesisRetryQueue.storyId })
    .returning();
  if (row !== undefined) return entryOf(row);
  // A concurrent enqueue inserted it first: enqueue is idempotent, return theirs.
  return entryOf((await lockedRow(executor, storyId))!);
}

/**
 * Records one more failed attempt of a story in the queue (SYN-5 through the methodology's
 * `nextRetry`: the next due time, or discarded with its reason after the last attempt) inside the
 * caller's transaction — what `StoreRetryQueue.markFailed` does, so that a pipeline stage can
 * commit the attempt together with its other results. A story that is not pending is returned
 * unchanged.
 *
 * @example
 * await db.transaction(async (tx) => { const entry = await failRetry(tx, 'a_1', 'quota', now); if (entry.status === 'discarded') … });
 */
export async function failRetry(
  executor: StoreExecutor,
  storyId: string,
  reason: string,
  at: Instant,
): Promise<RetryEntry> {
  checkStoryId(storyId);
  const when = instant(at, 'at');
  const existing = await lockedRow(executor, storyId);
  if (existing === undefined) {
    throw new StoreError({
      code: 'unknown_story',
      operation: OPERATION,
      field: 'storyId',
      message: `story "${storyId}" is not in the retry queue; enqueue its first failure instead`,
    });
  }
  if (existing.status !== 'pending') return entryOf(existing);
  const entry = withFailure(entryOf(existing), reason, when.toISOString());
  const [row] = await executor
    .update(synthesisRetryQueue)
    .set(rowValues(entry, when))
    .where(eq(synthesisRetryQueue.storyId, storyId))
    .returning();
  return entryOf(row!);
}

/**
 * Marks a story's retry as done (its synthesis succeeded) inside the caller's transaction — what
 * `StoreRetryQueue.markDone` does. `undefined` when the story is not in the queue.
 *
 * @example
 * await db.transaction(async (tx) => { await saveSynthesis(tx, …); await completeRetry(tx, 'a_1', now); });
 */
export async function completeRetry(
  executor: StoreExecutor,
  storyId: string,
  at: Instant,
): Promise<RetryEntry | undefined> {
  checkStoryId(storyId);
  const [row] = await executor
    .update(synthesisRetryQueue)
    .set({ status: 'done', nextAttemptAt: null, leasedBy: null, leasedUntil: null, updatedAt: instant(at, 'at') })
    .where(eq(synthesisRetryQueue.storyId, storyId))
    .returning();
  return row === undefined ? undefined : entryOf(row);
}

/**
 * The queue entries of these stories (story id → entry); stories never queued are absent.
 *
 * @example
 * (await retryEntriesOf(db, ['a_1'])).get('a_1')?.status; // 'discarded'
 */
export async function retryEntriesOf(
  executor: StoreExecutor,
  storyIds: readonly string[],
): Promise<Map<string, RetryEntry>> {
  const result = new Map<string, RetryEntry>();
  const unique = [...new Set(storyIds)];
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await executor
      .select()
      .from(synthesisRetryQueue)
      .where(inArray(synthesisRetryQueue.storyId, unique.slice(start, start + 1000)));
    for (const row of rows) result.set(row.storyId, entryOf(row));
  }
  return result;
}

/**
 * The retry queue stored in the database (table `synthesis_retry_queue`).
 *
 * @example
 * const queue = createStoreRetryQueue(database);
 * await queue.enqueue('story-1', 'rate_limited', new Date());
 * const mine = await queue.claimDue(new Date(), 10, { workerId: 'worker-1' });
 */
export function createStoreRetryQueue(database: Database): StoreRetryQueue {
  const { db } = database;
  return {
    enqueue: (storyId, reason, at) => db.transaction((tx) => enqueueRetry(tx, storyId, reason, at)),
    async due(now, limit) {
      const when = instant(now, 'now');
      if (!Number.isInteger(limit) || limit < 0) {
        throw new StoreError({
          code: 'invalid_input',
          operation: OPERATION,
          field: 'limit',
          message: 'limit is a non-negative integer',
        });
      }
      if (limit === 0) return [];
      const rows = await db
        .select()
        .from(synthesisRetryQueue)
        .where(and(eq(synthesisRetryQueue.status, 'pending'), lte(synthesisRetryQueue.nextAttemptAt, when)))
        .orderBy(asc(synthesisRetryQueue.nextAttemptAt), asc(synthesisRetryQueue.storyId))
        .limit(limit);
      return rows.map(entryOf);
    },
    markFailed: (storyId, reason, at) => db.transaction((tx) => failRetry(tx, storyId, reason, at)),
    markDone: (storyId) => completeRetry(db, storyId, new Date()),
    async get(storyId) {
      const [row] = await db.select().from(synthesisRetryQueue).where(eq(synthesisRetryQueue.storyId, storyId));
      return row === undefined ? undefined : entryOf(row);
    },
    async claimDue(now, limit, claim) {
      const when = instant(now, 'now');
      if (!Number.isInteger(limit) || limit < 0) {
        throw new StoreError({
          code: 'invalid_input',
          operation: OPERATION,
          field: 'limit',
          message: 'limit is a non-negative integer',
        });
      }
      if (claim.workerId.length === 0)
        throw new StoreError({
          code: 'invalid_input',
          operation: OPERATION,
          field: 'workerId',
          message: 'a worker id is required',
        });
      if (limit === 0) return [];
      const leasedUntil = new Date(when.getTime() + (claim.leaseMinutes ?? 30) * MINUTE);
      const rows = await db.transaction(async (tx) => {
        const candidates = tx
          .select({ storyId: synthesisRetryQueue.storyId })
          .from(synthesisRetryQueue)
          .where(
            and(
              eq(synthesisRetryQueue.status, 'pending'),
              lte(synthesisRetryQueue.nextAttemptAt, when),
              sql`(${synthesisRetryQueue.leasedUntil} IS NULL OR ${synthesisRetryQueue.leasedUntil} <= ${when})`,
            ),
          )
          .orderBy(asc(synthesisRetryQueue.nextAttemptAt), asc(synthesisRetryQueue.storyId))
          .limit(limit)
          .for('update', { skipLocked: true });
        return tx
          .update(synthesisRetryQueue)
          .set({ leasedBy: claim.workerId, leasedUntil, updatedAt: when })
          .where(sql`${synthesisRetryQueue.storyId} IN (${candidates})`)
          .returning();
      });
      return rows
        .map(entryOf)
        .sort(
          (left, right) =>
            Date.parse(left.nextAttemptAt!) - Date.parse(right.nextAttemptAt!) ||
            (left.storyId < right.storyId ? -1 : left.storyId > right.storyId ? 1 : 0),
        );
    },
  };
}
