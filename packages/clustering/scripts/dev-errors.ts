/**
 * Diagnostic on the development set only (never the held-out set): clusters data/dev-set.jsonl
 * with every date set to one day and prints the predicted stories that mix gold events, and with
 * `misses` the gold events split over several stories (with each member's cosine to the first).
 *
 *   pnpm exec tsx --conditions @espectro/source packages/clustering/scripts/dev-errors.ts '{"nameRuns":true}' misses
 */
import { clusterArticles } from '../src/cluster.js';
import { clusteringQuality } from '../src/metrics.js';
import { createOfflineEmbedder, type OfflineEmbedderOptions } from '../src/offline-embedder.js';
import { sparseDot } from '../src/sparse.js';
import { loadDevSet } from '../src/__fixtures__/dev-set.js';

const dev = loadDevSet();
const embedder = createOfflineEmbedder(JSON.parse(process.argv[2] ?? '{}') as OfflineEmbedderOptions);
const rows = dev.map((row) => ({ ...row, date: '2025-01-01' }));
const result = await clusterArticles(rows, { embedder });
const gold = new Map(dev.map((row) => [row.id, row.event]));
console.log(clusteringQuality(result.storyOf, gold).bcubed);
const byId = new Map(dev.map((row) => [row.id, row]));
const vectors = embedder.vectorize(dev.map((row) => row.title));
const positionOf = new Map(dev.map((row, position) => [row.id, position]));
const cosine = (left: number, right: number): number => sparseDot(vectors[left]!, vectors[right]!);
for (const story of result.stories) {
  const events = new Set(story.articleIds.map((id) => gold.get(id)));
  if (events.size > 1) {
    console.log('--- MIXED story');
    for (const id of story.articleIds) console.log(`   [${gold.get(id)}] ${byId.get(id)!.title}`);
  }
}
if (process.argv[3] === 'misses') {
  const events = new Map<string, string[]>();
  for (const row of dev) events.set(row.event, [...(events.get(row.event) ?? []), row.id]);
  for (const [event, ids] of events) {
    const stories = new Set(ids.map((id) => result.storyOf.get(id)));
    if (ids.length > 1 && stories.size > 1) {
      console.log(`--- SPLIT ${event}`);
      for (const id of ids)
        console.log(
          `   (${result.storyOf.get(id)}) ${cosine(positionOf.get(ids[0]!)!, positionOf.get(id)!).toFixed(2)} ${byId.get(id)!.title}`,
        );
    }
  }
}
