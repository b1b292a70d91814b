/**
 * Independent audit of RULES.md §1 (outlet rating funnel) against the public API of the package
 * root. Every expectation below is computed by hand from the rule text and §10 "Precise readings".
 */
import { describe, expect, it } from 'vitest';
import {
  contentBucket,
  explainContentBucket,
  factualityCap,
  medianFactuality,
  MethodologyInputError,
  METHODOLOGY_VERSION,
  preliminaryRating,
  preliminaryStatus,
  rateOutlet,
  reEvaluationDue,
  type Bucket,
  type Factuality,
  type RateOutletInput,
} from '../index.js';

const AS_OF = '2026-04-27';

type Source = { date: string; weight: 'primary' | 'secondary'; domestic: boolean };
const primary = (date: string): Source => ({ date, weight: 'primary', domestic: true });

function ruleOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MethodologyInputError);
    return (error as MethodologyInputError).rule;
  }
  throw new Error('expected a MethodologyInputError');
}

/** R3 outlet (party-owned, democracy) with the given academic and content votes; both factualities set. */
function r3(
  party: Bucket,
  academic: Bucket | undefined,
  content: Bucket | undefined,
  sampleSize = 40,
  sourceDate = '2025-06-01',
): RateOutletInput {
  return {
    asOf: AS_OF,
    scope: 'political',
    ownership: { ownerType: 'political-party', countryRegime: 'democracy', partyBucket: party },
    academic: { bucket: academic, factuality: 'high', sources: [primary(sourceDate)] },
    content: { sampleSize, bucket: content, factuality: 'high' },
  };
}

describe('FUN-0 non-political outlets', () => {
  it('bias null, appliedRule null, confidence low without factuality and medium with one', () => {
    const bare = rateOutlet({ asOf: AS_OF, scope: 'non_political' });
    expect(bare).toMatchObject({ bias: null, appliedRule: null, confidence: 'low', factuality: 'mixed', dissent: [] });
    const withFactuality = rateOutlet({
      asOf: AS_OF,
      scope: 'non_political',
      content: { sampleSize: 3, factuality: 'very-high' },
    });
    expect(withFactuality).toMatchObject({ bias: null, confidence: 'medium', factuality: 'very-high' });
    expect(withFactuality.methodologyVersion).toBe(METHODOLOGY_VERSION);
    expect(METHODOLOGY_VERSION).toBe('v1.3-2026-12');
  });

  it('neither CONF-SPLIT nor CONF-CHANGE applies (§10), even with a bucket vote that would otherwise count', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'non_political',
      ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy', lastControlChange: '2026-01-01' },
      academic: { bucket: 'left', factuality: 'high', sources: [primary('2025-01-01')] },
      content: { sampleSize: 50, bucket: 'left', newsBucket: 'left', opinionBucket: 'right', factuality: 'high' },
    });
    expect(result).toMatchObject({ bias: null, appliedRule: null, confidence: 'medium', flags: [] });
    expect(result.trace).toContain('FUN-0');
    expect(result.trace).not.toContain('CONF-SPLIT');
    expect(result.trace).not.toContain('CONF-CHANGE');
  });
});

describe('FUN-1 academic vote — inclusive 5 years, 29 February', () => {
  const academicOnly = (asOf: string, date: string): RateOutletInput => ({
    asOf,
    scope: 'political',
    academic: { bucket: 'left', sources: [primary(date)] },
  });

  it('a source exactly 5 years old counts; one day older does not', () => {
    expect(rateOutlet(academicOnly('2026-04-27', '2021-04-27')).bias).toBe('left');
    const old = rateOutlet(academicOnly('2026-04-27', '2021-04-26'));
    expect(old).toMatchObject({ bias: null, confidence: 'low' });
    expect(old.flags).toContain('no_signal');
  });

  it('29 February 2028 minus 5 years is 28 February 2023 (inclusive)', () => {
    expect(rateOutlet(academicOnly('2028-02-29', '2023-02-28')).bias).toBe('left');
    expect(rateOutlet(academicOnly('2028-02-29', '2023-02-27')).bias).toBeNull();
  });

  it('a bucket without any source, or sources without a bucket, is no vote', () => {
    expect(rateOutlet({ asOf: AS_OF, scope: 'political', academic: { bucket: 'left', sources: [] } }).bias).toBeNull();
    expect(
      rateOutlet({ asOf: AS_OF, scope: 'political', academic: { sources: [primary('2026-01-01')] } }).bias,
    ).toBeNull();
  });

  it('a source dated after asOf is an input error (§10)', () => {
    expect(ruleOf(() => rateOutlet(academicOnly('2026-04-27', '2026-04-28')))).toBe('FUN-1');
  });
});

