/**
 * The out-of-sample validation of the offline baseline, as committed frozen artifacts in
 * `data/validation/` (rules AGR-2..AGR-5): the registration made after the evaluation part was
 * labelled and before the baseline first ran on it, the run log, the predictions of that one run
 * and the frozen verdict. {@link loadValidation} re-checks every hash and recomputes the verdict;
 * {@link validationSummary} turns it into the figures the site's "Cómo clasificamos" page shows,
 * each with its n and interval, with the in-sample development figure kept apart.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FrozenArtifactSchema,
  HeadlineClassSchema,
  canonicalJson,
  figure,
  macroAccuracy,
  verifyFrozenArtifact,
  wilsonInterval,
  type Figure,
  type FrozenArtifact,
  type HeadlineClass,
} from '@espectro/methodology';
import { z } from 'zod';
import { createRulesBaseline } from './baseline.js';
import { BASELINE_RULES_ARTIFACT, BASELINE_RULES_SHA256, verifyBaselineRulesArtifact } from './baseline-rules.js';
import { HeadlineClassifierError } from './errors.js';
import { MONITORED_OUTLETS } from './feeds/outlets.js';
import { BUNDLED_GOLDEN_SETS, agreementReport, goldLabels, loadGoldenSet, type GoldenSet } from './golden.js';
import { parseJsonl } from './jsonl.js';
import {
  RunLogSchema,
  evaluate,
  parseRegistrationFile,
  type UNCLASSIFIED,
  type RegistrationFile,
  type RunLog,
  type ThresholdsInput,
  type Verdict,
} from './registration.js';
import { buildReport, type EvaluationReport } from './report.js';
import { TAXONOMY_SHA256, TAXONOMY_VERSION } from './taxonomy.js';

/** The folder of the committed out-of-sample validation artifacts. */
export const VALIDATION_DIRECTORY: string = fileURLToPath(new URL('../data/validation/', import.meta.url));

/** The files of a validation folder. */
export const VALIDATION_FILES = {
  registration: 'registration.json',
  runLog: 'run-log.json',
  predictions: 'predictions.jsonl',
  verdict: 'verdict.json',
} as const;

/**
 * The thresholds registered for the out-of-sample evaluation (AGR-4), the same as seed 004's
 * pass bar: macro accuracy ≥ 0.80 over classes with ≥ 8 gold cases, precision ≥ 0.80 for every
 * class whose precision is measurable (≥ 25 gold cases), 10 000 bootstrap resamples, seed 20261130.
 */
export const OUT_OF_SAMPLE_THRESHOLDS: ThresholdsInput = {
  macroAccuracy: { minimum: 0.8 },
  precision: { minimum: 0.8 },
  bootstrap: { seed: 20261130 },
};

/** One line of `predictions.jsonl`: the case and the class the classifier gave (`null` = rejected). */
export const PredictionRowSchema = z.strictObject({ id: z.string().min(1), class: HeadlineClassSchema.nullable() });

/** The validation as loaded and checked. */
export interface ValidationBundle {
  registration: RegistrationFile;
  runLog: RunLog;
  predictions: z.infer<typeof PredictionRowSchema>[];
  verdict: Verdict;
  frozenVerdict: FrozenArtifact;
  golden: GoldenSet;
}

function invalid(message: string): never {
  throw new HeadlineClassifierError({ code: 'not_registered', stage: 'validation', message });
}

/**
 * Loads the committed validation and checks it end to end (AGR-4): the registration is untampered
 * and names this taxonomy, the evaluation golden set and the frozen baseline rules; the verdict
 * artifact is untampered and is exactly what {@link evaluate} computes again from the registered
 * inputs and the committed predictions. Throws `HeadlineClassifierError` (`not_registered`) otherwise.
 *
 * @example
 * const bundle = await loadValidation();
 * bundle.verdict.macroAccuracy.value; bundle.verdict.n;
 */
