/**
 * How a cluster's articles look through the roster: unique outlet domains with their ratings.
 */
import type { StoryOutlet } from '@espectro/methodology';
import type { ClusterArticle, Roster, RosterOutlet } from './types.js';

/**
 * The unique domains of `articles`, in order of first appearance, each with its roster entry
 * (`undefined` when the domain is not in the roster).
 *
 * @example
 * uniqueDomains(cluster.articles, roster).map(({ domain }) => domain);
 */
export function uniqueDomains(
  articles: readonly ClusterArticle[],
  roster: Roster,
): { domain: string; outlet: RosterOutlet | undefined }[] {
  const seen = new Set<string>();
  const result: { domain: string; outlet: RosterOutlet | undefined }[] = [];
  for (const article of articles) {
    if (seen.has(article.domain)) continue;
    seen.add(article.domain);
    result.push({ domain: article.domain, outlet: roster.get(article.domain) });
  }
  return result;
}

/**
 * The outlet of a domain as the methodology's story rules see it: scope and bias from the roster,
 * `scope: null` for a domain not in the roster (RULES §10).
 *
 * @example
 * storyOutletOf('elpais.com', roster.get('elpais.com')); // { domain: 'elpais.com', scope: 'political', bias: 'center' }
 */
export function storyOutletOf(domain: string, outlet: RosterOutlet | undefined): StoryOutlet {
  if (outlet === undefined) return { domain, scope: null, bias: null };
  if (outlet.scope === 'political') return { domain, scope: 'political', bias: outlet.bias };
  return { domain, scope: 'non_political', bias: null };
}

/**
 * The story outlets (one per unique domain, COV-1) of a cluster's articles.
 *
 * @example
 * coverage(storyOutlets(cluster.articles, roster)).rated;
 */
export function storyOutlets(articles: readonly ClusterArticle[], roster: Roster): StoryOutlet[] {
  return uniqueDomains(articles, roster).map(({ domain, outlet }) => storyOutletOf(domain, outlet));
}
