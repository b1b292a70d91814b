import { compareIds, parseArticles, type Article } from './articles.js';
import {
  CLU_3_ORDER_BUCKET_HOURS,
  CLU_3_WINDOW_HOURS,
  orderBucket,
  pairDecisionUnchecked,
} from '@espectro/methodology';
import { denseDot, type Embedder, type SimilarityThresholds } from './embedder.js';
import { ClusteringError } from './errors.js';
import type { GreyPair, PairDecision, PairJudge, PendingPair } from './judge-types.js';
import { AutoDenseIndex, SparsePrefixIndex, type DenseSearchOptions, type NeighbourIndex } from './neighbours.js';
import { WindowedIndex } from './windowed-index.js';
import type { SparseVector } from './sparse.js';
import { EDGE_JOINED, MergeEdgeList } from './merge-edges.js';
import { DECIDED_AFRESH, EDGE_OUTCOME_MASK, GuardedUnion } from './guarded-union.js';
import { LinkedComponents } from './linked-components.js';

/**
 * The chaining guard: an automatic merge edge (cosine above `merge`) joins two partial stories only
 * if the mean cosine over every pair of their members (average linkage, computed from the two
 * stories' vector sums as `sumA·sumB / (|A|·|B|)`) is at least `minimumAverageSimilarity`. A
 * newcomer must resemble the story as a whole, not just one member; unlike a centroid cosine, the
 * mean does not grow for large diffuse stories. Joins confirmed by the judge are not guarded: the
 * judge has read both headlines.
 */
export interface ChainingGuard {
  minimumAverageSimilarity: number;
}

/** Options of {@link createClusteringState} and {@link clusterArticles}. */
export interface ClusteringOptions {
  embedder: Embedder;
  /** Default: the embedder's own thresholds (rule CLU-2 for MiniLM, calibrated ones for the offline embedder). */
  thresholds?: SimilarityThresholds;
  /** rule CLU-3 [choice]: only articles published within this many hours of each other are linked; default 72. */
  windowHours?: number;
  /**
   * rule CLU-3 [choice]: the chaining guard takes merge edges by time bucket of this many hours
   * (the bucket of the later article), then most similar first; `false` orders by similarity
   * alone across a whole linked component. Default rule CLU-3's {@link CLU_3_ORDER_BUCKET_HOURS} (see
   * the package README for its measured quality).
   */
  orderBucketHours?: number | false;
  /**
   * Decides grey-zone pairs (rule CLU-2). Without one, grey-zone pairs are not merged and not
   * searched for at all (the offline stand-in: conservative no-merge judging), so no pair is
   * pending; with one, pairs it cannot answer are pending (no merge, queued).
   */
  judge?: PairJudge;
  /**
   * Guard against chaining (see {@link ChainingGuard}); default: the thresholds'
   * `averageSimilarityGuard`, or their `judgeLow` when they have none. `false` turns it off (plain connected components, as
   * rule CLU-3 states it).
   */
  chainingGuard?: ChainingGuard | false;
  /** Dense search tuning (exact below `annThreshold` vectors, HNSW above). Ignored for sparse embedders. */
  search?: DenseSearchOptions;
}

/** One story: a set of articles, named by its smallest article id. */
export interface Story {
  /** Canonical id: the smallest article id (UTF-16 order) of the story. */
  id: string;
  /** Member article ids, ascending. */
  articleIds: string[];
}

/** What produced a clustering, reported with every result. */
export interface ClusteringBackend {
  embedder: string;
  model: string;
  thresholds: SimilarityThresholds;
  windowHours: number;
  /** Hours per order bucket of the guarded merge order, or `false` for similarity-first (rule CLU-3). */
  orderBucketHours: number | false;
  judge: string;
  chainingGuard: ChainingGuard | false;
  /** `exact-sparse`, `exact-dense` or `hnsw`. */
  search: string;
}

