/**
 * `pnpm bench clustering-scale` — clustering at archive scale on recombined real headlines
 * (`clustering-corpus.ts`: real events' headlines, outlets and time offsets, renamed per instance so
 * the vocabulary grows) at 2 000 headlines a day, offline embedder, 72-h window.
 *
 * One corpus of 103 000 headlines in publication order: the growth sizes are its first 20k, 40k and
 * 80k (2 000 a day each, like the whole), the archive its first 100 000, the batches the next three
 * half-days of 1 000.
 * - growth: full clustering of 20k and 80k headlines (median of BENCH_SCALE_RUNS runs, default 3) and
 *   40k (one run); exponent log(t80k / t20k) / log 4 of CPU time (target ≤ 1.1).
 * - incremental: the 100 000-headline archive is the last 80k state with the next 20 000 added; then
 *   the pipeline's path for a cycle whose state was not kept: seed a fresh state from the archive
 *   with stored vectors (the window around the batch plus its linked components,
 *   `seedClusteringState`) and add the batch; and the path of a kept state (the pipeline keeps its
 *   state between cycles): 1 000 new headlines added to the state holding the archive (target ≤ 2 s),
 *   median of three batches; the same three-batch median on the kept 20k and 40k states (the cost of a
 *   frontier batch should not grow with the archive: phase 1 rolls back only to the batch's day), each
 *   batch with its work (`ClusteringUpdate.work`: merge edges walked and decided afresh, articles
 *   re-clustered).
 * - peer in the same run: the same TF-IDF vectors, window and connected components written plainly
 *   (every pair inside the window scored, union–find over pairs above the merge threshold) on 20k,
 *   reported as a ratio; `bench/clustering_sklearn_peer.py` (scikit-learn, Debian's python3-sklearn)
 *   on the same 20k when python3 can import sklearn.
 * Every figure is printed with the 1-minute load average at the time (2 cores shared by other work).
 * `BENCH_SCALE_GROWTH_ONLY=1` stops after the growth runs (and their kept-state batches).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addArticles,
  clusterArticles,
  type ClusteringState,
  type ClusteringWork,
  clusteringQuality,
  createOfflineEmbedder,
  exportVectors,
  seedClusteringState,
  seedWindow,
  sparseDot,
  type Article,
  type OfflineEmbedder,
} from '@espectro/clustering';
import { CLU_3_WINDOW_HOURS, withinPublicationWindow } from '@espectro/methodology';
import { generateRecombinedHeadlines, type RecombinedHeadline } from './clustering-corpus.js';
import type { BenchSuite } from './harness.js';

const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 3);
const load = (): number => Number(loadavg()[0]!.toFixed(2));
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** One kept-state batch: its time, the stories it reports changed and what it walked. */
type KeptBatch = Timed & { changedStories: number; work: ClusteringWork };

/** Adds each batch to a kept state, timed; returns the batches and their median wall and CPU seconds. */
async function keptStateBatches(state: ClusteringState, batches: readonly Article[][]) {
  const kept: KeptBatch[] = [];
  for (const batch of batches) {
    let update: Awaited<ReturnType<typeof addArticles>> | undefined;
    const timed = await time(async () => {
      update = await addArticles(state, batch);
    });
    kept.push({ ...timed, changedStories: update!.changedStories.length, work: update!.work });
  }
  return {
    batches: kept,
    medianSeconds: median(kept.map((run) => run.seconds)),
    medianCpuSeconds: median(kept.map((run) => run.cpuSeconds)),
  };
}

interface Timed {
  /** Wall-clock seconds. */
  seconds: number;
  /** CPU seconds of this process (user + system): less sensitive to other work on the machine. */
  cpuSeconds: number;
  /** 1-minute load average when the work finished. */
  load: number;
}

async function time(work: () => Promise<unknown> | unknown): Promise<Timed> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await work();
  const used = process.cpuUsage(cpu);
  return {
    seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
    cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(3)),
    load: load(),
  };
}

/** The plain peer: all pairs inside the window, scored exactly, union–find above the merge threshold. */
function plainConnectedComponents(headlines: RecombinedHeadline[], embedder: OfflineEmbedder): Map<string, string> {
  const order = [...headlines].sort((left, right) => Date.parse(left.date) - Date.parse(right.date));
  const times = order.map((headline) => Date.parse(headline.date));
  const vectors = embedder.vectorize(order.map((headline) => headline.title));
  const parent = order.map((_, index) => index);
  const find = (item: number): number => {
    while (parent[item] !== item) item = parent[item] = parent[parent[item]!]!;
    return item;
  };
  const merge = embedder.thresholds.merge;
  let windowStart = 0;
  for (let item = 0; item < order.length; item += 1) {
    while (!withinPublicationWindow(times[windowStart]!, times[item]!, CLU_3_WINDOW_HOURS)) windowStart += 1;
    for (let other = windowStart; other < item; other += 1) {
      if (sparseDot(vectors[item]!, vectors[other]!) > merge) parent[find(item)] = find(other);
    }
  }
  return new Map(order.map((headline, index) => [headline.id, order[find(index)]!.id]));
}

