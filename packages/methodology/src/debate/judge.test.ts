import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { claimHandling } from './claims.js';
import {
  capSlipOfTongue,
  capUnprovenAccusation,
  evidenceMismatchVerdict,
  finalizeVerdict,
  multiPartVerdict,
  type JudgeOutput,
} from './judge.js';

const searchedUrls = ['https://www.ibge.gov.br/x/', 'https://g1.globo.com/y'];
const cited = ['https://ibge.gov.br/x'];

function finalize(judge: Partial<JudgeOutput>, attempt = 1) {
  return finalizeVerdict({ judge: { verdict: 'true', citations: cited, ...judge }, searchedUrls, attempt });
}

describe('claimHandling (DEB-2, JR-9)', () => {
  it('searches only checkable claims; rhetoric, opinion and promises never become checks', () => {
    expect(claimHandling('checkable')).toMatchObject({
      action: 'check',
      searched: true,
      becomesCheck: true,
      status: null,
    });
    expect(claimHandling('proposal')).toMatchObject({
      action: 'annotate',
      searched: false,
      becomesCheck: false,
      status: null,
    });
    expect(claimHandling('attack')).toMatchObject({ action: 'annotate', searched: false, becomesCheck: false });
    expect(claimHandling('rhetoric')).toMatchObject({
      action: 'discard',
      becomesCheck: false,
      status: 'discarded',
      trace: ['DEB-2'],
    });
    expect(claimHandling('opinion')).toMatchObject({
      action: 'discard',
      status: 'discarded',
      trace: ['DEB-2', 'JR-9'],
    });
    expect(claimHandling('promise')).toMatchObject({
      action: 'discard',
      status: 'discarded',
      trace: ['DEB-2', 'JR-9'],
    });
  });

  it('rejects an unknown kind', () => {
    expect(() => claimHandling('joke' as never)).toThrow(/DEB-2/);
  });
});

describe('JR-2/3, JR-5, JR-6, JR-7 helpers', () => {
  it('JR-2/3: opinion, value judgement, unmeasurable comparison, other period or datum → no_data', () => {
    expect(evidenceMismatchVerdict('false', { claimNature: 'value_judgement' })).toBe('no_data');
    expect(evidenceMismatchVerdict('true', { claimNature: 'unmeasurable_comparison' })).toBe('no_data');
    expect(evidenceMismatchVerdict('false', { evidenceScope: 'other_period' })).toBe('no_data');
    expect(evidenceMismatchVerdict('false', { evidenceScope: 'other_datum' })).toBe('no_data');
    expect(evidenceMismatchVerdict('false', {})).toBe('false');
    expect(() => evidenceMismatchVerdict('false', { evidenceScope: 'later' as never })).toThrow(
      /JR-2\/3.*evidenceScope/,
    );
  });

  it('JR-5: judged by the main part', () => {
    expect(multiPartVerdict('true', ['true', 'true'])).toBe('true');
    expect(multiPartVerdict('true', ['true', 'false'])).toBe('imprecise');
    expect(multiPartVerdict('true', ['imprecise'])).toBe('imprecise');
    expect(multiPartVerdict('true', ['no_data'])).toBe('true');
    expect(multiPartVerdict('false', ['true', 'true'])).toBe('imprecise');
    expect(multiPartVerdict('false', ['true'])).toBe('false');
    expect(multiPartVerdict('false', ['true', 'false'])).toBe('false');
    expect(multiPartVerdict('false', ['true', 'true', 'no_data'])).toBe('imprecise');
    expect(multiPartVerdict('imprecise', ['false'])).toBe('imprecise');
    expect(multiPartVerdict('no_data', ['true', 'true'])).toBe('no_data');
  });

  it('JR-6: a slip of the tongue is at most imprecise', () => {
    expect(capSlipOfTongue('false')).toBe('imprecise');
    expect(capSlipOfTongue('true')).toBe('true');
    expect(capSlipOfTongue('no_data')).toBe('no_data');
  });

  it('JR-7: an unproven accusation is imprecise', () => {
    expect(capUnprovenAccusation('false')).toBe('imprecise');
    expect(capUnprovenAccusation('true')).toBe('imprecise');
    expect(capUnprovenAccusation('no_data')).toBe('no_data');
    expect(() => capUnprovenAccusation('yes' as never)).toThrow(/JR-7/);
  });
});