/** Outcome of one {@link addArticles} call. */
export interface ClusteringUpdate {
  /** Stories created by this call or whose members it changed, ascending by id (not those it re-derived unchanged). */
  changedStories: Story[];
  /** Ids of stories that no longer exist (merged into others or renamed by a smaller newcomer). */
  removedStoryIds: string[];
  /**
   * Article id → linked component (named by its smallest article id) for every article this call
   * added or whose linked component it renamed (merged into one with a smaller id); every other
   * article keeps the component reported before. A linked component is a connected part of the graph of merge edges and `same`
   * verdicts; stories are parts of it (the chaining guard may split one). Stored with the archive,
   * it tells which archive articles to seed a later state with (see `seedClusteringState`).
   */
  linkedComponents: Map<string, string>;
  /** Every pair still without a verdict after this call. */
  pendingPairs: PendingPair[];
  /** Grey pairs sent to the judge in this call and judge calls made. */
  judgedPairs: number;
  /** What the call had to walk (for benchmarks and logs; see {@link ClusteringWork}). */
  work: ClusteringWork;
  backend: ClusteringBackend;
}

/** The work of one {@link addArticles} or {@link retryPendingPairs} call. */
export interface ClusteringWork {
  /**
   * The order bucket (rule CLU-3) phase 1 rolled back to, the bucket of the call's earliest new merge
   * edge; `null` when the call added no merge edge (nothing is replayed).
   */
  rolledBackToBucket: number | null;
  /** Merge edges phase 1 walked: every edge of the buckets from `rolledBackToBucket` on. */
  mergeEdgesWalked: number;
  /** Of those, the ones decided afresh (a guard test or a first join) rather than replayed. */
  mergeEdgesDecidedAfresh: number;
  /** Articles of the stories re-derived (the region: stories a walked edge, a seed or a new verdict touched). */
  articlesReclustered: number;
}

/** Result of {@link clusterArticles}. */
export interface ClusteringResult {
  /** Every story, ascending by id. */
  stories: Story[];
  /** Article id → story id. */
  storyOf: Map<string, string>;
  /** Article id → linked component, for every article (see `ClusteringUpdate.linkedComponents`). */
  linkedComponents: Map<string, string>;
  pendingPairs: PendingPair[];
  judgedPairs: number;
  backend: ClusteringBackend;
  /** The state, to add more articles later with {@link addArticles}. */
  state: ClusteringState;
}

interface ArticleRecord {
  id: string;
  title: string;
  outlet: string | undefined;
  date: string;
  time: number;
}

interface Edge {
  other: number;
  similarity: number;
  /** Its number in the state's {@link MergeEdgeList} when it is a merge edge, else -1. */
  mergeEdge: number;
}

/** A dense (MiniLM) or sparse (offline embedder) vector, as clustering stores it. */
export type Vector = Float32Array | SparseVector;

/**
 * Incremental clustering state: articles, their vectors and neighbour index, the candidate edges
 * (cosine ≥ the grey zone's lower end, within the window), the judge's cached verdicts, pending
 * pairs and the current stories. Create with {@link createClusteringState}; grow with {@link addArticles}.
 */
export class ClusteringState {
  /** @internal */ readonly records: ArticleRecord[] = [];
  /** @internal */ readonly indexById = new Map<string, number>();
  /** @internal */ readonly vectors: Vector[] = [];
  /** @internal */ readonly edges: Edge[][] = [];
  /** @internal */ readonly verdicts = new Map<string, 'same' | 'different'>();
  /** @internal */ readonly pending = new Map<string, PendingPair>();
  /** @internal */ readonly storyOf: string[] = [];
  /** @internal */ readonly stories = new Map<string, number[]>();
  /** @internal */ readonly signatures: unknown[] = [];
  /** @internal Every merge edge in canonical order, with what the guarded union–find last did with it. */
  readonly mergeEdges = new MergeEdgeList((left, right) => compareIds(this.records[left]!.id, this.records[right]!.id));
  /**
   * @internal Work counter for tests and benchmarks: the order bucket of every merge edge the last
   * call decided afresh (a guard test or a first join), not replayed from its stored outcome.
   */
  freshDecisionBuckets: number[] = [];
  /**
   * @internal Work counter: the order bucket the last call's phase 1 rolled back to (undefined when
   * it had no new merge edge), and how many merge edges it walked from there.
   */
  replayFromBucket: number | undefined;
  /** @internal See {@link replayFromBucket}. */
  replayedEdges = 0;
  /** @internal How many merge edges (by edge number) phase 1 has applied; later ones are new. */
  appliedEdges = 0;
  /** @internal Phase 1's guarded union–find, kept between calls with its undo log (see `guarded-union.ts`). */
  readonly union: GuardedUnion;
  /** @internal Linked components, kept between calls. */
  readonly components = new LinkedComponents((left, right) =>
    compareIds(this.records[left]!.id, this.records[right]!.id),
  );
  /** @internal Per item, the items it shares a grey-zone edge with a `same` verdict with (phase 2's links). */
  readonly sameNeighbours: (number[] | undefined)[] = [];
  /** @internal */ index: WindowedIndex<Vector> | undefined;
  /** @internal */ sparse: boolean | undefined;
  readonly thresholds: SimilarityThresholds;
  readonly windowHours: number;
  readonly orderBucketHours: number | false;
  readonly chainingGuard: ChainingGuard | false;

