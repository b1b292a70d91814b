/**
 * What the story stages read from the store: the synthesis roster (stored outlet ratings) and each
 * cluster's articles as `@espectro/synthesis` wants them, plus the signatures that say whether a
 * cluster changed.
 */
import { createHash } from 'node:crypto';
import { compareIds } from '@espectro/clustering';
import {
  clusterMemberIds,
  listArticles,
  listOutlets,
  type Outlet,
  type StoreExecutor,
  type StoredArticle,
} from '@espectro/store';
import { createRoster, type Roster, type RosterOutletInput, type StoryCluster } from '@espectro/synthesis';

/**
 * A signature of a set of strings (order and repeats do not matter): the hex SHA-256 of the sorted
 * distinct values.
 *
 * @example
 * setSignature(['b', 'a', 'a']) === setSignature(['a', 'b']); // true
 */
export function setSignature(values: Iterable<string>): string {
  return createHash('sha256')
    .update([...new Set(values)].sort(compareIds).join('\n'))
    .digest('hex');
}

/** When an article happened, for clustering and story times: its publication, else first sight. */
export function articleTime(article: Pick<StoredArticle, 'publishedAt' | 'firstSeenAt'>): string {
  return article.publishedAt ?? article.firstSeenAt;
}

/** The roster `@espectro/synthesis` needs, from the stored outlets (preliminary outlets are not in it, RULES §10). */
export function synthesisRoster(outlets: readonly Outlet[]): Roster {
  const entries: RosterOutletInput[] = [];
  for (const outlet of outlets) {
    if (outlet.scope === null) continue;
    const base = {
      domain: outlet.domain,
      name: outlet.name,
      ...(outlet.aliases.length > 0 ? { aliases: outlet.aliases } : {}),
      factuality: outlet.factuality,
      factualityScore: outlet.factualityScore,
      ownerType: outlet.ownerType,
      country: outlet.country,
    };
    entries.push(
      outlet.scope === 'political'
        ? { ...base, scope: 'political', bias: outlet.bias }
        : { ...base, scope: 'non_political', bias: null },
    );
  }
  return createRoster(entries);
}

/** Reads the stored outlets as a synthesis roster. */
export async function loadSynthesisRoster(executor: StoreExecutor): Promise<Roster> {
  return synthesisRoster(await listOutlets(executor));
}

/** A cluster's articles as synthesis and assembly take them, with its membership signature. */
export interface ClusterMaterial {
  cluster: StoryCluster;
  memberSignature: string;
  /** Articles as stored (for times and images). */
  articles: StoredArticle[];
}

/** The stored article of a cluster in the shape of `@espectro/synthesis`'s `ClusterArticle`. */
function clusterArticle(article: StoredArticle): StoryCluster['articles'][number] {
  return {
    id: article.id,
    domain: article.domain,
    title: article.title,
    ...(article.description ? { description: article.description } : {}),
    ...(article.body ? { body: article.body } : {}),
    publishedAt: articleTime(article),
    url: article.url,
    ...(article.imageUrl ? { imageUrl: article.imageUrl } : {}),
    ...(article.imageUrl && article.imageAlt ? { imageAlt: article.imageAlt } : {}),
  };
}

/**
 * The articles of each cluster (articles in id order), for the given cluster ids; clusters with no
 * member are absent.
 */
export async function loadClusterMaterial(
  executor: StoreExecutor,
  clusterIds: readonly string[],
): Promise<Map<string, ClusterMaterial>> {
  const members = await clusterMemberIds(executor, clusterIds);
  const articles = await listArticles(executor, { ids: [...members.values()].flat() });
  const byId = new Map(articles.map((article) => [article.id, article]));
  const result = new Map<string, ClusterMaterial>();
  for (const [clusterId, ids] of members) {
    const stored = ids.map((id) => byId.get(id)!).sort((left, right) => compareIds(left.id, right.id));
    result.set(clusterId, {
      cluster: { id: clusterId, articles: stored.map(clusterArticle) },
      memberSignature: setSignature(ids),
      articles: stored,
    });
  }
  return result;
}

/** Article ids a synthesis cites (sentences and discrepancies). */
export function citedArticleIds(synthesis: {
  sentences: readonly { articleIds: readonly string[] }[];
  discrepancies?: readonly { articleIds: readonly string[] }[];
}): string[] {
  return [
    ...new Set([
      ...synthesis.sentences.flatMap((sentence) => sentence.articleIds),
      ...(synthesis.discrepancies ?? []).flatMap((discrepancy) => discrepancy.articleIds),
    ]),
  ];
}
