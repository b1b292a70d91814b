import type { AttemptOutcome, TokenUsage } from './types.js';

/** Price of one model. Token prices in USD per million tokens; audio in USD per minute. */
export interface ModelPrice {
  inputPerMillionUsd?: number;
  outputPerMillionUsd?: number;
  perMinuteUsd?: number;
}

/**
 * Prices keyed by `vendor:model` (preferred) or by bare `model`. Lookup tries `vendor:model`
 * first, then `model`; a model with no entry costs 0 and its ledger entries say `priced: false`.
 */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** When {@link defaultPrices} were read off the vendors' public price pages. */
export const PRICES_AS_OF = '2026-01';

/**
 * Default prices for the default models and a few common alternatives: **list prices as of 2026
 * (see {@link PRICES_AS_OF}), without batch, cache or volume discounts and without Perplexity's
 * per-request fees — override them for your contract** (`createMemoryLedger({ prices })`).
 */
export const defaultPrices: PriceTable = Object.freeze({
  // Google Gemini API (paid tier, text input/output; thinking tokens are billed as output)
  'gemini:gemini-2.5-flash': { inputPerMillionUsd: 0.3, outputPerMillionUsd: 2.5 },
  'gemini:gemini-2.5-flash-lite': { inputPerMillionUsd: 0.1, outputPerMillionUsd: 0.4 },
  'gemini:gemini-2.5-pro': { inputPerMillionUsd: 1.25, outputPerMillionUsd: 10 },
  // Groq
  'groq:llama-3.3-70b-versatile': { inputPerMillionUsd: 0.59, outputPerMillionUsd: 0.79 },
  'groq:llama-3.1-8b-instant': { inputPerMillionUsd: 0.05, outputPerMillionUsd: 0.08 },
  'groq:whisper-large-v3-turbo': { perMinuteUsd: 0.04 / 60 },
  'groq:whisper-large-v3': { perMinuteUsd: 0.111 / 60 },
  // Anthropic
  'anthropic:claude-sonnet-4-6': { inputPerMillionUsd: 3, outputPerMillionUsd: 15 },
  'anthropic:claude-haiku-4-5': { inputPerMillionUsd: 1, outputPerMillionUsd: 5 },
  'anthropic:claude-opus-4-6': { inputPerMillionUsd: 5, outputPerMillionUsd: 25 },
  // OpenAI
  'openai:gpt-4o-mini': { inputPerMillionUsd: 0.15, outputPerMillionUsd: 0.6 },
  'openai:gpt-4o': { inputPerMillionUsd: 2.5, outputPerMillionUsd: 10 },
  'openai:gpt-4.1-mini': { inputPerMillionUsd: 0.4, outputPerMillionUsd: 1.6 },
  'openai:gpt-4o-mini-transcribe': { perMinuteUsd: 0.003 },
  'openai:gpt-4o-transcribe': { perMinuteUsd: 0.006 },
  'openai:whisper-1': { perMinuteUsd: 0.006 },
  // OpenAI-compatible vendors
  'deepseek:deepseek-chat': { inputPerMillionUsd: 0.28, outputPerMillionUsd: 0.42 },
  'perplexity:sonar': { inputPerMillionUsd: 1, outputPerMillionUsd: 1 },
  'perplexity:sonar-pro': { inputPerMillionUsd: 3, outputPerMillionUsd: 15 },
});

/** Finds the price of `vendor:model`, then of `model`. */
export function findPrice(prices: PriceTable, vendor: string, model: string): ModelPrice | undefined {
  return prices[`${vendor}:${model}`] ?? prices[model];
}

/** USD cost of one call; `priced` is false when the table has no usable price for it. */
export function priceCall(
  prices: PriceTable,
  call: {
    vendor: string;
    model: string;
    usage: TokenUsage;
    audioSeconds?: number | undefined;
    outcome?: AttemptOutcome;
  },
): { costUsd: number; priced: boolean } {
  if (call.outcome === 'cache_hit') return { costUsd: 0, priced: true };
  const price = findPrice(prices, call.vendor, call.model);
  if (price === undefined) return { costUsd: 0, priced: call.usage.inputTokens + call.usage.outputTokens === 0 };
  let costUsd = 0;
  let priced = false;
  if (price.inputPerMillionUsd !== undefined || price.outputPerMillionUsd !== undefined) {
    costUsd +=
      (call.usage.inputTokens * (price.inputPerMillionUsd ?? 0) +
        call.usage.outputTokens * (price.outputPerMillionUsd ?? 0)) /
      1e6;
    priced = true;
  }
  if (price.perMinuteUsd !== undefined) {
    if (call.audioSeconds !== undefined) {
      costUsd += (call.audioSeconds / 60) * price.perMinuteUsd;
      priced = true;
    }
  }
  return { costUsd, priced };
}

/** What an adapter hands the ledger for every attempt. */
export interface LedgerCall {
  vendor: string;
  model: string;
  /** Prompt id and version (rule AUDIT). */
  promptId: string;
  promptVersion: string;
  /** Story, debate or run the call belongs to. */
  jobId?: string | undefined;
  operation: 'text' | 'object' | 'transcription';
  /** Chain layer (0 = first or only). */
  layer: number;
  phase: 'answer' | 'reask' | 'transcribe';
  /** 0 = first try of the phase. */
  retry: number;
  usage: TokenUsage;
  /** Audio length for transcriptions, when known. */
  audioSeconds?: number | undefined;
  latencyMs: number;
  /** `ok`, `cache_hit`, or the error code. */
  outcome: AttemptOutcome;
}

