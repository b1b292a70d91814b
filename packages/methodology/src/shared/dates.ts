/**
 * Calendar-date arithmetic in UTC (RULES.md §10 "Dates"). A date is represented as the number of
 * days since 1970-01-01 so that comparisons are exact integers.
 */

const MS_PER_DAY = 86_400_000;

/** Days since the Unix epoch of the UTC calendar date of an ISO string. */
export function toDayNumber(iso: string): number {
  const ms = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Math.floor(ms / MS_PER_DAY);
}

/** The ISO date (YYYY-MM-DD) of a day number. */
export function fromDayNumber(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * `asOf` minus whole years, as a day number. 29 February minus whole years that land in a
 * non-leap year becomes 28 February.
 */
export function subtractYears(asOf: string, years: number): number {
  const date = new Date(toDayNumber(asOf) * MS_PER_DAY);
  const year = date.getUTCFullYear() - years;
  const month = date.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Math.floor(Date.UTC(year, month, day) / MS_PER_DAY);
}

/** `asOf` minus whole calendar months, clamping the day to the target month's length. */
export function subtractMonths(asOf: string, months: number): number {
  const date = new Date(toDayNumber(asOf) * MS_PER_DAY);
  const totalMonths = date.getUTCFullYear() * 12 + date.getUTCMonth() - months;
  const year = Math.floor(totalMonths / 12);
  const month = totalMonths - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Math.floor(Date.UTC(year, month, day) / MS_PER_DAY);
}

/** `asOf` minus whole days, as a day number. */
export function subtractDays(asOf: string, days: number): number {
  return toDayNumber(asOf) - days;
}
