/**
 * Throughput of the story rules of `@espectro/methodology` (built dist): the publish guard and
 * both blindspot functions, validated and unchecked, over 1000 prepared realistic stories per
 * call. Target: ≥ 1 000 000 blindspot evaluations per second including validation.
 *
 * Run: `pnpm --filter @espectro/methodology build && node --import tsx bench/run.ts methodology-stories`.
 */
import {
  BlindspotFujaDaBolhaInputSchema,
  BlindspotPrismaInputSchema,
  blindspotFujaDaBolha,
  blindspotFujaDaBolhaUnchecked,
  blindspotPrisma,
  blindspotPrismaUnchecked,
  mulberry32,
  publishGuard,
  publishGuardUnchecked,
  type BlindspotPrismaInput,
  type Bucket,
  type Factuality,
  type FujaDaBolhaArticle,
  type PublishGuardInput,
  type PublishGuardOutlet,
  type StoryOutlet,
  type Topic,
} from '@espectro/methodology';
import type { BenchSuite } from './harness.js';

const STORIES = 1000;

/** Seeded (methodology's mulberry32) so every run measures the same stories. */
const random = mulberry32(20260427);
const integer = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const pick = <Value>(values: readonly Value[]): Value => values[Math.floor(random() * values.length)]!;

const BUCKETS: readonly Bucket[] = ['left', 'center', 'right'];
const FACTUALITIES: readonly (Factuality | null)[] = [
  'very-high',
  'high',
  'high',
  'mixed',
  'mixed',
  'low',
  'very-low',
  null,
];
const TOPICS: readonly (Topic | null)[] = [
  'politics',
  'politics',
  'economy',
  'international',
  'society',
  'sports',
  'culture',
  'health',
  null,
];

const SYLLABLES = [
  'el',
  'la',
  'pa',
  'is',
  'cla',
  'rin',
  'info',
  'bae',
  'tiem',
  'po',
  'na',
  'cion',
  'mer',
  'cu',
  'rio',
  'glo',
  'bo',
  'fo',
  'lha',
  'dia',
  'rio',
  'sur',
  'ter',
  'ce',
  'ra',
];
const TLDS = ['.com', '.com.ar', '.cl', '.com.br', '.es', '.com.mx', '.pe', '.com.co', '.net', '.com.ve', '.do', '.cu'];

/** A realistic domain: 2–5 syllables and a Spanish- or Portuguese-speaking country TLD; unique. */
const usedDomains = new Set<string>();
function domainName(): string {
  for (;;) {
    const name = Array.from({ length: integer(2, 5) }, () => pick(SYLLABLES)).join('');
    const domain = `${random() < 0.2 ? 'www.' : ''}${name}${pick(TLDS)}`;
    if (!usedDomains.has(domain)) {
      usedDomains.add(domain);
      return domain;
    }
  }
}

/** A roster of 350 outlets, as in seed 003: mostly political with a bias. */
const roster = Array.from({ length: 350 }, (): StoryOutlet & { factuality: Factuality | null } => {
  const roll = random();
  const factuality = pick(FACTUALITIES);
  const domain = domainName();
  if (roll < 0.72) return { domain, scope: 'political', bias: pick(BUCKETS), factuality };
  if (roll < 0.8) return { domain, scope: 'political', bias: null, factuality };
  if (roll < 0.95) return { domain, scope: 'non_political', bias: null, factuality };
  return { domain, scope: null, bias: null, factuality: null };
});

/** Outlets of one story: 3–30 domains, a few repeated (several articles of one outlet). */
function storyOutlets(): (typeof roster)[number][] {
  const outlets = Array.from({ length: integer(3, 30) }, () => pick(roster));
  const repeats = integer(0, 3);
  for (let index = 0; index < repeats; index += 1) outlets.push(pick(outlets));
  return outlets;
}

/**
 * Stories are serialised and parsed back, as they would arrive from the store or an HTTP body
 * (fresh objects and strings per story, not shared roster objects).
 */
function asReceived<Value>(value: Value): Value {
  return JSON.parse(JSON.stringify(value)) as Value;
}

const prismaStories: BlindspotPrismaInput[] = asReceived(
  Array.from({ length: STORIES }, () => ({
    outlets: storyOutlets().map(({ domain, scope, bias }) => ({ domain, scope, bias }) as StoryOutlet),
    topic: pick(TOPICS),
  })),
);

