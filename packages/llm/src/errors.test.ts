import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { classifyError, isLlmError, LlmError, REDACTED, retryAfterFromHeaders, scrubSecrets } from './errors.js';
import { backoffDelay, DEFAULT_RETRY_POLICY } from './retry.js';
import { loadSdk } from './sdk.js';

const context = {
  vendor: 'openai',
  model: 'gpt-4o-mini',
  stage: 'request' as const,
  timedOut: false,
  callerAborted: false,
  timeoutMs: 1000,
};

describe('LlmError', () => {
  test('message names package, vendor, model, stage, code and status; retryability follows the code', () => {
    const error = new LlmError({
      code: 'rate_limited',
      stage: 'request',
      vendor: 'groq',
      model: 'llama',
      status: 429,
      message: 'slow down',
      cause: 'x',
    });
    expect(error.message).toBe('@espectro/llm [groq/llama] request: rate_limited (HTTP 429) — slow down');
    expect(error.isRetryable).toBe(true);
    expect(error.cause).toBe('x');
    expect(new LlmError({ code: 'auth', stage: 'configure', message: 'no key' }).isRetryable).toBe(false);
    expect(isLlmError(error)).toBe(true);
    expect(isLlmError(new Error('x'))).toBe(false);
  });
});

describe('retryAfterFromHeaders', () => {
  test('retry-after-ms first, then seconds, then HTTP date', () => {
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterFromHeaders({ 'retry-after': '0.5' })).toBe(500);
    expect(
      retryAfterFromHeaders(
        new Headers({ 'retry-after': 'Wed, 21 Oct 2026 07:28:10 GMT' }),
        Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'),
      ),
    ).toBe(10_000);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterFromHeaders(undefined)).toBeUndefined();
  });
});

describe('classifyError', () => {
  const statusError = (status: number, message = 'x', extra: object = {}) =>
    Object.assign(new Error(message), { status, headers: new Headers(), ...extra });
  test.each([
    [429, 'rate_limited'],
    [408, 'timeout'],
    [401, 'auth'],
    [402, 'auth'],
    [403, 'auth'],
    [400, 'bad_request'],
    [404, 'bad_request'],
    [422, 'bad_request'],
    [500, 'server_error'],
    [502, 'server_error'],
    [529, 'server_error'],
  ])('HTTP %i → %s', (status, code) => {
    expect(classifyError(statusError(status), context).code).toBe(code);
  });
  test('Gemini: invalid key in a 400, RetryInfo delay in the body', () => {
    const invalidKey = statusError(
      400,
      JSON.stringify({
        error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
      }),
    );
    const classified = classifyError(invalidKey, { ...context, vendor: 'gemini' });
    expect(classified.code).toBe('auth');
    expect(classified.message).toContain('— API key not valid');
    const limited = statusError(429, JSON.stringify({ error: { code: 429, details: [{ retryDelay: '12.5s' }] } }));
    expect(classifyError(limited, context).retryAfterMs).toBe(12_500);
  });
  test('OpenAI insufficient_quota is rate_limited but not retryable', () => {
    const error = classifyError(statusError(429, 'quota', { code: 'insufficient_quota' }), context);
    expect(error.code).toBe('rate_limited');
    expect(error.isRetryable).toBe(false);
  });
  test('deadline, caller abort, connection failures, anything else', () => {
    expect(classifyError(new Error('aborted'), { ...context, timedOut: true }).code).toBe('timeout');
    expect(classifyError(new Error('aborted'), { ...context, callerAborted: true }).code).toBe('aborted');
    expect(classifyError(Object.assign(new Error('x'), { name: 'APIConnectionTimeoutError' }), context).code).toBe(
      'timeout',
    );
    expect(
      classifyError(Object.assign(new Error('Connection error.'), { name: 'APIConnectionError' }), context).code,
    ).toBe('network');
    expect(
      classifyError(
        new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
        context,
      ).code,
    ).toBe('network');
    expect(classifyError(new RangeError('weird'), context).code).toBe('unexpected');
  });
});

describe('retry backoff', () => {
  test.prop([fc.integer({ min: 1, max: 12 }), fc.double({ min: 0, max: 0.999_999, noNaN: true })])(
    'doubles per retry within ±25 % and never exceeds maxRetryDelayMs',
    (retry, random) => {
      const delay = backoffDelay(DEFAULT_RETRY_POLICY, retry, () => random);
      const nominal = Math.min(
        DEFAULT_RETRY_POLICY.maxRetryDelayMs,
        DEFAULT_RETRY_POLICY.retryBaseDelayMs * 2 ** (retry - 1),
      );
      expect(delay).toBeGreaterThanOrEqual(Math.floor(nominal * 0.75));
      expect(delay).toBeLessThanOrEqual(DEFAULT_RETRY_POLICY.maxRetryDelayMs);
    },
  );
});

describe('loadSdk', () => {
  test('a missing optional SDK names the package to install', async () => {
    const name = '@espectro/not-an-installed-sdk';
    const error = await loadSdk(name, 'imaginary', () => import(/* @vite-ignore */ name)).catch(
      (thrown: unknown) => thrown as LlmError,
    );
    expect(error).toBeInstanceOf(LlmError);
    expect(error.code).toBe('sdk_missing');
    expect(error.stage).toBe('load_sdk');
    expect(error.message).toContain('pnpm add @espectro/not-an-installed-sdk');
  });
  test('other load failures are unexpected', async () => {
    const error = await loadSdk('openai', 'openai', () => Promise.reject(new Error('boom'))).catch(
      (thrown: unknown) => thrown as LlmError,
    );
    expect(error.code).toBe('unexpected');
  });
});

describe('scrubSecrets', () => {
  test.prop([fc.string(), fc.string({ minLength: 8 }).filter((key) => key.trim().length >= 8), fc.string()])(
    'a known key anywhere in a message is gone afterwards',
    (before, key, after) => {
      expect(scrubSecrets(`${before}${key}${after}${key}`, [key])).not.toContain(key);
    },
  );

  test('key shapes are masked without being known; short or blank secrets mask nothing', () => {
    expect(scrubSecrets('bad key gsk_abcdefghijklmnop1234 and AIzaSyA1234567890abcdefghijklmnopqrstu')).toBe(
      `bad key ${REDACTED} and ${REDACTED}`,
    );
    expect(scrubSecrets('sk-ant-api03-abcdefghijklmnopqrst rejected')).toBe(`${REDACTED} rejected`);
    expect(scrubSecrets('the model answered ok', ['ok', '   ', undefined])).toBe('the model answered ok');
  });

  test('classifyError scrubs the key from the message and from the cause it keeps', () => {
    const key = 'live-key-0123456789';
    const error = classifyError(Object.assign(new Error(`401 Invalid API key: ${key}`), { status: 401 }), {
      ...context,
      secrets: [key],
    });
    expect(error.code).toBe('auth');
    expect(error.message).toContain(`Invalid API key: ${REDACTED}`);
    expect(String((error.cause as Error).message)).not.toContain(key);
  });
});
