import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { definePrompt, LlmError } from '../index.js';
import { llmErrorOf, reply, startFakeLlmServer, type FakeLlmServer } from './index.js';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

const prompt = definePrompt({ id: 'fake.test', version: '1', template: 'hola' });

describe('startFakeLlmServer', () => {
  test('listens on loopback only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseURL('openai')).toBe(`${server.url}/v1`);
    expect(server.baseURL('gemini')).toBe(server.url);
  });

  test('targeted queues answer before the shared queue; pending counts both', async () => {
    server.enqueue(reply.text('shared'));
    server.enqueueFor({ vendor: 'anthropic' }, reply.text('for anthropic'));
    expect(server.pending()).toBe(2);
    expect((await server.model('openai').generateText({ prompt })).text).toBe('shared');
    expect((await server.model('anthropic').generateText({ prompt })).text).toBe('for anthropic');
    expect(server.pending()).toBe(0);
    expect(server.requests.map((request) => [request.index, request.vendor, request.answeredWith])).toEqual([
      [1, 'openai', 'text'],
      [2, 'anthropic', 'text'],
    ]);
    expect(server.requestsFor({ vendor: 'anthropic' })).toHaveLength(1);
  });

  test('unscripted requests get a 400 that says how to script them', async () => {
    const error = await llmErrorOf(server.model('gemini').generateText({ prompt }));
    expect(error).toBeInstanceOf(LlmError);
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('nothing scripted');
    expect(server.requests[0]!.answeredWith).toBe('unscripted');
  });

  test('setDefault answers every unscripted request until reset', async () => {
    server.setDefault(reply.json({ ok: true }));
    for (const vendor of ['openai', 'groq', 'anthropic', 'gemini'] as const) {
      expect((await server.model(vendor).generateText({ prompt })).text).toBe('{"ok":true}');
    }
    server.reset();
    expect(server.requests).toHaveLength(0);
    await expect(server.model('openai').generateText({ prompt })).rejects.toMatchObject({ code: 'bad_request' });
  });

  test('a request still being read at reset() never takes a step scripted after it', async () => {
    server.enqueue(reply.text('for the old test'));
    const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hola' }] });
    // An earlier test's request: headers sent, body not yet complete (its client gave up later).
    const stale = httpRequest(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const staleOutcome = new Promise<string>((resolve) => {
      stale.on('response', (response) => resolve(`answered ${response.statusCode}`));
      stale.on('error', (error) => resolve(`closed: ${error.message}`));
    });
    stale.write(body.slice(0, 10));
    await vi.waitFor(() => expect(server.reading()).toBe(1), { timeout: 30_000, interval: 5 });
    server.reset();
    server.enqueue(reply.text('for this test'));
    stale.end(body.slice(10));
    expect(await staleOutcome).toMatch(/^closed: /);
    expect((await server.model('openai').generateText({ prompt })).text).toBe('for this test');
    expect(server.requests).toHaveLength(1);
  });

  test('unknown routes are 404 and not recorded', async () => {
    const response = await fetch(`${server.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(server.requests).toHaveLength(0);
  });

  test('requests record path, lower-cased headers and the parsed body', async () => {
    server.enqueue(reply.text('ok'));
    await server
      .model('gemini', { model: 'gemini-2.5-flash-lite', thinkingBudget: 0 })
      .generateText({ prompt, temperature: 0.2 });
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1beta/models/gemini-2.5-flash-lite:generateContent');
    expect(request.model).toBe('gemini-2.5-flash-lite');
    expect(request.headers['content-type']).toContain('application/json');
    expect(request.body).toMatchObject({
      generationConfig: { temperature: 0.2, thinkingConfig: { thinkingBudget: 0 }, maxOutputTokens: 4096 },
    });
  });
});
