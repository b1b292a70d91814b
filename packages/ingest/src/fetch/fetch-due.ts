/**
 * Fetching registered feeds: {@link fetchFeedOnce} fetches one feed, hands a new body to the
 * caller's `ingest` and works out the outcome (validators, failures, next due time);
 * {@link fetchDueFeeds} claims every due feed from a {@link FeedRegistry} (the store's
 * `store.feeds`), fetches them concurrently under the fetcher's per-host limits and records each
 * outcome. A failing feed never stops the others.
 *
 * Order matters for crash safety: a feed's new `ETag`/`Last-Modified` is recorded only after
 * `ingest` has returned (i.e. the articles are committed). A worker killed in between re-downloads
 * the body next time instead of getting a 304 and losing the items; the store's deduplication by
 * canonical URL makes the second ingest add nothing twice.
 */
import { ingestSources, type IngestSource } from '../ingest.js';
import type { FetchErrorClass } from './error-class.js';
import { bodyFormatOf, ingestSourceFor, type FeedKind, type FeedPurpose } from './feed-kind.js';
import type { FeedFetcher } from './fetcher.js';
import type { FeedFetchOutcome } from './outcome.js';
import { nextDueInstant, nextFetchDelay } from './schedule.js';
import { expandUrlPlaceholders, FeedUrlError } from './url.js';

/** A registered feed, as the fetcher needs it (the store's `Feed` has these and more). */
export interface FeedToFetch {
  id: string;
  url: string;
  outlet: string;
  kind: FeedKind;
  /** Where the caller's `ingest` should route the body (default `articles`). */
  purpose?: FeedPurpose;
  preset: string | null;
  pollIntervalSeconds: number;
  etag: string | null;
  lastModified: string | null;
  consecutiveFailures: number;
}

/** What the caller's ingest did with one body. */
export interface IngestCounts {
  /** Items found in the body. */
  items: number;
  /** Articles stored for the first time, and already stored (null when the ingest does not store). */
  itemsNew: number | null;
  itemsSeen: number | null;
  /** Set when the body could not be read as a feed (bad XML/JSON, not a feed): the fetch is `malformed`. */
  error: { code: string; message: string } | null;
}

/** Reads (and usually stores) one fetched body. It must have committed what it stores before resolving. */
export type IngestBody = (source: IngestSource, feed: FeedToFetch) => Promise<IngestCounts>;

/** Where due feeds come from and outcomes go: implemented by `@espectro/store` (`store.feeds`). */
export interface FeedRegistry {
  /** Leases up to `limit` enabled feeds due at `now` to `workerId` (skipping feeds leased by others). */
  claimDue(
    now: Date,
    limit: number,
    claim: { workerId: string; leaseSeconds?: number; purpose?: FeedPurpose },
  ): Promise<FeedToFetch[]>;
  /** Stores one outcome: the fetch log row and the feed's new state (validators, failures, next due, lease released). */
  recordFetch(outcome: FeedFetchOutcome): Promise<unknown>;
}

/** Options of {@link fetchFeedOnce}. */
export interface FetchFeedOnceOptions {
  fetcher: FeedFetcher;
  ingest: IngestBody;
  /** For `${NAME}` placeholders in addresses (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Random numbers in [0, 1) for the backoff jitter (default `Math.random`). */
  random?: () => number;
  workerId?: string | null;
  /**
   * The instant the feed was claimed (its cycle's start, on the fetcher's clock); the next due time
   * counts from it (default: the clock when `fetchFeedOnce` is called); see `nextDueInstant`.
   */
  claimedAt?: Date;
}

/**
 * Parses a body only to count its items (no store): for `espectro feeds check`, and to report
 * `malformed` bodies when nothing else reads them.
 *
 * @example
 * const counts = await countFeedItems(source); // { items: 30, itemsNew: null, itemsSeen: null, error: null }
 */
export async function countFeedItems(source: IngestSource): Promise<IngestCounts> {
  const report = ingestSources([source], { roster: [] }).sources[0]!;
  return {
    items: report.items,
    itemsNew: null,
    itemsSeen: null,
    error: report.error === null ? null : { code: report.error.code, message: report.error.message },
  };
}