  /** @internal */
  constructor(readonly options: ClusteringOptions) {
    this.thresholds = options.thresholds ?? options.embedder.thresholds;
    const { merge, judgeLow } = this.thresholds;
    if (!(judgeLow >= -1 && merge <= 1 && judgeLow <= merge)) {
      throw new ClusteringError({
        code: 'invalid_input',
        stage: 'validate',
        field: 'thresholds',
        message: `thresholds need -1 ≤ judgeLow ≤ merge ≤ 1, got judgeLow ${judgeLow}, merge ${merge}`,
      });
    }
    this.windowHours = options.windowHours ?? CLU_3_WINDOW_HOURS;
    if (!(this.windowHours > 0)) {
      throw new ClusteringError({
        code: 'invalid_input',
        stage: 'validate',
        field: 'windowHours',
        message: `windowHours must be a positive number, got ${this.windowHours}`,
      });
    }
    this.orderBucketHours = options.orderBucketHours ?? CLU_3_ORDER_BUCKET_HOURS;
    if (this.orderBucketHours !== false && !(this.orderBucketHours > 0)) {
      throw new ClusteringError({
        code: 'invalid_input',
        stage: 'validate',
        field: 'orderBucketHours',
        message: `orderBucketHours must be a positive number or false, got ${this.orderBucketHours}`,
      });
    }
    this.chainingGuard =
      options.chainingGuard === undefined
        ? { minimumAverageSimilarity: this.thresholds.averageSimilarityGuard ?? judgeLow }
        : options.chainingGuard;
    this.union = new GuardedUnion(
      this.vectors,
      this.chainingGuard === false ? false : this.chainingGuard.minimumAverageSimilarity,
    );
  }

  /** Lowest cosine searched for: the grey zone's lower end with a judge, else strictly above `merge`. */
  get searchThreshold(): number {
    return this.options.judge ? this.thresholds.judgeLow : this.thresholds.merge;
  }

  /** Number of articles added so far. */
  get size(): number {
    return this.records.length;
  }

  /** @internal The order bucket of an edge between two items: that of the later publication time (rule CLU-3). */
  bucketOf(left: number, right: number): number {
    if (this.orderBucketHours === false) return 0;
    return orderBucket(Math.max(this.records[left]!.time, this.records[right]!.time), this.orderBucketHours);
  }

  /** What produces this state's clustering. */
  get backend(): ClusteringBackend {
    return {
      embedder: this.options.embedder.backend,
      model: this.options.embedder.model,
      thresholds: this.thresholds,
      windowHours: this.windowHours,
      orderBucketHours: this.orderBucketHours,
      judge: this.options.judge?.backend ?? 'none',
      chainingGuard: this.chainingGuard,
      search: this.index?.kind ?? (this.options.embedder.embedSparse ? 'exact-sparse' : 'exact-dense'),
    };
  }
}

/** Creates an empty clustering state (see {@link addArticles}). */
export function createClusteringState(options: ClusteringOptions): ClusteringState {
  return new ClusteringState(options);
}

/** @internal The key of an unordered pair of article ids. */
export function pairKey(leftId: string, rightId: string): string {
  return compareIds(leftId, rightId) <= 0 ? `${leftId}\u0000${rightId}` : `${rightId}\u0000${leftId}`;
}

/** Canonical edge order: most similar first, then by the pair's ids. Independent of input order. */
function compareEdges(
  left: { similarity: number; low: string; high: string },
  right: { similarity: number; low: string; high: string },
): number {
  return right.similarity - left.similarity || compareIds(left.low, right.low) || compareIds(left.high, right.high);
}

/** Vectors computed earlier by the same embedder (e.g. stored with the archive), one per article. */
export interface PrecomputedVectors {
  /** The `model` of the embedder that computed them; must equal the state's embedder's `model`. */
  model: string;
  /** One vector per article, in the order of the articles passed with them. */
  vectors: readonly Vector[];
}

