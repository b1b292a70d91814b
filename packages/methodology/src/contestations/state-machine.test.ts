import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { classificationAudit } from './audit.js';
import { parseContestation } from './contestation.js';
import { ratingChangeRecord } from './rating-change.js';
import { contestationRules } from './rules.js';
import {
  ContestationStatusSchema,
  isTerminalContestationStatus,
  openContestation,
  transitionContestation,
  type ContestationState,
} from './state-machine.js';

const contestation = {
  id: 'c-1',
  dimension: 'bias' as const,
  outlet: 'latercera.com',
  contesterId: 'reader-9',
  text: 'O veículo não é de direita: ver editoriais de março.',
  createdAt: '2026-04-27T10:00:00Z',
};

function errorOf(run: () => unknown): MethodologyInputError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MethodologyInputError);
    return error as MethodologyInputError;
  }
  throw new Error('expected a MethodologyInputError');
}

describe('ContestationSchema (rule CON-1)', () => {
  it('accepts bias, factuality and ownership contestations', () => {
    for (const dimension of ['bias', 'factuality', 'ownership'] as const) {
      expect(parseContestation({ ...contestation, dimension }).dimension).toBe(dimension);
    }
  });
  it('rejects other dimensions, bad domains, blank or long texts and date-only times', () => {
    expect(errorOf(() => parseContestation({ ...contestation, dimension: 'tone' })).issues[0]!.path).toEqual([
      'dimension',
    ]);
    expect(errorOf(() => parseContestation({ ...contestation, outlet: 'https://latercera.com' })).rule).toBe('CON-1');
    expect(errorOf(() => parseContestation({ ...contestation, outlet: 'LaTercera.com' })).issues[0]!.path).toEqual([
      'outlet',
    ]);
    expect(errorOf(() => parseContestation({ ...contestation, text: '   ' })).issues[0]!.path).toEqual(['text']);
    expect(errorOf(() => parseContestation({ ...contestation, text: 'x'.repeat(5001) })).issues[0]!.path).toEqual([
      'text',
    ]);
    expect(errorOf(() => parseContestation({ ...contestation, createdAt: '2026-04-27' })).issues[0]!.path).toEqual([
      'createdAt',
    ]);
    expect(errorOf(() => parseContestation({ ...contestation, status: 'accepted' })).issues[0]!.code).toBe(
      'unrecognized_keys',
    );
  });
});

describe('transitionContestation (rule CON-2)', () => {
  const open = openContestation(contestation);

  it('goes open → triage → accepted, logging who, when and notes', () => {
    expect(open).toEqual({ contestationId: 'c-1', status: 'open', openedAt: '2026-04-27T10:00:00Z', transitions: [] });
    const triaged = transitionContestation(open, {
      to: 'triage',
      by: 'editor-1',
      at: '2026-04-27T11:00:00Z',
      notes: '',
    });
    expect(triaged).toMatchObject({ ok: true, triggersRerating: false, trace: ['CON-2'] });
    if (!triaged.ok) throw new Error('unreachable');
    const accepted = transitionContestation(triaged.state, {
      to: 'accepted',
      by: 'editor-2',
      at: '2026-04-28T09:00:00-03:00',
      notes: 'Editoriais confirmam a mudança.',
    });
    expect(accepted).toEqual({
      ok: true,
      state: {
        contestationId: 'c-1',
        status: 'accepted',
        openedAt: '2026-04-27T10:00:00Z',
        transitions: [
          { from: 'open', to: 'triage', by: 'editor-1', at: '2026-04-27T11:00:00Z', notes: '' },
          {
            from: 'triage',
            to: 'accepted',
            by: 'editor-2',
            at: '2026-04-28T09:00:00-03:00',
            notes: 'Editoriais confirmam a mudança.',
          },
        ],
      },
      entry: {
        from: 'triage',
        to: 'accepted',
        by: 'editor-2',
        at: '2026-04-28T09:00:00-03:00',
        notes: 'Editoriais confirmam a mudança.',
      },
      triggersRerating: true,
      trace: ['CON-2', 'CON-4'],
    });
    expect(triaged.state.transitions).toHaveLength(1); // not mutated
  });

  it('refuses other transitions as data', () => {
    const request = { by: 'editor-1', at: '2026-04-27T11:00:00Z', notes: 'x' };
    expect(transitionContestation(open, { ...request, to: 'accepted' })).toMatchObject({
      ok: false,
      reason: 'invalid_transition',
      from: 'open',
      to: 'accepted',
    });
    expect(transitionContestation(open, { ...request, to: 'open' })).toMatchObject({
      ok: false,
      reason: 'invalid_transition',
    });
    expect(transitionContestation(open, { ...request, to: 'triage', at: '2026-04-27T09:59:59Z' })).toMatchObject({
      ok: false,
      reason: 'not_chronological',
    });
    const triaged = transitionContestation(open, { ...request, to: 'triage' });
    if (!triaged.ok) throw new Error('unreachable');
    expect(transitionContestation(triaged.state, { ...request, to: 'rejected', notes: ' ' })).toMatchObject({
      ok: false,
      reason: 'notes_required',
    });
    const rejected = transitionContestation(triaged.state, { ...request, to: 'rejected' });
    if (!rejected.ok) throw new Error('unreachable');
    expect(transitionContestation(rejected.state, { ...request, to: 'triage' })).toMatchObject({
      ok: false,
      reason: 'terminal_state',
      from: 'rejected',
    });
  });

  it('rejects an inconsistent state or request as input errors', () => {
    const forged: ContestationState = { ...open, status: 'triage' };
    expect(
      errorOf(() => transitionContestation(forged, { to: 'accepted', by: 'e', at: '2026-04-28T00:00:00Z', notes: 'x' }))
        .issues[0]!.path,
    ).toEqual(['current', 'status']);
    const skipped: ContestationState = {
      ...open,
      status: 'accepted',
      transitions: [{ from: 'open', to: 'accepted', by: 'e', at: '2026-04-28T00:00:00Z', notes: 'x' }],
    };
    expect(
      errorOf(() => transitionContestation(skipped, { to: 'triage', by: 'e', at: '2026-04-29T00:00:00Z', notes: '' }))
        .rule,
    ).toBe('CON-2');
    expect(
      errorOf(() => transitionContestation(open, { to: 'triage', by: '', at: '2026-04-28T00:00:00Z', notes: '' }))
        .issues[0]!.path,
    ).toEqual(['request', 'by']);
  });

  const request = fc.record({
    to: fc.constantFrom(...ContestationStatusSchema.options),
    by: fc.constantFrom('editor-1', 'editor-2'),
    minutes: fc.integer({ min: -30, max: 600 }),
    notes: fc.constantFrom('', 'Revisado.', '  '),
  });
  test.prop([fc.array(request, { maxLength: 25 })])(
    'never leaves a terminal state and logs exactly the accepted transitions',
    (requests) => {
      let state = open;
      let clock = Date.parse(open.openedAt);
      for (const { to, by, minutes, notes } of requests) {
        clock += minutes * 60_000;
        const outcome = transitionContestation(state, { to, by, at: new Date(clock).toISOString(), notes });
        if (isTerminalContestationStatus(state.status)) {
          expect(outcome).toMatchObject({ ok: false, reason: 'terminal_state' });
        }
        if (outcome.ok) {
          expect(outcome.state.transitions).toHaveLength(state.transitions.length + 1);
          expect(outcome.entry.from).toBe(state.status);
          state = outcome.state;
        }
      }
      const path = ['open', ...state.transitions.map((transition) => transition.to)];
      expect([
        ['open'],
        ['open', 'triage'],
        ['open', 'triage', 'accepted'],
        ['open', 'triage', 'rejected'],
      ]).toContainEqual(path);
    },
  );
});

