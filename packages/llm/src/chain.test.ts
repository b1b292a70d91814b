import { fc, test } from '@fast-check/vitest';
import { afterAll, afterEach, beforeAll, describe, expect, vi } from 'vitest';
import { z } from 'zod';
import {
  createDefaultChain,
  createFallbackChain,
  createMemoryCacheStore,
  createMemoryLedger,
  definePrompt,
  isLlmError,
  shouldFallThrough,
  LlmError,
  type FallThroughEvent,
  type GenerateObjectResult,
  type LlmErrorCode,
} from './index.js';
import { llmErrorOf, reply, startFakeLlmServer, type FakeLlmServer, type FakeStep } from './testing/index.js';

const topic = z.object({ topic: z.enum(['politics', 'economy', 'sports']), confidence: z.number() });
const VALID = { topic: 'economy', confidence: 0.8 } as const;
const classify = definePrompt({ id: 'synthesis.topic', version: '2026-02-01', template: 'Headline: {{headline}}' });
const variables = { headline: 'El Banco Central sube la tasa' };

type Behaviour =
  | 'ok'
  | 'ok_after_reask'
  | 'rate_limited'
  | 'server_error'
  | 'network'
  | 'auth'
  | 'bad_request'
  | 'malformed'
  | 'schema'
  | 'refused';

/** Steps each behaviour scripts (layers run with maxRetries 0: one step = one attempt). */
const STEPS: Record<Behaviour, FakeStep[]> = {
  ok: [reply.json(VALID)],
  ok_after_reask: [reply.malformedJson(), reply.json(VALID)],
  rate_limited: [reply.rateLimit({ retryAfterMs: 5 })],
  server_error: [reply.serverError(503)],
  network: [reply.disconnect()],
  auth: [reply.unauthorized()],
  bad_request: [reply.badRequest()],
  malformed: [reply.malformedJson(), reply.malformedJson()],
  schema: [reply.schemaViolation({ topic: 'gossip' }), reply.schemaViolation({ topic: 'gossip' })],
  refused: [reply.refusal()],
};
/** The attempt outcomes each behaviour produces, in order. */
const OUTCOMES: Record<Behaviour, string[]> = {
  ok: ['ok'],
  ok_after_reask: ['malformed_output', 'ok'],
  rate_limited: ['rate_limited'],
  server_error: ['server_error'],
  network: ['network'],
  auth: ['auth'],
  bad_request: ['bad_request'],
  malformed: ['malformed_output', 'malformed_output'],
  schema: ['schema_mismatch', 'schema_mismatch'],
  refused: ['refused'],
};
const FINAL_CODE: Record<Exclude<Behaviour, 'ok' | 'ok_after_reask'>, LlmErrorCode> = {
  rate_limited: 'rate_limited',
  server_error: 'server_error',
  network: 'network',
  auth: 'auth',
  bad_request: 'bad_request',
  malformed: 'malformed_output',
  schema: 'schema_mismatch',
  refused: 'refused',
};
const SUCCEEDS = (behaviour: Behaviour): boolean => behaviour === 'ok' || behaviour === 'ok_after_reask';
const STRICT_FALLS_THROUGH = new Set<Behaviour>(['rate_limited', 'server_error', 'network', 'malformed', 'schema']);

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const layerArbitrary = fc.record({
  vendor: fc.constantFrom('openai' as const, 'groq' as const, 'anthropic' as const, 'gemini' as const),
  behaviour: fc.constantFrom<Behaviour>(...(Object.keys(STEPS) as Behaviour[])),
});