function failedOutcome(
  feed: FeedToFetch,
  result: {
    startedAt: Date;
    durationMs: number;
    wireBytes: number;
    finalUrl: string | null;
    redirects: number;
    status: number | null;
  },
  errorClass: FetchErrorClass,
  message: string,
  retryAfterMs: number | null,
): Omit<FeedFetchOutcome, 'nextDueAt' | 'consecutiveFailures' | 'disabledReason' | 'workerId'> {
  return {
    feedId: feed.id,
    url: feed.url,
    startedAt: result.startedAt.toISOString(),
    durationMs: Math.max(0, Math.round(result.durationMs)),
    result: 'failed',
    httpStatus: result.status,
    bytes: result.wireBytes,
    items: null,
    itemsNew: null,
    itemsSeen: null,
    errorClass,
    errorMessage: message,
    etag: feed.etag,
    lastModified: feed.lastModified,
    finalUrl: result.finalUrl,
    redirects: result.redirects,
    retryAfterMs,
  };
}

/**
 * Fetches one feed, ingests a new body and returns the outcome to record (nothing is recorded here).
 *
 * @example
 * const outcome = await fetchFeedOnce(feed, { fetcher, ingest: countFeedItems });
 * console.log(outcome.result, outcome.errorClass, outcome.nextDueAt);
 */
export async function fetchFeedOnce(feed: FeedToFetch, options: FetchFeedOnceOptions): Promise<FeedFetchOutcome> {
  const { fetcher } = options;
  const random = options.random ?? Math.random;
  const claimedAt = (options.claimedAt ?? fetcher.clock.now()).getTime();
  let draft: Omit<FeedFetchOutcome, 'nextDueAt' | 'consecutiveFailures' | 'disabledReason' | 'workerId'>;
  let address: string | null = null;
  try {
    address = expandUrlPlaceholders(feed.url, options.env ?? process.env);
  } catch (error) {
    const now = fetcher.clock.now();
    draft = failedOutcome(
      feed,
      { startedAt: now, durationMs: 0, wireBytes: 0, finalUrl: null, redirects: 0, status: null },
      error instanceof FeedUrlError ? error.errorClass : 'config',
      (error as Error).message,
      null,
    );
  }
  if (address !== null) {
    const result = await fetcher.fetch({
      url: address,
      etag: feed.etag,
      lastModified: feed.lastModified,
      format: bodyFormatOf(feed.kind),
    });
    // Never record an expanded address (it may carry a key): map it back to the registered one.
    const finalUrl = result.finalUrl === address ? feed.url : result.finalUrl;
    const common = {
      feedId: feed.id,
      url: feed.url,
      startedAt: result.startedAt.toISOString(),
      durationMs: Math.max(0, Math.round(result.durationMs)),
      bytes: result.wireBytes,
      finalUrl,
      redirects: result.redirects,
      retryAfterMs: null,
    };
    if (result.result === 'not_modified') {
      draft = {
        ...common,
        result: 'not_modified',
        httpStatus: 304,
        items: null,
        itemsNew: 0,
        itemsSeen: null,
        errorClass: null,
        errorMessage: null,
        etag: result.etag,
        lastModified: result.lastModified,
      };
    } else if (result.result === 'failed') {
      draft = failedOutcome(
        feed,
        { ...result, finalUrl },
        result.errorClass,
        result.message.split(address).join(feed.url),
        result.retryAfterMs,
      );
    } else {
      let counts: IngestCounts | null = null;
      let ingestError: string | null = null;
      try {
        counts = await options.ingest(ingestSourceFor(feed, result.body, result.contentType), feed);
      } catch (error) {
        ingestError = (error as Error).message || String(error);
      }
      if (counts === null || counts.error !== null) {
        draft = {
          ...failedOutcome(
            feed,
            { ...result, finalUrl },
            counts === null ? 'ingest_failed' : 'malformed',
            counts === null
              ? `the body was fetched but storing it failed: ${ingestError}`
              : `${counts.error!.code}: ${counts.error!.message}`,
            null,
          ),
          httpStatus: result.status,
        };
      } else {
        draft = {
          ...common,
          result: 'fetched',
          httpStatus: result.status,
          items: counts.items,
          itemsNew: counts.itemsNew,
          itemsSeen: counts.itemsSeen,
          errorClass: null,
          errorMessage: null,
          // A server that sends no validator this time gets none sent back next time.
          etag: result.etag,
          lastModified: result.lastModified,
        };
      }
    }
  }
  const succeeded = draft!.result !== 'failed';
  const consecutiveFailures = succeeded ? 0 : feed.consecutiveFailures + 1;
  const delay = nextFetchDelay(
    {
      succeeded,
      consecutiveFailures,
      pollIntervalMs: feed.pollIntervalSeconds * 1000,
      retryAfterMs: draft!.retryAfterMs,
      random: random(),
    },
    fetcher.policy,
  );
  const nextDueAt = nextDueInstant({
    claimedAt,
    finishedAt: fetcher.clock.now().getTime(),
    delayMs: delay,
    retryAfterMs: draft!.retryAfterMs === null ? null : Math.min(draft!.retryAfterMs, fetcher.policy.maxRetryAfterMs),
  });
  let disabledReason: string | null = null;
  if (draft!.errorClass === 'gone') disabledReason = `the server answered 410 Gone: ${draft!.errorMessage}`;
  else if (consecutiveFailures >= fetcher.policy.disableAfterFailures)
    disabledReason = `${consecutiveFailures} consecutive failures, the last: ${draft!.errorClass} — ${draft!.errorMessage}`;
  return {
    ...draft!,
    consecutiveFailures,
    nextDueAt: new Date(nextDueAt).toISOString(),
    disabledReason,
    workerId: options.workerId ?? null,
  };
}

