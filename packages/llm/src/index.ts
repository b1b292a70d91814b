/**
 * @espectro/llm — one LanguageModel interface over Gemini, Groq, Anthropic and OpenAI(-compatible)
 * vendors; a fallback chain (rule SYN-2); structured output validated by zod with repair and one
 * re-ask; versioned prompts (rule AUDIT); a cost ledger (rule COST); a response cache; speech-to-text.
 * Loopback fake servers for tests live in `@espectro/llm/testing`.
 *
 * @packageDocumentation
 */
export type {
  AnsweredBy,
  AttemptOutcome,
  AttemptRecord,
  CallSettings,
  FinishReason,
  GenerateObjectOptions,
  GenerateObjectResult,
  GenerateResultBase,
  GenerateTextOptions,
  GenerateTextResult,
  LanguageModel,
  TokenUsage,
  VariablesOption,
} from './types.js';
export {
  LlmError,
  isLlmError,
  classifyError,
  scrubSecrets,
  REDACTED,
  retryAfterFromHeaders,
  RETRYABLE_CODES,
  type LlmErrorCode,
  type LlmErrorDetails,
  type LlmStage,
  type LayerFailure,
  type ClassifyContext,
} from './errors.js';
export {
  definePrompt,
  type Prompt,
  type PromptTemplate,
  type PromptVariables,
  type RenderedPrompt,
  type TemplateVariableNames,
  type StringPromptDefinition,
  type FunctionPromptDefinition,
} from './prompt.js';
export {
  repairJson,
  closeTruncatedJson,
  removeTrailingCommas,
  type JsonRepair,
  type JsonRepairResult,
} from './json-repair.js';
export {
  createMemoryLedger,
  defaultPrices,
  findPrice,
  priceCall,
  emptyTotals,
  addToTotals,
  NO_JOB,
  PRICES_AS_OF,
  type CostLedger,
  type LedgerCall,
  type LedgerEntry,
  type LedgerFilter,
  type LedgerTotals,
  type MemoryLedger,
  type MemoryLedgerSettings,
  type ModelPrice,
  type PriceTable,
} from './ledger.js';
export {
  cacheKey,
  createMemoryCacheStore,
  type CacheKeyParts,
  type CacheStore,
  type CachedAnswer,
  type MemoryCacheSettings,
  type MemoryCacheStore,
} from './cache.js';
export { DEFAULT_RETRY_POLICY, backoffDelay, type RetryPolicy } from './retry.js';
export {
  createLanguageModel,
  type CommonModelSettings,
  type Driver,
  type DriverMessage,
  type DriverRequest,
  type DriverResponse,
  type DriverStructured,
} from './core.js';
export { prepareSchema, type PreparedSchema } from './schema.js';
export {
  createOpenAI,
  createDeepSeek,
  createPerplexity,
  OPENAI_DEFAULT_MODEL,
  OPENAI_BASE_URL,
  type OpenAISettings,
  type ProviderSettings,
  type CompatibleSettings,
} from './adapters/openai.js';
export type { ChatStructuredOutput } from './adapters/chat-completions.js';
export { createGroq, GROQ_DEFAULT_MODEL, GROQ_BASE_URL, type GroqSettings } from './adapters/groq.js';
export {
  createAnthropic,
  ANTHROPIC_DEFAULT_MODEL,
  ANTHROPIC_BASE_URL,
  type AnthropicSettings,
} from './adapters/anthropic.js';
export { createGemini, GEMINI_DEFAULT_MODEL, GEMINI_BASE_URL, type GeminiSettings } from './adapters/gemini.js';
export {
  createFallbackChain,
  shouldFallThrough,
  CONFIGURATION_CODES,
  type FallbackChain,
  type FallbackChainSettings,
  type FallThroughEvent,
  type FallThroughPolicy,
} from './chain.js';
export {
  createDefaultChain,
  createConfiguredChain,
  DEFAULT_CHAIN_MODELS,
  type DefaultChainSettings,
  type ConfiguredChainSettings,
} from './default-chain.js';
export { API_KEY_VARIABLES, apiKeyFromEnv } from './sdk.js';
export {
  createOpenAITranscriber,
  createGroqTranscriber,
  namesPrompt,
  OPENAI_TRANSCRIBE_DEFAULT_MODEL,
  GROQ_TRANSCRIBE_DEFAULT_MODEL,
  type TranscribeOptions,
  type TranscriberSettings,
  type TranscriptionModel,
  type TranscriptionResult,
} from './transcription.js';