describe('FUN-2 content vote', () => {
  const contentOnly = (sampleSize: number, bucket: Bucket | 'inconclusive' | null): RateOutletInput => ({
    asOf: AS_OF,
    scope: 'political',
    content: { sampleSize, bucket },
  });
  it('needs sampleSize ≥ 20 and a bucket', () => {
    expect(rateOutlet(contentOnly(20, 'right')).bias).toBe('right');
    expect(rateOutlet(contentOnly(19, 'right')).bias).toBeNull();
    expect(rateOutlet(contentOnly(100, 'inconclusive')).bias).toBeNull();
    expect(rateOutlet(contentOnly(100, null)).bias).toBeNull();
  });
});

describe('FUN-3 ownership rules', () => {
  const owned = (ownerType: string, countryRegime: string, extra: object = {}): RateOutletInput =>
    ({ asOf: AS_OF, scope: 'political', ownership: { ownerType, countryRegime, ...extra } }) as RateOutletInput;

  it('R1/R2/R3/R4 and no rule', () => {
    expect(rateOutlet(owned('state-captured', 'authoritarian', { regimeBucket: 'left' })).appliedRule).toBe('R1');
    expect(rateOutlet(owned('political-party', 'authoritarian', { regimeBucket: 'right' })).appliedRule).toBe('R1');
    expect(rateOutlet(owned('state-public-broadcaster', 'hybrid')).appliedRule).toBe('R2');
    expect(rateOutlet(owned('political-party', 'hybrid', { partyBucket: 'right' })).appliedRule).toBe('R3');
    expect(rateOutlet(owned('corporate-conglomerate', 'authoritarian')).appliedRule).toBe('R4');
    expect(rateOutlet(owned('state-captured', 'democracy')).appliedRule).toBeNull();
    expect(rateOutlet(owned('family-controlled', 'authoritarian')).appliedRule).toBeNull();
  });

  it('ownership alone never decides outside R1/R3', () => {
    expect(rateOutlet(owned('state-public-broadcaster', 'democracy')).bias).toBeNull();
    expect(rateOutlet(owned('political-party', 'democracy', { partyBucket: 'right' }))).toMatchObject({
      bias: 'right',
      confidence: 'low',
    });
    expect(rateOutlet(owned('state-captured', 'authoritarian', { regimeBucket: 'left' }))).toMatchObject({
      bias: 'left',
      confidence: 'low',
    });
  });

  it('R1 without regimeBucket and R3 without partyBucket are input errors; unknown enum values too', () => {
    expect(ruleOf(() => rateOutlet(owned('state-public-broadcaster', 'authoritarian')))).toBe('FUN-3');
    expect(ruleOf(() => rateOutlet(owned('political-party', 'democracy')))).toBe('FUN-3');
    expect(ruleOf(() => rateOutlet(owned('oligarch', 'democracy')))).toBe('FUN-3');
  });
});

