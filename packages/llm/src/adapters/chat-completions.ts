import type { Driver, DriverRequest, DriverResponse } from '../core.js';
import { LlmError } from '../errors.js';
import type { PreparedSchema } from '../schema.js';
import type { FinishReason } from '../types.js';

/** How structured output is requested from an OpenAI-style chat completions API. */
export type ChatStructuredOutput = 'json_schema' | 'json_object' | 'prompt';

/** The slice of the openai / groq-sdk clients the driver uses. */
export interface ChatCompletionsClient {
  chat: {
    completions: {
      create(body: Record<string, unknown>, options: { signal: AbortSignal; maxRetries: number }): PromiseLike<unknown>;
    };
  };
}

interface ChatCompletion {
  choices?: {
    message?: { content?: string | null; refusal?: string | null };
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

function finishReasonOf(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool_call';
    default:
      return 'other';
  }
}

/** A configuration problem detected before any request (no key). */
export function missingKeyError(vendor: string, model: string, variables: readonly string[]): LlmError {
  return new LlmError({
    code: 'auth',
    stage: 'configure',
    vendor,
    model,
    message: `no API key: pass \`apiKey\` or set ${variables.join(' or ')}`,
  });
}

/**
 * Driver for OpenAI-style `/chat/completions` (OpenAI, Groq, DeepSeek, Perplexity and other
 * compatible vendors).
 */
export function chatCompletionsDriver(options: {
  vendor: string;
  model: string;
  structuredOutput: ChatStructuredOutput;
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  client: () => Promise<ChatCompletionsClient>;
  /** The API key the client sends (scrubbed from vendor messages). */
  apiKey: string | undefined;
}): Driver {
  const { vendor, model, structuredOutput } = options;
  const usesNativeSchema = (schema: PreparedSchema): boolean => structuredOutput === 'json_schema' && schema.objectRoot;
  return {
    vendor,
    model,
    enforcesSchema: usesNativeSchema,
    secrets: [options.apiKey],
    async send(request: DriverRequest, signal: AbortSignal): Promise<DriverResponse> {
      const client = await options.client();
      const body: Record<string, unknown> = {
        model,
        messages: [
          ...(request.system !== undefined ? [{ role: 'system', content: request.system }] : []),
          ...request.messages.map((message) => ({ role: message.role, content: message.content })),
        ],
        [options.maxTokensField]: request.maxOutputTokens,
      };
      if (request.temperature !== undefined) body.temperature = request.temperature;
      const structured = request.structured;
      if (structured !== undefined && structured.schema.objectRoot) {
        if (usesNativeSchema(structured.schema)) {
          body.response_format = {
            type: 'json_schema',
            json_schema: {
              name: structured.name,
              ...(structured.description !== undefined ? { description: structured.description } : {}),
              schema: structured.schema.jsonSchema,
              strict: false,
            },
          };
        } else if (structuredOutput === 'json_object') {
          body.response_format = { type: 'json_object' };
        }
      }
      const completion = (await client.chat.completions.create(body, { signal, maxRetries: 0 })) as ChatCompletion;
      const choice = completion.choices?.[0];
      const refusal = choice?.message?.refusal ?? undefined;
      return {
        text: choice?.message?.content ?? '',
        usage: {
          inputTokens: completion.usage?.prompt_tokens ?? 0,
          outputTokens: completion.usage?.completion_tokens ?? 0,
        },
        finishReason: refusal !== undefined && refusal !== null ? 'refusal' : finishReasonOf(choice?.finish_reason),
        ...(refusal !== undefined && refusal !== null ? { refusal } : {}),
      };
    },
  };
}
