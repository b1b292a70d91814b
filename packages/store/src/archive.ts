/**
 * The incremental archive of `@espectro/pipeline` (`0002_pipeline.sql` and
 * `0002_pipeline_components.sql`): which sources were ingested, which cluster and linked component
 * each article is in and which embedder put it there, stored vectors, the clusters with their
 * synthesis and topic state, and the CLU-2 judge's verdicts and pending pairs. Functions take an executor (the database or a transaction) so a stage commits a unit of
 * work and the rows that say it is done together. The clustering itself is decided by
 * `@espectro/clustering`; this module only stores and reads it.
 */
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { StoreExecutor } from './database.js';
import {
  articles,
  articleClusters,
  articleComponents,
  articleVectors,
  clusters,
  ingestedSources,
  judgePendingPairs,
  judgeVerdicts,
  pipelineArchive,
  synthesisRetryQueue,
} from './schema.js';

const CHUNK = 2000;

function chunks<T>(items: readonly T[], size: number = CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** When an article happened for clustering: its publication time, else when it was first seen. */
const articleTime = sql<Date>`coalesce(${articles.publishedAt}, ${articles.firstSeenAt})`;

// ── ingested sources ────────────────────────────────────────────────────────────────────────────

/**
 * The stored report of a source already ingested with these exact bytes, or `undefined`.
 *
 * @example
 * if (await ingestedSourceReport(db, 'feeds/a.xml', sha256)) skip();
 */
export async function ingestedSourceReport(
  executor: StoreExecutor,
  name: string,
  sha256: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await executor
    .select({ report: ingestedSources.report })
    .from(ingestedSources)
    .where(and(eq(ingestedSources.name, name), eq(ingestedSources.sha256, sha256)));
  return row?.report;
}

/** Records that a source was ingested (idempotent). Call it in the transaction that stored its articles. */
export async function recordIngestedSource(
  executor: StoreExecutor,
  entry: { name: string; sha256: string; report: Record<string, unknown>; at: Date },
): Promise<void> {
  await executor
    .insert(ingestedSources)
    .values({ name: entry.name, sha256: entry.sha256, report: entry.report, ingestedAt: entry.at })
    .onConflictDoNothing();
}

// ── archive revision ────────────────────────────────────────────────────────────────────────────

/** The current revision of the clustered archive. */
export async function archiveRevision(executor: StoreExecutor): Promise<number> {
  const [row] = await executor.select({ revision: pipelineArchive.revision }).from(pipelineArchive);
  return Number(row?.revision ?? 0);
}

/**
 * Locks the archive row and moves it from `expected` to `expected + 1`; `false` (nothing changed)
 * when another clustering step committed since `expected` was read. Call it first in a clustering
 * step's transaction.
 */
export async function advanceArchiveRevision(executor: StoreExecutor, expected: number): Promise<boolean> {
  const [row] = await executor.select({ revision: pipelineArchive.revision }).from(pipelineArchive).for('update');
  if (Number(row?.revision ?? 0) !== expected) return false;
  await executor.update(pipelineArchive).set({ revision: expected + 1 });
  return true;
}

// ── articles to cluster and their context ───────────────────────────────────────────────────────

/** An article as clustering needs it. */
export interface ArchiveArticle {
  id: string;
  title: string;
  domain: string;
  /** Publication time, else first-seen time (ISO 8601). */
  time: string;
  /**
   * Its cluster: under the asked embedder for {@link archiveComponentContext}; for {@link unclusteredArticles},
   * the cluster another embedder put it in (`null` when never clustered).
   */
  clusterId: string | null;
}

/**
 * Articles not yet clustered by `embedder` (never clustered, or clustered by another embedder), in
 * (time, id) order; restricted to `ids` when given.
 *
 * @example
 * const batch = await unclusteredArticles(db, { embedder: 'offline-char-ngram-tfidf', limit: 2000 });
 */
export async function unclusteredArticles(
  executor: StoreExecutor,
  request: { embedder: string; limit: number; ids?: readonly string[] },
): Promise<ArchiveArticle[]> {
  if (request.ids !== undefined && request.ids.length === 0) return [];
  const conditions = [or(isNull(articleClusters.articleId), ne(articleClusters.embedder, request.embedder))];
  if (request.ids !== undefined) conditions.push(inArray(articles.id, [...request.ids]));
  const rows = await executor
    .select({
      id: articles.id,
      title: articles.title,
      domain: articles.domain,
      time: articleTime,
      clusterId: articleClusters.clusterId,
    })
    .from(articles)
    .leftJoin(articleClusters, eq(articleClusters.articleId, articles.id))
    .where(and(...conditions))
    .orderBy(articleTime, asc(articles.id))
    .limit(request.limit);
  return rows.map((row) => ({ ...row, time: new Date(row.time).toISOString() }));
}

/** An archive article with its linked component (`null` when none is stored for it). */
export interface ComponentArchiveArticle extends ArchiveArticle {
  componentId: string | null;
}

/**
 * The archive a batch published within `[from, to]`'s window can touch (rule CLU-3): every article
 * clustered by `embedder` whose time is in `[from, to]`, plus every article sharing a linked
 * component or a cluster with one of them (a cluster lies inside one component; the cluster is
 * there for articles clustered before components were stored). Ordered by id. With `articleIds`
 * instead of a window, the same around those clustered articles.
 *
 * @example
 * const context = await archiveComponentContext(db, { embedder, ...seedWindow(batchDates)! });
 * const around = await archiveComponentContext(db, { embedder, articleIds: ['a_1…'] });
 */
export async function archiveComponentContext(
  executor: StoreExecutor,
  request: { embedder: string } & ({ from: string; to: string } | { articleIds: readonly string[] }),
): Promise<ComponentArchiveArticle[]> {
  if ('articleIds' in request && request.articleIds.length === 0) return [];
  const inWindow = and(
    eq(articleClusters.embedder, request.embedder),
    'articleIds' in request
      ? sql`${articleClusters.articleId} = ANY(${sql.param([...request.articleIds])}::text[])`
      : and(sql`${articleTime} >= ${new Date(request.from)}`, sql`${articleTime} <= ${new Date(request.to)}`),
  );
  const componentOfArticle = and(
    eq(articleComponents.articleId, articleClusters.articleId),
    eq(articleComponents.embedder, request.embedder),
  );
  const touchedClusters = executor
    .selectDistinct({ clusterId: articleClusters.clusterId })
    .from(articleClusters)
    .innerJoin(articles, eq(articles.id, articleClusters.articleId))
    .where(inWindow);
  const touchedComponents = executor
    .selectDistinct({ componentId: articleComponents.componentId })
    .from(articleClusters)
    .innerJoin(articles, eq(articles.id, articleClusters.articleId))
    .innerJoin(articleComponents, componentOfArticle)
    .where(inWindow);
  const rows = await executor
    .select({
      id: articles.id,
      title: articles.title,
      domain: articles.domain,
      time: articleTime,
      clusterId: articleClusters.clusterId,
      componentId: articleComponents.componentId,
    })
    .from(articleClusters)
    .innerJoin(articles, eq(articles.id, articleClusters.articleId))
    .leftJoin(articleComponents, componentOfArticle)
    .where(
      and(
        eq(articleClusters.embedder, request.embedder),
        or(
          inArray(articleClusters.clusterId, touchedClusters),
          inArray(articleComponents.componentId, touchedComponents),
        ),
      ),
    )
    .orderBy(asc(articles.id));
  return rows.map((row) => ({ ...row, time: new Date(row.time).toISOString() }));
}

/**
 * Ids of the articles clustered by `embedder` whose time (publication, else first sight) is in
 * `[from, to]` — the window part of {@link archiveComponentContext}, without the rows.
 *
 * @example
 * const inWindow = await archiveWindowArticleIds(db, { embedder, ...seedWindow(batchDates)! });
 */
export async function archiveWindowArticleIds(
  executor: StoreExecutor,
  request: { embedder: string; from: string; to: string },
): Promise<string[]> {
  const rows = await executor
    .select({ id: articleClusters.articleId })
    .from(articleClusters)
    .innerJoin(articles, eq(articles.id, articleClusters.articleId))
    .where(
      and(
        eq(articleClusters.embedder, request.embedder),
        sql`${articleTime} >= ${new Date(request.from)}`,
        sql`${articleTime} <= ${new Date(request.to)}`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Stores the linked component of articles under `embedder` (insert or replace). */
export async function storeArticleComponents(
  executor: StoreExecutor,
  components: readonly { articleId: string; componentId: string }[],
  embedder: string,
): Promise<void> {
  for (const part of chunks(components, 1000)) {
    await executor
      .insert(articleComponents)
      .values(part.map((entry) => ({ ...entry, embedder })))
      .onConflictDoUpdate({
        target: articleComponents.articleId,
        set: { componentId: sql.raw('excluded.component_id'), embedder: sql.raw('excluded.embedder') },
      });
  }
}

/** Members of clusters (article id → cluster id), for the given cluster ids. */
export async function clusterMemberIds(
  executor: StoreExecutor,
  clusterIds: readonly string[],
): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>();
  for (const part of chunks([...new Set(clusterIds)])) {
    const rows = await executor
      .select({ articleId: articleClusters.articleId, clusterId: articleClusters.clusterId })
      .from(articleClusters)
      .where(inArray(articleClusters.clusterId, part))
      .orderBy(asc(articleClusters.articleId));
    for (const row of rows) {
      const list = members.get(row.clusterId);
      if (list === undefined) members.set(row.clusterId, [row.articleId]);
      else list.push(row.articleId);
    }
  }
  return members;
}

/** The cluster of each article (article id → cluster id) among those clustered at all. */
export async function clusterOfArticles(
  executor: StoreExecutor,
  articleIds: readonly string[],
): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const part of chunks([...new Set(articleIds)])) {
    const rows = await executor
      .select({ articleId: articleClusters.articleId, clusterId: articleClusters.clusterId })
      .from(articleClusters)
      .where(inArray(articleClusters.articleId, part));
    for (const row of rows) result.set(row.articleId, row.clusterId);
  }
  return result;
}

/** Puts articles in clusters (insert or move), recording the embedder that decided it. */
export async function assignArticlesToClusters(
  executor: StoreExecutor,
  assignments: readonly { articleId: string; clusterId: string }[],
  embedder: string,
  at: Date,
): Promise<void> {
  for (const part of chunks(assignments, 1000)) {
    await executor
      .insert(articleClusters)
      .values(part.map((entry) => ({ ...entry, embedder, clusteredAt: at })))
      .onConflictDoUpdate({
        target: articleClusters.articleId,
        set: {
          clusterId: sql.raw('excluded.cluster_id'),
          embedder: sql.raw('excluded.embedder'),
          clusteredAt: sql.raw('excluded.clustered_at'),
        },
      });
  }
}

// ── vectors ─────────────────────────────────────────────────────────────────────────────────────

/** Stored vectors of `embedder` for these articles (article id → bytes). */
export async function loadArticleVectors(
  executor: StoreExecutor,
  embedder: string,
  articleIds: readonly string[],
): Promise<Map<string, Uint8Array>> {
  const result = new Map<string, Uint8Array>();
  for (const part of chunks([...new Set(articleIds)])) {
    const rows = await executor
      .select({ articleId: articleVectors.articleId, vector: articleVectors.vector })
      .from(articleVectors)
      .where(and(eq(articleVectors.embedder, embedder), inArray(articleVectors.articleId, part)));
    for (const row of rows) result.set(row.articleId, row.vector);
  }
  return result;
}

/** Stores vectors of `embedder` (an article keeps its first vector). */
export async function storeArticleVectors(
  executor: StoreExecutor,
  embedder: string,
  vectors: readonly { articleId: string; vector: Uint8Array }[],
): Promise<void> {
  for (const part of chunks(vectors, 500)) {
    await executor
      .insert(articleVectors)
      .values(part.map((entry) => ({ ...entry, embedder })))
      .onConflictDoNothing();
  }
}

// ── clusters ────────────────────────────────────────────────────────────────────────────────────

/** A stored cluster: membership facts, what built it, and its synthesis and topic state. */
export type ClusterRecord = typeof clusters.$inferSelect;
/** What {@link upsertClusters} writes about a cluster's membership (synthesis and topic state are kept). */
export type ClusterMembership = Pick<
  ClusterRecord,
  | 'id'
  | 'embedder'
  | 'judge'
  | 'articleCount'
  | 'outletCount'
  | 'memberSignature'
  | 'domainSignature'
  | 'firstPublishedAt'
  | 'lastPublishedAt'
  | 'updatedAt'
>;
/** The synthesis and topic state of a cluster (what {@link updateClusterState} writes). */
export type ClusterState = Partial<
  Pick<
    ClusterRecord,
    | 'synthesisStatus'
    | 'synthesisSignature'
    | 'synthesis'
    | 'synthesisFailure'
    | 'synthesisedAt'
    | 'topicStatus'
    | 'topic'
    | 'topicClassification'
    | 'topicAttempts'
    | 'classifiedAt'
  >
>;

/** Clusters by id (missing ids are absent from the map). */
export async function loadClusters(
  executor: StoreExecutor,
  ids: readonly string[],
  options: { forUpdate?: boolean } = {},
): Promise<Map<string, ClusterRecord>> {
  const result = new Map<string, ClusterRecord>();
  for (const part of chunks([...new Set(ids)])) {
    const query = executor.select().from(clusters).where(inArray(clusters.id, part));
    const rows = options.forUpdate ? await query.for('update') : await query;
    for (const row of rows) result.set(row.id, row);
  }
  return result;
}

/** Inserts or updates clusters' membership facts; an existing cluster keeps its synthesis and topic state. */
export async function upsertClusters(
  executor: StoreExecutor,
  rows: readonly (ClusterMembership & ClusterState)[],
): Promise<void> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  for (const part of chunks(rows, 500)) {
    await executor
      .insert(clusters)
      .values([...part])
      .onConflictDoUpdate({
        target: clusters.id,
        set: {
          embedder: excluded('embedder'),
          judge: excluded('judge'),
          articleCount: excluded('article_count'),
          outletCount: excluded('outlet_count'),
          memberSignature: excluded('member_signature'),
          domainSignature: excluded('domain_signature'),
          firstPublishedAt: excluded('first_published_at'),
          lastPublishedAt: excluded('last_published_at'),
          updatedAt: excluded('updated_at'),
        },
      });
  }
}

