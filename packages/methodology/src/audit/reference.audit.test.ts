/**
 * Differential audit: small reference implementations written straight from RULES.md (§1, §2,
 * §3, §4, §7 and §10), compared with the package on random inputs concentrated on the
 * boundaries. The references share no code with the package (own date arithmetic, own votes).
 */
import { fc } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  blindspotFujaDaBolha,
  blindspotPrisma,
  compareCandidates,
  contentBucket,
  coverage,
  MethodologyInputError,
  outletTendency,
  publishGuard,
  rateOutlet,
  type Bucket,
  type Factuality,
  type RateOutletInput,
  type Topic,
} from '../index.js';

const BUCKETS: Bucket[] = ['left', 'center', 'right'];
const SCALE: Factuality[] = ['very-low', 'low', 'mixed', 'high', 'very-high'];
const bucket = fc.constantFrom(...BUCKETS);
const RUNS = 3000;

// ── Own calendar arithmetic (UTC) ───────────────────────────────────────────────────────────────
const DAY = 86_400_000;
const day = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY;
const iso = (d: number) => new Date(d * DAY).toISOString().slice(0, 10);
function minusMonths(asOf: string, months: number): number {
  const y = +asOf.slice(0, 4);
  const m = +asOf.slice(5, 7) - 1 - months;
  const d = +asOf.slice(8, 10);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d, last)) / DAY;
}
const minusYears = (asOf: string, years: number) => minusMonths(asOf, 12 * years);

// ── §1 reference ────────────────────────────────────────────────────────────────────────────────
type Conf = 'low' | 'medium' | 'high';
const RANK: Record<Conf, number> = { low: 0, medium: 1, high: 2 };
const DOWN: Record<Conf, Conf> = { high: 'medium', medium: 'low', low: 'low' };

function median(values: Factuality[]): Factuality {
  if (values.length === 0) return 'mixed';
  const ranks = values.map((v) => SCALE.indexOf(v)).sort((a, b) => a - b);
  const mid = ranks.length / 2;
  const value = ranks.length % 2 === 1 ? ranks[Math.floor(mid)]! : (ranks[mid - 1]! + ranks[mid]!) / 2;
  if (Number.isInteger(value)) return SCALE[value]!;
  return SCALE[value > 2 ? Math.floor(value) : Math.ceil(value)]!;
}

function votes(
  o: Bucket | null,
  a: Bucket | null,
  c: Bucket | null,
): { bucket: Bucket | null; conf: Conf; three: boolean } {
  const valid = [o, a, c].filter((v): v is Bucket => v !== null);
  if (valid.length === 0) return { bucket: null, conf: 'low', three: false };
  if (valid.length >= 2 && valid.every((v) => v === valid[0]))
    return { bucket: valid[0]!, conf: 'medium', three: valid.length === 3 };
  if (valid.length === 3) {
    const majority = BUCKETS.find((b) => valid.filter((v) => v === b).length === 2);
    if (majority !== undefined) return { bucket: majority, conf: 'medium', three: false };
  }
  return { bucket: (c ?? a ?? o)!, conf: 'low', three: false };
}

type Reference =
  | { error: true }
  | { error: false; bias: Bucket | null; confidence: Conf; factuality: Factuality; appliedRule: string | null };

