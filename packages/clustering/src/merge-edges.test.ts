import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { compareIds } from './articles.js';
import {
  addArticles,
  clusterArticles,
  createClusteringState,
  currentStories,
  type ClusteringState,
} from './cluster.js';
import { EDGE_NOT_SEEN } from './merge-edges.js';
import { angleTitle, vectorEmbedder } from './__fixtures__/vector-embedder.js';

const article = (index: number, angle: number, hour: number) => ({
  id: `a${String(index).padStart(2, '0')}`,
  title: angleTitle(angle, String(index)),
  outlet: 'Test',
  date: new Date(Date.UTC(2025, 4, 1) + hour * 3_600_000).toISOString(),
});

/**
 * Every merge edge of a state (from its adjacency lists), sorted afresh in canonical order — by the
 * UTC day of the later article (rule CLU-3's order bucket, 24 h), then similarity, then ids — as `low|high|similarity`.
 */
function freshCanonicalOrder(state: ClusteringState): string[] {
  const edges: { low: string; high: string; similarity: number; day: number }[] = [];
  state.edges.forEach((list, item) => {
    for (const { other, similarity, mergeEdge } of list) {
      const [low, high] = [state.records[item]!.id, state.records[other]!.id].sort(compareIds) as [string, string];
      const later = Math.max(Date.parse(state.records[item]!.date), Date.parse(state.records[other]!.date));
      const day = Math.floor(later / 86_400_000);
      if (mergeEdge >= 0 && low === state.records[item]!.id) edges.push({ low, high, similarity, day });
    }
  });
  return edges
    .sort(
      (left, right) =>
        left.day - right.day ||
        right.similarity - left.similarity ||
        compareIds(left.low, right.low) ||
        compareIds(left.high, right.high),
    )
    .map((edge) => `${edge.low}|${edge.high}|${edge.similarity}`);
}

function keptOrder(state: ClusteringState): string[] {
  const { order, ordered, lows, highs, similarities } = state.mergeEdges;
  return Array.from(order.subarray(0, ordered), (edge) => {
    return `${state.records[lows[edge]!]!.id}|${state.records[highs[edge]!]!.id}|${similarities[edge]}`;
  });
}

/** Each merge edge's stored outcome, by its pair of ids. */
function outcomes(state: ClusteringState): Map<string, number> {
  const { order, ordered, lows, highs, outcomes: stored } = state.mergeEdges;
  return new Map(
    Array.from(order.subarray(0, ordered), (edge) => [
      `${state.records[lows[edge]!]!.id}|${state.records[highs[edge]!]!.id}`,
      stored[edge]!,
    ]),
  );
}

const points = fc.array(
  fc.record({ angle: fc.integer({ min: 0, max: 120 }), hour: fc.integer({ min: 0, max: 150 }) }),
  {
    minLength: 2,
    maxLength: 40,
  },
);

describe('kept merge edges', () => {
  test.prop([points, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 40, maxLength: 40 })], { numRuns: 80 })(
    'the kept order equals a fresh canonical sort after every call',
    async (geometry, calls) => {
      // Ties in similarity are common on this grid of angles, so the id tie-breaks are exercised.
      const embedder = vectorEmbedder(2, { merge: 0.9, judgeLow: 0.9, source: 'test' });
      const state = createClusteringState({ embedder });
      const articles = geometry.map((point, index) => article(index, point.angle, point.hour));
      for (let call = 0; call <= 4; call += 1) {
        await addArticles(
          state,
          articles.filter((_, index) => calls[index] === call),
        );
        expect(keptOrder(state)).toEqual(freshCanonicalOrder(state));
      }
    },
  );

  /** Clusters `geometry` once and in the calls `calls` assigns (0–4); expects the same stories and edge outcomes. */
  async function expectSplitCallsEqualOneCall(
    geometry: { angle: number; hour: number }[],
    calls: number[],
    orderBucketHours: number | false,
  ): Promise<void> {
    const embedder = vectorEmbedder(2, { merge: 0.9, judgeLow: 0.9, source: 'test' });
    const options = { embedder, chainingGuard: { minimumAverageSimilarity: 0.93 }, orderBucketHours };
    const articles = geometry.map((point, index) => article(index, point.angle, point.hour));
    const fresh = await clusterArticles(articles, options);
    const state = createClusteringState(options);
    for (let call = 0; call <= 4; call += 1)
      await addArticles(
        state,
        articles.filter((_, index) => calls[index] === call),
      );
    expect(currentStories(state)).toEqual(fresh.stories);
    expect(outcomes(state)).toEqual(outcomes(fresh.state));
    expect([...outcomes(state).values()].every((outcome) => outcome !== EDGE_NOT_SEEN)).toBe(true);
  }

  test.prop([points, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 40, maxLength: 40 })], { numRuns: 200 })(
    'replaying last outcomes gives the stories and edge outcomes of one fresh call, with a guard that refuses',
    (geometry, calls) => expectSplitCallsEqualOneCall(geometry, calls, 24),
  );

  test.prop([points, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 40, maxLength: 40 })], { numRuns: 60 })(
    'with similarity-first order (orderBucketHours false), split calls also equal one fresh call',
    (geometry, calls) => expectSplitCallsEqualOneCall(geometry, calls, false),
  );
});

