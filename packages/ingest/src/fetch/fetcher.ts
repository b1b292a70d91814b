/**
 * The HTTP fetcher: one GET of a feed address with conditional headers (a 304 costs nothing and
 * changes nothing), connect and total timeouts, a streamed body-size limit, manually followed
 * redirects (so that every hop is checked: http(s) only, a loop is detected, the count is
 * capped), gzip/deflate/brotli, per-host concurrency and interval, and an identifying
 * User-Agent. It never throws for a network problem: every attempt ends in a {@link FetchResult}.
 *
 * The client is undici 7 (the HTTP/1.1 client Node's own `fetch` is built on; 7.x supports Node
 * ≥ 20.18, 8.x needs Node 22): its `request` API gives the raw body stream (so the size limit is
 * enforced while streaming, not after `fetch` buffered it), per-connection timeouts, and an
 * injectable `Dispatcher` — tests route every request to the loopback newsroom with it. Its
 * redirect and decompress interceptors are not used: redirects must be checked hop by hop, and the
 * decompress interceptor is still marked experimental in 7.x.
 */
import { Agent, RetryAgent, request, type Dispatcher } from 'undici';
import { BodyError, readLimitedBody } from './body.js';
import { systemClock, type Clock } from './clock.js';
import { classifyStatus, classifyTransportError, type FetchErrorClass } from './error-class.js';
import { HostLimiter } from './host-limiter.js';
import { hostLimitsFor, resolveFetchPolicy, type FetchPolicy } from './policy.js';
import { parseRetryAfter } from './schedule.js';
import { FeedUrlError, httpUrl } from './url.js';

/** What to fetch. */
export interface FetchRequest {
  url: string;
  /** The `ETag` of the last successful fetch (sent as `If-None-Match`). */
  etag?: string | null;
  /** The `Last-Modified` of the last successful fetch (sent as `If-Modified-Since`). */
  lastModified?: string | null;
  /** `xml` (RSS/Atom/RDF) or `json`: sets the `Accept` header. */
  format?: 'xml' | 'json';
}

interface ResultBase {
  url: string;
  /** The address of the last hop (after redirects). */
  finalUrl: string;
  redirects: number;
  /** Bytes received on the wire for the final response. */
  wireBytes: number;
  startedAt: Date;
  /** On the injected clock. */
  durationMs: number;
}

/** A 2xx response with its body. */
export interface FetchedResult extends ResultBase {
  result: 'fetched';
  status: number;
  body: Uint8Array;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
}

/** A 304: nothing changed since the validators sent. */
export interface NotModifiedResult extends ResultBase {
  result: 'not_modified';
  status: 304;
  etag: string | null;
  lastModified: string | null;
}

/** A failed attempt, classified. */
export interface FailedResult extends ResultBase {
  result: 'failed';
  /** The HTTP status when a response arrived. */
  status: number | null;
  errorClass: FetchErrorClass;
  message: string;
  /** From `Retry-After` (429, 503, …), in ms. */
  retryAfterMs: number | null;
}

/** The outcome of one {@link FeedFetcher.fetch}. */
export type FetchResult = FetchedResult | NotModifiedResult | FailedResult;

/** Options of {@link createFeedFetcher}. */
export interface FeedFetcherOptions {
  /** Overrides of {@link DEFAULT_FETCH_POLICY}. */
  policy?: Partial<FetchPolicy>;
  /** Default `systemClock`. */
  clock?: Clock;
  /** An undici dispatcher (default: an `Agent` with the policy's timeouts, closed by `close()`). */
  dispatcher?: Dispatcher;
}

/** Fetches feed addresses under one policy. */
export interface FeedFetcher {
  readonly policy: FetchPolicy;
  readonly clock: Clock;
  /** Fetches started and not yet finished (their total-timeout timers are running). */
  readonly inFlight: number;
  /**
   * Fetches doing network I/O right now (not waiting on the clock for a per-host interval). A
   * simulation may advance a manual clock only when all of these are held by the server.
   */
  readonly ioPending: number;
  fetch(request: FetchRequest): Promise<FetchResult>;
  /** Closes the dispatcher the fetcher created (not an injected one). */
  close(): Promise<void>;
}

