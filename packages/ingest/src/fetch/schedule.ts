/**
 * When a feed is fetched next: after a success (or a 304) one poll interval later; after a
 * failure, exponential backoff with jitter — the poll interval doubled per consecutive failure,
 * capped, part of it random so that many feeds failing together (one host down) do not retry in
 * lockstep — and never earlier than the server's `Retry-After` (RFC 9110 §10.2.3: seconds or an
 * HTTP date), itself capped. The delay counts from the instant the feed was claimed
 * ({@link nextDueInstant}).
 */
import type { FetchPolicy } from './policy.js';

/**
 * The delay a `Retry-After` header asks for, in milliseconds from `now`, or `null` when absent or
 * unreadable. A date in the past gives 0.
 *
 * @example
 * parseRetryAfter('120', new Date()); // 120000
 * parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', new Date('2026-10-21T07:27:00Z')); // 60000
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date always names the weekday or month in letters; a bare number is never a date.
  if (!/[A-Za-z]/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

/** What {@link nextFetchDelay} needs. */
export interface NextFetchInput {
  /** Whether this fetch succeeded (a 304 is a success). */
  succeeded: boolean;
  /** Consecutive failures including this one (0 after a success). */
  consecutiveFailures: number;
  pollIntervalMs: number;
  /** From `Retry-After`, when the server sent one. */
  retryAfterMs: number | null;
  /** A number in [0, 1) (injected so that tests are reproducible). */
  random: number;
}

/**
 * Milliseconds until the next fetch (rules in the module comment).
 *
 * @example
 * nextFetchDelay({ succeeded: false, consecutiveFailures: 3, pollIntervalMs: 60_000, retryAfterMs: null, random: 0.5 }, policy);
 * // between 2 and 4 minutes (4 min · (1 − jitter) + 4 min · jitter · random)
 */
export function nextFetchDelay(
  input: NextFetchInput,
  policy: Pick<FetchPolicy, 'maxBackoffMs' | 'jitterRatio' | 'maxRetryAfterMs'>,
): number {
  const retryAfter = input.retryAfterMs === null ? 0 : Math.min(input.retryAfterMs, policy.maxRetryAfterMs);
  if (input.succeeded) return Math.max(input.pollIntervalMs, retryAfter);
  const exponent = Math.max(0, input.consecutiveFailures - 1);
  // 2 ** exponent overflows to Infinity for large counts; the cap handles it.
  const backoff = Math.min(policy.maxBackoffMs, input.pollIntervalMs * 2 ** Math.min(exponent, 60));
  const random = Math.min(Math.max(input.random, 0), 1);
  const jittered = backoff * (1 - policy.jitterRatio) + backoff * policy.jitterRatio * random;
  return Math.round(Math.max(jittered, retryAfter));
}

/** What {@link nextDueInstant} needs; instants in milliseconds since the epoch, on the fetcher's clock. */
export interface NextDueInput {
  /** When the feed was claimed (the start of its cycle). */
  claimedAt: number;
  /** When its fetch (and the ingest of its body) finished. */
  finishedAt: number;
  /** From {@link nextFetchDelay}. */
  delayMs: number;
  /** The server's `Retry-After`, already capped by the policy, or null when it sent none. */
  retryAfterMs: number | null;
}

/**
 * When a feed is due again: `delay` (its poll interval, or its backoff after a failure) counted from
 * the instant it was claimed, not from when its fetch finished — so a feed that waited in a lane
 * behind a slow one, or whose body took a while to ingest, keeps its poll period instead of
 * drifting by the wait (a 15-minute poll on 15-minute cycles would otherwise become 30 minutes).
 * A server's `Retry-After` is the exception: it counts from the answer (`finishedAt`), as RFC 9110
 * §10.2.3 says, so a feed is never asked again earlier than the server allowed.
 *
 * @example
 * nextDueInstant({ claimedAt: 0, finishedAt: 30_000, delayMs: 900_000, retryAfterMs: null }); // 900_000
 * nextDueInstant({ claimedAt: 0, finishedAt: 30_000, delayMs: 7_200_000, retryAfterMs: 7_200_000 }); // 7_230_000
 */
export function nextDueInstant(input: NextDueInput): number {
  const fromClaim = input.claimedAt + input.delayMs;
  return input.retryAfterMs === null ? fromClaim : Math.max(fromClaim, input.finishedAt + input.retryAfterMs);
}
