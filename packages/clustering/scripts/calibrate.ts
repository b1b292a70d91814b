/**
 * Calibrates the offline embedder's thresholds on data/dev-set.jsonl and writes
 * data/calibration.json (the figures quoted in the README).
 *
 *   pnpm exec tsx packages/clustering/scripts/calibrate.ts
 *
 * - merge and averageSimilarityGuard: the pair (merge 0.10…0.50, guard off or 0.10…0.40, steps 0.01/0.02)
 *   whose clustering with no judge (grey pairs never merge) has the best pairwise F1 among those
 *   with pairwise precision ≥ 0.90: automatic merges must be trustworthy.
 * - judgeLow: the largest threshold (step 0.01) at which a perfect judge (the gold labels) still
 *   recovers ≥ 80 % of the pairwise recall it would add at 0.05 — below it, judge calls buy little.
 * Out-of-sample check: the same procedure fitted on half of the source pages (alternating by
 * source) and scored on the other half, both ways.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterArticles, type ChainingGuard } from '../src/cluster.js';
import { clusteringQuality, type ClusteringQuality } from '../src/metrics.js';
import { createOfflineEmbedder } from '../src/offline-embedder.js';
import { perfectJudge } from './perfect-judge.js';

interface DevRow {
  id: string;
  title: string;
  outlet: string;
  date: string;
  lang: string;
  event: string;
  source: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const rows: DevRow[] = readFileSync(join(here, '../data/dev-set.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as DevRow);

const round = (value: number): number => Math.round(value * 1000) / 1000;

async function score(
  subset: DevRow[],
  merge: number,
  judgeLow: number,
  options: { oracle: boolean; guard: number | false },
): Promise<ClusteringQuality & { judgedPairs: number; largestStory: number }> {
  const embedder = createOfflineEmbedder();
  const result = await clusterArticles(subset, {
    embedder,
    thresholds: { merge, judgeLow, source: 'sweep' },
    chainingGuard:
      options.guard === false ? false : ({ minimumAverageSimilarity: options.guard } satisfies ChainingGuard),
    ...(options.oracle ? { judge: perfectJudge(subset) } : {}),
  });
  const gold = new Map(subset.map((row) => [row.id, row.event]));
  return {
    ...clusteringQuality(result.storyOf, gold),
    judgedPairs: result.judgedPairs,
    largestStory: Math.max(...result.stories.map((story) => story.articleIds.length)),
  };
}

function summary(quality: ClusteringQuality & { judgedPairs?: number; largestStory?: number }) {
  return {
    pairwisePrecision: round(quality.pairwise.precision),
    pairwiseRecall: round(quality.pairwise.recall),
    pairwiseF1: round(quality.pairwise.f1),
    bcubedF1: round(quality.bcubed.f1),
    truePositivePairs: quality.pairwise.truePositives,
    falsePositivePairs: quality.pairwise.falsePositives,
    falseNegativePairs: quality.pairwise.falseNegatives,
    stories: quality.predictedClusters,
    ...(quality.largestStory !== undefined ? { largestStory: quality.largestStory } : {}),
    ...(quality.judgedPairs !== undefined ? { judgedPairs: quality.judgedPairs } : {}),
  };
}

const steps = (from: number, to: number): number[] => {
  const values: number[] = [];
  for (let value = Math.round(from * 100); value <= Math.round(to * 100); value += 1) values.push(value / 100);
  return values;
};

interface Fitted {
  merge: number;
  averageSimilarityGuard: number | false;
  judgeLow: number;
}

async function calibrate(subset: DevRow[]): Promise<Fitted> {
  let best: { merge: number; guard: number | false; f1: number } | undefined;
  const guards: (number | false)[] = [false, ...steps(0.1, 0.4).filter((value) => Math.round(value * 100) % 2 === 0)];
  for (const merge of steps(0.1, 0.5)) {
    for (const guard of guards) {
      const quality = await score(subset, merge, merge, { oracle: false, guard });
      if (quality.pairwise.precision >= 0.9 && (!best || quality.pairwise.f1 > best.f1 + 1e-12))
        best = { merge, guard, f1: quality.pairwise.f1 };
    }
  }
  const { merge, guard } = best ?? { merge: 0.5, guard: false };
  const floor = await score(subset, merge, 0.05, { oracle: true, guard });
  const noJudge = await score(subset, merge, merge, { oracle: false, guard });
  const target = noJudge.pairwise.recall + 0.8 * (floor.pairwise.recall - noJudge.pairwise.recall);
  let judgeLow = 0.05;
  for (const candidate of steps(0.05, merge).reverse()) {
    const quality = await score(subset, merge, candidate, { oracle: true, guard });
    if (quality.pairwise.recall >= target - 1e-12) {
      judgeLow = candidate;
      break;
    }
  }
  return { merge, averageSimilarityGuard: guard, judgeLow };
}

const sources = [...new Set(rows.map((row) => row.source))];
function groupBy<Item>(items: Item[], key: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
const half = (parity: number) => rows.filter((row) => sources.indexOf(row.source) % 2 === parity);

const fitted = await calibrate(rows);
const sweep = [];
for (const merge of steps(0.1, 0.6)) {
  if (Math.round(merge * 100) % 2 !== 0) continue;
  sweep.push({
    merge,
    noJudgeGuardAtMerge: summary(await score(rows, merge, merge, { oracle: false, guard: merge })),
    noJudgeFittedGuard: summary(
      await score(rows, merge, merge, { oracle: false, guard: fitted.averageSimilarityGuard }),
    ),
    noJudgeNoGuard: summary(await score(rows, merge, merge, { oracle: false, guard: false })),
  });
}
const judgeSweep = [];
for (const judgeLow of steps(0.05, fitted.merge)) {
  if (Math.round(judgeLow * 100) % 2 !== 0) continue;
  judgeSweep.push({
    judgeLow,
    oracleJudge: summary(
      await score(rows, fitted.merge, judgeLow, { oracle: true, guard: fitted.averageSimilarityGuard }),
    ),
  });
}
const crossValidation = [];
for (const [fitParity, testParity] of [
  [0, 1],
  [1, 0],
] as const) {
  const thresholds = await calibrate(half(fitParity));
  const test = half(testParity);
  crossValidation.push({
    fittedOn: `${half(fitParity).length} headlines (${fitParity === 0 ? 'even' : 'odd'} source pages)`,
    testedOn: `${test.length} headlines`,
    thresholds,
    noJudge: summary(
      await score(test, thresholds.merge, thresholds.judgeLow, {
        oracle: false,
        guard: thresholds.averageSimilarityGuard,
      }),
    ),
    oracleJudge: summary(
      await score(test, thresholds.merge, thresholds.judgeLow, {
        oracle: true,
        guard: thresholds.averageSimilarityGuard,
      }),
    ),
  });
}
const report = {
  devSet: {
    headlines: rows.length,
    events: new Set(rows.map((row) => row.event)).size,
    multiHeadlineEvents: [...groupBy(rows, (row) => row.event).values()].filter((group) => group.length > 1).length,
    goldPositivePairs: [...groupBy(rows, (row) => row.event).values()].reduce(
      (sum, group) => sum + (group.length * (group.length - 1)) / 2,
      0,
    ),
    languages: Object.fromEntries([...groupBy(rows, (row) => row.lang)].map(([lang, group]) => [lang, group.length])),
    sourcePages: sources.length,
  },
  embedder: createOfflineEmbedder().model,
  windowHours: 72,
  fitted,
  atFitted: {
    noJudge: summary(
      await score(rows, fitted.merge, fitted.judgeLow, { oracle: false, guard: fitted.averageSimilarityGuard }),
    ),
    noJudgeNoGuard: summary(await score(rows, fitted.merge, fitted.judgeLow, { oracle: false, guard: false })),
    oracleJudge: summary(
      await score(rows, fitted.merge, fitted.judgeLow, { oracle: true, guard: fitted.averageSimilarityGuard }),
    ),
    oracleJudgeNoGuard: summary(await score(rows, fitted.merge, fitted.judgeLow, { oracle: true, guard: false })),
  },
  mergeSweep: sweep,
  judgeLowSweep: judgeSweep,
  crossValidation,
};
writeFileSync(join(here, '../data/calibration.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify({ fitted, atFitted: report.atFitted, crossValidation }, null, 2));
