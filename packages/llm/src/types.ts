import type { z } from 'zod';
import type { LlmErrorCode } from './errors.js';
import type { CostLedger } from './ledger.js';
import type { Prompt, PromptVariables } from './prompt.js';

/** Tokens billed for one call or attempt. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** Why the model stopped, normalised across vendors. */
export type FinishReason = 'stop' | 'length' | 'tool_call' | 'refusal' | 'content_filter' | 'other';

/** Outcome of one attempt as recorded in results and in the ledger. */
export type AttemptOutcome = 'ok' | 'cache_hit' | LlmErrorCode;

/**
 * One HTTP attempt (or cache hit) made while answering a call. A call has at least one; retries,
 * the structured-output re-ask and every layer of a chain add more. The ledger has the same records.
 */
export interface AttemptRecord {
  /** Chain layer index (0 = first layer; a bare adapter is layer 0). */
  layer: number;
  vendor: string;
  model: string;
  /** `answer` = the request itself, `reask` = the one re-ask after invalid structured output. */
  phase: 'answer' | 'reask' | 'transcribe';
  /** 0 for the first try of the phase, 1 for the first retry, … */
  retry: number;
  /** How long we waited before this attempt (retry-after or backoff), in ms. */
  waitedMs: number;
  /** Duration of the attempt, in ms. */
  latencyMs: number;
  outcome: AttemptOutcome;
  usage: TokenUsage;
  costUsd: number;
  /** For failed attempts: the error message. */
  message?: string;
}

/** Which layer of a chain produced the answer (for a bare adapter: layer 0, itself). */
export interface AnsweredBy {
  layer: number;
  vendor: string;
  model: string;
}

/** Options every call accepts. */
export interface CallSettings {
  /** Groups calls for cost totals: a story id, a debate id, a rating run. */
  jobId?: string;
  /** Where to record the call; overrides the model's `ledger` setting. */
  ledger?: CostLedger;
  /** Cancels the call (no retries, no fallback: the error code is `aborted`). */
  signal?: AbortSignal;
  /** Sampling temperature; vendor default when omitted. */
  temperature?: number;
  /** Output token cap; default the model's `maxOutputTokens` setting (4,096). */
  maxOutputTokens?: number;
}

/** `variables` is required when the prompt has template variables, optional otherwise. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends V` asks whether every variable is optional
export type VariablesOption<Variables extends PromptVariables> = {} extends Variables
  ? { variables?: Variables }
  : { variables: Variables };

/** Options of {@link LanguageModel.generateText}. */
export type GenerateTextOptions<Variables extends PromptVariables = PromptVariables> = CallSettings & {
  /** A versioned prompt from `definePrompt`; its id and version travel to the result and the ledger. */
  prompt: Prompt<Variables>;
} & VariablesOption<Variables>;

/** Options of {@link LanguageModel.generateObject}. */
export type GenerateObjectOptions<
  Schema extends z.ZodType,
  Variables extends PromptVariables = PromptVariables,
> = GenerateTextOptions<Variables> & {
  /** The zod schema the answer must satisfy; sent to the vendor as JSON Schema where supported. */
  schema: Schema;
  /** Name of the structured output (OpenAI `json_schema.name`, Anthropic tool name); default `response`. */
  schemaName?: string;
  /** One sentence describing the output, sent with the schema. */
  schemaDescription?: string;
};

/** What every successful call returns. */
export interface GenerateResultBase {
  /** Vendor that produced the answer (for a chain: the answering layer's vendor). */
  vendor: string;
  /** Model that produced the answer. */
  model: string;
  /** Which layer answered (`layer` 0 for a bare adapter). */
  answeredBy: AnsweredBy;
  /** The prompt's id and version (rule AUDIT). */
  promptId: string;
  promptVersion: string;
  /** Tokens billed over every attempt of this call (failed layers, retries and the re-ask included). */
  usage: TokenUsage;
  /** USD cost over every attempt of this call, from the ledger's price table. */
  costUsd: number;
  /** Wall-clock duration of the whole call, in ms. */
  latencyMs: number;
  finishReason: FinishReason;
  /** True when the answer came from the response cache (then `usage` and `costUsd` are 0). */
  cached: boolean;
  /** Every attempt, in order. */
  attempts: AttemptRecord[];
}

/** Result of {@link LanguageModel.generateText}. */
export interface GenerateTextResult extends GenerateResultBase {
  text: string;
}

/** Result of {@link LanguageModel.generateObject}. */
export interface GenerateObjectResult<Output> extends GenerateResultBase {
  /** The validated output (zod `output` type). */
  object: Output;
  /** The model's raw text (for Anthropic tool calls: the tool input serialised as JSON). */
  rawText: string;
  /** Repairs applied to the raw text before it validated (`stripped_code_fence`, `removed_trailing_commas`, …). */
  repairs: string[];
  /** True when the valid answer came from the re-ask after an invalid first answer. */
  reasked: boolean;
}

/**
 * One interface over every vendor and over the fallback chain (which is itself a LanguageModel).
 *
 * @example
 * const model = createFallbackChain([createGemini(), createGroq()]);
 * const { object, answeredBy, promptVersion } = await model.generateObject({ prompt, variables, schema });
 */
export interface LanguageModel {
  /** Vendor name: `gemini`, `groq`, `anthropic`, `openai`, `deepseek`, `perplexity`, …, or `chain`. */
  readonly vendor: string;
  /** Model id (for a chain: the layers, `gemini:gemini-2.5-flash > groq:llama-3.3-70b-versatile`). */
  readonly modelId: string;
  /** Free text. */
  generateText<Variables extends PromptVariables>(options: GenerateTextOptions<Variables>): Promise<GenerateTextResult>;
  /**
   * Structured output validated by a zod schema: the vendor's JSON mode or tool calling where it
   * has one, else JSON in text; then repair (code fences, prose, trailing commas, safe truncation)
   * and, if the answer still fails, one re-ask with the validation errors.
   */
  generateObject<Schema extends z.ZodType, Variables extends PromptVariables>(
    options: GenerateObjectOptions<Schema, Variables>,
  ): Promise<GenerateObjectResult<z.output<Schema>>>;
}
