/**
 * `@espectro/llm/testing` — a loopback fake LLM server for tests, with scripted replies and faults
 * in the wire formats of OpenAI and Groq chat completions, Anthropic messages, Gemini
 * generateContent and OpenAI/Groq audio transcriptions, plus helpers that point the real adapters
 * (and the real vendor SDKs) at it. Nothing reaches the network.
 *
 * @example
 * import { startFakeLlmServer, reply } from '@espectro/llm/testing';
 * const server = await startFakeLlmServer();
 * server.enqueueFor({ vendor: 'gemini' }, reply.rateLimit());
 * server.enqueueFor({ vendor: 'groq' }, reply.json({ sameEvent: true }));
 * const judge = createFallbackChain([server.model('gemini'), server.model('groq')]);
 * const { object, answeredBy } = await judge.generateObject({ prompt, variables, schema });
 * expect(answeredBy.vendor).toBe('groq');
 * await server.close();
 *
 * @packageDocumentation
 */
import {
  createAnthropic,
  createDeepSeek,
  createGemini,
  createGroq,
  createGroqTranscriber,
  createOpenAI,
  createOpenAITranscriber,
  createPerplexity,
  type AnthropicSettings,
  type CompatibleSettings,
  type GeminiSettings,
  type GroqSettings,
  isLlmError,
  type LanguageModel,
  type LlmError,
  type OpenAISettings,
  type TranscriberSettings,
  type TranscriptionModel,
} from '@espectro/llm';
import { startFakeServerCore, type FakeServerCore, type FakeServerOptions } from './fake-server.js';

export { reply, type FakeStep, type FakeUsage } from './replies.js';
export type {
  FakeMatch,
  FakeRequest,
  FakeRoute,
  FakeServerCore,
  FakeServerOptions,
  FakeVendor,
} from './fake-server.js';

/** Vendors {@link FakeLlmServer.model} can build an adapter for. */
export type FakeModelVendor = 'openai' | 'groq' | 'anthropic' | 'gemini' | 'deepseek' | 'perplexity';

/** Settings for fake adapters: any adapter setting, plus the vendor-specific ones. */
export type FakeModelSettings = OpenAISettings & GroqSettings & AnthropicSettings & GeminiSettings & CompatibleSettings;

/**
 * Defaults of the fake adapters: a fixed fake key, `maxRetries: 0` (so one scripted step = one
 * attempt; pass `maxRetries` to exercise retries), 1 ms backoff, a 5 s deadline.
 */
export const FAKE_ADAPTER_DEFAULTS = Object.freeze({
  maxRetries: 0,
  retryBaseDelayMs: 1,
  maxRetryDelayMs: 2_000,
  timeoutMs: 5_000,
});

/** The fake server handle: scripting, recorded requests, and adapters pointed at it. */
export interface FakeLlmServer extends FakeServerCore {
  /** Base URL an adapter of `vendor` must use to reach this server. */
  baseURL(vendor: FakeModelVendor): string;
  /**
   * The real adapter for `vendor` (real SDK, real wire format) pointed at this server, with
   * {@link FAKE_ADAPTER_DEFAULTS} and the API key `fake-<vendor>-key`. DeepSeek and Perplexity use
   * the OpenAI route; tell their requests apart by model (`enqueueFor({ model: 'deepseek-chat' })`).
   */
  model(vendor: FakeModelVendor, settings?: FakeModelSettings): LanguageModel;
  /** The real transcriber for `vendor` pointed at this server. */
  transcriber(vendor: 'openai' | 'groq', settings?: TranscriberSettings): TranscriptionModel;
}

/**
 * Starts the fake LLM server on 127.0.0.1 (random port). Script replies per request with
 * `enqueue(...)` (any request) or `enqueueFor({ vendor, model, route }, ...)`; unscripted requests
 * get HTTP 400 unless `setDefault(step)` was called. Every request is recorded in `requests`
 * (path, lower-cased headers, parsed body, normalised `system`/`messages`, multipart `fields`/`files`).
 * Close it in `afterAll`.
 */
export async function startFakeLlmServer(options: FakeServerOptions = {}): Promise<FakeLlmServer> {
  const core = await startFakeServerCore(options);
  const baseURL = (vendor: FakeModelVendor): string =>
    vendor === 'openai' || vendor === 'deepseek' || vendor === 'perplexity' ? `${core.url}/v1` : core.url;
  const withDefaults = <Settings extends object>(
    vendor: string,
    settings: Settings | undefined,
  ): Settings & typeof FAKE_ADAPTER_DEFAULTS & { apiKey: string } => ({
    ...FAKE_ADAPTER_DEFAULTS,
    apiKey: `fake-${vendor}-key`,
    ...(settings ?? ({} as Settings)),
  });
  return Object.assign(core, {
    baseURL,
    model(vendor: FakeModelVendor, settings?: FakeModelSettings): LanguageModel {
      const resolved = { ...withDefaults(vendor, settings), baseURL: settings?.baseURL ?? baseURL(vendor) };
      switch (vendor) {
        case 'openai':
          return createOpenAI(resolved);
        case 'groq':
          return createGroq(resolved);
        case 'anthropic':
          return createAnthropic(resolved);
        case 'gemini':
          return createGemini(resolved);
        case 'deepseek':
          return createDeepSeek(resolved);
        case 'perplexity':
          return createPerplexity(resolved);
      }
    },
    transcriber(vendor: 'openai' | 'groq', settings?: TranscriberSettings): TranscriptionModel {
      const resolved = { ...withDefaults(vendor, settings), baseURL: settings?.baseURL ?? baseURL(vendor) };
      return vendor === 'openai' ? createOpenAITranscriber(resolved) : createGroqTranscriber(resolved);
    },
  });
}

/**
 * Awaits a call that must fail and returns its `LlmError` (throws if it succeeds or fails with
 * anything else).
 *
 * @example
 * const error = await llmErrorOf(model.generateText({ prompt }));
 * expect(error.code).toBe('rate_limited');
 */
export async function llmErrorOf(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    if (isLlmError(error)) return error;
    throw error;
  }
  throw new Error('@espectro/llm/testing llmErrorOf: the call succeeded, but a failure was expected');
}
