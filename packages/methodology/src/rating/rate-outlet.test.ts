import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { METHODOLOGY_VERSION } from '../version.js';
import { rateOutlet, rateOutletUnchecked } from './rate-outlet.js';
import { RateOutletResultSchema, type AcademicSource, type RateOutletInput } from './schemas.js';

const AS_OF = '2026-04-27';

function source(date: string, overrides: Partial<AcademicSource> = {}): AcademicSource {
  return { date, weight: 'primary', domestic: true, ...overrides };
}

function expectInputError(run: () => unknown, rule: string, path: (string | number)[]): MethodologyInputError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(MethodologyInputError);
  const error = caught as MethodologyInputError;
  expect(error.rule).toBe(rule);
  expect(error.issues.map((issue) => issue.path)).toContainEqual(path);
  return error;
}

/** A party-owned outlet (R3) whose three votes all say `left`. */
function r3AllLeft(overrides: { sampleSize?: number; sourceDate?: string } = {}): RateOutletInput {
  return {
    asOf: AS_OF,
    scope: 'political',
    ownership: { ownerType: 'political-party', countryRegime: 'democracy', partyBucket: 'left' },
    academic: { bucket: 'left', factuality: 'high', sources: [source(overrides.sourceDate ?? '2025-06-01')] },
    content: { sampleSize: overrides.sampleSize ?? 40, bucket: 'left', factuality: 'high' },
  };
}

/** A Venezuelan state broadcaster (R1, prior left) with content and academic saying `right`. */
function r1Override(
  overrides: {
    sampleSize?: number;
    academicBucket?: 'left' | 'center' | 'right';
    source?: AcademicSource;
    contentBucket?: 'left' | 'center' | 'right' | 'inconclusive';
    windowStart?: string | null;
  } = {},
): RateOutletInput {
  return {
    asOf: AS_OF,
    scope: 'political',
    ownership: {
      ownerType: 'state-public-broadcaster',
      countryRegime: 'authoritarian',
      regimeBucket: 'left',
      regimeYear: 2024,
    },
    academic: {
      bucket: overrides.academicBucket ?? 'right',
      factuality: 'low',
      sources: [overrides.source ?? source('2024-02-10', { name: 'Espacio Público' })],
    },
    content: {
      sampleSize: overrides.sampleSize ?? 30,
      bucket: overrides.contentBucket ?? 'right',
      factuality: 'low',
      // exactly 90 days before AS_OF: still recent (FUN-6, inclusive); null leaves it out
      ...(overrides.windowStart === null ? {} : { windowStart: overrides.windowStart ?? '2026-01-27' }),
    },
  };
}

describe('rateOutlet — seed 002 worked examples', () => {
  it('Expansión / El Economista (v1.2, 2026-04-27): conglomerate R4, academic right + content right → right/high/medium', () => {
    // Two valid votes (R4 gives no ownership vote) that agree → medium (FUN-4), even with a fresh
    // academic source and sampleSize ≥ 30: `high` needs three votes, which R4 cannot supply.
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy', fundingModel: 'advertising' },
      academic: {
        bucket: 'right',
        factuality: 'high',
        sources: [source('2025-06-01', { name: 'APM', quote: 'línea editorial liberal-conservadora' })],
      },
      content: { sampleSize: 41, windowStart: '2026-01-27', bucket: 'right', factuality: 'high' },
    });
    expect(result).toEqual({
      bias: 'right',
      factuality: 'high',
      confidence: 'medium',
      appliedRule: 'R4',
      dissent: [],
      flags: [],
      trace: ['FUN-3', 'FUN-1', 'FUN-2', 'FUN-4', 'FAC-1', 'FAC-2', 'VER'],
      methodologyVersion: METHODOLOGY_VERSION,
    });
  });

  it('the same outcome with a content sample of 20–29 or an academic source older than 2 years', () => {
    const base: RateOutletInput = {
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy' },
      academic: { bucket: 'right', factuality: 'high', sources: [source('2025-06-01')] },
      content: { sampleSize: 24, bucket: 'right', factuality: 'high' },
    };
    expect(rateOutlet(base)).toMatchObject({ bias: 'right', factuality: 'high', confidence: 'medium' });
    const oldSource = {
      ...base,
      academic: { ...base.academic!, sources: [source('2022-09-01')] },
      content: { ...base.content!, sampleSize: 47 },
    };
    expect(rateOutlet(oldSource)).toMatchObject({ bias: 'right', factuality: 'high', confidence: 'medium' });
  });

  it('Grupo Clarín record (§2): corporate-conglomerate in a democracy → R4, no ownership vote', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: {
        ownerType: 'corporate-conglomerate',
        countryRegime: 'democracy',
        fundingModel: 'advertising',
        regimeYear: 2024,
      },
    });
    expect(result).toMatchObject({ appliedRule: 'R4', bias: null, confidence: 'low', flags: ['no_signal'] });
  });

  it('R4 applies in every regime, including authoritarian ones (never R1)', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'authoritarian', regimeBucket: 'left' },
      content: { sampleSize: 25, bucket: 'right' },
    });
    expect(result).toMatchObject({ appliedRule: 'R4', bias: 'right', confidence: 'low' });
    expect(result.trace).toContain('FUN-4');
  });
});