export async function loadValidation(
  directory: string = VALIDATION_DIRECTORY,
  goldenDirectory: string = BUNDLED_GOLDEN_SETS.evaluation,
): Promise<ValidationBundle> {
  const read = (name: string) => readFile(join(directory, name), 'utf8');
  const registration = parseRegistrationFile(JSON.parse(await read(VALIDATION_FILES.registration)));
  const runLog = RunLogSchema.parse(JSON.parse(await read(VALIDATION_FILES.runLog)));
  const predictions = parseJsonl(
    await read(VALIDATION_FILES.predictions),
    PredictionRowSchema,
    VALIDATION_FILES.predictions,
    'validation',
  );
  const frozenVerdict = FrozenArtifactSchema.parse(JSON.parse(await read(VALIDATION_FILES.verdict)));
  const check = verifyFrozenArtifact(frozenVerdict);
  if (!check.ok || frozenVerdict.kind !== 'verdict') {
    invalid(`${VALIDATION_FILES.verdict} is not an untampered verdict artifact (sha256 ${check.actual})`);
  }
  const rules = verifyBaselineRulesArtifact();
  if (!rules.ok) invalid(`the baseline rules artifact does not verify: ${rules.reason}`);
  if (registration.registration.sha256.classifierRules !== BASELINE_RULES_SHA256) {
    invalid('the registration does not name the frozen baseline rules');
  }
  const golden = await loadGoldenSet(goldenDirectory);
  const stored = JSON.parse(frozenVerdict.canonical) as Verdict;
  const { verdict, frozen } = evaluate({
    registration,
    thresholds: registration.registration.thresholds,
    taxonomySha256: TAXONOMY_SHA256,
    golden,
    predictions,
    backend: stored.backend,
    runLog,
    evaluatedAt: stored.evaluatedAt,
    classifierRulesSha256: BASELINE_RULES_SHA256,
  });
  if (frozen.canonical !== frozenVerdict.canonical) {
    invalid(`${VALIDATION_FILES.verdict} is not what the registered inputs and the committed predictions give`);
  }
  return { registration, runLog, predictions, verdict, frozenVerdict, golden };
}

/** Outlet composition of a golden-set part (seed 004 "Limitaciones": the dominant outlet's share). */
export interface OutletComposition {
  n: number;
  /** Cases per outlet as written in `cases.jsonl` before any parenthesis ("Cooperativa (vía …)" → Cooperativa). */
  outlets: { outlet: string; cases: number; share: number }[];
  largest: { outlet: string; cases: number; share: Figure };
  /** Cases whose text comes from one of the five monitored outlets (named anywhere in the outlet field). */
  monitored: { cases: number; share: Figure; byOutlet: { outlet: string; cases: number }[] };
}