describe('time-bucketed merge order (rule CLU-3)', () => {
  // A (0°) and B (20°) on day 0, C (10°) on day 1; merge above 0.9, guard 0.97.
  // Similarity first: A–C and B–C (cos 10° = 0.985) come before A–B (cos 20° = 0.940): A–C joins,
  // then B against {A, C} has mean (0.940 + 0.985) / 2 = 0.962 < 0.97 and is refused.
  // By day: A–B (two singletons, never guarded) joins on day 0; on day 1 C against {A, B} has mean 0.985.
  const articles = [article(1, 0, 0), article(2, 20, 0), article(3, 10, 30)];
  const embedder = vectorEmbedder(2, { merge: 0.9, judgeLow: 0.9, source: 'test' });
  const chainingGuard = { minimumAverageSimilarity: 0.97 };

  test('an earlier day is decided before a later one, so a strong edge of today can lose to a weaker one of yesterday', async () => {
    const byDay = await clusterArticles(articles, { embedder, chainingGuard });
    expect(byDay.backend.orderBucketHours).toBe(24);
    expect(byDay.stories).toEqual([{ id: 'a01', articleIds: ['a01', 'a02', 'a03'] }]);
    const similarityFirst = await clusterArticles(articles, { embedder, chainingGuard, orderBucketHours: false });
    expect(similarityFirst.stories).toEqual([
      { id: 'a01', articleIds: ['a01', 'a03'] },
      { id: 'a02', articleIds: ['a02'] },
    ]);
  });

  test('with every article on one day there is one bucket, and the order is similarity first', async () => {
    const oneDay = articles.map((item) => ({ ...item, date: '2025-05-01' }));
    const byDay = await clusterArticles(oneDay, { embedder, chainingGuard });
    const similarityFirst = await clusterArticles(oneDay, { embedder, chainingGuard, orderBucketHours: false });
    expect(byDay.stories).toEqual(similarityFirst.stories);
    expect(byDay.stories).toHaveLength(2);
  });

  test.prop([points, fc.integer({ min: 1, max: 5 })], { numRuns: 100 })(
    'chronological batches decide afresh only edges of the buckets from their earliest article on, and equal one call',
    async (geometry, batchCount) => {
      const chained = { embedder, chainingGuard: { minimumAverageSimilarity: 0.93 } };
      const all = geometry.map((point, index) => article(index, point.angle, point.hour));
      const chronological = [...all].sort((left, right) => Date.parse(left.date) - Date.parse(right.date));
      const state = createClusteringState(chained);
      const size = Math.ceil(chronological.length / batchCount);
      for (let start = 0; start < chronological.length; start += size) {
        const batch = chronological.slice(start, start + size);
        await addArticles(state, batch);
        const firstBucket = Math.floor(Date.parse(batch[0]!.date) / 86_400_000);
        // Work: every fresh decision is in a bucket the batch reaches; earlier buckets are only replayed.
        expect(state.freshDecisionBuckets.every((bucket) => bucket >= firstBucket)).toBe(true);
        const reachable = Array.from({ length: state.mergeEdges.count }, (_, edge) => edge).filter(
          (edge) => state.mergeEdges.buckets[edge]! >= firstBucket,
        ).length;
        expect(state.freshDecisionBuckets.length).toBeLessThanOrEqual(reachable);
      }
      expect(currentStories(state)).toEqual((await clusterArticles(all, chained)).stories);
    },
  );

  test('adding the next day re-decides no edge of the day before; similarity first re-decides it', async () => {
    const day = (time: string) => Math.floor(Date.parse(time) / 86_400_000);
    for (const orderBucketHours of [24, false] as const) {
      const state = createClusteringState({ embedder, chainingGuard, orderBucketHours });
      await addArticles(state, articles.slice(0, 2));
      await addArticles(state, articles.slice(2));
      const decidedDays = state.freshDecisionBuckets.map((bucket) =>
        orderBucketHours === false ? 'one bucket' : bucket,
      );
      if (orderBucketHours === false) expect(decidedDays).toEqual(['one bucket', 'one bucket', 'one bucket']);
      else expect(decidedDays).toEqual([day(articles[2]!.date)]);
    }
  });

  test('rejects a bucket width that is not a positive number', async () => {
    await expect(clusterArticles(articles, { embedder, orderBucketHours: 0 })).rejects.toThrow(/orderBucketHours/);
  });
});
