/**
 * The cluster stage: articles not yet clustered by the current embedder join the archive's
 * clusters (rules CLU-1…3, decided by `@espectro/clustering`). Work is selected from the store in
 * (time, id) order, in chunks. For each chunk a clustering state is seeded from the archive with
 * its stored vectors (`seedClusteringState`) holding exactly what the chunk can reach: the
 * articles within the CLU-3 window of the chunk's times (`seedWindow`) and every article sharing a
 * stored linked component with them. The chunk is added, and what differs from the store is
 * written back in one transaction: the clusters whose members changed, the articles' linked
 * components, vectors, judge verdicts, pending pairs and the story queue. So the archive's clusters
 * equal one clustering of all its articles at once, however the articles arrived in batches
 * (property-tested in `cluster.test.ts`). A commit refuses to land on top of another worker's
 * (archive revision).
 *
 * The seeded state is kept between calls (between the worker's cycles, between the chunks of one
 * `espectro run`), one per database, tagged with the archive revision its own commit produced. The
 * next call uses it only if the archive is still at that revision — no other writer committed a
 * clustering step since — and the embedder and judge are the same objects; it then adds the window's
 * archive articles the state lacks (with their stored vectors) and the new chunk, instead of
 * building the index of the whole window again; and it reads the chunk's context from the kept
 * state's mirror of its articles as stored, asking the store only for the window's ids and for the
 * components of window articles the state lacks, instead of loading the whole context again. Any failure between taking the state and committing
 * drops it (the next call seeds afresh), and a state grown past {@link CACHED_STATE_GROWTH_LIMIT}
 * times what a fresh seed would hold is dropped too.
 */
import {
  addArticles,
  compareIds,
  type ClusteringState,
  type Embedder,
  type PairJudge,
  currentStories,
  decodeVector,
  encodeVector,
  exportVectors,
  seedClusteringState,
  seedWindow,
  type PendingPair,
  type Story,
  type Vector,
} from '@espectro/clustering';
import {
  advanceArchiveRevision,
  archiveComponentContext,
  archiveRevision,
  archiveWindowArticleIds,
  assignArticlesToClusters,
  deleteClusters,
  loadArticleVectors,
  loadClusters,
  queueStories,
  replaceJudgePendingPairs,
  storeArticleComponents,
  storeArticleVectors,
  storeJudgeVerdicts,
  unclusteredArticles,
  upsertClusters,
  type ArchiveArticle,
  type ClusterMembership,
  type ClusterRecord,
  type ClusterState,
  type ComponentArchiveArticle,
} from '@espectro/store';
import {
  withStoredVectors,
  withStoredVerdicts,
  type StoredVectorEmbedder,
  type StoredVerdictJudge,
} from '../archive-adapters.js';
import { commitUnit, report, type PipelineContext } from '../context.js';
import { PipelineError } from '../errors.js';
import { citedArticleIds, setSignature } from '../material.js';

/**
 * Articles clustered per unit of work. An Espectro choice of batching, not a rule: every embedder's
 * vectors depend on the headline alone, so the stories do not depend on it.
 */
export const CLUSTER_CHUNK_ARTICLES = 5000;

/**
 * A kept clustering state is dropped, and the window seeded afresh, once it holds more than this
 * many times the articles a fresh seed of the current chunk would hold (the window's archive
 * articles and the chunk). An Espectro choice bounding memory, not a rule: either way the stories
 * are the same.
 */
export const CACHED_STATE_GROWTH_LIMIT = 4;

/** Commits retried when another worker moved the archive meanwhile, before giving up. */
const MAX_CONFLICT_RETRIES = 5;

