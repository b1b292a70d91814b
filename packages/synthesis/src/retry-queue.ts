/**
 * The synthesis retry queue (rule SYN-5): a story whose synthesis failed is retried 15 min, 1 h,
 * 3 h and 6 h after its 1st … 4th failure (the methodology's schedule, `nextRetry`), and discarded
 * with its reason after the 5th. The interface is storage-neutral (the Postgres implementation
 * lives in `@espectro/store`); every implementation must pass `retryQueueContract` from
 * `@espectro/synthesis/testing`.
 */
import { nextRetry } from '@espectro/methodology';
import { SynthesisError } from './errors.js';

/** State of a story in the queue. */
export type RetryStatus = 'pending' | 'done' | 'discarded';

/** One failed attempt. */
export interface RetryFailure {
  /** 1-based attempt number within the current cycle. */
  attempt: number;
  /** ISO date-time (UTC). */
  at: string;
  reason: string;
}

/** A story in the retry queue. */
export interface RetryEntry {
  storyId: string;
  status: RetryStatus;
  /** Failed attempts of the current cycle (1 after `enqueue`). */
  failedAttempts: number;
  /** When the next attempt is due (ISO, UTC); `null` unless pending. */
  nextAttemptAt: string | null;
  /** Reason of the latest failure. */
  lastReason: string;
  /** Every failure of the current cycle, in order. */
  failures: RetryFailure[];
  /** When and why the story was discarded (after the 5th failure); `null` otherwise. */
  discardedAt: string | null;
  discardReason: string | null;
}

/** An instant: a `Date` or an ISO-8601 date-time string. */
export type Instant = Date | string;

/**
 * The retry queue of failed syntheses (rule SYN-5). Semantics every implementation follows:
 * - `enqueue(storyId, reason, at)`: the story's synthesis failed at `at` — its first failure. A new
 *   (or previously `done`) story becomes `pending` with `failedAttempts: 1`, due 15 min later.
 *   Idempotent: re-enqueuing a `pending` story changes nothing (no duplicate, same schedule); a
 *   `discarded` story stays discarded.
 * - `due(now, limit)`: pending stories with `nextAttemptAt ≤ now`, earliest first (ties by story
 *   id), at most `limit`. Reading does not change them.
 * - `markFailed(storyId, reason, at)`: a retry of a pending story failed: one more failure, the
 *   next delay from the methodology's schedule, or `discarded` with `reason` after the 5th.
 *   Reports for a `done` or `discarded` story are stale and change nothing; an unknown story is
 *   an error (`SynthesisError` code `unknown_story`).
 * - `markDone(storyId)`: the story was synthesised; it leaves the queue (`done`). Unknown → `undefined`.
 * - `get(storyId)`: the entry, or `undefined`.
 * Returned entries are snapshots: changing them does not change the queue.
 */
export interface RetryQueue {
  enqueue(storyId: string, reason: string, at: Instant): Promise<RetryEntry>;
  due(now: Instant, limit: number): Promise<RetryEntry[]>;
  markFailed(storyId: string, reason: string, at: Instant): Promise<RetryEntry>;
  markDone(storyId: string): Promise<RetryEntry | undefined>;
  get(storyId: string): Promise<RetryEntry | undefined>;
}

/**
 * An instant as an ISO-8601 UTC string; throws `SynthesisError` `invalid_input` for an invalid date.
 *
 * @example
 * toIsoInstant('2026-04-27T10:00:00-03:00'); // '2026-04-27T13:00:00.000Z'
 */
export function toIsoInstant(instant: Instant, field = 'at'): string {
  const date =
    instant instanceof Date ? instant : typeof instant === 'string' ? new Date(instant) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    throw new SynthesisError({
      code: 'invalid_input',
      stage: 'retry_queue',
      field,
      message: `${String(instant)} is not a valid date-time`,
    });
  }
  return date.toISOString();
}

function checkStoryId(storyId: string): void {
  if (typeof storyId !== 'string' || storyId === '') {
    throw new SynthesisError({
      code: 'invalid_input',
      stage: 'retry_queue',
      field: 'storyId',
      message: 'a story id is a non-empty string',
    });
  }
}

