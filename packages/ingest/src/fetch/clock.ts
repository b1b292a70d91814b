/**
 * The clock the fetcher reads and waits on. Injected everywhere time matters (timeouts, per-host
 * intervals, backoff, next-due times) so that tests and simulations run hours of simulated time
 * in milliseconds: `systemClock` in production, `createManualClock` from `@espectro/ingest/testing`
 * in tests.
 */

/** Reads the time and waits. */
export interface Clock {
  /** The current instant. */
  now(): Date;
  /**
   * Resolves once `milliseconds` have passed on this clock; rejects with the signal's reason when
   * `signal` aborts first.
   */
  sleep(milliseconds: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The real clock: `Date` and `setTimeout`.
 *
 * @example
 * await systemClock.sleep(1000);
 */
export const systemClock: Clock = {
  now: () => new Date(),
  sleep(milliseconds, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, milliseconds),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
