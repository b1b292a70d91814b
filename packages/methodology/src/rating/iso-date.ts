import { z } from 'zod';
import { ISO_DATE_MESSAGE, ISO_DATE_PATTERN, IsoDateSchema } from '../shared/schemas.js';

const CODE_ZERO = 48;
const CODE_NINE = 57;
const CODE_DASH = 45;

function digitsAt(value: string, start: number, length: number): number {
  let result = 0;
  for (let index = start; index < start + length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < CODE_ZERO || code > CODE_NINE) return -1;
    result = result * 10 + (code - CODE_ZERO);
  }
  return result;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Accepts exactly what the shared `IsoDateSchema` accepts, with a fast path for the common
 * `YYYY-MM-DD` form (no regex, no `Date` allocation); anything else (date-times, years before 100)
 * is delegated to the shared schema. Property-tested for equivalence.
 * @internal
 */
export function isIsoDate(value: string): boolean {
  if (value.length === 10 && value.charCodeAt(4) === CODE_DASH && value.charCodeAt(7) === CODE_DASH) {
    const year = digitsAt(value, 0, 4);
    const month = digitsAt(value, 5, 2);
    const day = digitsAt(value, 8, 2);
    if (year < 0 || month < 0 || day < 0) return false;
    if (year >= 100) return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  }
  return IsoDateSchema.safeParse(value).success;
}

/**
 * The rating module's ISO-8601 date schema: same contract (and JSON Schema) as the shared
 * `IsoDateSchema`, faster on plain calendar dates because `rateOutlet` validates several per call.
 * @internal
 */
export const RatingDateSchema = z
  .string()
  .refine(isIsoDate, { message: ISO_DATE_MESSAGE })
  .meta({ pattern: ISO_DATE_PATTERN, format: undefined });

const MS_PER_DAY = 86_400_000;
/** Days from 1970-01-01 to 0000-03-01 in the proleptic Gregorian calendar, for `daysFromCivil`. */
const EPOCH_SHIFT = 719_468;

/**
 * Days since 1970-01-01 of the UTC calendar date of an ISO string — identical to the shared
 * `toDayNumber`, without `Date.parse` for plain `YYYY-MM-DD` dates.
 * @internal
 */
export function dayNumber(iso: string): number {
  if (iso.length === 10) return daysFromCivil(digitsAt(iso, 0, 4), digitsAt(iso, 5, 2), digitsAt(iso, 8, 2));
  return Math.floor(Date.parse(iso) / MS_PER_DAY);
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days-from-civil). */
function daysFromCivil(civilYear: number, month: number, day: number): number {
  const year = month <= 2 ? civilYear - 1 : civilYear;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - EPOCH_SHIFT;
}

/** The calendar date of a day number (H. Hinnant's civil-from-days). */
function civilFromDays(dayNumberValue: number): { year: number; month: number; day: number } {
  const shifted = dayNumberValue + EPOCH_SHIFT;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return { year: era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day };
}

/**
 * A day number minus whole years (29 February → 28 February in a non-leap target year) — the
 * shared `subtractYears` on a day number, in integer arithmetic.
 * @internal
 */
export function dayMinusYears(day: number, years: number): number {
  const date = civilFromDays(day);
  const year = date.year - years;
  return daysFromCivil(year, date.month, Math.min(date.day, daysInMonth(year, date.month)));
}

/**
 * A day number minus whole calendar months, clamping the day to the target month's length — the
 * shared `subtractMonths` on a day number, in integer arithmetic.
 * @internal
 */
export function dayMinusMonths(day: number, months: number): number {
  const date = civilFromDays(day);
  const total = date.year * 12 + (date.month - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return daysFromCivil(year, month, Math.min(date.day, daysInMonth(year, month)));
}
