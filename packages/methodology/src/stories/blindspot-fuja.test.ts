import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import {
  articles,
  fujaArticleArbitrary,
  fujaStory,
  fujaStoryArbitrary,
  withPermutation,
} from './__fixtures__/stories.js';
import { blindspotFujaDaBolha, blindspotFujaDaBolhaUnchecked, explainBlindspotFujaDaBolha } from './blindspot-fuja.js';
import type { FujaDaBolhaArticle } from './schemas.js';

function inputErrorOf(run: () => unknown): MethodologyInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof MethodologyInputError) return error;
    throw error;
  }
  throw new Error('expected a MethodologyInputError');
}

/** Swaps left and right, to check every example on both sides. */
function mirror(story: readonly FujaDaBolhaArticle[]): FujaDaBolhaArticle[] {
  return story.map((article) => ({
    ...article,
    bias: article.bias === 'left' ? 'right' : article.bias === 'right' ? 'left' : article.bias,
  }));
}

function expectBothSides(story: FujaDaBolhaArticle[], side: 'left' | null): void {
  expect(blindspotFujaDaBolha(story)).toBe(side);
  expect(blindspotFujaDaBolha(mirror(story))).toBe(side === null ? null : 'right');
}

describe('blindspotFujaDaBolha worked examples (seed 000 "Ponto cego")', () => {
  it('BS-BR-1: n = 4 is too small, n = 5 suffices', () => {
    expectBothSides(fujaStory({ right: 4 }), null);
    expectBothSides(fujaStory({ right: 5 }), 'left');
    // Articles of unknown bias are not in n.
    expectBothSides(fujaStory({ right: 4, unknown: 3 }), null);
    expect(explainBlindspotFujaDaBolha(fujaStory({ right: 4 })).left.criteria).toEqual({
      'BS-BR-1': false,
      'BS-BR-2': true,
      'BS-BR-3': true,
      'BS-BR-4': true,
      'BS-BR-5': true,
    });
  });

  it('BS-BR-2: cF = 9 passes, cF = 10 fails (all else holding)', () => {
    expectBothSides(fujaStory({ left: 9, right: 100 }), 'left');
    expectBothSides(fujaStory({ left: 10, right: 100 }), null);
    const criteria = explainBlindspotFujaDaBolha(fujaStory({ left: 10, right: 100 })).left.criteria;
    expect(criteria['BS-BR-2']).toBe(false);
    expect(criteria['BS-BR-4']).toBe(true);
  });

  it('BS-BR-3 at the 33 % edge: exactly 33 % holds BS-BR-3 but fails BS-BR-4; 34 % qualifies; 32 % fails both', () => {
    const exactly = explainBlindspotFujaDaBolha(fujaStory({ right: 33, center: 67 }));
    expect(exactly.left.criteria['BS-BR-3']).toBe(true);
    expect(exactly.left.criteria['BS-BR-4']).toBe(false); // 0 < 300·33 − 99·100 = 0 is false
    expect(exactly.result).toBeNull();
    expectBothSides(fujaStory({ right: 34, center: 66 }), 'left');
    const below = explainBlindspotFujaDaBolha(fujaStory({ right: 32, center: 68 }));
    expect(below.left.criteria['BS-BR-3']).toBe(false);
    expect(below.result).toBeNull();
  });

  it('BS-BR-4 at the edge 370·cF = 300·cO − 99·n (fails) and one point inside (passes)', () => {
    // cF = 3, cO = 7, n = 10: 1110 < 2100 − 990 = 1110 is false.
    expectBothSides(fujaStory({ left: 3, right: 7 }), null);
    expect(explainBlindspotFujaDaBolha(fujaStory({ left: 3, right: 7 })).left.criteria['BS-BR-4']).toBe(false);
    // cF = 3, cO = 8, n = 11: 1110 < 2400 − 1089 = 1311.
    expectBothSides(fujaStory({ left: 3, right: 8 }), 'left');
    // cF = 2, cO = 16, cC = 23, n = 41: 740 < 4800 − 4059 = 741 (inside by one).
    expectBothSides(fujaStory({ left: 2, right: 16, center: 23 }), 'left');
    // One more center article, n = 42: 740 < 4800 − 4158 = 642 is false.
    expectBothSides(fujaStory({ left: 2, right: 16, center: 24 }), null);
  });

  it('BS-BR-5 at the 35 % edge: 7 low of 20 fails, 6 low of 20 passes', () => {
    const story = (low: number) => [...articles(low, 'right', 40), ...articles(20 - low, 'right', 80)];
    expectBothSides(story(7), null); // 700 < 700 is false
    expectBothSides(story(6), 'left'); // 600 < 700
  });

  it('BS-BR-5: a score of exactly 55 (or within 1e-9 of it) is not low; 54.99 is; unknown is not low', () => {
    const story = (score: number | null) => [...articles(7, 'right', score), ...articles(13, 'right', 80)];
    expectBothSides(story(55), 'left');
    expectBothSides(story(54.9999999999), 'left');
    expectBothSides(story(54.99), null);
    expectBothSides(story(null), 'left');
  });

  it('BS-BR-5 counts every article, including those of unknown bias', () => {
    const base = [...articles(2, 'right', 30), ...articles(3, 'right', 80)];
    expectBothSides(base, null); // 200 < 175 is false
    expectBothSides([...base, ...articles(1, null, null)], 'left'); // 200 < 210
    expectBothSides([...base, ...articles(1, null, 10)], null); // 300 < 210 is false
  });

  it('center has no blindspot, and an empty story is none', () => {
    expect(blindspotFujaDaBolha(fujaStory({ left: 10, right: 10 }))).toBeNull();
    expect(blindspotFujaDaBolha(fujaStory({ left: 50, right: 50, center: 1 }))).toBeNull();
    expect(blindspotFujaDaBolha([])).toBeNull();
  });

  it('counts articles, not outlets (several articles of one outlet count individually)', () => {
    expect(blindspotFujaDaBolha(articles(5, 'left'))).toBe('right');
  });

  it('adding a center article can create a blindspot through BS-BR-1 or BS-BR-5 (the phrased invariant does not hold)', () => {
    // BS-BR-1: n = 4 → 5.
    expect(blindspotFujaDaBolha(fujaStory({ right: 4 }))).toBeNull();
    expect(blindspotFujaDaBolha([...fujaStory({ right: 4 }), { bias: 'center', factualityScore: 80 }])).toBe('left');
    // BS-BR-5: 7 low of 20 → 7 low of 21.
    const story = [...articles(7, 'right', 30), ...articles(13, 'right', 80)];
    expect(blindspotFujaDaBolha(story)).toBeNull();
    expect(blindspotFujaDaBolha([...story, { bias: 'center', factualityScore: 80 }])).toBe('left');
  });

  it('rejects invalid articles, naming the rule and field', () => {
    const cases: [unknown, (string | number)[]][] = [
      [[{ bias: 'purple', factualityScore: 50 }], [0, 'bias']],
      [[{ bias: 'left', factualityScore: 101 }], [0, 'factualityScore']],
      [[{ bias: 'left', factualityScore: -1 }], [0, 'factualityScore']],
      [[{ bias: 'left', factualityScore: Number.NaN }], [0, 'factualityScore']],
      [[{ bias: 'left', factualityScore: '60' }], [0, 'factualityScore']],
      [[{ bias: 'left' }], [0, 'factualityScore']],
      [{ bias: 'left', factualityScore: 50 }, []],
    ];
    for (const [input, path] of cases) {
      const error = inputErrorOf(() => blindspotFujaDaBolha(input as FujaDaBolhaArticle[]));
      expect(error.rule).toBe('BS-BR');
      expect(error.functionName).toBe('blindspotFujaDaBolha');
      expect(error.issues[0]?.path).toEqual(path);
    }
    const extra = inputErrorOf(() =>
      blindspotFujaDaBolha([{ bias: 'left', factualityScore: 50, outlet: 'x' }] as never),
    );
    expect(extra.issues[0]?.code).toBe('unrecognized_keys');
  });
});