/** A recorded call (rule COST: vendor, model, prompt version, tokens in/out, USD cost). */
export interface LedgerEntry extends LedgerCall {
  /** Sequence number within the ledger, from 1. */
  id: number;
  /** ISO timestamp. */
  at: string;
  costUsd: number;
  /** False when tokens or audio were billed but the price table has no price for the model (cost recorded as 0). */
  priced: boolean;
}

/** Sums over a set of entries. */
export interface LedgerTotals {
  calls: number;
  okCalls: number;
  failedCalls: number;
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  audioSeconds: number;
  costUsd: number;
  /** Entries whose model had no price: their cost is missing from `costUsd`. */
  unpricedCalls: number;
}

/** Selects entries; every given field must match. */
export interface LedgerFilter {
  jobId?: string;
  vendor?: string;
  model?: string;
  promptId?: string;
}

/** Key under which entries without a job id are totalled by {@link CostLedger.totalsByJob}. */
export const NO_JOB = '(no job)';

/**
 * Records every model call with its cost (rule COST) and totals them per job (a story, a debate)
 * and per vendor. Implement it over a database for production; {@link createMemoryLedger} is the
 * in-memory implementation.
 */
export interface CostLedger {
  /** Prices the call and stores it. */
  record(call: LedgerCall): LedgerEntry;
  /** Entries in recording order. */
  entries(filter?: LedgerFilter): LedgerEntry[];
  totals(filter?: LedgerFilter): LedgerTotals;
  /** Totals per job id ({@link NO_JOB} for calls without one). */
  totalsByJob(filter?: LedgerFilter): Record<string, LedgerTotals>;
  /** Totals per vendor. */
  totalsByVendor(filter?: LedgerFilter): Record<string, LedgerTotals>;
}

/** Settings of {@link createMemoryLedger}. */
export interface MemoryLedgerSettings {
  /** Overrides merged over {@link defaultPrices} (or replacing them, see `replaceDefaultPrices`). */
  prices?: PriceTable;
  replaceDefaultPrices?: boolean;
  /** Clock for `at`; default `new Date()`. */
  now?: () => Date;
}

/** The in-memory ledger, with its effective price table and a `clear()`. */
export interface MemoryLedger extends CostLedger {
  readonly prices: PriceTable;
  clear(): void;
}

/** Empty totals. */
export function emptyTotals(): LedgerTotals {
  return {
    calls: 0,
    okCalls: 0,
    failedCalls: 0,
    cacheHits: 0,
    inputTokens: 0,
    outputTokens: 0,
    audioSeconds: 0,
    costUsd: 0,
    unpricedCalls: 0,
  };
}

/** Adds one entry to totals (mutates and returns `totals`). */
export function addToTotals(totals: LedgerTotals, entry: LedgerEntry): LedgerTotals {
  totals.calls += 1;
  if (entry.outcome === 'ok') totals.okCalls += 1;
  else if (entry.outcome === 'cache_hit') totals.cacheHits += 1;
  else totals.failedCalls += 1;
  totals.inputTokens += entry.usage.inputTokens;
  totals.outputTokens += entry.usage.outputTokens;
  totals.audioSeconds += entry.audioSeconds ?? 0;
  totals.costUsd += entry.costUsd;
  if (!entry.priced) totals.unpricedCalls += 1;
  return totals;
}

function matches(entry: LedgerEntry, filter: LedgerFilter | undefined): boolean {
  if (filter === undefined) return true;
  return (
    (filter.jobId === undefined || entry.jobId === filter.jobId) &&
    (filter.vendor === undefined || entry.vendor === filter.vendor) &&
    (filter.model === undefined || entry.model === filter.model) &&
    (filter.promptId === undefined || entry.promptId === filter.promptId)
  );
}

/**
 * In-memory {@link CostLedger}.
 *
 * @example
 * const ledger = createMemoryLedger({ prices: { 'openai:gpt-4o-mini': { inputPerMillionUsd: 0.1, outputPerMillionUsd: 0.4 } } });
 * await model.generateText({ prompt, variables, jobId: 'debate-2026-08-01', ledger });
 * ledger.totalsByJob()['debate-2026-08-01'].costUsd;
 */
export function createMemoryLedger(settings: MemoryLedgerSettings = {}): MemoryLedger {
  const prices: PriceTable = Object.freeze(
    settings.replaceDefaultPrices === true ? { ...settings.prices } : { ...defaultPrices, ...settings.prices },
  );
  const now = settings.now ?? (() => new Date());
  let stored: LedgerEntry[] = [];
  const groupBy = (key: (entry: LedgerEntry) => string, filter?: LedgerFilter): Record<string, LedgerTotals> => {
    const groups: Record<string, LedgerTotals> = {};
    for (const entry of stored) {
      if (!matches(entry, filter)) continue;
      addToTotals((groups[key(entry)] ??= emptyTotals()), entry);
    }
    return groups;
  };
  return {
    prices,
    record(call) {
      const { costUsd, priced } = priceCall(prices, call);
      const entry: LedgerEntry = {
        ...call,
        usage: { ...call.usage },
        id: stored.length + 1,
        at: now().toISOString(),
        costUsd,
        priced,
      };
      stored.push(entry);
      return entry;
    },
    entries(filter) {
      return stored.filter((entry) => matches(entry, filter));
    },
    totals(filter) {
      const totals = emptyTotals();
      for (const entry of stored) if (matches(entry, filter)) addToTotals(totals, entry);
      return totals;
    },
    totalsByJob(filter) {
      return groupBy((entry) => entry.jobId ?? NO_JOB, filter);
    },
    totalsByVendor(filter) {
      return groupBy((entry) => entry.vendor, filter);
    },
    clear() {
      stored = [];
    },
  };
}
