import { createLanguageModel } from '../core.js';
import { apiKeyFromEnv, loadSdk } from '../sdk.js';
import type { LanguageModel } from '../types.js';
import {
  chatCompletionsDriver,
  missingKeyError,
  type ChatCompletionsClient,
  type ChatStructuredOutput,
} from './chat-completions.js';
import type { ProviderSettings } from './openai.js';

/** Settings of {@link createGroq}. */
export interface GroqSettings extends ProviderSettings {
  /**
   * `json_object` (default: Groq's JSON mode, supported by `llama-3.3-70b-versatile`, with the
   * schema in the system prompt), `json_schema` (only on the Groq models that support it), or `prompt`.
   */
  structuredOutput?: ChatStructuredOutput;
}

/** Default Groq model. */
export const GROQ_DEFAULT_MODEL = 'llama-3.3-70b-versatile';
/** Default Groq base URL (the SDK appends `/openai/v1/...`). */
export const GROQ_BASE_URL = 'https://api.groq.com';

interface GroqModule {
  Groq: new (options: Record<string, unknown>) => unknown;
}

/** Lazily builds one `groq-sdk` client with SDK retries off. */
export function groqClientFactory(
  settings: {
    apiKey: string | undefined;
    baseURL: string;
    timeoutMs: number;
    fetch?: typeof globalThis.fetch | undefined;
    headers?: Record<string, string> | undefined;
  },
  model: string,
): () => Promise<unknown> {
  let client: Promise<unknown> | undefined;
  return () => {
    if (settings.apiKey === undefined) return Promise.reject(missingKeyError('groq', model, ['GROQ_API_KEY']));
    client ??= loadSdk<GroqModule>(
      'groq-sdk',
      'groq',
      () => import('groq-sdk') as Promise<unknown> as Promise<GroqModule>,
    ).then(
      (sdk) =>
        new sdk.Groq({
          apiKey: settings.apiKey,
          baseURL: settings.baseURL,
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
 * Groq chat completions through `groq-sdk` (default `llama-3.3-70b-versatile`, key `GROQ_API_KEY`).
 *
 * @example
 * const groq = createGroq({ timeoutMs: 20_000 });
 */
export function createGroq(settings: GroqSettings = {}): LanguageModel {
  const model = settings.model ?? GROQ_DEFAULT_MODEL;
  const apiKey = settings.apiKey ?? apiKeyFromEnv(['GROQ_API_KEY']);
  const client = groqClientFactory(
    {
      apiKey,
      baseURL: settings.baseURL ?? GROQ_BASE_URL,
      timeoutMs: settings.timeoutMs ?? 60_000,
      fetch: settings.fetch,
      headers: settings.headers,
    },
    model,
  );
  const driver = chatCompletionsDriver({
    vendor: 'groq',
    model,
    structuredOutput: settings.structuredOutput ?? 'json_object',
    maxTokensField: 'max_completion_tokens',
    client: client as () => Promise<ChatCompletionsClient>,
    apiKey,
  });
  return createLanguageModel(driver, settings);
}
