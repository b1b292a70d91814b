/**
 * The record of one fetch of one feed — the one schema for it: the fetcher produces it, the store
 * validates and keeps it (`feed_fetches`), `espectro feeds list|check` and the status page show it.
 */
import { z } from 'zod';
import { FetchErrorClassSchema } from './error-class.js';

const Instant = z.iso.datetime({ offset: true });
const Count = z.number().int().nonnegative();

/** One fetch of one feed and what it decided for the next. */
export const FeedFetchOutcomeSchema = z.object({
  feedId: z.string().min(1),
  /** The address fetched (placeholders unexpanded: no secret is recorded). */
  url: z.string().min(1),
  startedAt: Instant,
  durationMs: Count,
  /** `fetched` (2xx with a body that was ingested), `not_modified` (304) or `failed`. */
  result: z.enum(['fetched', 'not_modified', 'failed']),
  httpStatus: z.number().int().min(100).max(599).nullable(),
  /** Bytes received on the wire. */
  bytes: Count,
  /** Items in the body (null when not read). */
  items: Count.nullable(),
  /** Articles the ingest stored for the first time / had already (null when it does not say). */
  itemsNew: Count.nullable(),
  itemsSeen: Count.nullable(),
  errorClass: FetchErrorClassSchema.nullable(),
  errorMessage: z.string().nullable(),
  /** Validators to send next time (kept from before when this fetch did not give new ones). */
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  finalUrl: z.string().nullable(),
  redirects: Count,
  retryAfterMs: Count.nullable(),
  /** Consecutive failures after this fetch (0 after a success). */
  consecutiveFailures: Count,
  nextDueAt: Instant,
  /** Set when this fetch disables the feed (HTTP 410, or too many consecutive failures), with why. */
  disabledReason: z.string().nullable(),
  workerId: z.string().nullable(),
});
/** @see {@link FeedFetchOutcomeSchema} */
export type FeedFetchOutcome = z.infer<typeof FeedFetchOutcomeSchema>;