/** What {@link clusterNewArticles} did. */
export interface ClusterStageReport {
  /** Articles clustered by this call. */
  articles: number;
  /** Archive articles loaded around them. */
  contextArticles: number;
  /** Headlines actually embedded (stored vectors are not embedded again). */
  embedded: number;
  clustersCreated: number;
  clustersChanged: number;
  clustersRemoved: number;
  /** Grey-zone pairs sent to the judge (CLU-2) and pairs still without a verdict. */
  judgedPairs: number;
  pendingPairs: number;
  /** Commits refused because another clustering step committed first (then redone). */
  conflicts: number;
  embedder: string;
  judge: string;
  search: string;
  /**
   * Chunks added to the state kept from the previous clustering step (same process, archive
   * unchanged since), rather than to a state seeded afresh from the store.
   */
  reusedStates: number;
}

/**
 * A clustering state as its last commit left it: its stories are the stored clusters of its
 * articles while the archive stays at `revision`.
 */
interface KeptClusteringState {
  revision: number;
  embedderKey: string;
  embedder: Embedder;
  judge: PairJudge | null;
  state: ClusteringState;
  /** Stored vectors by title, served to the state's embedder (grown as chunks arrive). */
  known: Map<string, Vector>;
  vectors: StoredVectorEmbedder;
  verdicts: StoredVerdictJudge | undefined;
  /**
   * Every article of the state as the store holds it after the state's last commit (cluster, linked
   * component, title, domain, time), by id: while the archive stays at `revision`, the window's
   * context is read from here instead of loading it from the store again (see {@link windowContext}).
   */
  archive: Map<string, ComponentArchiveArticle>;
}

/** One kept state per database (the store's `database` object), see the module comment. */
const keptStates = new WeakMap<object, KeptClusteringState>();

/**
 * Takes the kept state of this database out of the cache (so a failure before the next commit
 * cannot leave it behind), if it mirrors the archive at `revision` under the same embedder and judge.
 */
function takeKeptState(context: PipelineContext, revision: number): KeptClusteringState | undefined {
  const kept = keptStates.get(context.store.database);
  if (kept === undefined) return undefined;
  keptStates.delete(context.store.database);
  const { embedder, judge } = context.backends;
  const same =
    kept.revision === revision &&
    kept.embedderKey === embedder.key &&
    kept.embedder === embedder.embedder &&
    kept.judge === judge;
  return same ? kept : undefined;
}

class ArchiveMoved extends Error {}

interface ArticleInfo {
  domain: string;
  time: string;
}

/** The clusters after an update, as rows, and what became of the clusters before it. */
interface ClusterDelta {
  assignments: { articleId: string; clusterId: string }[];
  clusters: (ClusterMembership & ClusterState)[];
  removed: string[];
  created: number;
  changed: number;
}

function toClusteringArticle(article: ArchiveArticle) {
  return { id: article.id, title: article.title, date: article.time, outlet: article.domain };
}

/**
 * The synthesis and topic state a new cluster takes over from the predecessor it shares most
 * members with (ties: the smaller id), when its synthesis still cites only articles of the new
 * cluster. A failed synthesis is tried again under the new id (a new SYN-5 cycle).
 */
function inheritedState(
  members: readonly string[],
  previousCluster: ReadonlyMap<string, string>,
  existing: ReadonlyMap<string, ClusterRecord>,
): ClusterState {
  const overlap = new Map<string, number>();
  for (const id of members) {
    const previous = previousCluster.get(id);
    if (previous !== undefined) overlap.set(previous, (overlap.get(previous) ?? 0) + 1);
  }
  const [bestId] = [...overlap.entries()]
    .filter(([id]) => existing.get(id)?.synthesisStatus != null)
    .sort((left, right) => right[1] - left[1] || compareIds(left[0], right[0]))
    .map(([id]) => id);
  const best = bestId === undefined ? undefined : existing.get(bestId);
  if (best === undefined) return {};
  const synthesis = best.synthesis as { storyId: string; sentences: { articleIds: string[] }[] } | null;
  const memberSet = new Set(members);
  if (synthesis !== null && !citedArticleIds(synthesis).every((id) => memberSet.has(id))) return {};
  return {
    synthesisStatus: best.synthesisStatus,
    synthesisSignature: best.synthesisStatus === 'failed' ? null : best.synthesisSignature,
    synthesis: synthesis === null ? null : { ...synthesis, storyId: members[0]! },
    synthesisFailure: best.synthesisFailure,
    synthesisedAt: best.synthesisedAt,
    topicStatus: best.topicStatus,
    topic: best.topic,
    topicClassification: best.topicClassification,
    topicAttempts: best.topicAttempts,
    classifiedAt: best.classifiedAt,
  };
}

