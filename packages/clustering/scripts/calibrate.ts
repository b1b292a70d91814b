/**
 * Calibrates the offline embedder's grey zone on data/dev-set.jsonl and measures what a judge of
 * that zone buys; writes data/calibration.json (the figures quoted in the README).
 *
 *   pnpm exec tsx --conditions @espectro/source packages/clustering/scripts/calibrate.ts
 *
 * - The merge threshold and chaining guard are rule CLU-2-OFFLINE's (chosen by `sweep.ts` on the
 *   sum of dated and undated B-cubed F1 with no judge); this script does not refit them.
 * - judgeLow for a perfect judge: the largest threshold (step 0.01) at which the gold labels still
 *   recover ≥ 80 % of the pairwise recall they would add at 0.05, with the real dates (a running
 *   newsroom has them) — below it, judge calls buy little. Out-of-sample check: the same fitted on
 *   half of the source pages (alternating by source) and scored on the other half, both ways.
 * - judgeLow for a fallible judge: the gold labels with 5, 10 or 20 % of verdicts flipped (seeded
 *   per pair), the judgeLow with the best dated B-cubed F1 for each — an LLM is not an oracle, and
 *   every wrong `same` is an unguarded merge. The rule's value is read from both (README).
 * - Trade-off: merge threshold × judgeLow with a perfect judge and with no judge, dated and
 *   undated: B-cubed F1 and what it costs — grey pairs judged and LLM requests (the LLM judge's
 *   default batch of 10 pairs) per 100 headlines; a few of the settings again with a fallible judge.
 *
 * Cost: the dev titles are embedded once and every clustering reuses the vectors (`precomputed`),
 * about 0.2 s a clustering on the shared 2-core machine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJsonLines } from '@espectro/methodology';
import { addArticles, createClusteringState, storyAssignments, type ChainingGuard } from '../src/cluster.js';
import type { PairJudge } from '../src/judge-types.js';
import { clusteringQuality, type ClusteringQuality } from '../src/metrics.js';
import { createOfflineEmbedder } from '../src/offline-embedder.js';
import { OFFLINE_THRESHOLDS } from '../src/offline-thresholds.js';
import { fallibleJudge } from './perfect-judge.js';

interface DevRow {
  id: string;
  title: string;
  outlet: string;
  date: string;
  lang: string;
  event: string;
  source: string;
}

/** The LLM judge's default batch (`createLlmPairJudge`'s `batchSize`): pairs per request. */
const LLM_BATCH_SIZE = 10;
/** Share of the perfect judge's recall gain (at judgeLow 0.05) that judgeLow must keep. */
const RECALL_SHARE = 0.8;
const FLOOR = 0.05;
const UNDATED_DAY = '2025-01-01';

const here = dirname(fileURLToPath(import.meta.url));
const rows = parseJsonLines(readFileSync(join(here, '../data/dev-set.jsonl'), 'utf8'), 'dev-set.jsonl').map(
  (line) => line.value as DevRow,
);
const embedder = createOfflineEmbedder();
const vectors = embedder.vectorize(rows.map((row) => row.title));
const vectorOf = new Map(rows.map((row, position) => [row.id, vectors[position]!] as const));

const round = (value: number): number => Math.round(value * 1000) / 1000;
const adoptedMerge = OFFLINE_THRESHOLDS.merge;
const adoptedGuard: ChainingGuard = { minimumAverageSimilarity: OFFLINE_THRESHOLDS.averageSimilarityGuard! };

/** A gold-label judge (some verdicts flipped if `errorRate` > 0) that counts the LLM requests a batching judge would make. */
function countingJudge(subset: readonly DevRow[], errorRate: number): PairJudge & { requests: number } {
  const inner = fallibleJudge(subset, errorRate);
  const judge = {
    backend: inner.backend,
    requests: 0,
    async decide(pairs: Parameters<PairJudge['decide']>[0]) {
      judge.requests += Math.ceil(pairs.length / LLM_BATCH_SIZE);
      return inner.decide(pairs);
    },
  };
  return judge;
}

interface Setting {
  merge: number;
  judgeLow: number;
  judge: boolean;
  dated: boolean;
  guard?: ChainingGuard | false;
  /** Share of the judge's verdicts flipped (default 0: a perfect judge). */
  judgeErrorRate?: number;
}

