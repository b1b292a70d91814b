import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  createConfiguredChain,
  createDefaultChain,
  DEFAULT_CHAIN_MODELS,
  definePrompt,
  GEMINI_DEFAULT_MODEL,
  type ConfiguredChainSettings,
  type FallbackChain,
} from './index.js';
import { reply, startFakeLlmServer, type FakeLlmServer, type FakeVendor } from './testing/index.js';

/** The layers of a chain as `vendor:model`, or null. */
const layersOf = (chain: FallbackChain | null): string[] | null =>
  chain?.layers.map((layer) => `${layer.vendor}:${layer.modelId}`) ?? null;

const hello = definePrompt({ id: 'test.hello', version: '1', template: 'Say hi' });

const GEMINI = 'gemini:gemini-2.5-flash';
const GROQ = 'groq:llama-3.3-70b-versatile';
const ANTHROPIC = 'anthropic:claude-sonnet-4-6';
const OPENAI = 'openai:gpt-4o-mini';

describe('DEFAULT_CHAIN_MODELS (rule SYN-2)', () => {
  test('Gemini 2.5 Flash → Groq Llama 3.3 70B → Claude Sonnet 4.6 → GPT-4o-mini, the adapters’ defaults', () => {
    expect(DEFAULT_CHAIN_MODELS.map((layer) => `${layer.vendor}:${layer.model}`)).toEqual([
      GEMINI,
      GROQ,
      ANTHROPIC,
      OPENAI,
    ]);
    expect(DEFAULT_CHAIN_MODELS[0].model).toBe(GEMINI_DEFAULT_MODEL);
    expect(Object.isFrozen(DEFAULT_CHAIN_MODELS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CHAIN_MODELS[0])).toBe(true);
  });
});

