import {
  atLeast,
  DEFAULT_AGREEMENT_LEVEL,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  HeadlineClassSchema,
  MACRO_ACCURACY_MIN_CASES,
  MAX_BOOTSTRAP_RESAMPLES,
  MIN_PRECISION_CASES,
  Sha256HexSchema,
  canonicalJson,
  confusionMatrix,
  freezeArtifact,
  macroAccuracy,
  mayAutoLink,
  perClassMeasurability,
  perClassPrecision,
  sha256Hex,
  verifyArtifact,
  type ClassPrecision,
  type ConfusionMatrix,
  type FrozenArtifact,
  type HeadlineClass,
  type MacroAccuracyResult,
  type PerClassMeasurability,
  formatZodIssues,
} from '@espectro/methodology';
import { z } from 'zod';
import { HeadlineClassifierError } from './errors.js';
import { goldCounts, goldenSetDocument, goldLabels, type GoldenSet } from './golden.js';

const InstantSchema = z.iso.datetime({ offset: true });

/**
 * Pre-registered pass thresholds of an evaluation. The case minima and bootstrap defaults are the
 * methodology's (AGR-2: 8 cases; AGR-3: 25 cases; 10 000 resamples; 95 %); the minimum values to
 * pass are the registrant's choice and are frozen before any run (AGR-4).
 */
export const ThresholdsSchema = z.strictObject({
  macroAccuracy: z.strictObject({
    /** Pass when macro accuracy ≥ this (within 1e-9, RULES §10). */
    minimum: z.number().min(0).max(1),
    /** Classes with fewer gold cases are left out of the mean (AGR-2). */
    minCases: z.number().int().min(1).default(MACRO_ACCURACY_MIN_CASES),
  }),
  precision: z.strictObject({
    /** Every class whose precision is measurable must reach this (within 1e-9). */
    minimum: z.number().min(0).max(1),
    /** A class's precision is measured only with at least this many gold cases (AGR-3). */
    minCases: z.number().int().min(1).default(MIN_PRECISION_CASES),
  }),
  bootstrap: z.strictObject({
    resamples: z.number().int().min(1).max(MAX_BOOTSTRAP_RESAMPLES).default(DEFAULT_BOOTSTRAP_RESAMPLES),
    seed: z.number().int().min(0).max(0xffff_ffff),
    level: z.number().gt(0).lt(1).default(DEFAULT_AGREEMENT_LEVEL),
  }),
});
export type Thresholds = z.output<typeof ThresholdsSchema>;
export type ThresholdsInput = z.input<typeof ThresholdsSchema>;

