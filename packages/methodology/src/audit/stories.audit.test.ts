/** Independent audit of RULES.md §3 (COV, TIER, PG), §4 (BS-BR, BS-PR) and §5 (SYN-1/3/4/5, TOP-1). */
import { describe, expect, it } from 'vitest';
import {
  attributionCheck,
  blindspotFujaDaBolha,
  blindspotPrisma,
  coverage,
  nextRetry,
  pickArticlesForSynthesis,
  publishGuard,
  retrySchedule,
  storyTier,
  topicOrNull,
  validateSentenceCitations,
  type Bucket,
  type Factuality,
  type Topic,
} from '../index.js';

type Scope = 'political' | 'non_political' | null;
const outlet = (domain: string, scope: Scope, bias: Bucket | null = null) => ({ domain, scope, bias });
const political = (prefix: string, bias: Bucket, count: number) =>
  Array.from({ length: count }, (_, index) => outlet(`${prefix}${index}.com`, 'political', bias));

describe('COV-1 / COV-2 coverage', () => {
  it('one domain = one voice; non-political, unbiased and unrostered outlets count only in totals', () => {
    const result = coverage([
      outlet('a.com', 'political', 'left'),
      outlet('a.com', 'political', 'left'),
      outlet('b.com', 'political', 'right'),
      outlet('c.com', 'political', null),
      outlet('d.com', 'non_political'),
      outlet('e.com', null),
    ]);
    expect(result).toMatchObject({
      total: 5,
      political: 3,
      nonPolitical: 1,
      counts: { left: 1, center: 0, right: 1 },
      percent: { left: 50, center: 0, right: 50 },
    });
  });

  it('largest remainder: ties broken left, center, right', () => {
    const percent = (left: number, center: number, right: number) =>
      coverage([
        ...political('l', 'left', left),
        ...political('c', 'center', center),
        ...political('r', 'right', right),
      ]).percent;
    expect(percent(1, 1, 1)).toEqual({ left: 34, center: 33, right: 33 });
    // 4/6, 1/6, 1/6: floors 66, 16, 16 (98), all remainders equal → left and center get a point
    expect(percent(4, 1, 1)).toEqual({ left: 67, center: 17, right: 16 });
    expect(percent(1, 4, 1)).toEqual({ left: 17, center: 67, right: 16 });
    expect(percent(1, 1, 4)).toEqual({ left: 17, center: 17, right: 66 });
    // 1/3 vs 2/3: the larger remainder wins regardless of order
    expect(percent(0, 1, 2)).toEqual({ left: 0, center: 33, right: 67 });
    expect(percent(0, 0, 0)).toEqual({ left: 0, center: 0, right: 0 });
  });
});

describe('TIER', () => {
  it('≥ 6 main, ≥ 3 limited, else null', () => {
    expect([storyTier(7), storyTier(6), storyTier(5), storyTier(3), storyTier(2), storyTier(0)]).toEqual([
      'main',
      'main',
      'limited',
      'limited',
      null,
      null,
    ]);
  });
  it('a rated domain is non-political or political with a bias', () => {
    const result = coverage([
      outlet('a.com', 'political', 'left'),
      outlet('b.com', 'non_political'),
      outlet('c.com', 'political', null),
      outlet('d.com', null),
    ]);
    expect(storyTier(result.nonPolitical + result.counts.left + result.counts.center + result.counts.right)).toBeNull();
  });
});

