/**
 * REP-1 recall and precision on the written set of repeats and non-repeats
 * (`data/repeat-pairs.jsonl`, README there): token Jaccard alone (REP_JACCARD_THRESHOLD) against
 * Jaccard plus the claim embeddings of `@espectro/clustering`'s offline embedder (and MiniLM when it
 * is installed: `espectro models pull minilm`), each at its REP_EMBEDDING_THRESHOLDS entry.
 * Each pair is one earlier check and one later claim of the same speaker, through
 * `findRepeatedClaim` exactly as the live pipeline calls it.
 *
 * Run: pnpm --filter @espectro/factcheck evaluate:repeats
 */
import { readFileSync } from 'node:fs';
import { createMiniLMEmbedder, createOfflineEmbedder, type Embedder } from '@espectro/clustering';
import { cosineSimilarity } from '@espectro/speaker-id';
import {
  findRepeatedClaim,
  parseJsonLines,
  REP_EMBEDDING_THRESHOLDS,
  REP_JACCARD_THRESHOLD,
} from '@espectro/methodology';

interface Pair {
  id: string;
  language: 'pt' | 'es';
  earlier: string;
  later: string;
  repeat: boolean;
}

const pairs = parseJsonLines(
  readFileSync(new URL('../data/repeat-pairs.jsonl', import.meta.url), 'utf8'),
  'repeat-pairs.jsonl',
).map((line) => line.value as Pair);

function matched(pair: Pair, cosine: number | null, threshold: number | undefined): boolean {
  return findRepeatedClaim({
    claim: { candidate: 'A', text: pair.later },
    earlierChecks: [
      {
        checkId: pair.id,
        candidate: 'A',
        debate: 'earlier',
        text: pair.earlier,
        history: [{ verdict: 'true', status: 'published', at: '2026-01-01T00:00:00Z', phase: 'live' }],
      },
    ],
    language: pair.language,
    ...(cosine !== null && threshold !== undefined
      ? { embeddingSimilarities: [cosine], embeddingThreshold: threshold }
      : {}),
  }).repeated;
}

function score(label: string, decisions: boolean[]): void {
  let truePositives = 0;
  let falsePositives = 0;
  decisions.forEach((decision, index) => {
    if (decision && pairs[index]!.repeat) truePositives += 1;
    if (decision && !pairs[index]!.repeat) falsePositives += 1;
  });
  const positives = pairs.filter((pair) => pair.repeat).length;
  const precision = truePositives + falsePositives === 0 ? null : truePositives / (truePositives + falsePositives);
  console.log(
    `| ${label} | ${truePositives}/${positives} = ${((truePositives / positives) * 100).toFixed(0)} % | ${precision === null ? '— (no match)' : `${truePositives}/${truePositives + falsePositives} = ${(precision * 100).toFixed(0)} %`} |`,
  );
}

async function cosines(embedder: Embedder): Promise<number[]> {
  return Promise.all(
    pairs.map(async (pair) => {
      const [earlier, later] = await embedder.embed([pair.earlier, pair.later]);
      return cosineSimilarity(earlier!, later!);
    }),
  );
}

console.log(`${pairs.length} pairs (${pairs.filter((pair) => pair.repeat).length} repeats), es and pt-BR\n`);
console.log('| REP-1 matching | recall | precision |\n|---|---|---|');
score(
  `token Jaccard ≥ ${REP_JACCARD_THRESHOLD}`,
  pairs.map((pair) => matched(pair, null, undefined)),
);
const embedders: Embedder[] = [createOfflineEmbedder()];
try {
  embedders.push(await createMiniLMEmbedder());
} catch (error) {
  console.error(`(MiniLM not measured: ${(error as Error).message.split('\n')[0]})`);
}
for (const embedder of embedders) {
  const threshold = REP_EMBEDDING_THRESHOLDS[embedder.backend];
  const values = await cosines(embedder);
  if (threshold === undefined) {
    console.error(`(${embedder.backend}: no REP_EMBEDDING_THRESHOLDS entry, so REP-1 does not use it)`);
    continue;
  }
  score(
    `Jaccard, or ${embedder.backend} cosine ≥ ${threshold}`,
    pairs.map((pair, index) => matched(pair, values[index]!, threshold)),
  );
  // how the choice of threshold trades recall for precision (in sample: the threshold was chosen on this set)
  for (const sweep of [0.7, 0.8, 0.85, 0.9])
    score(
      `(sweep) Jaccard, or ${embedder.backend} cosine ≥ ${sweep}`,
      pairs.map((pair, index) => matched(pair, values[index]!, sweep)),
    );
  await embedder.dispose?.();
}
