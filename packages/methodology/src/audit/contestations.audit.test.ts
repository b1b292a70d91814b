/** Independent audit of RULES.md §8 (CON-1..4, AUDIT). */
import { describe, expect, it } from 'vitest';
import {
  checkContestationRateLimit,
  classificationAudit,
  MethodologyInputError,
  openContestation,
  parseContestation,
  ratingChangeRecord,
  RatingChangeCauseSchema,
  transitionContestation,
  type ContestationState,
  type ContestationStatus,
} from '../index.js';

const contestation = {
  id: 'c-1',
  dimension: 'bias' as const,
  outlet: 'latercera.com',
  contesterId: 'u-1',
  text: 'No es de centro.',
  createdAt: '2026-04-27T10:00:00Z',
};

describe('CON-1', () => {
  it('bias, factuality or ownership; anything else is an input error', () => {
    for (const dimension of ['bias', 'factuality', 'ownership'] as const)
      expect(parseContestation({ ...contestation, dimension }).dimension).toBe(dimension);
    expect(() => parseContestation({ ...contestation, dimension: 'tone' })).toThrow(MethodologyInputError);
  });
});

describe('CON-2 state machine', () => {
  const open = openContestation(contestation);
  const step = (state: ContestationState, to: ContestationStatus, at: string, notes = 'notas') =>
    transitionContestation(state, { to, by: 'editor-1', at, notes });

  it('open → triage → accepted | rejected, storing who, when and notes', () => {
    expect(open.status).toBe('open');
    const triaged = step(open, 'triage', '2026-04-27T11:00:00Z');
    expect(triaged.ok).toBe(true);
    if (!triaged.ok) return;
    expect(triaged.entry).toEqual({
      from: 'open',
      to: 'triage',
      by: 'editor-1',
      at: '2026-04-27T11:00:00Z',
      notes: 'notas',
    });
    for (const terminal of ['accepted', 'rejected'] as const) {
      const done = step(triaged.state, terminal, '2026-04-28T09:00:00Z');
      expect(done.ok, terminal).toBe(true);
      if (!done.ok) continue;
      expect(done.state.status).toBe(terminal);
      expect(done.state.transitions).toHaveLength(2);
      expect(done.triggersRerating).toBe(terminal === 'accepted'); // CON-4
      for (const next of ['open', 'triage', 'accepted', 'rejected'] as const) {
        const refused = step(done.state, next, '2026-04-29T09:00:00Z');
        expect(refused.ok, `${terminal} → ${next}`).toBe(false);
      }
    }
  });

  it('no other transition', () => {
    for (const to of ['open', 'accepted', 'rejected'] as const)
      expect(step(open, to, '2026-04-27T11:00:00Z').ok, `open → ${to}`).toBe(false);
    const triaged = step(open, 'triage', '2026-04-27T11:00:00Z');
    if (!triaged.ok) throw new Error('unreachable');
    for (const to of ['open', 'triage'] as const)
      expect(step(triaged.state, to, '2026-04-27T12:00:00Z').ok, `triage → ${to}`).toBe(false);
  });
});

describe('CON-3 rate limits', () => {
  const at = (minutes: number) => new Date(Date.parse('2026-04-27T00:00:00Z') + minutes * 60_000).toISOString();
  const submission = (minutes: number, contesterId = 'u-1', outlet = 'latercera.com') => ({
    contesterId,
    outlet,
    at: at(minutes),
  });

  it('3 per contester per hour: the 4th within the hour is refused; exactly one hour later it is allowed', () => {
    const history = [submission(0), submission(10), submission(20)];
    const snapshot = structuredClone(history);
    const refused = checkContestationRateLimit(history, submission(59));
    expect(refused).toMatchObject({ allowed: false, rule: 'contester_hour' });
    expect(history).toEqual(snapshot); // a refusal changes nothing
    expect(checkContestationRateLimit(history, submission(60)).allowed).toBe(true);
    expect(checkContestationRateLimit(history, submission(30, 'u-2')).allowed).toBe(true);
  });

  it('10 per contester per day', () => {
    const history = Array.from({ length: 10 }, (_, index) => submission(index * 120));
    expect(checkContestationRateLimit(history, submission(1300))).toMatchObject({
      allowed: false,
      rule: 'contester_day',
    });
    expect(checkContestationRateLimit(history.slice(1), submission(1300)).allowed).toBe(true);
  });

  it('50 per outlet per day across contesters; limits are parameters', () => {
    const history = Array.from({ length: 50 }, (_, index) => submission(index, `u-${index}`));
    expect(checkContestationRateLimit(history, submission(100, 'u-new'))).toMatchObject({
      allowed: false,
      rule: 'outlet_day',
    });
    expect(checkContestationRateLimit(history, submission(100, 'u-new', 'biobiochile.cl')).allowed).toBe(true);
    expect(checkContestationRateLimit(history, submission(100, 'u-new'), { perOutletDay: 51 }).allowed).toBe(true);
  });
});

describe('CON-4 and AUDIT', () => {
  it('every rating change records one of the five causes; an accepted contestation names itself', () => {
    expect(RatingChangeCauseSchema.options).toEqual([
      'editorial_change',
      'ownership_change',
      'accepted_contestation',
      'new_prompt_or_model_version',
      'methodology_update',
    ]);
    const record = {
      outlet: 'latercera.com',
      changedAt: '2026-05-02T12:00:00Z',
      field: 'bias',
      previous: 'right',
      next: 'center',
      methodologyVersion: 'v1.3-2026-12',
    };
    expect(ratingChangeRecord({ ...record, cause: 'accepted_contestation', contestationId: 'c-1' }).cause).toBe(
      'accepted_contestation',
    );
    expect(() => ratingChangeRecord({ ...record, cause: 'accepted_contestation' })).toThrow(MethodologyInputError);
    expect(() => ratingChangeRecord({ ...record })).toThrow(MethodologyInputError);
  });

  it('a classification stores model, prompt version, tokens, score, confidence, indicators and methodology version', () => {
    const audit = {
      model: 'm',
      promptVersion: 'p1',
      tokens: { input: 1, output: 2 },
      score: 0.5,
      confidence: 'high',
      indicators: ['x'],
      methodologyVersion: 'v1.3-2026-12',
    };
    expect(classificationAudit(audit)).toEqual(audit);
    for (const field of Object.keys(audit)) {
      const partial: Record<string, unknown> = { ...audit };
      delete partial[field];
      expect(() => classificationAudit(partial), field).toThrow(MethodologyInputError);
    }
  });
});
