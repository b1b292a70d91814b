import { requestJsonHash } from './schema.js';
import type { FinishReason, TokenUsage } from './types.js';

/** What the response cache stores: JSON-serialisable, so any key-value store can hold it. */
export interface CachedAnswer {
  /** The model's raw text (for structured output: the JSON text). */
  text: string;
  /** Structured output only: the parsed JSON before schema validation (re-validated on every hit). */
  json?: unknown;
  /** Structured output only: repairs that were applied. */
  repairs?: string[];
  /** Who produced it (for a cached chain answer: the answering layer). */
  vendor: string;
  model: string;
  layer: number;
  finishReason: FinishReason;
  /** Tokens the original call used (informational; a hit costs nothing). */
  usage: TokenUsage;
  /** ISO timestamp of the original answer. */
  createdAt: string;
}

/**
 * Pluggable storage for the response cache (memory, a file, Redis, the Espectro store…).
 * Both methods may be synchronous or return promises.
 */
export interface CacheStore {
  get(key: string): CachedAnswer | undefined | Promise<CachedAnswer | undefined>;
  set(key: string, value: CachedAnswer): void | Promise<void>;
}

/** Everything a cached answer depends on. */
export interface CacheKeyParts {
  vendor: string;
  model: string;
  promptId: string;
  promptVersion: string;
  /** Rendered input and sampling settings (hashed). */
  input: { system: string | undefined; user: string; temperature: number | undefined; maxOutputTokens: number };
  /** Hash of the JSON Schema for structured output; absent for text. */
  schemaHash?: string | undefined;
}

/**
 * Cache key over (vendor, model, prompt id + version, input hash, schema hash):
 * `llm:v1:<vendor>:<model>:<promptId>@<version>:<sha256 of input>:<schema hash | text>`.
 * The input is hashed as the JSON data the request carries (an absent `system` or `temperature`
 * is left out, a lone surrogate is U+FFFD), written as methodology's canonical JSON.
 */
export function cacheKey(parts: CacheKeyParts): string {
  return [
    'llm:v1',
    parts.vendor,
    parts.model,
    `${parts.promptId}@${parts.promptVersion}`,
    requestJsonHash(parts.input),
    parts.schemaHash ?? 'text',
  ].join(':');
}

/** Settings of {@link createMemoryCacheStore}. */
export interface MemoryCacheSettings {
  /** Least-recently-used entries beyond this are evicted; default 1,000. */
  maxEntries?: number;
  /** Entries older than this are ignored; default: never expire. */
  ttlMs?: number;
  /** Clock in ms; default `Date.now`. */
  now?: () => number;
}

/** The in-memory LRU store, with `size` and `clear()`. */
export interface MemoryCacheStore extends CacheStore {
  readonly size: number;
  clear(): void;
}

/**
 * In-memory LRU {@link CacheStore}; values are copied in and out, so callers cannot mutate them.
 *
 * @example
 * const cache = createMemoryCacheStore({ maxEntries: 5_000, ttlMs: 24 * 3_600_000 });
 * const judge = createFallbackChain([createGemini(), createGroq()], { cache, ledger });
 */
export function createMemoryCacheStore(settings: MemoryCacheSettings = {}): MemoryCacheStore {
  const maxEntries = Math.max(1, settings.maxEntries ?? 1000);
  const now = settings.now ?? Date.now;
  const entries = new Map<string, { value: CachedAnswer; storedAt: number }>();
  return {
    get size() {
      return entries.size;
    },
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      if (settings.ttlMs !== undefined && now() - entry.storedAt > settings.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return structuredClone(entry.value);
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value: structuredClone(value), storedAt: now() });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
  };
}
