import { fc, test } from '@fast-check/vitest';
import { normalizeCitationUrl, verdictStates, type Verdict } from '@espectro/methodology';
import { describe, expect } from 'vitest';
import { debateScoreboards } from './outputs/scoreboard.js';
import type { DebateReplayInput } from './replay/format.js';
import { runReplay } from './replay/stages.js';
import type { Check } from './schemas.js';

const CANDIDATES = ['Ana Lume', 'Bruno Vale'] as const;
const URL_OK = 'https://dados.exemplo.gov.br/indice';
const URL_EVIL = 'https://evil.example/prova';
const verdict = fc.constantFrom<Verdict>('true', 'imprecise', 'false', 'no_data');
const noFacts = {
  claimed: null,
  reference: null,
  unit: null,
  claimNature: 'factual',
  evidenceScope: 'same',
  otherParts: [],
  slipOfTongue: false,
  unprovenAccusation: false,
} as const;

const chunkPlan = fc.record({
  speaker: fc.constantFrom<string | null>(...CANDIDATES, null),
  chatter: fc.boolean(),
  kind: fc.constantFrom('checkable', 'checkable', 'checkable', 'promise', 'attack'),
  verdict,
  nature: fc.constantFrom('factual', 'factual', 'factual', 'promise', 'opinion'),
  firstCitationValid: fc.boolean(),
  secondCitationValid: fc.boolean(),
  audio: fc.constantFrom(
    'agree',
    'third_agrees',
    'majority_against',
    'arbiter_publish',
    'arbiter_correct',
    'arbiter_under_review',
  ),
  correctedVerdict: verdict,
  review: fc.option(fc.record({ claimSaid: fc.boolean(), verdict, changed: fc.boolean() }), { nil: undefined }),
  reported: fc.boolean(),
});

type ChunkPlan = typeof chunkPlan extends fc.Arbitrary<infer Plan> ? Plan : never;

function buildReplay(plans: ChunkPlan[]): DebateReplayInput {
  const judge: Record<string, unknown> = {};
  const evidence: Record<string, unknown> = {};
  const audioCheck: Record<string, unknown> = {};
  const correctedClaims: Record<string, unknown> = {};
  const answers: Record<string, unknown> = {};
  const transcripts: Record<string, string> = {};
  const reports: { id: string; checkId: string; receivedAt: string; message: string }[] = [];
  const sentence = (index: number, value: number) => `O índice ficou em ${value}% em 2025, disse ${index}.`;
  const chunks = plans.map((plan, index) => {
    const key = `${index}.0`;
    const original = sentence(index, 10 + index);
    const alt = (shift: number) => sentence(index, 10 + index + shift);
    evidence[key] = { results: [{ url: URL_OK, publishedAt: '2026-01-01', provider: 'replay', snippet: 'dado' }] };
    evidence[`${key}#corrected`] = evidence[key];
    const answer = (valid: boolean, value: Verdict) => ({
      verdict: value,
      reason: 'r',
      citations: [valid ? URL_OK : URL_EVIL],
      facts: { ...noFacts, claimNature: plan.nature },
    });
    judge[`${key}#1`] = answer(plan.firstCitationValid, plan.verdict);
    judge[`${key}#2`] = answer(plan.secondCitationValid, plan.verdict);
    judge[`${key}#corrected#1`] = answer(true, plan.correctedVerdict);
    correctedClaims[key] = [{ kind: 'checkable', text: alt(1), datum: 'índice', query: 'índice' }];
    const arbiter = (choice: 'publish' | 'correct' | 'under_review') => ({
      choice,
      correctedText: choice === 'correct' ? alt(1) : null,
      reason: 'r',
    });
    audioCheck[key] = {
      agree: { transcripts: [original, original] },
      third_agrees: { transcripts: [original, alt(2), original] },
      majority_against: { transcripts: [alt(1), original, alt(1)] },
      arbiter_publish: { transcripts: [original, alt(2), alt(3)], arbiter: arbiter('publish') },
      arbiter_correct: { transcripts: [original, alt(2), alt(3)], arbiter: arbiter('correct') },
      arbiter_under_review: { transcripts: [original, alt(2), alt(3)], arbiter: arbiter('under_review') },
    }[plan.audio];
    if (plan.review !== undefined) {
      answers[`${key}#1`] = {
        claimSaid: plan.review.claimSaid,
        correctedText: null,
        judge: { verdict: plan.review.verdict, reason: 'revisão', citations: [URL_OK], facts: noFacts },
      };
      if (plan.review.changed) transcripts[String(index)] = alt(5);
    }
    if (plan.reported)
      reports.push({
        id: `r${index}`,
        checkId: `prop#${key}`,
        receivedAt: '2026-09-18T08:00:00Z',
        message: 'acho que está errado',
      });
    return {
      index,
      transcript: original,
      speaker: plan.speaker,
      tone: plan.chatter
        ? { proposal: 0, attack: 0, defense: 0, record: 0, chatter: 0.9 }
        : { proposal: 0.2, attack: 0.7, defense: 0, record: 0, chatter: 0.1 },
      claims: [{ kind: plan.kind, text: original, datum: 'índice', query: 'índice' }],
    };
  });
  // a reader report or a changed transcript without a recorded review answer falls back to the live judge answer
  return {
    format: 'espectro.debate-replay',
    version: 1,
    fictional: true,
    notice: 'gerado para teste de propriedades (fictício)',
    debate: {
      id: 'prop',
      name: 'Debate gerado (fictício)',
      startedAt: '2026-09-17T23:00:00Z',
      candidates: CANDIDATES.map((name) => ({ name })),
    },
    chunks,
    evidence: evidence as DebateReplayInput['evidence'],
    judge: judge as DebateReplayInput['judge'],
    audioCheck: audioCheck as DebateReplayInput['audioCheck'],
    correctedClaims: correctedClaims as DebateReplayInput['correctedClaims'],
    review: {
      reviewedAt: '2026-09-18T12:00:00Z',
      transcripts,
      reports,
      answers: answers as NonNullable<DebateReplayInput['review']>['answers'],
    },
  };
}