function referenceRate(input: RateOutletInput): Reference {
  const asOf = day(input.asOf);
  const { ownership, academic, content } = input;
  const dates = [
    ...(academic?.sources ?? []).map((s) => s.date),
    content?.windowStart,
    ownership?.lastControlChange,
  ].filter((d): d is string => d !== undefined);
  if (dates.some((d) => day(d) > asOf)) return { error: true };
  const assessments = [academic?.factuality, content?.factuality].filter((f): f is Factuality => f !== undefined);
  const factuality = median(assessments);
  const cap: Conf | null = assessments.length === 0 ? 'low' : assessments.length === 1 ? 'medium' : null;
  if (input.scope === 'non_political')
    return {
      error: false,
      bias: null,
      confidence: assessments.length === 0 ? 'low' : 'medium',
      factuality,
      appliedRule: null,
    };
  let rule: string | null = null;
  if (ownership) {
    const t = ownership.ownerType;
    if (t === 'corporate-conglomerate') rule = 'R4';
    else if (
      ['state-public-broadcaster', 'state-captured', 'political-party'].includes(t) &&
      ownership.countryRegime === 'authoritarian'
    )
      rule = 'R1';
    else if (t === 'state-public-broadcaster') rule = 'R2';
    else if (t === 'political-party') rule = 'R3';
  }
  if (rule === 'R1' && ownership?.regimeBucket === undefined) return { error: true };
  if (rule === 'R3' && ownership?.partyBucket === undefined) return { error: true };
  const five = minusYears(input.asOf, 5);
  const two = minusYears(input.asOf, 2);
  const sources = academic?.sources ?? [];
  const academicVote =
    academic?.bucket !== undefined && sources.some((s) => day(s.date) >= five) ? academic.bucket : null;
  let contentVote =
    content !== undefined && content.sampleSize >= 20 && BUCKETS.includes(content.bucket as Bucket)
      ? (content.bucket as Bucket)
      : null;
  let forceLow = false;
  if (ownership?.lastControlChange !== undefined) {
    const change = day(ownership.lastControlChange);
    if (change >= minusMonths(input.asOf, 18)) {
      if (content?.windowStart === undefined || day(content.windowStart) < change) contentVote = null;
      else if (content.sampleSize < 20) forceLow = true;
    }
  }
  const sample = content?.sampleSize ?? 0;
  let bias: Bucket | null;
  let decision: ReturnType<typeof votes>;
  if (rule === 'R1') {
    const prior = ownership!.regimeBucket!;
    bias = prior;
    const corroborated = sources.some((s) => s.weight === 'primary' && s.domestic && day(s.date) >= five);
    if (
      contentVote !== null &&
      sample >= 30 &&
      content?.windowStart !== undefined &&
      day(content.windowStart) >= asOf - 90 &&
      contentVote !== prior &&
      academic?.bucket === contentVote &&
      corroborated
    )
      bias = contentVote;
    decision =
      contentVote === null ? { bucket: prior, conf: 'low', three: false } : votes(prior, academicVote, contentVote);
  } else {
    decision = votes(rule === 'R3' ? ownership!.partyBucket! : null, academicVote, contentVote);
    bias = decision.bucket;
  }
  let confidence = decision.conf;
  if (decision.three) confidence = sample >= 30 && sources.some((s) => day(s.date) > two) ? 'high' : 'medium';
  if (rule === 'R3' && bias !== ownership!.partyBucket)
    bias = contentVote === 'center' && sample >= 30 ? 'center' : ownership!.partyBucket!;
  if (forceLow) confidence = 'low';
  if (
    content?.newsBucket !== undefined &&
    content.opinionBucket !== undefined &&
    content.newsBucket !== content.opinionBucket
  )
    confidence = DOWN[confidence];
  if (cap !== null && RANK[cap] < RANK[confidence]) confidence = cap;
  return { error: false, bias, confidence, factuality, appliedRule: rule };
}

const ASOF_CHOICES = ['2026-04-27', '2028-02-29', '2026-08-31', '2024-03-31', '2027-01-01'];