type Scored = ClusteringQuality & { judgedPairs: number; llmRequests: number; largestStory: number };

async function score(subset: readonly DevRow[], setting: Setting): Promise<Scored> {
  const judge = setting.judge ? countingJudge(subset, setting.judgeErrorRate ?? 0) : undefined;
  const state = createClusteringState({
    embedder,
    thresholds: { merge: setting.merge, judgeLow: setting.judgeLow, source: 'calibration' },
    chainingGuard: setting.guard ?? adoptedGuard,
    ...(judge ? { judge } : {}),
  });
  const update = await addArticles(
    state,
    subset.map((row) => (setting.dated ? row : { ...row, date: UNDATED_DAY })),
    { precomputed: { model: embedder.model, vectors: subset.map((row) => vectorOf.get(row.id)!) } },
  );
  const storyOf = storyAssignments(state);
  const sizes = new Map<string, number>();
  for (const story of storyOf.values()) sizes.set(story, (sizes.get(story) ?? 0) + 1);
  return {
    ...clusteringQuality(storyOf, new Map(subset.map((row) => [row.id, row.event]))),
    judgedPairs: update.judgedPairs,
    llmRequests: judge?.requests ?? 0,
    largestStory: Math.max(...sizes.values()),
  };
}

function summary(quality: Scored, headlines: number) {
  return {
    bcubedF1: round(quality.bcubed.f1),
    pairwisePrecision: round(quality.pairwise.precision),
    pairwiseRecall: round(quality.pairwise.recall),
    pairwiseF1: round(quality.pairwise.f1),
    falsePositivePairs: quality.pairwise.falsePositives,
    falseNegativePairs: quality.pairwise.falseNegatives,
    stories: quality.predictedClusters,
    largestStory: quality.largestStory,
    judgedPairs: quality.judgedPairs,
    judgedPairsPer100Headlines: round((100 * quality.judgedPairs) / headlines),
    llmRequestsPer100Headlines: round((100 * quality.llmRequests) / headlines),
  };
}

const steps = (from: number, to: number, step = 0.01): number[] => {
  const values: number[] = [];
  const stride = Math.round(step * 100);
  for (let value = Math.round(from * 100); value <= Math.round(to * 100) + 1e-9; value += stride)
    values.push(value / 100);
  return values;
};

/** judgeLow by the recall-share rule, at the adopted merge threshold and guard. */
async function fitJudgeLow(subset: readonly DevRow[], dated: boolean): Promise<number> {
  const noJudge = await score(subset, { merge: adoptedMerge, judgeLow: adoptedMerge, judge: false, dated });
  const floor = await score(subset, { merge: adoptedMerge, judgeLow: FLOOR, judge: true, dated });
  const target = noJudge.pairwise.recall + RECALL_SHARE * (floor.pairwise.recall - noJudge.pairwise.recall);
  for (const candidate of steps(FLOOR, adoptedMerge).reverse()) {
    const quality = await score(subset, { merge: adoptedMerge, judgeLow: candidate, judge: true, dated });
    if (quality.pairwise.recall >= target - 1e-12) return candidate;
  }
  return FLOOR;
}

function groupBy<Item>(items: readonly Item[], key: (item: Item) => string): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const started = performance.now();
const sources = [...new Set(rows.map((row) => row.source))];
const half = (parity: number) => rows.filter((row) => sources.indexOf(row.source) % 2 === parity);

const judgeLow = await fitJudgeLow(rows, true);
const judgeLowUndated = await fitJudgeLow(rows, false);

const judgeLowSweep = [];
for (const candidate of steps(0.06, adoptedMerge, 0.02)) {
  const entry: Record<string, unknown> = { judgeLow: candidate };
  for (const dated of [true, false]) {
    entry[dated ? 'dated' : 'undated'] = summary(
      await score(rows, { merge: adoptedMerge, judgeLow: candidate, judge: true, dated }),
      rows.length,
    );
  }
  judgeLowSweep.push(entry);
}

const crossValidation = [];
for (const [fitParity, testParity] of [
  [0, 1],
  [1, 0],
] as const) {
  const fitted = await fitJudgeLow(half(fitParity), true);
  const test = half(testParity);
  crossValidation.push({
    fittedOn: `${half(fitParity).length} headlines (${fitParity === 0 ? 'even' : 'odd'} source pages)`,
    testedOn: `${test.length} headlines`,
    judgeLow: fitted,
    noJudge: summary(
      await score(test, { merge: adoptedMerge, judgeLow: adoptedMerge, judge: false, dated: true }),
      test.length,
    ),
    perfectJudge: summary(
      await score(test, { merge: adoptedMerge, judgeLow: fitted, judge: true, dated: true }),
      test.length,
    ),
  });
}

