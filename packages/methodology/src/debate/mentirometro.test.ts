import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import type { CheckStatus, Verdict } from '../shared/schemas.js';
import { compareCandidates, mentirometro, type DebateCheck } from './mentirometro.js';

function checks(candidate: string, counts: { t?: number; i?: number; f?: number }): DebateCheck[] {
  const make = (verdict: Verdict, n: number): DebateCheck[] =>
    Array.from({ length: n }, () => ({ candidate, verdict, status: 'published' as const }));
  return [...make('true', counts.t ?? 0), ...make('imprecise', counts.i ?? 0), ...make('false', counts.f ?? 0)];
}

describe('mentirometro (MEN-1)', () => {
  it('computes (false + imprecise/2) / checkable per candidate, in order of first appearance', () => {
    const rows = mentirometro([
      { candidate: 'B', verdict: 'true', status: 'published' },
      { candidate: 'A', verdict: 'false', status: 'published' },
      { candidate: 'A', verdict: 'imprecise', status: 'published' },
      { candidate: 'A', verdict: 'true', status: 'published' },
      { candidate: 'A', verdict: 'true', status: 'published' },
      { candidate: 'C', verdict: 'no_data', status: 'published' },
    ]);
    expect(rows).toEqual([
      { candidate: 'B', true: 1, imprecise: 0, false: 0, checkable: 1, index: 0 },
      { candidate: 'A', true: 2, imprecise: 1, false: 1, checkable: 4, index: 0.375 },
      { candidate: 'C', true: 0, imprecise: 0, false: 0, checkable: 0, index: null },
    ]);
  });

  it('counts only published checks', () => {
    const rows = mentirometro([
      { candidate: 'A', verdict: 'false', status: 'under_review' },
      { candidate: 'A', verdict: 'false', status: 'removed' },
      { candidate: 'A', verdict: 'false', status: 'discarded' },
      { candidate: 'A', verdict: 'true', status: 'published' },
    ]);
    expect(rows).toEqual([{ candidate: 'A', true: 1, imprecise: 0, false: 0, checkable: 1, index: 0 }]);
  });

  it('rejects unknown verdicts or statuses naming the field', () => {
    expect(() => mentirometro([{ candidate: 'A', verdict: 'mostly-true' as Verdict, status: 'published' }])).toThrow(
      /MEN-1.*0\.verdict/,
    );
    expect(() => mentirometro([{ candidate: '', verdict: 'true', status: 'published' }])).toThrow(
      MethodologyInputError,
    );
    expect(() => mentirometro([{ candidate: 'A', verdict: 'true', status: 'published', id: 1 } as never])).toThrow(
      MethodologyInputError,
    );
  });
});

describe('compareCandidates (MEN-2)', () => {
  it('is insufficient when either has fewer than 3 checkable claims, before the tie check', () => {
    const list = [...checks('A', { f: 2 }), ...checks('B', { t: 10 })];
    expect(compareCandidates('A', 'B', list)).toBe('insufficient');
    expect(compareCandidates('A', 'Z', [...checks('A', { f: 3 })])).toBe('insufficient');
    // Equal indexes, but B has only 2 checkable: insufficient, not tie.
    expect(compareCandidates('A', 'B', [...checks('A', { t: 3 }), ...checks('B', { t: 2 })])).toBe('insufficient');
    // no_data does not count toward the 3.
    expect(
      compareCandidates('A', 'B', [
        ...checks('A', { f: 3 }),
        ...checks('B', { t: 2 }),
        { candidate: 'B', verdict: 'no_data', status: 'published' },
      ]),
    ).toBe('insufficient');
  });

  it('a difference of 9.99 points is a tie; exactly 10 points is not', () => {
    // A: 999 imprecise of 5000 → 9.99 points; B: 0 of 3.
    expect(compareCandidates('A', 'B', [...checks('A', { i: 999, t: 4001 }), ...checks('B', { t: 3 })])).toBe('tie');
    // A: 1 false of 10 → exactly 10 points.
    expect(compareCandidates('A', 'B', [...checks('A', { f: 1, t: 9 }), ...checks('B', { t: 3 })])).toBe('a');
    // 0.3 − 0.2 is 0.09999999999999998 in floating point, yet exactly 10 points: not a tie.
    expect(compareCandidates('A', 'B', [...checks('A', { f: 3, t: 7 }), ...checks('B', { f: 2, t: 8 })])).toBe('a');
  });

  it('returns the candidate who errs more', () => {
    const list = [...checks('A', { f: 1, t: 4 }), ...checks('B', { f: 3, i: 1, t: 1 })];
    expect(compareCandidates('A', 'B', list)).toBe('b');
    expect(compareCandidates('B', 'A', list)).toBe('a');
  });

  it('supports custom tie points and minimum', () => {
    const list = [...checks('A', { f: 1, t: 9 }), ...checks('B', { t: 3 })];
    expect(compareCandidates('A', 'B', list, { tiePoints: 11 })).toBe('tie');
    expect(compareCandidates('A', 'B', list, { minCheckable: 4 })).toBe('insufficient');
  });

  it('rejects bad input', () => {
    expect(() => compareCandidates('', 'B', [])).toThrow(/MEN-2.*a:/);
    expect(() => compareCandidates('A', 'B', [], { tiePoints: 0 })).toThrow(/options\.tiePoints/);
  });
});

const verdict = fc.constantFrom<Verdict>('true', 'imprecise', 'false', 'no_data');
const status = fc.constantFrom<CheckStatus>('published', 'discarded', 'under_review', 'removed');
const candidate = fc.constantFrom('A', 'B', 'C');
const check = fc.record({ candidate, verdict, status });
const ignoredCheck = fc.oneof(
  fc.record({ candidate, verdict: fc.constant<Verdict>('no_data'), status }),
  fc.record({ candidate, verdict, status: fc.constantFrom<CheckStatus>('discarded', 'under_review', 'removed') }),
);

describe('mentirometro / compareCandidates properties (MEN-1, MEN-2)', () => {
  test.prop([fc.array(check, { maxLength: 60 }), fc.array(ignoredCheck, { maxLength: 20 }), fc.nat()])(
    'adding no_data/discarded/under_review/removed checks never changes any index',
    (base, extra, seed) => {
      const before = new Map(mentirometro(base).map((row) => [row.candidate, row]));
      const mixed = [...base];
      extra.forEach((item, index) => mixed.splice((seed + index * 7) % (mixed.length + 1), 0, item));
      for (const row of mentirometro(mixed)) {
        const previous = before.get(row.candidate);
        expect(row.index).toBe(previous?.index ?? null);
        expect(row.checkable).toBe(previous?.checkable ?? 0);
      }
    },
  );

  test.prop([fc.array(check, { maxLength: 80 })])(
    'index is in [0, 1] or null exactly when nothing is checkable',
    (list) => {
      for (const row of mentirometro(list)) {
        expect(row.checkable).toBe(row.true + row.imprecise + row.false);
        if (row.checkable === 0) expect(row.index).toBeNull();
        else {
          expect(row.index).toBeGreaterThanOrEqual(0);
          expect(row.index).toBeLessThanOrEqual(1);
        }
      }
    },
  );

  test.prop([fc.array(fc.record({ candidate: fc.constantFrom('A', 'B'), verdict, status }), { maxLength: 80 })])(
    'compareCandidates is antisymmetric',
    (list) => {
      const forward = compareCandidates('A', 'B', list);
      const backward = compareCandidates('B', 'A', list);
      const swap = { a: 'b', b: 'a', tie: 'tie', insufficient: 'insufficient' } as const;
      expect(backward).toBe(swap[forward]);
    },
  );
});
