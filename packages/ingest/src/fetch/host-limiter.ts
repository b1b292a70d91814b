/**
 * Per-host politeness: at most N requests in flight to one host and a least interval between the
 * starts of two requests to it, waiting on the injected {@link Clock}.
 *
 * Written here rather than taken from a library because the waits must run on the injected clock
 * (simulated hours in tests): `bottleneck` (unmaintained since 2019) and `p-limit`/`p-queue` wait on
 * real timers or offer no per-key interval.
 */
import type { Clock } from './clock.js';
import type { HostLimits } from './policy.js';

interface HostState {
  active: number;
  /** Earliest instant (ms) the next request may start. */
  nextStartAt: number;
  waiters: (() => void)[];
}

/** Runs work under per-host limits. */
export class HostLimiter {
  readonly #clock: Clock;
  readonly #limitsFor: (host: string) => HostLimits;
  readonly #hosts = new Map<string, HostState>();

  constructor(clock: Clock, limitsFor: (host: string) => HostLimits) {
    this.#clock = clock;
    this.#limitsFor = limitsFor;
  }

  /** Requests waiting for a free slot, over every host. */
  get queued(): number {
    let total = 0;
    for (const state of this.#hosts.values()) total += state.waiters.length;
    return total;
  }

  /**
   * Runs `work` once `host` has a free slot and its interval has passed.
   *
   * @example
   * await limiter.run('elpais.com:443', () => request(url));
   */
  async run<T>(host: string, work: () => Promise<T>): Promise<T> {
    const limits = this.#limitsFor(host);
    let state = this.#hosts.get(host);
    if (state === undefined) {
      state = { active: 0, nextStartAt: 0, waiters: [] };
      this.#hosts.set(host, state);
    }
    if (state.active >= limits.concurrency) {
      await new Promise<void>((resolve) => state!.waiters.push(resolve));
    } else {
      state.active += 1;
    }
    try {
      // Reserve a start time synchronously, so two requests never read the same free instant.
      const now = this.#clock.now().getTime();
      const startAt = Math.max(now, state.nextStartAt);
      state.nextStartAt = startAt + limits.minIntervalMs;
      if (startAt > now) await this.#clock.sleep(startAt - now);
      return await work();
    } finally {
      const next = state.waiters.shift();
      if (next !== undefined) next();
      else state.active -= 1;
      if (state.active === 0 && state.waiters.length === 0 && state.nextStartAt <= this.#clock.now().getTime())
        this.#hosts.delete(host);
    }
  }
}
