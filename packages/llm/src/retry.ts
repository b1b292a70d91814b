import { classifyError, LlmError, type LlmStage } from './errors.js';

/** Our own retry policy (every vendor SDK's internal retries are switched off). */
export interface RetryPolicy {
  /** Retries after the first attempt for retryable failures; default 2. */
  maxRetries: number;
  /** Deadline of each attempt, in ms (enforced with an AbortSignal); default 60,000. */
  timeoutMs: number;
  /** First backoff delay when the vendor sends no retry-after; doubles per retry (±25 % jitter). Default 500. */
  retryBaseDelayMs: number;
  /** Never wait longer than this between attempts; a longer retry-after gives up at once (so a chain moves on). Default 20,000. */
  maxRetryDelayMs: number;
}

/** Defaults of {@link RetryPolicy}. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxRetries: 2,
  timeoutMs: 60_000,
  retryBaseDelayMs: 500,
  maxRetryDelayMs: 20_000,
});

/** A failed attempt, as reported to `onFailure`. */
export interface AttemptFailure {
  error: LlmError;
  retry: number;
  waitedMs: number;
  latencyMs: number;
}

/** A successful attempt. */
export interface AttemptSuccess<Value> {
  value: Value;
  retry: number;
  waitedMs: number;
  latencyMs: number;
}

function abortedError(vendor: string, model: string, stage: LlmStage): LlmError {
  return new LlmError({ code: 'aborted', stage, vendor, model, message: 'the caller aborted the request' });
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** Waits `milliseconds`, or rejects with `aborted` when the signal fires. */
export function sleep(milliseconds: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  if (milliseconds <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (isAborted(signal)) {
      reject(onAbort());
      return;
    }
    const abort = (): void => {
      clearTimeout(timer);
      reject(onAbort());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Backoff before retry number `retry` (1-based): base · 2^(retry−1), ±25 % jitter, capped. */
export function backoffDelay(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const exponential = policy.retryBaseDelayMs * 2 ** Math.max(0, retry - 1);
  return Math.round(Math.min(policy.maxRetryDelayMs, exponential * (0.75 + random() * 0.5)));
}

/**
 * Runs `run` with a fresh deadline per attempt and retries retryable failures (honouring the
 * vendor's retry-after). Every failed attempt is reported to `onFailure` before the next one;
 * the last failure is thrown as an {@link LlmError}.
 */
export async function runWithRetries<Value>(options: {
  policy: RetryPolicy;
  vendor: string;
  model: string;
  stage: LlmStage;
  signal: AbortSignal | undefined;
  run: (signal: AbortSignal) => Promise<Value>;
  onFailure: (failure: AttemptFailure) => void;
  /** The API keys the request carries, scrubbed from every failure's message. */
  secrets?: readonly (string | undefined)[] | undefined;
}): Promise<AttemptSuccess<Value>> {
  const { policy, vendor, model, stage, signal } = options;
  let waitedMs = 0;
  for (let retry = 0; ; retry += 1) {
    if (isAborted(signal)) throw abortedError(vendor, model, stage);
    const controller = new AbortController();
    let timedOut = false;
    let rejectOnTimeout: ((error: Error) => void) | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      rejectOnTimeout = reject;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
      // Settle even when the SDK ignores the signal.
      rejectOnTimeout?.(new Error('deadline'));
    }, policy.timeoutMs);
    const forwardAbort = (): void => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    const started = performance.now();
    try {
      const value = await Promise.race([options.run(controller.signal), deadline]);
      return { value, retry, waitedMs, latencyMs: performance.now() - started };
    } catch (thrown) {
      const latencyMs = performance.now() - started;
      const error = classifyError(thrown, {
        vendor,
        model,
        stage,
        timedOut,
        callerAborted: isAborted(signal),
        timeoutMs: policy.timeoutMs,
        secrets: options.secrets,
      });
      options.onFailure({ error, retry, waitedMs, latencyMs });
      if (!error.isRetryable || retry >= policy.maxRetries || isAborted(signal)) throw error;
      const delay = error.retryAfterMs ?? backoffDelay(policy, retry + 1);
      if (delay > policy.maxRetryDelayMs) throw error;
      await sleep(delay, signal, () => abortedError(vendor, model, stage));
      waitedMs = delay;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }
}
