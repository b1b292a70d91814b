/**
 * The outlet lifecycle as stored data (issue 16 §3): the re-rating queue — what is due, why, and
 * the CON-4 cause the re-rating must record — and what each entry produced once drained. Nothing
 * here decides a rule: accepted contestations come from the CON-2 state machine, the other reasons
 * from `dueOutlets` of `@espectro/rating`; the worker's `rerate` job re-rates through
 * `recordRating`, the one rating path, and marks the entries done with the history row it wrote.
 */
import { RatingChangeCauseSchema, type RatingChangeCause } from '@espectro/methodology';
import { DueReasonSchema, type DueReason } from '@espectro/rating';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { ratingReratingQueue } from './schema-lifecycle.js';
import { sourceRatings } from './schema-rating.js';
import { parseStoreInput } from './validate.js';

/** One re-rating to enqueue. */
export const ReratingRequestSchema = z
  .strictObject({
    domain: z.string().min(1),
    reason: DueReasonSchema,
    cause: RatingChangeCauseSchema,
    /** Required exactly when the cause is `accepted_contestation`. */
    contestationId: z.string().min(1).max(200).optional(),
    /** One line saying why (shown by `espectro outlets due` and the outlet page). */
    detail: z.string().max(2_000).default(''),
    /** Instant of the request. */
    at: z.iso.datetime({ offset: true }),
  })
  .superRefine((request, context) => {
    if ((request.cause === 'accepted_contestation') !== (request.contestationId !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['contestationId'],
        message: 'an accepted_contestation re-rating, and only one, names its contestation',
      });
    }
  });
/** Input of {@link enqueueReratings}. */
export type ReratingRequest = z.input<typeof ReratingRequestSchema>;

/** One queue entry as stored. */
export interface ReratingEntry {
  id: number;
  domain: string;
  reason: DueReason;
  cause: RatingChangeCause;
  contestationId: string | null;
  detail: string;
  enqueuedAt: string;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  processedAt: string | null;
  /** `recordRating`'s outcome once done. */
  outcome: 'created' | 'initial' | 'rerated' | 'unchanged' | null;
  /** The history row (`source_ratings.id`) the re-rating wrote. */
  ratingId: number | null;
  lastError: string | null;
}

type QueueRow = typeof ratingReratingQueue.$inferSelect;

function entryOf(row: QueueRow): ReratingEntry {
  return {
    id: row.id,
    domain: row.domain,
    reason: row.reason,
    cause: row.cause,
    contestationId: row.contestationId,
    detail: row.detail,
    enqueuedAt: row.enqueuedAt.toISOString(),
    status: row.status,
    attempts: row.attempts,
    processedAt: row.processedAt?.toISOString() ?? null,
    outcome: row.outcome,
    ratingId: row.ratingId,
    lastError: row.lastError,
  };
}

/**
 * Enqueues re-ratings. A request that duplicates a pending entry of the same outlet and reason, or
 * names a contestation already enqueued, adds nothing (idempotent: a job re-run after a crash, or
 * two workers deciding the same day, enqueue once). Resolves to the entries added.
 *
 * @example
 * await enqueueReratings(tx, [{ domain: 'elpais.com', reason: 'accepted_contestation', cause: 'accepted_contestation',
 *   contestationId: 'c_1', at: '2026-05-02T10:00:00Z' }]);
 */
export async function enqueueReratings(
  executor: StoreExecutor,
  requests: readonly ReratingRequest[],
): Promise<ReratingEntry[]> {
  const parsed = requests.map((request) => parseStoreInput(ReratingRequestSchema, request, 'reratings.enqueue'));
  if (parsed.length === 0) return [];
  const rows = await executor
    .insert(ratingReratingQueue)
    .values(
      parsed.map((request) => ({
        domain: request.domain,
        reason: request.reason,
        cause: request.cause,
        contestationId: request.contestationId ?? null,
        detail: request.detail,
        enqueuedAt: new Date(request.at),
      })),
    )
    .onConflictDoNothing()
    .returning();
  return rows.map(entryOf);
}