/** Deletes clusters that no longer exist (merged into others or renamed). */
export async function deleteClusters(executor: StoreExecutor, ids: readonly string[]): Promise<void> {
  for (const part of chunks([...new Set(ids)])) await executor.delete(clusters).where(inArray(clusters.id, part));
}

/** Writes a cluster's synthesis and topic state. */
export async function updateClusterState(executor: StoreExecutor, id: string, state: ClusterState): Promise<void> {
  if (Object.keys(state).length === 0) return;
  await executor.update(clusters).set(state).where(eq(clusters.id, id));
}

/**
 * Clusters whose synthesis is due (rule SYN-*: new, or their set of outlets changed since the last
 * attempt): two or more outlets, a domain signature different from the one last synthesised, and
 * no retry pending or discarded in the SYN-5 queue (the queue's own schedule decides those).
 * Oldest first.
 */
export async function clustersDueForSynthesis(
  executor: StoreExecutor,
  request: { limit: number; ids?: readonly string[] },
): Promise<ClusterRecord[]> {
  if (request.ids !== undefined && request.ids.length === 0) return [];
  const conditions = [
    sql`${clusters.outletCount} >= 2`,
    sql`${clusters.synthesisSignature} IS DISTINCT FROM ${clusters.domainSignature}`,
    sql`NOT EXISTS (SELECT 1 FROM ${synthesisRetryQueue} WHERE ${synthesisRetryQueue.storyId} = ${clusters.id} AND ${synthesisRetryQueue.status} IN ('pending', 'discarded'))`,
  ];
  if (request.ids !== undefined) conditions.push(inArray(clusters.id, [...request.ids]));
  return executor
    .select()
    .from(clusters)
    .where(and(...conditions))
    .orderBy(asc(clusters.lastPublishedAt), asc(clusters.id))
    .limit(request.limit);
}