describe('createDefaultChain', () => {
  test('builds all four layers by default, with or without keys', () => {
    expect(layersOf(createDefaultChain({ env: {} }))).toEqual([GEMINI, GROQ, ANTHROPIC, OPENAI]);
    expect(layersOf(createDefaultChain({ env: {}, onlyConfigured: false }))).toEqual([GEMINI, GROQ, ANTHROPIC, OPENAI]);
  });

  test('onlyConfigured: true is createConfiguredChain', () => {
    const env = { GROQ_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' };
    expect(layersOf(createDefaultChain({ env, onlyConfigured: true }))).toEqual([GROQ, ANTHROPIC]);
    expect(layersOf(createDefaultChain({ env, onlyConfigured: true }))).toEqual(
      layersOf(createConfiguredChain({ env })),
    );
    expect(createDefaultChain({ env: {}, onlyConfigured: true })).toBeNull();
  });

  test('a layer’s own model setting replaces the default model', () => {
    expect(
      layersOf(createConfiguredChain({ env: { GROQ_API_KEY: 'k' }, groq: { model: 'llama-3.1-8b-instant' } })),
    ).toEqual(['groq:llama-3.1-8b-instant']);
  });
});

describe('createConfiguredChain (only the layers with a key)', () => {
  test.each<[string, Record<string, string | undefined>, string[] | null]>([
    [
      'every key',
      { GEMINI_API_KEY: 'k', GROQ_API_KEY: 'k', ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' },
      [GEMINI, GROQ, ANTHROPIC, OPENAI],
    ],
    ['GOOGLE_API_KEY enables Gemini', { GOOGLE_API_KEY: 'k' }, [GEMINI]],
    ['the SYN-2 order is kept whatever the env order', { OPENAI_API_KEY: 'k', GEMINI_API_KEY: 'k' }, [GEMINI, OPENAI]],
    ['Groq only', { GROQ_API_KEY: 'k' }, [GROQ]],
    ['keys of other vendors do not count', { DEEPSEEK_API_KEY: 'k', PERPLEXITY_API_KEY: 'k' }, null],
    [
      'empty and blank variables are not keys',
      { GEMINI_API_KEY: '', GROQ_API_KEY: '   ', ANTHROPIC_API_KEY: undefined },
      null,
    ],
    ['no key at all', {}, null],
  ])('%s', (_name, env, expected) => {
    expect(layersOf(createConfiguredChain({ env }))).toEqual(expected);
  });

  test('an explicit apiKey configures a layer without any environment variable', () => {
    expect(layersOf(createConfiguredChain({ env: {}, anthropic: { apiKey: 'sk-ant' } }))).toEqual([ANTHROPIC]);
    expect(layersOf(createConfiguredChain({ env: { GOOGLE_API_KEY: 'k' }, openai: { apiKey: 'sk' } }))).toEqual([
      GEMINI,
      OPENAI,
    ]);
  });

  test('an explicit empty or blank apiKey means “not configured”, even when the environment has a key', () => {
    expect(createConfiguredChain({ env: { GROQ_API_KEY: 'k' }, groq: { apiKey: '' } })).toBeNull();
    expect(
      layersOf(createConfiguredChain({ env: { GROQ_API_KEY: 'k', OPENAI_API_KEY: 'k' }, groq: { apiKey: ' ' } })),
    ).toEqual([OPENAI]);
  });

  test('the OpenAI layer honours its apiKeyEnv', () => {
    expect(
      layersOf(createConfiguredChain({ env: { MY_OPENAI_KEY: 'k' }, openai: { apiKeyEnv: ['MY_OPENAI_KEY'] } })),
    ).toEqual([OPENAI]);
    expect(
      createConfiguredChain({ env: { OPENAI_API_KEY: 'k' }, openai: { apiKeyEnv: ['MY_OPENAI_KEY'] } }),
    ).toBeNull();
  });

  test('reads process.env when no env is given', () => {
    const names = ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GROQ_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_API_KEY'] as const;
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    try {
      for (const name of names) delete process.env[name];
      expect(createConfiguredChain()).toBeNull();
      process.env.ANTHROPIC_API_KEY = 'from-process';
      expect(layersOf(createConfiguredChain())).toEqual([ANTHROPIC]);
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });
});

describe('which key each layer sends (loopback fake server, no network)', () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterEach(() => server.reset());
  afterAll(() => server.close());

  function settingsFor(
    env: Record<string, string>,
    keys: Partial<Record<'gemini' | 'groq' | 'anthropic' | 'openai', string>> = {},
  ): ConfiguredChainSettings {
    const layer = (vendor: 'gemini' | 'groq' | 'anthropic' | 'openai') => ({
      baseURL: server.baseURL(vendor),
      maxRetries: 0,
      ...(keys[vendor] !== undefined ? { apiKey: keys[vendor] } : {}),
    });
    return {
      env,
      gemini: layer('gemini'),
      groq: layer('groq'),
      anthropic: layer('anthropic'),
      openai: layer('openai'),
      onFallThrough: () => undefined,
    };
  }

  /** Makes every layer but the last fail (the last answers), calls the chain once and returns the key each vendor received. */
  async function keysSent(chain: FallbackChain | null): Promise<Record<string, string | undefined>> {
    if (chain === null) throw new Error('expected a chain');
    for (const [index, layer] of chain.layers.entries()) {
      server.enqueueFor(
        { vendor: layer.vendor as FakeVendor },
        index < chain.layers.length - 1 ? reply.serverError(503) : reply.text('hi'),
      );
    }
    await chain.generateText({ prompt: hello });
    return Object.fromEntries(
      server.requests.map((request) => [
        request.vendor,
        request.headers['x-goog-api-key'] ??
          request.headers['x-api-key'] ??
          request.headers.authorization?.replace(/^Bearer /, ''),
      ]),
    );
  }

  test('a key found in a custom env is handed to the adapter (process.env is not read)', async () => {
    const sent = await keysSent(
      createConfiguredChain(
        settingsFor({
          GOOGLE_API_KEY: 'env-gemini',
          GROQ_API_KEY: 'env-groq',
          ANTHROPIC_API_KEY: 'env-anthropic',
          OPENAI_API_KEY: 'env-openai',
        }),
      ),
    );
    expect(sent).toEqual({ gemini: 'env-gemini', groq: 'env-groq', anthropic: 'env-anthropic', openai: 'env-openai' });
  });

  test('an explicit apiKey beats the environment', async () => {
    const sent = await keysSent(
      createConfiguredChain(
        settingsFor(
          { GEMINI_API_KEY: 'env-gemini', OPENAI_API_KEY: 'env-openai' },
          { gemini: 'explicit-gemini', groq: 'explicit-groq' },
        ),
      ),
    );
    expect(sent).toEqual({ gemini: 'explicit-gemini', groq: 'explicit-groq', openai: 'env-openai' });
  });
});
