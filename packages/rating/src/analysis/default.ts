import { API_KEY_VARIABLES, createConfiguredChain, type CostLedger, type LanguageModel } from '@espectro/llm';
import { createLexiconArticleAnalyzer } from './lexicon-analyzer.js';
import { createLlmArticleAnalyzer } from './llm-analyzer.js';
import type { ArticleAnalyzer } from './types.js';

/**
 * Environment variables that enable each provider of the default chain (rule SYN-2 order: Gemini →
 * Groq → Anthropic → OpenAI).
 *
 * @deprecated The same lists as `API_KEY_VARIABLES` of `@espectro/llm` (these are its entries);
 * import that instead.
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

/**
 * The analyser a pipeline should use: the LLM rubric on the providers whose keys are present (the
 * SYN-2 chain of `@espectro/llm`'s `createConfiguredChain`, only the layers with a key; a single
 * provider is used without a chain around it), or — without any key, or with `offline: true` —
 * the transparent lexicon baseline, whose every product says `backend: 'lexicon-baseline (offline)'`.
 *
 * @example
 * const analyzer = createArticleAnalyzer({ env: process.env, ledger });
 * analyzer.backend; // 'llm:chain/…' with keys, 'lexicon-baseline (offline)' without
 */
export function createArticleAnalyzer(settings: ArticleAnalyzerSettings = {}): ArticleAnalyzer {
  if (settings.model !== undefined) {
    return createLlmArticleAnalyzer({
      model: settings.model,
      ...(settings.ledger === undefined ? {} : { ledger: settings.ledger }),
    });
  }
  if (settings.offline === true) return createLexiconArticleAnalyzer();
  // The keyed SYN-2 chain lives in @espectro/llm: only the layers with a key, in order.
  const chain = createConfiguredChain({
    ...(settings.env === undefined ? {} : { env: settings.env }),
    ...(settings.ledger === undefined ? {} : { ledger: settings.ledger }),
  });
  if (chain === null) return createLexiconArticleAnalyzer();
  // A single configured provider is used as is (its backend names the provider, not a chain).
  const model = chain.layers.length === 1 ? chain.layers[0]! : chain;
  return createLlmArticleAnalyzer({ model, ...(settings.ledger === undefined ? {} : { ledger: settings.ledger }) });
}
