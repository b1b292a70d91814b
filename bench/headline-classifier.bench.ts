/**
 * `@espectro/headline-classifier`: the offline rules baseline over real headlines (target ≥ 50 000
 * headlines/s) against lower-casing the same headlines, and a full pre-registered evaluation
 * (hash checks, 10 000 bootstrap resamples on 1 000 cases, precision, confusion, frozen verdict;
 * target < 2 s).
 * Run: `pnpm --filter @espectro/methodology build && pnpm --filter @espectro/llm build &&
 * pnpm --filter @espectro/headline-classifier build && node --import tsx bench/run.ts headline-classifier`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUNDLED_GOLDEN_DIRECTORY,
  TAXONOMY_SHA256,
  createRulesBaseline,
  evaluate,
  recordRun,
  register,
  type GoldenSet,
  type HeadlineInput,
  type Prediction,
} from '@espectro/headline-classifier';
import { mulberry32, parseJsonLines, type HeadlineClass } from '@espectro/methodology';
import type { BenchSuite } from './harness.js';

const BATCH = 1_000;

// The 98 real headlines of the bundled golden set, cycled to a batch of 1 000.
const cases = parseJsonLines(readFileSync(join(BUNDLED_GOLDEN_DIRECTORY, 'cases.jsonl'), 'utf8'), 'cases.jsonl').map(
  (line) => line.value as { id: string; title: string; description: string | null },
);
const headlines: HeadlineInput[] = Array.from({ length: BATCH }, (_, index) => {
  const source = cases[index % cases.length]!;
  return { id: `${source.id}-${index}`, title: source.title, description: source.description };
});

const baseline = createRulesBaseline();

// A synthetic 1 000-case golden set (class mix like the real one) and ~80 %-accurate predictions.
const CLASSES: HeadlineClass[] = [
  'legislative_process',
  'parliamentary_activity',
  'law_in_force',
  'non_legislative_politics',
  'non_legislative',
  'ambiguous',
];
const WEIGHTS = [0.2, 0.13, 0.05, 0.3, 0.29, 0.03];
const random = mulberry32(20_261_130);
const pick = (): HeadlineClass => {
  let draw = random();
  for (let index = 0; index < CLASSES.length; index += 1) {
    draw -= WEIGHTS[index]!;
    if (draw <= 0) return CLASSES[index]!;
  }
  return 'non_legislative';
};
const goldClasses = Array.from({ length: BATCH }, pick);
const golden: GoldenSet = {
  cases: goldClasses.map((_, index) => ({
    id: `bench-${index}`,
    outlet: 'synthetic',
    url: `https://example.cl/${index}`,
    title: headlines[index]!.title,
    description: headlines[index]!.description ?? null,
    oversampled: false,
  })),
  annotatorA: goldClasses.map((label, index) => ({ id: `bench-${index}`, class: label, annotator: 'A' })),
  annotatorB: goldClasses.map((label, index) => ({ id: `bench-${index}`, class: label, annotator: 'B' })),
  arbitration: [],
};
const predictions: Prediction[] = goldClasses.map((label, index) => ({
  id: `bench-${index}`,
  class: random() < 0.8 ? label : pick(),
}));
const thresholds = {
  macroAccuracy: { minimum: 0.8 },
  precision: { minimum: 0.8 },
  bootstrap: { seed: 20_261_130, resamples: 10_000 },
};
const registration = register({
  thresholds,
  taxonomySha256: TAXONOMY_SHA256,
  golden,
  registeredAt: '2026-11-30T09:00:00Z',
});
const runLog = recordRun(null, { at: '2026-11-30T09:01:00Z', backend: 'bench', items: BATCH });

const suite: BenchSuite = {
  name: 'headline-classifier',
  baseline: {
    name: `lower-casing the same ${BATCH} headlines`,
    operationsPerCall: BATCH,
    run: () => {
      let length = 0;
      for (const headline of headlines)
        length += `${headline.title} ${headline.description ?? ''}`.toLowerCase().length;
      return length;
    },
  },
  cases: [
    {
      name: `rules baseline, ${BATCH} real headlines`,
      operationsPerCall: BATCH,
      targetOperationsPerSecond: 50_000,
      run: () => {
        let legislative = 0;
        for (const headline of headlines)
          if (baseline.classifyOne(headline).class === 'legislative_process') legislative += 1;
        return legislative;
      },
    },
    {
      name: 'evaluate: 1 000 cases, 10 000 bootstrap resamples',
      targetMillisecondsPerOperation: 2_000,
      run: () =>
        evaluate({
          registration,
          thresholds,
          taxonomySha256: TAXONOMY_SHA256,
          golden,
          predictions,
          backend: 'bench',
          runLog,
          evaluatedAt: '2026-11-30T09:02:00Z',
        }).frozen.sha256,
    },
  ],
  notes: { headlines: BATCH, realHeadlines: cases.length, evaluationCases: BATCH, resamples: 10_000 },
};

export default suite;
