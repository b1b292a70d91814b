import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import type { CheckStatus, Verdict } from '../shared/schemas.js';
import { reviseCheck, scoreboards, verdictStates, type CheckHistory, type VerdictHistoryEntry } from './review.js';

const live = (
  verdict: Verdict,
  status: CheckStatus = 'published',
  at = '2026-10-18T23:00:00Z',
): VerdictHistoryEntry => ({ verdict, status, at, phase: 'live' });
const review = (
  verdict: Verdict,
  status: CheckStatus = 'published',
  at = '2026-10-19T12:00:00Z',
): VerdictHistoryEntry => ({
  verdict,
  status,
  at,
  phase: 'review',
});

describe('reviseCheck / verdictStates (REV-D)', () => {
  const check: CheckHistory = { checkId: 'c1', candidate: 'Ana', history: [live('false')] };

  it('appends and keeps the previous verdict visible', () => {
    const { check: revised, states } = reviseCheck(check, {
      ...review('imprecise'),
      reason: 're-transcription: 134 milhões',
    });
    expect(revised.history).toHaveLength(2);
    expect(check.history).toHaveLength(1); // the input is not mutated
    expect(states.current.verdict).toBe('imprecise');
    expect(states.live?.verdict).toBe('false');
    expect(states.previous.map((entry) => entry.verdict)).toEqual(['false']);
    expect(states.revised).toBe(true);
  });

  it('reports no previous state for an unchanged re-confirmation', () => {
    const states = verdictStates({ ...check, history: [live('false'), review('false')] });
    expect(states.previous).toEqual([]);
    expect(states.revised).toBe(false);
  });

  it('a check created by the review has no live state', () => {
    expect(verdictStates({ ...check, history: [review('true')] })).toMatchObject({ live: null, revised: true });
  });

  it('refuses to go back in time or to add a live entry after review', () => {
    expect(() => reviseCheck(check, review('true', 'published', '2026-10-18T22:00:00Z'))).toThrow(
      /REV-D.*history\.1\.at/,
    );
    expect(() =>
      reviseCheck({ ...check, history: [live('false'), review('true')] }, live('true', 'published', '2026-10-20')),
    ).toThrow(/history\.2\.phase/);
    expect(() => verdictStates({ ...check, history: [] })).toThrow(MethodologyInputError);
  });
});

describe('scoreboards (REV-D, MEN-1)', () => {
  it('keeps the live scoreboard as it was at the end of the broadcast', () => {
    const boards = scoreboards([
      { checkId: 'c1', candidate: 'Ana', history: [live('false'), review('true')] },
      { checkId: 'c2', candidate: 'Ana', history: [live('false'), review('false', 'removed')] },
      {
        checkId: 'c3',
        candidate: 'Beto',
        history: [live('imprecise', 'under_review'), live('imprecise', 'published', '2026-10-18T23:30:00Z')],
      },
      { checkId: 'c4', candidate: 'Caio', history: [review('false')] },
    ]);
    expect(boards.live).toEqual([
      { candidate: 'Ana', true: 0, imprecise: 0, false: 2, checkable: 2, index: 1 },
      { candidate: 'Beto', true: 0, imprecise: 1, false: 0, checkable: 1, index: 0.5 },
      { candidate: 'Caio', true: 0, imprecise: 0, false: 0, checkable: 0, index: null },
    ]);
    expect(boards.revised).toEqual([
      { candidate: 'Ana', true: 1, imprecise: 0, false: 0, checkable: 1, index: 0 },
      { candidate: 'Beto', true: 0, imprecise: 1, false: 0, checkable: 1, index: 0.5 },
      { candidate: 'Caio', true: 0, imprecise: 0, false: 1, checkable: 1, index: 1 },
    ]);
  });

  it('rejects malformed histories naming the check', () => {
    expect(() =>
      scoreboards([
        { checkId: 'c1', candidate: 'Ana', history: [review('true'), live('true', 'published', '2026-10-20')] },
      ]),
    ).toThrow(/REV-D.*0\.history\.1\.phase/);
  });
});

const verdict = fc.constantFrom<Verdict>('true', 'imprecise', 'false', 'no_data');
const status = fc.constantFrom<CheckStatus>('published', 'discarded', 'under_review', 'removed');
const liveEntries = fc.array(fc.record({ verdict, status }), { minLength: 1, maxLength: 3 });
const reviewEntries = fc.array(fc.record({ verdict, status }), { maxLength: 3 });

describe('scoreboards properties (REV-D)', () => {
  test.prop([
    fc.array(
      fc.record({ candidate: fc.constantFrom('Ana', 'Beto', 'Caio'), live: liveEntries, review: reviewEntries }),
      { maxLength: 25 },
    ),
  ])('review never changes the live scoreboard', (checks) => {
    const toHistory = (withReview: boolean): CheckHistory[] =>
      checks.map((check, index) => ({
        checkId: `c${index}`,
        candidate: check.candidate,
        history: [
          ...check.live.map((entry, position) => live(entry.verdict, entry.status, `2026-10-18T23:0${position}:00Z`)),
          ...(withReview
            ? check.review.map((entry, position) =>
                review(entry.verdict, entry.status, `2026-10-19T1${position}:00:00Z`),
              )
            : []),
        ],
      }));
    const before = scoreboards(toHistory(false));
    const after = scoreboards(toHistory(true));
    expect(after.live).toEqual(before.live);
    expect(before.revised).toEqual(before.live);
    expect(after.revised.map((row) => row.candidate)).toEqual(after.live.map((row) => row.candidate));
  });
});
