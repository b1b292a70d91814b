/**
 * The HTTP side of ingestion: the fetcher, its policy and clock, the fetch outcome record, due-feed
 * fetching over a registry, and OPML feed lists.
 */
export { systemClock, type Clock } from './clock.js';
export {
  DEFAULT_FETCH_POLICY,
  DEFAULT_POLL_INTERVAL_SECONDS,
  DEFAULT_USER_AGENT,
  ESPECTRO_PROJECT_URL,
  FetchPolicySchema,
  HostLimitsSchema,
  hostLimitsFor,
  resolveFetchPolicy,
  type FetchPolicy,
  type HostLimits,
} from './policy.js';
export { FetchErrorClassSchema, classifyStatus, classifyTransportError, type FetchErrorClass } from './error-class.js';
export { nextDueInstant, nextFetchDelay, parseRetryAfter, type NextDueInput, type NextFetchInput } from './schedule.js';
export { HostLimiter } from './host-limiter.js';
export { BodyError, readLimitedBody, type ReadBody } from './body.js';
export { FeedUrlError, expandUrlPlaceholders, httpUrl, redactFeedUrl, urlPlaceholders } from './url.js';
export {
  createFeedFetcher,
  type FailedResult,
  type FeedFetcher,
  type FeedFetcherOptions,
  type FetchedResult,
  type FetchRequest,
  type FetchResult,
  type NotModifiedResult,
} from './fetcher.js';
export {
  FeedKindSchema,
  FeedPurposeSchema,
  JSON_FEED_MAPPING,
  NewsApiPresetSchema,
  bodyFormatOf,
  ingestSourceFor,
  type FeedFormat,
  type FeedKind,
  type FeedPurpose,
} from './feed-kind.js';
export { FeedFetchOutcomeSchema, type FeedFetchOutcome } from './outcome.js';
export {
  countFeedItems,
  fetchDueFeeds,
  fetchFeedOnce,
  type FeedRegistry,
  type FeedToFetch,
  type FetchDueFeedsOptions,
  type FetchDueFeedsResult,
  type FetchFeedOnceOptions,
  type IngestBody,
  type IngestCounts,
} from './fetch-due.js';
export {
  ESPECTRO_OPML_NAMESPACE,
  UNVERIFIED_CATEGORY,
  parseOpml,
  writeOpml,
  type OpmlDocument,
  type OpmlFeed,
} from './opml.js';