describe('FUN-4 combining the votes', () => {
  it('two disagreeing votes → content, low, dissent recorded', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy' },
      academic: { bucket: 'left', factuality: 'high', sources: [primary('2025-06-01')] },
      content: { sampleSize: 40, bucket: 'right', factuality: 'high' },
    });
    expect(result).toMatchObject({
      bias: 'right',
      confidence: 'low',
      dissent: [{ signal: 'academic', bucket: 'left' }],
    });
  });

  it('|V| = 1: content, else academic, else the R3 ownership vote; low', () => {
    expect(
      rateOutlet({ asOf: AS_OF, scope: 'political', content: { sampleSize: 20, bucket: 'center' } }),
    ).toMatchObject({
      bias: 'center',
      confidence: 'low',
    });
    expect(rateOutlet(r3('right', undefined, undefined, 0))).toMatchObject({ bias: 'right', confidence: 'low' });
  });

  it('three votes, two agree → majority, medium, dissent', () => {
    const result = rateOutlet(r3('left', 'left', 'right'));
    expect(result).toMatchObject({
      bias: 'left',
      confidence: 'medium',
      dissent: [{ signal: 'content', bucket: 'right' }],
    });
  });

  it('three votes all different → content; low (then FUN-5 may clamp the bucket only)', () => {
    // party left, academic right, content center with sample 40 → content center; FUN-5 allows
    // center (content center, sample ≥ 30); confidence stays low.
    expect(rateOutlet(r3('left', 'right', 'center', 40))).toMatchObject({ bias: 'center', confidence: 'low' });
  });

  it('no vote → null, low, no_signal', () => {
    const result = rateOutlet({ asOf: AS_OF, scope: 'political' });
    expect(result).toMatchObject({ bias: null, confidence: 'low', dissent: [] });
    expect(result.flags).toContain('no_signal');
  });
});

describe('CONF-H strict 2 years vs FUN-1 inclusive 5 years', () => {
  it('three agreeing votes with a source < 2 years old and sample ≥ 30 → high', () => {
    expect(rateOutlet(r3('left', 'left', 'left', 30, '2024-04-28')).confidence).toBe('high');
  });
  it('a source exactly 2 years old gives medium', () => {
    expect(rateOutlet(r3('left', 'left', 'left', 30, '2024-04-27')).confidence).toBe('medium');
  });
  it('sample 29 gives medium', () => {
    expect(rateOutlet(r3('left', 'left', 'left', 29, '2025-06-01')).confidence).toBe('medium');
  });
  it('29 February 2028 minus 2 years is 28 February 2026: that day is exactly 2 years (medium), 1 March is fresher (high)', () => {
    const at = (date: string) => rateOutlet({ ...r3('left', 'left', 'left', 30, date), asOf: '2028-02-29' }).confidence;
    expect(at('2026-02-28')).toBe('medium');
    expect(at('2026-03-01')).toBe('high');
  });
});

describe('FUN-5 R3 clamp', () => {
  it('content center: sample 30 → center, sample 29 → the party bucket; confidence unchanged (low)', () => {
    // party right + content center (no academic): two disagreeing votes → content center, low.
    expect(rateOutlet(r3('right', undefined, 'center', 30))).toMatchObject({ bias: 'center', confidence: 'low' });
    const clamped = rateOutlet(r3('right', undefined, 'center', 29));
    expect(clamped).toMatchObject({ bias: 'right', confidence: 'low' });
    expect(clamped.dissent).toEqual([{ signal: 'content', bucket: 'center' }]);
  });

  it('a result that is neither the party bucket nor center becomes the party bucket (center not allowed)', () => {
    // party left, academic right, content right → majority right (medium) → clamp → left, medium.
    expect(rateOutlet(r3('left', 'right', 'right', 40))).toMatchObject({ bias: 'left', confidence: 'medium' });
  });
});

