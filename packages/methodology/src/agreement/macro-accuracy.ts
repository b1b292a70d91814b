import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import {
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_AGREEMENT_LEVEL,
  MACRO_ACCURACY_MIN_CASES,
  MAX_BOOTSTRAP_RESAMPLES,
} from './constants.js';
import { AgreementLabelSchema, AgreementLevelSchema } from './kappa.js';
import { createXoshiro128StarStar, uniformIndex } from './random.js';

/**
 * Options of the seeded percentile bootstrap of {@link macroAccuracy} (rule AGR-2).
 *
 * @example
 * BootstrapOptionsSchema.parse({ seed: 42 }); // { seed: 42, resamples: 10000, level: 0.95 }
 */
export const BootstrapOptionsSchema = z.strictObject({
  /** Number of resamples (default 10 000). */
  resamples: z.number().int().min(1).max(MAX_BOOTSTRAP_RESAMPLES).default(DEFAULT_BOOTSTRAP_RESAMPLES),
  /** Seed of the xoshiro128** generator: an unsigned 32-bit integer. Required: the CI must be reproducible. */
  seed: z.number().int().min(0).max(0xffff_ffff),
  /** Confidence level of the percentile interval (default 0.95). */
  level: AgreementLevelSchema.default(DEFAULT_AGREEMENT_LEVEL),
});
/**
 * @example
 * const bootstrap: BootstrapOptions = { seed: 20260427, resamples: 2000 };
 */
export type BootstrapOptions = z.input<typeof BootstrapOptionsSchema>;

/**
 * Input of {@link macroAccuracy}.
 *
 * @example
 * MacroAccuracyInputSchema.parse({ gold, predicted, bootstrap: { seed: 1 } });
 */
export const MacroAccuracyInputSchema = z
  .strictObject({
    gold: z.array(AgreementLabelSchema).min(1),
    predicted: z.array(AgreementLabelSchema).min(1),
    /** A gold class enters the mean only with at least this many cases (default 8). */
    minCases: z.number().int().min(1).default(MACRO_ACCURACY_MIN_CASES),
    bootstrap: BootstrapOptionsSchema,
  })
  .superRefine((value, context) => {
    if (value.gold.length !== value.predicted.length) {
      context.addIssue({
        code: 'custom',
        path: ['predicted'],
        message: `gold has ${value.gold.length} labels, predicted has ${value.predicted.length}`,
      });
    }
  });
/**
 * @example
 * const input: MacroAccuracyInput = { gold, predicted, bootstrap: { seed: 1 } };
 */
export type MacroAccuracyInput = z.input<typeof MacroAccuracyInputSchema>;

/**
 * One gold class's recall in {@link macroAccuracy}.
 *
 * @example
 * ClassRecallSchema.parse(macroAccuracy(input).perClass[0]);
 */
export const ClassRecallSchema = z.object({
  class: z.string(),
  goldCases: z.number().int(),
  correct: z.number().int(),
  recall: z.number(),
  eligible: z.boolean(),
});

/**
 * Result of {@link macroAccuracy}: a figure (value, n, interval) plus its derivation.
 *
 * @example
 * MacroAccuracyResultSchema.parse(macroAccuracy(input));
 */
export const MacroAccuracyResultSchema = z.object({
  value: z.number().nullable(),
  n: z.number().int(),
  interval: z.tuple([z.number(), z.number()]).nullable(),
  level: z.number(),
  eligibleClasses: z.array(z.string()),
  perClass: z.array(ClassRecallSchema),
  bootstrap: z.object({
    method: z.literal('percentile'),
    generator: z.literal('xoshiro128**'),
    resamples: z.number().int(),
    seed: z.number().int(),
    /** Resamples that contained at least one case of an eligible class (the others have no mean). */
    validResamples: z.number().int(),
  }),
  trace: z.array(z.string()),
});
/**
 * @example
 * const result: MacroAccuracyResult = macroAccuracy(input);
 */
export type MacroAccuracyResult = z.infer<typeof MacroAccuracyResultSchema>;

/**
 * Macro accuracy of a classifier against gold labels (rule AGR-2): the mean per-class recall over
 * the gold classes with at least `minCases` (default 8) gold cases, with a seeded percentile
 * bootstrap confidence interval.
 *
 * Bootstrap (documented reading of AGR-2):
 * - each resample draws n case indices uniformly with replacement from a xoshiro128** stream
 *   seeded (SplitMix32) by `bootstrap.seed`;
 * - the eligible class set is fixed from the full sample and **not** re-decided per resample;
 *   each resample's statistic is the mean recall over the eligible classes that have at least one
 *   gold case in that resample (a resample with none has no statistic and is not counted);
 * - the interval is the (α/2, 1−α/2) quantiles of the valid statistics, linearly interpolated
 *   between order statistics (Hyndman–Fan type 7, R's default).
 * The point estimate does not depend on case order; the interval, being seeded over positions,
 * is deterministic for a given order and seed. `value`/`interval` are `null` without eligible classes.
 *
 * @example
 * macroAccuracy({ gold, predicted, bootstrap: { seed: 20260427 } });
 * // { value: 0.8766, n: 159, interval: [0.813, 0.918], level: 0.95, eligibleClasses: [...], ... }
 */
