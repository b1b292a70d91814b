import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  addArticles,
  clusterArticles,
  createClusteringState,
  currentStories,
  retryPendingPairs,
  storyAssignments,
} from './cluster.js';
import { denseDot } from './embedder.js';
import { ClusteringError } from './errors.js';
import type { PairJudge } from './judge-types.js';
import { createOfflineEmbedder } from './offline-embedder.js';
import { loadDevSet } from './__fixtures__/dev-set.js';
import { angleTitle, vectorEmbedder } from './__fixtures__/vector-embedder.js';

const devSet = loadDevSet();
const devEmbedder = createOfflineEmbedder();
const eventOf = new Map(devSet.map((row) => [row.id, row.event]));

/** A deterministic judge that answers from the gold labels. */
const goldJudge: PairJudge = {
  backend: 'gold',
  async decide(pairs) {
    return pairs.map((pair) => ({
      key: pair.key,
      verdict: eventOf.get(pair.left.id) === eventOf.get(pair.right.id) ? 'same' : 'different',
    }));
  },
};

/** The partition as a sorted list of sorted member lists (independent of story naming). */
function partition(storyOf: Map<string, string>): string[][] {
  const groups = new Map<string, string[]>();
  for (const [article, story] of storyOf) groups.set(story, [...(groups.get(story) ?? []), article]);
  return [...groups.values()].map((members) => members.sort()).sort((left, right) => (left[0]! < right[0]! ? -1 : 1));
}

const article = (id: string, title: string, date = '2025-05-01T08:00:00Z') => ({ id, title, outlet: 'Test', date });

describe('clusterArticles', () => {
  it('names each story after its smallest article id and reports the backend', async () => {
    const embedder = vectorEmbedder(2);
    const result = await clusterArticles(
      [article('b', angleTitle(0, 'b')), article('a', angleTitle(10, 'a')), article('c', angleTitle(80, 'c'))],
      { embedder },
    );
    expect(result.stories).toEqual([
      { id: 'a', articleIds: ['a', 'b'] },
      { id: 'c', articleIds: ['c'] },
    ]);
    expect(result.storyOf.get('b')).toBe('a');
    expect(result.backend).toMatchObject({
      embedder: 'test-vectors',
      judge: 'none',
      windowHours: 72,
      search: 'exact-dense',
    });
  });

  it('never links articles published further apart than the window (rule CLU-3)', async () => {
    const embedder = vectorEmbedder(2);
    const articles = [
      article('a', angleTitle(0, 'a'), '2025-05-01T00:00:00Z'),
      article('b', angleTitle(0, 'b'), '2025-05-04T00:00:00Z'),
      article('c', angleTitle(0, 'c'), '2025-05-04T00:00:01Z'),
    ];
    const result = await clusterArticles(articles, { embedder });
    expect(partition(result.storyOf)).toEqual([['a', 'b', 'c']]);
    const narrow = await clusterArticles(articles, { embedder, windowHours: 71.9 });
    expect(partition(narrow.storyOf)).toEqual([['a'], ['b', 'c']]);
  });

  it('merges strictly above the merge threshold only (rule CLU-2)', async () => {
    const titles = ['x 1 0 | a', 'x 0.8 0.6 | b'];
    const [left, right] = await vectorEmbedder(2).embed(titles);
    const cosine = denseDot(left!, right!);
    const at = await clusterArticles([article('a', titles[0]!), article('b', titles[1]!)], {
      embedder: vectorEmbedder(2, { merge: cosine, judgeLow: cosine, source: 'test' }),
    });
    expect(at.stories).toHaveLength(2);
    const below = await clusterArticles([article('a', titles[0]!), article('b', titles[1]!)], {
      embedder: vectorEmbedder(2, { merge: cosine - 1e-6, judgeLow: cosine - 1e-6, source: 'test' }),
    });
    expect(below.stories).toHaveLength(1);
  });

  it('rejects duplicate ids and invalid dates with the field named', async () => {
    const embedder = vectorEmbedder(2);
    await expect(clusterArticles([article('a', 'x 1 0'), article('a', 'x 1 0')], { embedder })).rejects.toMatchObject({
      code: 'duplicate_id',
      field: 'articles[1].id',
    });
    await expect(clusterArticles([{ id: 'a', title: 'x', date: 'yesterday' }], { embedder })).rejects.toThrow(
      /articles\[0\]\.date/,
    );
    await expect(clusterArticles([], { embedder, windowHours: 0 })).rejects.toBeInstanceOf(ClusteringError);
  });

  it('clusters the real development set into mostly pure stories', async () => {
    const result = await clusterArticles(devSet, { embedder: devEmbedder });
    let impure = 0;
    for (const story of result.stories)
      if (new Set(story.articleIds.map((id) => eventOf.get(id))).size > 1) impure += 1;
    expect(impure / result.stories.length).toBeLessThan(0.05);
  });
});