/** The outlet an `outlet` field names, without its parenthesised provenance. */
export function outletName(outlet: string): string {
  const index = outlet.indexOf(' (');
  return (index === -1 ? outlet : outlet.slice(0, index)).trim();
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function proportion(successes: number, n: number): Figure {
  return figure(successes / n, n, wilsonInterval(successes, n));
}

/**
 * Outlet composition of a golden-set part, shares with Wilson intervals (AGR-5).
 *
 * @example
 * outletComposition(golden).largest; // { outlet: 'Antofagasta TV', cases: 14, share: { value: 0.21, n: 66, … } }
 */
export function outletComposition(golden: GoldenSet): OutletComposition {
  const n = golden.cases.length;
  const counts = new Map<string, number>();
  for (const goldenCase of golden.cases) {
    const name = outletName(goldenCase.outlet);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const outlets = [...counts.entries()]
    .map(([outlet, cases]) => ({ outlet, cases, share: cases / n }))
    .sort((left, right) => right.cases - left.cases || left.outlet.localeCompare(right.outlet, 'es'));
  const names = (goldenCase: GoldenSet['cases'][number]) => fold(goldenCase.outlet);
  const monitored = golden.cases.filter((goldenCase) =>
    MONITORED_OUTLETS.some((outlet) => names(goldenCase).includes(fold(outlet.name))),
  ).length;
  const byOutlet = MONITORED_OUTLETS.map((outlet) => ({
    outlet: outlet.name,
    cases: golden.cases.filter((goldenCase) => names(goldenCase).includes(fold(outlet.name))).length,
  }));
  const top = outlets[0]!;
  return {
    n,
    outlets,
    largest: { outlet: top.outlet, cases: top.cases, share: proportion(top.cases, n) },
    monitored: { cases: monitored, share: proportion(monitored, n), byOutlet },
  };
}

/** One class's recall on a part, with its Wilson interval (`null` when the part has no gold case of it). */
export interface RecallLine {
  class: HeadlineClass;
  goldCases: number;
  correct: number;
  /** In the macro mean (≥ 8 gold cases, AGR-2). */
  eligible: boolean;
  recall: Figure | null;
}

function recallLines(result: ReturnType<typeof macroAccuracy>): RecallLine[] {
  return HeadlineClassSchema.options.map((label) => {
    const row = result.perClass.find((line) => line.class === label);
    const goldCases = row?.goldCases ?? 0;
    const correct = row?.correct ?? 0;
    return {
      class: label,
      goldCases,
      correct,
      eligible: row?.eligible ?? false,
      recall: goldCases === 0 ? null : proportion(correct, goldCases),
    };
  });
}

/** Where the gold cases of one class went in the out-of-sample run (a row of the frozen confusion matrix). */
export interface ConfusionLine {
  class: HeadlineClass;
  goldCases: number;
  /** Predicted classes with at least one case, most cases first; `unclassified` = a rejected answer. */
  predictedAs: { class: HeadlineClass | typeof UNCLASSIFIED; cases: number }[];
}

/** One evaluation case the classifier got wrong in the frozen run: its text, source and both classes. */
export interface OutOfSampleError {
  id: string;
  outlet: string;
  url: string;
  title: string;
  description: string | null;
  gold: HeadlineClass;
  /** `null` when the answer was rejected (unclassified). */
  predicted: HeadlineClass | null;
}

/** The rows of a verdict's confusion matrix with at least one gold case, in taxonomy order. */
function confusionLines(verdict: Verdict): ConfusionLine[] {
  const { classes, matrix } = verdict.confusion;
  return HeadlineClassSchema.options.flatMap((label) => {
    const row = matrix[classes.indexOf(label)];
    if (row === undefined) return [];
    const goldCases = row.reduce((sum, cases) => sum + cases, 0);
    if (goldCases === 0) return [];
    const predictedAs = classes
      .map((predicted, column) => ({ class: predicted as HeadlineClass | typeof UNCLASSIFIED, cases: row[column]! }))
      .filter((cell) => cell.cases > 0)
      .sort((left, right) => right.cases - left.cases || classes.indexOf(left.class) - classes.indexOf(right.class));
    return [{ class: label, goldCases, predictedAs }];
  });
}

/** The evaluation cases whose committed prediction differs from the gold class, in case order. */
function outOfSampleErrors(bundle: ValidationBundle): OutOfSampleError[] {
  const gold = goldLabels(bundle.golden);
  const predicted = new Map(bundle.predictions.map((row) => [row.id, row.class] as const));
  return bundle.golden.cases.flatMap((goldenCase) => {
    const goldClass = gold.get(goldenCase.id)!;
    const predictedClass = predicted.get(goldenCase.id) ?? null;
    if (predictedClass === goldClass) return [];
    return [
      {
        id: goldenCase.id,
        outlet: goldenCase.outlet,
        url: goldenCase.url,
        title: goldenCase.title,
        description: goldenCase.description,
        gold: goldClass,
        predicted: predictedClass,
      },
    ];
  });
}

/** What was not measured, stated as absent (seed 004 "Limitación declarada", AGR-5). */
export const DECLARED_ABSENCES = [
  'No human annotator labelled either part: both passes and the arbitration are the same AI system, so the agreement figures are not a human measure.',
  'Agreement between a human annotator and the classifier is not measured; it is declared absent, not estimated.',
  'The language-model backend (DeepSeek) has not been run on the evaluation part: only the offline rules baseline is measured.',
  'No class reaches 25 gold cases in the evaluation part, so no precision is measured (AGR-3) and nothing links automatically from a classification; links are only by boletín number (LINK-1).',
  'Stability over time is not measured: the figures describe this one run.',
] as const;

/** Everything the validation page shows. */
export interface ValidationSummary {
  /** The one out-of-sample run, as an AGR-5 report (agreement figures are the evaluation part's). */
  outOfSample: EvaluationReport;
  outOfSampleRecall: RecallLine[];
  /** Where each class's gold cases went in that run (the frozen verdict's confusion matrix, by row). */
  outOfSampleConfusion: ConfusionLine[];
  /** Every evaluation case the run got wrong, with its text and source (read from the committed predictions). */
  outOfSampleErrors: OutOfSampleError[];
  /** Cases whose text comes from a monitored outlet, and the rest of the composition. */
  composition: OutletComposition;
  /**
   * The development part: the baseline's rules were written on these cases, so its macro accuracy
   * is in-sample (optimistic) and is shown only next to, never instead of, the out-of-sample one.
   */
  inSample: {
    cases: number;
    macroAccuracy: Figure | null;
    recall: RecallLine[];
    agreement: { rawAgreement: Figure; kappa: Figure | null };
  };
  timeline: { rulesFrozenAt: string; registeredAt: string; firstRunAt: string; evaluatedAt: string };
  sha256: {
    taxonomy: string;
    thresholds: string;
    goldenSet: string;
    classifierRules: string;
    registration: string;
    verdict: string;
  };
  taxonomyVersion: string;
  absences: readonly string[];
}

/**
 * The figures of the validation page from a checked bundle and the development part.
 *
 * @example
 * const summary = await validationSummary(await loadValidation(), await loadGoldenSet(BUNDLED_GOLDEN_SETS.development));
 * summary.outOfSample.evaluation.macroAccuracy; // { value, n, interval, level }
 */
export async function validationSummary(bundle: ValidationBundle, development: GoldenSet): Promise<ValidationSummary> {
  const { verdict, frozenVerdict, registration, runLog, golden } = bundle;
  const outOfSample = buildReport({
    agreement: agreementReport(golden),
    verdict,
    frozenVerdict,
    taxonomy: { version: TAXONOMY_VERSION, sha256: TAXONOMY_SHA256 },
    generatedAt: verdict.evaluatedAt,
  });
  const baseline = createRulesBaseline();
  const predictions = await baseline.classify(development.cases);
  const gold = goldLabels(development);
  const byId = new Map(predictions.map((prediction) => [prediction.id, prediction.class ?? 'unclassified']));
  const ids = development.cases.map((goldenCase) => goldenCase.id);
  const inSampleMacro = macroAccuracy({
    gold: ids.map((id) => gold.get(id)!),
    predicted: ids.map((id) => byId.get(id)!),
    minCases: verdict.thresholds.macroAccuracy.minCases,
    bootstrap: verdict.thresholds.bootstrap,
  });
  const devAgreement = agreementReport(development);
  const kappa = devAgreement.kappa;
  return {
    outOfSample,
    outOfSampleRecall: recallLines(verdict.macroAccuracy),
    outOfSampleConfusion: confusionLines(verdict),
    outOfSampleErrors: outOfSampleErrors(bundle),
    composition: outletComposition(golden),
    inSample: {
      cases: development.cases.length,
      macroAccuracy:
        inSampleMacro.value === null || inSampleMacro.interval === null
          ? null
          : figure(inSampleMacro.value, inSampleMacro.n, inSampleMacro.interval, inSampleMacro.level),
      recall: recallLines(inSampleMacro),
      agreement: {
        rawAgreement: figure(
          devAgreement.rawAgreement.value,
          devAgreement.rawAgreement.n,
          devAgreement.rawAgreement.interval,
          devAgreement.rawAgreement.level,
        ),
        kappa: kappa.kappa === null || kappa.ci === null ? null : figure(kappa.kappa, kappa.n, kappa.ci),
      },
    },
    timeline: {
      rulesFrozenAt: BASELINE_RULES_ARTIFACT.frozenAt,
      registeredAt: registration.registration.registeredAt,
      firstRunAt: runLog.firstRunAt,
      evaluatedAt: verdict.evaluatedAt,
    },
    sha256: {
      taxonomy: registration.registration.sha256.taxonomy,
      thresholds: registration.registration.sha256.thresholds,
      goldenSet: registration.registration.sha256.goldenSet,
      classifierRules: BASELINE_RULES_SHA256,
      registration: registration.sha256,
      verdict: frozenVerdict.sha256,
    },
    taxonomyVersion: TAXONOMY_VERSION,
    absences: DECLARED_ABSENCES,
  };
}

/** The canonical JSON of a summary (what a test or a page snapshot compares). */
export function canonicalSummary(summary: ValidationSummary): string {
  return canonicalJson(summary);
}
