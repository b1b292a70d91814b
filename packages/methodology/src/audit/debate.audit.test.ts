/** Independent audit of RULES.md §7 (debate fact-checking) and §10 "DEB-1", "JR-1/4", "MEN". */
import { describe, expect, it } from 'vitest';
import {
  checkCitations,
  claimHandling,
  compareCandidates,
  filterEvidence,
  findRepeatedClaim,
  finalizeVerdict,
  isExcludedSource,
  isOfficialSource,
  mentirometro,
  MethodologyInputError,
  multiPartVerdict,
  normalizeCitationUrl,
  numericVerdict,
  officialSourceShare,
  reverifyAudio,
  splitSpeakingTime,
  transcriptsAgree,
  type CheckStatus,
  type Verdict,
} from '../index.js';

const tones = (chatter: number, attack = 0, proposal = 0) => ({ proposal, attack, defense: 0, record: 0, chatter });

describe('DEB-1 speaking time', () => {
  it('splits proportionally (70 % attack, 30 % proposal of 10 s)', () => {
    expect(splitSpeakingTime(10, tones(0, 0.7, 0.3))).toEqual({
      proposal: 3,
      attack: 7,
      defense: 0,
      record: 0,
      chatter: 0,
    });
  });
  it('chatter strictly above 0.5 is dropped; exactly 0.5 (or within 1e-9) is kept, all five tones returned', () => {
    expect(splitSpeakingTime(10, tones(0.5, 0.5))).toEqual({
      proposal: 0,
      attack: 5,
      defense: 0,
      record: 0,
      chatter: 5,
    });
    expect(splitSpeakingTime(10, tones(0.5 + 1e-10, 0.4))).not.toBeNull();
    expect(splitSpeakingTime(10, tones(0.500001, 0.4))).toBeNull();
  });
  it('no renormalisation; negative or sum > 1 + 1e-9 is an input error', () => {
    expect(splitSpeakingTime(10, tones(0, 0.2, 0.2))).toEqual({
      proposal: 2,
      attack: 2,
      defense: 0,
      record: 0,
      chatter: 0,
    });
    expect(() => splitSpeakingTime(10, tones(0.5, 0.6))).toThrow(MethodologyInputError);
    expect(() => splitSpeakingTime(10, tones(-0.1, 0.6))).toThrow(MethodologyInputError);
  });
});

describe('DEB-2 claim kinds', () => {
  it('only checkable claims are searched; rhetoric, opinion and promises never become checks', () => {
    expect(claimHandling('checkable')).toMatchObject({ searched: true, becomesCheck: true });
    for (const kind of ['rhetoric', 'opinion', 'promise', 'proposal', 'attack'] as const) {
      expect(claimHandling(kind), kind).toMatchObject({ searched: false, becomesCheck: false });
    }
  });
});

describe('DEB-3 evidence filter', () => {
  it('host equal to or under an excluded domain is dropped; look-alikes are kept', () => {
    expect(isExcludedSource('https://pt.org.br/noticia')).toBe(true);
    expect(isExcludedSource('https://blog.pt.org.br/x')).toBe(true);
    expect(isExcludedSource('https://WWW.Brasil247.com/x')).toBe(true);
    expect(isExcludedSource('https://notpt.org.br/x')).toBe(false);
    expect(isExcludedSource('https://pt.org.br.example.com/x')).toBe(false);
    expect(isExcludedSource('https://revistaoeste.com.br/x')).toBe(false);
  });

  it('drops results published after the claim and undated ones unless allowUndated', () => {
    const results = [
      { url: 'https://www.ibge.gov.br/a', publishedAt: '2026-10-18T23:00:00Z' },
      { url: 'https://g1.globo.com/b', publishedAt: '2026-10-18T23:10:01Z' },
      { url: 'https://g1.globo.com/c', publishedAt: null },
      { url: 'https://tercalivre.com.br/d', publishedAt: '2026-01-01' },
    ];
    const strict = filterEvidence({ claimAt: '2026-10-18T23:10:00Z', results });
    expect(strict.kept.map((result) => result.url)).toEqual(['https://www.ibge.gov.br/a']);
    expect(strict.dropped.map((entry) => entry.reason)).toEqual([
      'published_after_claim',
      'undated',
      'excluded_domain',
    ]);
    const lenient = filterEvidence({ claimAt: '2026-10-18T23:10:00Z', results, allowUndated: true });
    expect(lenient.kept.map((result) => result.url)).toEqual(['https://www.ibge.gov.br/a', 'https://g1.globo.com/c']);
  });
});