/**
 * The pending entries of the next outlet to re-rate, locked for this transaction
 * (`FOR UPDATE SKIP LOCKED`: two workers never re-rate one outlet at once). `undefined` when none
 * is pending (or all are being worked on). Run inside the transaction that re-rates the outlet and
 * {@link completeReratings} the entries.
 *
 * @example
 * await db.transaction(async (tx) => { const next = await claimNextRerating(tx); … });
 */
export async function claimNextRerating(
  executor: StoreExecutor,
): Promise<{ domain: string; entries: ReratingEntry[] } | undefined> {
  const [first] = await executor
    .select()
    .from(ratingReratingQueue)
    .where(eq(ratingReratingQueue.status, 'pending'))
    .orderBy(asc(ratingReratingQueue.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (first === undefined) return undefined;
  const rows = await executor
    .select()
    .from(ratingReratingQueue)
    .where(and(eq(ratingReratingQueue.domain, first.domain), eq(ratingReratingQueue.status, 'pending')))
    .orderBy(asc(ratingReratingQueue.id))
    .for('update', { skipLocked: true });
  return { domain: first.domain, entries: rows.map(entryOf) };
}

/** How a drained entry ended. */
export type ReratingCompletion =
  | { status: 'done'; outcome: NonNullable<ReratingEntry['outcome']>; at: string }
  | { status: 'failed'; error: string; at: string };

/**
 * Marks entries done (with the outcome and the outlet's latest history row, the one the re-rating
 * wrote) or failed with its reason (a failed entry stays visible in the queue and on the outlet's
 * page; it is not retried by itself).
 *
 * @example
 * await completeReratings(tx, entries.map((entry) => entry.id), { status: 'done', outcome: 'rerated', at });
 */
export async function completeReratings(
  executor: StoreExecutor,
  ids: readonly number[],
  completion: ReratingCompletion,
): Promise<void> {
  if (ids.length === 0) return;
  const [entry] = await executor
    .select({ domain: ratingReratingQueue.domain })
    .from(ratingReratingQueue)
    .where(inArray(ratingReratingQueue.id, [...ids]))
    .limit(1);
  if (entry === undefined) {
    throw new StoreError({
      code: 'not_found',
      operation: 'reratings.complete',
      field: 'id',
      message: `no re-rating entry ${ids.join(', ')}`,
    });
  }
  const at = new Date(completion.at);
  if (completion.status === 'failed') {
    await executor
      .update(ratingReratingQueue)
      .set({
        status: 'failed',
        processedAt: at,
        lastError: completion.error.slice(0, 2_000),
        attempts: sql`${ratingReratingQueue.attempts} + 1`,
      })
      .where(inArray(ratingReratingQueue.id, [...ids]));
    return;
  }
  const [latest] = await executor
    .select({ id: sourceRatings.id })
    .from(sourceRatings)
    .where(eq(sourceRatings.domain, entry.domain))
    .orderBy(desc(sourceRatings.id))
    .limit(1);
  await executor
    .update(ratingReratingQueue)
    .set({
      status: 'done',
      processedAt: at,
      outcome: completion.outcome,
      ratingId: latest?.id ?? null,
      lastError: null,
      attempts: sql`${ratingReratingQueue.attempts} + 1`,
    })
    .where(inArray(ratingReratingQueue.id, [...ids]));
}

/** Filter of {@link listReratings}. */
export interface ListReratingsFilter {
  domain?: string;
  status?: ReratingEntry['status'];
}

/**
 * Queue entries, oldest first.
 *
 * @example
 * await listReratings(db, { status: 'pending' });
 */
export async function listReratings(
  executor: StoreExecutor,
  filter: ListReratingsFilter = {},
): Promise<ReratingEntry[]> {
  const conditions = [];
  if (filter.domain !== undefined) conditions.push(eq(ratingReratingQueue.domain, filter.domain));
  if (filter.status !== undefined) conditions.push(eq(ratingReratingQueue.status, filter.status));
  const rows = await executor
    .select()
    .from(ratingReratingQueue)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(ratingReratingQueue.id));
  return rows.map(entryOf);
}
