import { describe, expect, test } from 'vitest';
import { cacheKey, createMemoryCacheStore, type CachedAnswer } from './cache.js';

const answer = (text: string): CachedAnswer => ({
  text,
  vendor: 'gemini',
  model: 'gemini-2.5-flash',
  layer: 0,
  finishReason: 'stop',
  usage: { inputTokens: 1, outputTokens: 1 },
  createdAt: '2026-01-01T00:00:00.000Z',
});

const parts = {
  vendor: 'gemini',
  model: 'gemini-2.5-flash',
  promptId: 'p',
  promptVersion: '1',
  input: { system: undefined, user: 'u', temperature: undefined, maxOutputTokens: 4096 },
};

describe('response cache', () => {
  test('key covers vendor, model, prompt id and version, input and schema', () => {
    const base = cacheKey(parts);
    expect(base).toMatch(/^llm:v1:gemini:gemini-2\.5-flash:p@1:[0-9a-f]{64}:text$/);
    expect(cacheKey({ ...parts, vendor: 'groq' })).not.toBe(base);
    expect(cacheKey({ ...parts, model: 'x' })).not.toBe(base);
    expect(cacheKey({ ...parts, promptVersion: '2' })).not.toBe(base);
    expect(cacheKey({ ...parts, input: { ...parts.input, user: 'v' } })).not.toBe(base);
    expect(cacheKey({ ...parts, input: { ...parts.input, temperature: 0 } })).not.toBe(base);
    expect(cacheKey({ ...parts, schemaHash: 'abc' })).not.toBe(base);
    expect(cacheKey({ ...parts })).toBe(base);
  });

  test('LRU eviction, copies in and out, TTL', () => {
    let now = 0;
    const store = createMemoryCacheStore({ maxEntries: 2, ttlMs: 100, now: () => now });
    store.set('a', answer('A'));
    store.set('b', answer('B'));
    expect((store.get('a') as CachedAnswer).text).toBe('A'); // a is now the most recent
    store.set('c', answer('C'));
    expect(store.get('b')).toBeUndefined();
    expect(store.size).toBe(2);
    const copy = store.get('c') as CachedAnswer;
    copy.text = 'mutated';
    expect((store.get('c') as CachedAnswer).text).toBe('C');
    now = 101;
    expect(store.get('c')).toBeUndefined();
    store.clear();
    expect(store.size).toBe(0);
  });
});
