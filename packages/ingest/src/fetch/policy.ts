/**
 * How politely and how defensively the fetcher talks to feed servers. These are operational
 * settings of the HTTP client, not methodology rules (nothing here decides what is published), so
 * they live here, in one place, with their defaults; every one can be overridden per fetcher.
 */
import { z } from 'zod';
import { DEFAULT_MAX_FEED_BYTES } from '../feed.js';
import packageJson from '../../package.json' with { type: 'json' };

/** The project's address, sent in the User-Agent so feed operators can find who is polling them. */
export const ESPECTRO_PROJECT_URL = 'https://github.com/espectro/espectro';

/** `Espectro/<version> (+<project url>)`: the default identifying User-Agent. */
export const DEFAULT_USER_AGENT = `Espectro/${packageJson.version} (+${ESPECTRO_PROJECT_URL})`;

const Milliseconds = z.number().int().nonnegative();

/** Limits for one host (see {@link FetchPolicy.perHost}). */
export const HostLimitsSchema = z.object({
  /** Requests in flight at once to one host. */
  concurrency: z.number().int().positive(),
  /** Least time between the starts of two requests to one host. */
  minIntervalMs: Milliseconds,
});
/** @see {@link HostLimitsSchema} */
export type HostLimits = z.infer<typeof HostLimitsSchema>;

/** Every setting of the fetcher, validated. */
export const FetchPolicySchema = z.object({
  /** Time to establish the TCP (and TLS) connection. */
  connectTimeoutMs: Milliseconds.min(1),
  /** Time for the whole request, from start to the last body byte (measured on the injected clock). */
  totalTimeoutMs: Milliseconds.min(1),
  /** Largest body accepted, after decompression; enforced while streaming (the transfer is aborted). */
  maxBodyBytes: z.number().int().positive(),
  /** Redirects followed before giving up (a loop is detected before this). */
  maxRedirects: z.number().int().nonnegative(),
  /** Limits per host (host = `hostname:port` of the URL). */
  perHost: HostLimitsSchema,
  /** Different limits for some hosts, e.g. a loopback replay server that serves every outlet. */
  hostOverrides: z.record(z.string().min(1), HostLimitsSchema),
  /** First retry delay after a failure is the poll interval; each further failure doubles it, up to this. */
  maxBackoffMs: Milliseconds.min(1),
  /** Fraction of a backoff delay replaced by randomness ("equal jitter": delay·(1 − j) + random·delay·j). */
  jitterRatio: z.number().min(0).max(1),
  /** A `Retry-After` longer than this is capped to it. */
  maxRetryAfterMs: Milliseconds.min(1),
  /** After this many consecutive failures a feed is disabled (recorded with the reason). */
  disableAfterFailures: z.number().int().positive(),
  /** The `User-Agent` header. */
  userAgent: z.string().min(1),
});
/** @see {@link FetchPolicySchema} */
export type FetchPolicy = z.infer<typeof FetchPolicySchema>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The defaults (Espectro choices, stated here so they are reviewed in one place). */
export const DEFAULT_FETCH_POLICY: FetchPolicy = {
  connectTimeoutMs: 10_000,
  totalTimeoutMs: 30_000,
  // The same cap the feed parser applies (one number, one home).
  maxBodyBytes: DEFAULT_MAX_FEED_BYTES,
  maxRedirects: 5,
  perHost: { concurrency: 2, minIntervalMs: 1_000 },
  hostOverrides: {},
  maxBackoffMs: 24 * HOUR,
  jitterRatio: 0.5,
  maxRetryAfterMs: 24 * HOUR,
  // With doubling capped at 24 h this is roughly three weeks of failing before a feed is disabled.
  disableAfterFailures: 30,
  userAgent: DEFAULT_USER_AGENT,
};

/** Default time between two polls of one feed (15 minutes). */
export const DEFAULT_POLL_INTERVAL_SECONDS = 15 * 60;

/**
 * The policy with `overrides` applied, validated (a bad value throws a `ZodError` naming the field).
 *
 * @example
 * resolveFetchPolicy({ totalTimeoutMs: 5_000 }).maxRedirects; // 5
 */
export function resolveFetchPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return FetchPolicySchema.parse({ ...DEFAULT_FETCH_POLICY, ...overrides });
}

/** The limits that apply to `host` (`hostname:port`). */
export function hostLimitsFor(policy: FetchPolicy, host: string): HostLimits {
  return policy.hostOverrides[host] ?? policy.perHost;
}
