/**
 * One contract suite, run against every adapter through the loopback fake server (real SDKs, real
 * wire formats): text, structured output, usage accounting, fault → error code mapping, timeout,
 * retry-after, repair and re-ask.
 */
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { createMemoryLedger, definePrompt, LlmError, type LlmErrorCode } from '../index.js';
import {
  llmErrorOf,
  reply,
  startFakeLlmServer,
  type FakeLlmServer,
  type FakeModelVendor,
  type FakeStep,
  type FakeVendor,
} from '../testing/index.js';

const VENDORS: FakeModelVendor[] = ['openai', 'groq', 'anthropic', 'gemini', 'deepseek', 'perplexity'];
const WIRE: Record<FakeModelVendor, FakeVendor> = {
  openai: 'openai',
  groq: 'groq',
  anthropic: 'anthropic',
  gemini: 'gemini',
  deepseek: 'openai',
  perplexity: 'openai',
};
const DEFAULT_MODELS: Record<FakeModelVendor, string> = {
  openai: 'gpt-4o-mini',
  groq: 'llama-3.3-70b-versatile',
  anthropic: 'claude-sonnet-4-6',
  gemini: 'gemini-2.5-flash',
  deepseek: 'deepseek-chat',
  perplexity: 'sonar',
};

const judgement = z.object({ verdict: z.enum(['same', 'different']), confidence: z.number().min(0).max(1) });
const judge = definePrompt({
  id: 'contract.judge',
  version: '7',
  system: 'You compare two headlines.',
  template: 'A: {{a}}\nB: {{b}}',
});
const variables = { a: 'Sube el dólar', b: 'El dólar sube otra vez' };

const LEAKABLE_KEYS = [
  'OPENAI_API_KEY',
  'GROQ_API_KEY',
  'ANTHROPIC_API_KEY',
  'GEMINI_API_KEY',
  'DEEPSEEK_API_KEY',
  'PERPLEXITY_API_KEY',
];

let server: FakeLlmServer;

beforeAll(async () => {
  // Anything leaking from the environment would send requests elsewhere or with other credentials.
  const leak = 'http://192.0.2.1:9/leak';
  for (const name of ['OPENAI_BASE_URL', 'GROQ_BASE_URL', 'ANTHROPIC_BASE_URL', 'GOOGLE_GEMINI_BASE_URL'])
    vi.stubEnv(name, leak);
  for (const name of LEAKABLE_KEYS) vi.stubEnv(name, 'leaked-env-key');
  vi.stubEnv('GOOGLE_API_KEY', undefined);
  vi.stubEnv('ANTHROPIC_AUTH_TOKEN', 'leaked-token');
  vi.stubEnv('GOOGLE_GENAI_USE_VERTEXAI', 'true');
  vi.stubEnv('OPENAI_ORG_ID', 'leaked-org');
  server = await startFakeLlmServer();
});

afterEach(() => server.reset());

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function keyHeader(vendor: FakeModelVendor, headers: Record<string, string>): string | undefined {
  // @anthropic-ai/sdk 1.x sends the key as a bearer token; older versions used x-api-key.
  if (vendor === 'anthropic') return headers['x-api-key'] ?? headers.authorization?.replace(/^Bearer /, '');
  if (vendor === 'gemini') return headers['x-goog-api-key'];
  return headers.authorization?.replace(/^Bearer /, '');
}

