import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { fromDayNumber, toDayNumber } from '../shared/dates.js';
import { METHODOLOGY_VERSION } from '../version.js';
import { preliminaryRating, preliminaryStatus, reEvaluationDue } from './review.js';
import { PreliminaryRatingSchema } from './schemas.js';

const AS_OF = '2026-04-27';
const daysBefore = (days: number) => fromDayNumber(toDayNumber(AS_OF) - days);

function expectError(run: () => unknown, rule: string, path: (string | number)[]): void {
  try {
    run();
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(MethodologyInputError);
    expect((error as MethodologyInputError).rule).toBe(rule);
    expect((error as MethodologyInputError).issues.map((issue) => issue.path)).toContainEqual(path);
  }
}

describe('REV-1 reEvaluationDue', () => {
  it('cadence: 179 days → not due, 180 → due', () => {
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: daysBefore(179) })).toEqual({
      due: false,
      reasons: [],
      daysSinceReview: 179,
    });
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2025-10-29' })).toEqual({
      due: true,
      reasons: ['cadence'],
      daysSinceReview: 180,
    });
  });

  it('ownership, regime and primary academic events count only when dated after the last review', () => {
    const lastReviewedAt = '2026-02-01';
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt, ownershipChangedAt: '2026-02-01' }).due).toBe(false);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt, ownershipChangedAt: '2026-02-02' }).reasons).toEqual([
      'ownership_change',
    ]);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt, regimeChangedAt: '2026-03-01' }).reasons).toEqual([
      'regime_change',
    ]);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt, primaryAcademicEvaluationAt: AS_OF }).reasons).toEqual([
      'new_primary_academic_evaluation',
    ]);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt, primaryAcademicEvaluationAt: '2025-12-01' }).due).toBe(false);
  });

  it('content drift: 13 consecutive days → not due, 14 → due', () => {
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-02-01', consecutiveDriftDays: 13 }).due).toBe(false);
    expect(reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-02-01', consecutiveDriftDays: 14 }).reasons).toEqual([
      'content_drift',
    ]);
  });

  it('lists every reason in a fixed order', () => {
    expect(
      reEvaluationDue({
        asOf: AS_OF,
        lastReviewedAt: '2025-01-01',
        consecutiveDriftDays: 30,
        primaryAcademicEvaluationAt: '2025-06-01',
        regimeChangedAt: '2025-03-01',
        ownershipChangedAt: '2025-02-01',
      }).reasons,
    ).toEqual(['cadence', 'ownership_change', 'regime_change', 'new_primary_academic_evaluation', 'content_drift']);
  });

  it('future-dated inputs and bad values are errors', () => {
    expectError(() => reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-04-28' }), 'REV-1', ['lastReviewedAt']);
    expectError(
      () => reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-01-01', regimeChangedAt: '2026-05-01' }),
      'REV-1',
      ['regimeChangedAt'],
    );
    expectError(
      () => reEvaluationDue({ asOf: AS_OF, lastReviewedAt: '2026-01-01', consecutiveDriftDays: -1 }),
      'REV-1',
      ['consecutiveDriftDays'],
    );
    expectError(() => reEvaluationDue({ asOf: AS_OF } as never), 'REV-1', ['lastReviewedAt']);
  });

  test.prop([fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 30 })])(
    'due iff some reason; cadence iff ≥ 180 days',
    (days, drift) => {
      const result = reEvaluationDue({ asOf: AS_OF, lastReviewedAt: daysBefore(days), consecutiveDriftDays: drift });
      expect(result.due).toBe(result.reasons.length > 0);
      expect(result.reasons.includes('cadence')).toBe(days >= 180);
      expect(result.reasons.includes('content_drift')).toBe(drift >= 14);
    },
  );
});

describe('REV-2 preliminaryStatus', () => {
  const status = (
    articles: number,
    days: number,
    contentResult?: 'left' | 'center' | 'right' | 'inconclusive' | 'insufficient',
  ) =>
    preliminaryStatus({
      articles,
      addedAt: daysBefore(days),
      asOf: AS_OF,
      ...(contentResult ? { contentResult } : {}),
    });

  it('fewer than 20 articles → wait; 20 within 30 days → content analysis due', () => {
    expect(status(19, 10)).toEqual({ action: 'wait', daysPreliminary: 10, overdue: false, bias: null });
    expect(status(20, 30)).toEqual({ action: 'content_analysis_due', daysPreliminary: 30, overdue: false, bias: null });
    expect(status(20, 0).action).toBe('content_analysis_due');
  });

  it('past the 30-day target the analysis stays due, marked overdue, until day 60', () => {
    expect(status(25, 31)).toMatchObject({ action: 'content_analysis_due', overdue: true });
    expect(status(25, 60)).toMatchObject({ action: 'content_analysis_due', overdue: true });
  });

  it('more than 60 days preliminary → needs_review', () => {
    expect(status(25, 61).action).toBe('needs_review');
    expect(status(5, 61).action).toBe('needs_review');
    expect(status(5, 60).action).toBe('wait');
  });

  it('a content-only bucket promotes to low, whatever the age', () => {
    expect(status(23, 16, 'right')).toEqual({
      action: 'promote_low',
      daysPreliminary: 16,
      overdue: false,
      bias: 'right',
    });
    expect(status(40, 90, 'center')).toMatchObject({ action: 'promote_low', bias: 'center' });
  });

  it('an inconclusive run stays preliminary; an insufficient one is retried once 20 articles exist', () => {
    expect(status(30, 20, 'inconclusive').action).toBe('wait');
    expect(status(30, 20, 'insufficient').action).toBe('content_analysis_due');
    expect(status(12, 20, 'insufficient').action).toBe('wait');
  });

  it('contradictory or future-dated input is an error', () => {
    expectError(() => status(19, 10, 'left'), 'REV-2', ['contentResult']);
    expectError(() => preliminaryStatus({ articles: 20, addedAt: '2026-04-28', asOf: AS_OF }), 'REV-2', ['addedAt']);
    expectError(
      () => preliminaryStatus({ articles: 20, addedAt: AS_OF, asOf: AS_OF, contentResult: 'derecha' as never }),
      'REV-2',
      ['contentResult'],
    );
  });
});

describe('PRELIM preliminaryRating', () => {
  it('builds the pending record of seed 002 §10', () => {
    const reason = 'Medio añadido desde la auditoría de dominios huérfanos; en cola para análisis de contenido';
    const record = preliminaryRating(reason, '2026-04-24');
    expect(record).toEqual({
      bias: null,
      confidence: 'preliminary',
      evidence: { status: 'pending', reason, addedAt: '2026-04-24' },
      methodologyVersion: METHODOLOGY_VERSION,
    });
    expect(PreliminaryRatingSchema.safeParse(record).success).toBe(true);
  });

  it('rejects an empty reason or an invalid date', () => {
    expectError(() => preliminaryRating('', '2026-04-24'), 'PRELIM', ['reason']);
    expectError(() => preliminaryRating('orphan domain', '24/04/2026'), 'PRELIM', ['addedAt']);
  });
});
