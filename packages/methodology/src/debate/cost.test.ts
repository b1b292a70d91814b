import { describe, expect, it } from 'vitest';
import { CostRecordSchema, totalCost, type CostRecord } from './cost.js';

const record = (vendor: string, usd: number, input = 100, output = 10): CostRecord => ({
  vendor,
  model: `${vendor}-model`,
  promptVersion: 'v1',
  tokens: { input, output },
  usd,
});

describe('totalCost (COST)', () => {
  it('sums calls, USD and tokens, per vendor in order of first appearance', () => {
    expect(totalCost([record('openai', 0.1), record('google', 0.2, 1000, 300), record('openai', 0.23)])).toEqual({
      calls: 3,
      usd: 0.53,
      tokens: { input: 1200, output: 320 },
      byVendor: [
        { vendor: 'openai', calls: 2, usd: 0.33 },
        { vendor: 'google', calls: 1, usd: 0.2 },
      ],
    });
    expect(totalCost([])).toEqual({ calls: 0, usd: 0, tokens: { input: 0, output: 0 }, byVendor: [] });
  });

  it('requires every field of a record', () => {
    expect(
      CostRecordSchema.safeParse({ vendor: 'openai', model: 'm', tokens: { input: 1, output: 1 }, usd: 0 }).success,
    ).toBe(false);
    expect(() => totalCost([{ ...record('openai', 0.1), usd: -1 }])).toThrow(/COST.*0\.usd/);
    expect(() => totalCost([{ ...record('openai', 0.1), tokens: { input: 1.5, output: 0 } }])).toThrow(/tokens\.input/);
  });
});
