import type { AttemptRecord } from './types.js';

/**
 * Stable, machine-readable failure classes of every `@espectro/llm` call.
 *
 * Transport (retryable): `rate_limited` (HTTP 429), `server_error` (5xx, 529), `timeout`
 * (our per-attempt deadline or HTTP 408), `network` (connection refused/reset).
 * Output: `malformed_output` (no JSON could be recovered, even after repair and one re-ask),
 * `schema_mismatch` (JSON, but it still fails the zod schema after one re-ask), `refused`
 * (the model declined or a safety filter blocked the answer).
 * Configuration: `auth` (401/402/403, missing API key), `bad_request` (other 4xx: unknown model,
 * context too long, schema the vendor rejects), `sdk_missing` (the optional vendor SDK is not
 * installed), `invalid_prompt` (a template variable is missing).
 * Caller: `aborted` (the caller's `AbortSignal` fired).
 * Composite: `all_layers_failed` (every layer of a fallback chain failed; see `failures`).
 * Anything else: `unexpected`.
 */
export type LlmErrorCode =
  | 'rate_limited'
  | 'server_error'
  | 'timeout'
  | 'network'
  | 'malformed_output'
  | 'schema_mismatch'
  | 'refused'
  | 'auth'
  | 'bad_request'
  | 'sdk_missing'
  | 'invalid_prompt'
  | 'aborted'
  | 'all_layers_failed'
  | 'unexpected';

/** Where in a call the failure happened; part of every {@link LlmError} message. */
export type LlmStage =
  'configure' | 'load_sdk' | 'render_prompt' | 'request' | 'parse_output' | 'validate_output' | 'chain' | 'transcribe';

/** Codes that are worth retrying on the same vendor (and that always move a chain on). */
export const RETRYABLE_CODES: ReadonlySet<LlmErrorCode> = new Set<LlmErrorCode>([
  'rate_limited',
  'server_error',
  'timeout',
  'network',
]);

/** One layer's failure inside an `all_layers_failed` error. */
export interface LayerFailure {
  /** Index of the layer in the chain (0 = first). */
  layer: number;
  vendor: string;
  model: string;
  error: LlmError;
}

/** Everything an {@link LlmError} is built from. */
export interface LlmErrorDetails {
  code: LlmErrorCode;
  stage: LlmStage;
  /** What went wrong, in a sentence; the constructor prefixes package, vendor, model and stage. */
  message: string;
  vendor?: string | undefined;
  model?: string | undefined;
  /** HTTP status, when the vendor answered with one. */
  status?: number | undefined;
  /** Overrides the default retryability of `code`. */
  isRetryable?: boolean | undefined;
  /** How long the vendor asked us to wait (`retry-after-ms`, `retry-after`, Gemini `RetryInfo`). */
  retryAfterMs?: number | undefined;
  /** For `malformed_output` / `schema_mismatch`: the validation or parse problems. */
  issues?: string[] | undefined;
  /** For `malformed_output` / `schema_mismatch`: the model's last raw text (truncated to 2,000 chars). */
  rawOutput?: string | undefined;
  /** For `all_layers_failed`: every layer's failure, in order. */
  failures?: LayerFailure[] | undefined;
  /** Attempts made before giving up (also recorded in the ledger). */
  attempts?: AttemptRecord[] | undefined;
  cause?: unknown;
}

/**
 * The one error type of `@espectro/llm`. `code` is stable; `isRetryable` says whether the same
 * request may succeed later (rate limits, 5xx, timeouts, network); the message names the package,
 * vendor, model and stage, e.g.
 * `@espectro/llm [groq/llama-3.3-70b-versatile] request: rate_limited (HTTP 429) — Rate limit reached`.
 *
 * @example
 * try { await model.generateText({ prompt, variables }) } catch (error) {
 *   if (isLlmError(error) && error.code === 'all_layers_failed') queueForRetry(error.retryAfterMs);
 * }
 */
export class LlmError extends Error {
  /** Stable machine-readable failure class. */
  readonly code: LlmErrorCode;
  /** Where the call failed. */
  readonly stage: LlmStage;
  /** Whether repeating the same request later may succeed. */
  readonly isRetryable: boolean;
  /** How long the vendor asked us to wait before retrying, if it said. */
  readonly retryAfterMs: number | undefined;
  /** Vendor name (`openai`, `groq`, `anthropic`, `gemini`, `deepseek`, …; `chain` for a chain). */
  readonly vendor: string | undefined;
  /** Model id. */
  readonly model: string | undefined;
  /** HTTP status, when there was one. */
  readonly status: number | undefined;
  /** Parse/validation problems for output errors. */
  readonly issues: string[];
  /** The model's last raw output for output errors (at most 2,000 characters). */
  readonly rawOutput: string | undefined;
  /** Every layer's failure, for `all_layers_failed`. */
  readonly failures: LayerFailure[];
  /** Every attempt made before giving up, in order (the ledger has the same records). */
  readonly attempts: AttemptRecord[];