/** Options of {@link fetchDueFeeds}. */
export interface FetchDueFeedsOptions extends FetchFeedOnceOptions {
  registry: FeedRegistry;
  /** Identifies this worker in leases and outcomes. */
  workerId: string;
  /** Most feeds claimed in one call (default 1000). */
  limit?: number;
  /** Lease length (default: enough for the total timeout of a whole batch, at least 10 minutes). */
  leaseSeconds?: number;
  /** Only feeds with this purpose (default: every purpose). */
  purpose?: FeedPurpose;
  /** Fetches running at once over all hosts (default 16); per-host limits apply within it. */
  concurrency?: number;
}

/** What {@link fetchDueFeeds} did. */
export interface FetchDueFeedsResult {
  /** One outcome per claimed feed, in claim order. */
  outcomes: FeedFetchOutcome[];
  /** The bodies that were fetched and ingested, as ingest sources. */
  sources: IngestSource[];
  /** Outcomes that could not be recorded (the registry failed), with why. */
  unrecorded: { feedId: string; message: string }[];
}

/**
 * Claims and fetches every due feed (see the module comment).
 *
 * @example
 * const { outcomes } = await fetchDueFeeds({ registry: store.feeds, fetcher, workerId: 'worker-1',
 *   ingest: async (source) => myIngestStage(source) });
 */
export async function fetchDueFeeds(options: FetchDueFeedsOptions): Promise<FetchDueFeedsResult> {
  const { registry, fetcher } = options;
  const concurrency = Math.max(1, options.concurrency ?? 16);
  const leaseSeconds = options.leaseSeconds ?? Math.max(600, Math.ceil((fetcher.policy.totalTimeoutMs / 1000) * 4));
  const claimedAt = fetcher.clock.now();
  const feeds = await registry.claimDue(claimedAt, options.limit ?? 1000, {
    workerId: options.workerId,
    leaseSeconds,
    ...(options.purpose !== undefined ? { purpose: options.purpose } : {}),
  });
  const outcomes: FeedFetchOutcome[] = new Array(feeds.length);
  const sources: IngestSource[] = [];
  const unrecorded: FetchDueFeedsResult['unrecorded'] = [];
  const ingest: IngestBody = async (source, feed) => {
    const counts = await options.ingest(source, feed);
    if (counts.error === null) sources.push(source);
    return counts;
  };
  let next = 0;
  const lane = async () => {
    while (next < feeds.length) {
      const index = next++;
      const feed = feeds[index]!;
      let outcome: FeedFetchOutcome;
      try {
        outcome = await fetchFeedOnce(feed, { ...options, ingest, claimedAt });
      } catch (error) {
        // Not expected (fetchFeedOnce classifies every failure), but one feed must never stop the others.
        const now = fetcher.clock.now();
        outcome = {
          ...failedOutcome(
            feed,
            { startedAt: now, durationMs: 0, wireBytes: 0, finalUrl: null, redirects: 0, status: null },
            'network',
            `unexpected error: ${(error as Error).message || String(error)}`,
            null,
          ),
          consecutiveFailures: feed.consecutiveFailures + 1,
          nextDueAt: new Date(claimedAt.getTime() + feed.pollIntervalSeconds * 1000).toISOString(),
          disabledReason: null,
          workerId: options.workerId,
        };
      }
      outcomes[index] = outcome;
      try {
        await registry.recordFetch(outcome);
      } catch (error) {
        unrecorded.push({ feedId: feed.id, message: (error as Error).message || String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, feeds.length) }, lane));
  return { outcomes, sources, unrecorded };
}
