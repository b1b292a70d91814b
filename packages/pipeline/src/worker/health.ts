/**
 * Is the service alive? The verdict of `/healthz`: healthy while the newest recorded cycle finished
 * recently — within {@link HEALTH_STALE_AFTER_INTERVALS} cycle intervals (or cycle durations, when a
 * cycle takes longer than the interval, since the next one then starts at once). The interval is
 * the one the worker recorded with its cycle (`meta.intervalMs`), so the site judges the worker
 * it is shown, whichever process runs it.
 *
 * These are operational choices of Espectro's service, not methodology rules: they decide when an
 * operator is alerted, never what a reader is told about an outlet or a story.
 */
import type { Store } from '@espectro/store';
import { readServiceStatus, type ServiceStatus } from './status.js';

/**
 * How many cycle intervals may pass after the last cycle before the service is called stale
 * (Espectro choice, operational: one missed cycle is a slow feed, three are a stopped worker).
 */
export const HEALTH_STALE_AFTER_INTERVALS = 3;

/** Time between the starts of two cycles when the worker records none (Espectro choice; feeds keep their own poll intervals). */
export const DEFAULT_CYCLE_INTERVAL_MS = 60_000;

/** The freshness verdict of {@link judgeCycleFreshness}. */
export interface CycleFreshness {
  healthy: boolean;
  /** Why, in a sentence an operator can act on. */
  reason: string;
  /** Milliseconds since the newest cycle finished; `null` without cycles. */
  ageMs: number | null;
  /** The largest age still called healthy; `null` without cycles. */
  maxAgeMs: number | null;
  /** The interval the verdict used (the worker's recorded one, else the default). */
  intervalMs: number;
}

/** The newest cycle as {@link judgeCycleFreshness} needs it. */
export interface CycleForHealth {
  finishedAt: string;
  durationMs: number;
  meta: Record<string, unknown> | null;
}

/** The cycle interval a worker recorded with its cycle (`meta.intervalMs`), else {@link DEFAULT_CYCLE_INTERVAL_MS}. */
export function recordedIntervalMs(cycle: CycleForHealth | undefined): number {
  const value = cycle?.meta?.intervalMs;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : DEFAULT_CYCLE_INTERVAL_MS;
}

/**
 * Judges the newest cycle: healthy when it finished at most
 * `HEALTH_STALE_AFTER_INTERVALS × max(interval, its duration)` ago.
 *
 * @example
 * judgeCycleFreshness({ finishedAt: '2026-12-02T05:00:00Z', durationMs: 800, meta: { intervalMs: 60_000 } },
 *   new Date('2026-12-02T05:02:00Z')).healthy; // true (2 min ≤ 3 × 1 min)
 */
export function judgeCycleFreshness(newest: CycleForHealth | undefined, now: Date): CycleFreshness {
  const intervalMs = recordedIntervalMs(newest);
  if (newest === undefined)
    return {
      healthy: false,
      reason: 'no worker cycle recorded yet: start `espectro serve` or `espectro worker`',
      ageMs: null,
      maxAgeMs: null,
      intervalMs,
    };
  const ageMs = Math.max(0, now.getTime() - new Date(newest.finishedAt).getTime());
  const maxAgeMs = HEALTH_STALE_AFTER_INTERVALS * Math.max(intervalMs, newest.durationMs);
  const seconds = (milliseconds: number) => `${Math.round(milliseconds / 1000)} s`;
  return ageMs <= maxAgeMs
    ? {
        healthy: true,
        reason: `last cycle finished ${seconds(ageMs)} ago (stale after ${seconds(maxAgeMs)})`,
        ageMs,
        maxAgeMs,
        intervalMs,
      }
    : {
        healthy: false,
        reason: `last cycle finished ${seconds(ageMs)} ago, more than ${HEALTH_STALE_AFTER_INTERVALS} cycle intervals (${seconds(maxAgeMs)}): is the worker running?`,
        ageMs,
        maxAgeMs,
        intervalMs,
      };
}

/** What `/healthz` answers. */
export interface ServiceHealth {
  healthy: boolean;
  /** 200 when healthy, 503 otherwise. */
  httpStatus: 200 | 503;
  reason: string;
  checkedAt: string;
  freshness: CycleFreshness;
  /** The newest cycle: when, how long, by whom, how many jobs failed. */
  lastCycle: ServiceStatus['cycles'][number] | null;
  /** The embedder, judge and synthesiser the newest cycle's worker used (as it recorded them). */
  backends: unknown;
  queue: ServiceStatus['queue'];
  failedJobs: ServiceStatus['failedJobs'];
  /** Every feed by its address, with its last fetch and error. */
  feeds: ServiceStatus['feeds']['all'];
  stories: ServiceStatus['stories'];
  database: { backend: string };
}

/**
 * Reads the service's state and judges it (the body and status of `/healthz`).
 *
 * @example
 * const health = await readServiceHealth(store);
 * return new Response(JSON.stringify(health), { status: health.httpStatus });
 */
export async function readServiceHealth(store: Store, options: { now?: Date } = {}): Promise<ServiceHealth> {
  const status = await readServiceStatus(store, { cycles: 1 });
  const newest = status.cycles[0];
  const freshness = judgeCycleFreshness(newest, options.now ?? new Date());
  return {
    healthy: freshness.healthy,
    httpStatus: freshness.healthy ? 200 : 503,
    reason: freshness.reason,
    checkedAt: (options.now ?? new Date()).toISOString(),
    freshness,
    lastCycle: newest ?? null,
    backends: newest?.meta?.backends ?? null,
    queue: status.queue,
    failedJobs: status.failedJobs,
    feeds: status.feeds.all,
    stories: status.stories,
    database: { backend: status.database.backend },
  };
}
