/** Token counts a fake reply reports. */
export interface FakeUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * One scripted reply of the fake server. Build them with {@link reply}; each is rendered in the
 * wire format of the vendor that receives the request.
 */
export type FakeStep =
  | { kind: 'text'; text: string; usage?: FakeUsage }
  | { kind: 'json'; value: unknown; usage?: FakeUsage }
  | { kind: 'truncated_json'; value: unknown; keepFraction: number; usage?: FakeUsage }
  | { kind: 'malformed_json'; text: string; usage?: FakeUsage }
  | { kind: 'refusal'; message: string; usage?: FakeUsage }
  | { kind: 'rate_limit'; retryAfterMs?: number; retryAfterSeconds?: number; message: string }
  | { kind: 'http_error'; status: number; message: string }
  | { kind: 'slow'; delayMs: number; then: FakeStep }
  | { kind: 'disconnect' }
  | { kind: 'transcript'; text: string; durationSeconds?: number; language?: string };

/** Builders for {@link FakeStep}s. */
export const reply = {
  /** A plain text answer (`finish_reason: stop`). */
  text(text: string, usage?: FakeUsage): FakeStep {
    return { kind: 'text', text, ...(usage !== undefined ? { usage } : {}) };
  },
  /**
   * A JSON answer: JSON text for OpenAI/Groq/Gemini, a `tool_use` block for Anthropic when the
   * request offered a tool. Use a value that violates the schema to script a schema mismatch.
   */
  json(value: unknown, usage?: FakeUsage): FakeStep {
    return { kind: 'json', value, ...(usage !== undefined ? { usage } : {}) };
  },
  /** Valid JSON that violates the caller's schema (an alias of {@link reply.json}, for readable scripts). */
  schemaViolation(value: unknown, usage?: FakeUsage): FakeStep {
    return reply.json(value, usage);
  },
  /** The JSON text of `value` cut at `keepFraction` (default 0.6) of its length, with finish reason "length". */
  truncatedJson(value: unknown, options: { keepFraction?: number; usage?: FakeUsage } = {}): FakeStep {
    return {
      kind: 'truncated_json',
      value,
      keepFraction: options.keepFraction ?? 0.6,
      ...(options.usage !== undefined ? { usage: options.usage } : {}),
    };
  },
  /** Text that no repair can turn into JSON (default: prose with an unquoted-key object). */
  malformedJson(text = 'Sure! Here it is: {answer: yes, confidence: high}', usage?: FakeUsage): FakeStep {
    return { kind: 'malformed_json', text, ...(usage !== undefined ? { usage } : {}) };
  },
  /** A refusal: OpenAI `message.refusal`, Groq `content_filter`, Anthropic `stop_reason: refusal`, Gemini `SAFETY`. */
  refusal(message = "I can't help with that.", usage?: FakeUsage): FakeStep {
    return { kind: 'refusal', message, ...(usage !== undefined ? { usage } : {}) };
  },
  /**
   * HTTP 429. `retryAfterMs` sends `retry-after-ms` (and `retry-after` in whole seconds);
   * `retryAfterSeconds` sends `retry-after`. Gemini gets a `RetryInfo.retryDelay` in the body instead.
   */
  rateLimit(options: { retryAfterMs?: number; retryAfterSeconds?: number; message?: string } = {}): FakeStep {
    return {
      kind: 'rate_limit',
      message: options.message ?? 'Rate limit reached (fake)',
      ...(options.retryAfterMs !== undefined ? { retryAfterMs: options.retryAfterMs } : {}),
      ...(options.retryAfterSeconds !== undefined ? { retryAfterSeconds: options.retryAfterSeconds } : {}),
    };
  },
  /** HTTP 5xx (default 500; 529 is Anthropic's "overloaded"). */
  serverError(status = 500, message = 'Internal server error (fake)'): FakeStep {
    return { kind: 'http_error', status, message };
  },
  /** Any HTTP error status with the vendor's error body. */
  httpError(status: number, message = `HTTP ${status} (fake)`): FakeStep {
    return { kind: 'http_error', status, message };
  },
  /** HTTP 401 (invalid API key). */
  unauthorized(message = 'Invalid API key (fake)'): FakeStep {
    return { kind: 'http_error', status: 401, message };
  },
  /** HTTP 400. */
  badRequest(message = 'Invalid request (fake)'): FakeStep {
    return { kind: 'http_error', status: 400, message };
  },
  /** Waits `delayMs` before answering with `then` (default a text answer): exercises timeouts. */
  slow(delayMs: number, then: FakeStep = reply.text('late answer')): FakeStep {
    return { kind: 'slow', delayMs, then };
  },
  /** Destroys the socket without answering: a network error. */
  disconnect(): FakeStep {
    return { kind: 'disconnect' };
  },
  /** A transcription answer (OpenAI `json` with duration usage, Groq `verbose_json`). */
  transcript(text: string, options: { durationSeconds?: number; language?: string } = {}): FakeStep {
    return {
      kind: 'transcript',
      text,
      ...(options.durationSeconds !== undefined ? { durationSeconds: options.durationSeconds } : {}),
      ...(options.language !== undefined ? { language: options.language } : {}),
    };
  },
} as const;