/**
 * Turns the stories of the seeded state whose members differ from the stored cluster of the same id
 * (new, grown, shrunk or renamed) into rows, with the assignments that moved and the stored
 * clusters that are no longer a story (`storyIds`: every story of the state). The state holds whole
 * linked components, hence whole stored clusters, so a story equal to its stored cluster is left
 * untouched.
 */
function clusterDelta(
  stories: readonly Story[],
  storyIds: ReadonlySet<string>,
  previousCluster: ReadonlyMap<string, string>,
  storedMembers: ReadonlyMap<string, readonly string[]>,
  info: ReadonlyMap<string, ArticleInfo>,
  existing: ReadonlyMap<string, ClusterRecord>,
  labels: { embedder: string; judge: string },
  now: Date,
): ClusterDelta {
  const assignments: ClusterDelta['assignments'] = [];
  const rows: ClusterDelta['clusters'] = [];
  let created = 0;
  let changed = 0;
  for (const story of stories) {
    const members = story.articleIds;
    const clusterId = story.id;
    for (const articleId of members)
      if (previousCluster.get(articleId) !== clusterId) assignments.push({ articleId, clusterId });
    const domains = members.map((id) => info.get(id)!.domain);
    const times = members.map((id) => info.get(id)!.time).sort();
    const memberSignature = setSignature(members);
    const domainSignature = setSignature(domains);
    const membership: ClusterMembership = {
      id: clusterId,
      embedder: labels.embedder,
      judge: labels.judge,
      articleCount: members.length,
      outletCount: new Set(domains).size,
      memberSignature,
      domainSignature,
      firstPublishedAt: new Date(times[0]!),
      lastPublishedAt: new Date(times[times.length - 1]!),
      updatedAt: now,
    };
    const stored = existing.get(clusterId);
    if (stored !== undefined) {
      if (stored.memberSignature === memberSignature) continue;
      changed += 1;
      const synthesis = stored.synthesis as { sentences: { articleIds: string[] }[] } | null;
      const memberSet = new Set(members);
      // A synthesis citing an article that left the cluster cannot be kept: synthesise again.
      const stale = synthesis !== null && !citedArticleIds(synthesis).every((id) => memberSet.has(id));
      rows.push(stale ? { ...membership, synthesisSignature: null } : membership);
    } else {
      created += 1;
      rows.push({ ...membership, ...inheritedState(members, previousCluster, existing) });
    }
  }
  const removed = [...storedMembers.keys()].filter((id) => !storyIds.has(id)).sort(compareIds);
  return { assignments, clusters: rows, removed, created, changed };
}

/** Whether a story of the state has exactly the members of the stored cluster of its id. */
function equalsStoredCluster(
  story: Story,
  previousCluster: ReadonlyMap<string, string>,
  storedMembers: ReadonlyMap<string, readonly string[]>,
): boolean {
  return (
    storedMembers.get(story.id)?.length === story.articleIds.length &&
    story.articleIds.every((id) => previousCluster.get(id) === story.id)
  );
}

/** The vectors of `titles` through the stored-vector embedder (only unknown titles are embedded). */
async function vectorsOf(embedder: StoredVectorEmbedder, titles: readonly string[]): Promise<Vector[]> {
  if (titles.length === 0) return [];
  return embedder.embedSparse ? embedder.embedSparse(titles) : embedder.embed(titles);
}