const fujaStories: FujaDaBolhaArticle[][] = asReceived(
  Array.from({ length: STORIES }, () => {
    const leaning = pick(BUCKETS);
    return Array.from({ length: integer(3, 40) }, () => {
      const roll = random();
      const bias = roll < 0.15 ? null : roll < 0.65 ? leaning : pick(BUCKETS);
      const factualityScore = random() < 0.1 ? null : integer(20, 98);
      return { bias, factualityScore };
    });
  }),
);

const guardStories: PublishGuardInput[] = asReceived(
  Array.from({ length: STORIES }, (): PublishGuardInput => {
    const outlets = storyOutlets().map(
      ({ domain, scope, bias, factuality }) =>
        ({ domain, scope, bias, factuality, contributedText: random() < 0.7 }) as PublishGuardOutlet,
    );
    return {
      rawOutlets: outlets.length + integer(0, 5),
      sentences: random() < 0.05 ? null : integer(0, 14),
      tier: random() < 0.6 ? 'main' : 'limited',
      hasImage: random() < 0.9,
      outlets,
      lowValue: random() < 0.1,
      countryStoriesLast24h: integer(0, 10),
      ...(random() < 0.3 ? { countryCap: integer(4, 12) } : {}),
    };
  }),
);

const typicalStory = guardStories.find((story) => story.outlets.length === 12) ?? guardStories[0]!;

let sink = 0;
function batch<Input>(stories: readonly Input[], evaluate: (story: Input) => unknown): () => number {
  return () => {
    for (const story of stories) {
      const result = evaluate(story);
      if (result !== null && result !== undefined) sink += 1;
    }
    return sink;
  };
}

const blindspotTarget = 1_000_000;

const suite: BenchSuite = {
  name: 'methodology-stories',
  baseline: {
    name: 'JSON.parse(JSON.stringify(typical publish-guard story))',
    run: () => JSON.parse(JSON.stringify(typicalStory)),
  },
  cases: [
    { name: 'publishGuard (validated)', run: batch(guardStories, publishGuard), operationsPerCall: STORIES },
    { name: 'publishGuardUnchecked', run: batch(guardStories, publishGuardUnchecked), operationsPerCall: STORIES },
    {
      name: 'blindspotPrisma (validated)',
      run: batch(prismaStories, blindspotPrisma),
      operationsPerCall: STORIES,
      targetOperationsPerSecond: blindspotTarget,
    },
    {
      name: 'blindspotPrismaUnchecked',
      run: batch(prismaStories, blindspotPrismaUnchecked),
      operationsPerCall: STORIES,
    },
    {
      name: 'blindspotFujaDaBolha (validated)',
      run: batch(fujaStories, blindspotFujaDaBolha),
      operationsPerCall: STORIES,
      targetOperationsPerSecond: blindspotTarget,
    },
    {
      name: 'blindspotFujaDaBolhaUnchecked',
      run: batch(fujaStories, blindspotFujaDaBolhaUnchecked),
      operationsPerCall: STORIES,
    },
    {
      name: 'BlindspotPrismaInputSchema.safeParse (zod alone, reference)',
      run: batch(prismaStories, (story) => BlindspotPrismaInputSchema.safeParse(story).success),
      operationsPerCall: STORIES,
    },
    {
      name: 'BlindspotFujaDaBolhaInputSchema.safeParse (zod alone, reference)',
      run: batch(fujaStories, (story) => BlindspotFujaDaBolhaInputSchema.safeParse(story).success),
      operationsPerCall: STORIES,
    },
  ],
  notes: {
    stories: STORIES,
    rosterOutlets: roster.length,
    prismaOutletsPerStory: {
      min: 3,
      max: 33,
      mean: prismaStories.reduce((sum, story) => sum + story.outlets.length, 0) / STORIES,
    },
    fujaArticlesPerStory: {
      min: 3,
      max: 40,
      mean: fujaStories.reduce((sum, story) => sum + story.length, 0) / STORIES,
    },
    guardOutletsPerStory: guardStories.reduce((sum, story) => sum + story.outlets.length, 0) / STORIES,
    prismaBlindspots: prismaStories.filter((story) => blindspotPrisma(story).length > 0).length,
    fujaBlindspots: fujaStories.filter((story) => blindspotFujaDaBolha(story) !== null).length,
    published: guardStories.filter((story) => publishGuard(story).publish).length,
    validation:
      'validated cases run an allocation-free structural check that mirrors the strict zod schema (soundness property-tested in src/stories/fast-validate.test.ts), fused with the one-domain-one-voice pass, and fall back to the zod parse (which throws MethodologyInputError) when it fails; the zod-alone rows show what a plain safeParse costs',
  },
};

export default suite;
