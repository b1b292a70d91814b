import { createLanguageModel, type Driver, type DriverResponse } from '../core.js';
import { apiKeyFromEnv, loadSdk } from '../sdk.js';
import type { FinishReason, LanguageModel } from '../types.js';
import { missingKeyError } from './chat-completions.js';
import type { ProviderSettings } from './openai.js';

/** Settings of {@link createAnthropic}. */
export type AnthropicSettings = ProviderSettings;

/** Default Anthropic model. */
export const ANTHROPIC_DEFAULT_MODEL = 'claude-sonnet-4-6';
/** Default Anthropic base URL. */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

interface AnthropicModule {
  Anthropic: new (options: Record<string, unknown>) => AnthropicClient;
}

interface AnthropicClient {
  messages: {
    create(body: Record<string, unknown>, options: { signal: AbortSignal; maxRetries: number }): PromiseLike<unknown>;
  };
}

interface AnthropicMessage {
  content?: ({ type: 'text'; text: string } | { type: 'tool_use'; name: string; input: unknown } | { type: string })[];
  stop_reason?: string | null;
  usage?: { input_tokens?: number; output_tokens?: number };
}

function finishReasonOf(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_call';
    case 'refusal':
      return 'refusal';
    default:
      return 'other';
  }
}

/**
 * Anthropic Messages API through `@anthropic-ai/sdk` (default `claude-sonnet-4-6`, key
 * `ANTHROPIC_API_KEY`). Structured output is a forced tool call whose `input_schema` is the JSON
 * Schema; when the model answers in text anyway, the text goes through repair and validation.
 *
 * @example
 * const claude = createAnthropic({ maxOutputTokens: 2_048 });
 */
export function createAnthropic(settings: AnthropicSettings = {}): LanguageModel {
  const model = settings.model ?? ANTHROPIC_DEFAULT_MODEL;
  const apiKey = settings.apiKey ?? apiKeyFromEnv(['ANTHROPIC_API_KEY']);
  const timeoutMs = settings.timeoutMs ?? 60_000;
  let client: Promise<AnthropicClient> | undefined;
  const getClient = (): Promise<AnthropicClient> => {
    if (apiKey === undefined) return Promise.reject(missingKeyError('anthropic', model, ['ANTHROPIC_API_KEY']));
    client ??= loadSdk<AnthropicModule>(
      '@anthropic-ai/sdk',
      'anthropic',
      () => import('@anthropic-ai/sdk') as Promise<unknown> as Promise<AnthropicModule>,
    ).then(
      (sdk) =>
        new sdk.Anthropic({
          apiKey,
          baseURL: settings.baseURL ?? ANTHROPIC_BASE_URL,
          maxRetries: 0,
          timeout: timeoutMs + 1_000,
          ...(settings.fetch !== undefined ? { fetch: settings.fetch } : {}),
          ...(settings.headers !== undefined ? { defaultHeaders: settings.headers } : {}),
        }),
    );
    return client;
  };
  const driver: Driver = {
    vendor: 'anthropic',
    model,
    secrets: [apiKey],
    enforcesSchema: (schema) => schema.objectRoot,
    async send(request, signal): Promise<DriverResponse> {
      const anthropic = await getClient();
      const body: Record<string, unknown> = {
        model,
        max_tokens: request.maxOutputTokens,
        messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
      };
      if (request.system !== undefined) body.system = request.system;
      if (request.temperature !== undefined) body.temperature = request.temperature;
      const structured = request.structured;
      const toolName = structured !== undefined && structured.schema.objectRoot ? structured.name : undefined;
      if (structured !== undefined && toolName !== undefined) {
        body.tools = [
          {
            name: toolName,
            description: structured.description ?? 'Record the answer in the required structure.',
            input_schema: structured.schema.jsonSchema,
          },
        ];
        body.tool_choice = { type: 'tool', name: toolName };
      }
      const message = (await anthropic.messages.create(body, { signal, maxRetries: 0 })) as AnthropicMessage;
      const blocks = message.content ?? [];
      const text = blocks
        .filter((block): block is { type: 'text'; text: string } => block.type === 'text')
        .map((block) => block.text)
        .join('');
      const toolUse = blocks.find(
        (block): block is { type: 'tool_use'; name: string; input: unknown } =>
          block.type === 'tool_use' && (block as { name?: string }).name === toolName,
      );
      const finishReason = finishReasonOf(message.stop_reason);
      return {
        text,
        ...(toolUse !== undefined ? { json: { value: toolUse.input } } : {}),
        usage: { inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 },
        finishReason,
        ...(finishReason === 'refusal' && text !== '' ? { refusal: text } : {}),
      };
    },
  };
  return createLanguageModel(driver, settings);
}