/**
 * Synthesised clusters whose topic (TOP-1) is still to be classified (`topicStatus: 'pending'`),
 * or is unclassified (`'unclassified'`). Oldest first.
 */
export async function clustersByTopicStatus(
  executor: StoreExecutor,
  request: { status: 'pending' | 'unclassified'; limit: number; ids?: readonly string[] },
): Promise<ClusterRecord[]> {
  if (request.ids !== undefined && request.ids.length === 0) return [];
  const conditions = [
    eq(clusters.synthesisStatus, 'synthesised'),
    request.status === 'pending' ? isNull(clusters.topicStatus) : eq(clusters.topicStatus, 'unclassified'),
  ];
  if (request.ids !== undefined) conditions.push(inArray(clusters.id, [...request.ids]));
  return executor
    .select()
    .from(clusters)
    .where(and(...conditions))
    .orderBy(asc(clusters.lastPublishedAt), asc(clusters.id))
    .limit(request.limit);
}

/** Ids of the clusters with two or more outlets that contain an article of one of these domains. */
export async function clusterIdsWithDomains(executor: StoreExecutor, domains: readonly string[]): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await executor
    .selectDistinct({ clusterId: articleClusters.clusterId })
    .from(articleClusters)
    .innerJoin(articles, eq(articles.id, articleClusters.articleId))
    .innerJoin(clusters, eq(clusters.id, articleClusters.clusterId))
    .where(and(inArray(articles.domain, [...domains]), sql`${clusters.outletCount} >= 2`))
    .orderBy(asc(articleClusters.clusterId));
  return rows.map((row) => row.clusterId);
}

