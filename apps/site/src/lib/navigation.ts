/**
 * The topics of the main navigation (rule TOP-NAV, seed 003 §4), from the methodology's
 * `navigationTopics` — the same call the open data makes — at the data's own clock
 * (`SiteDataSource.generatedAt`), never the machine's, so a static build is reproducible.
 */
import { navigationTopics, type NavigationTopic } from '@espectro/methodology';
import type { SiteStorySummary } from './types.js';

/** The last navigation computed for each list of stories, with its instant (pages share it). */
const computed = new WeakMap<readonly SiteStorySummary[], { asOf: string; topics: NavigationTopic[] }>();

/**
 * The navigation's topics for the published `stories` as of `asOf`, computed once per list and
 * instant (every page's layout asks for them; only the latest instant is kept, as the served
 * site's instant moves on at every look at the store).
 *
 * @example
 * navigationTopicsOf(await data.listStories(), data.source.generatedAt).map((entry) => entry.topic);
 */
export function navigationTopicsOf(stories: readonly SiteStorySummary[], asOf: string): NavigationTopic[] {
  const last = computed.get(stories);
  if (last !== undefined && last.asOf === asOf) return last.topics;
  const topics = navigationTopics({
    asOf,
    stories: stories.map((story) => ({
      topic: story.topic,
      outlets: story.coverage.total,
      publishedAt: story.publishedAt,
    })),
  });
  computed.set(stories, { asOf, topics });
  return topics;
}
