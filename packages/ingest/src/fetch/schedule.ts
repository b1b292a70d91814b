/**
 * When a feed is fetched next: after a success (or a 304) one poll interval later; after a
 * failure, exponential backoff with jitter — the poll interval doubled per consecutive failure,
 * capped, part of it random so that many feeds failing together (one host down) do not retry in
 * lockstep — and never earlier than the server's `Retry-After` (RFC 9110 §10.2.3: seconds or an
 * HTTP date), itself capped.
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
