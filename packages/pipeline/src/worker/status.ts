/**
 * What the running service is doing, read from the store and the queue without starting anything:
 * per feed (by its address) the last fetch and its error, the queue depths, the failed jobs with
 * their reasons, the last cycles with their durations and the backends the worker used, and the
 * stories by status. `espectro status` prints it; `/healthz` of `espectro serve` answers it.
 */
import type { Store } from '@espectro/store';
import { DEFAULT_QUEUE_SCHEMA, readQueueDepths, readQueueFailures, type FailedJob, type QueueDepths } from './queue.js';

/** One feed's state, as `espectro status` lists it. */
export interface FeedStatus {
  url: string;
  outlet: string;
  purpose: string;
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  nextDueAt: string;
  /** The last fetch, `null` before the first. */
  last: {
    at: string;
    result: 'fetched' | 'not_modified' | 'failed';
    httpStatus: number | null;
    itemsNew: number | null;
    error: string | null;
  } | null;
}

/** The service's state. */
export interface ServiceStatus {
  database: { backend: string; location: string };
  /** Newest first. */
  cycles: {
    workerId: string;
    cycleTime: string;
    finishedAt: string;
    durationMs: number;
    failedJobs: number;
    /** What the worker recorded about itself (its backends). */
    meta: Record<string, unknown> | null;
  }[];
  queue: QueueDepths;
  failedJobs: FailedJob[];
  feeds: {
    total: number;
    enabled: number;
    /** Feeds whose last fetch failed or that are disabled, every one of them. */
    failing: FeedStatus[];
    all: FeedStatus[];
  };
  stories: Record<string, number>;
}

function feedStatusOf(feed: Awaited<ReturnType<Store['feeds']['list']>>[number]): FeedStatus {
  const fetch = feed.lastFetch;
  return {
    url: feed.url,
    outlet: feed.outlet,
    purpose: feed.purpose,
    enabled: feed.enabled,
    disabledReason: feed.disabledReason,
    consecutiveFailures: feed.consecutiveFailures,
    nextDueAt: feed.nextDueAt,
    last: fetch
      ? {
          at: fetch.startedAt,
          result: fetch.result,
          httpStatus: fetch.httpStatus,
          itemsNew: fetch.itemsNew,
          error: fetch.errorClass ? `${fetch.errorClass}: ${fetch.errorMessage ?? ''}`.trim() : null,
        }
      : null,
  };
}

/**
 * Reads the service's state.
 *
 * @example
 * const status = await readServiceStatus(store);
 * status.feeds.failing; // every feed whose last fetch failed, with the reason
 */
export async function readServiceStatus(
  store: Store,
  options: { cycles?: number; failedJobs?: number; queueSchema?: string } = {},
): Promise<ServiceStatus> {
  const schema = options.queueSchema ?? DEFAULT_QUEUE_SCHEMA;
  const feeds = (await store.feeds.list()).map(feedStatusOf);
  const cycles = await store.workerCycles.list(options.cycles ?? 5);
  return {
    database: { backend: store.database.backend, location: store.database.location },
    cycles: cycles.map((cycle) => {
      const jobs = (cycle.summary.jobs ?? {}) as Record<string, { failed?: number }>;
      return {
        workerId: cycle.workerId,
        cycleTime: cycle.cycleTime,
        finishedAt: cycle.finishedAt,
        durationMs: cycle.durationMs,
        failedJobs: Object.values(jobs).reduce((sum, job) => sum + (job.failed ?? 0), 0),
        meta: (cycle.summary.meta as Record<string, unknown> | undefined) ?? null,
      };
    }),
    queue: await readQueueDepths(store.database, schema),
    failedJobs: await readQueueFailures(store.database, schema, options.failedJobs ?? 20),
    feeds: {
      total: feeds.length,
      enabled: feeds.filter((feed) => feed.enabled).length,
      failing: feeds.filter((feed) => !feed.enabled || feed.last?.result === 'failed'),
      all: feeds,
    },
    stories: await store.stories.countByStatus(),
  };
}