describe('order independence (rule CLU-3)', () => {
  const subset = devSet.filter((_, index) => index % 2 === 0);
  const reference = clusterArticles(subset, { embedder: devEmbedder, judge: goldJudge }).then((result) =>
    partition(result.storyOf),
  );

  test.prop([fc.array(fc.nat(), { minLength: subset.length, maxLength: subset.length })], { numRuns: 15 })(
    'shuffling the input gives the same partition, with a judge and the chaining guard',
    async (keys) => {
      const shuffled = subset
        .map((row, index) => ({ row, key: keys[index]! }))
        .sort((left, right) => left.key - right.key)
        .map(({ row }) => row);
      const result = await clusterArticles(shuffled, { embedder: devEmbedder, judge: goldJudge });
      expect(partition(result.storyOf)).toEqual(await reference);
    },
  );

  test.prop([fc.array(fc.integer({ min: 0, max: 3 }), { minLength: subset.length, maxLength: subset.length })], {
    numRuns: 10,
  })('adding articles in several calls gives the same stories as one call', async (calls) => {
    const state = createClusteringState({ embedder: devEmbedder, judge: goldJudge });
    for (let call = 0; call <= 3; call += 1)
      await addArticles(
        state,
        subset.filter((_, index) => calls[index] === call),
      );
    expect(partition(storyAssignments(state))).toEqual(await reference);
  });

  test.prop(
    [
      fc.array(fc.record({ angle: fc.integer({ min: 0, max: 90 }), hour: fc.integer({ min: 0, max: 200 }) }), {
        minLength: 2,
        maxLength: 30,
      }),
      fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
    ],
    { numRuns: 60 },
  )('holds on random geometries (chains, ties, windows)', async (points, keys) => {
    const embedder = vectorEmbedder(2, { merge: 0.95, judgeLow: 0.9, source: 'test' });
    const articles = points.map((point, index) =>
      article(
        `a${String(index).padStart(2, '0')}`,
        angleTitle(point.angle, String(index)),
        new Date(Date.UTC(2025, 4, 1) + point.hour * 3_600_000).toISOString(),
      ),
    );
    const judge: PairJudge = {
      backend: 'parity',
      async decide(pairs) {
        return pairs.map((pair) => ({
          key: pair.key,
          verdict: (pair.left.id.charCodeAt(2) + pair.right.id.charCodeAt(2)) % 2 === 0 ? 'same' : 'different',
        }));
      },
    };
    const forward = await clusterArticles(articles, { embedder, judge });
    const shuffled = articles
      .map((item, index) => ({ item, key: keys[index] ?? 0 }))
      .sort((left, right) => left.key - right.key)
      .map(({ item }) => item);
    const backward = await clusterArticles(shuffled, { embedder, judge });
    expect(backward.stories).toEqual(forward.stories);
    const incremental = createClusteringState({ embedder, judge });
    for (const item of shuffled) await addArticles(incremental, [item]);
    expect(currentStories(incremental)).toEqual(forward.stories);
  });
});

describe('incremental clustering', () => {
  it('adding an unrelated article never splits or renames a story', async () => {
    const state = createClusteringState({ embedder: devEmbedder });
    await addArticles(state, devSet);
    const before = currentStories(state);
    const update = await addArticles(state, [
      { id: 'zz-unrelated', title: 'Descubren una nueva especie de orquídea en los Andes', date: '2025-10-28' },
    ]);
    expect(update.changedStories).toEqual([{ id: 'zz-unrelated', articleIds: ['zz-unrelated'] }]);
    expect(update.removedStoryIds).toEqual([]);
    expect(currentStories(state).filter((story) => story.id !== 'zz-unrelated')).toEqual(before);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 89 }), { minLength: 1, maxLength: 12 })], { numRuns: 40 })(
    'an article far from every other one never changes existing stories',
    async (angles) => {
      const embedder = vectorEmbedder(3);
      const state = createClusteringState({ embedder });
      await addArticles(
        state,
        angles.map((angle, index) => article(`a${index}`, angleTitle(angle, String(index)))),
      );
      const before = currentStories(state);
      await addArticles(state, [article('unrelated', 'x 0 0 1 | far')]);
      expect(currentStories(state).filter((story) => story.id !== 'unrelated')).toEqual(before);
    },
  );

  it('reports changed and removed stories when a newcomer with a smaller id joins', async () => {
    const embedder = vectorEmbedder(2);
    const state = createClusteringState({ embedder });
    await addArticles(state, [article('b', angleTitle(0, 'b')), article('c', angleTitle(5, 'c'))]);
    const update = await addArticles(state, [article('a', angleTitle(2, 'a'))]);
    expect(update.changedStories).toEqual([{ id: 'a', articleIds: ['a', 'b', 'c'] }]);
    expect(update.removedStoryIds).toEqual(['b']);
  });
});

