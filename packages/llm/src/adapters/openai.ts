import { createLanguageModel, type CommonModelSettings } from '../core.js';
import { LlmError } from '../errors.js';
import { apiKeyFromEnv, loadSdk } from '../sdk.js';
import type { LanguageModel } from '../types.js';
import {
  chatCompletionsDriver,
  missingKeyError,
  type ChatCompletionsClient,
  type ChatStructuredOutput,
} from './chat-completions.js';

/** Settings shared by the vendor adapters. */
export interface ProviderSettings extends CommonModelSettings {
  /** API key; default from the adapter's environment variable(s). */
  apiKey?: string;
  /**
   * Base URL of the API. Environment variables such as `OPENAI_BASE_URL` are deliberately **not**
   * read: a stray variable must not redirect traffic (or tests) elsewhere.
   */
  baseURL?: string;
  /** Model id; each adapter has a default. */
  model?: string;
  /** Custom fetch (proxies, instrumentation). */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

/** Settings of {@link createOpenAI}. */
export interface OpenAISettings extends ProviderSettings {
  /** Vendor name recorded in results and the ledger; set it for OpenAI-compatible vendors (`deepseek`). Default `openai`. */
  vendor?: string;
  /** `json_schema` (default for OpenAI), `json_object`, or `prompt` (schema in the system prompt only). */
  structuredOutput?: ChatStructuredOutput;
  /** Environment variables tried for the key, in order; default `['OPENAI_API_KEY']`. */
  apiKeyEnv?: readonly string[];
  /** Output cap field; default `max_completion_tokens` for OpenAI, `max_tokens` for other vendors. */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
}

/** Default OpenAI model. */
export const OPENAI_DEFAULT_MODEL = 'gpt-4o-mini';
/** Default OpenAI base URL. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

interface OpenAIModule {
  OpenAI: new (options: Record<string, unknown>) => unknown;
}

/** Lazily builds one `openai` client with SDK retries off. */
export function openaiClientFactory(
  vendor: string,
  settings: {
    apiKey: string | undefined;
    baseURL: string;
    timeoutMs: number;
    fetch?: typeof globalThis.fetch | undefined;
    headers?: Record<string, string> | undefined;
  },
  keyVariables: readonly string[],
  model: string,
): () => Promise<unknown> {
  let client: Promise<unknown> | undefined;
  return () => {
    if (settings.apiKey === undefined) return Promise.reject(missingKeyError(vendor, model, keyVariables));
    client ??= loadSdk<OpenAIModule>(
      'openai',
      vendor,
      () => import('openai') as Promise<unknown> as Promise<OpenAIModule>,
    ).then(
      (sdk) =>
        new sdk.OpenAI({
          apiKey: settings.apiKey,
          baseURL: settings.baseURL,
          organization: null,
          project: null,
          maxRetries: 0,
          timeout: settings.timeoutMs + 1_000,
          ...(settings.fetch !== undefined ? { fetch: settings.fetch } : {}),
          ...(settings.headers !== undefined ? { defaultHeaders: settings.headers } : {}),
        }),
    );
    return client;
  };
}

/**
 * OpenAI chat completions (default `gpt-4o-mini`, key `OPENAI_API_KEY`), and — with `baseURL` and
 * `vendor` — any OpenAI-compatible vendor. Structured output uses `response_format: json_schema`.
 *
 * @example
 * const openai = createOpenAI({ model: 'gpt-4o-mini' });
 * const local = createOpenAI({ vendor: 'ollama', baseURL: 'http://127.0.0.1:11434/v1', apiKey: 'ollama', model: 'llama3.1' });
 */
export function createOpenAI(settings: OpenAISettings = {}): LanguageModel {
  const vendor = settings.vendor ?? 'openai';
  if (vendor !== 'openai' && settings.baseURL === undefined) {
    throw new LlmError({
      code: 'bad_request',
      stage: 'configure',
      vendor,
      message: `createOpenAI with vendor "${vendor}" needs its \`baseURL\` (otherwise requests would go to OpenAI)`,
    });
  }
  const model = settings.model ?? OPENAI_DEFAULT_MODEL;
  const keyVariables = settings.apiKeyEnv ?? ['OPENAI_API_KEY'];
  const apiKey = settings.apiKey ?? apiKeyFromEnv(keyVariables);
  const client = openaiClientFactory(
    vendor,
    {
      apiKey,
      baseURL: settings.baseURL ?? OPENAI_BASE_URL,
      timeoutMs: settings.timeoutMs ?? 60_000,
      fetch: settings.fetch,
      headers: settings.headers,
    },
    keyVariables,
    model,
  );
  const driver = chatCompletionsDriver({
    vendor,
    model,
    structuredOutput: settings.structuredOutput ?? 'json_schema',
    maxTokensField: settings.maxTokensField ?? (vendor === 'openai' ? 'max_completion_tokens' : 'max_tokens'),
    client: client as () => Promise<ChatCompletionsClient>,
    apiKey,
  });
  return createLanguageModel(driver, settings);
}

/** Settings of {@link createDeepSeek} and {@link createPerplexity}. */
export type CompatibleSettings = Omit<OpenAISettings, 'vendor' | 'apiKeyEnv'>;

/**
 * DeepSeek through its OpenAI-compatible API (default `deepseek-chat`, key `DEEPSEEK_API_KEY`,
 * base URL `https://api.deepseek.com`); structured output via `json_object` + schema in the prompt.
 */
export function createDeepSeek(settings: CompatibleSettings = {}): LanguageModel {
  return createOpenAI({
    structuredOutput: 'json_object',
    ...settings,
    vendor: 'deepseek',
    baseURL: settings.baseURL ?? 'https://api.deepseek.com',
    model: settings.model ?? 'deepseek-chat',
    apiKeyEnv: ['DEEPSEEK_API_KEY'],
  });
}

/**
 * Perplexity Sonar through its OpenAI-compatible API (default `sonar`, key `PERPLEXITY_API_KEY`,
 * base URL `https://api.perplexity.ai`); structured output via `json_schema`.
 */
export function createPerplexity(settings: CompatibleSettings = {}): LanguageModel {
  return createOpenAI({
    structuredOutput: 'json_schema',
    ...settings,
    vendor: 'perplexity',
    baseURL: settings.baseURL ?? 'https://api.perplexity.ai',
    model: settings.model ?? 'sonar',
    apiKeyEnv: ['PERPLEXITY_API_KEY'],
  });
}
