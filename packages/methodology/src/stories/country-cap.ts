/**
 * rule PG `country_cap`: how many stories of a country were already published in the rolling
 * window before a story. The publish guard (`publishGuard`) takes the count as
 * `countryStoriesLast24h`; this module is the one place that counts it.
 *
 * Reading (RULES §3 PG, seed 003 §5): a story's time is its publication time — the latest
 * publication time of its articles — and stories are decided in (time, id) order. A published story
 * counts for a later one when it is of the same country and strictly inside the window: its time
 * is after `time − window` and before `time`, or equal to `time` with a smaller id (so two stories
 * published at the same instant are ordered, and the count never depends on processing order).
 * A story exactly one window earlier no longer counts. Stories without a country are never capped.
 */
import { z } from 'zod';
import { parseInput } from '../shared/validate.js';
import { PG_COUNTRY_CAP_WINDOW_HOURS } from './constants.js';
import { toInstantMs } from './internal.js';
import { IsoDateSchema } from '../shared/schemas.js';

const HOUR_MS = 3_600_000;

/** A story as the country cap sees it. */
export const CountryCapStorySchema = z.strictObject({
  id: z.string().min(1),
  /** Country the cap applies to; `null` = never capped, never counted. */
  country: z.string().min(1).nullable(),
  /** Publication time of the story (its latest article), ISO 8601. */
  publishedAt: IsoDateSchema,
});
/** @see {@link CountryCapStorySchema} */
export type CountryCapStory = z.infer<typeof CountryCapStorySchema>;

/** Input of {@link countryCapCount}. */
export const CountryCapCountInputSchema = z.strictObject({
  /** The story being decided. */
  story: CountryCapStorySchema,
  /** Stories already published (any country, any time; only the relevant ones count). */
  published: z.array(CountryCapStorySchema),
  /** Window length in hours; default {@link PG_COUNTRY_CAP_WINDOW_HOURS}. */
  windowHours: z.number().positive().optional(),
});
/** @see {@link CountryCapCountInputSchema} */
export type CountryCapCountInput = z.input<typeof CountryCapCountInputSchema>;

/** A story with its publication time as epoch milliseconds (for {@link countryCapCountUnchecked}). */
export interface TimedCountryCapStory {
  id: string;
  country: string | null;
  /** Epoch milliseconds. */
  time: number;
}

/**
 * The (time, id) order in which the country cap decides stories: earlier first, ties by the
 * smaller id (UTF-16 code units).
 *
 * @example
 * [later, earlier].sort(compareCountryCapOrder); // [earlier, later]
 */
export function compareCountryCapOrder(left: TimedCountryCapStory, right: TimedCountryCapStory): number {
  return left.time - right.time || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);
}

/**
 * {@link countryCapCount} on trusted input with times already in milliseconds (bulk use: the
 * pipeline's guard stage). Same result.
 *
 * @example
 * countryCapCountUnchecked({ id: 's9', country: 'CL', time }, published); // 3
 */
export function countryCapCountUnchecked(
  story: TimedCountryCapStory,
  published: readonly TimedCountryCapStory[],
  windowHours: number = PG_COUNTRY_CAP_WINDOW_HOURS,
): number {
  if (story.country === null) return 0;
  const start = story.time - windowHours * HOUR_MS;
  let count = 0;
  for (const other of published) {
    if (other.country !== story.country || other.id === story.id) continue;
    if (other.time > start && compareCountryCapOrder(other, story) < 0) count += 1;
  }
  return count;
}

/**
 * rule PG `country_cap`: the number of stories of the story's country already published in the
 * rolling window before it (see the module comment for the exact reading). The guard fires when
 * this count is ≥ the cap (`DEFAULT_COUNTRY_CAP`).
 *
 * @example
 * countryCapCount({
 *   story: { id: 'b', country: 'AR', publishedAt: '2026-04-28T10:00:00Z' },
 *   published: [
 *     { id: 'a', country: 'AR', publishedAt: '2026-04-27T10:00:00Z' }, // exactly 24 h earlier: out
 *     { id: 'c', country: 'AR', publishedAt: '2026-04-28T09:00:00Z' }, // in
 *     { id: 'd', country: 'CL', publishedAt: '2026-04-28T09:00:00Z' }, // other country
 *   ],
 * }); // 1
 */
export function countryCapCount(input: CountryCapCountInput): number {
  const valid = parseInput(CountryCapCountInputSchema, input, 'PG', 'countryCapCount');
  const timed = (story: CountryCapStory): TimedCountryCapStory => ({
    id: story.id,
    country: story.country,
    time: toInstantMs(story.publishedAt),
  });
  return countryCapCountUnchecked(timed(valid.story), valid.published.map(timed), valid.windowHours);
}