/** Number of stored clusters, and of those with two or more outlets. */
export async function countClusters(executor: StoreExecutor): Promise<{ clusters: number; multiOutlet: number }> {
  const [row] = await executor
    .select({
      clusters: sql<number>`count(*)::int`,
      multiOutlet: sql<number>`count(*) FILTER (WHERE ${clusters.outletCount} >= 2)::int`,
    })
    .from(clusters);
  return { clusters: Number(row?.clusters ?? 0), multiOutlet: Number(row?.multiOutlet ?? 0) };
}

// ── judge verdicts and pending pairs (CLU-2) ───────────────────────────────────────────────────

/** A pair of article ids with `leftId < rightId`. */
export interface ArticlePair {
  leftId: string;
  rightId: string;
}

/** Stored verdicts for these pairs (key `leftId NUL rightId`). */
export async function loadJudgeVerdicts(
  executor: StoreExecutor,
  pairs: readonly ArticlePair[],
): Promise<Map<string, 'same' | 'different'>> {
  const result = new Map<string, 'same' | 'different'>();
  const byLeft = new Map<string, Set<string>>();
  for (const pair of pairs) byLeft.set(pair.leftId, (byLeft.get(pair.leftId) ?? new Set()).add(pair.rightId));
  for (const part of chunks([...byLeft.keys()])) {
    const rows = await executor
      .select({ leftId: judgeVerdicts.leftId, rightId: judgeVerdicts.rightId, verdict: judgeVerdicts.verdict })
      .from(judgeVerdicts)
      .where(inArray(judgeVerdicts.leftId, part));
    for (const row of rows)
      if (byLeft.get(row.leftId)?.has(row.rightId)) result.set(`${row.leftId}\u0000${row.rightId}`, row.verdict);
  }
  return result;
}

