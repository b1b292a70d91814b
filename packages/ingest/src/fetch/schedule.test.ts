import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FETCH_POLICY } from './policy.js';
import { nextDueInstant, nextFetchDelay, parseRetryAfter } from './schedule.js';

const policy = DEFAULT_FETCH_POLICY;
const MINUTE = 60_000;

describe('next fetch time', () => {
  it('is one poll interval after a success and doubles per consecutive failure, capped', () => {
    const base = { pollIntervalMs: 15 * MINUTE, retryAfterMs: null, random: 1 };
    expect(nextFetchDelay({ ...base, succeeded: true, consecutiveFailures: 0 }, policy)).toBe(15 * MINUTE);
    expect(
      [1, 2, 3, 4].map((failures) =>
        nextFetchDelay({ ...base, succeeded: false, consecutiveFailures: failures }, policy),
      ),
    ).toEqual([15, 30, 60, 120].map((minutes) => minutes * MINUTE));
    expect(nextFetchDelay({ ...base, succeeded: false, consecutiveFailures: 40 }, policy)).toBe(policy.maxBackoffMs);
    // random 0 keeps the deterministic half of the delay (equal jitter, ratio 0.5).
    expect(nextFetchDelay({ ...base, random: 0, succeeded: false, consecutiveFailures: 2 }, policy)).toBe(15 * MINUTE);
  });

  test.prop([
    fc.boolean(),
    fc.integer({ min: 0, max: 200 }),
    fc.integer({ min: 1_000, max: 86_400_000 }),
    fc.option(fc.integer({ min: 0, max: 10 * 86_400_000 }), { nil: null }),
    fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  ])(
    'never before Retry-After (capped), never past the caps',
    (succeeded, failures, pollIntervalMs, retryAfterMs, random) => {
      const delay = nextFetchDelay(
        { succeeded, consecutiveFailures: succeeded ? 0 : Math.max(1, failures), pollIntervalMs, retryAfterMs, random },
        policy,
      );
      const retryFloor = retryAfterMs === null ? 0 : Math.min(retryAfterMs, policy.maxRetryAfterMs);
      expect(delay).toBeGreaterThanOrEqual(retryFloor - 1);
      expect(delay).toBeLessThanOrEqual(Math.max(pollIntervalMs, policy.maxBackoffMs, retryFloor) + 1);
      if (!succeeded) {
        const backoff = Math.min(policy.maxBackoffMs, pollIntervalMs * 2 ** Math.max(0, Math.max(1, failures) - 1));
        expect(delay).toBeGreaterThanOrEqual(Math.min(backoff * (1 - policy.jitterRatio), backoff) - 1);
      }
    },
  );

  test.prop([
    fc.integer({ min: 1, max: 60 }),
    fc.integer({ min: 1_000, max: 3_600_000 }),
    fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  ])('with the same random draw, one more failure never shortens the wait', (failures, pollIntervalMs, random) => {
    const at = (count: number) =>
      nextFetchDelay(
        { succeeded: false, consecutiveFailures: count, pollIntervalMs, retryAfterMs: null, random },
        policy,
      );
    expect(at(failures + 1)).toBeGreaterThanOrEqual(at(failures));
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-10-21T07:27:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('next due instant', () => {
  it('counts the poll interval from the claim, not from the end of a fetch that waited behind a slow feed', () => {
    const claimedAt = Date.parse('2026-04-27T08:00:00Z');
    const finishedAt = claimedAt + policy.totalTimeoutMs;
    expect(nextDueInstant({ claimedAt, finishedAt, delayMs: 15 * MINUTE, retryAfterMs: null })).toBe(
      claimedAt + 15 * MINUTE,
    );
    // Retry-After counts from the answer: never asked again before the server allowed.
    expect(nextDueInstant({ claimedAt, finishedAt, delayMs: 120 * MINUTE, retryAfterMs: 120 * MINUTE })).toBe(
      finishedAt + 120 * MINUTE,
    );
  });

  test.prop([
    fc.integer({ min: 0, max: 4_000_000_000_000 }),
    fc.integer({ min: 0, max: 86_400_000 }),
    fc.integer({ min: 0, max: 86_400_000 }),
    fc.option(fc.integer({ min: 0, max: 86_400_000 }), { nil: null }),
  ])(
    'is the delay after the claim whatever the fetch took, and never before Retry-After from the answer',
    (claimedAt, tookMs, delayMs, retryAfterMs) => {
      const finishedAt = claimedAt + tookMs;
      const due = nextDueInstant({ claimedAt, finishedAt, delayMs, retryAfterMs });
      expect(due).toBeGreaterThanOrEqual(claimedAt + delayMs);
      if (retryAfterMs === null) {
        expect(due).toBe(claimedAt + delayMs);
        expect(nextDueInstant({ claimedAt, finishedAt: claimedAt, delayMs, retryAfterMs })).toBe(due);
      } else {
        expect(due).toBeGreaterThanOrEqual(finishedAt + retryAfterMs);
        expect(due).toBe(Math.max(claimedAt + delayMs, finishedAt + retryAfterMs));
      }
    },
  );
});