describe('rateOutlet — FUN-4 vote combination', () => {
  it('no valid vote → bias null, low, no_signal', () => {
    const result = rateOutlet({ asOf: AS_OF, scope: 'political' });
    expect(result).toMatchObject({
      bias: null,
      confidence: 'low',
      appliedRule: null,
      flags: ['no_signal'],
      dissent: [],
    });
    expect(result.trace).toEqual(['FUN-4', 'FAC-1', 'FAC-2', 'VER']);
  });

  it('academic sources all older than 5 years are context only', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'left', sources: [source('2021-04-26')] },
    });
    expect(result.bias).toBeNull();
    expect(result.flags).toContain('no_signal');
  });

  it('a source dated exactly 5 years before asOf still counts (inclusive window)', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'left', sources: [source('2021-04-27')] },
    });
    expect(result).toMatchObject({ bias: 'left', confidence: 'low' });
  });

  it('content needs sampleSize ≥ 20 and a bucket', () => {
    const vote = (sampleSize: number, bucket: 'left' | 'inconclusive' | null) =>
      rateOutlet({ asOf: AS_OF, scope: 'political', content: { sampleSize, bucket } }).bias;
    expect(vote(19, 'left')).toBeNull();
    expect(vote(20, 'left')).toBe('left');
    expect(vote(50, 'inconclusive')).toBeNull();
    expect(vote(50, null)).toBeNull();
  });

  it('two disagreeing votes → the content vote, low, with the academic dissent', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'left', factuality: 'mixed', sources: [source('2025-01-01')] },
      content: { sampleSize: 35, bucket: 'center', factuality: 'mixed' },
    });
    expect(result).toMatchObject({
      bias: 'center',
      confidence: 'low',
      dissent: [{ signal: 'academic', bucket: 'left' }],
    });
  });

  it('a single academic vote decides with low confidence', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'right', factuality: 'high', sources: [source('2024-01-01')] },
    });
    expect(result).toMatchObject({ bias: 'right', confidence: 'low' });
  });

  it('other owner types give no vote and no rule', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'family-controlled', countryRegime: 'authoritarian' },
      content: { sampleSize: 25, bucket: 'left' },
    });
    expect(result.appliedRule).toBeNull();
    expect(result.trace).not.toContain('FUN-3');
  });
});

describe('rateOutlet — R2 public broadcasters', () => {
  it('no ownership prior in a democracy or a hybrid regime; signals 2 + 3 decide', () => {
    for (const countryRegime of ['democracy', 'hybrid'] as const) {
      const result = rateOutlet({
        asOf: AS_OF,
        scope: 'political',
        ownership: { ownerType: 'state-public-broadcaster', countryRegime, regimeBucket: 'left' },
        academic: { bucket: 'center', factuality: 'high', sources: [source('2025-10-01')] },
        content: { sampleSize: 60, bucket: 'center', factuality: 'high' },
      });
      expect(result).toMatchObject({ appliedRule: 'R2', bias: 'center', confidence: 'medium', dissent: [] });
    }
  });
});