function expectedCheckable(checks: Check[], which: 'live' | 'current'): Map<string, number> {
  const counts = new Map<string, number>();
  for (const check of checks) {
    const states = verdictStates({ checkId: check.id, candidate: check.candidate, history: check.history });
    const state = which === 'live' ? states.live : states.current;
    counts.set(
      check.candidate,
      (counts.get(check.candidate) ?? 0) +
        (state !== null && state.status === 'published' && state.verdict !== 'no_data' ? 1 : 0),
    );
  }
  return counts;
}

describe('scoreboard invariants over generated debates', () => {
  test.prop([fc.array(chunkPlan, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 5 })], { numRuns: 40 })(
    'review never changes the live scoreboard; under_review, discarded and removed never count; histories are append-only',
    async (plans, concurrency) => {
      const run = await runReplay(buildReplay(plans), { concurrency });
      const review = run.review!;
      // chunks in order, none lost, none failed (so the properties below are never vacuous)
      expect(run.live.chunks.map((chunk) => chunk.index)).toEqual(plans.map((_, index) => index));
      expect(run.live.chunks.filter((chunk) => chunk.status === 'failed')).toEqual([]);
      const expectedChecks = plans.filter(
        (plan) => plan.speaker !== null && !plan.chatter && plan.kind === 'checkable',
      ).length;
      expect(run.live.checks).toHaveLength(expectedChecks);
      expect(review.failed).toEqual([]);
      // the live scoreboard is what was visible at the end of the broadcast, before and after the review
      expect(run.summary.live).toEqual(debateScoreboards(run.live.checks).live);
      expect(debateScoreboards(review.checks).live).toEqual(debateScoreboards(run.live.checks).live);
      // only published checks with a scored verdict count
      for (const [board, which, checks] of [
        [run.summary.live, 'live', run.live.checks],
        [run.summary.revised, 'current', review.checks],
      ] as const) {
        const expected = expectedCheckable([...checks], which);
        for (const row of board) {
          expect(row.checkable).toBe(expected.get(row.candidate));
          expect(row.true + row.imprecise + row.false).toBe(row.checkable);
        }
      }
      review.checks.forEach((check, index) => {
        const live = run.live.checks[index] as Check;
        expect(check.id).toBe(live.id);
        expect(check.history.slice(0, -1)).toEqual(live.history);
        expect(check.history.at(-1)?.phase).toBe('review');
      });
      for (const check of run.live.checks) {
        // AUD-1: nothing false/imprecise is published without re-verification
        if (check.status === 'published' && (check.verdict === 'false' || check.verdict === 'imprecise'))
          expect(check.reverification).not.toBeNull();
        // DEB-5: every citation is a searched URL
        const searched = new Set(check.evidence.map((item) => normalizeCitationUrl(item.url)));
        for (const citation of check.citations) expect(searched.has(citation)).toBe(true);
        expect(check.citations).not.toContain(normalizeCitationUrl(URL_EVIL));
        // checks only for candidates, never for unknown voices or chatter
        expect(CANDIDATES).toContain(check.candidate);
      }
    },
  );
});
