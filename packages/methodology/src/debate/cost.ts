import { z } from 'zod';
import { parseInput } from '../shared/validate.js';

/**
 * COST: one model call of the debate pipeline.
 *
 * @example
 * CostRecordSchema.parse({ vendor: 'google', model: 'gemini-2.5-flash', promptVersion: 'judge-v3', tokens: { input: 1200, output: 300 }, usd: 0.0004 });
 */
export const CostRecordSchema = z.strictObject({
  vendor: z.string().min(1),
  model: z.string().min(1),
  promptVersion: z.string().min(1),
  tokens: z.strictObject({ input: z.number().int().nonnegative(), output: z.number().int().nonnegative() }),
  usd: z.number().finite().nonnegative(),
  /** Pipeline stage (transcription, tone, extraction, search, judge, audio_check, review, …); optional. */
  stage: z.string().min(1).optional(),
});
export type CostRecord = z.infer<typeof CostRecordSchema>;

/**
 * COST: input of {@link totalCost}.
 *
 * @example
 * TotalCostInputSchema.parse([]);
 */
export const TotalCostInputSchema = z.array(CostRecordSchema);

/**
 * COST: the totals of a debate.
 *
 * @example
 * CostTotalSchema.parse({ calls: 0, usd: 0, tokens: { input: 0, output: 0 }, byVendor: [] });
 */
export const CostTotalSchema = z.strictObject({
  calls: z.number().int().nonnegative(),
  usd: z.number().nonnegative(),
  tokens: z.strictObject({ input: z.number().int().nonnegative(), output: z.number().int().nonnegative() }),
  /** Per vendor, in order of first appearance. */
  byVendor: z.array(
    z.strictObject({ vendor: z.string(), calls: z.number().int().nonnegative(), usd: z.number().nonnegative() }),
  ),
});
export type CostTotal = z.infer<typeof CostTotalSchema>;

/** Rounds a dollar amount to 1e-9 USD so that a total does not show binary noise (0.1 + 0.2 = 0.3). */
function roundUsd(usd: number): number {
  return Math.round(usd * 1e9) / 1e9;
}

/**
 * Debate cost totals (rule COST): calls, USD and tokens in/out, overall and per vendor. Sums are
 * rounded to 1e-9 USD.
 *
 * @example
 * totalCost([
 *   { vendor: 'openai', model: 'gpt-audio-mini', promptVersion: 'asr-v2', tokens: { input: 900, output: 80 }, usd: 0.1 },
 *   { vendor: 'google', model: 'gemini-2.5-flash', promptVersion: 'judge-v3', tokens: { input: 1200, output: 300 }, usd: 0.2 },
 * ]); // → { calls: 2, usd: 0.3, tokens: { input: 2100, output: 380 }, byVendor: [{ vendor: 'openai', calls: 1, usd: 0.1 }, { vendor: 'google', calls: 1, usd: 0.2 }] }
 */
export function totalCost(records: CostRecord[]): CostTotal {
  const parsed = parseInput(TotalCostInputSchema, records, 'COST', 'totalCost');
  const byVendor = new Map<string, { vendor: string; calls: number; usd: number }>();
  let usd = 0;
  const tokens = { input: 0, output: 0 };
  for (const record of parsed) {
    usd += record.usd;
    tokens.input += record.tokens.input;
    tokens.output += record.tokens.output;
    const vendor = byVendor.get(record.vendor) ?? { vendor: record.vendor, calls: 0, usd: 0 };
    vendor.calls += 1;
    vendor.usd += record.usd;
    byVendor.set(record.vendor, vendor);
  }
  return {
    calls: parsed.length,
    usd: roundUsd(usd),
    tokens,
    byVendor: [...byVendor.values()].map((vendor) => ({ ...vendor, usd: roundUsd(vendor.usd) })),
  };
}