const rateInput: fc.Arbitrary<RateOutletInput> = fc
  .tuple(fc.constantFrom(...ASOF_CHOICES), bucket)
  .chain(([asOf, lean]) => {
    // votes mostly agree, so that three-vote cases (CONF-H, FUN-5, FUN-6) are frequent
    const vote = fc.oneof({ weight: 3, arbitrary: fc.constant(lean) }, { weight: 1, arbitrary: bucket });
    const boundaries = [
      day(asOf),
      day(asOf) + 1,
      minusYears(asOf, 5),
      minusYears(asOf, 5) - 1,
      minusYears(asOf, 2),
      minusYears(asOf, 2) + 1,
      minusMonths(asOf, 18),
      minusMonths(asOf, 18) - 1,
      minusMonths(asOf, 18) + 1,
      day(asOf) - 90,
      day(asOf) - 91,
    ];
    const date = fc
      .oneof(fc.constantFrom(...boundaries), fc.integer({ min: day(asOf) - 2500, max: day(asOf) }))
      .map(iso);
    const sample = fc.oneof(fc.constantFrom(0, 19, 20, 29, 30, 31), fc.integer({ min: 0, max: 200 }));
    return fc.record(
      {
        asOf: fc.constant(asOf),
        scope: fc.constantFrom('political' as const, 'political' as const, 'non_political' as const),
        ownership: fc.record(
          {
            ownerType: fc.constantFrom(
              'corporate-conglomerate',
              'family-controlled',
              'state-public-broadcaster',
              'state-captured',
              'political-party',
              'political-party',
              'political-party',
              'unknown',
            ) as fc.Arbitrary<never>,
            countryRegime: fc.constantFrom('democracy', 'hybrid', 'authoritarian') as fc.Arbitrary<never>,
            regimeBucket: vote,
            partyBucket: vote,
            lastControlChange: date,
          },
          { requiredKeys: ['ownerType', 'countryRegime'] },
        ),
        academic: fc.record(
          {
            bucket: vote,
            factuality: fc.constantFrom(...SCALE),
            sources: fc.array(
              fc.record({
                date,
                weight: fc.constantFrom('primary' as const, 'secondary' as const),
                domestic: fc.boolean(),
              }),
              { maxLength: 3 },
            ),
          },
          { requiredKeys: ['sources'] },
        ),
        content: fc.record(
          {
            sampleSize: sample,
            windowStart: date,
            bucket: fc.oneof(
              { weight: 4, arbitrary: vote },
              { weight: 1, arbitrary: fc.constantFrom<'inconclusive' | null>('inconclusive', null) },
            ),
            factuality: fc.constantFrom(...SCALE),
            newsBucket: vote,
            opinionBucket: vote,
          },
          { requiredKeys: ['sampleSize'] },
        ),
      },
      { requiredKeys: ['asOf', 'scope'] },
    );
  });

describe('§1 rateOutlet against a reference written from RULES.md', () => {
  it('agrees on bias, confidence, factuality, appliedRule and input errors', () => {
    fc.assert(
      fc.property(rateInput, (input) => {
        const expected = referenceRate(input);
        let actual: Reference;
        try {
          const result = rateOutlet(input);
          actual = {
            error: false,
            bias: result.bias,
            confidence: result.confidence as Conf,
            factuality: result.factuality,
            appliedRule: result.appliedRule,
          };
        } catch (error) {
          if (!(error instanceof MethodologyInputError)) throw error;
          actual = { error: true };
        }
        expect(actual).toEqual(expected);
      }),
      { numRuns: RUNS * 4 },
    );
  });
});

