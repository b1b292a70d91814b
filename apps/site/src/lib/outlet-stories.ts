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

/**
 * Which sentence introduces the list: "the only story" for one, "the N stories" when all are shown,
 * "the N newest of M" when the list is cut — so a reader never reads "las 1 más recientes de 1".
 *
 * @example
 * outletStoriesIntroKey(1, 1); // 'outletStoriesIntroOne'
 * outletStoriesIntroKey(10, 37); // 'outletStoriesIntro'
 */
export function outletStoriesIntroKey(
  shown: number,
  total: number,
): 'outletStoriesIntroOne' | 'outletStoriesIntroAll' | 'outletStoriesIntro' {
  if (total === 1) return 'outletStoriesIntroOne';
  return shown === total ? 'outletStoriesIntroAll' : 'outletStoriesIntro';
}