/** Stores judge verdicts (a pair keeps its first verdict). */
export async function storeJudgeVerdicts(
  executor: StoreExecutor,
  verdicts: readonly (ArticlePair & { verdict: 'same' | 'different'; judge: string; decidedAt: Date })[],
): Promise<void> {
  for (const part of chunks(verdicts, 1000))
    await executor
      .insert(judgeVerdicts)
      .values([...part])
      .onConflictDoNothing();
}

/**
 * Replaces the pending pairs that involve any of `articleIds` with `pending` (the pairs a clustering
 * step left without a verdict).
 */
export async function replaceJudgePendingPairs(
  executor: StoreExecutor,
  articleIds: readonly string[],
  pending: readonly (ArticlePair & { similarity: number; reason: string })[],
  at: Date,
): Promise<void> {
  // Nothing to delete when no pair is pending at all (always so without a judge): a clustering step
  // passes its whole context, which is not worth sending for nothing.
  const anyPending = async () =>
    (await executor.select({ leftId: judgePendingPairs.leftId }).from(judgePendingPairs).limit(1)).length > 0;
  if (articleIds.length > 0 && (await anyPending())) {
    // One statement with the ids as one array parameter.
    const ids = sql.param([...new Set(articleIds)]);
    await executor
      .delete(judgePendingPairs)
      .where(
        sql`${judgePendingPairs.leftId} = ANY(${ids}::text[]) OR ${judgePendingPairs.rightId} = ANY(${ids}::text[])`,
      );
  }
  for (const part of chunks(pending, 1000))
    await executor
      .insert(judgePendingPairs)
      .values(part.map((pair) => ({ ...pair, since: at })))
      .onConflictDoNothing();
}

/** Number of grey pairs waiting for a verdict. */
export async function countJudgePendingPairs(executor: StoreExecutor): Promise<number> {
  const [row] = await executor.select({ count: sql<number>`count(*)::int` }).from(judgePendingPairs);
  return Number(row?.count ?? 0);
}