describe('rateOutlet — R3 party outlets and the FUN-5 clamp', () => {
  it('three agreeing votes with a fresh source and sample ≥ 30 → high (CONF-H)', () => {
    const result = rateOutlet(r3AllLeft());
    expect(result).toMatchObject({ bias: 'left', confidence: 'high', appliedRule: 'R3' });
    expect(result.trace).toEqual(['FUN-3', 'FUN-1', 'FUN-2', 'FUN-4', 'CONF-H', 'FUN-5', 'FAC-1', 'FAC-2', 'VER']);
  });

  it('CONF-H: a source exactly 2 years old gives medium; one day younger gives high', () => {
    expect(rateOutlet(r3AllLeft({ sourceDate: '2024-04-27' })).confidence).toBe('medium');
    expect(rateOutlet(r3AllLeft({ sourceDate: '2024-04-28' })).confidence).toBe('high');
  });

  it('CONF-H: a content sample of 29 gives medium, 30 gives high', () => {
    expect(rateOutlet(r3AllLeft({ sampleSize: 29 })).confidence).toBe('medium');
    expect(rateOutlet(r3AllLeft({ sampleSize: 30 })).confidence).toBe('high');
  });

  it('CONF-H on 29 February: minus 2 years is 28 February', () => {
    const input = { ...r3AllLeft({ sourceDate: '2026-02-28' }), asOf: '2028-02-29' };
    expect(rateOutlet(input).confidence).toBe('medium');
    expect(rateOutlet({ ...input, academic: { ...input.academic!, sources: [source('2026-03-01')] } }).confidence).toBe(
      'high',
    );
  });

  it('FUN-1 on 29 February: minus 5 years is 28 February', () => {
    const input = (date: string): RateOutletInput => ({
      asOf: '2028-02-29',
      scope: 'political',
      academic: { bucket: 'left', sources: [source(date)] },
    });
    expect(rateOutlet(input('2023-02-28')).bias).toBe('left');
    expect(rateOutlet(input('2023-02-27')).bias).toBeNull();
  });

  it('a majority outside the party bucket becomes the party bucket (not center without strong center content)', () => {
    const result = rateOutlet({
      ...r3AllLeft(),
      academic: { bucket: 'right', factuality: 'high', sources: [source('2025-06-01')] },
      content: { sampleSize: 40, bucket: 'right', factuality: 'high' },
    });
    // FUN-4: right (2 of 3, medium); FUN-5: right → center → not allowed → left. Confidence stays medium.
    expect(result).toMatchObject({ bias: 'left', confidence: 'medium', flags: ['r3_clamped'] });
    expect(result.dissent).toEqual([
      { signal: 'academic', bucket: 'right' },
      { signal: 'content', bucket: 'right' },
    ]);
  });

  it('center is allowed only with center content of sampleSize ≥ 30', () => {
    const withCenter = (sampleSize: number) =>
      rateOutlet({
        ...r3AllLeft(),
        academic: { bucket: 'center', factuality: 'high', sources: [source('2025-06-01')] },
        content: { sampleSize, bucket: 'center', factuality: 'high' },
      });
    expect(withCenter(30)).toMatchObject({ bias: 'center', confidence: 'medium', flags: [] });
    expect(withCenter(29)).toMatchObject({ bias: 'left', confidence: 'medium', flags: ['r3_clamped'] });
  });

  it('FUN-5 changes only the bucket: a low-confidence content decision keeps low', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'political-party', countryRegime: 'hybrid', partyBucket: 'right' },
      content: { sampleSize: 33, bucket: 'center', factuality: 'mixed' },
    });
    expect(result).toMatchObject({ bias: 'center', confidence: 'low', appliedRule: 'R3' });
    const weak = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'political-party', countryRegime: 'hybrid', partyBucket: 'right' },
      content: { sampleSize: 33, bucket: 'left', factuality: 'mixed' },
    });
    expect(weak).toMatchObject({ bias: 'right', confidence: 'low', flags: ['r3_clamped'] });
  });

  it('ownership alone decides under R3 (low)', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'political-party', countryRegime: 'democracy', partyBucket: 'right' },
    });
    expect(result).toMatchObject({ bias: 'right', confidence: 'low', flags: [] });
  });
});