const ACCEPT = {
  xml: 'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
  json: 'application/feed+json, application/json;q=0.9, */*;q=0.5',
} as const;

class TotalTimeout extends Error {
  override name = 'TotalTimeout';
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? (value[0] ?? null) : value;
}

function hostKey(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

function withoutFragment(url: URL): string {
  const copy = new URL(url);
  copy.hash = '';
  return copy.toString();
}

/**
 * A fetcher (see the module comment).
 *
 * @example
 * const fetcher = createFeedFetcher({ policy: { totalTimeoutMs: 20_000 } });
 * const result = await fetcher.fetch({ url: 'https://elpais.com/rss/portada.xml', etag: previousEtag });
 * if (result.result === 'fetched') console.log(result.status, result.body.byteLength);
 * await fetcher.close();
 */
export function createFeedFetcher(options: FeedFetcherOptions = {}): FeedFetcher {
  const policy = resolveFetchPolicy(options.policy);
  const clock = options.clock ?? systemClock;
  const ownDispatcher =
    options.dispatcher === undefined
      ? new Agent({
          connect: { timeout: policy.connectTimeoutMs },
          // Real-time backstops; the total timeout below runs on the injected clock.
          headersTimeout: policy.totalTimeoutMs,
          bodyTimeout: policy.totalTimeoutMs,
        })
      : undefined;
  // A kept-alive connection the server closes as the next request goes out (its idle timeout, 5 s on
  // Node's http server, fires while a busy event loop — a long stage beside an in-process replay
  // server — has not yet run the client's own idle timer) fails that request with ECONNRESET before
  // any answer. undici does not retry it on its own; its RetryAgent sends the GET once more, on a
  // fresh connection, for connection resets only: no status is retried (a 500 stays a 500, backoff
  // is ours), nor a timeout.
  const dispatcher =
    options.dispatcher ??
    new RetryAgent(ownDispatcher!, {
      maxRetries: 1,
      minTimeout: 0,
      maxTimeout: 0,
      methods: ['GET'],
      statusCodes: [],
      errorCodes: ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'],
    });
  const limiter = new HostLimiter(clock, (host) => hostLimitsFor(policy, host));
  let inFlight = 0;
  let ioPending = 0;

  async function exchange(hop: URL, fetchRequest: FetchRequest, signal: AbortSignal) {
    const response = await request(hop, {
      dispatcher,
      method: 'GET',
      signal,
      headers: {
        'user-agent': policy.userAgent,
        accept: ACCEPT[fetchRequest.format ?? 'xml'],
        'accept-encoding': 'gzip, deflate, br',
        ...(fetchRequest.etag ? { 'if-none-match': fetchRequest.etag } : {}),
        ...(fetchRequest.lastModified ? { 'if-modified-since': fetchRequest.lastModified } : {}),
      },
    });
    const { statusCode, headers } = response;
    if (statusCode >= 300 && statusCode < 400 && statusCode !== 304) {
      await response.body.dump().catch(() => undefined);
      return { kind: 'redirect' as const, statusCode, location: header(headers, 'location') };
    }
    if (statusCode === 304) {
      await response.body.dump().catch(() => undefined);
      return { kind: 'not_modified' as const, headers };
    }
    if (statusCode < 200 || statusCode >= 300) {
      await response.body.dump().catch(() => undefined);
      return { kind: 'status' as const, statusCode, statusText: response.statusText, headers };
    }
    const declared = Number(header(headers, 'content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > policy.maxBodyBytes) {
      response.body.destroy();
      throw new BodyError(
        'too_large',
        `the server declares ${(declared / 1_048_576).toFixed(1)} MiB, over the ${(policy.maxBodyBytes / 1_048_576).toFixed(1)} MiB limit; not downloaded`,
      );
    }
    const read = await readLimitedBody(
      response.body,
      header(headers, 'content-encoding') ?? undefined,
      policy.maxBodyBytes,
    );
    return { kind: 'body' as const, statusCode, headers, read };
  }

  async function attempt(fetchRequest: FetchRequest): Promise<FetchResult> {
    const startedAt = clock.now();
    let current: URL;
    const base = { url: fetchRequest.url, redirects: 0, wireBytes: 0, startedAt };
    const failed = (
      errorClass: FetchErrorClass,
      message: string,
      extra: { status?: number | null; retryAfterMs?: number | null; finalUrl?: string; wireBytes?: number } = {},
    ): FailedResult => ({
      ...base,
      result: 'failed',
      status: extra.status ?? null,
      errorClass,
      message,
      retryAfterMs: extra.retryAfterMs ?? null,
      finalUrl: extra.finalUrl ?? current?.toString() ?? fetchRequest.url,
      wireBytes: extra.wireBytes ?? 0,
      durationMs: clock.now().getTime() - startedAt.getTime(),
    });
    try {
      current = httpUrl(fetchRequest.url);
    } catch (error) {
      return failed(error instanceof FeedUrlError ? error.errorClass : 'bad_url', (error as Error).message, {
        finalUrl: fetchRequest.url,
      });
    }
    const visited = new Set([withoutFragment(current)]);
    const abort = new AbortController();
    const stopTimer = new AbortController();
    let timerStarted = false;
    const startTimer = () => {
      if (timerStarted) return;
      timerStarted = true;
      inFlight += 1;
      clock.sleep(policy.totalTimeoutMs, stopTimer.signal).then(
        () => abort.abort(new TotalTimeout(`no complete response within ${policy.totalTimeoutMs / 1000} s`)),
        () => undefined,
      );
    };
    try {
      for (;;) {
        const hop = current;
        const step = await limiter.run(hostKey(hop), async () => {
          startTimer();
          ioPending += 1;
          try {
            return await exchange(hop, fetchRequest, abort.signal);
          } finally {
            ioPending -= 1;
          }
        });
        const finalUrl = hop.toString();
        if (step.kind === 'redirect') {
          if (step.location === null)
            return failed('malformed', `HTTP ${step.statusCode} without a Location header`, {
              status: step.statusCode,
            });
          let next: URL;
          try {
            next = httpUrl(step.location, hop);
          } catch (error) {
            return failed('bad_url', `redirected to a refused address: ${(error as Error).message}`, {
              status: step.statusCode,
            });
          }
          const key = withoutFragment(next);
          if (visited.has(key))
            return failed('redirect_loop', `redirect loop: ${next.toString()} was already visited`, {
              status: step.statusCode,
            });
          if (base.redirects >= policy.maxRedirects)
            return failed('too_many_redirects', `more than ${policy.maxRedirects} redirects`, {
              status: step.statusCode,
            });
          visited.add(key);
          base.redirects += 1;
          current = next;
          continue;
        }
        const done = { ...base, finalUrl, durationMs: clock.now().getTime() - startedAt.getTime() };
        if (step.kind === 'not_modified') {
          return {
            ...done,
            result: 'not_modified',
            status: 304,
            etag: header(step.headers, 'etag') ?? fetchRequest.etag ?? null,
            lastModified: header(step.headers, 'last-modified') ?? fetchRequest.lastModified ?? null,
          };
        }
        if (step.kind === 'status') {
          return failed(classifyStatus(step.statusCode), `HTTP ${step.statusCode} ${step.statusText}`.trim(), {
            status: step.statusCode,
            retryAfterMs: parseRetryAfter(header(step.headers, 'retry-after'), clock.now()),
          });
        }
        return {
          ...done,
          result: 'fetched',
          status: step.statusCode,
          body: step.read.bytes,
          wireBytes: step.read.wireBytes,
          contentType: header(step.headers, 'content-type'),
          etag: header(step.headers, 'etag'),
          lastModified: header(step.headers, 'last-modified'),
        };
      }
    } catch (error) {
      if (abort.signal.aborted && abort.signal.reason instanceof TotalTimeout)
        return failed('timeout', abort.signal.reason.message);
      if (error instanceof BodyError) return failed(error.errorClass, error.message);
      const errorClass = classifyTransportError(error);
      const message = (error as Error).message || String(error);
      return failed(errorClass, errorClass === 'timeout' ? `timed out: ${message}` : message);
    } finally {
      stopTimer.abort();
      if (timerStarted) inFlight -= 1;
    }
  }

  return {
    policy,
    clock,
    get inFlight() {
      return inFlight;
    },
    get ioPending() {
      return ioPending;
    },
    fetch: attempt,
    async close() {
      await ownDispatcher?.close();
    },
  };
}
