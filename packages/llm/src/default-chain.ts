import { ANTHROPIC_DEFAULT_MODEL, createAnthropic, type AnthropicSettings } from './adapters/anthropic.js';
import { createGemini, GEMINI_DEFAULT_MODEL, type GeminiSettings } from './adapters/gemini.js';
import { createGroq, GROQ_DEFAULT_MODEL, type GroqSettings } from './adapters/groq.js';
import { createOpenAI, OPENAI_DEFAULT_MODEL, type OpenAISettings } from './adapters/openai.js';
import { createFallbackChain, type FallbackChain, type FallbackChainSettings } from './chain.js';
import { API_KEY_VARIABLES, apiKeyFromEnv } from './sdk.js';
import type { LanguageModel } from './types.js';

/**
 * The layers of the default chain, in order (rule SYN-2): Gemini 2.5 Flash → Groq Llama 3.3 70B →
 * Claude Sonnet 4.6 → GPT-4o-mini. The one list every package uses.
 *
 * @example
 * DEFAULT_CHAIN_MODELS.map((layer) => `${layer.vendor}:${layer.model}`).join(' > ');
 * // 'gemini:gemini-2.5-flash > groq:llama-3.3-70b-versatile > anthropic:claude-sonnet-4-6 > openai:gpt-4o-mini'
 */
export const DEFAULT_CHAIN_MODELS = Object.freeze([
  Object.freeze({ vendor: 'gemini', model: GEMINI_DEFAULT_MODEL }),
  Object.freeze({ vendor: 'groq', model: GROQ_DEFAULT_MODEL }),
  Object.freeze({ vendor: 'anthropic', model: ANTHROPIC_DEFAULT_MODEL }),
  Object.freeze({ vendor: 'openai', model: OPENAI_DEFAULT_MODEL }),
] as const);