describe('DEB-4 official sources', () => {
  it('suffixes gov.br, leg.br, jus.br, mp.br and agenciabrasil.ebc.com.br', () => {
    for (const url of [
      'https://www.ibge.gov.br/x',
      'https://gov.br/',
      'https://www.camara.leg.br/x',
      'https://portal.stf.jus.br/x',
      'https://www.mpf.mp.br/x',
      'https://agenciabrasil.ebc.com.br/x',
    ]) {
      expect(isOfficialSource(url), url).toBe(true);
    }
    for (const url of [
      'https://notgov.br/x',
      'https://gov.br.example.com/x',
      'https://ebc.com.br/x',
      'https://tvbrasil.ebc.com.br/x',
      'https://g1.globo.com/x',
    ]) {
      expect(isOfficialSource(url), url).toBe(false);
    }
  });
  it('share per debate as seed 001 reports it', () => {
    expect(
      officialSourceShare([
        { citations: ['https://www.bcb.gov.br/a'] },
        { citations: ['https://g1.globo.com/b'] },
        { citations: [] },
      ]),
    ).toEqual({
      checksWithSource: 2,
      officialChecks: 1,
      share: 0.5,
    });
  });
});

describe('DEB-5 citations', () => {
  it('normalises scheme/host case, www., fragment, trailing slash and utm_*', () => {
    expect(normalizeCitationUrl('HTTPS://WWW.IBGE.Gov.BR/inflacao/?utm_source=x&ano=2023&UTM_medium=y#tabela')).toBe(
      'https://ibge.gov.br/inflacao?ano=2023',
    );
    const check = checkCitations({
      verdict: 'true',
      citations: ['https://ibge.gov.br/inflacao?ano=2023'],
      searchedUrls: ['HTTPS://www.ibge.gov.br/inflacao/?ano=2023#x'],
    });
    expect(check.valid).toBe(true);
  });
  it('path case and other parameters are kept, so a different path is invalid', () => {
    expect(
      checkCitations({
        verdict: 'false',
        citations: ['https://ibge.gov.br/Inflacao'],
        searchedUrls: ['https://ibge.gov.br/inflacao'],
      }).problem,
    ).toBe('invalid_citation');
  });
  it('true/imprecise/false need ≥ 1 citation; no_data needs none', () => {
    for (const verdict of ['true', 'imprecise', 'false'] as const) {
      expect(checkCitations({ verdict, citations: [], searchedUrls: ['https://a.com/'] }).problem).toBe(
        'missing_citation',
      );
    }
    expect(checkCitations({ verdict: 'no_data', citations: [], searchedUrls: [] }).valid).toBe(true);
  });
  it('invalid citation → re-ask, then no_data with reason invalid_citation', () => {
    const judge = { verdict: 'false' as Verdict, citations: ['https://evil.example/x'] };
    expect(finalizeVerdict({ judge, searchedUrls: ['https://ibge.gov.br/x'], attempt: 1 }).outcome).toBe('re_ask');
    const final = finalizeVerdict({ judge, searchedUrls: ['https://ibge.gov.br/x'], attempt: 2 });
    expect(final).toMatchObject({ outcome: 'final', verdict: 'no_data' });
    expect(final.reasons).toContain('invalid_citation');
  });
});

