/**
 * `pnpm bench clustering` — story clustering at scale, on SYNTHETIC headlines: generated from
 * templates over real-looking Spanish and Portuguese vocabulary (names, places, institutions,
 * topics, coined company and case names) by `generateSyntheticHeadlines`; they are not real news,
 * and they are more alike than real headlines (more unrelated pairs above the merge threshold), so
 * clustering does more work on them than on a real day of news.
 *
 * Suites:
 * - `clustering`: offline embedder throughput, offline embed + cluster of 20 000 headlines
 *   (target < 20 s on 2 cores), the tiny MiniLM-shaped model's throughput; notes record growth at
 *   5k/10k/20k/40k (one timed run each, CPU and wall time), HNSW recall@10 against exact search
 *   at 20 000 vectors, and the clustering's quality on the synthetic gold labels.
 * - `clustering-minilm-vs-onnxruntime`: the MiniLM embedder (transformers.js, q8 file) against raw
 *   onnxruntime-node on the same batch with the same tiny fixture model (target: within 1.5×,
 *   i.e. ratio ≥ 0.67). Real MiniLM weights are not available offline; when
 *   `$ESPECTRO_MODELS/minilm` holds them, their throughput is measured too.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  clusterArticles,
  clusteringQuality,
  createMiniLMEmbedder,
  createOfflineEmbedder,
  defaultModelDirectory,
  DenseExactIndex,
  generateSyntheticHeadlines,
  HnswIndex,
} from '@espectro/clustering';
import { createRawOnnxEmbedder, writeTinyMiniLMFixture } from '@espectro/clustering/testing';
import { foldToWords } from '@espectro/methodology';
import type { BenchSuite } from './harness.js';

const cpuMilliseconds = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function timedRun(count: number): Promise<Record<string, number>> {
  const headlines = generateSyntheticHeadlines({ count });
  const wallStart = performance.now();
  const cpuStart = cpuMilliseconds();
  const embedder = createOfflineEmbedder();
  const embedded = cpuMilliseconds();
  const result = await clusterArticles(headlines, { embedder });
  const cpuEnd = cpuMilliseconds();
  const quality = clusteringQuality(
    result.storyOf,
    new Map(headlines.map((headline) => [headline.id, headline.event])),
  );
  return {
    headlines: count,
    wallMs: Math.round(performance.now() - wallStart),
    cpuMs: Math.round(cpuEnd - cpuStart),
    fitCpuMs: Math.round(embedded - cpuStart),
    stories: result.stories.length,
    goldEvents: quality.goldClusters,
    pairwisePrecision: Number(quality.pairwise.precision.toFixed(3)),
    pairwiseRecall: Number(quality.pairwise.recall.toFixed(3)),
    bcubedF1: Number(quality.bcubed.f1.toFixed(3)),
  };
}

async function hnswRecall(count: number): Promise<Record<string, number>> {
  const titles = generateSyntheticHeadlines({ count, seed: 21 }).map((headline) => headline.title);
  const vectors = await createOfflineEmbedder({ dimension: 384 }).embed(titles);
  const graph = new HnswIndex({ seed: 1 });
  const exact = new DenseExactIndex();
  const buildStart = cpuMilliseconds();
  vectors.forEach((vector, item) => graph.add(item, vector));
  const buildCpuMs = cpuMilliseconds() - buildStart;
  vectors.forEach((vector, item) => exact.add(item, vector));
  let hits = 0;
  let total = 0;
  for (let query = 0; query < vectors.length; query += Math.floor(vectors.length / 200)) {
    const truth = exact.nearest(vectors[query]!, 10);
    const found = new Set(graph.nearest(vectors[query]!, 10).map((neighbour) => neighbour.item));
    hits += truth.filter((neighbour) => found.has(neighbour.item)).length;
    total += truth.length;
  }
  return {
    vectors: count,
    dimension: 384,
    k: 10,
    queries: total / 10,
    recallAt10: Number((hits / total).toFixed(4)),
    buildCpuMs: Math.round(buildCpuMs),
  };
}

export default async function suites(): Promise<BenchSuite[]> {
  const headlines20k = generateSyntheticHeadlines({ count: 20_000 });
  const titles20k = headlines20k.map((headline) => headline.title);
  const fixture = await writeTinyMiniLMFixture(join(await mkdtemp(join(tmpdir(), 'espectro-bench-minilm-')), 'minilm'));
  const tinyMiniLM = await createMiniLMEmbedder({ modelPath: fixture.modelPath });
  const rawOnnx = await createRawOnnxEmbedder(fixture.modelPath);
  const batch = titles20k.slice(0, 64);

  const growth = [];
  for (const count of [5_000, 10_000, 20_000, 40_000]) growth.push(await timedRun(count));
  const recall = await hnswRecall(20_000);
  console.log('clustering growth (synthetic headlines):', growth);
  console.log('HNSW recall:', recall);

  const realModel = defaultModelDirectory('minilm');
  const realCases = existsSync(join(realModel, 'onnx', 'model_quantized.onnx'))
    ? [await createMiniLMEmbedder({ modelPath: realModel })].map((embedder) => ({
        name: 'MiniLM-L12 q8 (real weights) embed 64 headlines',
        operationsPerCall: 64,
        run: () => embedder.embed(batch),
      }))
    : [];

  const clustering: BenchSuite = {
    name: 'clustering',
    baseline: {
      name: 'foldToWords over 20 000 headlines',
      operationsPerCall: 20_000,
      run: () => titles20k.map(foldToWords),
    },
    cases: [
      {
        name: 'offline embedder: fit IDF + vectorise 20 000 headlines',
        operationsPerCall: 20_000,
        run: () => createOfflineEmbedder().vectorize(titles20k),
      },
      {
        name: 'offline embed + cluster 20 000 headlines (72 h window)',
        targetMillisecondsPerOperation: 20_000,
        run: () => clusterArticles(headlines20k, { embedder: createOfflineEmbedder() }),
      },
      {
        name: 'tiny MiniLM-shaped fixture: embed 64 headlines',
        operationsPerCall: 64,
        run: () => tinyMiniLM.embed(batch),
      },
      ...realCases,
    ],
    notes: {
      data: 'synthetic headlines from generateSyntheticHeadlines (templates over real-looking vocabulary; not real news)',
      growth,
      hnswRecall: recall,
      machine: '2 cores; CPU time counts both',
    },
  };
  const minilmVersusOnnx: BenchSuite = {
    name: 'clustering-minilm-vs-onnxruntime',
    baseline: {
      name: 'raw onnxruntime-node (same tokenizer, session.run, pooling), 64 headlines',
      operationsPerCall: 64,
      run: () => rawOnnx.embed(batch),
    },
    cases: [
      {
        name: 'createMiniLMEmbedder (transformers.js, q8 file), same 64 headlines',
        operationsPerCall: 64,
        run: () => tinyMiniLM.embed(batch),
      },
    ],
    notes: {
      target: 'ratio to baseline ≥ 0.67 (within 1.5× of raw onnxruntime)',
      model: 'tiny MiniLM-shaped fixture (real tensor names, WordPiece tokenizer)',
    },
  };
  return [clustering, minilmVersusOnnx];
}
