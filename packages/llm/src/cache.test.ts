import { fc, test } from '@fast-check/vitest';
import { canonicalJson, sha256Hex } from '@espectro/methodology';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { cacheKey, createMemoryCacheStore, type CachedAnswer } from './cache.js';
import { prepareSchema } from './schema.js';

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

/*
 * Golden keys and schema hashes written by the code before llm used methodology's canonicalJson
 * and sha256Hex (its own stableStringify + node:crypto sha256, at commit 5c9a0c6). Equal keys
 * mean that caches written before the switch still hit.
 */
const keyParts = { vendor: 'gemini', model: 'gemini-2.5-flash', promptId: 'cluster.same-event', promptVersion: '3' };
const keyPrefix = 'llm:v1:gemini:gemini-2.5-flash:cluster.same-event@3:';
const goldenInputs = [
  {
    name: 'no system, no temperature',
    input: { system: undefined, user: 'u', temperature: undefined, maxOutputTokens: 4096 },
    hash: '5828f24571db6fd42c52a31535193f4d7fe934491a99916cf345c1c0def0224e',
  },
  {
    name: 'accents, quotes, emoji, tab, backslash, temperature 0',
    input: {
      system: 'Eres un verificador. Responde solo con JSON.',
      user: 'Titular A: «Gobierno anuncia reforma previdenciária» — São Paulo, 3/12\nTitular B: "Reforma" aprobada; ñandú, ação, über 😀\t(tab) \\ barra',
      temperature: 0,
      maxOutputTokens: 512,
    },
    hash: 'acfa4fb80af52052038fa8ed33017e74dd8edaab7256db080d5b37a183c7ee1e',
  },
  {
    name: 'empty system, JSON in the prompt, a control character and U+2028',
    input: { system: '', user: '{"json":"in prompt"}\u0001\u2028', temperature: 0.2, maxOutputTokens: 1 },
    hash: '787ea8c8800e87b1cca442c2fbd3967445031763f820b8020339974d1a533b52',
  },
];
const goldenSchemas = [
  {
    name: 'flat object with a description and bounds',
    schema: z.object({
      same: z.boolean().describe('¿Mismo hecho?'),
      confidence: z.number().min(0).max(1),
      reason: z.string().max(280),
    }),
    hash: 'c2d45b32e76c7e6f2764971d4a2653b9c55b060aec559f1927d545b5e3922961',
  },
  {
    name: 'nested arrays, enum, optional, nullable int, default',
    schema: z.object({
      topics: z.array(z.object({ label: z.string(), headlineIds: z.array(z.string()).min(1) })),
      verdict: z.enum(['verdadero', 'falso', 'engañoso', 'sem dados']),
      note: z.string().optional(),
      score: z.number().int().nullable(),
      language: z.string().default('es'),
    }),
    hash: '5472d112e213ac8e8f7cafe7ec4124b7d23736dfc1b6a37555752e119fa09c3d',
  },
  {
    name: 'array root',
    schema: z.array(z.string()),
    hash: '681004346c78d5f384b654c986b4eda8fea28010db3be7da70b19aa0080f3ff9',
  },
  {
    name: 'a Date default',
    schema: z.object({ at: z.date().default(new Date('2026-01-01T00:00:00.000Z')) }),
    hash: 'be6aa79ddf114fd09094358458685688418eb8c8af9505d5f3c4d8e53846b18c',
  },
];

describe('cache keys over canonical JSON', () => {
  for (const golden of goldenInputs) {
    test(`unchanged by the switch to canonicalJson: ${golden.name}`, () => {
      expect(cacheKey({ ...keyParts, input: golden.input })).toBe(`${keyPrefix}${golden.hash}:text`);
    });
  }
  for (const golden of goldenSchemas) {
    test(`schema hash unchanged by the switch: ${golden.name}`, () => {
      expect(prepareSchema(golden.schema).hash).toBe(golden.hash);
    });
  }

  test('a lone surrogate (a string cut inside an emoji) is hashed as U+FFFD: the one key that changed', () => {
    const cut = { system: undefined, user: 'truncado \ud83d', temperature: 0.7, maxOutputTokens: 4096 };
    const replaced = { ...cut, user: 'truncado \uFFFD' };
    const before = '7390c5a582cc9f595e26aba534d78a60a5a25c20781a4ae4d8ca9560f7a8776b'; // stableStringify's key
    expect(cacheKey({ ...keyParts, input: cut })).not.toBe(`${keyPrefix}${before}:text`);
    expect(cacheKey({ ...keyParts, input: cut })).toBe(cacheKey({ ...keyParts, input: replaced }));
    expect(cacheKey({ ...keyParts, input: cut })).toBe(
      `${keyPrefix}${sha256Hex(canonicalJson({ maxOutputTokens: 4096, temperature: 0.7, user: 'truncado \uFFFD' }))}:text`,
    );
  });

  test('an absent setting is left out of the hashed input, as in the request body', () => {
    const bare = { system: undefined, user: 'u', temperature: undefined, maxOutputTokens: 4096 };
    expect(cacheKey({ ...keyParts, input: bare })).toBe(
      `${keyPrefix}${sha256Hex(canonicalJson({ maxOutputTokens: 4096, user: 'u' }))}:text`,
    );
    // NaN is sent as null (JSON.stringify); the key says the same rather than throwing.
    expect(cacheKey({ ...keyParts, input: { ...bare, temperature: Number.NaN } })).toBe(
      `${keyPrefix}${sha256Hex(canonicalJson({ maxOutputTokens: 4096, temperature: null, user: 'u' }))}:text`,
    );
  });

  test.prop([
    fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
    fc.string({ unit: 'binary' }),
    fc.option(fc.double({ min: 0, max: 2, noNaN: true }), { nil: undefined }),
    fc.integer({ min: 1, max: 1_000_000 }),
  ])(
    'any prompt text (lone surrogates too) gives a key, and equal inputs equal keys',
    (system, user, temperature, maxOutputTokens) => {
      const input = { system, user, temperature, maxOutputTokens };
      const key = cacheKey({ ...keyParts, input });
      expect(key).toMatch(/^llm:v1:gemini:gemini-2\.5-flash:cluster\.same-event@3:[0-9a-f]{64}:text$/);
      expect(cacheKey({ ...keyParts, input: { maxOutputTokens, temperature, user, system } })).toBe(key);
      expect(cacheKey({ ...keyParts, input: { ...input, user: `${user}.` } })).not.toBe(key);
    },
  );
});