describe('JR-1/4 numeric verdicts', () => {
  it('e ≤ 0.05 true; opposite sign false; e ≤ 0.5 imprecise; else false', () => {
    expect(numericVerdict(105, 100)).toBe('true');
    expect(numericVerdict(95, 100)).toBe('true');
    expect(numericVerdict(11e12, 10.8e12)).toBe('true');
    expect(numericVerdict(106, 100)).toBe('imprecise');
    expect(numericVerdict(150, 100)).toBe('imprecise');
    expect(numericVerdict(50, 100)).toBe('imprecise');
    expect(numericVerdict(151, 100)).toBe('false');
    expect(numericVerdict(49, 100)).toBe('false');
    expect(numericVerdict(-100, 100)).toBe('false');
    expect(numericVerdict(0, 5)).toBe('false');
  });
  it('reference 0: claimed 0 true, else false', () => {
    expect(numericVerdict(0, 0)).toBe('true');
    expect(numericVerdict(0.001, 0)).toBe('false');
  });
  it('order (§10): tolerance first, then the sign, then falseDeviation', () => {
    // e = 2: within a tolerance of 2 → true even with opposite signs
    expect(numericVerdict(-1, 1, { tolerance: 2, falseDeviation: 3 })).toBe('true');
    // e = 2 ≤ falseDeviation 3, but opposite sign → false
    expect(numericVerdict(-1, 1, { tolerance: 0.05, falseDeviation: 3 })).toBe('false');
  });
});

describe('JR-5 multi-part claims', () => {
  it('main true with another part not true → imprecise; main false with most parts true → imprecise, never false', () => {
    expect(multiPartVerdict('true', ['true', 'false'])).toBe('imprecise');
    expect(multiPartVerdict('true', ['true'])).toBe('true');
    expect(multiPartVerdict('false', ['true', 'true'])).toBe('imprecise');
    expect(multiPartVerdict('false', ['true', 'false'])).toBe('false');
  });
});

describe('AUD-1 re-transcription', () => {
  it('number words with magnitude: "sete e meio por cento" = 7,5 %, "134 milhões" ≠ "134 mil"', () => {
    expect(transcriptsAgree('a inflação foi de sete e meio por cento', 'a inflação foi de 7,5%')).toBe(true);
    expect(transcriptsAgree('são 134 milhões de pessoas', 'são 134 mil pessoas')).toBe(false);
    expect(transcriptsAgree('a Eletrobras foi vendida', 'a Petrobras foi vendida')).toBe(false);
  });
  it('disagreement → a third transcript; no majority → arbiter; under_review stays off the scoreboard', () => {
    const t = (vendor: string, text: string) => ({ vendor, model: `${vendor}-m`, text });
    expect(reverifyAudio({ transcripts: [t('openai', '134 milhões'), t('google', '134 mil')] }).action).toBe(
      'transcribe_third',
    );
    expect(
      reverifyAudio({
        transcripts: [t('openai', '134 milhões'), t('google', '134 mil'), t('anthropic', '134 milhões')],
      }),
    ).toMatchObject({
      outcome: 'majority',
      winner: 0,
    });
    expect(
      reverifyAudio({
        transcripts: [t('openai', '134 milhões'), t('google', '134 mil'), t('anthropic', '135 mil')],
        arbiterChoice: 'under_review',
      }),
    ).toMatchObject({ outcome: 'arbiter', checkStatus: 'under_review' });
    expect(() => reverifyAudio({ transcripts: [t('openai', 'x'), t('openai', 'x')] })).toThrow(MethodologyInputError);
  });
});

