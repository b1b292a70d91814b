/**
 * The clock of the live path: what "now" is and how to wait. Injected so tests and benchmarks run
 * a debate's simulated hours in seconds (the replay pace) without real waiting.
 */

/** Time source and sleeper. */
export interface LiveClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds (or at once when `ms` ≤ 0); rejects when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The machine's clock.
 *
 * @example
 * await systemClock.sleep(500);
 */
export const systemClock: LiveClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted === true) return reject(signal.reason);
      if (ms <= 0) return resolve();
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * A manual clock for tests: `sleep` advances it instantly (nothing really waits) and records what
 * was asked.
 *
 * @example
 * const clock = createManualClock(Date.parse('2026-09-17T22:00:00Z'));
 * await clock.sleep(10_000); clock.now(); // +10 s
 */
export function createManualClock(start = 0): LiveClock & { sleeps: number[] } {
  let current = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => current,
    async sleep(ms, signal) {
      if (signal?.aborted === true) throw signal.reason;
      sleeps.push(ms);
      if (ms > 0) current += ms;
    },
  };
}
