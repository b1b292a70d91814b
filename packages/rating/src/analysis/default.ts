import {
  API_KEY_VARIABLES,
  apiKeyFromEnv,
  createAnthropic,
  createFallbackChain,
  createGemini,
  createGroq,
  createOpenAI,
  type CostLedger,
  type LanguageModel,
} from '@espectro/llm';
import { createLexiconArticleAnalyzer } from './lexicon-analyzer.js';
import { createLlmArticleAnalyzer } from './llm-analyzer.js';
import type { ArticleAnalyzer } from './types.js';

/**
 * Environment variables that enable each provider of the default chain (rule SYN-2 order: Gemini →
 * Groq → Anthropic → OpenAI).
 *
 * @example
 * PROVIDER_KEY_VARIABLES.gemini; // ['GEMINI_API_KEY', 'GOOGLE_API_KEY']
 */
export const PROVIDER_KEY_VARIABLES = Object.freeze({
  gemini: API_KEY_VARIABLES.gemini,
  groq: API_KEY_VARIABLES.groq,
  anthropic: API_KEY_VARIABLES.anthropic,
  openai: API_KEY_VARIABLES.openai,
} as const);

/** Settings of {@link createArticleAnalyzer}. */
export interface ArticleAnalyzerSettings {
  /** Environment to read provider keys from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Force the offline lexicon baseline even when keys are present. */
  offline?: boolean;
  /** Use this model instead of building the chain from the keys. */
  model?: LanguageModel;
  /** Ledger for every model call (rule COST). */
  ledger?: CostLedger;
}

function keyOf(env: Record<string, string | undefined>, names: readonly string[]): string | undefined {
  return apiKeyFromEnv(names, env);
}

/**
 * The analyser a pipeline should use: the LLM rubric on the providers whose keys are present (a
 * fallback chain in the SYN-2 order, only the layers with a key), or — without any key, or with
 * `offline: true` — the transparent lexicon baseline, whose every product says
 * `backend: 'lexicon-baseline (offline)'`.
 *
 * @example
 * const analyzer = createArticleAnalyzer({ env: process.env, ledger });
 * analyzer.backend; // 'llm:chain/…' with keys, 'lexicon-baseline (offline)' without
 */
export function createArticleAnalyzer(settings: ArticleAnalyzerSettings = {}): ArticleAnalyzer {
  if (settings.model !== undefined) {
    return createLlmArticleAnalyzer({ model: settings.model, ...(settings.ledger === undefined ? {} : { ledger: settings.ledger }) });
  }
  const env = settings.env ?? process.env;
  if (settings.offline === true) return createLexiconArticleAnalyzer();
  const layers: LanguageModel[] = [];
  const gemini = keyOf(env, PROVIDER_KEY_VARIABLES.gemini);
  if (gemini !== undefined) layers.push(createGemini({ apiKey: gemini }));
  const groq = keyOf(env, PROVIDER_KEY_VARIABLES.groq);
  if (groq !== undefined) layers.push(createGroq({ apiKey: groq }));
  const anthropic = keyOf(env, PROVIDER_KEY_VARIABLES.anthropic);
  if (anthropic !== undefined) layers.push(createAnthropic({ apiKey: anthropic }));
  const openai = keyOf(env, PROVIDER_KEY_VARIABLES.openai);
  if (openai !== undefined) layers.push(createOpenAI({ apiKey: openai }));
  if (layers.length === 0) return createLexiconArticleAnalyzer();
  const model = layers.length === 1 ? layers[0]! : createFallbackChain(layers, settings.ledger === undefined ? {} : { ledger: settings.ledger });
  return createLlmArticleAnalyzer({ model, ...(settings.ledger === undefined ? {} : { ledger: settings.ledger }) });
}
