import { fc, test } from '@fast-check/vitest';
import { withinPublicationWindow } from '@espectro/methodology';
import { describe, expect, it } from 'vitest';
import { DenseExactIndex, SparsePrefixIndex } from './neighbours.js';
import { createOfflineEmbedder } from './offline-embedder.js';
import { sparseDot } from './sparse.js';
import { WindowedIndex } from './windowed-index.js';
import { loadDevSet } from './__fixtures__/dev-set.js';

const devSet = loadDevSet();
const vectors = createOfflineEmbedder().vectorize(devSet.map((row) => row.title));
const hour = 3_600_000;
const start = Date.parse('2025-01-01T00:00:00Z');

describe('WindowedIndex (rule CLU-3)', () => {
  test.prop(
    [
      fc.array(fc.integer({ min: 0, max: 24 * 30 }), { minLength: devSet.length, maxLength: devSet.length }),
      fc.double({ min: 0.1, max: 0.5, noNaN: true }),
      fc.integer({ min: 0, max: devSet.length - 1 }),
      fc.integer({ min: 1, max: 200 }),
      fc.constantFrom(1 / 8, 1 / 4, 1 / 3, 1, 2),
    ],
    { numRuns: 20 },
  )(
    'returns exactly the brute-force neighbours inside the window, whatever the block width',
    (hours, threshold, query, windowHours, blocksFraction) => {
      const index = new WindowedIndex(() => new SparsePrefixIndex(0.1), windowHours, windowHours * blocksFraction);
      const times = hours.map((offset) => start + offset * hour);
      vectors.forEach((vector, item) => index.add(item, vector, times[item]!));
      const found = index
        .range(vectors[query]!, times[query]!, threshold, (item) => item !== query)
        .sort((left, right) => left.item - right.item);
      const expected = vectors
        .map((vector, item) => ({ item, similarity: sparseDot(vectors[query]!, vector) }))
        .filter(
          ({ item, similarity }) =>
            item !== query &&
            similarity >= threshold &&
            withinPublicationWindow(times[item]!, times[query]!, windowHours),
        );
      expect(found).toEqual(expected);
    },
  );

  it('is inclusive at exactly the window and excludes one millisecond more', () => {
    const index = new WindowedIndex(() => new DenseExactIndex(), 72);
    const unit = Float32Array.from([1, 0]);
    index.add(0, unit, start);
    index.add(1, unit, start + 72 * hour);
    index.add(2, unit, start + 72 * hour + 1);
    expect(index.range(unit, start, 0.5, () => true).map((neighbour) => neighbour.item)).toEqual([0, 1]);
  });

  it('bounds the work of a query by the articles of three windows, not by the archive', () => {
    const index = new WindowedIndex(() => new DenseExactIndex(), 72);
    const unit = Float32Array.from([1, 0]);
    // 100 days, 50 articles a day
    for (let item = 0; item < 5000; item += 1) index.add(item, unit, start + Math.floor(item / 50) * 24 * hour);
    const before = index.searchedItems;
    index.range(unit, start + 50 * 24 * hour, 0.5, () => true);
    const searched = index.searchedItems - before;
    expect(searched).toBeGreaterThan(0);
    expect(searched).toBeLessThanOrEqual(3 * 3 * 50 + 50);
    expect(index.blockCount).toBeGreaterThan(30);
  });

  it('with blocks of a quarter window, a query walks at most 162 h of articles to keep the 144 h of its window', () => {
    const index = new WindowedIndex(() => new DenseExactIndex(), 72, 18);
    const unit = Float32Array.from([1, 0]);
    // 100 days, 6 articles an hour
    for (let item = 0; item < 14_400; item += 1) index.add(item, unit, start + Math.floor(item / 6) * hour);
    const before = index.searchedItems;
    const found = index.range(unit, start + 50 * 24 * hour + 30 * 60_000, 0.5, () => true);
    const searched = index.searchedItems - before;
    expect(found).toHaveLength(144 * 6);
    expect(searched).toBeLessThanOrEqual(162 * 6);
    expect(searched).toBeGreaterThanOrEqual(144 * 6);
  });
});
