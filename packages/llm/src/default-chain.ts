import { createAnthropic, type AnthropicSettings } from './adapters/anthropic.js';
import { createGemini, type GeminiSettings } from './adapters/gemini.js';
import { createGroq, type GroqSettings } from './adapters/groq.js';
import { createOpenAI, type OpenAISettings } from './adapters/openai.js';
import { createFallbackChain, type FallbackChain, type FallbackChainSettings } from './chain.js';

/** Settings of {@link createDefaultChain}: the chain's, plus per-layer adapter settings. */
export interface DefaultChainSettings extends FallbackChainSettings {
  gemini?: GeminiSettings;
  groq?: GroqSettings;
  anthropic?: AnthropicSettings;
  openai?: OpenAISettings;
}

/**
 * The default chain of rule SYN-2: Gemini 2.5 Flash → Groq Llama 3.3 70B → Claude Sonnet 4.6 →
 * GPT-4o-mini, keys from the environment unless given per layer.
 *
 * @example
 * const synthesis = createDefaultChain({ ledger, gemini: { thinkingBudget: 0 } });
 */
export function createDefaultChain(settings: DefaultChainSettings = {}): FallbackChain {
  const { gemini, groq, anthropic, openai, ...chainSettings } = settings;
  return createFallbackChain(
    [createGemini(gemini), createGroq(groq), createAnthropic(anthropic), createOpenAI(openai)],
    chainSettings,
  );
}
