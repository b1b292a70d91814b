/**
 * Builders and fast-check arbitraries shared by the story tests.
 */
import { fc } from '@fast-check/vitest';
import type { Bucket, Factuality, Topic } from '../../shared/schemas.js';
import { TOPICS } from '../../shared/schemas.js';
import type { FujaDaBolhaArticle, PublishGuardInput, PublishGuardOutlet, StoryOutlet } from '../schemas.js';

export const BUCKET_LIST: readonly Bucket[] = ['left', 'center', 'right'];
export const FACTUALITY_LIST: readonly Factuality[] = ['very-high', 'high', 'mixed', 'low', 'very-low'];

let domainCounter = 0;
/** A fresh domain name for builders. */
export function freshDomain(prefix = 'medio'): string {
  domainCounter += 1;
  return `${prefix}-${domainCounter}.example`;
}

/** `count` political outlets of `bias`, each on its own domain. */
export function political(bias: Bucket | null, count = 1): StoryOutlet[] {
  return Array.from({ length: count }, () => ({ domain: freshDomain(bias ?? 'sin-sesgo'), scope: 'political' as const, bias }));
}

/** `count` non-political outlets. */
export function nonPolitical(count = 1): StoryOutlet[] {
  return Array.from({ length: count }, () => ({ domain: freshDomain('apolitico'), scope: 'non_political' as const, bias: null }));
}

/** `count` domains not in the roster (`scope: null`). */
export function unrostered(count = 1): StoryOutlet[] {
  return Array.from({ length: count }, () => ({ domain: freshDomain('fuera'), scope: null, bias: null }));
}

/** Articles for the Fuja da Bolha rule. */
export function articles(count: number, bias: Bucket | null, factualityScore: number | null = 80): FujaDaBolhaArticle[] {
  return Array.from({ length: count }, () => ({ bias, factualityScore }));
}

/** Fuja da Bolha articles from counts (all with a good factuality score). */
export function fujaStory(counts: { left?: number; center?: number; right?: number; unknown?: number }): FujaDaBolhaArticle[] {
  return [
    ...articles(counts.left ?? 0, 'left'),
    ...articles(counts.center ?? 0, 'center'),
    ...articles(counts.right ?? 0, 'right'),
    ...articles(counts.unknown ?? 0, null),
  ];
}

/** A guard outlet from a story outlet. */
export function guardOutlet(
  outlet: StoryOutlet,
  factuality: Factuality | null = 'high',
  contributedText = true,
): PublishGuardOutlet {
  return { ...outlet, factuality, contributedText } as PublishGuardOutlet;
}

/** A story that passes every publish-guard rule. */
export function passingStory(overrides: Partial<PublishGuardInput> = {}): PublishGuardInput {
  return {
    rawOutlets: 7,
    sentences: 10,
    tier: 'main',
    hasImage: true,
    outlets: [
      ...political('left', 2),
      ...political('center', 2),
      ...political('right', 1),
      ...nonPolitical(1),
    ].map((outlet) => guardOutlet(outlet)),
    lowValue: false,
    countryStoriesLast24h: 0,
    ...overrides,
  };
}

// ── Arbitraries ────────────────────────────────────────────────────────────────────────────────

export const bucketArbitrary = fc.constantFrom(...BUCKET_LIST);
export const topicArbitrary: fc.Arbitrary<Topic | null> = fc.constantFrom(...TOPICS, null);

/** One outlet on a domain drawn from a small pool (so that repeats happen). */
export const storyOutletArbitrary: fc.Arbitrary<StoryOutlet> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ domain: fc.constant(''), scope: fc.constant('political' as const), bias: bucketArbitrary }) },
  { weight: 1, arbitrary: fc.record({ domain: fc.constant(''), scope: fc.constant('political' as const), bias: fc.constant(null) }) },
  { weight: 2, arbitrary: fc.record({ domain: fc.constant(''), scope: fc.constant('non_political' as const), bias: fc.constant(null) }) },
  { weight: 1, arbitrary: fc.record({ domain: fc.constant(''), scope: fc.constant(null), bias: fc.constant(null) }) },
);