describe('rateOutlet — R1 and the FUN-6 override', () => {
  it('the regime prior holds without content; confidence low', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'state-captured', countryRegime: 'authoritarian', regimeBucket: 'left' },
      academic: { bucket: 'left', factuality: 'very-low', sources: [source('2025-01-01')] },
    });
    expect(result).toMatchObject({ bias: 'left', confidence: 'low', appliedRule: 'R1' });
    expect(result.trace).toContain('FUN-6');
    expect(result.trace).not.toContain('FUN-4');
  });

  it('three agreeing votes under R1 can be high', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: { ownerType: 'political-party', countryRegime: 'authoritarian', regimeBucket: 'left' },
      academic: { bucket: 'left', factuality: 'low', sources: [source('2025-01-01')] },
      content: { sampleSize: 45, bucket: 'left', factuality: 'low' },
    });
    expect(result).toMatchObject({ bias: 'left', confidence: 'high', factuality: 'low', appliedRule: 'R1' });
  });

  it('override: ≥ 30 articles, content ≠ prior, a recent primary domestic source whose bucket matches content', () => {
    const result = rateOutlet(r1Override());
    expect(result).toMatchObject({
      bias: 'right',
      confidence: 'medium',
      appliedRule: 'R1',
      flags: ['r1_content_override'],
      dissent: [{ signal: 'ownership', bucket: 'left' }],
    });
    expect(result.trace).toEqual(['FUN-3', 'FUN-1', 'FUN-2', 'FUN-6', 'FAC-1', 'FAC-2', 'VER']);
  });

  it('a primary source exactly 5 years old still corroborates', () => {
    expect(rateOutlet(r1Override({ source: source('2021-04-27') })).bias).toBe('right');
  });

  it.each([
    ['sampleSize 29', r1Override({ sampleSize: 29 })],
    ['a secondary source', r1Override({ source: source('2025-01-01', { weight: 'secondary' }) })],
    ['a foreign source', r1Override({ source: source('2025-01-01', { domestic: false }) })],
    ['a source older than 5 years', r1Override({ source: source('2021-04-26') })],
    ['an academic bucket different from content', r1Override({ academicBucket: 'center' })],
    ['a content window starting 91 days before asOf (not recent)', r1Override({ windowStart: '2026-01-26' })],
    ['a content window without a start date (recency not shown)', r1Override({ windowStart: null })],
  ])('each missing piece blocks the override: %s', (_name, input) => {
    const result = rateOutlet(input);
    expect(result.bias).toBe('left');
    expect(result.flags).not.toContain('r1_content_override');
  });

  it('a blocked override still computes confidence over {prior, academic, content} (FUN-6 reading)', () => {
    // prior left, academic right (valid), content right: the outvoted prior stays, 2 of 3 agree → medium
    expect(rateOutlet(r1Override({ sampleSize: 29 }))).toMatchObject({
      bias: 'left',
      confidence: 'medium',
      dissent: [
        { signal: 'academic', bucket: 'right' },
        { signal: 'content', bucket: 'right' },
      ],
    });
    // academic vote invalid (old source): {prior left, content right} disagree → low
    expect(rateOutlet(r1Override({ source: source('2020-01-01') }))).toMatchObject({ bias: 'left', confidence: 'low' });
  });

  it('inconclusive content cannot override and leaves confidence low', () => {
    expect(rateOutlet(r1Override({ contentBucket: 'inconclusive' }))).toMatchObject({
      bias: 'left',
      confidence: 'low',
    });
  });

  it('a recent control change with a predating window removes the content vote, so no override', () => {
    const input = r1Override();
    const result = rateOutlet({
      ...input,
      ownership: { ...input.ownership!, lastControlChange: '2026-01-15' },
      content: { ...input.content!, windowStart: '2026-01-14' },
    });
    expect(result).toMatchObject({ bias: 'left', confidence: 'low', flags: ['content_predates_control_change'] });
  });
});

