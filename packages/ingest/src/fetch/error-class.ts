/**
 * Why a fetch failed, as one stable word per cause. Every failed fetch is recorded with its class
 * and a message; the class decides nothing by itself except that `gone` (HTTP 410) disables a feed
 * at once.
 */
import { z } from 'zod';

/** The error classes of a failed fetch. */
export const FetchErrorClassSchema = z.enum([
  /** The connection, the headers or the whole request took longer than the policy allows. */
  'timeout',
  /** The host name does not resolve. */
  'dns',
  /** The connection was refused, reset or unreachable. */
  'connect',
  /** The TLS handshake or certificate check failed. */
  'tls',
  /** HTTP 4xx other than 410 (429 is here too, with its `Retry-After`). */
  'http_4xx',
  /** HTTP 410 Gone: the feed is disabled. */
  'gone',
  /** HTTP 5xx. */
  'http_5xx',
  /** The body (declared or streamed, after decompression) is over the size limit. */
  'too_large',
  /** A redirect leads back to an address already visited. */
  'redirect_loop',
  /** More redirects than the policy allows. */
  'too_many_redirects',
  /** Not an `http:`/`https:` URL (also a redirect to one), or an unusable URL. */
  'bad_url',
  /** The body is not a readable feed or payload (bad XML/JSON, not a feed, bad compression). */
  'malformed',
  /** The body was fetched but the caller's ingest failed (e.g. the database): retried, validators kept. */
  'ingest_failed',
  /** A credential the URL needs (`${NAME}` placeholder) is not set. */
  'config',
  /** Any other transport failure. */
  'network',
]);
/** @see {@link FetchErrorClassSchema} */
export type FetchErrorClass = z.infer<typeof FetchErrorClassSchema>;

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'EAI_FAIL']);
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
]);
const ZLIB_CODES = new Set(['Z_DATA_ERROR', 'Z_BUF_ERROR', 'Z_NEED_DICT', 'ERR_BROTLI_DECOMPRESSION_FAILED']);

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The class of a transport error thrown by undici, node:net/tls/dns or node:zlib.
 *
 * @example
 * classifyTransportError(Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' })); // 'dns'
 */
export function classifyTransportError(error: unknown): FetchErrorClass {
  const code = codeOf(error);
  if (code === undefined) return 'network';
  if (DNS_CODES.has(code)) return 'dns';
  if (TIMEOUT_CODES.has(code)) return 'timeout';
  if (CONNECT_CODES.has(code)) return 'connect';
  if (ZLIB_CODES.has(code)) return 'malformed';
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') return 'too_large';
  if (/^ERR_TLS|^ERR_SSL|CERT|^SELF_SIGNED|^UNABLE_TO_|^DEPTH_ZERO/.test(code)) return 'tls';
  return 'network';
}

/**
 * The class of an HTTP status that is not a success.
 *
 * @example
 * classifyStatus(503); // 'http_5xx'
 */
export function classifyStatus(status: number): FetchErrorClass {
  if (status === 410) return 'gone';
  if (status >= 500) return 'http_5xx';
  return 'http_4xx';
}
