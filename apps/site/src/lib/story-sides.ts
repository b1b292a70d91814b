/**
 * A story's articles grouped by the side of the spectrum of their outlet, as rated when the story
 * was assembled: left, center and right (political outlets with a bias), then apart — as COV-2
 * counts them apart — non-political outlets and outlets without a bias or outside the roster.
 * The story page shows from it how each side headlined the story and when each side covered it
 * (first and latest article per group).
 */
import type { SiteArticle, SiteStoryOutlet } from './types.js';

/** The groups, in the order the page shows them. */
export const SIDE_GROUPS = ['left', 'center', 'right', 'nonPolitical', 'unrated'] as const;
/** One group of covering outlets. */
export type SideGroup = (typeof SIDE_GROUPS)[number];

/** The group of a covering outlet (a domain missing from the story's outlets is unrated). */
export function sideGroupOf(outlet: SiteStoryOutlet | undefined): SideGroup {
  if (outlet?.scope === 'non_political') return 'nonPolitical';
  if (outlet?.scope === 'political' && outlet.bias !== null) return outlet.bias;
  return 'unrated';
}

/** One outlet's headlines in a group. */
export interface OutletHeadlines {
  domain: string;
  name: string;
  /** Its articles in the story, oldest first. */
  articles: SiteArticle[];
}

/** A group with its outlets and the span of its coverage. */
export interface SideCoverage {
  group: SideGroup;
  outlets: OutletHeadlines[];
  articleCount: number;
  /** Its first and latest article (`null` for a group without articles). */
  first: SiteArticle | null;
  latest: SiteArticle | null;
}

const time = (article: SiteArticle) => Date.parse(article.publishedAt);

/**
 * Every group of a story with its outlets' articles (outlets in order of their first article,
 * articles oldest first), and each group's first and latest article. Groups without articles are
 * kept, so the page can say that a side did not cover the story.
 *
 * @example
 * storySides(story).find((side) => side.group === 'right')?.first?.publishedAt;
 */
export function storySides(story: {
  articles: readonly SiteArticle[];
  outlets: readonly SiteStoryOutlet[];
}): SideCoverage[] {
  const outlets = new Map(story.outlets.map((outlet) => [outlet.domain, outlet]));
  const ordered = [...story.articles].sort(
    (left, right) => time(left) - time(right) || left.id.localeCompare(right.id),
  );
  const groups = new Map<SideGroup, Map<string, OutletHeadlines>>(SIDE_GROUPS.map((group) => [group, new Map()]));
  for (const article of ordered) {
    const outlet = outlets.get(article.domain);
    const byDomain = groups.get(sideGroupOf(outlet))!;
    let entry = byDomain.get(article.domain);
    if (entry === undefined) {
      entry = { domain: article.domain, name: outlet?.name ?? article.domain, articles: [] };
      byDomain.set(article.domain, entry);
    }
    entry.articles.push(article);
  }
  return SIDE_GROUPS.map((group) => {
    const entries = [...groups.get(group)!.values()];
    const articles = entries.flatMap((entry) => entry.articles).sort((left, right) => time(left) - time(right));
    return {
      group,
      outlets: entries,
      articleCount: articles.length,
      first: articles[0] ?? null,
      latest: articles[articles.length - 1] ?? null,
    };
  });
}