/** Options of one {@link addArticles} call. */
export interface AddArticlesOptions {
  /** Use these vectors instead of embedding the titles (the archive is never re-embedded). */
  precomputed?: PrecomputedVectors;
}

/**
 * Adds articles to a clustering state and updates the stories they touch. Cost is proportional to
 * the new articles and the stories they connect to: new vectors are queried against a
 * time-partitioned index of existing ones (only blocks overlapping each article's window are
 * searched, rule CLU-3), and only the connected regions around new edges are re-clustered.
 *
 * Within a region, merge edges (cosine > `merge`) are applied in canonical order (most similar
 * first, ties by ids) through union–find; grey pairs (`judgeLow` ≤ cosine ≤ `merge`) that still
 * join different partial stories go to the judge in batches, and `same` verdicts are applied next,
 * again in canonical order. The chaining guard rejects a join whose two partial stories' centroids
 * are less similar than its bound. Because every step depends only on the set of edges and verdicts,
 * the result does not depend on input order, and adding articles one call at a time gives the same
 * stories as adding them all at once (with exact search and a deterministic judge).
 *
 * @example
 * const state = createClusteringState({ embedder: createOfflineEmbedder() });
 * const update = await addArticles(state, articles);
 * update.changedStories; // [{ id: 'a1', articleIds: ['a1', 'a7'] }, …]
 */
export async function addArticles(
  state: ClusteringState,
  articles: readonly unknown[],
  options: AddArticlesOptions = {},
): Promise<ClusteringUpdate> {
  const parsed = parseArticles(articles, state.indexById);
  const vectors = options.precomputed
    ? checkedPrecomputed(state, options.precomputed, parsed.length)
    : parsed.length > 0
      ? await embedTitles(state, parsed)
      : [];
  const order = Array.from(parsed.keys()).sort((left, right) => compareIds(parsed[left]!.id, parsed[right]!.id));
  const firstNew = state.records.length;
  if (parsed.length > 0)
    indexNewArticles(
      state,
      order.map((position) => parsed[position]!),
      order.map((position) => vectors[position]!),
    );
  const seeds: number[] = [];
  for (let item = firstNew; item < state.records.length; item += 1) seeds.push(item);
  return finishUpdate(state, await recluster(state, seeds, firstNew));
}

/**
 * Asks the judge again about every pending pair (e.g. after a rate limit has passed) and updates
 * the stories around them.
 */
export async function retryPendingPairs(state: ClusteringState): Promise<ClusteringUpdate> {
  const seeds: number[] = [];
  for (const pending of state.pending.values())
    seeds.push(state.indexById.get(pending.leftId)!, state.indexById.get(pending.rightId)!);
  return finishUpdate(state, await recluster(state, seeds, state.records.length));
}

function finishUpdate(state: ClusteringState, outcome: ReclusterOutcome): ClusteringUpdate {
  const components = new Map<string, string>();
  // The default sort compares strings by UTF-16 code units, as compareIds does, without a callback.
  for (const id of Array.from(state.components.takeRenamed(), (item) => state.records[item]!.id).sort())
    components.set(id, state.records[state.components.nameOf(state.indexById.get(id)!)]!.id);
  return {
    changedStories: outcome.changedStoryIds.sort().map((id) => storyFromState(state, id)),
    removedStoryIds: outcome.removedStoryIds.sort(),
    linkedComponents: components,
    pendingPairs: sortedPending(state),
    judgedPairs: outcome.judgedPairs,
    work: {
      rolledBackToBucket: state.replayFromBucket ?? null,
      mergeEdgesWalked: state.replayedEdges,
      mergeEdgesDecidedAfresh: state.freshDecisionBuckets.length,
      articlesReclustered: outcome.articlesReclustered,
    },
    backend: state.backend,
  };
}

interface ReclusterOutcome {
  judgedPairs: number;
  /** Stories created or whose members changed. */
  changedStoryIds: string[];
  /** Ids of stories (of articles held before the call) that no longer exist. */
  removedStoryIds: string[];
  /** Articles in the region's stories. */
  articlesReclustered: number;
}

function contractError(message: string): ClusteringError {
  return new ClusteringError({ code: 'embedder_contract', stage: 'embed', message });
}

