/**
 * API.md conformance at the type level (checked by `tsc`) and at run time: every function of
 * API.md accepts the documented input shape as plain objects, returns the documented output
 * shape, has an exported zod schema for its input and throws `MethodologyInputError` on bad input.
 * The types below are transcribed from API.md, not imported from the package.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import * as methodology from '../index.js';
import {
  articleConfidence,
  blindspotFujaDaBolha,
  blindspotPrisma,
  cohenKappa,
  compareCandidates,
  contentBucket,
  coverage,
  medianFactuality,
  mentirometro,
  MethodologyInputError,
  numericVerdict,
  outletTendency,
  publishGuard,
  rateOutlet,
  splitSpeakingTime,
  storyTier,
  wilsonInterval,
} from '../index.js';

// ── API.md, transcribed ─────────────────────────────────────────────────────────────────────────
type Bucket = 'left' | 'center' | 'right';
type Factuality = 'very-high' | 'high' | 'mixed' | 'low' | 'very-low';
type RatingConfidence = 'high' | 'medium' | 'low' | 'preliminary';
type Verdict = 'true' | 'imprecise' | 'false' | 'no_data';
type CheckStatus = 'published' | 'discarded' | 'under_review' | 'removed';
type Tone = 'proposal' | 'attack' | 'defense' | 'record' | 'chatter';
type Topic =
  | 'politics'
  | 'economy'
  | 'international'
  | 'society'
  | 'culture'
  | 'sports'
  | 'technology'
  | 'science'
  | 'health'
  | 'environment';
type OwnerType =
  | 'corporate-conglomerate'
  | 'family-controlled'
  | 'state-public-broadcaster'
  | 'state-captured'
  | 'political-party'
  | 'religious'
  | 'ngo-foundation'
  | 'cooperative'
  | 'independent-private'
  | 'unknown';
type GuardReason =
  | 'no_coverage'
  | 'no_synthesis'
  | 'insufficient_synthesis'
  | 'few_sentences'
  | 'no_image'
  | 'low_coverage'
  | 'low_diversity'
  | 'suspect_sources'
  | 'filtered_content'
  | 'country_cap';

type ApiRateOutletInput = {
  asOf: string;
  scope: 'political' | 'non_political';
  ownership?: {
    ownerType: OwnerType;
    countryRegime: 'democracy' | 'hybrid' | 'authoritarian';
    regimeBucket?: Bucket;
    partyBucket?: Bucket;
    lastControlChange?: string;
  };
  academic?: {
    bucket?: Bucket;
    factuality?: Factuality;
    sources: {
      date: string;
      weight: 'primary' | 'secondary';
      domestic: boolean;
      name?: string;
      url?: string;
      quote?: string;
    }[];
  };
  content?: {
    sampleSize: number;
    windowStart?: string;
    bucket?: Bucket | 'inconclusive';
    factuality?: Factuality;
    newsBucket?: Bucket;
    opinionBucket?: Bucket;
  };
};
type ApiRateOutletResult = {
  bias: Bucket | null;
  factuality: Factuality;
  confidence: RatingConfidence;
  appliedRule: 'R1' | 'R2' | 'R3' | 'R4' | null;
  dissent: { signal: 'ownership' | 'academic' | 'content'; bucket: Bucket }[];
  flags: string[];
  trace: string[];
  methodologyVersion: string;
};
type ApiContentMetrics = {
  sampleSize: number;
  incumbent: Bucket;
  govOppRatio?: number;
  figures?: { side: Bucket; favourable: number; critical: number }[];
  topicPositions?: Record<string, 'progressive' | 'mixed' | 'conservative' | 'n/a'>;
  quoteDistribution?: { left: number; center: number; right: number };
};
type ApiArticleConfidenceInput = {
  words: number;
  indicators: number;
  politicallyRelevant: boolean;
  outletSample: number;
};
type ApiTendencyArticle = {
  bias: Bucket | null;
  confidence: 'low' | 'medium' | 'high';
  politicallyRelevant: boolean;
  publishedAt: string;
};
type ApiOutletTendency = {
  bias: Bucket | null;
  confidence: 'medium' | 'high' | null;
  n: number;
  reason?: 'insufficient_sample' | 'tie';
};
type ApiStoryOutlet = { domain: string; scope: 'political' | 'non_political' | null; bias: Bucket | null };
type ApiCoverage = {
  total: number;
  political: number;
  nonPolitical: number;
  counts: Record<Bucket, number>;
  percent: Record<Bucket, number>;
};
type ApiPublishGuardInput = {
  rawOutlets: number;
  sentences: number | null;
  tier: 'main' | 'limited';
  hasImage: boolean;
  outlets: {
    domain: string;
    scope: 'political' | 'non_political' | null;
    bias: Bucket | null;
    factuality: Factuality | null;
    contributedText: boolean;
  }[];
  lowValue: boolean;
  countryStoriesLast24h: number;
  countryCap?: number;
};
type ApiDebateCheck = { candidate: string; verdict: Verdict; status: CheckStatus };
type ApiMentirometroRow = {
  candidate: string;
  true: number;
  imprecise: number;
  false: number;
  checkable: number;
  index: number | null;
};
type ApiKappa = {
  n: number;
  observed: number;
  expected: number;
  kappa: number | null;
  se: number | null;
  ci: [number, number] | null;
};

// ── Type level ──────────────────────────────────────────────────────────────────────────────────
describe('API.md signatures (type level)', () => {
  it('1. outlet rating', () => {
    expectTypeOf<ApiRateOutletInput>().toExtend<Parameters<typeof rateOutlet>[0]>();
    expectTypeOf<ReturnType<typeof rateOutlet>>().toExtend<ApiRateOutletResult>();
    expectTypeOf(rateOutlet).parameters.toEqualTypeOf<[Parameters<typeof rateOutlet>[0]]>();
    expectTypeOf<ApiContentMetrics>().toExtend<Parameters<typeof contentBucket>[0]>();
    expectTypeOf(contentBucket).returns.toEqualTypeOf<Bucket | 'inconclusive' | 'insufficient'>();
    expectTypeOf<Factuality[]>().toExtend<Parameters<typeof medianFactuality>[0]>();
    expectTypeOf(medianFactuality).returns.toEqualTypeOf<Factuality>();
  });

  it('2. Brazilian tendency', () => {
    expectTypeOf<ApiArticleConfidenceInput>().toExtend<Parameters<typeof articleConfidence>[0]>();
    expectTypeOf(articleConfidence).returns.toEqualTypeOf<{
      confidence: 'low' | 'medium' | 'high';
      preliminary: boolean;
    }>();
    expectTypeOf<[ApiTendencyArticle[], { asOf: string }]>().toExtend<Parameters<typeof outletTendency>>();
    expectTypeOf(outletTendency).returns.toEqualTypeOf<ApiOutletTendency>();
  });

  it('3. stories', () => {
    expectTypeOf<[number]>().toExtend<Parameters<typeof storyTier>>();
    expectTypeOf(storyTier).returns.toEqualTypeOf<'main' | 'limited' | null>();
    expectTypeOf<[ApiStoryOutlet[]]>().toExtend<Parameters<typeof coverage>>();
    expectTypeOf<ReturnType<typeof coverage>>().toExtend<ApiCoverage>();
    expectTypeOf<[ApiPublishGuardInput]>().toExtend<Parameters<typeof publishGuard>>();
    expectTypeOf(publishGuard).returns.toEqualTypeOf<{ publish: boolean; reasons: GuardReason[] }>();
  });

  it('4. blindspots', () => {
    expectTypeOf<[{ bias: Bucket | null; factualityScore: number | null }[]]>().toExtend<
      Parameters<typeof blindspotFujaDaBolha>
    >();
    expectTypeOf(blindspotFujaDaBolha).returns.toEqualTypeOf<'left' | 'right' | null>();
    expectTypeOf<[{ outlets: ApiStoryOutlet[]; topic: Topic | null }]>().toExtend<Parameters<typeof blindspotPrisma>>();
    expectTypeOf(blindspotPrisma).returns.toEqualTypeOf<Bucket[]>();
  });

  it('5. debate', () => {
    expectTypeOf<[number, Record<Tone, number>]>().toExtend<Parameters<typeof splitSpeakingTime>>();
    expectTypeOf(splitSpeakingTime).returns.toEqualTypeOf<Record<Tone, number> | null>();
    expectTypeOf<[number, number]>().toExtend<Parameters<typeof numericVerdict>>();
    expectTypeOf<[number, number, { tolerance?: number; falseDeviation?: number }]>().toExtend<
      Parameters<typeof numericVerdict>
    >();
    expectTypeOf(numericVerdict).returns.toEqualTypeOf<Verdict>();
    expectTypeOf<[ApiDebateCheck[]]>().toExtend<Parameters<typeof mentirometro>>();
    expectTypeOf(mentirometro).returns.toEqualTypeOf<ApiMentirometroRow[]>();
    expectTypeOf<[string, string, ApiDebateCheck[]]>().toExtend<Parameters<typeof compareCandidates>>();
    expectTypeOf(compareCandidates).returns.toEqualTypeOf<'insufficient' | 'tie' | 'a' | 'b'>();
  });

  it('6. agreement', () => {
    expectTypeOf<[string[], string[]]>().toExtend<Parameters<typeof cohenKappa>>();
    expectTypeOf<[string[], string[], { level?: number; se?: 'asymptotic' | 'fleiss' }]>().toExtend<
      Parameters<typeof cohenKappa>
    >();
    expectTypeOf(cohenKappa).returns.toEqualTypeOf<ApiKappa>();
    expectTypeOf<[number, number]>().toExtend<Parameters<typeof wilsonInterval>>();
    expectTypeOf<[number, number, number]>().toExtend<Parameters<typeof wilsonInterval>>();
    expectTypeOf(wilsonInterval).returns.toEqualTypeOf<[number, number]>();
  });
});

// ── Run time ────────────────────────────────────────────────────────────────────────────────────
describe('API.md functions at run time', () => {
  it('accept plain objects typed as in API.md (optional audit fields included)', () => {
    const input: ApiRateOutletInput = {
      asOf: '2026-04-27',
      scope: 'political',
      ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy', lastControlChange: '2020-01-01' },
      academic: {
        bucket: 'right',
        factuality: 'high',
        sources: [
          {
            date: '2025-06-01',
            weight: 'primary',
            domestic: true,
            name: 'APM',
            url: 'https://apmadrid.es',
            quote: '…',
          },
        ],
      },
      content: {
        sampleSize: 41,
        windowStart: '2026-01-27',
        bucket: 'right',
        factuality: 'high',
        newsBucket: 'right',
        opinionBucket: 'right',
      },
    };
    const result: ApiRateOutletResult = rateOutlet(input);
    expect(result).toMatchObject({ bias: 'right', factuality: 'high', confidence: 'medium', appliedRule: 'R4' });
    const outlets: ApiStoryOutlet[] = [{ domain: 'a.com', scope: 'political', bias: 'left' }];
    const covered: ApiCoverage = coverage(outlets);
    expect(covered.percent).toEqual({ left: 100, center: 0, right: 0 });
  });

  it('every API.md function has an exported zod input schema', () => {
    const names = [
      'RateOutletInputSchema',
      'ContentBucketInputSchema',
      'MedianFactualityInputSchema',
      'ArticleConfidenceInputSchema',
      'OutletTendencyInputSchema',
      'StoryTierInputSchema',
      'CoverageInputSchema',
      'PublishGuardInputSchema',
      'BlindspotFujaDaBolhaInputSchema',
      'BlindspotPrismaInputSchema',
      'SplitSpeakingTimeInputSchema',
      'NumericVerdictInputSchema',
      'MentirometroInputSchema',
      'CompareCandidatesInputSchema',
      'CohenKappaInputSchema',
      'WilsonIntervalInputSchema',
    ];
    for (const name of names) expect((methodology as Record<string, unknown>)[name], name).toBeInstanceOf(z.ZodType);
  });

  it('every API.md function throws MethodologyInputError on bad input, never a silent default', () => {
    const bad: [string, () => unknown][] = [
      ['rateOutlet', () => rateOutlet({ asOf: '2026-04-27', scope: 'politics' } as never)],
      ['contentBucket', () => contentBucket({ sampleSize: -1, incumbent: 'left' })],
      ['medianFactuality', () => medianFactuality(['good' as never])],
      [
        'articleConfidence',
        () => articleConfidence({ words: 1.5, indicators: 0, politicallyRelevant: true, outletSample: 1 }),
      ],
      ['outletTendency', () => outletTendency([], { asOf: '27/04/2026' })],
      ['storyTier', () => storyTier(-1)],
      ['coverage', () => coverage([{ domain: '', scope: 'political', bias: 'left' }])],
      [
        'publishGuard',
        () =>
          publishGuard({
            rawOutlets: 1,
            sentences: 1,
            tier: 'top' as never,
            hasImage: true,
            outlets: [],
            lowValue: false,
            countryStoriesLast24h: 0,
          }),
      ],
      ['blindspotFujaDaBolha', () => blindspotFujaDaBolha([{ bias: 'left', factualityScore: 101 }])],
      ['blindspotPrisma', () => blindspotPrisma({ outlets: [], topic: 'lifestyle' as never })],
      ['splitSpeakingTime', () => splitSpeakingTime(10, { proposal: 0.5 } as never)],
      ['numericVerdict', () => numericVerdict(Number.NaN, 1)],
      ['mentirometro', () => mentirometro([{ candidate: 'A', verdict: 'maybe' as never, status: 'published' }])],
      [
        'compareCandidates',
        () => compareCandidates('A', 'B', [{ candidate: 'A', verdict: 'true', status: 'live' as never }]),
      ],
      ['cohenKappa', () => cohenKappa([], [])],
      ['wilsonInterval', () => wilsonInterval(3, 2)],
    ];
    for (const [name, run] of bad) expect(run, name).toThrow(MethodologyInputError);
  });
});
