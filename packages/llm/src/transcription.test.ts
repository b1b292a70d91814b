import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createMemoryLedger, definePrompt, LlmError } from './index.js';
import { llmErrorOf, reply, startFakeLlmServer, type FakeLlmServer } from './testing/index.js';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const audio = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 65, 86, 69]);

describe.each(['openai', 'groq'] as const)('%s transcriber', (vendor) => {
  const model = vendor === 'openai' ? 'gpt-4o-mini-transcribe' : 'whisper-large-v3-turbo';

  test('multipart upload with the name list as prompt; text, duration, cost and ledger', async () => {
    server.enqueue(
      reply.transcript('O Brasil cresceu sete e meio por cento.', { durationSeconds: 10, language: 'pt' }),
    );
    const ledger = createMemoryLedger();
    const transcriber = server.transcriber(vendor);
    expect(transcriber.modelId).toBe(model);
    const result = await transcriber.transcribe({
      audio,
      fileName: 'chunk-0001.wav',
      language: 'pt',
      names: ['Lula', 'Tarcísio de Freitas', 'Simone Tebet'],
      jobId: 'debate-2026-10-01',
      ledger,
    });
    expect(result.text).toBe('O Brasil cresceu sete e meio por cento.');
    expect(result).toMatchObject({
      vendor,
      model,
      durationSeconds: 10,
      promptId: 'transcription.names',
      promptVersion: '1',
    });
    const request = server.requests[0]!;
    expect(request.route).toBe('transcription');
    expect(request.vendor).toBe(vendor);
    expect(request.path).toBe(vendor === 'openai' ? '/v1/audio/transcriptions' : '/openai/v1/audio/transcriptions');
    expect(request.fields).toMatchObject({ model, prompt: 'Lula, Tarcísio de Freitas, Simone Tebet', language: 'pt' });
    expect(request.fields.response_format).toBe(vendor === 'openai' ? 'json' : 'verbose_json');
    expect(request.files).toEqual([
      { field: 'file', fileName: 'chunk-0001.wav', size: audio.length, type: 'audio/wav' },
    ]);
    const perMinute = vendor === 'openai' ? 0.003 : 0.04 / 60;
    expect(result.costUsd).toBeCloseTo((10 / 60) * perMinute, 12);
    expect(ledger.entries()).toEqual([
      expect.objectContaining({
        operation: 'transcription',
        phase: 'transcribe',
        outcome: 'ok',
        audioSeconds: 10,
        jobId: 'debate-2026-10-01',
        priced: true,
      }),
    ]);
    expect(ledger.totalsByJob()['debate-2026-10-01']!.audioSeconds).toBe(10);
  });

  test('retries honour retry-after; faults map to error codes', async () => {
    server.enqueue(reply.rateLimit({ retryAfterMs: 15 }), reply.transcript('ok'));
    const result = await server.transcriber(vendor, { maxRetries: 1 }).transcribe({ audio, durationSeconds: 5 });
    expect(result.attempts.map((attempt) => [attempt.outcome, attempt.waitedMs])).toEqual([
      ['rate_limited', 0],
      ['ok', 15],
    ]);
    expect(result.durationSeconds).toBe(5);
    expect(server.requests[1]!.fields.prompt).toBeUndefined();
    server.reset();
    server.enqueue(reply.serverError(500));
    const error = await llmErrorOf(server.transcriber(vendor).transcribe({ audio }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error).toMatchObject({ code: 'server_error', stage: 'transcribe', vendor, isRetryable: true });
    server.reset();
    server.enqueue(reply.slow(10_000, reply.transcript('late')));
    const timeout = await llmErrorOf(server.transcriber(vendor, { timeoutMs: 50 }).transcribe({ audio }));
    expect(timeout.code).toBe('timeout');
  });

  test('a 401 body that echoes the API key does not carry the key into the error', async () => {
    const apiKey = `live-${vendor}-transcribe-77aa01`;
    server.enqueue(reply.unauthorized(`Invalid API Key: ${apiKey}`));
    const error = await llmErrorOf(server.transcriber(vendor, { apiKey }).transcribe({ audio }));
    expect(error).toMatchObject({ code: 'auth', stage: 'transcribe', vendor });
    expect(error.message).toContain('Invalid API Key: [redacted]');
    expect(`${error.message}\n${inspect(error, { depth: 10 })}\n${JSON.stringify(error.attempts)}`).not.toContain(
      apiKey,
    );
  });

  test('a versioned prompt can replace the name list', async () => {
    server.enqueue(reply.transcript('texto'));
    const prompt = definePrompt({ id: 'debate.glossary', version: '4', template: 'Debate presidencial. {{names}}.' });
    const result = await server.transcriber(vendor).transcribe({ audio, prompt, variables: { names: 'Boric, Kast' } });
    expect(result.promptVersion).toBe('4');
    expect(server.requests[0]!.fields.prompt).toBe('Debate presidencial. Boric, Kast.');
  });
});