/** The chain's settings, the per-layer adapter settings and where keys are looked up. */
export interface ConfiguredChainSettings extends FallbackChainSettings {
  /** Layer 1, Gemini 2.5 Flash (key `GEMINI_API_KEY` or `GOOGLE_API_KEY`). */
  gemini?: GeminiSettings;
  /** Layer 2, Groq Llama 3.3 70B (key `GROQ_API_KEY`). */
  groq?: GroqSettings;
  /** Layer 3, Claude Sonnet 4.6 (key `ANTHROPIC_API_KEY`). */
  anthropic?: AnthropicSettings;
  /** Layer 4, GPT-4o-mini (key `OPENAI_API_KEY`, or the layer's `apiKeyEnv`). */
  openai?: OpenAISettings;
  /**
   * Environment the keys are read from (with `apiKeyFromEnv`); default `process.env`. A key found
   * here is handed to its adapter, so a custom `env` works without touching `process.env`.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** Settings of {@link createDefaultChain}. */
export interface DefaultChainSettings extends ConfiguredChainSettings {
  /**
   * Leave out the layers that have no API key — neither a non-empty `apiKey` in the layer's
   * settings nor one found in `env`. Default `false`: all four layers are built, and a layer
   * without a key fails with `auth` when called (and the chain falls through). With `true` the
   * result is `null` when no layer is configured; {@link createConfiguredChain} is the same call.
   */
  onlyConfigured?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

function processEnv(): Env {
  return typeof process !== 'undefined' ? process.env : {};
}

/**
 * The key of one layer: the layer's own `apiKey` when given (an empty or blank one counts as "not
 * configured" and is never replaced by the environment), else the first non-empty variable of
 * `names` in `env`.
 */
function layerKey(
  explicit: string | undefined,
  names: readonly string[],
  env: Env,
): { configured: boolean; apiKey: string | undefined } {
  if (explicit !== undefined) return { configured: explicit.trim() !== '', apiKey: explicit };
  const found = apiKeyFromEnv(names, env);
  return { configured: found !== undefined, apiKey: found };
}

/** The one implementation behind {@link createDefaultChain} and {@link createConfiguredChain}. */
function buildDefaultChain(settings: DefaultChainSettings): FallbackChain | null {
  const {
    gemini = {},
    groq = {},
    anthropic = {},
    openai = {},
    env = processEnv(),
    onlyConfigured = false,
    ...chainSettings
  } = settings;
  const [geminiLayer, groqLayer, anthropicLayer, openaiLayer] = DEFAULT_CHAIN_MODELS;
  const candidates: ReadonlyArray<{
    key: ReturnType<typeof layerKey>;
    build: (apiKey: string | undefined) => LanguageModel;
  }> = [
    {
      key: layerKey(gemini.apiKey, API_KEY_VARIABLES.gemini, env),
      build: (apiKey) =>
        createGemini({ model: geminiLayer.model, ...gemini, ...(apiKey !== undefined ? { apiKey } : {}) }),
    },
    {
      key: layerKey(groq.apiKey, API_KEY_VARIABLES.groq, env),
      build: (apiKey) => createGroq({ model: groqLayer.model, ...groq, ...(apiKey !== undefined ? { apiKey } : {}) }),
    },
    {
      key: layerKey(anthropic.apiKey, API_KEY_VARIABLES.anthropic, env),
      build: (apiKey) =>
        createAnthropic({ model: anthropicLayer.model, ...anthropic, ...(apiKey !== undefined ? { apiKey } : {}) }),
    },
    {
      key: layerKey(openai.apiKey, openai.apiKeyEnv ?? API_KEY_VARIABLES.openai, env),
      build: (apiKey) =>
        createOpenAI({ model: openaiLayer.model, ...openai, ...(apiKey !== undefined ? { apiKey } : {}) }),
    },
  ];
  const layers = candidates
    .filter((candidate) => !onlyConfigured || candidate.key.configured)
    .map((candidate) => candidate.build(candidate.key.apiKey));
  if (layers.length === 0) return null;
  return createFallbackChain(layers, chainSettings);
}

/**
 * The default chain of rule SYN-2: Gemini 2.5 Flash → Groq Llama 3.3 70B → Claude Sonnet 4.6 →
 * GPT-4o-mini ({@link DEFAULT_CHAIN_MODELS}), keys from the layer settings or else from `env`
 * (default `process.env`).
 *
 * By default all four layers are built, whether or not they have a key. With
 * `onlyConfigured: true` the layers without a key are left out and, since a chain needs at least
 * one layer, the result is `null` when none is configured — the caller then picks its offline
 * stand-in. ({@link createConfiguredChain} is that mode under its own name.)
 *
 * @example
 * const synthesis = createDefaultChain({ ledger, gemini: { thinkingBudget: 0 } }); // always 4 layers
 * const keyed = createDefaultChain({ ledger, onlyConfigured: true });            // FallbackChain | null
 * if (keyed === null) console.log('no provider key: using the offline backend');
 */
export function createDefaultChain(settings?: DefaultChainSettings & { onlyConfigured?: false }): FallbackChain;
export function createDefaultChain(settings: DefaultChainSettings & { onlyConfigured: true }): FallbackChain | null;
export function createDefaultChain(settings?: DefaultChainSettings): FallbackChain | null;
export function createDefaultChain(settings: DefaultChainSettings = {}): FallbackChain | null {
  return buildDefaultChain(settings);
}

/**
 * The default chain of rule SYN-2 with only the configured layers: a layer is kept when its
 * settings give a non-empty `apiKey` (which beats the environment; an empty one means "not
 * configured") or when `apiKeyFromEnv(API_KEY_VARIABLES.<vendor>, env)` finds one; the order stays
 * Gemini → Groq → Anthropic → OpenAI. `null` when no layer is configured. Same as
 * `createDefaultChain({ ...settings, onlyConfigured: true })`.
 *
 * @example
 * const chain = createConfiguredChain({ env: { GROQ_API_KEY: 'gsk_…', OPENAI_API_KEY: 'sk-…' }, ledger });
 * chain?.modelId; // 'groq:llama-3.3-70b-versatile > openai:gpt-4o-mini'
 * createConfiguredChain({ env: {} }); // null
 */
export function createConfiguredChain(settings: ConfiguredChainSettings = {}): FallbackChain | null {
  return buildDefaultChain({ ...settings, onlyConfigured: true });
}