const CENTER_GOOD: FujaDaBolhaArticle = { bias: 'center', factualityScore: 80 };

describe('blindspotFujaDaBolha properties', () => {
  test.prop([fujaStoryArbitrary])('at most one side is a blindspot', (story) => {
    const explained = explainBlindspotFujaDaBolha(story);
    expect(explained.left.blindspot && explained.right.blindspot).toBe(false);
    expect(explained.result).toBe(blindspotFujaDaBolha(story));
  });

  test.prop([fujaStoryArbitrary, fc.constantFrom<FujaDaBolhaArticle['factualityScore']>(80, 30, null, 55)])(
    'adding a center article never turns a failing BS-BR-2/3/4 into a passing one, on either side',
    (story, factualityScore) => {
      const before = explainBlindspotFujaDaBolha(story);
      const after = explainBlindspotFujaDaBolha([...story, { bias: 'center', factualityScore }]);
      for (const side of ['left', 'right'] as const) {
        for (const rule of ['BS-BR-2', 'BS-BR-3', 'BS-BR-4'] as const) {
          if (!before[side].criteria[rule]) expect(after[side].criteria[rule]).toBe(false);
        }
      }
    },
  );

  test.prop([fujaStoryArbitrary, fc.constantFrom<FujaDaBolhaArticle['factualityScore']>(80, 30, null)])(
    'with n ≥ 5 and BS-BR-5 already holding, adding a center article never creates a left (or right) blindspot',
    (story, factualityScore) => {
      const before = explainBlindspotFujaDaBolha(story);
      fc.pre(before.left.criteria['BS-BR-1'] && before.left.criteria['BS-BR-5']);
      const after = blindspotFujaDaBolha([...story, { bias: 'center', factualityScore }]);
      if (before.result === null) expect(after).toBeNull();
      if (before.result !== null) expect([before.result, null]).toContain(after);
    },
  );

  test.prop([fujaStoryArbitrary])(
    'with n ≥ 5, adding a center article from a low-factuality outlet never creates a blindspot',
    (story) => {
      fc.pre(explainBlindspotFujaDaBolha(story).withBias >= 5);
      if (blindspotFujaDaBolha(story) === null) {
        expect(blindspotFujaDaBolha([...story, { bias: 'center', factualityScore: 30 }])).toBeNull();
      }
    },
  );

  test.prop([fujaStoryArbitrary])('a side already blind stays blind or clears, never switches', (story) => {
    const before = blindspotFujaDaBolha(story);
    const after = blindspotFujaDaBolha([...story, CENTER_GOOD]);
    if (before !== null && after !== null) expect(after).toBe(before);
  });

  test.prop([withPermutation(fujaStoryArbitrary)])('does not depend on article order', ([story, permuted]) => {
    expect(blindspotFujaDaBolha(permuted)).toBe(blindspotFujaDaBolha(story));
  });

  test.prop([fujaStoryArbitrary])('mirroring left and right mirrors the result', (story) => {
    const result = blindspotFujaDaBolha(story);
    const mirrored = blindspotFujaDaBolha(mirror(story));
    expect(mirrored).toBe(result === 'left' ? 'right' : result === 'right' ? 'left' : null);
  });

  test.prop([fc.array(fujaArticleArbitrary, { maxLength: 60 })])('unchecked gives the same result', (story) => {
    expect(blindspotFujaDaBolhaUnchecked(story)).toBe(blindspotFujaDaBolha(story));
  });

  test.prop([fujaStoryArbitrary])(
    'agrees with the percentage form of the seed, evaluated in exact rationals',
    (story) => {
      // Seed 000: pct(F) < (pct(O) − 33) × 30/37 with pct = 100·c/n — multiply by 37·n (> 0).
      const explained = explainBlindspotFujaDaBolha(story);
      const n = explained.withBias;
      fc.pre(n > 0);
      for (const side of ['left', 'right'] as const) {
        const { focus, opposite } = explained[side];
        const seedForm = 37 * 100 * focus < 30 * (100 * opposite - 33 * n);
        expect(explained[side].criteria['BS-BR-4']).toBe(seedForm);
      }
    },
  );
});