async function embedTitles(state: ClusteringState, parsed: Article[]): Promise<Vector[]> {
  const { embedder } = state.options;
  const titles = parsed.map((article) => article.title);
  const vectors: Vector[] = embedder.embedSparse ? await embedder.embedSparse(titles) : await embedder.embed(titles);
  if (vectors.length !== parsed.length) {
    throw contractError(`embedder ${embedder.backend} returned ${vectors.length} vectors for ${parsed.length} texts`);
  }
  for (const vector of vectors) checkVectorKind(state, vector);
  return vectors;
}

function checkVectorKind(state: ClusteringState, vector: Vector): void {
  const { embedder } = state.options;
  const sparse = embedder.embedSparse !== undefined;
  if (sparse === vector instanceof Float32Array) {
    throw contractError(
      `embedder ${embedder.backend} works with ${sparse ? 'sparse' : 'dense'} vectors, got a ${sparse ? 'dense' : 'sparse'} one`,
    );
  }
  if (vector instanceof Float32Array && vector.length !== embedder.dimension) {
    throw contractError(
      `embedder ${embedder.backend} returned a vector of length ${vector.length}, expected ${embedder.dimension}`,
    );
  }
}

function checkedPrecomputed(state: ClusteringState, precomputed: PrecomputedVectors, count: number): readonly Vector[] {
  const { embedder } = state.options;
  if (precomputed.model !== embedder.model) {
    throw new ClusteringError({
      code: 'invalid_input',
      stage: 'validate',
      field: 'precomputed.model',
      message: `precomputed vectors come from model "${precomputed.model}", but this state embeds with "${embedder.model}"; re-embed them or use the same embedder`,
    });
  }
  if (precomputed.vectors.length !== count) {
    throw new ClusteringError({
      code: 'invalid_input',
      stage: 'validate',
      field: 'precomputed.vectors',
      message: `precomputed.vectors has ${precomputed.vectors.length} vectors for ${count} articles`,
    });
  }
  for (const vector of precomputed.vectors) checkVectorKind(state, vector);
  return precomputed.vectors;
}

function indexNewArticles(state: ClusteringState, parsed: Article[], vectors: readonly Vector[]): void {
  const { embedder } = state.options;
  state.sparse ??= embedder.embedSparse !== undefined;
  state.index ??= new WindowedIndex<Vector>(
    () =>
      state.sparse
        ? (new SparsePrefixIndex(state.searchThreshold) as NeighbourIndex<Vector>)
        : (new AutoDenseIndex(state.options.search) as NeighbourIndex<Vector>),
    state.windowHours,
  );
  const threshold = state.searchThreshold;
  const { merge } = state.thresholds;
  const agreement = embedder.agreement;
  parsed.forEach((article, position) => {
    const item = state.records.length;
    const time = Date.parse(article.date);
    const record: ArticleRecord = {
      id: article.id,
      title: article.title,
      outlet: article.outlet,
      date: article.date,
      time,
    };
    const vector = vectors[position]!;
    const signature = agreement?.signature(article.title);
    // rule CLU-3: only articles inside one publication window can be linked (the index searches only those).
    const neighbours = state.index!.range(vector, time, threshold, () => true);
    state.records.push(record);
    state.indexById.set(article.id, item);
    state.vectors.push(vector);
    state.signatures.push(signature);
    state.edges.push([]);
    state.storyOf.push(article.id);
    state.stories.set(article.id, [item]);
    state.components.addItems(item + 1);
    state.union.addItems(item + 1);
    for (const { item: other, similarity: cosine } of neighbours) {
      const similarity = agreement ? cosine * agreement.factor(signature, state.signatures[other]) : cosine;
      if (similarity < threshold) continue;
      // Without a judge only merge edges matter (rule CLU-2).
      const isMerge = pairDecisionUnchecked(similarity, state.thresholds) === 'merge';
      if (threshold === merge && !isMerge) continue;
      const mergeEdge = isMerge ? state.mergeEdges.add(item, other, similarity, state.bucketOf(item, other)) : -1;
      state.edges[item]!.push({ other, similarity, mergeEdge });
      state.edges[other]!.push({ other: item, similarity, mergeEdge });
      if (isMerge) state.components.link(item, other);
      // A verdict stored before this article arrived (a seeded state's) links a grey pair now.
      else if (state.verdicts.size > 0 && state.verdicts.get(pairKey(article.id, state.records[other]!.id)) === 'same')
        recordSameLink(state, item, other);
    }
    state.index!.add(item, vector, time);
  });
  state.mergeEdges.commit();
}