/** A registration: what was frozen, and when, before the classifier first ran (AGR-4). */
export const RegistrationSchema = z.strictObject({
  version: z.literal(1),
  registeredAt: InstantSchema,
  thresholds: ThresholdsSchema,
  sha256: z.strictObject({
    taxonomy: Sha256HexSchema,
    thresholds: Sha256HexSchema,
    goldenSet: Sha256HexSchema,
    /**
     * sha256 of the frozen rules of the classifier under test (artifact kind `classifier_rules`),
     * when it has any: the verdict then names exactly which rules it measured.
     */
    classifierRules: Sha256HexSchema.optional(),
  }),
  /** Cases and gold classes of the registered golden set (for the reader; the hash is what binds). */
  goldenSet: z.strictObject({ cases: z.number().int(), goldCounts: z.record(z.string(), z.number().int()) }),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** A registration file: the registration and the sha256 of its canonical JSON (tamper detection). */
export const RegistrationFileSchema = z.strictObject({
  registration: RegistrationSchema,
  sha256: Sha256HexSchema,
});
export type RegistrationFile = z.infer<typeof RegistrationFileSchema>;

/** The classifier's run log: it records the instant of its first run (pre-registration check). */
export const RunLogSchema = z.strictObject({
  firstRunAt: InstantSchema,
  runs: z.array(z.strictObject({ at: InstantSchema, backend: z.string(), items: z.number().int().min(0) })),
});
export type RunLog = z.infer<typeof RunLogSchema>;

function registrationError(code: 'not_registered' | 'registration_after_first_run', message: string): never {
  throw new HeadlineClassifierError({ code, stage: 'evaluate', message });
}

/**
 * Appends a run to a classifier run log (or starts one); `firstRunAt` is the earliest run ever.
 *
 * @example
 * let log = recordRun(null, { at: '2026-11-30T10:00:00Z', backend: 'rules-baseline (offline)', items: 98 });
 * log.firstRunAt; // '2026-11-30T10:00:00Z'
 */
export function recordRun(log: RunLog | null, run: { at: string; backend: string; items: number }): RunLog {
  const entry = RunLogSchema.shape.runs.element.parse(run);
  if (log === null) return { firstRunAt: entry.at, runs: [entry] };
  const parsed = RunLogSchema.parse(log);
  const firstRunAt = Date.parse(entry.at) < Date.parse(parsed.firstRunAt) ? entry.at : parsed.firstRunAt;
  return { firstRunAt, runs: [...parsed.runs, entry] };
}

/**
 * Registers an evaluation before the classifier runs (rule AGR-4): freezes the thresholds and the
 * golden set with sha256 and records them with the taxonomy's sha256 and the registration instant.
 *
 * @example
 * const file = register({ thresholds: { macroAccuracy: { minimum: 0.8 }, precision: { minimum: 0.8 },
 *   bootstrap: { seed: 20261130 } }, taxonomySha256: TAXONOMY_SHA256, golden, registeredAt: '2026-11-30T09:00:00Z' });
 */
export function register(input: {
  thresholds: ThresholdsInput;
  taxonomySha256: string;
  golden: GoldenSet;
  registeredAt: string;
  /** sha256 of the frozen rules of the classifier to be run (e.g. `BASELINE_RULES_SHA256`), if it has any. */
  classifierRulesSha256?: string;
}): RegistrationFile {
  const thresholds = ThresholdsSchema.parse(input.thresholds);
  const registeredAt = InstantSchema.parse(input.registeredAt);
  const taxonomySha256 = Sha256HexSchema.parse(input.taxonomySha256);
  const classifierRules =
    input.classifierRulesSha256 === undefined
      ? {}
      : { classifierRules: Sha256HexSchema.parse(input.classifierRulesSha256) };
  const registration: Registration = {
    version: 1,
    registeredAt,
    thresholds,
    sha256: {
      taxonomy: taxonomySha256,
      thresholds: freezeArtifact('thresholds', thresholds, registeredAt).sha256,
      goldenSet: freezeArtifact('golden_set', goldenSetDocument(input.golden), registeredAt).sha256,
      ...classifierRules,
    },
    goldenSet: { cases: input.golden.cases.length, goldCounts: goldCounts(input.golden) },
  };
  return { registration, sha256: sha256Hex(canonicalJson(registration)) };
}

/** Parses a registration file and checks its sha256 (tamper detection); throws `not_registered` if edited. */
export function parseRegistrationFile(value: unknown): RegistrationFile {
  const parsed = RegistrationFileSchema.safeParse(value);
  if (!parsed.success) {
    registrationError('not_registered', `the registration file is not valid: ${formatZodIssues(parsed.error.issues)}`);
  }
  const actual = sha256Hex(canonicalJson(parsed.data.registration));
  if (actual !== parsed.data.sha256) {
    registrationError(
      'not_registered',
      `the registration was edited after it was frozen (sha256 ${actual} ≠ recorded ${parsed.data.sha256})`,
    );
  }
  return parsed.data;
}

/** One classifier answer to evaluate: the case id and its class (`null` = rejected, counted wrong). */
export interface Prediction {
  id: string;
  class: HeadlineClass | null;
}

/** The evaluation result (the verdict), frozen as an AGR-4 artifact. */
export interface Verdict {
  registrationSha256: string;
  sha256: Registration['sha256'];
  backend: string;
  evaluatedAt: string;
  thresholds: Thresholds;
  n: number;
  macroAccuracy: MacroAccuracyResult;
  precision: ClassPrecision[];
  confusion: ConfusionMatrix;
  measurability: PerClassMeasurability;
  /** AGR-3: whether automatic linking from each class is even permitted (links stay boletín-only, LINK-1). */
  autoLinkAllowed: Record<HeadlineClass, boolean>;
  passed: { macroAccuracy: boolean; precision: boolean; overall: boolean };
  /** Rules applied, in order. */
  trace: string[];
}

/** Label given to a rejected (unclassified) prediction in the confusion matrix. */
export const UNCLASSIFIED = 'unclassified';

/**
 * Evaluates classifier predictions against the registered golden set. Refuses (throws
 * `HeadlineClassifierError`):
 * - `not_registered` when the thresholds, taxonomy, golden set or (when registered) classifier
 *   rules hash differs from the registration (AGR-4), or the registration file was edited;
 * - `registration_after_first_run` when the registration is newer than the classifier's first run
 *   (the thresholds were not pre-registered);
 * - `predictions_incomplete` when a golden case has no prediction.
 * Computes with @espectro/methodology: macro accuracy over classes with ≥ minCases gold cases
 * with its seeded bootstrap CI (AGR-2), per-class precision only where measurable (AGR-3), the
 * confusion matrix, measurability and `mayAutoLink` per class; freezes the verdict (AGR-4).
 */
export function evaluate(input: {
  registration: RegistrationFile;
  thresholds: ThresholdsInput;
  taxonomySha256: string;
  golden: GoldenSet;
  predictions: readonly Prediction[];
  backend: string;
  runLog: RunLog;
  evaluatedAt: string;
  /** sha256 of the frozen rules that produced the predictions; required when the registration names one. */
  classifierRulesSha256?: string;
}): { verdict: Verdict; frozen: FrozenArtifact } {
  const file = parseRegistrationFile(input.registration);
  const { registration } = file;
  const thresholds = ThresholdsSchema.parse(input.thresholds);
  // rule AGR-4: refuse thresholds whose hash differs from the registered one.
  const thresholdCheck = verifyArtifact(thresholds, registration.sha256.thresholds);
  if (!thresholdCheck.ok) {
    registrationError(
      'not_registered',
      `the thresholds are not the registered ones (sha256 ${thresholdCheck.actual} ≠ registered ${thresholdCheck.expected})`,
    );
  }
  if (input.taxonomySha256 !== registration.sha256.taxonomy) {
    registrationError(
      'not_registered',
      `the taxonomy changed since registration (sha256 ${input.taxonomySha256} ≠ registered ${registration.sha256.taxonomy})`,
    );
  }
  const goldenCheck = verifyArtifact(goldenSetDocument(input.golden), registration.sha256.goldenSet);
  if (!goldenCheck.ok) {
    registrationError(
      'not_registered',
      `the golden set changed since registration (sha256 ${goldenCheck.actual} ≠ registered ${goldenCheck.expected})`,
    );
  }
  const registeredRules = registration.sha256.classifierRules;
  if (registeredRules !== undefined && input.classifierRulesSha256 !== registeredRules) {
    registrationError(
      'not_registered',
      `the classifier rules are not the registered ones (sha256 ${input.classifierRulesSha256 ?? 'not given'} ≠ registered ${registeredRules})`,
    );
  }
  const runLog = RunLogSchema.parse(input.runLog);
  if (Date.parse(registration.registeredAt) > Date.parse(runLog.firstRunAt)) {
    registrationError(
      'registration_after_first_run',
      `the registration (${registration.registeredAt}) is newer than the classifier's first run (${runLog.firstRunAt}): thresholds must be registered before the classifier runs`,
    );
  }
  const evaluatedAt = InstantSchema.parse(input.evaluatedAt);
  const goldById = goldLabels(input.golden);
  const predicted = new Map(input.predictions.map((prediction) => [prediction.id, prediction.class] as const));
  const missing = [...goldById.keys()].filter((id) => !predicted.has(id));
  if (missing.length > 0) {
    throw new HeadlineClassifierError({
      code: 'predictions_incomplete',
      stage: 'evaluate',
      message: `${missing.length} golden case(s) have no prediction: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`,
    });
  }
  const ids = [...goldById.keys()];
  const gold = ids.map((id) => goldById.get(id)!);
  const answers = ids.map((id) => predicted.get(id) ?? UNCLASSIFIED);
  const macro = macroAccuracy({
    gold,
    predicted: answers,
    minCases: thresholds.macroAccuracy.minCases,
    bootstrap: thresholds.bootstrap,
  });
  const precision = perClassPrecision(gold, answers, {
    minPrecisionCases: thresholds.precision.minCases,
    level: thresholds.bootstrap.level,
  });
  const counts = goldCounts(input.golden);
  const measurability = perClassMeasurability(counts, thresholds.precision.minCases);
  const classes: string[] = [...HeadlineClassSchema.options];
  if (answers.includes(UNCLASSIFIED)) classes.push(UNCLASSIFIED);
  const confusion = confusionMatrix(gold, answers, classes);
  const autoLinkAllowed = Object.fromEntries(
    HeadlineClassSchema.options.map((label) => [label, mayAutoLink(label, measurability)]),
  ) as Record<HeadlineClass, boolean>;
  // RULES §10 "Real-valued thresholds": methodology's atLeast treats a value within 1e-9 as equal.
  const macroPassed = macro.value !== null && atLeast(macro.value, thresholds.macroAccuracy.minimum);
  const precisionPassed = precision.every(
    (row) => row.value === null || atLeast(row.value, thresholds.precision.minimum),
  );
  const verdict: Verdict = {
    registrationSha256: file.sha256,
    sha256: registration.sha256,
    backend: input.backend,
    evaluatedAt,
    thresholds,
    n: gold.length,
    macroAccuracy: macro,
    precision,
    confusion,
    measurability,
    autoLinkAllowed,
    passed: { macroAccuracy: macroPassed, precision: precisionPassed, overall: macroPassed && precisionPassed },
    trace: ['AGR-4', 'AGR-2', 'AGR-3', 'AGR-5'],
  };
  return { verdict, frozen: freezeArtifact('verdict', verdict, evaluatedAt) };
}