describe('FUN-6 R1 override needs all four conditions', () => {
  const r1 = (
    o: {
      sampleSize?: number;
      weight?: 'primary' | 'secondary';
      domestic?: boolean;
      date?: string;
      academicBucket?: Bucket;
      content?: Bucket;
      windowStart?: string;
    } = {},
  ): RateOutletInput => ({
    asOf: AS_OF,
    scope: 'political',
    ownership: { ownerType: 'state-public-broadcaster', countryRegime: 'authoritarian', regimeBucket: 'left' },
    academic: {
      bucket: o.academicBucket ?? 'right',
      factuality: 'low',
      sources: [{ date: o.date ?? '2025-01-01', weight: o.weight ?? 'primary', domestic: o.domestic ?? true }],
    },
    content: {
      sampleSize: o.sampleSize ?? 30,
      bucket: o.content ?? 'right',
      factuality: 'low',
      windowStart: o.windowStart ?? '2026-02-01',
    },
  });

  it('all four hold → the content bucket; confidence over {prior, academic, content} = medium', () => {
    expect(rateOutlet(r1())).toMatchObject({
      bias: 'right',
      confidence: 'medium',
      appliedRule: 'R1',
      dissent: [{ signal: 'ownership', bucket: 'left' }],
    });
    // a primary domestic source exactly 5 years old still corroborates (inclusive)
    expect(rateOutlet(r1({ date: '2021-04-27' })).bias).toBe('right');
  });

  it('each missing condition keeps the prior; confidence is still computed over the votes', () => {
    expect(rateOutlet(r1({ sampleSize: 29 }))).toMatchObject({ bias: 'left', confidence: 'medium' });
    expect(rateOutlet(r1({ weight: 'secondary' }))).toMatchObject({ bias: 'left', confidence: 'medium' });
    expect(rateOutlet(r1({ domestic: false }))).toMatchObject({ bias: 'left', confidence: 'medium' });
    // seed 002 §2 "explícita y reciente (últimos 90 días)": a window from 91 days back is not recent
    expect(rateOutlet(r1({ windowStart: '2026-01-26' }))).toMatchObject({ bias: 'left', confidence: 'medium' });
    expect(rateOutlet(r1({ windowStart: '2026-01-27' })).bias).toBe('right');
    // academic center ≠ content right: all three differ → low
    expect(rateOutlet(r1({ academicBucket: 'center' }))).toMatchObject({ bias: 'left', confidence: 'low' });
    // source older than 5 years: no corroboration and no academic vote → {left, right} → low
    expect(rateOutlet(r1({ date: '2021-04-26' }))).toMatchObject({ bias: 'left', confidence: 'low' });
  });

  it('content equal to the prior is no override; without a valid content vote confidence is low', () => {
    // three agreeing votes, a source < 2 years old and sample 30: CONF-H → high
    expect(rateOutlet(r1({ content: 'left', academicBucket: 'left' }))).toMatchObject({
      bias: 'left',
      confidence: 'high',
    });
    expect(rateOutlet(r1({ sampleSize: 19 }))).toMatchObject({ bias: 'left', confidence: 'low' });
  });
});

describe('CONF-SPLIT and the order bias confidence → split → CONF-CAP', () => {
  it('fires even when the content vote is invalid', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'left', factuality: 'high', sources: [primary('2025-06-01')] },
      content: { sampleSize: 5, newsBucket: 'center', opinionBucket: 'left', factuality: 'high' },
    });
    expect(result.flags).toContain('split_outlet');
    expect(result).toMatchObject({ bias: 'left', confidence: 'low' });
  });

  it('high → split → medium, then the one-assessment cap (medium) changes nothing', () => {
    const input = r3('left', 'left', 'left', 30, '2025-06-01');
    const split: RateOutletInput = {
      ...input,
      academic: { ...input.academic!, factuality: undefined },
      content: { ...input.content!, newsBucket: 'left', opinionBucket: 'center' },
    };
    // cap-then-split would give low; the RULES order gives medium.
    expect(rateOutlet(split).confidence).toBe('medium');
  });
});

describe('CONF-CHANGE 18 months inclusive, window on the change date is post-change', () => {
  const changed = (
    lastControlChange: string,
    windowStart: string | undefined,
    sampleSize = 40,
    asOf = AS_OF,
  ): RateOutletInput => ({
    asOf,
    scope: 'political',
    ownership: { ownerType: 'family-controlled', countryRegime: 'democracy', lastControlChange },
    content: { sampleSize, bucket: 'right', windowStart, factuality: 'high' },
  });

  it('change exactly 18 months ago with an earlier window → content vote removed', () => {
    const result = rateOutlet(changed('2024-10-27', '2024-10-26'));
    expect(result.bias).toBeNull();
    expect(result.flags).toContain('content_predates_control_change');
  });
  it('window starting on the change date is post-change', () => {
    const result = rateOutlet(changed('2024-10-27', '2024-10-27'));
    expect(result.bias).toBe('right');
    expect(result.flags).not.toContain('content_predates_control_change');
  });
  it('a change 18 months and 1 day ago is not recent', () => {
    expect(rateOutlet(changed('2024-10-26', '2024-01-01')).bias).toBe('right');
  });
  it('a recent change without windowStart counts as predating it', () => {
    expect(rateOutlet(changed('2025-10-01', undefined)).bias).toBeNull();
  });
  it('month-end clamp: 31 August 2026 minus 18 months is 28 February 2025', () => {
    expect(rateOutlet(changed('2025-02-28', '2025-01-01', 40, '2026-08-31')).bias).toBeNull();
    expect(rateOutlet(changed('2025-02-27', '2025-01-01', 40, '2026-08-31')).bias).toBe('right');
  });
  it('a post-change window with sample < 20 forces low', () => {
    const result = rateOutlet({
      ...r3('left', 'left', 'left', 19),
      ownership: {
        ownerType: 'political-party',
        countryRegime: 'democracy',
        partyBucket: 'left',
        lastControlChange: '2026-01-01',
      },
      content: { sampleSize: 19, bucket: 'left', windowStart: '2026-01-02', factuality: 'high' },
    });
    expect(result).toMatchObject({ bias: 'left', confidence: 'low' });
  });
});