describe.each(VENDORS)('%s adapter contract', (vendor) => {
  const wire = WIRE[vendor];

  test('text: answer, vendor, model, prompt version; prompt and key on the wire; env ignored', async () => {
    server.enqueue(reply.text('Son el mismo hecho.'));
    const model = server.model(vendor);
    expect(model.vendor).toBe(vendor);
    expect(model.modelId).toBe(DEFAULT_MODELS[vendor]);
    const result = await model.generateText({ prompt: judge, variables });
    expect(result.text).toBe('Son el mismo hecho.');
    expect(result).toMatchObject({
      vendor,
      model: DEFAULT_MODELS[vendor],
      answeredBy: { layer: 0, vendor, model: DEFAULT_MODELS[vendor] },
      promptId: 'contract.judge',
      promptVersion: '7',
      finishReason: 'stop',
      cached: false,
    });
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.vendor).toBe(wire);
    expect(request.model).toBe(DEFAULT_MODELS[vendor]);
    expect(request.system).toBe('You compare two headlines.');
    expect(request.messages).toEqual([{ role: 'user', content: 'A: Sube el dólar\nB: El dólar sube otra vez' }]);
    expect(keyHeader(vendor, request.headers)).toBe(`fake-${vendor}-key`);
    expect(request.headers.authorization ?? '').not.toContain('leaked');
    expect(request.headers['openai-organization']).toBeUndefined();
  });

  test('structured output: vendor mechanism on the wire, validated object', async () => {
    server.enqueue(reply.json({ verdict: 'same', confidence: 0.9 }));
    const result = await server
      .model(vendor)
      .generateObject({ prompt: judge, variables, schema: judgement, schemaName: 'judgement' });
    expect(result.object).toEqual({ verdict: 'same', confidence: 0.9 });
    expect(result.repairs).toEqual([]);
    expect(result.reasked).toBe(false);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads nested vendor wire fields
    const body = server.requests[0]!.body as Record<string, any>;
    if (vendor === 'openai' || vendor === 'perplexity') {
      expect(body.response_format.type).toBe('json_schema');
      expect(body.response_format.json_schema.name).toBe('judgement');
      expect(body.response_format.json_schema.schema.properties.verdict.enum).toEqual(['same', 'different']);
    } else if (vendor === 'groq' || vendor === 'deepseek') {
      expect(body.response_format).toEqual({ type: 'json_object' });
      expect(server.requests[0]!.system).toContain('JSON Schema');
    } else if (vendor === 'anthropic') {
      expect(body.tools[0].name).toBe('judgement');
      expect(body.tools[0].input_schema.properties.confidence.type).toBe('number');
      expect(body.tool_choice).toEqual({ type: 'tool', name: 'judgement' });
    } else {
      expect(body.generationConfig.responseMimeType).toBe('application/json');
      expect(body.generationConfig.responseJsonSchema.required).toEqual(['verdict', 'confidence']);
    }
  });

  test('usage and cost: result, attempts and ledger agree', async () => {
    server.enqueue(reply.text('ok', { inputTokens: 1_000, outputTokens: 200 }));
    const ledger = createMemoryLedger({
      prices: { [`${vendor}:${DEFAULT_MODELS[vendor]}`]: { inputPerMillionUsd: 2, outputPerMillionUsd: 10 } },
    });
    const result = await server.model(vendor).generateText({ prompt: judge, variables, ledger, jobId: 'story-1' });
    expect(result.usage).toEqual({ inputTokens: 1_000, outputTokens: 200 });
    expect(result.costUsd).toBeCloseTo((1_000 * 2 + 200 * 10) / 1e6, 12);
    expect(result.attempts).toHaveLength(1);
    const [entry] = ledger.entries();
    expect(entry).toMatchObject({
      vendor,
      model: DEFAULT_MODELS[vendor],
      promptId: 'contract.judge',
      promptVersion: '7',
      jobId: 'story-1',
      operation: 'text',
      outcome: 'ok',
      usage: { inputTokens: 1_000, outputTokens: 200 },
      priced: true,
    });
    expect(entry!.costUsd).toBeCloseTo(result.costUsd, 12);
    expect(ledger.totalsByJob()['story-1']!.costUsd).toBeCloseTo(result.costUsd, 12);
    expect(ledger.totalsByVendor()[vendor]!.calls).toBe(1);
  });

  const faults: [string, LlmErrorCode, FakeStep, boolean, number | undefined][] = [
    ['429', 'rate_limited', reply.rateLimit(), true, 429],
    ['500', 'server_error', reply.serverError(500), true, 500],
    ['503', 'server_error', reply.serverError(503), true, 503],
    ['401', 'auth', reply.unauthorized(), false, 401],
    ['403', 'auth', reply.httpError(403), false, 403],
    ['400', 'bad_request', reply.badRequest(), false, 400],
    ['404', 'bad_request', reply.httpError(404, 'model not found'), false, 404],
    ['dropped connection', 'network', reply.disconnect(), true, undefined],
  ];
  test.each(faults)('fault %s → %s', async (_name, code, step, retryable, status) => {
    server.enqueue(step);
    const ledger = createMemoryLedger();
    const error = await llmErrorOf(server.model(vendor).generateText({ prompt: judge, variables, ledger }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.code).toBe(code);
    expect(error.isRetryable).toBe(retryable);
    expect(error.status).toBe(status);
    expect(error.vendor).toBe(vendor);
    expect(error.model).toBe(DEFAULT_MODELS[vendor]);
    expect(error.message).toMatch(
      new RegExp(`^@espectro/llm \\[${vendor}/${DEFAULT_MODELS[vendor]}\\] request: ${code}`),
    );
    expect(error.attempts.map((attempt) => attempt.outcome)).toEqual([code]);
    expect(ledger.entries().map((entry) => entry.outcome)).toEqual([code]);
  });

  test('a 401 body that echoes the API key: the key reaches no message, attempt, ledger entry or cause', async () => {
    const apiKey = `live-${vendor}-3f9c2a7be41d`;
    // The vendor echoes the key it was sent, and another key-shaped secret it holds.
    const otherKey = 'sk-proj-Zx81kLmQ0pRt5uVw9yA2';
    server.enqueue(reply.unauthorized(`Incorrect API key provided: ${apiKey} (account key ${otherKey})`));
    const ledger = createMemoryLedger();
    const error = await llmErrorOf(server.model(vendor, { apiKey }).generateText({ prompt: judge, variables, ledger }));
    expect(keyHeader(vendor, server.requests[0]!.headers) ?? server.requests[0]!.headers.authorization).toContain(
      apiKey,
    );
    expect(error.code).toBe('auth');
    expect(error.message).toContain('Incorrect API key provided: [redacted]');
    const everything = [
      error.message,
      inspect(error, { depth: 10 }),
      JSON.stringify(error.attempts),
      JSON.stringify(ledger.entries()),
    ].join('\n');
    expect(everything).not.toContain(apiKey);
    expect(everything).not.toContain(otherKey);
  });

  test('timeout: a reply slower than timeoutMs fails with timeout (retryable)', async () => {
    server.enqueue(reply.slow(10_000));
    const error = await llmErrorOf(server.model(vendor, { timeoutMs: 60 }).generateText({ prompt: judge, variables }));
    expect(error.code).toBe('timeout');
    expect(error.isRetryable).toBe(true);
    expect(error.message).toContain('60 ms');
  });

  test('retry-after is honoured: the retry waits exactly what the vendor asked', async () => {
    server.enqueue(reply.rateLimit({ retryAfterMs: 25 }), reply.text('after the wait'));
    const result = await server.model(vendor, { maxRetries: 1 }).generateText({ prompt: judge, variables });
    expect(result.text).toBe('after the wait');
    expect(result.attempts.map((attempt) => [attempt.outcome, attempt.retry, attempt.waitedMs])).toEqual([
      ['rate_limited', 0, 0],
      ['ok', 1, 25],
    ]);
  });

  test('retry-after in seconds; a wait beyond maxRetryDelayMs gives up at once', async () => {
    server.enqueue(reply.rateLimit({ retryAfterSeconds: 0.01 }), reply.text('ok'));
    const result = await server.model(vendor, { maxRetries: 1 }).generateText({ prompt: judge, variables });
    expect(result.attempts[1]!.waitedMs).toBe(10);
    server.reset();
    server.enqueue(reply.rateLimit({ retryAfterSeconds: 120 }), reply.text('never asked'));
    const error = await llmErrorOf(
      server.model(vendor, { maxRetries: 2, maxRetryDelayMs: 1_000 }).generateText({ prompt: judge, variables }),
    );
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(server.requests).toHaveLength(1);
  });

  test('5xx and network failures are retried with backoff; 4xx are not', async () => {
    server.enqueue(reply.serverError(502), reply.disconnect(), reply.text('third time'));
    const result = await server.model(vendor, { maxRetries: 2 }).generateText({ prompt: judge, variables });
    expect(result.text).toBe('third time');
    expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['server_error', 'network', 'ok']);
    server.reset();
    server.enqueue(reply.badRequest(), reply.text('not reached'));
    const error = await llmErrorOf(server.model(vendor, { maxRetries: 2 }).generateText({ prompt: judge, variables }));
    expect(error.code).toBe('bad_request');
    expect(server.requests).toHaveLength(1);
  });

  test('repair: fenced JSON with prose and a trailing comma validates without a re-ask', async () => {
    server.enqueue(reply.text('Here you go:\n```json\n{"verdict": "different", "confidence": 0.2,}\n```'));
    const result = await server.model(vendor).generateObject({ prompt: judge, variables, schema: judgement });
    expect(result.object).toEqual({ verdict: 'different', confidence: 0.2 });
    expect(result.repairs).toEqual(['stripped_code_fence', 'removed_trailing_commas']);
    expect(server.requests).toHaveLength(1);
  });

  test('truncated JSON: the complete part is kept when the schema accepts it, else one re-ask', async () => {
    const lenient = z.object({ verdict: z.string(), note: z.string().optional() });
    server.enqueue(
      reply.truncatedJson({ verdict: 'same', note: 'a long explanation that gets cut off' }, { keepFraction: 0.7 }),
    );
    const kept = await server.model(vendor).generateObject({ prompt: judge, variables, schema: lenient });
    expect(kept.object).toEqual({ verdict: 'same' });
    expect(kept.repairs).toContain('closed_truncated_json');
    expect(kept.finishReason).toBe('length');
    server.reset();
    server.enqueue(
      reply.truncatedJson({ verdict: 'same', confidence: 0.75 }, { keepFraction: 0.5 }),
      reply.json({ verdict: 'same', confidence: 0.75 }),
    );
    const reasked = await server.model(vendor).generateObject({ prompt: judge, variables, schema: judgement });
    expect(reasked.object).toEqual({ verdict: 'same', confidence: 0.75 });
    expect(reasked.reasked).toBe(true);
  });

  test('malformed twice → malformed_output after exactly one re-ask that carries the problem', async () => {
    const ledger = createMemoryLedger();
    server.enqueue(reply.malformedJson(), reply.malformedJson('still {not: json}'));
    const error = await llmErrorOf(
      server.model(vendor).generateObject({ prompt: judge, variables, schema: judgement, ledger }),
    );
    expect(error.code).toBe('malformed_output');
    expect(error.isRetryable).toBe(false);
    expect(error.stage).toBe('parse_output');
    expect(error.rawOutput).toBe('still {not: json}');
    expect(server.requests).toHaveLength(2);
    const reask = server.requests[1]!;
    expect(reask.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(reask.messages[1]!.content).toContain('{answer: yes');
    expect(reask.messages[2]!.content).toContain('not valid JSON');
    expect(ledger.entries().map((entry) => [entry.phase, entry.outcome])).toEqual([
      ['answer', 'malformed_output'],
      ['reask', 'malformed_output'],
    ]);
  });

  test('schema violation twice → schema_mismatch with the zod issues', async () => {
    server.enqueue(
      reply.schemaViolation({ verdict: 'maybe', confidence: 3 }),
      reply.schemaViolation({ verdict: 'maybe' }),
    );
    const error = await llmErrorOf(
      server.model(vendor).generateObject({ prompt: judge, variables, schema: judgement }),
    );
    expect(error.code).toBe('schema_mismatch');
    expect(error.stage).toBe('validate_output');
    expect(error.issues.some((issue) => issue.startsWith('verdict:'))).toBe(true);
    expect(server.requests[1]!.messages[2]!.content).toContain('confidence');
  });

  test('schema violation then a valid answer → ok, reasked, both attempts billed', async () => {
    server.enqueue(
      reply.schemaViolation({ verdict: 'maybe', confidence: 0.5 }, { inputTokens: 100, outputTokens: 10 }),
      reply.json({ verdict: 'same', confidence: 0.5 }, { inputTokens: 150, outputTokens: 12 }),
    );
    const result = await server.model(vendor).generateObject({ prompt: judge, variables, schema: judgement });
    expect(result.object.verdict).toBe('same');
    expect(result.reasked).toBe(true);
    expect(result.usage).toEqual({ inputTokens: 250, outputTokens: 22 });
    expect(result.attempts.map((attempt) => [attempt.phase, attempt.outcome])).toEqual([
      ['answer', 'schema_mismatch'],
      ['reask', 'ok'],
    ]);
  });

  test('refusal → refused, not retried, not re-asked', async () => {
    server.enqueue(reply.refusal('No puedo ayudar con eso.'), reply.text('not reached'));
    const error = await llmErrorOf(
      server.model(vendor, { maxRetries: 2 }).generateObject({ prompt: judge, variables, schema: judgement }),
    );
    expect(error.code).toBe('refused');
    expect(error.isRetryable).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  test('missing API key → auth at the configure stage, nothing sent', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('GROQ_API_KEY', '');
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    vi.stubEnv('GEMINI_API_KEY', '');
    vi.stubEnv('GOOGLE_API_KEY', '');
    vi.stubEnv('DEEPSEEK_API_KEY', '');
    vi.stubEnv('PERPLEXITY_API_KEY', '');
    try {
      const error = await llmErrorOf(
        server.model(vendor, { apiKey: undefined }).generateText({ prompt: judge, variables }),
      );
      expect(error.code).toBe('auth');
      expect(error.stage).toBe('configure');
      expect(error.message).toMatch(/API_KEY/);
      expect(server.requests).toHaveLength(0);
    } finally {
      for (const name of LEAKABLE_KEYS) vi.stubEnv(name, 'leaked-env-key');
      vi.stubEnv('GOOGLE_API_KEY', undefined);
    }
  });

  test('the caller aborting stops the call with aborted and no retry', async () => {
    server.enqueue(reply.slow(10_000), reply.text('not reached'));
    const controller = new AbortController();
    const pending = server
      .model(vendor, { maxRetries: 2 })
      .generateText({ prompt: judge, variables, signal: controller.signal });
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 2));
    controller.abort();
    const error = await llmErrorOf(pending);
    expect(error.code).toBe('aborted');
    expect(server.requests).toHaveLength(1);
  });
});

test('the key comes from the environment when not given', async () => {
  vi.stubEnv('GROQ_API_KEY', 'from-the-env');
  try {
    server.enqueue(reply.text('ok'));
    await server.model('groq', { apiKey: undefined }).generateText({ prompt: judge, variables });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer from-the-env');
  } finally {
    vi.stubEnv('GROQ_API_KEY', 'leaked-env-key');
  }
});
