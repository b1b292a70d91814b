/** Calendar-date helpers (UTC), as in RULES.md §10 "Dates". @internal */

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of the UTC calendar date of an ISO date or date-time string. */
export function dayNumber(iso: string): number {
  return Math.floor(Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso) / MS_PER_DAY);
}

/** The ISO date (YYYY-MM-DD) of a day number. */
export function isoDate(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The UTC calendar month (YYYY-MM) of an ISO date or date-time string. */
export function isoMonth(iso: string): string {
  return isoDate(dayNumber(iso)).slice(0, 7);
}