/** Records a `same` verdict on a grey-zone edge between two items: a link of phase 2 and of linked components. */
function recordSameLink(state: ClusteringState, left: number, right: number): void {
  (state.sameNeighbours[left] ??= []).push(right);
  (state.sameNeighbours[right] ??= []).push(left);
  state.components.link(left, right);
}

/**
 * Phase 1: merge edges in canonical order through the state's guarded union–find. The edges added
 * since the last call begin in some order bucket B; the union–find rolls back to the start of B
 * (its checkpoint there) and replays only the edges of buckets ≥ B, each replaying its last outcome
 * while both its partial stories are as they were then (see {@link GuardedUnion.mergeEdge}). Every
 * edge's outcome is stored for the next call. Appends to `touched` an item of every partial story
 * the roll-back or the replay touched.
 */
function applyMergeEdges(state: ClusteringState, touched: number[]): void {
  const edges = state.mergeEdges;
  const union = state.union;
  state.replayFromBucket = undefined;
  state.replayedEdges = 0;
  if (state.appliedEdges === edges.count) return;
  let fromBucket = Number.POSITIVE_INFINITY;
  for (let edge = state.appliedEdges; edge < edges.count; edge += 1)
    fromBucket = Math.min(fromBucket, edges.buckets[edge]!);
  union.rollBackTo(fromBucket, touched);
  const { order, ordered, lows, highs, outcomes, buckets } = edges;
  const start = edges.firstPositionOfBucket(fromBucket);
  state.replayFromBucket = fromBucket;
  state.replayedEdges = ordered - start;
  for (let position = start; position < ordered; position += 1) {
    const edge = order[position]!;
    const step = union.mergeEdge(lows[edge]!, highs[edge]!, outcomes[edge]!, buckets[edge]!);
    if ((step & DECIDED_AFRESH) !== 0) state.freshDecisionBuckets.push(buckets[edge]!);
    const outcome = step & EDGE_OUTCOME_MASK;
    if (outcome === EDGE_JOINED) touched.push(lows[edge]!);
    outcomes[edge] = outcome;
  }
  state.appliedEdges = edges.count;
}

/**
 * The stories holding `seeds`: each is a set of partial stories of phase 1 connected by `same`
 * verdicts (phase 2 joins unguarded, so only connectivity matters), listed member by member.
 */
function storyComponents(state: ClusteringState, seeds: readonly number[]): number[][] {
  const union = state.union;
  const seen = new Set<number>();
  const components: number[][] = [];
  for (const seed of seeds) {
    const start = union.find(seed);
    if (seen.has(start)) continue;
    seen.add(start);
    const members: number[] = [];
    const queue = [start];
    while (queue.length > 0) {
      const from = members.length;
      union.membersOf(queue.pop()!, members);
      for (let position = from; position < members.length; position += 1) {
        const neighbours = state.sameNeighbours[members[position]!];
        if (!neighbours) continue;
        for (const other of neighbours) {
          const root = union.find(other);
          if (seen.has(root)) continue;
          seen.add(root);
          queue.push(root);
        }
      }
    }
    components.push(members);
  }
  return components;
}

function toJudged(record: ArticleRecord): GreyPair['left'] {
  return { id: record.id, title: record.title, outlet: record.outlet, date: record.date };
}

/** Asks the judge about `pairs`; records verdicts and pending pairs; returns the pairs answered `same`. */
async function askJudge(state: ClusteringState, pairs: GreyPair[]): Promise<GreyPair[]> {
  const { judge } = state.options;
  let decisions: PairDecision[];
  if (!judge) {
    decisions = pairs.map((pair) => ({ key: pair.key, verdict: 'unanswered', reason: 'no judge configured' }));
  } else {
    try {
      decisions = await judge.decide(pairs);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      decisions = pairs.map((pair) => ({ key: pair.key, verdict: 'unanswered', reason }));
    }
  }
  const byKey = new Map(decisions.map((decision) => [decision.key, decision]));
  const same: GreyPair[] = [];
  for (const pair of pairs) {
    const decision = byKey.get(pair.key) ?? {
      key: pair.key,
      verdict: 'unanswered',
      reason: 'the judge returned no verdict for this pair',
    };
    if (decision.verdict === 'unanswered') {
      state.pending.set(pair.key, {
        leftId: pair.left.id,
        rightId: pair.right.id,
        similarity: pair.similarity,
        reason: decision.reason,
      });
    } else {
      state.verdicts.set(pair.key, decision.verdict);
      state.pending.delete(pair.key);
      if (decision.verdict === 'same') same.push(pair);
    }
  }
  return same;
}

