import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { denseDot } from './embedder.js';
import { AutoDenseIndex, DenseExactIndex, HnswIndex, SparsePrefixIndex } from './neighbours.js';
import { createOfflineEmbedder } from './offline-embedder.js';
import { sparseDot } from './sparse.js';
import { generateSyntheticHeadlines } from './synthetic.js';
import { loadDevSet } from './__fixtures__/dev-set.js';

const devTitles = loadDevSet().map((row) => row.title);

describe('SparsePrefixIndex', () => {
  const embedder = createOfflineEmbedder();
  const vectors = embedder.vectorize(devTitles);

  test.prop([fc.double({ min: 0.05, max: 0.6, noNaN: true }), fc.integer({ min: 0, max: devTitles.length - 1 })], {
    numRuns: 40,
  })('finds exactly the items a brute-force scan finds, with the same similarities', (threshold, query) => {
    const index = new SparsePrefixIndex(threshold);
    vectors.forEach((vector, item) => index.add(item, vector));
    const found = index
      .range(vectors[query]!, threshold, (item) => item !== query)
      .sort((left, right) => left.item - right.item);
    const expected = vectors
      .map((vector, item) => ({ item, similarity: sparseDot(vectors[query]!, vector) }))
      .filter(({ item, similarity }) => item !== query && similarity >= threshold);
    expect(found).toEqual(expected);
  });

  it('refuses thresholds below the one it was built for', () => {
    const index = new SparsePrefixIndex(0.3);
    expect(() => index.range(vectors[0]!, 0.2, () => true)).toThrow(RangeError);
  });
});

describe('dense search', () => {
  const headlines = generateSyntheticHeadlines({ count: 2000, seed: 11 }).map((headline) => headline.title);
  const embedder = createOfflineEmbedder({ dimension: 64 });
  const vectors = embedder.embed(headlines);

  it('DenseExactIndex.range returns exactly the brute-force neighbours', async () => {
    const all = await vectors;
    const index = new DenseExactIndex();
    all.slice(0, 500).forEach((vector, item) => index.add(item, vector));
    const found = index
      .range(all[7]!, 0.3, () => true)
      .map((neighbour) => neighbour.item)
      .sort((left, right) => left - right);
    const expected = all.slice(0, 500).flatMap((vector, item) => (denseDot(all[7]!, vector) >= 0.3 ? [item] : []));
    expect(found).toEqual(expected);
  });

  it('HNSW recall@10 against exact search is at least 0.98', async () => {
    const all = await vectors;
    const graph = new HnswIndex({ seed: 1 });
    const exact = new DenseExactIndex();
    all.forEach((vector, item) => {
      graph.add(item, vector);
      exact.add(item, vector);
    });
    let hits = 0;
    let total = 0;
    for (let query = 0; query < all.length; query += 37) {
      const truth = exact.nearest(all[query]!, 10);
      const approximate = new Set(graph.nearest(all[query]!, 10).map((neighbour) => neighbour.item));
      hits += truth.filter((neighbour) => approximate.has(neighbour.item)).length;
      total += truth.length;
    }
    expect(hits / total).toBeGreaterThanOrEqual(0.98);
  });

  it('HNSW is reproducible for a seed and insertion order', async () => {
    const all = (await vectors).slice(0, 400);
    const build = () => {
      const graph = new HnswIndex({ seed: 9 });
      all.forEach((vector, item) => graph.add(item, vector));
      return graph.nearest(all[3]!, 10);
    };
    expect(build()).toEqual(build());
  });

  it('AutoDenseIndex switches from exact to HNSW above its threshold and keeps answering', async () => {
    const all = (await vectors).slice(0, 300);
    const index = new AutoDenseIndex({ annThreshold: 200 });
    all.forEach((vector, item) => {
      if (item === 200) expect(index.kind).toBe('exact-dense');
      index.add(item, vector);
    });
    expect(index.kind).toBe('hnsw');
    expect(index.size).toBe(300);
    const found = index.range(all[5]!, 0.999, () => true).map((neighbour) => neighbour.item);
    expect(found).toContain(5);
  });
});