// ── CB reference ────────────────────────────────────────────────────────────────────────────────
describe('CB-0..2 contentBucket against a reference', () => {
  const share = fc.constantFrom(0, 0.2, 0.25, 0.3, 0.45, 0.55, 0.6);
  it('agrees', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            sampleSize: fc.constantFrom(19, 20, 50),
            incumbent: bucket,
            govOppRatio: fc.constantFrom(0.59, 0.6, 1, 1.5, 1.51),
            figures: fc.array(
              fc.record({
                side: bucket,
                favourable: fc.constantFrom(0, 0.1, 0.3, 0.5),
                critical: fc.constantFrom(0, 0.1, 0.3, 0.5),
              }),
              { maxLength: 4 },
            ),
            topicPositions: fc.dictionary(
              fc.constantFrom('a', 'b', 'c', 'd', 'e'),
              fc.constantFrom('progressive' as const, 'mixed' as const, 'conservative' as const, 'n/a' as const),
            ),
            quoteDistribution: fc
              .tuple(share, share)
              .filter(([left, right]) => left + right <= 1)
              .map(([left, right]) => ({ left, right, center: Math.max(0, 1 - left - right) })),
          },
          { requiredKeys: ['sampleSize', 'incumbent'] },
        ),
        (m) => {
          const indicators: ('left' | 'right' | 'none')[] = [];
          if (m.govOppRatio !== undefined) {
            const fav = m.govOppRatio > 1.5;
            const against = m.govOppRatio < 0.6;
            if (m.incumbent === 'center') indicators.push('none');
            else if (fav) indicators.push(m.incumbent === 'left' ? 'left' : 'right');
            else if (against) indicators.push(m.incumbent === 'left' ? 'right' : 'left');
            else indicators.push('none');
          }
          const mean = (side: Bucket) => {
            const list = (m.figures ?? []).filter((f) => f.side === side);
            return list.length === 0 ? null : list.reduce((sum, f) => sum + f.favourable - f.critical, 0) / list.length;
          };
          const l = mean('left');
          const r = mean('right');
          if (l !== null && r !== null) {
            const lean = (l - r) / 2;
            indicators.push(lean >= 0.2 - 1e-9 ? 'left' : lean <= -0.2 + 1e-9 ? 'right' : 'none');
          }
          const positions = Object.values(m.topicPositions ?? {}).filter((p) => p !== 'n/a');
          if (positions.length > 0) {
            const prog = positions.filter((p) => p === 'progressive').length;
            const cons = positions.filter((p) => p === 'conservative').length;
            indicators.push(
              100 * prog >= 60 * positions.length ? 'left' : 100 * cons >= 60 * positions.length ? 'right' : 'none',
            );
          }
          if (m.quoteDistribution !== undefined) {
            indicators.push(
              m.quoteDistribution.left >= 0.55 ? 'left' : m.quoteDistribution.right >= 0.55 ? 'right' : 'none',
            );
          }
          const left = indicators.filter((i) => i === 'left').length;
          const right = indicators.filter((i) => i === 'right').length;
          const expected =
            m.sampleSize < 20
              ? 'insufficient'
              : indicators.length < 2 || (left >= 2 && right >= 2)
                ? 'inconclusive'
                : left >= 2
                  ? 'left'
                  : right >= 2
                    ? 'right'
                    : 'center';
          expect(contentBucket(m)).toBe(expected);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ── §3–4 references ─────────────────────────────────────────────────────────────────────────────
type Scope = 'political' | 'non_political' | null;
type GuardOutlet = {
  domain: string;
  scope: Scope;
  bias: Bucket | null;
  factuality: Factuality | null;
  contributedText: boolean;
};
const guardOutlet: fc.Arbitrary<GuardOutlet> = fc
  .record({
    domain: fc.constantFrom('a.com', 'b.com', 'c.com', 'd.com', 'e.com', 'f.com', 'g.com'),
    scope: fc.constantFrom<Scope>('political', 'political', 'non_political', null),
    bias: fc.constantFrom<Bucket | null>('left', 'center', 'right', null),
    factuality: fc.constantFrom<Factuality | null>(null, 'low', 'very-low', 'mixed', 'high'),
    contributedText: fc.boolean(),
  })
  .map((o) => ({ ...o, bias: o.scope === 'political' ? o.bias : null }));
/** One consistent rating per domain (COV-1), the first seen wins; contributedText may differ. */
function consistent<T extends { domain: string }>(outlets: T[], fields: (keyof T)[]): T[] {
  const first = new Map<string, T>();
  return outlets.map((o) => {
    const seen = first.get(o.domain);
    if (seen === undefined) {
      first.set(o.domain, o);
      return o;
    }
    const copy = { ...o };
    for (const field of fields) copy[field] = seen[field];
    return copy;
  });
}

describe('§3 PG, COV and §4 blindspots against references', () => {
  it('publishGuard', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            rawOutlets: fc.integer({ min: 0, max: 4 }),
            sentences: fc.constantFrom(null, 0, 1, 3, 4, 5, 6, 9),
            tier: fc.constantFrom('main' as const, 'limited' as const),
            hasImage: fc.boolean(),
            outlets: fc
              .array(guardOutlet, { maxLength: 8 })
              .map((list) => consistent(list, ['scope', 'bias', 'factuality'])),
            lowValue: fc.boolean(),
            countryStoriesLast24h: fc.integer({ min: 0, max: 10 }),
            countryCap: fc.integer({ min: 0, max: 10 }),
          },
          {
            requiredKeys: [
              'rawOutlets',
              'sentences',
              'tier',
              'hasImage',
              'outlets',
              'lowValue',
              'countryStoriesLast24h',
            ],
          },
        ),
        (story) => {
          const unique = [...new Map(story.outlets.map((o) => [o.domain, o])).values()];
          const contributors = unique.filter((o) =>
            story.outlets.some((e) => e.domain === o.domain && e.contributedText),
          );
          const biased = unique.filter((o) => o.scope === 'political' && o.bias !== null);
          const rated = unique.filter((o) => o.scope === 'non_political').length + biased.length;
          const s = story.sentences;
          const expected: string[] = [];
          if (story.rawOutlets < 2) expected.push('no_coverage');
          if (s === null || s === 0) expected.push('no_synthesis');
          if (s !== null && s >= 1 && s <= 4) expected.push('insufficient_synthesis');
          if (s !== null && s >= 1 && s < (story.tier === 'main' ? 6 : 4)) expected.push('few_sentences');
          if (!story.hasImage) expected.push('no_image');
          if (rated < 3) expected.push('low_coverage');
          if (biased.length >= 2 && new Set(biased.map((o) => o.bias)).size === 1) expected.push('low_diversity');
          if (
            contributors.length > 0 &&
            contributors.every((o) => o.factuality === 'low' || o.factuality === 'very-low')
          )
            expected.push('suspect_sources');
          if (story.lowValue && unique.length < 5) expected.push('filtered_content');
          if (story.countryStoriesLast24h >= (story.countryCap ?? 8)) expected.push('country_cap');
          expect(publishGuard(story)).toEqual({ publish: expected.length === 0, reasons: expected });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('coverage percentages (largest remainder, ties left-center-right) and blindspotPrisma', () => {
    const storyOutlets = fc
      .array(
        fc.record({
          domain: fc.integer({ min: 0, max: 30 }).map((i) => `d${i}.com`),
          scope: fc.constantFrom<Scope>('political', 'political', 'political', 'non_political', null),
          bias: fc.constantFrom<Bucket | null>('left', 'center', 'right', 'left', null),
        }),
        { maxLength: 30 },
      )
      .map((list) =>
        consistent(
          list.map((o) => ({ ...o, bias: o.scope === 'political' ? o.bias : null })),
          ['scope', 'bias'],
        ),
      );
    const topic = fc.constantFrom<Topic | null>(
      null,
      'politics',
      'economy',
      'sports',
      'culture',
      'science',
      'technology',
      'health',
    );
    fc.assert(
      fc.property(storyOutlets, topic, (outlets, storyTopic) => {
        const unique = [...new Map(outlets.map((o) => [o.domain, o])).values()];
        const counts = BUCKETS.map((b) => unique.filter((o) => o.scope === 'political' && o.bias === b).length);
        const n = counts[0]! + counts[1]! + counts[2]!;
        let percent = [0, 0, 0];
        if (n > 0) {
          percent = counts.map((c) => Math.floor((100 * c) / n));
          const order = [0, 1, 2].sort((x, y) => ((100 * counts[y]!) % n) - ((100 * counts[x]!) % n) || x - y);
          const missing = 100 - percent.reduce((a, b) => a + b, 0);
          for (let k = 0; k < missing; k += 1) percent[order[k]!]! += 1;
        }
        const result = coverage(outlets);
        expect(result.total).toBe(unique.length);
        expect([result.percent.left, result.percent.center, result.percent.right]).toEqual(percent);
        const excluded = storyTopic !== null && ['sports', 'culture', 'science', 'technology'].includes(storyTopic);
        const prisma =
          excluded || unique.length < 10 || n < 5 ? [] : BUCKETS.filter((_, i) => 100 * counts[i]! <= 15 * n);
        expect(blindspotPrisma({ outlets, topic: storyTopic })).toEqual(prisma);
      }),
      { numRuns: RUNS },
    );
  });

  it('blindspotFujaDaBolha', () => {
    const article = fc.record({
      bias: fc.constantFrom<Bucket | null>('left', 'left', 'center', 'right', 'right', null),
      factualityScore: fc.constantFrom<number | null>(null, 30, 54.99, 55, 80),
    });
    fc.assert(
      fc.property(fc.array(article, { maxLength: 40 }), (articles) => {
        const count = (b: Bucket) => articles.filter((a) => a.bias === b).length;
        const n = articles.filter((a) => a.bias !== null).length;
        const low = articles.filter((a) => a.factualityScore !== null && a.factualityScore < 55).length;
        const side = (cF: number, cO: number) =>
          n >= 5 && cF < 10 && 100 * cO >= 33 * n && 370 * cF < 300 * cO - 99 * n && 100 * low < 35 * articles.length;
        const expected = side(count('left'), count('right'))
          ? 'left'
          : side(count('right'), count('left'))
            ? 'right'
            : null;
        expect(blindspotFujaDaBolha(articles)).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });
});

// ── §2 and §7 references ────────────────────────────────────────────────────────────────────────
describe('§2 outletTendency and §7 compareCandidates against references', () => {
  it('outletTendency', () => {
    const asOf = '2026-04-27';
    const article = fc.record({
      bias: fc.constantFrom<Bucket | null>('left', 'center', 'right', null),
      confidence: fc.constantFrom('low' as const, 'medium' as const, 'high' as const),
      politicallyRelevant: fc.boolean(),
      publishedAt: fc
        .oneof(fc.constantFrom(0, 90, 91), fc.integer({ min: 0, max: 120 }))
        .map((back) => iso(day(asOf) - back)),
    });
    fc.assert(
      fc.property(fc.array(article, { maxLength: 60 }), (articles) => {
        const counted = articles.filter(
          (a) =>
            a.bias !== null && a.politicallyRelevant && a.confidence !== 'low' && day(asOf) - day(a.publishedAt) <= 90,
        );
        const n = counted.length;
        const tallies = BUCKETS.map((b) => counted.filter((a) => a.bias === b).length);
        const top = Math.max(...tallies);
        const expected =
          n < 10
            ? { bias: null, confidence: null, n, reason: 'insufficient_sample' }
            : tallies.filter((t) => t === top).length > 1
              ? { bias: null, confidence: null, n, reason: 'tie' }
              : { bias: BUCKETS[tallies.indexOf(top)], confidence: n >= 25 ? 'high' : 'medium', n };
        expect(outletTendency(articles, { asOf })).toEqual(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('compareCandidates with exact rationals', () => {
    const verdicts = fc.array(
      fc.constantFrom('true' as const, 'imprecise' as const, 'false' as const, 'no_data' as const),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(verdicts, verdicts, (va, vb) => {
        const checks = [
          ...va.map((verdict) => ({ candidate: 'A', verdict, status: 'published' as const })),
          ...vb.map((verdict) => ({ candidate: 'B', verdict, status: 'published' as const })),
        ];
        const score = (list: string[]) => ({
          n: list.filter((v) => v !== 'no_data').length,
          twice: 2 * list.filter((v) => v === 'false').length + list.filter((v) => v === 'imprecise').length,
        });
        const a = score(va);
        const b = score(vb);
        // indexes twiceA/(2nA) and twiceB/(2nB) differ by < 10 points ⇔ 10·|twiceA·nB − twiceB·nA| < 2·nA·nB
        const d = a.twice * b.n - b.twice * a.n;
        const expected =
          a.n < 3 || b.n < 3 ? 'insufficient' : 10 * Math.abs(d) < 2 * a.n * b.n ? 'tie' : d > 0 ? 'a' : 'b';
        expect(compareCandidates('A', 'B', checks)).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });
});