function pairOf(pending: PendingPair) {
  return { leftId: pending.leftId, rightId: pending.rightId, similarity: pending.similarity, reason: pending.reason };
}

/**
 * The archive a chunk published within `window` can touch (rule CLU-3), as
 * `archiveComponentContext` reads it: the clustered articles in the window and every article sharing
 * a linked component or a cluster with one of them, ordered by id. With a kept state, the articles it
 * holds are read from its mirror of the store (`kept.archive`): a kept state holds whole stored
 * components and clusters (it was seeded with whole ones, only its own commits changed them since,
 * and components only grow), so only the window's articles it lacks are looked up, with their
 * components. Without one, the whole context comes from the store.
 */
async function windowContext(
  context: PipelineContext,
  embedder: string,
  window: { from: string; to: string },
  kept: KeptClusteringState | undefined,
): Promise<ComponentArchiveArticle[]> {
  const { db } = context.store.database;
  if (kept === undefined) return archiveComponentContext(db, { embedder, ...window });
  const inWindow = await archiveWindowArticleIds(db, { embedder, ...window });
  const lacking = inWindow.filter((id) => !kept.archive.has(id));
  const loaded = (await archiveComponentContext(db, { embedder, articleIds: lacking })).filter(
    (article) => !kept.archive.has(article.id),
  );
  const touchedClusters = new Set<string>();
  const touchedComponents = new Set<string>();
  for (const id of inWindow) {
    const article = kept.archive.get(id);
    if (article === undefined) continue;
    touchedClusters.add(article.clusterId!);
    if (article.componentId !== null) touchedComponents.add(article.componentId);
  }
  const held: ComponentArchiveArticle[] = [];
  if (touchedClusters.size > 0)
    for (const article of kept.archive.values())
      if (
        touchedClusters.has(article.clusterId!) ||
        (article.componentId !== null && touchedComponents.has(article.componentId))
      )
        held.push(article);
  return [...held, ...loaded].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
}

/**
 * Clusters the articles not yet clustered by the current embedder (all of them, or `articleIds`),
 * one chunk per unit of work.
 *
 * @example
 * const clustered = await clusterNewArticles(context);
 * clustered.clustersCreated; // clusters new in the archive
 * const one = await clusterNewArticles(context, { articleIds: ingested.articleIds }); // the worker's job
 */