describe('finalizeVerdict (DEB-5 then JR-2/3, JR-5, JR-6, JR-7, JR-9)', () => {
  it('publishes a verdict with valid citations and asks for audio re-verification of false/imprecise', () => {
    expect(finalize({ verdict: 'true' })).toEqual({
      outcome: 'final',
      verdict: 'true',
      status: 'published',
      reasons: [],
      trace: ['DEB-5'],
      citations: ['https://ibge.gov.br/x'],
      audioCheckRequired: false,
    });
    expect(finalize({ verdict: 'false' }).audioCheckRequired).toBe(true);
    expect(finalize({ verdict: 'imprecise' }).audioCheckRequired).toBe(true);
  });

  it('re-asks on the first invalid citation, then gives no_data with reason invalid_citation', () => {
    const judge = { verdict: 'false' as const, citations: ['https://fatos-verdadeiros.example/prova'] };
    expect(finalize(judge, 1)).toMatchObject({
      outcome: 're_ask',
      verdict: null,
      status: null,
      reasons: ['invalid_citation'],
    });
    expect(finalize(judge, 2)).toMatchObject({
      outcome: 'final',
      verdict: 'no_data',
      status: 'published',
      reasons: ['invalid_citation'],
      trace: ['DEB-5'],
      audioCheckRequired: false,
    });
  });

  it('a scored verdict without citation is re-asked, then no_data', () => {
    expect(finalize({ verdict: 'true', citations: [] }, 1)).toMatchObject({
      outcome: 're_ask',
      reasons: ['missing_citation'],
    });
    expect(finalize({ verdict: 'true', citations: [] }, 2)).toMatchObject({
      verdict: 'no_data',
      reasons: ['invalid_citation', 'missing_citation'],
    });
    expect(finalize({ verdict: 'no_data', citations: [] }, 1)).toMatchObject({
      outcome: 'final',
      verdict: 'no_data',
      status: 'published',
    });
  });

  it('JR-2/3 turns mismatched evidence into no_data', () => {
    expect(finalize({ verdict: 'false', evidenceScope: 'other_period' })).toMatchObject({
      verdict: 'no_data',
      status: 'published',
      reasons: ['other_period'],
      trace: ['DEB-5', 'JR-2/3'],
    });
  });

  it('JR-5 aggregates parts, JR-6 and JR-7 cap', () => {
    expect(finalize({ verdict: 'false', otherParts: ['true', 'true'] })).toMatchObject({
      verdict: 'imprecise',
      reasons: ['main_false_most_parts_true'],
      trace: ['DEB-5', 'JR-5'],
    });
    expect(finalize({ verdict: 'false', slipOfTongue: true })).toMatchObject({
      verdict: 'imprecise',
      trace: ['DEB-5', 'JR-6'],
    });
    expect(finalize({ verdict: 'true', slipOfTongue: true })).toMatchObject({ verdict: 'true', trace: ['DEB-5'] });
    expect(finalize({ verdict: 'true', unprovenAccusation: true })).toMatchObject({
      verdict: 'imprecise',
      trace: ['DEB-5', 'JR-7'],
    });
    expect(finalize({ verdict: 'no_data', citations: [], unprovenAccusation: true })).toMatchObject({
      verdict: 'no_data',
      trace: ['DEB-5'],
    });
  });

  it('JR-9 discards promises, future goals and pure opinion (verdict no_data, off the scoreboard)', () => {
    for (const claimNature of ['promise', 'future_goal'] as const) {
      expect(finalize({ verdict: 'false', claimNature })).toMatchObject({
        outcome: 'final',
        verdict: 'no_data',
        status: 'discarded',
        reasons: [claimNature],
        trace: ['DEB-5', 'JR-9'],
        audioCheckRequired: false,
      });
    }
    expect(finalize({ verdict: 'false', claimNature: 'opinion' })).toMatchObject({
      verdict: 'no_data',
      status: 'discarded',
      reasons: ['opinion'],
      trace: ['DEB-5', 'JR-2/3', 'JR-9'],
    });
  });

  it('still discards a promise after a failed re-ask', () => {
    expect(finalize({ verdict: 'true', citations: ['https://x.example/'], claimNature: 'promise' }, 2)).toMatchObject({
      verdict: 'no_data',
      status: 'discarded',
      reasons: ['invalid_citation', 'promise'],
      trace: ['DEB-5', 'JR-9'],
    });
  });

  it('rejects malformed judge output naming the field', () => {
    expect(() => finalizeVerdict({ judge: { verdict: 'true', citations: [] }, searchedUrls, attempt: 0 })).toThrow(
      /attempt/,
    );
    try {
      finalizeVerdict({
        judge: { verdict: 'true', citations: [], confidence: 0.9 } as never,
        searchedUrls,
        attempt: 1,
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodologyInputError);
      expect((error as MethodologyInputError).functionName).toBe('finalizeVerdict');
      expect((error as MethodologyInputError).message).toMatch(/judge/);
    }
  });
});