describe('PG publish guard', () => {
  type GuardOutlet = {
    domain: string;
    scope: Scope;
    bias: Bucket | null;
    factuality: Factuality | null;
    contributedText: boolean;
  };
  const g = (
    domain: string,
    scope: Scope,
    bias: Bucket | null,
    factuality: Factuality | null = 'high',
    contributedText = true,
  ): GuardOutlet => ({
    domain,
    scope,
    bias,
    factuality,
    contributedText,
  });
  const good = [g('a.com', 'political', 'left'), g('b.com', 'political', 'right'), g('c.com', 'non_political', null)];
  const story = (overrides: object = {}) => ({
    rawOutlets: 3,
    sentences: 8,
    tier: 'main' as 'main' | 'limited',
    hasImage: true,
    outlets: good,
    lowValue: false,
    countryStoriesLast24h: 0,
    ...overrides,
  });
  const reasons = (overrides: object = {}) => publishGuard(story(overrides)).reasons;

  it('a good story publishes', () => {
    expect(publishGuard(story())).toEqual({ publish: true, reasons: [] });
  });

  it('every failing reason, in RULES order', () => {
    const result = publishGuard({
      rawOutlets: 1,
      sentences: 2,
      tier: 'main',
      hasImage: false,
      outlets: [g('a.com', 'political', 'left', 'low'), g('b.com', 'political', 'left', 'very-low')],
      lowValue: true,
      countryStoriesLast24h: 8,
    });
    expect(result.publish).toBe(false);
    expect(result.reasons).toEqual([
      'no_coverage',
      'insufficient_synthesis',
      'few_sentences',
      'no_image',
      'low_coverage',
      'low_diversity',
      'suspect_sources',
      'filtered_content',
      'country_cap',
    ]);
  });

  it('sentence thresholds per tier', () => {
    expect(reasons({ sentences: null })).toEqual(['no_synthesis']);
    expect(reasons({ sentences: 0 })).toEqual(['no_synthesis']);
    expect(reasons({ sentences: 4 })).toEqual(['insufficient_synthesis', 'few_sentences']);
    expect(reasons({ sentences: 5 })).toEqual(['few_sentences']);
    expect(reasons({ sentences: 6 })).toEqual([]);
    expect(reasons({ sentences: 4, tier: 'limited' })).toEqual(['insufficient_synthesis']);
    expect(reasons({ sentences: 3, tier: 'limited' })).toEqual(['insufficient_synthesis', 'few_sentences']);
    expect(reasons({ sentences: 5, tier: 'limited' })).toEqual([]);
    expect(reasons({ rawOutlets: 2 })).toEqual([]);
  });

  it('low_coverage counts rated domains (non-political yes, unbiased and unrostered no, duplicates once)', () => {
    expect(
      reasons({
        outlets: [
          g('a.com', 'political', 'left'),
          g('a.com', 'political', 'left'),
          g('b.com', 'political', 'right'),
          g('c.com', null, null),
          g('d.com', 'political', null),
        ],
      }),
    ).toEqual(['low_coverage']);
    expect(
      reasons({
        outlets: [g('a.com', 'political', 'left'), g('b.com', 'political', 'right'), g('c.com', 'non_political', null)],
      }),
    ).toEqual([]);
  });

  it('low_diversity needs ≥ 2 political outlets with a bias, all in one bucket', () => {
    expect(
      reasons({
        outlets: [g('a.com', 'political', 'left'), g('b.com', 'political', 'left'), g('c.com', 'non_political', null)],
      }),
    ).toEqual(['low_diversity']);
    expect(
      reasons({
        outlets: [
          g('a.com', 'political', 'left'),
          g('b.com', 'non_political', null),
          g('c.com', 'non_political', null),
        ],
      }),
    ).toEqual([]);
  });

  it('suspect_sources: every contributor low/very-low, at least one; null is not low', () => {
    const low = [
      g('a.com', 'political', 'left', 'low'),
      g('b.com', 'political', 'right', 'very-low'),
      g('c.com', 'non_political', null, 'high', false),
    ];
    expect(reasons({ outlets: low })).toEqual(['suspect_sources']);
    expect(reasons({ outlets: [...low.slice(0, 2), g('c.com', 'non_political', null, null, true)] })).toEqual([]);
    expect(
      reasons({ outlets: good.map((o) => ({ ...o, contributedText: false, factuality: 'low' as const })) }),
    ).toEqual([]);
  });

  it('filtered_content: low value with < 5 unique domains; 5 passes', () => {
    const five = [...good, g('d.com', 'political', 'center'), g('e.com', null, null)];
    expect(reasons({ lowValue: true, outlets: five })).toEqual([]);
    expect(
      reasons({
        lowValue: true,
        outlets: [...good, g('d.com', 'political', 'center'), g('d.com', 'political', 'center')],
      }),
    ).toEqual(['filtered_content']);
  });

  it('country_cap fires when count ≥ cap (default 8)', () => {
    expect(reasons({ countryStoriesLast24h: 7 })).toEqual([]);
    expect(reasons({ countryStoriesLast24h: 8 })).toEqual(['country_cap']);
    expect(reasons({ countryStoriesLast24h: 3, countryCap: 3 })).toEqual(['country_cap']);
    expect(reasons({ countryStoriesLast24h: 2, countryCap: 3 })).toEqual([]);
  });
});