  constructor(details: LlmErrorDetails) {
    const who =
      details.vendor !== undefined
        ? ` [${details.vendor}${details.model !== undefined ? `/${details.model}` : ''}]`
        : '';
    const status = details.status !== undefined ? ` (HTTP ${details.status})` : '';
    super(scrubSecrets(`@espectro/llm${who} ${details.stage}: ${details.code}${status} — ${details.message}`), {
      cause: details.cause,
    });
    this.name = 'LlmError';
    this.code = details.code;
    this.stage = details.stage;
    this.isRetryable = details.isRetryable ?? RETRYABLE_CODES.has(details.code);
    this.retryAfterMs = details.retryAfterMs;
    this.vendor = details.vendor;
    this.model = details.model;
    this.status = details.status;
    this.issues = details.issues ?? [];
    this.rawOutput = details.rawOutput === undefined ? undefined : scrubSecrets(details.rawOutput.slice(0, 2000));
    this.failures = details.failures ?? [];
    this.attempts = details.attempts ?? [];
  }
}

/** Type guard for {@link LlmError} (also across duplicated package copies, by `name` and `code`). */
export function isLlmError(error: unknown): error is LlmError {
  return (
    error instanceof LlmError ||
    (error instanceof Error && error.name === 'LlmError' && typeof (error as { code?: unknown }).code === 'string')
  );
}

/** Parses `retry-after-ms` / `retry-after` (seconds or HTTP date) response headers into milliseconds. */
export function retryAfterFromHeaders(
  headers: { get(name: string): string | null } | Record<string, string | string[] | undefined> | undefined | null,
  now: number = Date.now(),
): number | undefined {
  if (headers === undefined || headers === null) return undefined;
  const read = (name: string): string | undefined => {
    if (typeof (headers as { get?: unknown }).get === 'function') {
      return (headers as { get(name: string): string | null }).get(name) ?? undefined;
    }
    const value = (headers as Record<string, string | string[] | undefined>)[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const milliseconds = read('retry-after-ms');
  if (milliseconds !== undefined && milliseconds.trim() !== '') {
    const parsed = Number(milliseconds);
    if (Number.isFinite(parsed) && parsed >= 0) return Math.round(parsed);
  }
  const value = read('retry-after');
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(0, date - now);
  return undefined;
}

/**
 * Shapes of vendor API keys, masked even when the key that was sent is not known (a body that
 * echoes another key, a key from a config file): OpenAI/DeepSeek/Perplexity `sk-…`/`pplx-…`,
 * Anthropic `sk-ant-…`, Groq `gsk_…`, Google `AIza…`. Hand-written: no library masks these.
 */
const KEY_SHAPES =
  /\b(?:sk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}|gsk_[A-Za-z0-9]{16,}|pplx-[A-Za-z0-9]{16,}|AIza[0-9A-Za-z_-]{30,})/g;

/** The placeholder that replaces a secret in every message of this package. */
export const REDACTED = '[redacted]';

/**
 * Removes every occurrence of `secrets` (the API keys a request carried; blanks and strings
 * shorter than 8 characters are ignored, they would mask ordinary words) and of anything shaped
 * like a vendor API key from `text`. Vendors echo the key in 401 bodies; this runs on every
 * vendor message before it becomes an {@link LlmError}, so logs, stored warnings and the CLI
 * never show one.
 *
 * @example
 * scrubSecrets('Invalid key gsk_live_123456789', ['gsk_live_123456789']); // 'Invalid key [redacted]'
 */
export function scrubSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let scrubbed = text;
  for (const secret of secrets) {
    if (secret === undefined || secret.trim().length < 8) continue;
    scrubbed = scrubbed.split(secret).join(REDACTED);
  }
  return scrubbed.replace(KEY_SHAPES, REDACTED);
}

/** Context the classifier needs besides the thrown value. */
export interface ClassifyContext {
  vendor: string;
  model: string;
  stage: LlmStage;
  /** Our per-attempt deadline fired. */
  timedOut: boolean;
  /** The caller's signal fired. */
  callerAborted: boolean;
  /** The deadline, for the message. */
  timeoutMs: number;
  /** The API keys the request carried: scrubbed from the vendor's message ({@link scrubSecrets}). */
  secrets?: readonly (string | undefined)[] | undefined;
}