describe('createFallbackChain (rule SYN-2)', () => {
  test.prop(
    [
      fc.array(layerArbitrary, { minLength: 1, maxLength: 4 }),
      fc.constantFrom('resilient' as const, 'strict' as const),
    ],
    {
      numRuns: 60,
    },
  )(
    'answer comes from the first layer whose script succeeds, or the call fails listing every layer; no layer after a success; the ledger records every attempt',
    async (layers, policy) => {
      server.reset();
      const ledger = createMemoryLedger();
      const events: FallThroughEvent[] = [];
      const models = layers.map((layer, index) => {
        server.enqueueFor({ model: `layer-${index}` }, ...STEPS[layer.behaviour]);
        return server.model(layer.vendor, { model: `layer-${index}` });
      });
      const chain = createFallbackChain(models, {
        ledger,
        fallThrough: policy,
        onFallThrough: (event) => events.push(event),
      });

      let answering: number | undefined;
      let stopper: number | undefined;
      for (const [index, layer] of layers.entries()) {
        if (SUCCEEDS(layer.behaviour)) {
          answering = index;
          break;
        }
        if (policy === 'strict' && !STRICT_FALLS_THROUGH.has(layer.behaviour)) {
          stopper = index;
          break;
        }
      }
      const lastVisited = answering ?? stopper ?? layers.length - 1;
      const expectedAttempts = layers
        .slice(0, lastVisited + 1)
        .flatMap((layer, index) => OUTCOMES[layer.behaviour].map((outcome) => [index, outcome]));

      let result: GenerateObjectResult<z.output<typeof topic>> | undefined;
      let error: LlmError | undefined;
      try {
        result = await chain.generateObject({ prompt: classify, variables, schema: topic, jobId: 'story-42' });
      } catch (thrown) {
        if (!isLlmError(thrown)) throw thrown;
        error = thrown;
      }

      if (answering !== undefined) {
        expect(error).toBeUndefined();
        expect(result!.object).toEqual(VALID);
        expect(result!.answeredBy).toEqual({
          layer: answering,
          vendor: layers[answering]!.vendor,
          model: `layer-${answering}`,
        });
        expect(result!.vendor).toBe(layers[answering]!.vendor);
        expect(result!.promptVersion).toBe('2026-02-01');
      } else if (stopper !== undefined) {
        expect(result).toBeUndefined();
        expect(error!.code).toBe(FINAL_CODE[layers[stopper]!.behaviour as keyof typeof FINAL_CODE]);
      } else {
        expect(result).toBeUndefined();
        expect(error!.code).toBe('all_layers_failed');
        expect(error!.failures.map((failure) => [failure.layer, failure.model, failure.error.code])).toEqual(
          layers.map((layer, index) => [
            index,
            `layer-${index}`,
            FINAL_CODE[layer.behaviour as keyof typeof FINAL_CODE],
          ]),
        );
        for (const index of layers.keys())
          expect(error!.message).toContain(`[${index}] ${layers[index]!.vendor}/layer-${index}`);
        expect(error!.isRetryable).toBe(error!.failures.some((failure) => failure.error.isRetryable));
      }
      // No layer is called after the one that answered (or stopped the chain).
      for (let index = lastVisited + 1; index < layers.length; index += 1) {
        expect(server.requestsFor({ model: `layer-${index}` })).toHaveLength(0);
      }
      expect(server.requests.map((request) => Number(request.model!.slice('layer-'.length)))).toEqual(
        expectedAttempts.map(([index]) => index),
      );
      // Every attempt is in the result (or error) and in the ledger, with its layer and outcome.
      const attempts = result?.attempts ?? error!.attempts;
      expect(attempts.map((attempt) => [attempt.layer, attempt.outcome])).toEqual(expectedAttempts);
      const entries = ledger.entries();
      expect(entries.map((entry) => [entry.layer, entry.outcome])).toEqual(expectedAttempts);
      expect(entries.every((entry) => entry.promptVersion === '2026-02-01' && entry.jobId === 'story-42')).toBe(true);
      // Every failed layer was reported.
      expect(events.map((event) => event.layer)).toEqual(
        layers.slice(0, lastVisited + (answering !== undefined ? 0 : 1)).map((_layer, index) => index),
      );
    },
  );

  test('the default chain reports configuration failures loudly, once per layer and code', async () => {
    const warnings: string[] = [];
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation(((message: string | Error) => {
      warnings.push(String(message));
    }) as typeof process.emitWarning);
    try {
      const chain = createFallbackChain([server.model('gemini', { model: 'bad-key' }), server.model('groq')]);
      for (let call = 0; call < 3; call += 1) {
        server.enqueueFor({ model: 'bad-key' }, reply.unauthorized());
        server.enqueueFor({ vendor: 'groq' }, reply.text('answer from groq'));
        const result = await chain.generateText({ prompt: classify, variables });
        expect(result.answeredBy).toEqual({ layer: 1, vendor: 'groq', model: 'llama-3.3-70b-versatile' });
        expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['auth', 'ok']);
      }
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('layer 0 (gemini/bad-key) failed with auth');
      expect(warnings[0]).toContain('falling through to layer 1');
    } finally {
      spy.mockRestore();
    }
  });

  test('transient failures are not reported as configuration problems', async () => {
    const events: FallThroughEvent[] = [];
    const chain = createFallbackChain([server.model('openai'), server.model('anthropic')], {
      onFallThrough: (event) => events.push(event),
    });
    server.enqueueFor({ vendor: 'openai' }, reply.serverError(500));
    server.enqueueFor({ vendor: 'anthropic' }, reply.text('ok'));
    await chain.generateText({ prompt: classify, variables });
    expect(events.map((event) => [event.layer, event.error.code, event.configuration, event.nextLayer])).toEqual([
      [0, 'server_error', false, 1],
    ]);
  });

  test('all_layers_failed is retryable with the shortest retry-after when any layer was rate limited', async () => {
    const chain = createFallbackChain([server.model('openai'), server.model('gemini'), server.model('groq')], {
      onFallThrough: () => {},
    });
    server.enqueueFor({ vendor: 'openai' }, reply.rateLimit({ retryAfterMs: 3_000 }));
    server.enqueueFor({ vendor: 'gemini' }, reply.rateLimit({ retryAfterMs: 1_500 }));
    server.enqueueFor({ vendor: 'groq' }, reply.unauthorized());
    const error = await llmErrorOf(chain.generateText({ prompt: classify, variables }));
    expect(error.code).toBe('all_layers_failed');
    expect(error.isRetryable).toBe(true);
    expect(error.retryAfterMs).toBe(1_500);
    expect(error.vendor).toBe('chain');
    expect(error.model).toBe('openai:gpt-4o-mini > gemini:gemini-2.5-flash > groq:llama-3.3-70b-versatile');
    expect(error.message).toMatch(/^@espectro\/llm \[chain\/.*\] chain: all_layers_failed — all 3 layer\(s\) failed/);
  });

  test('the caller aborting never falls through', async () => {
    const chain = createFallbackChain([server.model('openai'), server.model('groq')]);
    const controller = new AbortController();
    controller.abort();
    const error = await llmErrorOf(chain.generateText({ prompt: classify, variables, signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect(server.requests).toHaveLength(0);
  });

  test('a missing template variable fails before any layer is called', async () => {
    const chain = createFallbackChain([server.model('openai')]);
    const error = await llmErrorOf(chain.generateText({ prompt: classify, variables: {} as { headline: string } }));
    expect(error.code).toBe('invalid_prompt');
    expect(error.message).toContain('"headline"');
    expect(server.requests).toHaveLength(0);
  });

  test('a chain can be a layer of another chain', async () => {
    const inner = createFallbackChain([server.model('gemini'), server.model('groq')], { onFallThrough: () => {} });
    const outer = createFallbackChain([server.model('anthropic'), inner], { onFallThrough: () => {} });
    server.enqueueFor({ vendor: 'anthropic' }, reply.serverError(529));
    server.enqueueFor({ vendor: 'gemini' }, reply.serverError(500));
    server.enqueueFor({ vendor: 'groq' }, reply.json(VALID));
    const result = await outer.generateObject({ prompt: classify, variables, schema: topic });
    expect(result.answeredBy).toEqual({ layer: 1, vendor: 'groq', model: 'llama-3.3-70b-versatile' });
    expect(result.attempts.map((attempt) => [attempt.layer, attempt.vendor, attempt.outcome])).toEqual([
      [0, 'anthropic', 'server_error'],
      [1, 'gemini', 'server_error'],
      [1, 'groq', 'ok'],
    ]);
  });

  test('the default chain is the one of rule SYN-2', () => {
    const chain = createDefaultChain({
      gemini: { apiKey: 'k' },
      groq: { apiKey: 'k' },
      anthropic: { apiKey: 'k' },
      openai: { apiKey: 'k' },
    });
    expect(chain.modelId).toBe(
      'gemini:gemini-2.5-flash > groq:llama-3.3-70b-versatile > anthropic:claude-sonnet-4-6 > openai:gpt-4o-mini',
    );
    expect(chain.vendor).toBe('chain');
  });

  test('needs at least one layer', () => {
    expect(() => createFallbackChain([])).toThrow(LlmError);
  });
});

describe('cache and prompt version (rule AUDIT, COST)', () => {
  test('a chain cache hit costs nothing, sends nothing and keeps who answered and the prompt version', async () => {
    const ledger = createMemoryLedger();
    const cache = createMemoryCacheStore();
    const chain = createFallbackChain([server.model('gemini'), server.model('openai')], {
      ledger,
      cache,
      onFallThrough: () => {},
    });
    server.enqueueFor({ vendor: 'gemini' }, reply.serverError(503));
    server.enqueueFor({ vendor: 'openai' }, reply.json(VALID, { inputTokens: 400, outputTokens: 30 }));
    const first = await chain.generateObject({ prompt: classify, variables, schema: topic, jobId: 'story-1' });
    expect(first.cached).toBe(false);
    expect(first.costUsd).toBeGreaterThan(0);
    const requestsBefore = server.requests.length;
    const second = await chain.generateObject({ prompt: classify, variables, schema: topic, jobId: 'story-1' });
    expect(server.requests).toHaveLength(requestsBefore);
    expect(second).toMatchObject({
      object: VALID,
      cached: true,
      costUsd: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
      answeredBy: { layer: 1, vendor: 'openai', model: 'gpt-4o-mini' },
      promptId: 'synthesis.topic',
      promptVersion: '2026-02-01',
    });
    const last = ledger.entries().at(-1)!;
    expect(last).toMatchObject({
      outcome: 'cache_hit',
      costUsd: 0,
      vendor: 'openai',
      promptVersion: '2026-02-01',
      jobId: 'story-1',
    });
    expect(ledger.totals({ jobId: 'story-1' }).cacheHits).toBe(1);
    expect(ledger.totals({ jobId: 'story-1' }).costUsd).toBeCloseTo(first.costUsd, 12);
  });

  test('the cache key depends on prompt version, input and schema', async () => {
    const cache = createMemoryCacheStore();
    const model = server.model('openai', { cache });
    server.setDefault(reply.json(VALID));
    await model.generateObject({ prompt: classify, variables, schema: topic });
    await model.generateObject({ prompt: classify, variables, schema: topic });
    expect(server.requests).toHaveLength(1);
    const bumped = definePrompt({ id: 'synthesis.topic', version: '2026-03-01', template: 'Headline: {{headline}}' });
    await model.generateObject({ prompt: bumped, variables, schema: topic });
    await model.generateObject({ prompt: classify, variables: { headline: 'otro titular' }, schema: topic });
    await model.generateObject({ prompt: classify, variables, schema: topic.extend({ extra: z.string().optional() }) });
    const text = await model.generateText({ prompt: classify, variables });
    expect(text.cached).toBe(false);
    expect(server.requests).toHaveLength(5);
    expect(cache.size).toBe(5);
  });

  test('a cached answer that no longer validates is ignored', async () => {
    const cache = createMemoryCacheStore();
    const model = server.model('groq', { cache });
    server.setDefault(reply.json(VALID));
    const strict = z.object({ topic: z.string(), confidence: z.number() });
    await model.generateObject({ prompt: classify, variables, schema: strict });
    // Same JSON Schema, stricter runtime refinement: the cached value fails and is replaced.
    const refined = z.object({ topic: z.string(), confidence: z.number() }).refine((value) => value.confidence > 0.9);
    await expect(model.generateObject({ prompt: classify, variables, schema: refined })).rejects.toMatchObject({
      code: 'schema_mismatch',
      // A refinement on the whole answer: the issue is on the root (methodology's formatter).
      issues: [expect.stringMatching(/^\(root\): /)],
    });
    expect(server.requests.length).toBe(3);
  });
});

describe('shouldFallThrough', () => {
  const error = (code: LlmErrorCode, isRetryable?: boolean): LlmError =>
    new LlmError({ code, stage: 'request', message: 'x', ...(isRetryable !== undefined ? { isRetryable } : {}) });
  test.each<[LlmErrorCode, boolean, boolean]>([
    ['rate_limited', true, true],
    ['server_error', true, true],
    ['timeout', true, true],
    ['network', true, true],
    ['malformed_output', true, true],
    ['schema_mismatch', true, true],
    ['auth', true, false],
    ['bad_request', true, false],
    ['sdk_missing', true, false],
    ['refused', true, false],
    ['unexpected', true, false],
    ['aborted', false, false],
    ['invalid_prompt', false, false],
  ])('%s: resilient %s, strict %s', (code, resilient, strict) => {
    expect(shouldFallThrough(error(code), 'resilient')).toBe(resilient);
    expect(shouldFallThrough(error(code), 'strict')).toBe(strict);
  });
  test('quota exhaustion (rate_limited, not retryable) still moves a strict chain on', () => {
    expect(shouldFallThrough(error('rate_limited', false), 'strict')).toBe(true);
  });
  test('a custom policy decides, except for caller errors', () => {
    expect(shouldFallThrough(error('auth'), () => false)).toBe(false);
    expect(shouldFallThrough(error('aborted'), () => true)).toBe(false);
  });
});