describe('chaining guard', () => {
  /** A chain of unit vectors, each 20° from the previous one: neighbours merge, ends are 160° apart. */
  const chain = Array.from({ length: 9 }, (_, index) => article(`c${index}`, angleTitle(index * 20, String(index))));
  const embedder = vectorEmbedder(2, { merge: 0.9, judgeLow: 0.9, source: 'test' });

  it('without the guard, single linkage chains unrelated ends into one story', async () => {
    const result = await clusterArticles(chain, { embedder, chainingGuard: false });
    expect(result.stories).toHaveLength(1);
  });

  it('with the guard, every story stays coherent (mean pairwise cosine ≥ the bound)', async () => {
    const result = await clusterArticles(chain, { embedder, chainingGuard: { minimumAverageSimilarity: 0.85 } });
    expect(result.stories.length).toBeGreaterThan(2);
    for (const story of result.stories) {
      const angles = story.articleIds.map((id) => Number(id.slice(1)) * 20);
      expect(Math.max(...angles) - Math.min(...angles)).toBeLessThanOrEqual(60);
    }
  });

  it('does not guard joins the judge confirmed', async () => {
    const judge: PairJudge = {
      backend: 'yes',
      decide: async (pairs) => pairs.map((pair) => ({ key: pair.key, verdict: 'same' })),
    };
    const grey = vectorEmbedder(2, { merge: 0.99, judgeLow: 0.9, source: 'test' });
    const result = await clusterArticles(chain, {
      embedder: grey,
      judge,
      chainingGuard: { minimumAverageSimilarity: 0.99 },
    });
    expect(result.stories).toHaveLength(1);
  });
});

describe('grey zone', () => {
  const embedder = vectorEmbedder(2, { merge: 0.95, judgeLow: 0.8, source: 'test' });
  const pair = [article('a', angleTitle(0, 'a')), article('b', angleTitle(30, 'b'))];

  it('without a judge, grey pairs are neither merged nor searched for', async () => {
    const result = await clusterArticles(pair, { embedder });
    expect(result.stories).toHaveLength(2);
    expect(result.pendingPairs).toEqual([]);
    expect(result.judgedPairs).toBe(0);
  });

  it('a judge that cannot answer means no merge and a pending pair, retried later', async () => {
    let available = false;
    const judge: PairJudge = {
      backend: 'flaky',
      async decide(pairs) {
        if (!available) throw new Error('rate_limited: try later');
        return pairs.map((grey) => ({ key: grey.key, verdict: 'same' }));
      },
    };
    const result = await clusterArticles(pair, { embedder, judge });
    expect(result.stories).toHaveLength(2);
    expect(result.pendingPairs).toEqual([
      {
        leftId: 'a',
        rightId: 'b',
        similarity: expect.closeTo(Math.cos(Math.PI / 6), 6),
        reason: 'rate_limited: try later',
      },
    ]);
    available = true;
    const retried = await retryPendingPairs(result.state);
    expect(retried.pendingPairs).toEqual([]);
    expect(currentStories(result.state)).toEqual([{ id: 'a', articleIds: ['a', 'b'] }]);
  });

  it('asks about each pair once and skips pairs already joined by merge edges', async () => {
    const asked: string[] = [];
    const judge: PairJudge = {
      backend: 'recording',
      async decide(pairs) {
        asked.push(...pairs.map((grey) => `${grey.left.id}-${grey.right.id}`));
        return pairs.map((grey) => ({ key: grey.key, verdict: 'different' }));
      },
    };
    // a–b and b–c merge (10° apart); a–c (20°, cos 0.94) is grey but already joined; d (35° from c) is grey.
    const articles = [
      article('a', angleTitle(0, 'a')),
      article('b', angleTitle(10, 'b')),
      article('c', angleTitle(20, 'c')),
      article('d', angleTitle(55, 'd')),
    ];
    const state = createClusteringState({ embedder, judge, chainingGuard: false });
    await addArticles(state, articles);
    expect(asked).toEqual(['c-d']);
    await addArticles(state, [article('e', angleTitle(150, 'e'))]);
    expect(asked).toEqual(['c-d']);
  });
});