describe('FAC-1 / FAC-2 / CONF-CAP', () => {
  it('half steps round toward mixed in both directions', () => {
    const cases: [Factuality[], Factuality][] = [
      [['very-high', 'high'], 'high'],
      [['very-low', 'low'], 'low'],
      [['low', 'mixed'], 'mixed'],
      [['high', 'mixed'], 'mixed'],
      [['very-low', 'very-high'], 'mixed'],
      [['low', 'very-high'], 'mixed'], // 2.5 → mixed
      [['very-low', 'high'], 'mixed'], // 1.5 → mixed
      [['very-low', 'low', 'high', 'very-high'], 'mixed'],
      [['very-low', 'very-low', 'low', 'low'], 'low'],
      [['very-low', 'high', 'very-high'], 'high'],
      [[], 'mixed'],
    ];
    for (const [values, expected] of cases) expect(medianFactuality(values), values.join(',')).toBe(expected);
  });

  it('an assessment counts whatever the validity of its bias vote; caps 0 → low, 1 → medium, 2 → none', () => {
    expect([factualityCap(0), factualityCap(1), factualityCap(2)]).toEqual(['low', 'medium', null]);
    const twoVotesNoFactuality = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'left', sources: [primary('2025-06-01')] },
      content: { sampleSize: 40, bucket: 'left' },
    });
    expect(twoVotesNoFactuality).toMatchObject({ bias: 'left', confidence: 'low', factuality: 'mixed' });
    const invalidContentWithFactuality = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'left', factuality: 'very-high', sources: [primary('2025-06-01')] },
      content: { sampleSize: 3, bucket: 'inconclusive', factuality: 'high' },
    });
    expect(invalidContentWithFactuality.factuality).toBe('high');
  });
});

describe('PRELIM, REV-1, REV-2', () => {
  it('PRELIM: bias null, confidence preliminary, pending evidence', () => {
    expect(preliminaryRating('orphan domain', '2026-04-24')).toMatchObject({
      bias: null,
      confidence: 'preliminary',
      evidence: { status: 'pending', reason: 'orphan domain', addedAt: '2026-04-24' },
    });
  });

  it('REV-1: cadence at ≥ 180 days, events strictly after the last review, 14 drift days', () => {
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2025-10-29' }).reasons).toEqual(['cadence']);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2025-10-30' }).due).toBe(false);
    expect(
      reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-03-01', ownershipChangedAt: '2026-03-02' }).reasons,
    ).toEqual(['ownership_change']);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-03-01', consecutiveDriftDays: 14 }).reasons).toEqual([
      'content_drift',
    ]);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-03-01', consecutiveDriftDays: 13 }).due).toBe(false);
  });

  it('REV-2: ≥ 20 articles within 30 days → analysis due; bucket → low; > 60 days → needs_review', () => {
    expect(preliminaryStatus({ articles: 20, addedAt: '2026-03-28', asOf: AS_OF }).action).toBe('content_analysis_due');
    expect(preliminaryStatus({ articles: 19, addedAt: '2026-03-28', asOf: AS_OF }).action).toBe('wait');
    expect(
      preliminaryStatus({ articles: 25, addedAt: '2026-03-28', asOf: AS_OF, contentResult: 'left' }),
    ).toMatchObject({
      action: 'promote_low',
      bias: 'left',
    });
    expect(preliminaryStatus({ articles: 5, addedAt: '2026-02-26', asOf: AS_OF }).action).toBe('wait'); // exactly 60 days → not yet
    expect(preliminaryStatus({ articles: 5, addedAt: '2026-02-25', asOf: AS_OF }).action).toBe('needs_review');
  });
});