/**
 * Re-clusters what `seeds` (new articles, or the ends of pending pairs) and the new merge edges can
 * change. Phase 1 rolls back to the order bucket of the earliest new edge and replays from there
 * ({@link applyMergeEdges}); the region is then the stories holding a partial story that phase 1
 * touched or a seed. Grey pairs of the region's articles that join different partial stories and
 * have no verdict go to the judge (this re-asks the region's pending pairs); a `same` answer links
 * two stories, and the region grows by the story it reaches. A verdict never changes phase 1 (it
 * applies only merge edges), so a late answer needs no replay: it joins the two stories in phase 2.
 */
async function recluster(
  state: ClusteringState,
  seeds: readonly number[],
  firstNew: number,
): Promise<ReclusterOutcome> {
  state.freshDecisionBuckets = [];
  const union = state.union;
  union.startCall();
  const storySeeds = [...seeds];
  applyMergeEdges(state, storySeeds);
  const scanned = new Set<number>();
  const askedThisCall = new Set<string>();
  let judgedPairs = 0;
  let region: number[][];
  // Without a judge only merge edges are kept (see `indexNewArticles`): nothing to ask.
  const greyEdges = state.options.judge !== undefined;
  for (;;) {
    region = storyComponents(state, storySeeds);
    if (!greyEdges) break;
    const needed = new Map<string, GreyPair>();
    const ends = new Map<string, [number, number]>();
    for (const members of region) {
      for (const item of members) {
        if (scanned.has(item)) continue;
        scanned.add(item);
        const record = state.records[item]!;
        for (const { other, similarity } of state.edges[item]!) {
          if (pairDecisionUnchecked(similarity, state.thresholds) !== 'judge') continue; // rule CLU-2: grey zone only
          const otherRecord = state.records[other]!;
          if (union.find(item) === union.find(other)) {
            // One partial story now: the pair needs no verdict (if the story splits later, it is asked again).
            if (state.pending.size > 0) state.pending.delete(pairKey(record.id, otherRecord.id));
            continue;
          }
          const key = pairKey(record.id, otherRecord.id);
          if (state.verdicts.has(key) || askedThisCall.has(key) || needed.has(key)) continue;
          const [left, right] =
            compareIds(record.id, otherRecord.id) < 0 ? [record, otherRecord] : [otherRecord, record];
          needed.set(key, { key, left: toJudged(left), right: toJudged(right), similarity });
          ends.set(key, [item, other]);
        }
      }
    }
    if (needed.size === 0) break;
    const pairs = [...needed.values()].sort((left, right) =>
      compareEdges(
        { similarity: left.similarity, low: left.left.id, high: left.right.id },
        { similarity: right.similarity, low: right.left.id, high: right.right.id },
      ),
    );
    for (const pair of pairs) askedThisCall.add(pair.key);
    judgedPairs += pairs.length;
    const same = await askJudge(state, pairs);
    for (const pair of same) recordSameLink(state, ...ends.get(pair.key)!);
    // The next round's region follows the new links to the stories they reach.
    if (same.length === 0) break;
  }
  union.endCall();
  // Replace the region's stories with the new ones; the region holds every member of each old story
  // it meets (an old story is partial stories joined by `same` verdicts, and both persist or are touched).
  const previous = new Map<string, number[]>();
  const byId = (left: number, right: number): number => compareIds(state.records[left]!.id, state.records[right]!.id);
  const sortedRegion = region.map((members) => {
    // The largest old story wholly inside the new one: its members are sorted already, so only the
    // rest is sorted and merged in (a long-running story that gained a few articles costs no sort).
    const counts = new Map<string, number>();
    for (const item of members) {
      if (item >= firstNew) continue;
      const storyId = state.storyOf[item]!;
      counts.set(storyId, (counts.get(storyId) ?? 0) + 1);
    }
    let base: string | undefined;
    for (const [storyId, count] of counts) {
      const old = state.stories.get(storyId)!;
      previous.set(storyId, old);
      if (count === old.length && (base === undefined || count > counts.get(base)!)) base = storyId;
    }
    if (base === undefined) return members.sort(byId);
    const rest = members.filter((item) => item >= firstNew || state.storyOf[item] !== base).sort(byId);
    return mergeSorted(previous.get(base)!, rest, byId);
  });
  for (const storyId of previous.keys()) state.stories.delete(storyId);
  for (let item = firstNew; item < state.records.length; item += 1) state.stories.delete(state.records[item]!.id);
  const changedStoryIds: string[] = [];
  for (const members of sortedRegion) {
    const storyId = state.records[members[0]!]!.id;
    state.stories.set(storyId, members);
    for (const member of members) state.storyOf[member] = storyId;
    const before = previous.get(storyId);
    if (!before || before.length !== members.length || before.some((item, position) => item !== members[position]))
      changedStoryIds.push(storyId);
  }
  return {
    judgedPairs,
    changedStoryIds,
    removedStoryIds: [...previous.keys()].filter((id) => !state.stories.has(id)),
    articlesReclustered: region.reduce((total, members) => total + members.length, 0),
  };
}

