/**
 * rule TOP-NAV **[choice]** (seed 003 §4): the topics of the main navigation — "un sub-conjunto del
 * catálogo … los temas con más cobertura activa". The seed names the criterion, not its numbers;
 * the window, the measure and the size of the subset are Espectro's choices, stated here and in
 * the catalogue. One function, called by the site's navigation and by its open data, so the page
 * and the data cannot disagree on which topics are in it.
 */
import { z } from 'zod';
import { CountSchema, IsoDateSchema, TOPICS, TopicSchema, type Topic } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';

/**
 * rule TOP-NAV **[choice]**: a published story is active coverage for this many hours after its
 * publication (up to the instant the navigation is computed for).
 *
 * @example
 * NAV_TOPICS_WINDOW_HOURS; // 48
 */
export const NAV_TOPICS_WINDOW_HOURS = 48;

/**
 * rule TOP-NAV **[choice]**: at most this many topics in the navigation (half of the catalogue of 10).
 *
 * @example
 * NAV_TOPICS_MAX; // 5
 */
export const NAV_TOPICS_MAX = 5;

/** One published story as TOP-NAV counts it. */
export const ActiveCoverageStorySchema = z.object({
  /** Its topic; unclassified stories (`null`) never put a topic in the navigation. */
  topic: TopicSchema.nullable(),
  /** Unique domains covering it (COV-1). */
  outlets: CountSchema,
  /** When it was published. */
  publishedAt: IsoDateSchema,
});
/** @see {@link ActiveCoverageStorySchema} */
export type ActiveCoverageStory = z.infer<typeof ActiveCoverageStorySchema>;

/** Input of {@link navigationTopics}. */
export const NavigationTopicsInputSchema = z.object({
  /** Published stories (any order). */
  stories: z.array(ActiveCoverageStorySchema),
  /** The instant the navigation is computed for (the data's clock, never read from the machine). */
  asOf: IsoDateSchema,
  windowHours: z.number().positive().default(NAV_TOPICS_WINDOW_HOURS),
  limit: CountSchema.default(NAV_TOPICS_MAX),
});
/** @see {@link NavigationTopicsInputSchema} */
export type NavigationTopicsInput = z.input<typeof NavigationTopicsInputSchema>;

/** One topic of the navigation with the active coverage that put it there. */
export const NavigationTopicSchema = z.object({
  topic: TopicSchema,
  /** Sum of the unique covering domains of its active stories (the ranking measure). */
  outlets: CountSchema,
  /** Its active stories. */
  stories: CountSchema,
});
/** @see {@link NavigationTopicSchema} */
export type NavigationTopic = z.infer<typeof NavigationTopicSchema>;

const HOUR_MS = 3_600_000;

/**
 * The navigation's topics (rule TOP-NAV): a story is active when it was published in the
 * `windowHours` up to `asOf` (`asOf − window < publishedAt ≤ asOf`); each topic's active coverage
 * is the sum of the unique covering domains (COV-1) of its active stories; topics with none are
 * left out; the rest are ranked by that sum, then by active stories, then in catalogue order, and
 * the first `limit` are the navigation.
 *
 * @example
 * navigationTopics({
 *   asOf: '2026-04-27T12:00:00Z',
 *   stories: [
 *     { topic: 'economy', outlets: 7, publishedAt: '2026-04-27T10:00:00Z' },
 *     { topic: 'politics', outlets: 12, publishedAt: '2026-04-27T09:00:00Z' },
 *     { topic: 'sports', outlets: 30, publishedAt: '2026-04-20T09:00:00Z' }, // outside the 48 h
 *   ],
 * }); // [{ topic: 'politics', outlets: 12, stories: 1 }, { topic: 'economy', outlets: 7, stories: 1 }]
 */
export function navigationTopics(input: NavigationTopicsInput): NavigationTopic[] {
  const valid = parseInput(NavigationTopicsInputSchema, input, 'TOP-NAV', 'navigationTopics');
  const end = Date.parse(valid.asOf);
  const start = end - valid.windowHours * HOUR_MS;
  const totals = new Map<Topic, NavigationTopic>();
  for (const story of valid.stories) {
    if (story.topic === null) continue;
    const at = Date.parse(story.publishedAt);
    if (!(at > start && at <= end)) continue;
    const entry = totals.get(story.topic) ?? { topic: story.topic, outlets: 0, stories: 0 };
    entry.outlets += story.outlets;
    entry.stories += 1;
    totals.set(story.topic, entry);
  }
  return [...totals.values()]
    .filter((entry) => entry.outlets > 0)
    .sort(
      (left, right) =>
        right.outlets - left.outlets ||
        right.stories - left.stories ||
        TOPICS.indexOf(left.topic) - TOPICS.indexOf(right.topic),
    )
    .slice(0, valid.limit);
}