/** The trade-off: merge × judgeLow, perfect judge and none, dated and undated. */
const tradeOff: { merge: number; noJudge: Record<string, unknown>; perfectJudge: Record<string, unknown>[] }[] = [];
for (const merge of steps(0.16, 0.4, 0.02)) {
  const noJudge: Record<string, unknown> = {};
  for (const dated of [true, false]) {
    noJudge[dated ? 'dated' : 'undated'] = summary(
      await score(rows, { merge, judgeLow: merge, judge: false, dated }),
      rows.length,
    );
  }
  const withJudge: Record<string, unknown>[] = [];
  for (const low of steps(0.06, merge - 0.02, 0.02)) {
    const entry: Record<string, unknown> = { judgeLow: low };
    for (const dated of [true, false]) {
      entry[dated ? 'dated' : 'undated'] = summary(
        await score(rows, { merge, judgeLow: low, judge: true, dated }),
        rows.length,
      );
    }
    withJudge.push(entry);
  }
  tradeOff.push({ merge, noJudge, perfectJudge: withJudge });
}

/** The rule's grey zone with a perfect judge: the cost and dated quality the judge-path choice is held to. */
const ruleWithJudge: Record<string, ReturnType<typeof summary>> = {};
for (const dated of [true, false]) {
  ruleWithJudge[dated ? 'dated' : 'undated'] = summary(
    await score(rows, { merge: adoptedMerge, judgeLow: OFFLINE_THRESHOLDS.judgeLow, judge: true, dated }),
    rows.length,
  );
}
/**
 * The judge path's best setting on dev: the highest undated B-cubed F1 with a perfect judge among
 * settings that cost no more judged pairs per 100 dated headlines than the rule's grey zone and
 * keep its dated B-cubed F1 (ties: fewer judged pairs).
 */
let judgePathChoice:
  | { merge: number; judgeLow: number; dated: ReturnType<typeof summary>; undated: ReturnType<typeof summary> }
  | undefined;
for (const { merge, perfectJudge: entries } of tradeOff) {
  for (const entry of entries as {
    judgeLow: number;
    dated: ReturnType<typeof summary>;
    undated: ReturnType<typeof summary>;
  }[]) {
    if (entry.dated.judgedPairs > ruleWithJudge.dated!.judgedPairs) continue;
    if (entry.dated.bcubedF1 < ruleWithJudge.dated!.bcubedF1) continue;
    if (
      !judgePathChoice ||
      entry.undated.bcubedF1 > judgePathChoice.undated.bcubedF1 ||
      (entry.undated.bcubedF1 === judgePathChoice.undated.bcubedF1 &&
        entry.dated.judgedPairs < judgePathChoice.dated.judgedPairs)
    )
      judgePathChoice = { merge, ...entry };
  }
}

/** For each budget of judged pairs per 100 dated headlines: the best setting undated and dated. */
const frontier = [10, 20, 30, 45, 60, 70].map((budget) => {
  let bestUndated:
    { merge: number; judgeLow: number; dated: number; undated: number; judgedPairsPer100: number } | undefined;
  let bestDated: typeof bestUndated;
  for (const { merge, perfectJudge: entries } of tradeOff) {
    for (const entry of entries as {
      judgeLow: number;
      dated: ReturnType<typeof summary>;
      undated: ReturnType<typeof summary>;
    }[]) {
      if (entry.dated.judgedPairsPer100Headlines > budget) continue;
      const point = {
        merge,
        judgeLow: entry.judgeLow,
        dated: entry.dated.bcubedF1,
        undated: entry.undated.bcubedF1,
        judgedPairsPer100: entry.dated.judgedPairsPer100Headlines,
      };
      if (!bestUndated || point.undated > bestUndated.undated) bestUndated = point;
      if (!bestDated || point.dated > bestDated.dated) bestDated = point;
    }
  }
  return { judgedPairsPer100DatedHeadlines: budget, bestUndated, bestDated };
});