export async function clusterNewArticles(
  context: PipelineContext,
  selection: { articleIds?: readonly string[]; chunkSize?: number } = {},
): Promise<ClusterStageReport> {
  const { db } = context.store.database;
  const backend = context.backends.embedder;
  const judgeLabel = context.backends.judge?.backend ?? 'none';
  const chunkSize = selection.chunkSize ?? CLUSTER_CHUNK_ARTICLES;
  const stageReport: ClusterStageReport = {
    articles: 0,
    contextArticles: 0,
    embedded: 0,
    clustersCreated: 0,
    clustersChanged: 0,
    clustersRemoved: 0,
    judgedPairs: 0,
    pendingPairs: 0,
    conflicts: 0,
    embedder: backend.label,
    judge: judgeLabel,
    search: '',
    reusedStates: 0,
  };
  for (;;) {
    const revision = await archiveRevision(db);
    const fresh = await unclusteredArticles(db, {
      embedder: backend.key,
      limit: chunkSize,
      ...(selection.articleIds !== undefined ? { ids: selection.articleIds } : {}),
    });
    if (fresh.length === 0) break;
    // rule CLU-3: a batch can link only to archive articles within the window of its times, and
    // through them to the rest of their linked components; nothing else can change.
    const window = seedWindow(fresh.map((article) => article.time))!;
    let kept = takeKeptState(context, revision);
    const archive = await windowContext(context, backend.key, window, kept);
    const everyArticle: ArchiveArticle[] = [...archive, ...fresh];
    if (kept !== undefined && kept.state.size > CACHED_STATE_GROWTH_LIMIT * everyArticle.length) kept = undefined;
    // The window's archive articles the state does not hold yet (all of them for a fresh state).
    const seededArchive =
      kept === undefined ? archive : archive.filter((article) => !kept.state.indexById.has(article.id));
    const loaded = [...seededArchive, ...fresh];
    // Vectors come from the store: only headlines without a stored vector (by article or by title) are embedded.
    const stored = await loadArticleVectors(
      db,
      backend.key,
      loaded.map((article) => article.id),
    );
    const known = kept?.known ?? new Map<string, Vector>();
    for (const article of loaded) {
      const bytes = stored.get(article.id);
      if (bytes !== undefined && !known.has(article.title)) known.set(article.title, decodeVector(bytes));
    }
    const vectors = kept?.vectors ?? withStoredVectors(backend.embedder, known);
    const judge: StoredVerdictJudge | undefined =
      kept?.verdicts ?? (context.backends.judge ? withStoredVerdicts(context.backends.judge, db) : undefined);
    const embeddedBefore = vectors.embeddedTexts;
    const askedBefore = judge?.askedPairs ?? 0;
    const seedVectors = await vectorsOf(
      vectors,
      seededArchive.map((article) => article.title),
    );
    const seedArticles = seededArchive.map(toClusteringArticle);
    const { state, update: seeding } =
      kept === undefined
        ? await seedClusteringState(
            { embedder: vectors, ...(judge ? { judge } : {}) },
            { model: vectors.model, articles: seedArticles, vectors: seedVectors },
          )
        : {
            state: kept.state,
            update: await addArticles(kept.state, seedArticles, {
              precomputed: { model: vectors.model, vectors: seedVectors },
            }),
          };
    const update = await addArticles(state, fresh.map(toClusteringArticle));

    const previousCluster = new Map(archive.map((article) => [article.id, article.clusterId!]));
    const storedMembers = new Map<string, string[]>();
    for (const article of archive) {
      const members = storedMembers.get(article.clusterId!);
      if (members === undefined) storedMembers.set(article.clusterId!, [article.id]);
      else members.push(article.id);
    }
    // A kept state also holds articles outside the window's linked components: their stories cannot
    // change (no new article reaches them) and are left out.
    const inContext = new Set(everyArticle.map((article) => article.id));
    const everyStory = currentStories(state).filter((story) => inContext.has(story.articleIds[0]!));
    const storyIds = new Set(everyStory.map((story) => story.id));
    const stories = everyStory.filter((story) => !equalsStoredCluster(story, previousCluster, storedMembers));
    const pendingPairs = update.pendingPairs.filter((pair) => inContext.has(pair.leftId));
    // Linked components as the seeded state computed them, then as the batch changed them.
    const storedComponent = new Map(archive.map((article) => [article.id, article.componentId]));
    const components = new Map([...seeding.linkedComponents, ...update.linkedComponents]);
    const componentRows = [...components]
      .filter(([articleId, componentId]) => storedComponent.get(articleId) !== componentId)
      .map(([articleId, componentId]) => ({ articleId, componentId }));
    // Clusters another embedder made of these articles are obsolete under this one.
    const obsolete = [...new Set(fresh.map((article) => article.clusterId).filter((id): id is string => id !== null))];
    const info = new Map<string, ArticleInfo>(
      everyArticle.map((article) => [article.id, { domain: article.domain, time: article.time }]),
    );
    // Articles the kept state held before this chunk had their vectors stored by its earlier commits.
    const withoutStoredVector = loaded.filter((article) => !stored.has(article.id)).map((article) => article.id);
    const now = context.clock.now();
    try {
      const delta = await commitUnit(context, `cluster:${fresh[0]!.id}:${fresh.length}`, async (tx) => {
        if (!(await advanceArchiveRevision(tx, revision))) throw new ArchiveMoved();
        const predecessors = stories.flatMap((story) =>
          story.articleIds.map((id) => previousCluster.get(id)).filter((id): id is string => id !== undefined),
        );
        const loaded = await loadClusters(tx, [...new Set([...predecessors, ...stories.map((story) => story.id)])]);
        const existing = new Map([...loaded].filter(([, cluster]) => cluster.embedder === backend.key));
        const delta = clusterDelta(
          stories,
          storyIds,
          previousCluster,
          storedMembers,
          info,
          existing,
          { embedder: backend.key, judge: judgeLabel },
          now,
        );
        await deleteClusters(tx, [...obsolete, ...delta.removed]);
        await assignArticlesToClusters(tx, delta.assignments, backend.key, now);
        await storeArticleComponents(tx, componentRows, backend.key);
        await upsertClusters(tx, delta.clusters);
        await queueStories(
          tx,
          [...delta.clusters.map((cluster) => cluster.id), ...delta.removed, ...obsolete],
          'cluster_changed',
          now,
        );
        await storeArticleVectors(
          tx,
          backend.key,
          [...exportVectors(state, withoutStoredVector)].map(([articleId, vector]) => ({
            articleId,
            vector: encodeVector(vector),
          })),
        );
        if (judge !== undefined) {
          await storeJudgeVerdicts(
            tx,
            [...judge.decided].map(([key, verdict]) => {
              const [leftId, rightId] = key.split('\u0000') as [string, string];
              return { leftId, rightId, verdict, judge: judgeLabel, decidedAt: now };
            }),
          );
        }
        await replaceJudgePendingPairs(tx, [...info.keys()], pendingPairs.map(pairOf), now);
        return delta;
      });
      judge?.decided.clear(); // stored now: later chunks read them from the store (and the state)
      // The state's articles as the store now holds them (the mirror of a fresh state starts from its seed).
      const mirror = kept?.archive ?? new Map<string, ComponentArchiveArticle>();
      for (const article of kept === undefined ? archive : seededArchive) mirror.set(article.id, article);
      for (const article of fresh) mirror.set(article.id, { ...article, componentId: null });
      for (const { articleId, clusterId } of delta.assignments) mirror.get(articleId)!.clusterId = clusterId;
      for (const { articleId, componentId } of componentRows) mirror.get(articleId)!.componentId = componentId;
      keptStates.set(context.store.database, {
        revision: revision + 1,
        embedderKey: backend.key,
        embedder: backend.embedder,
        judge: context.backends.judge,
        state,
        known,
        vectors,
        verdicts: judge,
        archive: mirror,
      });
      stageReport.articles += fresh.length;
      stageReport.contextArticles += archive.length;
      stageReport.embedded += vectors.embeddedTexts - embeddedBefore;
      if (kept !== undefined) stageReport.reusedStates += 1;
      stageReport.clustersCreated += delta.created;
      stageReport.clustersChanged += delta.changed;
      stageReport.clustersRemoved += delta.removed.length;
      stageReport.judgedPairs += (judge?.askedPairs ?? 0) - askedBefore;
      stageReport.pendingPairs = pendingPairs.length;
      stageReport.search = update.backend.search;
      report(context, {
        stage: 'cluster',
        message: `${fresh.length} headlines into ${archive.length} archive articles: ${delta.created} clusters new, ${delta.changed} changed, ${delta.removed.length} merged away (${backend.label}, judge ${judgeLabel})`,
      });
    } catch (error) {
      if (!(error instanceof ArchiveMoved)) throw error;
      stageReport.conflicts += 1;
      if (stageReport.conflicts > MAX_CONFLICT_RETRIES)
        throw new PipelineError({
          code: 'conflict',
          stage: 'cluster',
          message: 'another worker kept committing clustering steps first; run the stage again',
        });
    }
  }
  return stageReport;
}