describe('rateOutlet — CONF-SPLIT, CONF-CHANGE, CONF-CAP', () => {
  it('CONF-SPLIT lowers high to medium and sets split_outlet', () => {
    const input = r3AllLeft();
    const result = rateOutlet({
      ...input,
      content: { ...input.content!, newsBucket: 'center', opinionBucket: 'left' },
    });
    expect(result).toMatchObject({ bias: 'left', confidence: 'medium', flags: ['split_outlet'] });
    expect(result.trace).toContain('CONF-SPLIT');
  });

  it('CONF-SPLIT lowers medium to low and keeps low at low', () => {
    const input = r3AllLeft({ sampleSize: 25 });
    const split = { newsBucket: 'center', opinionBucket: 'left' } as const;
    expect(rateOutlet({ ...input, content: { ...input.content!, ...split } }).confidence).toBe('low');
    expect(
      rateOutlet({ asOf: AS_OF, scope: 'political', content: { sampleSize: 40, bucket: 'left', ...split } }).confidence,
    ).toBe('low');
  });

  it('CONF-SPLIT fires even when the content vote is invalid, and not when the buckets agree', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { bucket: 'left', factuality: 'mixed', sources: [source('2026-01-01')] },
      content: { sampleSize: 5, newsBucket: 'center', opinionBucket: 'left' },
    });
    expect(result.flags).toContain('split_outlet');
    const same = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      content: { sampleSize: 40, bucket: 'left', newsBucket: 'left', opinionBucket: 'left' },
    });
    expect(same.flags).not.toContain('split_outlet');
  });

  it('CONF-SPLIT runs before CONF-CAP: high → split medium → cap medium (cap does not fire)', () => {
    const input = r3AllLeft();
    const result = rateOutlet({
      ...input,
      academic: { bucket: 'left', sources: [source('2025-06-01')] },
      content: { sampleSize: 40, bucket: 'left', factuality: 'high', newsBucket: 'left', opinionBucket: 'right' },
    });
    expect(result.confidence).toBe('medium');
    expect(result.trace).not.toContain('CONF-CAP');
  });

  it('CONF-CHANGE: a window that starts before a change within 18 months drops the content vote', () => {
    const input = r3AllLeft();
    const result = rateOutlet({
      ...input,
      ownership: { ...input.ownership!, lastControlChange: '2025-12-01' },
      content: { ...input.content!, windowStart: '2025-11-30' },
    });
    // votes: party left + academic left → medium
    expect(result).toMatchObject({ bias: 'left', confidence: 'medium', flags: ['content_predates_control_change'] });
    expect(result.trace).toContain('CONF-CHANGE');
  });

  it('CONF-CHANGE: a window starting on the change date is post-change and counts', () => {
    const input = r3AllLeft();
    const result = rateOutlet({
      ...input,
      ownership: { ...input.ownership!, lastControlChange: '2025-12-01' },
      content: { ...input.content!, windowStart: '2025-12-01' },
    });
    expect(result).toMatchObject({ confidence: 'high', flags: [] });
  });

  it('CONF-CHANGE: a recent change with no windowStart counts as predating it', () => {
    const input = r3AllLeft();
    const result = rateOutlet({ ...input, ownership: { ...input.ownership!, lastControlChange: '2025-12-01' } });
    expect(result.flags).toEqual(['content_predates_control_change']);
  });

  it('CONF-CHANGE: a post-change window with sampleSize < 20 forces low', () => {
    const input = r3AllLeft();
    const result = rateOutlet({
      ...input,
      ownership: { ...input.ownership!, lastControlChange: '2025-12-01' },
      content: { ...input.content!, sampleSize: 12, windowStart: '2026-01-27' },
    });
    // without CONF-CHANGE: party left + academic left → medium
    expect(result).toMatchObject({ bias: 'left', confidence: 'low', flags: ['post_change_sample_insufficient'] });
  });

  it('CONF-CHANGE: the 18-month window is inclusive; older changes are ignored', () => {
    const input = r3AllLeft();
    const at = (lastControlChange: string) =>
      rateOutlet({
        ...input,
        ownership: { ...input.ownership!, lastControlChange },
        content: { ...input.content!, windowStart: '2024-10-01' },
      });
    expect(at('2026-01-28').flags).toEqual(['content_predates_control_change']);
    expect(at('2024-10-27').flags).toEqual(['content_predates_control_change']);
    expect(at('2024-10-26')).toMatchObject({ flags: [], confidence: 'high' });
  });

  it('CONF-CHANGE does not fire without a content block', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      ownership: {
        ownerType: 'political-party',
        countryRegime: 'democracy',
        partyBucket: 'left',
        lastControlChange: '2026-03-01',
      },
      academic: { bucket: 'left', factuality: 'mixed', sources: [source('2025-06-01')] },
    });
    expect(result).toMatchObject({ confidence: 'medium', flags: [] });
  });

  it('CONF-CAP: no factuality assessment caps at low; one caps at medium', () => {
    const input = r3AllLeft();
    const none = rateOutlet({
      ...input,
      academic: { bucket: 'left', sources: [source('2025-06-01')] },
      content: { sampleSize: 40, bucket: 'left' },
    });
    expect(none).toMatchObject({ confidence: 'low', factuality: 'mixed' });
    expect(none.trace.slice(-3)).toEqual(['FAC-2', 'CONF-CAP', 'VER']);
    const one = rateOutlet({ ...input, academic: { bucket: 'left', sources: [source('2025-06-01')] } });
    expect(one).toMatchObject({ confidence: 'medium', factuality: 'high' });
  });

  it('FAC-1/2: an assessment counts even when its signal has no valid vote', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'political',
      academic: { factuality: 'very-high', sources: [] },
      content: { sampleSize: 3, factuality: 'high' },
    });
    expect(result).toMatchObject({ bias: null, factuality: 'high' });
  });
});