/** Outlets with unique domains (`d0`, `d1`, …). */
export function uniqueOutletsArbitrary(maxLength = 40): fc.Arbitrary<StoryOutlet[]> {
  return fc
    .array(storyOutletArbitrary, { maxLength })
    .map((outlets) => outlets.map((outlet, index) => ({ ...outlet, domain: `d${index}.example` })));
}

/** Outlets with unique domains, then some entries repeated verbatim (consistent duplicates). */
export function outletsWithRepeatsArbitrary(maxLength = 40): fc.Arbitrary<StoryOutlet[]> {
  return uniqueOutletsArbitrary(maxLength).chain((outlets) =>
    outlets.length === 0
      ? fc.constant(outlets)
      : fc
          .array(fc.nat({ max: outlets.length - 1 }), { maxLength: 10 })
          .map((repeats) => [...outlets, ...repeats.map((index) => ({ ...outlets[index]! }))]),
  );
}

export const fujaArticleArbitrary: fc.Arbitrary<FujaDaBolhaArticle> = fc.record({
  bias: fc.oneof({ weight: 5, arbitrary: bucketArbitrary }, { weight: 1, arbitrary: fc.constant(null) }),
  factualityScore: fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 0, max: 100 }) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
    { weight: 1, arbitrary: fc.constant(null) },
  ),
});

/** Stories biased towards the interesting region (n around 5–60, skewed sides). */
export const fujaStoryArbitrary: fc.Arbitrary<FujaDaBolhaArticle[]> = fc.oneof(
  fc.array(fujaArticleArbitrary, { maxLength: 80 }),
  fc
    .record({
      left: fc.nat({ max: 12 }),
      center: fc.nat({ max: 40 }),
      right: fc.nat({ max: 60 }),
      unknown: fc.nat({ max: 5 }),
      low: fc.nat({ max: 15 }),
      swap: fc.boolean(),
    })
    .map(({ left, center, right, unknown, low, swap }) => {
      const story = fujaStory(swap ? { left: right, center, right: left, unknown } : { left, center, right, unknown });
      for (let index = 0; index < Math.min(low, story.length); index += 1) story[index] = { ...story[index]!, factualityScore: 30 };
      return story;
    }),
);

export const guardOutletArbitrary: fc.Arbitrary<PublishGuardOutlet> = fc
  .tuple(storyOutletArbitrary, fc.constantFrom(...FACTUALITY_LIST, null), fc.boolean())
  .map(([outlet, factuality, contributedText]) => ({ ...outlet, factuality, contributedText }) as PublishGuardOutlet);

export const publishGuardInputArbitrary: fc.Arbitrary<PublishGuardInput> = fc
  .record({
    rawOutlets: fc.nat({ max: 12 }),
    sentences: fc.oneof(fc.nat({ max: 16 }), fc.constant(null)),
    tier: fc.constantFrom('main' as const, 'limited' as const),
    hasImage: fc.boolean(),
    outlets: fc
      .array(guardOutletArbitrary, { maxLength: 12 })
      .map((outlets) => outlets.map((outlet, index) => ({ ...outlet, domain: `d${index}.example` }))),
    lowValue: fc.boolean(),
    countryStoriesLast24h: fc.nat({ max: 12 }),
    countryCap: fc.option(fc.nat({ max: 12 }), { nil: undefined }),
  })
  .map(({ countryCap, ...story }) => (countryCap === undefined ? story : { ...story, countryCap }));

/** A value of `arbitrary` (an array) together with a permutation of it. */
export function withPermutation<Value>(arbitrary: fc.Arbitrary<Value[]>): fc.Arbitrary<[Value[], Value[]]> {
  return arbitrary.chain((values) =>
    fc.tuple(fc.constant(values), fc.shuffledSubarray(values, { minLength: values.length, maxLength: values.length })),
  );
}
