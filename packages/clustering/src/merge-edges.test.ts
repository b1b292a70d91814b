import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { compareIds } from './articles.js';
import {
  addArticles,
  clusterArticles,
  createClusteringState,
  currentStories,
  retryPendingPairs,
  type ClusteringState,
  type ClusteringUpdate,
  type Story,
} from './cluster.js';
import type { PairJudge } from './judge-types.js';
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

describe('union–find checkpoints per order bucket (rule CLU-3)', () => {
  // Grey zone 0.8–0.9 (about 26°–37° apart): the judge decides there.
  const embedder = vectorEmbedder(2, { merge: 0.9, judgeLow: 0.8, source: 'test' });
  const chainingGuard = { minimumAverageSimilarity: 0.93 };
  /** `same` for a third of the pairs, by the articles' numbers: a fixed verdict per pair. */
  const verdictOf = (key: string) => {
    const [left, right] = key.split('\u0000').map((id) => Number(id.slice(1))) as [number, number];
    return (left + right) % 3 === 0 ? ('same' as const) : ('different' as const);
  };
  const reliableJudge: PairJudge = {
    backend: 'test-reliable',
    decide: async (pairs) => pairs.map((pair) => ({ key: pair.key, verdict: verdictOf(pair.key) })),
  };
  /** Leaves every pair unanswered the first time it is asked (a rate limit); answers it afterwards. */
  function lateJudge(): PairJudge {
    const asked = new Set<string>();
    return {
      backend: 'test-late',
      decide: async (pairs) =>
        pairs.map((pair) => {
          if (asked.has(pair.key)) return { key: pair.key, verdict: verdictOf(pair.key) };
          asked.add(pair.key);
          return { key: pair.key, verdict: 'unanswered' as const, reason: 'rate limited' };
        }),
    };
  }
  const describeStory = (story: Story) => `${story.id}:${story.articleIds.join(',')}`;

  /** What an update must report, from the stories before and after it. */
  function expectUpdateMatches(update: ClusteringUpdate, before: Story[], after: Story[]): void {
    const previous = new Set(before.map(describeStory));
    expect(update.changedStories).toEqual(after.filter((story) => !previous.has(describeStory(story))));
    const ids = new Set(after.map((story) => story.id));
    expect(update.removedStoryIds).toEqual(before.map((story) => story.id).filter((id) => !ids.has(id)));
  }

  test.prop([points, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 40, maxLength: 40 })], { numRuns: 150 })(
    'after roll-back and replay, stories, edge outcomes and linked components equal one fresh call, with back-dated batches and late judge answers',
    async (geometry, calls) => {
      const articles = geometry.map((point, index) => article(index, point.angle, point.hour));
      const fresh = await clusterArticles(articles, { embedder, chainingGuard, judge: reliableJudge });
      const state = createClusteringState({ embedder, chainingGuard, judge: lateJudge() });
      const components = new Map<string, string>();
      const day = (date: string) => Math.floor(Date.parse(date) / 86_400_000);
      for (let call = 0; call <= 4; call += 1) {
        const batch = articles.filter((_, index) => calls[index] === call);
        const before = currentStories(state);
        const update = await addArticles(state, batch);
        expectUpdateMatches(update, before, currentStories(state));
        for (const [id, component] of update.linkedComponents) components.set(id, component);
        // Work: phase 1 walked exactly the edges of the buckets from its roll-back point on, and that
        // point is no earlier than the batch's earliest article.
        const { buckets, count } = state.mergeEdges;
        if (state.replayFromBucket === undefined) expect(state.replayedEdges).toBe(0);
        else {
          expect(state.replayFromBucket).toBeGreaterThanOrEqual(Math.min(...batch.map((item) => day(item.date))));
          const reachable = Array.from({ length: count }, (_, edge) => buckets[edge]!).filter(
            (bucket) => bucket >= state.replayFromBucket!,
          ).length;
          expect(state.replayedEdges).toBe(reachable);
        }
      }
      // The answers withheld so far arrive: no merge edge is replayed, the stories they link join.
      const before = currentStories(state);
      const retried = await retryPendingPairs(state);
      expect(state.replayedEdges).toBe(0);
      expectUpdateMatches(retried, before, currentStories(state));
      for (const [id, component] of retried.linkedComponents) components.set(id, component);
      expect(retried.pendingPairs).toEqual([]);
      expect(currentStories(state)).toEqual(fresh.stories);
      expect(outcomes(state)).toEqual(outcomes(fresh.state));
      expect(Object.fromEntries(components)).toEqual(Object.fromEntries(fresh.linkedComponents));
    },
  );

  test('a batch at the frontier walks only the edges of its own day', async () => {
    // Three days of one chain of near neighbours, then one more article on the last day.
    const days = Array.from({ length: 12 }, (_, index) => article(index, index * 2, Math.floor(index / 4) * 24 + 1));
    const state = createClusteringState({ embedder, chainingGuard });
    await addArticles(state, days);
    const lastDay = Math.floor(Date.parse(days[11]!.date) / 86_400_000);
    const edgesOfLastDay = Array.from({ length: state.mergeEdges.count }, (_, edge) => edge).filter(
      (edge) => state.mergeEdges.buckets[edge] === lastDay,
    ).length;
    await addArticles(state, [article(12, 23, 49)]);
    expect(state.replayFromBucket).toBe(lastDay);
    expect(state.replayedEdges).toBeLessThan(state.mergeEdges.count);
    expect(state.replayedEdges).toBe(
      Array.from({ length: state.mergeEdges.count }, (_, edge) => edge).filter(
        (edge) => state.mergeEdges.buckets[edge] === lastDay,
      ).length,
    );
    expect(state.replayedEdges).toBeGreaterThan(edgesOfLastDay);
  });
});