describe('MEN-1 / MEN-2 mentirômetro', () => {
  const checks = (candidate: string, counts: Partial<Record<Verdict, number>>, status: CheckStatus = 'published') =>
    (Object.entries(counts) as [Verdict, number][]).flatMap(([verdict, count]) =>
      Array.from({ length: count }, () => ({ candidate, verdict, status })),
    );

  it('index = (false + imprecise/2) / checkable over published checks; rows in order of first appearance', () => {
    const rows = mentirometro([
      ...checks('B', { no_data: 2 }),
      ...checks('A', { true: 1, imprecise: 1, false: 2 }),
      ...checks('A', { false: 5 }, 'removed'),
      ...checks('A', { false: 5 }, 'under_review'),
      ...checks('A', { false: 5 }, 'discarded'),
    ]);
    expect(rows).toEqual([
      { candidate: 'B', true: 0, imprecise: 0, false: 0, checkable: 0, index: null },
      { candidate: 'A', true: 1, imprecise: 1, false: 2, checkable: 4, index: 0.625 },
    ]);
  });

  it('exact tie inequality: 10 points apart is not a tie (float 0.3 − 0.2 < 0.1 would say tie)', () => {
    const a = checks('A', { false: 3, true: 7 }); // 0.3
    const b = checks('B', { false: 2, true: 8 }); // 0.2
    expect(compareCandidates('A', 'B', [...a, ...b])).toBe('a');
    expect(compareCandidates('B', 'A', [...a, ...b])).toBe('b');
    const closer = checks('B', { false: 2, imprecise: 1, true: 7 }); // 0.25
    expect(compareCandidates('A', 'B', [...a, ...closer])).toBe('tie');
  });

  it('the ≥ 3 check runs before the tie check; only published checks count', () => {
    const a = checks('A', { false: 1, true: 1 });
    const b = checks('B', { false: 1, true: 2 });
    expect(compareCandidates('A', 'B', [...a, ...b, ...checks('A', { false: 4 }, 'removed')])).toBe('insufficient');
    expect(compareCandidates('A', 'B', [...a, ...checks('A', { true: 1 }), ...b])).toBe('tie');
  });
});

describe('REP-1 repeated claims', () => {
  const earlier = (text: string, verdict: Verdict = 'false') => ({
    checkId: 'c1',
    candidate: 'A',
    debate: 'Band 18/10',
    text,
    history: [{ verdict, status: 'published' as const, at: '2026-10-18T23:00:00Z', phase: 'live' as const }],
  });

  it('reuses the latest revised verdict with "já checado em <debate>"', () => {
    const check = earlier('O desemprego caiu para 10,5%');
    check.history.push({
      verdict: 'imprecise',
      status: 'published',
      at: '2026-10-19T12:00:00Z',
      phase: 'review' as never,
    });
    const result = findRepeatedClaim({
      claim: { candidate: 'A', text: 'o desemprego caiu para 10,5%!' },
      earlierChecks: [check],
    });
    expect(result).toMatchObject({
      repeated: true,
      label: 'já checado em Band 18/10',
      reused: { verdict: 'imprecise' },
    });
    expect(
      findRepeatedClaim({ claim: { candidate: 'B', text: 'o desemprego caiu para 10,5%' }, earlierChecks: [check] })
        .repeated,
    ).toBe(false);
  });

  it('a similarity within 1e-9 of the threshold counts as equal to it (§10 real-valued thresholds)', () => {
    // tokens {inflacao, subiu, muito, ontem, forte} vs {inflacao, subiu, muito, ontem}: Jaccard 4/5
    const input = {
      claim: { candidate: 'A', text: 'inflação subiu muito ontem forte' },
      earlierChecks: [earlier('inflação subiu muito ontem')],
    };
    expect(findRepeatedClaim({ ...input, jaccardThreshold: 0.8 }).repeated).toBe(true);
    expect(findRepeatedClaim({ ...input, jaccardThreshold: 0.8 + 5e-10 }).repeated).toBe(true);
    expect(findRepeatedClaim({ ...input, jaccardThreshold: 0.81 }).repeated).toBe(false);
  });
});
