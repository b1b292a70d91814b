import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  HeadlineClassSchema,
  cohenKappa,
  confusionMatrix,
  rawAgreement,
  type CohenKappaResult,
  type ConfusionMatrix,
  type HeadlineClass,
  type RawAgreementResult,
} from '@espectro/methodology';
import { z } from 'zod';
import { HeadlineClassifierError } from './errors.js';
import { parseJsonl } from './jsonl.js';

/** One case of the golden set: a real published headline with its provenance. */
export const GoldenCaseSchema = z.strictObject({
  id: z.string().min(1),
  outlet: z.string().min(1),
  url: z.string().min(1),
  /** Publication date as the stored copy (or its URL) shows it — `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; `null` when not shown. */
  published: z
    .string()
    .regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/)
    .nullable(),
  title: z.string().min(1),
  description: z.string().nullable(),
  /**
   * True for a case added by directed over-sampling of a rare class. As in seed 004, such cases
   * are excluded from the double-annotated agreement n (they still count in the evaluation).
   */
  oversampled: z.boolean(),
  /** Provenance remarks (listing pages, syndication, truncated teasers). */
  note: z.string().optional(),
});
export type GoldenCase = z.infer<typeof GoldenCaseSchema>;

/** One annotator's label for one case (`annotator-a.jsonl`, `annotator-b.jsonl`). */
export const AnnotationSchema = z.strictObject({
  id: z.string().min(1),
  class: HeadlineClassSchema,
  annotator: z.string().min(1),
});
export type Annotation = z.infer<typeof AnnotationSchema>;

/** The arbiter's decision on a disagreement (`arbitration.jsonl`), with its reason. */
export const ArbitrationSchema = z.strictObject({
  id: z.string().min(1),
  class: HeadlineClassSchema,
  annotator: z.string().min(1),
  rationale: z.string().min(1),
});
export type Arbitration = z.infer<typeof ArbitrationSchema>;

/** A golden set: cases, two annotators' labels and the arbitration of their disagreements. */
export interface GoldenSet {
  cases: GoldenCase[];
  annotatorA: Annotation[];
  annotatorB: Annotation[];
  arbitration: Arbitration[];
}

/** The file names of a golden-set folder. */
export const GOLDEN_FILES = {
  cases: 'cases.jsonl',
  annotatorA: 'annotator-a.jsonl',
  annotatorB: 'annotator-b.jsonl',
  arbitration: 'arbitration.jsonl',
} as const;

/**
 * The two parts of the bundled golden set (real headlines, see `data/golden/README.md`):
 * `development` — the cases the offline baseline's rules were written and tuned on; `evaluation` —
 * cases gathered and labelled only after those rules were frozen, used once for the
 * out-of-sample figure.
 */
export const BUNDLED_GOLDEN_SETS = {
  development: fileURLToPath(new URL('../data/golden/development/', import.meta.url)),
  evaluation: fileURLToPath(new URL('../data/golden/evaluation/', import.meta.url)),
} as const;

/** The development part of the bundled golden set (the default of `espectro hc register|evaluate|report`). */
export const BUNDLED_GOLDEN_DIRECTORY: string = BUNDLED_GOLDEN_SETS.development;

/**
 * Reads a golden-set folder (`cases.jsonl`, `annotator-a.jsonl`, `annotator-b.jsonl`,
 * `arbitration.jsonl`) and checks it with {@link checkGoldenSet}.
 *
 * @example
 * const golden = await loadGoldenSet(BUNDLED_GOLDEN_DIRECTORY);
 */
export async function loadGoldenSet(directory: string): Promise<GoldenSet> {
  const read = async (name: string): Promise<string> => {
    try {
      return await readFile(join(directory, name), 'utf8');
    } catch (error) {
      throw new HeadlineClassifierError({
        code: 'golden_set_invalid',
        stage: 'golden',
        message: `cannot read ${join(directory, name)}: ${(error as Error).message}`,
        cause: error,
      });
    }
  };
  const golden: GoldenSet = {
    cases: parseJsonl(await read(GOLDEN_FILES.cases), GoldenCaseSchema, GOLDEN_FILES.cases, 'golden'),
    annotatorA: parseJsonl(await read(GOLDEN_FILES.annotatorA), AnnotationSchema, GOLDEN_FILES.annotatorA, 'golden'),
    annotatorB: parseJsonl(await read(GOLDEN_FILES.annotatorB), AnnotationSchema, GOLDEN_FILES.annotatorB, 'golden'),
    arbitration: parseJsonl(
      await read(GOLDEN_FILES.arbitration),
      ArbitrationSchema,
      GOLDEN_FILES.arbitration,
      'golden',
    ),
  };
  checkGoldenSet(golden);
  return golden;
}

function fail(message: string): never {
  throw new HeadlineClassifierError({ code: 'golden_set_invalid', stage: 'golden', message });
}

function byId<Row extends { id: string }>(rows: readonly Row[], label: string): Map<string, Row> {
  const map = new Map<string, Row>();
  for (const row of rows) {
    if (map.has(row.id)) fail(`${label}: id ${row.id} appears twice`);
    map.set(row.id, row);
  }
  return map;
}

/**
 * Checks a golden set's consistency: unique case ids; every case labelled exactly once by each
 * annotator; no label for an unknown case; every disagreement arbitrated, and only disagreements.
 * Throws `HeadlineClassifierError` `golden_set_invalid` naming the case.
 */