describe('rateOutlet — FUN-0 non-political outlets', () => {
  it('bias null, appliedRule null, low without factuality evidence', () => {
    const result = rateOutlet({ asOf: AS_OF, scope: 'non_political' });
    expect(result).toEqual({
      bias: null,
      factuality: 'mixed',
      confidence: 'low',
      appliedRule: null,
      dissent: [],
      flags: [],
      trace: ['FUN-0', 'FAC-1', 'FAC-2', 'VER'],
      methodologyVersion: METHODOLOGY_VERSION,
    });
  });

  it('medium with factuality evidence; the funnel, CONF-SPLIT and CONF-CHANGE do not run', () => {
    const result = rateOutlet({
      asOf: AS_OF,
      scope: 'non_political',
      // R1-shaped ownership without regimeBucket is no error: FUN-3 does not run
      ownership: { ownerType: 'state-captured', countryRegime: 'authoritarian', lastControlChange: '2026-01-01' },
      academic: { bucket: 'left', factuality: 'high', sources: [source('2025-01-01')] },
      content: { sampleSize: 80, bucket: 'left', factuality: 'very-high', newsBucket: 'left', opinionBucket: 'right' },
    });
    expect(result).toMatchObject({
      bias: null,
      appliedRule: null,
      confidence: 'medium',
      factuality: 'high',
      flags: [],
    });
  });
});

