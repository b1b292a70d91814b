import { createLanguageModel, type Driver, type DriverResponse } from '../core.js';
import { apiKeyFromEnv, loadSdk } from '../sdk.js';
import type { FinishReason, LanguageModel } from '../types.js';
import { missingKeyError } from './chat-completions.js';
import type { ProviderSettings } from './openai.js';

/** Settings of {@link createGemini}. */
export interface GeminiSettings extends ProviderSettings {
  /**
   * Thinking budget in tokens for 2.5 models (thinking tokens are billed as output); `0` turns
   * thinking off on Flash. Vendor default when omitted.
   */
  thinkingBudget?: number;
  /** API version path segment; default `v1beta`. */
  apiVersion?: string;
}

/** Default Gemini model. */
export const GEMINI_DEFAULT_MODEL = 'gemini-2.5-flash';
/** Default Gemini API base URL. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';

interface GenAIModule {
  GoogleGenAI: new (options: Record<string, unknown>) => GenAIClient;
}

interface GenAIClient {
  models: { generateContent(params: Record<string, unknown>): Promise<unknown> };
}

interface GenerateContentResponse {
  candidates?: {
    content?: { parts?: { text?: string; thought?: boolean }[] };
    finishReason?: string;
  }[];
  promptFeedback?: { blockReason?: string; blockReasonMessage?: string };
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number };
}

const BLOCKED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'LANGUAGE',
]);

function finishReasonOf(reason: string | undefined): FinishReason {
  if (reason === 'STOP') return 'stop';
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason !== undefined && BLOCKED.has(reason)) return 'content_filter';
  return reason === undefined ? 'stop' : 'other';
}

/**
 * Google Gemini API through `@google/genai` (default `gemini-2.5-flash`, key `GEMINI_API_KEY` or
 * `GOOGLE_API_KEY`). Structured output uses `responseMimeType: application/json` with
 * `responseJsonSchema`. Always the Gemini API: `GOOGLE_GENAI_USE_VERTEXAI` is not honoured.
 *
 * @example
 * const gemini = createGemini({ thinkingBudget: 0 });
 */
export function createGemini(settings: GeminiSettings = {}): LanguageModel {
  const model = settings.model ?? GEMINI_DEFAULT_MODEL;
  const apiKey = settings.apiKey ?? apiKeyFromEnv(['GEMINI_API_KEY', 'GOOGLE_API_KEY']);
  let client: Promise<GenAIClient> | undefined;
  const getClient = (): Promise<GenAIClient> => {
    if (apiKey === undefined)
      return Promise.reject(missingKeyError('gemini', model, ['GEMINI_API_KEY', 'GOOGLE_API_KEY']));
    client ??= loadSdk<GenAIModule>(
      '@google/genai',
      'gemini',
      () => import('@google/genai') as Promise<unknown> as Promise<GenAIModule>,
    ).then(
      (sdk) =>
        new sdk.GoogleGenAI({
          apiKey,
          vertexai: false,
          httpOptions: {
            baseUrl: settings.baseURL ?? GEMINI_BASE_URL,
            ...(settings.apiVersion !== undefined ? { apiVersion: settings.apiVersion } : {}),
            ...(settings.fetch !== undefined ? { fetch: settings.fetch } : {}),
            ...(settings.headers !== undefined ? { headers: settings.headers } : {}),
          },
        }),
    );
    return client;
  };
  const driver: Driver = {
    vendor: 'gemini',
    model,
    secrets: [apiKey],
    enforcesSchema: () => true,
    async send(request, signal): Promise<DriverResponse> {
      const genai = await getClient();
      const config: Record<string, unknown> = {
        maxOutputTokens: request.maxOutputTokens,
        abortSignal: signal,
      };
      if (request.system !== undefined) config.systemInstruction = request.system;
      if (request.temperature !== undefined) config.temperature = request.temperature;
      if (settings.thinkingBudget !== undefined) config.thinkingConfig = { thinkingBudget: settings.thinkingBudget };
      if (request.structured !== undefined) {
        config.responseMimeType = 'application/json';
        config.responseJsonSchema = request.structured.schema.jsonSchema;
      }
      const response = (await genai.models.generateContent({
        model,
        contents: request.messages.map((message) => ({
          role: message.role === 'assistant' ? 'model' : 'user',
          parts: [{ text: message.content }],
        })),
        config,
      })) as GenerateContentResponse;
      const usage = {
        inputTokens: response.usageMetadata?.promptTokenCount ?? 0,
        outputTokens:
          (response.usageMetadata?.candidatesTokenCount ?? 0) + (response.usageMetadata?.thoughtsTokenCount ?? 0),
      };
      const candidate = response.candidates?.[0];
      if (candidate === undefined) {
        const reason = response.promptFeedback?.blockReason;
        return {
          text: '',
          usage,
          finishReason: reason !== undefined ? 'refusal' : 'other',
          ...(reason !== undefined
            ? {
                refusal: `prompt blocked (${reason})${response.promptFeedback?.blockReasonMessage !== undefined ? `: ${response.promptFeedback.blockReasonMessage}` : ''}`,
              }
            : {}),
        };
      }
      const text = (candidate.content?.parts ?? [])
        .filter((part) => typeof part.text === 'string' && part.thought !== true)
        .map((part) => part.text)
        .join('');
      const finishReason = finishReasonOf(candidate.finishReason);
      return {
        text,
        usage,
        finishReason,
        ...(finishReason === 'content_filter' ? { refusal: `answer blocked (${candidate.finishReason})` } : {}),
      };
    },
  };
  return createLanguageModel(driver, settings);
}
