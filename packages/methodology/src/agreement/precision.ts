import { z } from 'zod';
import { CountSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { DEFAULT_AGREEMENT_LEVEL, MIN_PRECISION_CASES } from './constants.js';
import { AgreementLabelSchema, AgreementLevelSchema } from './kappa.js';
import { wilsonBounds } from './wilson.js';

/**
 * Input of {@link perClassMeasurability}: gold cases per class, and the minimum (default 25).
 *
 * @example
 * PerClassMeasurabilityInputSchema.parse({ goldCounts: { ambiguous: 12 } });
 */
export const PerClassMeasurabilityInputSchema = z.strictObject({
  goldCounts: z.record(AgreementLabelSchema, CountSchema),
  minPrecisionCases: z.number().int().min(1).default(MIN_PRECISION_CASES),
});

/**
 * Whether one class's precision threshold can be measured (rule AGR-3).
 *
 * @example
 * ClassMeasurabilitySchema.parse({ goldCases: 12, measurable: false });
 */
export const ClassMeasurabilitySchema = z.object({
  goldCases: z.number().int(),
  measurable: z.boolean(),
});
/**
 * Measurability of every class, keyed by class id (rule AGR-3).
 *
 * @example
 * PerClassMeasurabilitySchema.parse(perClassMeasurability({ ambiguous: 12 }));
 */
export const PerClassMeasurabilitySchema = z.record(z.string(), ClassMeasurabilitySchema);
/**
 * @example
 * const measurability: PerClassMeasurability = perClassMeasurability({ ambiguous: 12 });
 */
export type PerClassMeasurability = z.infer<typeof PerClassMeasurabilitySchema>;

/**
 * Rule AGR-3: a class with fewer than `minPrecisionCases` (default 25) gold cases cannot have its
 * precision threshold measured, so nothing may be linked automatically from that class.
 *
 * @example
 * perClassMeasurability({ legislative_process: 14, non_legislative: 61 });
 * // { legislative_process: { goldCases: 14, measurable: false },
 * //   non_legislative: { goldCases: 61, measurable: true } }
 */
export function perClassMeasurability(
  goldCounts: Record<string, number>,
  minPrecisionCases?: number,
): PerClassMeasurability {
  const input = parseInput(
    PerClassMeasurabilityInputSchema,
    { goldCounts, minPrecisionCases },
    'AGR-3',
    'perClassMeasurability',
  );
  const result: PerClassMeasurability = {};
  for (const [label, cases] of Object.entries(input.goldCounts)) {
    result[label] = { goldCases: cases, measurable: cases >= input.minPrecisionCases };
  }
  return result;
}

/**
 * Options of {@link perClassPrecision}.
 *
 * @example
 * PerClassPrecisionOptionsSchema.parse({}); // { minPrecisionCases: 25, level: 0.95 }
 */
export const PerClassPrecisionOptionsSchema = z.strictObject({
  minPrecisionCases: z.number().int().min(1).default(MIN_PRECISION_CASES),
  level: AgreementLevelSchema.default(DEFAULT_AGREEMENT_LEVEL),
});
/**
 * @example
 * const options: PerClassPrecisionOptions = { level: 0.9 };
 */
export type PerClassPrecisionOptions = z.input<typeof PerClassPrecisionOptionsSchema>;

/**
 * Input of {@link perClassPrecision}.
 *
 * @example
 * PerClassPrecisionInputSchema.parse({ gold: ['a'], predicted: ['a'] });
 */
export const PerClassPrecisionInputSchema = z
  .strictObject({
    gold: z.array(AgreementLabelSchema).min(1),
    predicted: z.array(AgreementLabelSchema).min(1),
    options: PerClassPrecisionOptionsSchema.optional(),
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
 * One class's precision: measured only where AGR-3 allows, always with n and interval (AGR-5).
 *
 * @example
 * ClassPrecisionSchema.parse(perClassPrecision(gold, predicted)[0]);
 */
export const ClassPrecisionSchema = z.object({
  class: z.string(),
  goldCases: z.number().int(),
  measurable: z.boolean(),
  /** Cases the classifier put in this class (the precision's n). */
  n: z.number().int(),
  truePositives: z.number().int(),
  /** `null` when not measurable (AGR-3) or when the class was never predicted. */
  value: z.number().nullable(),
  interval: z.tuple([z.number(), z.number()]).nullable(),
  level: z.number(),
});
/**
 * @example
 * const rows: ClassPrecision[] = perClassPrecision(gold, predicted);
 */
export type ClassPrecision = z.infer<typeof ClassPrecisionSchema>;

/**
 * Per-class precision of a classifier (rule AGR-3), reported only for classes whose precision is
 * measurable (≥ `minPrecisionCases` gold cases, default 25); the others get `value: null`. Each
 * measured precision carries its n (cases predicted in the class) and a Wilson interval (AGR-5).
 * Rows cover the union of gold and predicted classes, sorted by UTF-16 code units.
 *
 * @example
 * perClassPrecision(gold, predicted);
 * // [{ class: 'law_in_force', goldCases: 12, measurable: false, n: 11, truePositives: 9, value: null, interval: null, level: 0.95 }, …]
 */
export function perClassPrecision(
  gold: readonly string[],
  predicted: readonly string[],
  options?: PerClassPrecisionOptions,
): ClassPrecision[] {
  const input = parseInput(PerClassPrecisionInputSchema, { gold, predicted, options }, 'AGR-3', 'perClassPrecision');
  const minPrecisionCases = input.options?.minPrecisionCases ?? MIN_PRECISION_CASES;
  const level = input.options?.level ?? DEFAULT_AGREEMENT_LEVEL;
  const goldCounts = new Map<string, number>();
  const predictedCounts = new Map<string, number>();
  const truePositives = new Map<string, number>();
  for (let position = 0; position < input.gold.length; position += 1) {
    const goldLabel = input.gold[position]!;
    const predictedLabel = input.predicted[position]!;
    goldCounts.set(goldLabel, (goldCounts.get(goldLabel) ?? 0) + 1);
    predictedCounts.set(predictedLabel, (predictedCounts.get(predictedLabel) ?? 0) + 1);
    if (goldLabel === predictedLabel) truePositives.set(goldLabel, (truePositives.get(goldLabel) ?? 0) + 1);
  }
  const classes = [...new Set([...goldCounts.keys(), ...predictedCounts.keys()])].sort();
  return classes.map((label) => {
    const goldCases = goldCounts.get(label) ?? 0;
    const n = predictedCounts.get(label) ?? 0;
    const hits = truePositives.get(label) ?? 0;
    // rule AGR-3: below the minimum the precision is not reported at all.
    const measurable = goldCases >= minPrecisionCases;
    const reported = measurable && n > 0;
    return {
      class: label,
      goldCases,
      measurable,
      n,
      truePositives: hits,
      value: reported ? hits / n : null,
      interval: reported ? wilsonBounds(hits, n, level) : null,
      level,
    };
  });
}
