import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  decodeVector,
  encodeVector,
  exportVectors,
  exportVerdicts,
  seedClusteringState,
  seedWindow,
  type StoredVerdict,
} from './archive.js';
import type { Article } from './articles.js';
import { addArticles, clusterArticles, storyAssignments, type ClusteringOptions } from './cluster.js';
import type { PairJudge } from './judge-types.js';
import { createOfflineEmbedder } from './offline-embedder.js';
import { angleTitle, vectorEmbedder } from './__fixtures__/vector-embedder.js';
import { loadDevSet } from './__fixtures__/dev-set.js';

/** What a pipeline does: cluster the archive, store vectors, verdicts and components, seed, add. */
async function archiveThenBatch(archive: Article[], batch: Article[], options: ClusteringOptions) {
  const archived = await clusterArticles(archive, options);
  expect(archived.linkedComponents.size).toBe(archive.length);
  const vectors = exportVectors(archived.state);
  const verdicts: StoredVerdict[] = exportVerdicts(archived.state);
  const window = seedWindow(
    batch.map((article) => article.date),
    archived.backend.windowHours,
  );
  const direct = window
    ? archive.filter(
        (article) =>
          Date.parse(article.date) >= Date.parse(window.from) && Date.parse(article.date) <= Date.parse(window.to),
      )
    : [];
  const touchedComponents = new Set(direct.map((article) => archived.linkedComponents.get(article.id)!));
  const seedArticles = archive.filter((article) => touchedComponents.has(archived.linkedComponents.get(article.id)!));
  const { state } = await seedClusteringState(options, {
    model: options.embedder.model,
    articles: seedArticles,
    vectors: seedArticles.map((article) => vectors.get(article.id)!),
    verdicts,
  });
  await addArticles(state, batch);
  return { seeded: storyAssignments(state), archiveStories: archived.storyOf, seedSize: seedArticles.length };
}

function expectSameAsBatch(
  outcome: Awaited<ReturnType<typeof archiveThenBatch>>,
  everything: Map<string, string>,
  batch: Article[],
): void {
  const batchIds = new Set(batch.map((article) => article.id));
  for (const [id, story] of outcome.seeded) expect(story, id).toBe(everything.get(id));
  // archive articles the batch could not reach keep their stories
  for (const [id, story] of outcome.archiveStories) {
    if (!outcome.seeded.has(id) && !batchIds.has(id)) expect(story, id).toBe(everything.get(id));
  }
}

const parityJudge: PairJudge = {
  backend: 'parity',
  async decide(pairs) {
    return pairs.map((pair) => ({
      key: pair.key,
      verdict: (pair.left.id.charCodeAt(1) + pair.right.id.charCodeAt(1)) % 2 === 0 ? 'same' : 'different',
    }));
  },
};

describe('seeding a state from the archive (rule CLU-3)', () => {
  test.prop(
    [
      fc.array(
        fc.record({
          angle: fc.integer({ min: 0, max: 60 }),
          hour: fc.integer({ min: 0, max: 400 }),
          inBatch: fc.boolean(),
        }),
        { minLength: 2, maxLength: 40 },
      ),
    ],
    { numRuns: 60 },
  )('seeding + adding gives the same stories as clustering everything at once', async (points) => {
    const embedder = vectorEmbedder(2, { merge: 0.97, judgeLow: 0.9, source: 'test' });
    const options: ClusteringOptions = { embedder, judge: parityJudge, windowHours: 72 };
    const articles = points.map((point, index) => ({
      id: `a${String.fromCharCode(65 + (index % 26))}${index}`,
      title: angleTitle(point.angle, String(index)),
      date: new Date(Date.UTC(2025, 4, 1) + point.hour * 3_600_000).toISOString(),
    }));
    const archive = articles.filter((_, index) => !points[index]!.inBatch);
    const batch = articles.filter((_, index) => points[index]!.inBatch);
    const everything = (await clusterArticles(articles, options)).storyOf;
    expectSameAsBatch(await archiveThenBatch(archive, batch, options), everything, batch);
  });

  it('holds on real headlines with the offline embedder, and seeds only part of the archive', async () => {
    const devSet = loadDevSet();
    const options: ClusteringOptions = { embedder: createOfflineEmbedder() };
    const articles = devSet.map((row) => ({ id: row.id, title: row.title, date: row.date, outlet: row.outlet }));
    const batch = articles.filter((article) => article.date.startsWith('2019-09'));
    const archive = articles.filter((article) => !article.date.startsWith('2019-09'));
    const everything = (await clusterArticles(articles, options)).storyOf;
    const outcome = await archiveThenBatch(archive, batch, options);
    expectSameAsBatch(outcome, everything, batch);
    expect(outcome.seedSize).toBeLessThan(archive.length / 2);
  });

  it('refuses vectors of another model, naming the field', async () => {
    await expect(
      seedClusteringState(
        { embedder: createOfflineEmbedder() },
        {
          model: 'minilm-q8',
          articles: [{ id: 'a', title: 'x', date: '2025-01-01' }],
          vectors: [new Float32Array(384)],
        },
      ),
    ).rejects.toMatchObject({ field: 'precomputed.model' });
  });

  it('seedWindow spans the batch plus the window on both sides', () => {
    expect(seedWindow(['2026-05-02T10:00:00Z', '2026-05-03T08:00:00Z'])).toEqual({
      from: '2026-04-29T10:00:00.000Z',
      to: '2026-05-06T08:00:00.000Z',
    });
    expect(seedWindow([])).toBeUndefined();
    expect(() => seedWindow(['yesterday'])).toThrow(/batchDates\[0\]/);
  });
});

describe('stored vectors', () => {
  const sparse = createOfflineEmbedder().vectorize(['Muere el papa Francisco a los 88 años'])[0]!;
  it('encode and decode to the same sparse and dense vectors', () => {
    const decoded = decodeVector(encodeVector(sparse));
    expect(decoded).not.toBeInstanceOf(Float32Array);
    const { indices, values } = decoded as typeof sparse;
    expect(Array.from(indices)).toEqual(Array.from(sparse.indices));
    expect(Array.from(values)).toEqual(Array.from(sparse.values));
    const dense = Float32Array.from([0.6, -0.8, 0]);
    expect(Array.from(decodeVector(encodeVector(dense)) as Float32Array)).toEqual(Array.from(dense));
  });
  it('reject bytes they did not write', () => {
    expect(() => decodeVector(new Uint8Array([1, 2]))).toThrow(/shorter than its 5-byte header/);
    const bytes = encodeVector(sparse);
    expect(() => decodeVector(bytes.slice(0, bytes.length - 1))).toThrow(/expected/);
    const wrongTag = encodeVector(sparse);
    wrongTag[0] = 0x58;
    expect(() => decodeVector(wrongTag)).toThrow(/'S' \(sparse\) or 'D' \(dense\)/);
  });
});