describe('CB-0..2 content bucket', () => {
  const base = { sampleSize: 20, incumbent: 'left' as Bucket };
  it('CB-0: sample 19 is insufficient', () => {
    expect(
      contentBucket({
        ...base,
        sampleSize: 19,
        govOppRatio: 3,
        quoteDistribution: { left: 0.9, center: 0.1, right: 0 },
      }),
    ).toBe('insufficient');
  });

  it('ratio thresholds are strict; 0.2 lean, 60 % topics and 0.55 quotes are inclusive', () => {
    const quotesLeft = { left: 0.55, center: 0.45, right: 0 };
    expect(contentBucket({ ...base, govOppRatio: 1.5, quoteDistribution: quotesLeft })).toBe('center');
    expect(contentBucket({ ...base, govOppRatio: 1.51, quoteDistribution: quotesLeft })).toBe('left');
    expect(contentBucket({ ...base, incumbent: 'right', govOppRatio: 0.6, quoteDistribution: quotesLeft })).toBe(
      'center',
    );
    expect(contentBucket({ ...base, incumbent: 'right', govOppRatio: 0.59, quoteDistribution: quotesLeft })).toBe(
      'left',
    );
    const leanExactly = [
      { side: 'left' as const, favourable: 0.5, critical: 0.1 },
      { side: 'right' as const, favourable: 0, critical: 0 },
    ];
    expect(
      explainContentBucket({ ...base, figures: leanExactly, quoteDistribution: quotesLeft }).indicators.figures,
    ).toBe('left');
    const topics = {
      a: 'progressive',
      b: 'progressive',
      c: 'progressive',
      d: 'mixed',
      e: 'conservative',
      f: 'n/a',
    } as const;
    expect(
      explainContentBucket({ ...base, topicPositions: topics, quoteDistribution: quotesLeft }).indicators.topics,
    ).toBe('left');
  });

  it('a center incumbent makes the ratio available but sideless; topics need a non-n/a entry; center figures are ignored', () => {
    const oneLeftQuote = { left: 0.6, center: 0.4, right: 0 };
    expect(contentBucket({ ...base, incumbent: 'center', govOppRatio: 9, quoteDistribution: oneLeftQuote })).toBe(
      'center',
    );
    expect(contentBucket({ ...base, topicPositions: { a: 'n/a' }, quoteDistribution: oneLeftQuote })).toBe(
      'inconclusive',
    );
    expect(
      contentBucket({
        ...base,
        figures: [
          { side: 'center', favourable: 1, critical: 0 },
          { side: 'left', favourable: 1, critical: 0 },
        ],
        quoteDistribution: oneLeftQuote,
      }),
    ).toBe('inconclusive');
  });

  it('≥ 2 on both sides → inconclusive; seed 002 §4 example → right', () => {
    expect(
      contentBucket({
        ...base,
        govOppRatio: 2,
        figures: [
          { side: 'left', favourable: 0.8, critical: 0 },
          { side: 'right', favourable: 0, critical: 0.8 },
        ],
        topicPositions: { a: 'conservative' },
        quoteDistribution: { left: 0, center: 0.4, right: 0.6 },
      }),
    ).toBe('inconclusive');
    expect(
      contentBucket({
        sampleSize: 47,
        incumbent: 'left',
        govOppRatio: 0.42,
        figures: [{ side: 'left', favourable: 0.18, critical: 0.61 }],
        topicPositions: { economia: 'conservative', seguridad: 'conservative', aborto: 'n/a' },
        quoteDistribution: { left: 0.21, center: 0.34, right: 0.45 },
      }),
    ).toBe('right');
  });
});