export function macroAccuracy(input: MacroAccuracyInput): MacroAccuracyResult {
  const parsed = parseInput(MacroAccuracyInputSchema, input, 'AGR-2', 'macroAccuracy');
  const { gold, predicted, minCases } = parsed;
  const { resamples, seed, level } = parsed.bootstrap;
  const n = gold.length;

  // Integer class indices over the gold classes, sorted by UTF-16 code units.
  const goldClasses = [...new Set(gold)].sort();
  const classIndex = new Map(goldClasses.map((label, position) => [label, position] as const));
  const goldCases = new Int32Array(goldClasses.length);
  const correctCases = new Int32Array(goldClasses.length);
  const caseClass = new Int32Array(n);
  const caseCorrect = new Uint8Array(n);
  for (let position = 0; position < n; position += 1) {
    const code = classIndex.get(gold[position]!)!;
    caseClass[position] = code;
    goldCases[code]! += 1;
    if (gold[position] === predicted[position]) {
      caseCorrect[position] = 1;
      correctCases[code]! += 1;
    }
  }

  // rule AGR-2: only classes with ≥ minCases gold cases enter the mean.
  const slotOfClass = new Int32Array(goldClasses.length).fill(-1);
  const eligibleClasses: string[] = [];
  for (let code = 0; code < goldClasses.length; code += 1) {
    if (goldCases[code]! >= minCases) {
      slotOfClass[code] = eligibleClasses.length;
      eligibleClasses.push(goldClasses[code]!);
    }
  }
  const perClass = goldClasses.map((label, code) => ({
    class: label,
    goldCases: goldCases[code]!,
    correct: correctCases[code]!,
    recall: correctCases[code]! / goldCases[code]!,
    eligible: slotOfClass[code]! >= 0,
  }));
  const eligibleCount = eligibleClasses.length;
  const bootstrapSummary = { method: 'percentile' as const, generator: 'xoshiro128**' as const, resamples, seed };
  if (eligibleCount === 0) {
    return {
      value: null,
      n,
      interval: null,
      level,
      eligibleClasses,
      perClass,
      bootstrap: { ...bootstrapSummary, validResamples: 0 },
      trace: ['AGR-2'],
    };
  }
  let recallSum = 0;
  for (const row of perClass) if (row.eligible) recallSum += row.recall;
  const value = recallSum / eligibleCount;

  // Per-case slot (−1 = class not eligible) so the resampling loop touches only typed arrays.
  const caseSlot = new Int32Array(n);
  for (let position = 0; position < n; position += 1) caseSlot[position] = slotOfClass[caseClass[position]!]!;
  const next = createXoshiro128StarStar(seed);
  const slotCases = new Int32Array(eligibleCount);
  const slotCorrect = new Int32Array(eligibleCount);
  const statistics = new Float64Array(resamples);
  let validResamples = 0;
  for (let resample = 0; resample < resamples; resample += 1) {
    slotCases.fill(0);
    slotCorrect.fill(0);
    for (let draw = 0; draw < n; draw += 1) {
      const position = uniformIndex(next, n);
      const slot = caseSlot[position]!;
      if (slot >= 0) {
        slotCases[slot]! += 1;
        slotCorrect[slot]! += caseCorrect[position]!;
      }
    }
    let sum = 0;
    let present = 0;
    for (let slot = 0; slot < eligibleCount; slot += 1) {
      const cases = slotCases[slot]!;
      if (cases > 0) {
        sum += slotCorrect[slot]! / cases;
        present += 1;
      }
    }
    if (present > 0) {
      statistics[validResamples] = sum / present;
      validResamples += 1;
    }
  }
  const valid = statistics.subarray(0, validResamples).sort();
  const alpha = 1 - level;
  const interval: [number, number] | null =
    validResamples === 0 ? null : [quantileType7(valid, alpha / 2), quantileType7(valid, 1 - alpha / 2)];
  return {
    value,
    n,
    interval,
    level,
    eligibleClasses,
    perClass,
    bootstrap: { ...bootstrapSummary, validResamples },
    trace: ['AGR-2'],
  };
}

/** Hyndman–Fan type-7 quantile of an ascending array (linear interpolation between order statistics). */
function quantileType7(sorted: Float64Array, probability: number): number {
  const position = (sorted.length - 1) * probability;
  const lower = Math.floor(position);
  const upper = Math.min(sorted.length - 1, lower + 1);
  const fraction = position - lower;
  return sorted[lower]! + fraction * (sorted[upper]! - sorted[lower]!);
}