describe('BS-BR Fuja da Bolha', () => {
  const articles = (
    left: number,
    center: number,
    right: number,
    extra: { bias: Bucket | null; factualityScore: number | null }[] = [],
  ) => [
    ...Array.from({ length: left }, () => ({ bias: 'left' as const, factualityScore: 80 })),
    ...Array.from({ length: center }, () => ({ bias: 'center' as const, factualityScore: 80 })),
    ...Array.from({ length: right }, () => ({ bias: 'right' as const, factualityScore: 80 })),
    ...extra,
  ];

  it('BS-BR-4 at equality is not a blindspot: 370·3 = 300·7 − 99·10', () => {
    expect(blindspotFujaDaBolha(articles(3, 0, 7))).toBeNull();
    // 370·3 = 1110 < 300·8 − 99·11 = 1311
    expect(blindspotFujaDaBolha(articles(3, 0, 8))).toBe('left');
    expect(blindspotFujaDaBolha(articles(8, 0, 3))).toBe('right');
  });

  it('BS-BR-1: n ≥ 5 (unknown-bias articles are not in n)', () => {
    expect(blindspotFujaDaBolha(articles(0, 0, 4, [{ bias: null, factualityScore: 80 }]))).toBeNull();
    expect(blindspotFujaDaBolha(articles(0, 0, 5))).toBe('left');
    expect(blindspotFujaDaBolha(articles(0, 1, 4))).toBe('left'); // 0 < 1200 − 495
  });

  it('BS-BR-2: cF < 10', () => {
    expect(blindspotFujaDaBolha(articles(10, 0, 40))).toBeNull();
    expect(blindspotFujaDaBolha(articles(9, 0, 40))).toBe('left');
  });

  it('BS-BR-5: 100·lowFact < 35·total over every article; 55 is not low, unknown is not low', () => {
    const unknown = (score: number | null, count: number) =>
      Array.from({ length: count }, () => ({ bias: null, factualityScore: score }));
    // total 20, 7 low → 700 < 700 fails
    expect(blindspotFujaDaBolha(articles(0, 0, 5, [...unknown(54.9, 7), ...unknown(80, 8)]))).toBeNull();
    expect(blindspotFujaDaBolha(articles(0, 0, 5, [...unknown(54.9, 6), ...unknown(80, 9)]))).toBe('left');
    expect(blindspotFujaDaBolha(articles(0, 0, 5, [...unknown(55, 7), ...unknown(null, 8)]))).toBe('left');
  });

  it('center has no blindspot and at most one side qualifies', () => {
    expect(blindspotFujaDaBolha(articles(5, 0, 5))).toBeNull();
    expect(blindspotFujaDaBolha(articles(0, 10, 0))).toBeNull();
  });
});

describe('BS-PR Prisma', () => {
  it('BS-PR-3: 100·count ≤ 15·n at equality qualifies', () => {
    const story = (left: number, center: number, right: number, topic: Topic | null = 'politics') => ({
      outlets: [
        ...political('l', 'left', left),
        ...political('c', 'center', center),
        ...political('r', 'right', right),
      ],
      topic,
    });
    expect(blindspotPrisma(story(3, 8, 9))).toEqual(['left']); // 300 ≤ 300
    expect(blindspotPrisma(story(4, 8, 8))).toEqual([]); // 400 > 300
    expect(blindspotPrisma(story(0, 10, 0))).toEqual(['left', 'right']);
    expect(blindspotPrisma(story(3, 8, 9, 'sports'))).toEqual([]);
    expect(blindspotPrisma(story(3, 8, 9, 'technology'))).toEqual([]);
    expect(blindspotPrisma(story(3, 8, 9, null))).toEqual(['left']);
  });

  it('BS-PR-1 counts every unique domain (non-political and unrostered included); BS-PR-2 needs 5 with a bias', () => {
    const five = political('l', 'left', 5);
    const others = (count: number, scope: Scope) => Array.from({ length: count }, (_, i) => outlet(`o${i}.org`, scope));
    expect(blindspotPrisma({ outlets: [...five, ...others(5, null)], topic: 'economy' })).toEqual(['center', 'right']);
    expect(
      blindspotPrisma({
        outlets: [...five, ...others(4, 'non_political'), ...others(4, 'non_political')],
        topic: 'economy',
      }),
    ).toEqual([]);
    expect(
      blindspotPrisma({ outlets: [...political('l', 'left', 4), ...others(6, 'non_political')], topic: 'economy' }),
    ).toEqual([]);
  });
});

