import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createMemoryLedger, defaultPrices, NO_JOB, priceCall, type LedgerCall } from './ledger.js';

const call = (overrides: Partial<LedgerCall> = {}): LedgerCall => ({
  vendor: 'openai',
  model: 'gpt-4o-mini',
  promptId: 'p',
  promptVersion: '1',
  operation: 'text',
  layer: 0,
  phase: 'answer',
  retry: 0,
  usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 },
  latencyMs: 10,
  outcome: 'ok',
  ...overrides,
});

describe('cost ledger (rule COST)', () => {
  test('default prices cover every default model', () => {
    for (const key of [
      'gemini:gemini-2.5-flash',
      'groq:llama-3.3-70b-versatile',
      'anthropic:claude-sonnet-4-6',
      'openai:gpt-4o-mini',
      'openai:gpt-4o-mini-transcribe',
      'groq:whisper-large-v3-turbo',
      'deepseek:deepseek-chat',
      'perplexity:sonar',
    ]) {
      expect(defaultPrices[key], key).toBeDefined();
    }
  });

  test('prices per million tokens, per minute of audio; overrides win; vendor:model before model', () => {
    expect(priceCall(defaultPrices, call()).costUsd).toBeCloseTo(0.15 + 0.6, 12);
    expect(
      priceCall(defaultPrices, {
        vendor: 'groq',
        model: 'whisper-large-v3-turbo',
        usage: { inputTokens: 0, outputTokens: 0 },
        audioSeconds: 3600,
      }),
    ).toEqual({ costUsd: expect.closeTo(0.04, 12), priced: true });
    const ledger = createMemoryLedger({
      prices: {
        'gpt-4o-mini': { inputPerMillionUsd: 100, outputPerMillionUsd: 100 },
        'openai:gpt-4o-mini': { inputPerMillionUsd: 1, outputPerMillionUsd: 2 },
      },
    });
    expect(ledger.record(call()).costUsd).toBeCloseTo(3, 12);
    expect(ledger.record(call({ vendor: 'azure' })).costUsd).toBeCloseTo(200, 12);
  });

  test('unknown models are recorded at zero cost and flagged', () => {
    const ledger = createMemoryLedger();
    const entry = ledger.record(call({ model: 'mystery-model' }));
    expect(entry).toMatchObject({ costUsd: 0, priced: false });
    expect(ledger.totals().unpricedCalls).toBe(1);
    expect(
      ledger.record(call({ model: 'mystery-model', usage: { inputTokens: 0, outputTokens: 0 }, outcome: 'timeout' }))
        .priced,
    ).toBe(true);
  });

  test('cache hits cost nothing', () => {
    const ledger = createMemoryLedger();
    expect(ledger.record(call({ outcome: 'cache_hit', usage: { inputTokens: 0, outputTokens: 0 } }))).toMatchObject({
      costUsd: 0,
      priced: true,
    });
  });

  test('entries keep prompt version, job and timestamp; replaceDefaultPrices drops defaults', () => {
    const ledger = createMemoryLedger({ now: () => new Date('2026-05-01T12:00:00Z'), replaceDefaultPrices: true });
    const entry = ledger.record(call({ jobId: 'debate-1', promptVersion: '9' }));
    expect(entry).toMatchObject({
      id: 1,
      at: '2026-05-01T12:00:00.000Z',
      jobId: 'debate-1',
      promptVersion: '9',
      priced: false,
    });
    ledger.clear();
    expect(ledger.entries()).toEqual([]);
  });

  const arbitraryCall = fc.record({
    vendor: fc.constantFrom('openai', 'groq', 'gemini'),
    jobId: fc.option(fc.constantFrom('story-1', 'story-2', 'debate-1'), { nil: undefined }),
    inputTokens: fc.nat({ max: 100_000 }),
    outputTokens: fc.nat({ max: 10_000 }),
    outcome: fc.constantFrom('ok' as const, 'rate_limited' as const, 'cache_hit' as const),
  });

  test.prop([fc.array(arbitraryCall, { maxLength: 40 })])(
    'totals per job and per vendor add up to the grand total',
    (calls) => {
      const ledger = createMemoryLedger();
      for (const item of calls) {
        ledger.record(
          call({
            vendor: item.vendor,
            model: 'm',
            jobId: item.jobId,
            usage: { inputTokens: item.inputTokens, outputTokens: item.outputTokens },
            outcome: item.outcome,
          }),
        );
      }
      const total = ledger.totals();
      expect(total.calls).toBe(calls.length);
      expect(total.okCalls + total.failedCalls + total.cacheHits).toBe(calls.length);
      for (const groups of [ledger.totalsByJob(), ledger.totalsByVendor()]) {
        const values = Object.values(groups);
        expect(values.reduce((sum, totals) => sum + totals.calls, 0)).toBe(total.calls);
        expect(values.reduce((sum, totals) => sum + totals.inputTokens, 0)).toBe(total.inputTokens);
        expect(values.reduce((sum, totals) => sum + totals.outputTokens, 0)).toBe(total.outputTokens);
      }
      const withoutJob = calls.filter((item) => item.jobId === undefined).length;
      expect(ledger.totalsByJob()[NO_JOB]?.calls ?? 0).toBe(withoutJob);
      expect(ledger.totals({ jobId: 'story-1' }).calls).toBe(calls.filter((item) => item.jobId === 'story-1').length);
    },
  );
});