function copy(entry: RetryEntry): RetryEntry {
  return { ...entry, failures: entry.failures.map((failure) => ({ ...failure })) };
}

/**
 * The entry after one more failure at `at` (rule SYN-5 via the methodology's `nextRetry`):
 * pending with the next attempt time, or discarded with the reason after the 5th failure. Pure;
 * storage backends can share it.
 *
 * @example
 * applyFailure(firstFailure('s1', 'quota', '2026-04-27T10:00:00.000Z'), 'transient', '2026-04-27T10:15:00.000Z').nextAttemptAt;
 * // '2026-04-27T11:15:00.000Z' (1 h after the 2nd failure)
 */
export function applyFailure(entry: RetryEntry, reason: string, at: string): RetryEntry {
  const failedAttempts = entry.failedAttempts + 1;
  const failures = [...entry.failures.map((failure) => ({ ...failure })), { attempt: failedAttempts, at, reason }];
  const decision = nextRetry({ failedAttempts, lastFailureAt: at });
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

/**
 * The entry of a story's first failure at `at` (pending, retried 15 min later).
 *
 * @example
 * firstFailure('s1', 'quota', '2026-04-27T10:00:00.000Z').nextAttemptAt; // '2026-04-27T10:15:00.000Z'
 */
export function firstFailure(storyId: string, reason: string, at: string): RetryEntry {
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
  return applyFailure(empty, reason, at);
}

/**
 * The in-memory {@link RetryQueue} (tests, single-process runs). Same semantics as the Postgres one.
 *
 * @example
 * const queue = createMemoryRetryQueue();
 * await queue.enqueue('s1', 'quota', '2026-04-27T10:00:00Z');
 * await queue.due('2026-04-27T10:15:00Z', 10); // [{ storyId: 's1', failedAttempts: 1, … }]
 */
export function createMemoryRetryQueue(): RetryQueue {
  const entries = new Map<string, RetryEntry>();
  return {
    async enqueue(storyId, reason, at) {
      checkStoryId(storyId);
      const instant = toIsoInstant(at);
      const existing = entries.get(storyId);
      if (existing !== undefined && existing.status !== 'done') return copy(existing);
      const entry = firstFailure(storyId, reason, instant);
      entries.set(storyId, entry);
      return copy(entry);
    },
    async due(now, limit) {
      const nowMs = Date.parse(toIsoInstant(now, 'now'));
      if (!Number.isInteger(limit) || limit < 0) {
        throw new SynthesisError({
          code: 'invalid_input',
          stage: 'retry_queue',
          field: 'limit',
          message: 'limit is a non-negative integer',
        });
      }
      const ready: { entry: RetryEntry; at: number }[] = [];
      for (const entry of entries.values()) {
        if (entry.status !== 'pending' || entry.nextAttemptAt === null) continue;
        const at = Date.parse(entry.nextAttemptAt);
        if (at <= nowMs) ready.push({ entry, at });
      }
      ready.sort(
        (a, b) => a.at - b.at || (a.entry.storyId < b.entry.storyId ? -1 : a.entry.storyId > b.entry.storyId ? 1 : 0),
      );
      return ready.slice(0, limit).map(({ entry }) => copy(entry));
    },
    async markFailed(storyId, reason, at) {
      checkStoryId(storyId);
      const instant = toIsoInstant(at);
      const existing = entries.get(storyId);
      if (existing === undefined) {
        throw new SynthesisError({
          code: 'unknown_story',
          stage: 'retry_queue',
          field: 'storyId',
          message: `story "${storyId}" is not in the retry queue; enqueue its first failure instead`,
        });
      }
      if (existing.status !== 'pending') return copy(existing);
      const entry = applyFailure(existing, reason, instant);
      entries.set(storyId, entry);
      return copy(entry);
    },
    async markDone(storyId) {
      checkStoryId(storyId);
      const existing = entries.get(storyId);
      if (existing === undefined) return undefined;
      const entry: RetryEntry = { ...existing, status: 'done', nextAttemptAt: null };
      entries.set(storyId, entry);
      return copy(entry);
    },
    async get(storyId) {
      const entry = entries.get(storyId);
      return entry === undefined ? undefined : copy(entry);
    },
  };
}