describe('rateOutlet — input errors', () => {
  it('unknown enum value (no coercion)', () => {
    expectInputError(
      () =>
        rateOutlet({
          asOf: AS_OF,
          scope: 'political',
          ownership: { ownerType: 'government' as never, countryRegime: 'democracy' },
        }),
      'FUN-3',
      ['ownership', 'ownerType'],
    );
    expectInputError(() => rateOutlet({ asOf: AS_OF, scope: 'apolitical' as never }), 'FUN-0', ['scope']);
    expectInputError(
      () =>
        rateOutlet({ asOf: AS_OF, scope: 'political', content: { sampleSize: 30, bucket: 'insufficient' as never } }),
      'FUN-2',
      ['content', 'bucket'],
    );
  });

  it('missing required fields', () => {
    expectInputError(() => rateOutlet({ scope: 'political' } as never), 'FUN', ['asOf']);
    expectInputError(
      () => rateOutlet({ asOf: AS_OF, scope: 'political', academic: { bucket: 'left' } as never }),
      'FUN-1',
      ['academic', 'sources'],
    );
    expectInputError(
      () =>
        rateOutlet({
          asOf: AS_OF,
          scope: 'political',
          academic: { sources: [{ date: '2025-01-01', weight: 'primary' }] } as never,
        }),
      'FUN-1',
      ['academic', 'sources', 0, 'domestic'],
    );
  });

  it('unknown fields, non-integer or string counts and impossible dates are errors', () => {
    expect(() => rateOutlet({ asOf: AS_OF, scope: 'political', extra: 1 } as never)).toThrow(MethodologyInputError);
    expectInputError(
      () => rateOutlet({ asOf: AS_OF, scope: 'political', content: { sampleSize: '30' as never } }),
      'FUN-2',
      ['content', 'sampleSize'],
    );
    expectInputError(() => rateOutlet({ asOf: AS_OF, scope: 'political', content: { sampleSize: 20.5 } }), 'FUN-2', [
      'content',
      'sampleSize',
    ]);
    expectInputError(() => rateOutlet({ asOf: '2026-02-30', scope: 'political' }), 'FUN', ['asOf']);
  });

  it('R1 without regimeBucket and R3 without partyBucket (FUN-3)', () => {
    const error = expectInputError(
      () =>
        rateOutlet({
          asOf: AS_OF,
          scope: 'political',
          ownership: { ownerType: 'state-captured', countryRegime: 'authoritarian' },
        }),
      'FUN-3',
      ['ownership', 'regimeBucket'],
    );
    expect(error.functionName).toBe('rateOutlet');
    expectInputError(
      () =>
        rateOutlet({
          asOf: AS_OF,
          scope: 'political',
          ownership: { ownerType: 'political-party', countryRegime: 'hybrid' },
        }),
      'FUN-3',
      ['ownership', 'partyBucket'],
    );
  });

  it('future-dated inputs relative to asOf', () => {
    expectInputError(
      () =>
        rateOutlet({
          asOf: AS_OF,
          scope: 'political',
          academic: { bucket: 'left', sources: [source('2025-01-01'), source('2026-04-28')] },
        }),
      'FUN-1',
      ['academic', 'sources', 1, 'date'],
    );
    expectInputError(
      () => rateOutlet({ asOf: AS_OF, scope: 'political', content: { sampleSize: 20, windowStart: '2026-05-01' } }),
      'FUN-2',
      ['content', 'windowStart'],
    );
    expectInputError(
      () =>
        rateOutlet({
          asOf: AS_OF,
          scope: 'political',
          ownership: { ownerType: 'independent-private', countryRegime: 'democracy', lastControlChange: '2026-04-28' },
        }),
      'CONF-CHANGE',
      ['ownership', 'lastControlChange'],
    );
    // same calendar day (UTC) is not in the future
    expect(() =>
      rateOutlet({
        asOf: '2026-04-27T08:00:00Z',
        scope: 'political',
        content: { sampleSize: 20, windowStart: '2026-04-27T23:00:00Z' },
      }),
    ).not.toThrow();
  });

  it('rateOutletUnchecked runs the same semantic checks', () => {
    expectInputError(
      () =>
        rateOutletUnchecked({
          asOf: AS_OF,
          scope: 'political',
          ownership: { ownerType: 'political-party', countryRegime: 'democracy' },
        }),
      'FUN-3',
      ['ownership', 'partyBucket'],
    );
  });

  it('results conform to RateOutletResultSchema', () => {
    expect(RateOutletResultSchema.safeParse(rateOutlet(r1Override())).success).toBe(true);
  });
});
