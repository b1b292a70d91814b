/**
 * A clock that moves only when told: simulated hours pass in one call, and every wait on it
 * (timeouts, per-host intervals, the newsroom's slow feed) resolves in deadline order.
 */
import type { Clock } from '../fetch/clock.js';

/** A {@link Clock} under the test's control. */
export interface ManualClock extends Clock {
  /** Moves time forward, resolving every wait whose deadline is reached. */
  advance(milliseconds: number): void;
  /** Moves time to `instant` (never backwards). */
  set(instant: Date | string): void;
  /** Moves time to the earliest pending wait's deadline and resolves it; false when nothing waits. */
  advanceToNextSleeper(): boolean;
  /** Waits not yet resolved. */
  readonly sleepers: number;
}

interface Sleeper {
  deadline: number;
  order: number;
  resolve: () => void;
}

/**
 * A manual clock starting at `start`.
 *
 * @example
 * const clock = createManualClock('2026-04-27T08:00:00Z');
 * const wait = clock.sleep(60_000);
 * clock.advance(60_000); // `wait` resolves
 */
export function createManualClock(start: Date | string = '2026-04-27T08:00:00Z'): ManualClock {
  let now = new Date(start).getTime();
  if (Number.isNaN(now)) throw new Error(`createManualClock: "${String(start)}" is not a date`);
  let order = 0;
  const sleepers: Sleeper[] = [];
  const release = () => {
    sleepers.sort((left, right) => left.deadline - right.deadline || left.order - right.order);
    while (sleepers.length > 0 && sleepers[0]!.deadline <= now) sleepers.shift()!.resolve();
  };
  return {
    now: () => new Date(now),
    sleep(milliseconds, signal) {
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const sleeper: Sleeper = {
          deadline: now + Math.max(0, milliseconds),
          order: order++,
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const index = sleepers.indexOf(sleeper);
          if (index >= 0) sleepers.splice(index, 1);
          reject(signal!.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        sleepers.push(sleeper);
        release();
      });
    },
    advance(milliseconds) {
      now += Math.max(0, milliseconds);
      release();
    },
    set(instant) {
      now = Math.max(now, new Date(instant).getTime());
      release();
    },
    advanceToNextSleeper() {
      if (sleepers.length === 0) return false;
      sleepers.sort((left, right) => left.deadline - right.deadline || left.order - right.order);
      now = Math.max(now, sleepers[0]!.deadline);
      release();
      return true;
    },
    get sleepers() {
      return sleepers.length;
    },
  };
}