export default async function suites(): Promise<BenchSuite[]> {
  const embedder = createOfflineEmbedder();
  const notes: Record<string, unknown> = {
    runs: RUNS,
    embedder: embedder.model,
    perDay: 2000,
    window: CLU_3_WINDOW_HOURS,
  };

  // One corpus in publication order: every prefix has the whole's 2 000 headlines a day.
  const all = generateRecombinedHeadlines({ count: 103_000 }).sort(
    (left, right) => Date.parse(left.date) - Date.parse(right.date) || left.id.localeCompare(right.id),
  );
  const gold = new Map(all.map((headline) => [headline.id, headline.event]));

  // growth
  const growth: Record<string, unknown>[] = [];
  const mediansBySize = new Map<number, number>();
  let archived: Awaited<ReturnType<typeof clusterArticles>> | undefined;
  const keptBySize: Record<string, unknown> = {};
  for (const count of [20_000, 40_000, 80_000]) {
    if (process.env.BENCH_SCALE_SKIP_GROWTH && count !== 80_000) continue;
    const headlines = all.slice(0, count);
    const runs: Timed[] = [];
    let quality: ReturnType<typeof clusteringQuality> | undefined;
    let keptState: ClusteringState | undefined;
    const runsOfSize = count === 40_000 || process.env.BENCH_SCALE_SKIP_GROWTH ? 1 : RUNS;
    for (let run = 0; run < runsOfSize; run += 1) {
      runs.push(
        await time(async () => {
          const result = await clusterArticles(headlines, { embedder });
          quality ??= clusteringQuality(
            result.storyOf,
            new Map(headlines.map((headline) => [headline.id, gold.get(headline.id)!])),
          );
          // Only the last run's result is kept (the archive, or the kept state for the batches), so
          // no timed run carries an earlier run's state of the same size in the heap.
          if (run === runsOfSize - 1) {
            if (count === 80_000) archived = result;
            else keptState = result.state;
          }
        }),
      );
    }
    if (keptState !== undefined) {
      // Three frontier batches of 1 000 into this kept state (the next headlines in publication order).
      const frontier = [0, 1, 2].map((index) => all.slice(count + index * 1000, count + (index + 1) * 1000));
      keptBySize[String(count)] = await keptStateBatches(keptState, frontier);
      console.log(`add 1 000 to a ${count} kept state`, keptBySize[String(count)]);
      keptState = undefined;
    }
    const seconds = median(runs.map((run) => run.seconds));
    mediansBySize.set(count, median(runs.map((run) => run.cpuSeconds)));
    growth.push({
      headlines: count,
      medianSeconds: seconds,
      medianCpuSeconds: mediansBySize.get(count),
      runs,
      bcubedF1: Number(quality!.bcubed.f1.toFixed(3)),
      pairwisePrecision: Number(quality!.pairwise.precision.toFixed(3)),
      pairwiseRecall: Number(quality!.pairwise.recall.toFixed(3)),
    });
    console.log(`full clustering ${count}: median ${seconds} s`, runs);
  }
  notes.growth = growth;
  if (!process.env.BENCH_SCALE_SKIP_GROWTH) {
    const exponent = Math.log(mediansBySize.get(80_000)! / mediansBySize.get(20_000)!) / Math.log(4);
    notes.growthExponent20kTo80k = {
      value: Number(exponent.toFixed(3)),
      of: 'median CPU seconds',
      target: '≤ 1.1',
      met: exponent <= 1.1,
    };
    console.log(`growth exponent 20k → 80k (CPU time): ${exponent.toFixed(3)} (target ≤ 1.1)`);
  }

  if (process.env.BENCH_SCALE_GROWTH_ONLY) {
    return [
      {
        name: 'clustering-scale',
        baseline: {
          name: 'offline embedder: vectorise 1 000 new headlines',
          operationsPerCall: 1000,
          run: () => embedder.vectorize(all.slice(100_000, 101_000).map((headline) => headline.title)),
        },
        cases: [],
        notes,
      },
    ];
  }

  // the 100k archive: the 80k state and the next 20 000
  const archive = all.slice(0, 100_000);
  const state = archived!.state;
  let linkedComponents = new Map<string, string>();
  notes.archiveBuild = {
    headlines: archive.length,
    from: '80 000 clustered, 20 000 added',
    ...(await time(async () => {
      const update = await addArticles(state, archive.slice(80_000));
      linkedComponents = new Map([...archived!.linkedComponents, ...update.linkedComponents]);
    })),
  };
  console.log('100 000 archive', notes.archiveBuild);
  const batches = [0, 1, 2].map((index) => all.slice(100_000 + index * 1000, 101_000 + index * 1000));

  // the pipeline's path without a kept state: seed from stored vectors, then add
  const vectors = exportVectors(state);
  let seedSize = 0;
  const seeded = await time(async () => {
    const window = seedWindow(batches[0]!.map((headline) => headline.date))!;
    const from = Date.parse(window.from);
    const to = Date.parse(window.to);
    const components = new Set<string>();
    for (const headline of archive) {
      const at = Date.parse(headline.date);
      if (at >= from && at <= to) components.add(linkedComponents.get(headline.id)!);
    }
    const seedArticles: Article[] = archive.filter((headline) => components.has(linkedComponents.get(headline.id)!));
    seedSize = seedArticles.length;
    const { state: seededState } = await seedClusteringState(
      { embedder },
      {
        model: embedder.model,
        articles: seedArticles,
        vectors: seedArticles.map((article) => vectors.get(article.id)!),
      },
    );
    await addArticles(seededState, batches[0]!);
  });
  notes.incrementalSeeded = { ...seeded, seededArticles: seedSize };
  console.log(
    `seed ${seedSize} archive articles from stored vectors + add 1 000: ${seeded.seconds} s (load ${seeded.load})`,
  );

  // a kept state: add each half-day to the state holding the archive
  const kept = await keptStateBatches(state, batches);
  notes.incrementalKeptState = {
    ...kept,
    target: '≤ 2 s',
    met: kept.medianSeconds <= 2,
  };
  keptBySize['100000'] = kept;
  notes.incrementalKeptStateBySize = keptBySize;
  console.log(`add 1 000 to a 100 000 archive (kept state): median ${kept.medianSeconds} s`, kept.batches);

  // peers on 20k
  const peerInput = generateRecombinedHeadlines({ count: 20_000 });
  const ours = await time(() => clusterArticles(peerInput, { embedder, chainingGuard: false }));
  const plain = await time(() => plainConnectedComponents(peerInput, embedder));
  const ourPartition = (await clusterArticles(peerInput, { embedder, chainingGuard: false })).storyOf;
  const plainPartition = plainConnectedComponents(peerInput, embedder);
  const samePartition = [...ourPartition].every(
    ([id, story]) => plainPartition.get(id) !== undefined && story !== undefined,
  );
  notes.plainPeer20k = {
    ours,
    plain,
    ratioPlainOverOurs: Number((plain.seconds / ours.seconds).toFixed(2)),
    note: 'both without the chaining guard (plain connected components, as CLU-3 states it)',
    everyArticleAssigned: samePartition,
  };
  console.log(
    `20k, guard off: ours ${ours.seconds} s, plain all-pairs peer ${plain.seconds} s (×${(plain.seconds / ours.seconds).toFixed(2)})`,
  );
  const directory = mkdtempSync(join(tmpdir(), 'espectro-sklearn-'));
  const file = join(directory, 'headlines.jsonl');
  writeFileSync(file, `${peerInput.map((headline) => JSON.stringify(headline)).join('\n')}\n`);
  // The first python3 on PATH may be a pyenv shim without Debian's packages: use the first that imports sklearn.
  const interpreter =
    ['python3', '/usr/bin/python3'].find(
      (candidate) => spawnSync(candidate, ['-c', 'import sklearn'], { encoding: 'utf8' }).status === 0,
    ) ?? 'python3';
  const python = spawnSync(
    interpreter,
    [
      join(import.meta.dirname, 'clustering_sklearn_peer.py'),
      file,
      String(embedder.thresholds.merge),
      String(CLU_3_WINDOW_HOURS),
    ],
    { encoding: 'utf8' },
  );
  if (python.status === 0) {
    const sklearn = JSON.parse(python.stdout) as { seconds: number };
    notes.sklearnPeer20k = {
      ...sklearn,
      interpreter,
      load: load(),
      ratioSklearnOverOurs: Number((sklearn.seconds / ours.seconds).toFixed(2)),
    };
    console.log(
      `scikit-learn peer (char_wb 3-5 TF-IDF, windowed sparse products, connected components): ${sklearn.seconds} s`,
    );
  } else {
    notes.sklearnPeer20k = { skipped: (python.stderr || python.error?.message || 'python3 failed').slice(0, 300) };
  }

  const sample = batches[0]!;
  return [
    {
      name: 'clustering-scale',
      baseline: {
        name: 'offline embedder: vectorise 1 000 new headlines',
        operationsPerCall: 1000,
        run: () => embedder.vectorize(sample.map((headline) => headline.title)),
      },
      cases: [],
      notes,
    },
  ];
}
