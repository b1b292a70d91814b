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

/** Every merge edge of a state (from its adjacency lists), sorted afresh in canonical order, as `low|high|similarity`. */
function freshCanonicalOrder(state: ClusteringState): string[] {
  const edges: { low: string; high: string; similarity: number }[] = [];
  state.edges.forEach((list, item) => {
    for (const { other, similarity, mergeEdge } of list) {
      const [low, high] = [state.records[item]!.id, state.records[other]!.id].sort(compareIds) as [string, string];
      if (mergeEdge >= 0 && low === state.records[item]!.id) edges.push({ low, high, similarity });
    }
  });
  return edges
    .sort(
      (left, right) =>
        right.similarity - left.similarity || compareIds(left.low, right.low) || compareIds(left.high, right.high),
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

  test.prop([points, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 40, maxLength: 40 })], { numRuns: 200 })(
    'replaying last outcomes gives the stories and edge outcomes of one fresh call, with a guard that refuses',
    async (geometry, calls) => {
      const embedder = vectorEmbedder(2, { merge: 0.9, judgeLow: 0.9, source: 'test' });
      const chainingGuard = { minimumAverageSimilarity: 0.93 };
      const articles = geometry.map((point, index) => article(index, point.angle, point.hour));
      const fresh = await clusterArticles(articles, { embedder, chainingGuard });
      const state = createClusteringState({ embedder, chainingGuard });
      for (let call = 0; call <= 4; call += 1)
        await addArticles(
          state,
          articles.filter((_, index) => calls[index] === call),
        );
      expect(currentStories(state)).toEqual(fresh.stories);
      expect(outcomes(state)).toEqual(outcomes(fresh.state));
      expect([...outcomes(state).values()].every((outcome) => outcome !== EDGE_NOT_SEEN)).toBe(true);
    },
  );
});
