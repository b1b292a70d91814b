/**
 * The topics of the main navigation (rule TOP-NAV, seed 003 §4), from the methodology's
 * `navigationTopics` — the same call the open data makes — at the data's own clock
 * (`SiteDataSource.generatedAt`), never the machine's, so a static build is reproducible.
 */
import { navigationTopics, type NavigationTopic } from '@espectro/methodology';
import type { SiteStorySummary } from './types.js';

const computed = new WeakMap<readonly SiteStorySummary[], Map<string, NavigationTopic[]>>();

/**
 * The navigation's topics for the published `stories` as of `asOf`, computed once per list and
 * instant (every page's layout asks for them).
 *
 * @example
 * navigationTopicsOf(await data.listStories(), data.source.generatedAt).map((entry) => entry.topic);
 */
export function navigationTopicsOf(stories: readonly SiteStorySummary[], asOf: string): NavigationTopic[] {
  let byInstant = computed.get(stories);
  if (byInstant === undefined) {
    byInstant = new Map();
    computed.set(stories, byInstant);
  }
  let topics = byInstant.get(asOf);
  if (topics === undefined) {
    topics = navigationTopics({
      asOf,
      stories: stories.map((story) => ({
        topic: story.topic,
        outlets: story.coverage.total,
        publishedAt: story.publishedAt,
      })),
    });
    byInstant.set(asOf, topics);
  }
  return topics;
}
