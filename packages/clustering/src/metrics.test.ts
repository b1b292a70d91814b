import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { bcubedScores, clusteringQuality, pairwiseScores } from './metrics.js';

const labels = (entries: [string, string][]) => new Map(entries);

describe('pairwiseScores', () => {
  it('counts pairs from the contingency table', () => {
    const gold = labels([
      ['a', 'x'],
      ['b', 'x'],
      ['c', 'x'],
      ['d', 'y'],
    ]);
    const predicted = labels([
      ['a', '1'],
      ['b', '1'],
      ['c', '2'],
      ['d', '2'],
    ]);
    // predicted pairs: ab, cd; gold pairs: ab, ac, bc.
    expect(pairwiseScores(predicted, gold)).toMatchObject({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 2,
      precision: 0.5,
      recall: 1 / 3,
    });
  });

  it('rejects label sets over different items', () => {
    expect(() => pairwiseScores(labels([['a', '1']]), labels([['b', 'x']]))).toThrow(/same items/);
  });
});

describe('bcubedScores', () => {
  it('matches a hand computation', () => {
    const gold = labels([
      ['a', 'x'],
      ['b', 'x'],
      ['c', 'y'],
    ]);
    const predicted = labels([
      ['a', '1'],
      ['b', '1'],
      ['c', '1'],
    ]);
    const scores = bcubedScores(predicted, gold);
    expect(scores.precision).toBeCloseTo((2 / 3 + 2 / 3 + 1 / 3) / 3, 10);
    expect(scores.recall).toBe(1);
  });
});

describe('clustering quality', () => {
  test.prop([fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 40 })])(
    'a perfect prediction scores 1 everywhere',
    (events) => {
      const gold = new Map(events.map((event, index) => [`i${index}`, `e${event}`]));
      const predicted = new Map(events.map((event, index) => [`i${index}`, `story-${event}`]));
      const quality = clusteringQuality(predicted, gold);
      expect([quality.pairwise.f1, quality.bcubed.f1, quality.bcubed.precision]).toEqual([1, 1, 1]);
      expect(quality.predictedClusters).toBe(quality.goldClusters);
    },
  );

  test.prop([
    fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })), { minLength: 1, maxLength: 40 }),
  ])('scores stay in [0, 1] and pairwise precision of singletons is 1', (rows) => {
    const gold = new Map(rows.map(([event], index) => [`i${index}`, `e${event}`]));
    const predicted = new Map(rows.map(([, story], index) => [`i${index}`, `s${story}`]));
    const quality = clusteringQuality(predicted, gold);
    for (const value of [
      quality.pairwise.precision,
      quality.pairwise.recall,
      quality.bcubed.precision,
      quality.bcubed.recall,
    ]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
    const singletons = new Map(rows.map((_, index) => [`i${index}`, `only-${index}`]));
    expect(pairwiseScores(singletons, gold).precision).toBe(1);
  });
});