/** Merges two arrays sorted by `compare` into one. */
function mergeSorted(left: readonly number[], right: readonly number[], compare: (a: number, b: number) => number) {
  const merged = new Array<number>(left.length + right.length);
  let leftPosition = 0;
  let rightPosition = 0;
  let position = 0;
  while (leftPosition < left.length && rightPosition < right.length)
    merged[position++] =
      compare(left[leftPosition]!, right[rightPosition]!) <= 0 ? left[leftPosition++]! : right[rightPosition++]!;
  while (leftPosition < left.length) merged[position++] = left[leftPosition++]!;
  while (rightPosition < right.length) merged[position++] = right[rightPosition++]!;
  return merged;
}

function storyFromState(state: ClusteringState, storyId: string): Story {
  return { id: storyId, articleIds: state.stories.get(storyId)!.map((item) => state.records[item]!.id) };
}

function sortedPending(state: ClusteringState): PendingPair[] {
  return [...state.pending.values()].sort(
    (left, right) => compareIds(left.leftId, right.leftId) || compareIds(left.rightId, right.rightId),
  );
}

/** Every story of a state, ascending by id. */
export function currentStories(state: ClusteringState): Story[] {
  return [...state.stories.keys()].sort(compareIds).map((id) => storyFromState(state, id));
}

/** Article id → story id for every article of a state. */
export function storyAssignments(state: ClusteringState): Map<string, string> {
  return new Map(state.records.map((record, item) => [record.id, state.storyOf[item]!]));
}

/**
 * Clusters articles into stories in one call (rules CLU-1…3): embeds titles, links pairs within the
 * window, merges above the merge threshold, asks the judge in the grey zone, guards against
 * chaining. The partition does not depend on the input order.
 *
 * @example
 * const embedder = createOfflineEmbedder();
 * const { stories, storyOf, pendingPairs, backend } = await clusterArticles(articles, { embedder });
 */
export async function clusterArticles(
  articles: readonly unknown[],
  options: ClusteringOptions,
): Promise<ClusteringResult> {
  const state = createClusteringState(options);
  const update = await addArticles(state, articles);
  return {
    stories: currentStories(state),
    storyOf: storyAssignments(state),
    linkedComponents: update.linkedComponents,
    pendingPairs: update.pendingPairs,
    judgedPairs: update.judgedPairs,
    backend: update.backend,
    state,
  };
}

/** Dot product of two vectors of the same kind (dense or sparse), as clustering computes it. */
export function vectorSimilarity(left: Vector, right: Vector): number {
  if (left instanceof Float32Array && right instanceof Float32Array) return denseDot(left, right);
  if (!(left instanceof Float32Array) && !(right instanceof Float32Array)) {
    let leftPosition = 0;
    let rightPosition = 0;
    let sum = 0;
    while (leftPosition < left.indices.length && rightPosition < right.indices.length) {
      const leftId = left.indices[leftPosition]!;
      const rightId = right.indices[rightPosition]!;
      if (leftId === rightId) {
        sum += left.values[leftPosition]! * right.values[rightPosition]!;
        leftPosition += 1;
        rightPosition += 1;
      } else if (leftId < rightId) leftPosition += 1;
      else rightPosition += 1;
    }
    return sum;
  }
  throw new ClusteringError({
    code: 'embedder_contract',
    stage: 'cluster',
    message: 'cannot compare a dense vector with a sparse one',
  });
}