describe('ratingChangeRecord (rule CON-4)', () => {
  const record = {
    outlet: 'latercera.com',
    changedAt: '2026-05-02T12:00:00Z',
    cause: 'accepted_contestation',
    field: 'bias',
    previous: 'right',
    next: 'center',
    contestationId: 'c-1',
    methodologyVersion: 'v1.3-2026-12',
  };
  it('records the cause and names an accepted contestation', () => {
    expect(ratingChangeRecord(record)).toEqual(record);
    expect(ratingChangeRecord({ ...record, cause: 'methodology_update', contestationId: undefined }).cause).toBe(
      'methodology_update',
    );
  });
  it('rejects unknown causes, missing contestation ids and non-changes', () => {
    expect(errorOf(() => ratingChangeRecord({ ...record, cause: 'reader_complaint' })).issues[0]!.path).toEqual([
      'cause',
    ]);
    expect(errorOf(() => ratingChangeRecord({ ...record, contestationId: undefined })).issues[0]!.path).toEqual([
      'contestationId',
    ]);
    expect(errorOf(() => ratingChangeRecord({ ...record, cause: 'ownership_change' })).rule).toBe('CON-4');
    expect(errorOf(() => ratingChangeRecord({ ...record, next: 'right' })).issues[0]!.path).toEqual(['next']);
  });
});

describe('classificationAudit (rule AUDIT)', () => {
  const audit = {
    model: 'deepseek-chat',
    promptVersion: 'hc-v3',
    tokens: { input: 812, output: 64 },
    score: 0.82,
    confidence: 'high',
    indicators: ['boletín 12345-07'],
    methodologyVersion: 'v1.3-2026-12',
  };
  it('requires model, prompt version, tokens, score, confidence, indicators and methodology version', () => {
    expect(classificationAudit(audit)).toEqual(audit);
    for (const key of Object.keys(audit)) {
      const { [key as keyof typeof audit]: _removed, ...rest } = audit;
      const error = errorOf(() => classificationAudit(rest));
      expect(error.rule).toBe('AUDIT');
      expect(error.issues[0]!.path).toEqual([key]);
    }
    expect(errorOf(() => classificationAudit({ ...audit, tokens: { input: -1, output: 0 } })).issues[0]!.path).toEqual([
      'tokens',
      'input',
    ]);
  });
});

describe('contestationRules', () => {
  it('lists CON-1..CON-4 and AUDIT', () => {
    expect(contestationRules.map((rule) => rule.id)).toEqual(['CON-1', 'CON-2', 'CON-3', 'CON-4', 'AUDIT']);
  });
});