/**
 * The same settings with a fallible judge: a share of verdicts flipped (seeded per pair), a
 * stand-in for an LLM judge of that accuracy — how much of the ceiling survives judge errors.
 */
const JUDGE_ERROR_RATES = [0, 0.05, 0.1, 0.2];
const fallibleSettings = [
  { name: 'rule', merge: adoptedMerge, judgeLow: OFFLINE_THRESHOLDS.judgeLow },
  { name: 'perfectJudgeRecallShare', merge: adoptedMerge, judgeLow },
  {
    name: 'judgePathChoice',
    merge: judgePathChoice?.merge ?? adoptedMerge,
    judgeLow: judgePathChoice?.judgeLow ?? adoptedMerge,
  },
  { name: 'merge0.40', merge: 0.4, judgeLow: 0.12 },
];
const fallibleJudgeSweep = [];
for (const fallible of fallibleSettings) {
  for (const judgeErrorRate of JUDGE_ERROR_RATES) {
    const entry: Record<string, unknown> = { ...fallible, judgeErrorRate };
    for (const dated of [true, false]) {
      const quality = await score(rows, {
        merge: fallible.merge,
        judgeLow: fallible.judgeLow,
        judge: true,
        dated,
        judgeErrorRate,
      });
      entry[dated ? 'dated' : 'undated'] = {
        bcubedF1: round(quality.bcubed.f1),
        judgedPairsPer100Headlines: round((100 * quality.judgedPairs) / rows.length),
      };
    }
    fallibleJudgeSweep.push(entry);
  }
}
/** For each judge error rate, the judgeLow (step 0.01, at the rule's merge and guard) with the best dated B-cubed F1. */
const judgeLowByJudgeAccuracy = [];
for (const judgeErrorRate of JUDGE_ERROR_RATES) {
  const curve = [];
  for (const candidate of steps(FLOOR, adoptedMerge)) {
    const dated = await score(rows, {
      merge: adoptedMerge,
      judgeLow: candidate,
      judge: true,
      dated: true,
      judgeErrorRate,
    });
    const undated = await score(rows, {
      merge: adoptedMerge,
      judgeLow: candidate,
      judge: true,
      dated: false,
      judgeErrorRate,
    });
    curve.push({ judgeLow: candidate, dated: round(dated.bcubed.f1), undated: round(undated.bcubed.f1) });
  }
  const best = curve.reduce((left, right) => (right.dated > left.dated + 1e-12 ? right : left));
  judgeLowByJudgeAccuracy.push({ judgeErrorRate, bestDated: best, curve });
}
const noJudgeAtRule: Record<string, number> = {};
for (const dated of [true, false])
  noJudgeAtRule[dated ? 'dated' : 'undated'] = round(
    (await score(rows, { merge: adoptedMerge, judgeLow: adoptedMerge, judge: false, dated })).bcubed.f1,
  );

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
  embedder: embedder.model,
  windowHours: 72,
  rule: {
    merge: adoptedMerge,
    chainingGuard: adoptedGuard.minimumAverageSimilarity,
    judgeLow: OFFLINE_THRESHOLDS.judgeLow,
  },
  fitted: {
    perfectJudgeRecallShare: { dated: judgeLow, undated: judgeLowUndated },
    bestDatedByJudgeErrorRate: Object.fromEntries(
      judgeLowByJudgeAccuracy.map((entry) => [String(entry.judgeErrorRate), entry.bestDated.judgeLow]),
    ),
  },
  procedure: `judgeLow: largest value (step 0.01) where a perfect judge keeps ≥ ${RECALL_SHARE * 100} % of the pairwise recall it adds at ${FLOOR}, at merge ${adoptedMerge} and guard ${adoptedGuard.minimumAverageSimilarity}; LLM requests count batches of ${LLM_BATCH_SIZE} pairs`,
  ruleWithPerfectJudge: ruleWithJudge,
  judgePathChoice,
  frontier,
  fallibleJudge: { noJudgeAtRule, settings: fallibleJudgeSweep, judgeLowByJudgeAccuracy },
  judgeLowSweep,
  crossValidation,
  tradeOff,
};
writeFileSync(join(here, '../data/calibration.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  JSON.stringify(
    { rule: report.rule, fitted: report.fitted, judgePathChoice, noJudgeAtRule, fallibleJudgeSweep },
    null,
    2,
  ),
);
console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