describe('SYN-1, SYN-3, SYN-4, SYN-5, TOP-1', () => {
  it('SYN-1: one article per domain, the longest, ties to the earliest', () => {
    const picked = pickArticlesForSynthesis([
      { id: 'a1', domain: 'a.com', text: 'xxxx', publishedAt: '2026-04-27T10:00:00Z' },
      { id: 'a2', domain: 'a.com', text: 'yyyy', publishedAt: '2026-04-27T09:00:00Z' },
      { id: 'a3', domain: 'a.com', text: 'zzz', publishedAt: '2026-04-27T08:00:00Z' },
      { id: 'b1', domain: 'b.com', text: 'short', publishedAt: '2026-04-27T08:00:00Z' },
      { id: 'b2', domain: 'b.com', text: 'longer text', publishedAt: '2026-04-27T11:00:00Z' },
    ]);
    expect(picked.map((article) => article.id).sort()).toEqual(['a2', 'b2']);
  });

  it('SYN-3: every sentence cites ≥ 1 id, every id from the cluster', () => {
    expect(validateSentenceCitations([{ text: 'Uno.', articleIds: ['a1'] }], ['a1']).valid).toBe(true);
    const bad = validateSentenceCitations(
      [
        { text: 'Uno.', articleIds: [] },
        { text: 'Dos.', articleIds: ['zz'] },
      ],
      ['a1'],
    );
    expect(bad.valid).toBe(false);
    expect(bad.problems.map((problem) => problem.kind)).toEqual(['missing_citation', 'unknown_article']);
  });

  it('SYN-4: the seed examples are hits; the roster name as a common noun is not', () => {
    const roster = [
      { name: 'La Nación', domain: 'lanacion.com.ar' },
      { name: 'El País', domain: 'elpais.com' },
    ];
    expect(attributionCheck(['Según La Nación, el Senado aprobó la ley.'], roster).map((hit) => hit.outlet)).toEqual([
      'La Nación',
    ]);
    expect(
      attributionCheck(['El Senado aprobó la ley, como informó El País.'], roster).map((hit) => hit.outlet),
    ).toEqual(['El País']);
    expect(attributionCheck(['La inflación bajó en el país.'], roster)).toEqual([]);
  });

  it('SYN-5: 15 min, 1 h, 3 h, 6 h; discarded after the 5th failed attempt', () => {
    const minute = 60_000;
    expect([1, 2, 3, 4, 5].map((attempt) => retrySchedule(attempt))).toEqual([
      15 * minute,
      60 * minute,
      180 * minute,
      360 * minute,
      null,
    ]);
    expect(nextRetry({ failedAttempts: 5, lastFailureAt: '2026-04-27T10:00:00Z' })).toMatchObject({
      action: 'discard',
    });
    expect(nextRetry({ failedAttempts: 1, lastFailureAt: '2026-04-27T10:00:00Z' })).toMatchObject({
      action: 'retry',
      at: '2026-04-27T10:15:00.000Z',
    });
  });

  it('TOP-1: one of the 10 topics or null, never invented', () => {
    expect(topicOrNull('environment')).toBe('environment');
    expect(topicOrNull('lifestyle')).toBeNull();
    expect(topicOrNull('Economía')).toBeNull();
    expect(topicOrNull(null)).toBeNull();
  });
});
