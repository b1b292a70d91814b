import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { fromDayNumber, subtractMonths, subtractYears, toDayNumber } from '../shared/dates.js';
import { IsoDateSchema } from '../shared/schemas.js';
import { dayMinusMonths, dayMinusYears, dayNumber, isIsoDate, RatingDateSchema } from './iso-date.js';

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Date-like strings, valid and invalid: out-of-range months/days, 29 Feb, odd years, date-times. */
const dateLike = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([year, month, day]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
  fc
    .tuple(
      fc.integer({ min: 1900, max: 2100 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 31 }),
      fc.integer({ min: 0, max: 23 }),
    )
    .map(([year, month, day, hour]) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(hour, 2)}:00:00Z`),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '2026-02-29',
    '2028-02-29',
    '1900-02-29',
    '2000-02-29',
    '2026-4-27',
    '2026/04/27',
    '20260427',
    '2026-04-27T',
    '+02026-04-27',
    '2026-04-2a',
  ),
);

describe('rating ISO dates', () => {
  test.prop([dateLike], { numRuns: 2000 })(
    'isIsoDate accepts exactly what the shared IsoDateSchema accepts',
    (value) => {
      expect(isIsoDate(value)).toBe(IsoDateSchema.safeParse(value).success);
    },
  );

  test.prop([dateLike.filter((value) => IsoDateSchema.safeParse(value).success)], { numRuns: 2000 })(
    'dayNumber equals the shared toDayNumber',
    (value) => {
      expect(dayNumber(value)).toBe(toDayNumber(value));
    },
  );

  test.prop(
    [fc.integer({ min: toDayNumber('1800-01-01'), max: toDayNumber('2400-12-31') }), fc.integer({ min: 0, max: 120 })],
    { numRuns: 2000 },
  )('dayMinusYears / dayMinusMonths equal the shared subtractYears / subtractMonths', (day, amount) => {
    const iso = fromDayNumber(day);
    expect(dayMinusYears(day, amount % 12)).toBe(subtractYears(iso, amount % 12));
    expect(dayMinusMonths(day, amount)).toBe(subtractMonths(iso, amount));
  });

  it('29 February minus whole years is 28 February; 31 March minus a month is 28/29 February', () => {
    expect(fromDayNumber(dayMinusYears(toDayNumber('2028-02-29'), 5))).toBe('2023-02-28');
    expect(fromDayNumber(dayMinusYears(toDayNumber('2028-02-29'), 4))).toBe('2024-02-29');
    expect(fromDayNumber(dayMinusMonths(toDayNumber('2026-03-31'), 1))).toBe('2026-02-28');
    expect(fromDayNumber(dayMinusMonths(toDayNumber('2026-04-27'), 18))).toBe('2024-10-27');
  });

  it('leap days and the error message', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(RatingDateSchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe(
      IsoDateSchema.safeParse('2026-02-30').error?.issues[0]?.message,
    );
  });
});