function statusToCode(status: number): LlmErrorCode {
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  if (status === 401 || status === 402 || status === 403) return 'auth'; // 402: billing/credits exhausted
  if (status >= 500) return 'server_error';
  return 'bad_request';
}

function vendorText(error: { message?: unknown }): string {
  const message = typeof error.message === 'string' ? error.message : String(error);
  // @google/genai puts the JSON error body in the message.
  if (message.startsWith('{')) {
    try {
      const body = JSON.parse(message) as { error?: { message?: unknown } };
      if (typeof body.error?.message === 'string') return body.error.message;
    } catch {
      // not JSON after all
    }
  }
  return message;
}

/** Gemini sends `google.rpc.RetryInfo` (`retryDelay: "12.5s"`) in the error body instead of a header. */
function retryAfterFromGoogleBody(message: string): number | undefined {
  const match = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(message);
  return match?.[1] !== undefined ? Math.round(Number(match[1]) * 1000) : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  const codes = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'EPIPE',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ETIMEDOUT',
    'UND_ERR_SOCKET',
    'ENETUNREACH',
    'EHOSTUNREACH',
  ]);
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    const name = (current as { name?: unknown }).name;
    const message = (current as { message?: unknown }).message;
    if (name === 'APIConnectionError') return true;
    if (name === 'TypeError' && typeof message === 'string' && /fetch failed|terminated|network/i.test(message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Maps anything a vendor SDK throws to an {@link LlmError}: HTTP status → code (429 rate_limited,
 * 408 timeout, 401/403 auth, other 4xx bad_request, 5xx server_error), retry-after from headers or
 * Gemini's RetryInfo, our deadline → timeout, the caller's signal → aborted, socket failures → network.
 */
export function classifyError(error: unknown, context: ClassifyContext): LlmError {
  if (isLlmError(error)) return error;
  const secrets = context.secrets ?? [];
  const rawMessage = String((error as { message?: unknown } | null)?.message ?? error);
  const leaks = scrubSecrets(rawMessage, secrets) !== rawMessage;
  // The SDK error keeps the vendor's body; when that body echoes a key, the cause is replaced by
  // a scrubbed copy so that printing the error's cause chain cannot show the key either.
  const cause = leaks ? new Error(scrubSecrets(rawMessage, secrets)) : error;
  const base = { vendor: context.vendor, model: context.model, stage: context.stage, cause };
  const vendorMessage = (candidate: { message?: unknown }): string => scrubSecrets(vendorText(candidate), secrets);
  if (context.timedOut) {
    return new LlmError({ ...base, code: 'timeout', message: `no answer within ${context.timeoutMs} ms` });
  }
  if (context.callerAborted) {
    return new LlmError({ ...base, code: 'aborted', message: 'the caller aborted the request' });
  }
  const candidate = (error ?? {}) as {
    status?: unknown;
    headers?: unknown;
    name?: unknown;
    message?: unknown;
    code?: unknown;
  };
  const status = typeof candidate.status === 'number' ? candidate.status : undefined;
  if (status !== undefined && status >= 400) {
    const message = vendorMessage(candidate);
    let code = statusToCode(status);
    // Gemini answers an invalid key with 400 INVALID_ARGUMENT / API_KEY_INVALID.
    if (code === 'bad_request' && /API_KEY_INVALID|API key not valid/i.test(String(candidate.message))) code = 'auth';
    const retryAfterMs =
      retryAfterFromHeaders(candidate.headers as Parameters<typeof retryAfterFromHeaders>[0]) ??
      retryAfterFromGoogleBody(String(candidate.message));
    // OpenAI's `insufficient_quota` is a billing limit: waiting does not help, moving on does.
    const quotaExhausted = code === 'rate_limited' && candidate.code === 'insufficient_quota';
    return new LlmError({
      ...base,
      code,
      status,
      message: quotaExhausted ? `quota exhausted (insufficient_quota): ${message}` : message,
      retryAfterMs: quotaExhausted ? undefined : retryAfterMs,
      ...(quotaExhausted ? { isRetryable: false } : {}),
    });
  }
  const name = typeof candidate.name === 'string' ? candidate.name : '';
  if (name === 'APIConnectionTimeoutError' || name === 'TimeoutError') {
    return new LlmError({ ...base, code: 'timeout', message: vendorMessage(candidate) });
  }
  if (name === 'APIUserAbortError' || name === 'AbortError') {
    return new LlmError({ ...base, code: 'aborted', message: 'the request was aborted' });
  }
  if (isNetworkFailure(error)) {
    return new LlmError({ ...base, code: 'network', message: vendorMessage(candidate) });
  }
  return new LlmError({ ...base, code: 'unexpected', message: vendorMessage(candidate) });
}
