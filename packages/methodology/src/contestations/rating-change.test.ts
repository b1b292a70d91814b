import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { RatingChangeCauseSchema, ratingChanges, type RatingSnapshot } from './rating-change.js';

const snapshot: fc.Arbitrary<RatingSnapshot> = fc.record({
  bias: fc.constantFrom('left', 'center', 'right', null),
  factuality: fc.constantFrom('high', 'mixed', 'low', null),
  confidence: fc.constantFrom('high' as const, 'medium' as const, 'low' as const),
  ownership: fc.constantFrom('cooperative', 'family-controlled: Familia X', 'family-controlled: Familia Y', null),
  methodologyVersion: fc.constantFrom('v1.1-2026-04', 'v1.2-2026-04', 'v1.3-2026-12'),
});
const context = { outlet: 'latercera.com', changedAt: '2026-05-02T12:00:00Z' };
const FIELDS = ['bias', 'factuality', 'confidence', 'ownership'] as const;

describe('ratingChanges (rule CON-4)', () => {
  test.prop([snapshot, snapshot, fc.constantFrom(...RatingChangeCauseSchema.options)], { numRuns: 300 })(
    'one record per differing field, in field order, each with the cause and the new methodology version',
    (previous, next, cause) => {
      const contestation = cause === 'accepted_contestation' ? { contestationId: 'c-1' } : {};
      const records = ratingChanges(previous, next, { ...context, cause, ...contestation });
      expect(records.map((record) => record.field)).toEqual(FIELDS.filter((field) => previous[field] !== next[field]));
      for (const record of records) {
        expect(record).toMatchObject({
          cause,
          outlet: 'latercera.com',
          previous: previous[record.field],
          next: next[record.field],
          methodologyVersion: next.methodologyVersion,
        });
      }
    },
  );

  test.prop([snapshot, snapshot], { numRuns: 200 })(
    'a change without a cause is refused, naming the changed fields; no change needs no cause',
    (previous, next) => {
      const differs = FIELDS.some((field) => previous[field] !== next[field]);
      if (differs) {
        expect(() => ratingChanges(previous, next, context)).toThrow(MethodologyInputError);
        expect(() => ratingChanges(previous, next, context)).toThrow(/needs its cause/);
      } else expect(ratingChanges(previous, next, context)).toEqual([]);
    },
  );

  test.prop([snapshot], { numRuns: 50 })(
    'the first funnel rating (no previous, or a preliminary one) is not a change',
    (next) => {
      expect(ratingChanges(undefined, next, context)).toEqual([]);
      const preliminary: RatingSnapshot = {
        bias: null,
        factuality: null,
        confidence: 'preliminary',
        ownership: null,
        methodologyVersion: 'v1.3-2026-12',
      };
      expect(ratingChanges(preliminary, next, context)).toEqual([]);
    },
  );

  it('an accepted contestation names its contestation, and only it does', () => {
    const before: RatingSnapshot = {
      bias: 'right',
      factuality: 'high',
      confidence: 'medium',
      ownership: 'cooperative',
      methodologyVersion: 'v1.3-2026-12',
    };
    const after = { ...before, bias: 'center' };
    expect(() => ratingChanges(before, after, { ...context, cause: 'accepted_contestation' })).toThrow(
      /contestationId/,
    );
    expect(() =>
      ratingChanges(before, after, { ...context, cause: 'editorial_change', contestationId: 'c-1' }),
    ).toThrow(/contestationId/);
    expect(ratingChanges(before, after, { ...context, cause: 'accepted_contestation', contestationId: 'c-1' })).toEqual(
      [
        {
          outlet: 'latercera.com',
          changedAt: '2026-05-02T12:00:00Z',
          cause: 'accepted_contestation',
          field: 'bias',
          previous: 'right',
          next: 'center',
          contestationId: 'c-1',
          methodologyVersion: 'v1.3-2026-12',
        },
      ],
    );
  });
});
