/**
 * The sweep the offline embedder's merge threshold, chaining guard and word weight were chosen
 * with (on the development set only): for each setting, B-cubed F1 with the real dates and with
 * every date set to one day; prints the settings ranked by the sum of the two.
 *
 *   pnpm exec tsx --conditions @espectro/source packages/clustering/scripts/sweep.ts '{"wordWeight":3}'
 *
 * The argument is JSON `OfflineEmbedderOptions` (default `{}`); the chosen setting was merge 0.22,
 * guard 0.20 with word weight 3 (README, "Calibration and measured quality"). The candidates of
 * README "What was tried" are measured the same way, e.g. '{"nameRuns":true}',
 * '{"wordBigramWeight":1.5}', '{"thinOverlap":{"minimumSharedStems":2,"factor":0.7}}'.
 */
import { loadDevSet } from '../src/__fixtures__/dev-set.js';
import { clusterArticles } from '../src/cluster.js';
import { clusteringQuality } from '../src/metrics.js';
import { createOfflineEmbedder, type OfflineEmbedderOptions } from '../src/offline-embedder.js';

const dev = loadDevSet();
const embedder = createOfflineEmbedder(JSON.parse(process.argv[2] ?? '{}') as OfflineEmbedderOptions);
const gold = new Map(dev.map((row) => [row.id, row.event]));
const variants = { dated: dev, undated: dev.map((row) => ({ ...row, date: '2025-01-01' })) };
const results: { merge: number; guard: number | false; dated: number; undated: number }[] = [];
for (const merge of [0.16, 0.18, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3, 0.33, 0.36, 0.4]) {
  for (const guard of [false, 0.1, 0.15, 0.2, 0.25, 0.3] as const) {
    const scores: Record<string, number> = {};
    for (const [name, rows] of Object.entries(variants)) {
      const result = await clusterArticles(rows, {
        embedder,
        thresholds: { merge, judgeLow: merge, source: 'sweep' },
        chainingGuard: guard === false ? false : { minimumAverageSimilarity: guard },
      });
      scores[name] = clusteringQuality(result.storyOf, gold).bcubed.f1;
    }
    results.push({ merge, guard, dated: scores.dated!, undated: scores.undated! });
  }
}
results.sort((left, right) => right.dated + right.undated - (left.dated + left.undated));
for (const result of results.slice(0, 10)) {
  console.log(
    `merge ${result.merge} guard ${result.guard}: dated B³ F1 ${result.dated.toFixed(3)}, undated ${result.undated.toFixed(3)}`,
  );
}
