/**
 * An outlet's recent published stories (issue 18 §3): the stories whose coverage counts the outlet
 * (one of its unique domains, COV-1), newest first as every list shows them. The outlet page shows
 * each with its bucket mix (the story's coverage bar), so a reader sees which stories the outlet
 * takes part in and who else covered them.
 */
import type { SiteStorySummary } from './types.js';

/** How many of an outlet's stories its page lists (layout, not a rule). */
export const OUTLET_RECENT_STORIES = 10;

/**
 * The newest `count` published stories covered by the outlet at `domain`, and how many there are in all.
 *
 * @example
 * const { stories, total } = outletRecentStories(await data.listStories(), 'atacama.example');
 */
export function outletRecentStories(
  published: readonly SiteStorySummary[],
  domain: string,
  count: number = OUTLET_RECENT_STORIES,
): { stories: SiteStorySummary[]; total: number } {
  const covered = published.filter((story) => story.outlets.some((outlet) => outlet.domain === domain));
  return { stories: covered.slice(0, count), total: covered.length };
}