export function checkGoldenSet(golden: GoldenSet): void {
  const cases = byId(golden.cases, GOLDEN_FILES.cases);
  const a = byId(golden.annotatorA, GOLDEN_FILES.annotatorA);
  const b = byId(golden.annotatorB, GOLDEN_FILES.annotatorB);
  const arbitration = byId(golden.arbitration, GOLDEN_FILES.arbitration);
  for (const [label, labels] of [
    [GOLDEN_FILES.annotatorA, a],
    [GOLDEN_FILES.annotatorB, b],
    [GOLDEN_FILES.arbitration, arbitration],
  ] as const) {
    for (const id of labels.keys())
      if (!cases.has(id)) fail(`${label}: id ${id} is not a case of ${GOLDEN_FILES.cases}`);
  }
  for (const id of cases.keys()) {
    const first = a.get(id);
    const second = b.get(id);
    if (!first) fail(`case ${id} has no label in ${GOLDEN_FILES.annotatorA}`);
    if (!second) fail(`case ${id} has no label in ${GOLDEN_FILES.annotatorB}`);
    if (first.class !== second.class && !arbitration.has(id)) {
      fail(
        `case ${id}: annotators disagree (${first.class} vs ${second.class}) and ${GOLDEN_FILES.arbitration} has no decision`,
      );
    }
    if (first.class === second.class && arbitration.has(id)) {
      fail(`case ${id}: annotators agree, so ${GOLDEN_FILES.arbitration} must not decide it`);
    }
  }
}

/**
 * The gold label of every case, in case order: the annotators' label where they agree, the
 * arbiter's where they disagree.
 *
 * @example
 * goldLabels(golden).get('hc-061'); // 'legislative_process' (arbitrated)
 */
export function goldLabels(golden: GoldenSet): Map<string, HeadlineClass> {
  checkGoldenSet(golden);
  const a = new Map(golden.annotatorA.map((row) => [row.id, row.class] as const));
  const b = new Map(golden.annotatorB.map((row) => [row.id, row.class] as const));
  const arbitration = new Map(golden.arbitration.map((row) => [row.id, row.class] as const));
  const gold = new Map<string, HeadlineClass>();
  for (const goldenCase of golden.cases) {
    const first = a.get(goldenCase.id)!;
    gold.set(goldenCase.id, first === b.get(goldenCase.id) ? first : arbitration.get(goldenCase.id)!);
  }
  return gold;
}

/** Gold cases per class (every class of HC-1, zero included). */
export function goldCounts(golden: GoldenSet): Record<HeadlineClass, number> {
  const counts = Object.fromEntries(HeadlineClassSchema.options.map((label) => [label, 0])) as Record<
    HeadlineClass,
    number
  >;
  for (const label of goldLabels(golden).values()) counts[label] += 1;
  return counts;
}

/** Inter-annotator agreement (rule AGR-1) over the double-annotated cases, excluding over-sampled ones. */
export interface AgreementReport {
  /** Cases in the golden set. */
  cases: number;
  /** Cases excluded from n because they were added by directed over-sampling. */
  oversampled: number;
  /** The n of the agreement figures. */
  n: number;
  rawAgreement: RawAgreementResult;
  kappa: CohenKappaResult;
  /** Annotator A (rows) × annotator B (columns). */
  confusion: ConfusionMatrix;
  disagreements: { id: string; a: HeadlineClass; b: HeadlineClass; arbitrated: HeadlineClass | null }[];
}

/**
 * Agreement between the two annotators (rule AGR-1, figures from @espectro/methodology): raw
 * agreement with its Wilson interval and Cohen's kappa with its asymptotic CI, over the
 * double-annotated cases **not** flagged `oversampled` (seed 004: 159 cases, 154 double-annotated).
 *
 * @example
 * const report = agreementReport(await loadGoldenSet(dir));
 * report.kappa.kappa; report.kappa.ci; report.n;
 */
export function agreementReport(golden: GoldenSet, level?: number): AgreementReport {
  checkGoldenSet(golden);
  const a = new Map(golden.annotatorA.map((row) => [row.id, row.class] as const));
  const b = new Map(golden.annotatorB.map((row) => [row.id, row.class] as const));
  const arbitration = new Map(golden.arbitration.map((row) => [row.id, row.class] as const));
  const included = golden.cases.filter((goldenCase) => !goldenCase.oversampled);
  if (included.length === 0) fail('no double-annotated case outside the over-sample: agreement has no n');
  const labelsA = included.map((goldenCase) => a.get(goldenCase.id)!);
  const labelsB = included.map((goldenCase) => b.get(goldenCase.id)!);
  const classes = HeadlineClassSchema.options.filter((label) => labelsA.includes(label) || labelsB.includes(label));
  return {
    cases: golden.cases.length,
    oversampled: golden.cases.length - included.length,
    n: included.length,
    rawAgreement: rawAgreement(labelsA, labelsB, level),
    kappa: cohenKappa(labelsA, labelsB, level === undefined ? undefined : { level }),
    confusion: confusionMatrix(labelsA, labelsB, classes),
    disagreements: included
      .filter((goldenCase) => a.get(goldenCase.id) !== b.get(goldenCase.id))
      .map((goldenCase) => ({
        id: goldenCase.id,
        a: a.get(goldenCase.id)!,
        b: b.get(goldenCase.id)!,
        arbitrated: arbitration.get(goldenCase.id) ?? null,
      })),
  };
}

/**
 * The golden set as frozen for registration (rule AGR-4): cases, both annotations, arbitration
 * and the resulting gold labels, in a stable order.
 */
export function goldenSetDocument(golden: GoldenSet): unknown {
  checkGoldenSet(golden);
  const order = <Row extends { id: string }>(rows: readonly Row[]): Row[] =>
    [...rows].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
  const gold = goldLabels(golden);
  return {
    cases: order(golden.cases).map((goldenCase) => ({ ...goldenCase, gold: gold.get(goldenCase.id)! })),
    annotatorA: order(golden.annotatorA),
    annotatorB: order(golden.annotatorB),
    arbitration: order(golden.arbitration),
  };
}
