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
import { SparseSum, type SparseVector } from './sparse.js';
import { EDGE_JOINED, EDGE_NOT_JOINED, EDGE_NOT_SEEN, MergeEdgeList } from './merge-edges.js';

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

/**
 * The default of `ClusteringOptions.orderBucketHours`: rule CLU-3's time-bucketed merge order
 * ({@link CLU_3_ORDER_BUCKET_HOURS}); see the package README for its measured quality.
 */
export const DEFAULT_ORDER_BUCKET_HOURS: number | false = CLU_3_ORDER_BUCKET_HOURS;

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
   * alone across a whole linked component. Default {@link DEFAULT_ORDER_BUCKET_HOURS}.
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
  /** Stories created or changed by this call, ascending by id. */
  changedStories: Story[];
  /** Ids of stories that no longer exist (merged into others or renamed by a smaller newcomer). */
  removedStoryIds: string[];
  /**
   * Article id → linked component (named by its smallest article id) for every article this call
   * re-clustered. A linked component is a connected part of the graph of merge edges and `same`
   * verdicts; stories are parts of it (the chaining guard may split one). Stored with the archive,
   * it tells which archive articles to seed a later state with (see `seedClusteringState`).
   */
  linkedComponents: Map<string, string>;
  /** Every pair still without a verdict after this call. */
  pendingPairs: PendingPair[];
  /** Grey pairs sent to the judge in this call and judge calls made. */
  judgedPairs: number;
  backend: ClusteringBackend;
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

/** Running sum of one partial story's vectors. */
interface VectorSum {
  plus(other: VectorSum): VectorSum;
  /** The same as adding `others` one after the other with {@link plus}, to the last bit. */
  plusAll(others: readonly VectorSum[]): VectorSum;
  dot(other: VectorSum): number;
}

class DenseSum implements VectorSum {
  constructor(readonly sum: Float64Array) {}
  plus(other: VectorSum): VectorSum {
    const values = (other as DenseSum).sum;
    const result = new Float64Array(values.length);
    for (let index = 0; index < values.length; index += 1) result[index] = this.sum[index]! + values[index]!;
    return new DenseSum(result);
  }
  plusAll(others: readonly VectorSum[]): VectorSum {
    const result = Float64Array.from(this.sum);
    for (const other of others) {
      const values = (other as DenseSum).sum;
      for (let index = 0; index < values.length; index += 1) result[index] = result[index]! + values[index]!;
    }
    return new DenseSum(result);
  }
  dot(other: VectorSum): number {
    const values = (other as DenseSum).sum;
    let dot = 0;
    for (let index = 0; index < values.length; index += 1) dot += this.sum[index]! * values[index]!;
    return dot;
  }
}

class SparseVectorSum implements VectorSum {
  constructor(readonly sum: SparseSum) {}
  plus(other: VectorSum): VectorSum {
    return new SparseVectorSum(this.sum.plus((other as SparseVectorSum).sum));
  }
  plusAll(others: readonly VectorSum[]): VectorSum {
    return new SparseVectorSum(this.sum.plusAll(others.map((other) => (other as SparseVectorSum).sum)));
  }
  dot(other: VectorSum): number {
    return this.sum.dot((other as SparseVectorSum).sum);
  }
}

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
    this.orderBucketHours = options.orderBucketHours ?? DEFAULT_ORDER_BUCKET_HOURS;
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
  const seeds = new Set<number>();
  for (let item = firstNew; item < state.records.length; item += 1) seeds.add(item);
  return finishUpdate(state, await recluster(state, seeds));
}

/**
 * Asks the judge again about every pending pair (e.g. after a rate limit has passed) and updates
 * the stories around them.
 */
export async function retryPendingPairs(state: ClusteringState): Promise<ClusteringUpdate> {
  const seeds = new Set<number>();
  for (const pending of state.pending.values()) {
    seeds.add(state.indexById.get(pending.leftId)!);
    seeds.add(state.indexById.get(pending.rightId)!);
  }
  return finishUpdate(state, await recluster(state, seeds));
}

function finishUpdate(state: ClusteringState, outcome: ReclusterOutcome): ClusteringUpdate {
  const changed = new Set<string>();
  for (const item of outcome.touched) changed.add(state.storyOf[item]!);
  const removed = [...outcome.previousStoryIds].filter((id) => !state.stories.has(id));
  const components = new Map<string, string>();
  // The default sort compares strings by UTF-16 code units, as compareIds does, without a callback.
  for (const id of Array.from(outcome.touched, (item) => state.records[item]!.id).sort())
    components.set(id, state.records[outcome.componentOf.get(state.indexById.get(id)!)!]!.id);
  return {
    changedStories: [...changed].sort().map((id) => storyFromState(state, id)),
    removedStoryIds: removed.sort(),
    linkedComponents: components,
    pendingPairs: sortedPending(state),
    judgedPairs: outcome.judgedPairs,
    backend: state.backend,
  };
}

interface ReclusterOutcome {
  judgedPairs: number;
  /** Items re-clustered (their stories may have changed): whole linked components. */
  touched: Set<number>;
  /** Linked component of each touched item, named by its smallest-id item. */
  componentOf: Map<number, number>;
  /** Story ids those items had before. */
  previousStoryIds: Set<string>;
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
    for (const { item: other, similarity: cosine } of neighbours) {
      const similarity = agreement ? cosine * agreement.factor(signature, state.signatures[other]) : cosine;
      if (similarity < threshold) continue;
      // Without a judge only merge edges matter (rule CLU-2).
      const isMerge = pairDecisionUnchecked(similarity, state.thresholds) === 'merge';
      if (threshold === merge && !isMerge) continue;
      const mergeEdge = isMerge ? state.mergeEdges.add(item, other, similarity, state.bucketOf(item, other)) : -1;
      state.edges[item]!.push({ other, similarity, mergeEdge });
      state.edges[other]!.push({ other: item, similarity, mergeEdge });
    }
    state.index!.add(item, vector, time);
  });
  state.mergeEdges.commit();
}

/**
 * Union–find over the items of one region, with vector sums for the chaining guard. Parents and
 * sizes are typed arrays over the state's item numbers. A partial story's vector sum is built only
 * when the guard needs it, by folding in the sums it absorbed in the order it absorbed them — the
 * same additions as keeping every sum current, so the same bits.
 */
class GuardedUnion {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;
  /** Roots whose partial story may differ from the last clustering of its region (see `applyMergeEdges`). */
  readonly dirty: Uint8Array;
  /** Roots each root absorbed, in order. */
  private readonly absorbed: (number[] | undefined)[] = [];
  /** A root's sum, with how many of its absorbed roots are folded in. */
  private readonly sums: (VectorSum | undefined)[] = [];
  private readonly folded: Int32Array;
  /** Whether the last {@link mergeEdge} decided its edge afresh rather than replaying it. */
  decidedAfresh = false;
  /** Pairs of roots the guard has refused, while neither root has grown since. */
  private readonly refused = new Set<string>();

  constructor(
    items: Iterable<number>,
    private readonly state: ClusteringState,
  ) {
    const count = state.records.length;
    this.parent = new Int32Array(count);
    this.size = new Int32Array(count);
    this.dirty = new Uint8Array(count);
    this.folded = new Int32Array(count);
    for (const item of items) {
      this.parent[item] = item;
      this.size[item] = 1;
    }
  }

  find(item: number): number {
    const parent = this.parent;
    let root = item;
    while (parent[root]! !== root) root = parent[root]!;
    let current = item;
    while (current !== root) {
      const next = parent[current]!;
      parent[current] = root;
      current = next;
    }
    return root;
  }

  private sum(root: number): VectorSum {
    let sum = this.sums[root];
    let folded = sum ? this.folded[root]! : 0;
    const absorbed = this.absorbed[root];
    let parts: VectorSum[] | undefined;
    if (absorbed && folded < absorbed.length) {
      parts = [];
      for (const child of absorbed.slice(folded)) {
        parts.push(this.sum(child));
        this.sums[child] = undefined;
      }
      folded = absorbed.length;
    }
    if (sum) {
      if (parts) sum = sum.plusAll(parts);
    } else {
      const vector = this.state.vectors[root]!;
      if (vector instanceof Float32Array) {
        sum = new DenseSum(Float64Array.from(vector));
        if (parts) sum = sum.plusAll(parts);
      } else if (parts && parts.length > 1) {
        sum = new SparseVectorSum(
          SparseSum.ofAll(
            vector,
            parts.map((part) => (part as SparseVectorSum).sum),
          ),
        );
      } else {
        sum = new SparseVectorSum(SparseSum.of(vector));
        if (parts) sum = sum.plusAll(parts);
      }
    }
    this.sums[root] = sum;
    this.folded[root] = folded;
    return sum;
  }

  /** Joins two distinct roots (`leftRoot` of the edge's first item); returns the new root. */
  private join(leftRoot: number, rightRoot: number): number {
    const leftSize = this.size[leftRoot]!;
    const rightSize = this.size[rightRoot]!;
    const [big, small] = leftSize >= rightSize ? [leftRoot, rightRoot] : [rightRoot, leftRoot];
    const absorbed = this.absorbed[big];
    if (absorbed) absorbed.push(small);
    else this.absorbed[big] = [small];
    this.parent[small] = big;
    this.size[big] = leftSize + rightSize;
    return big;
  }

  /** Whether the chaining guard lets two distinct roots join (`guarded`: an automatic merge edge). */
  private allowed(leftRoot: number, rightRoot: number, guarded: boolean): boolean {
    const guard = this.state.chainingGuard;
    const leftSize = this.size[leftRoot]!;
    const rightSize = this.size[rightRoot]!;
    if (guard === false || !guarded || (leftSize === 1 && rightSize === 1)) return true;
    // Sets only grow, so a refusal stands until one of the two roots absorbs something.
    const refusal =
      leftRoot < rightRoot
        ? `${leftRoot}:${leftSize}:${rightRoot}:${rightSize}`
        : `${rightRoot}:${rightSize}:${leftRoot}:${leftSize}`;
    if (this.refused.has(refusal)) return false;
    if (this.sum(leftRoot).dot(this.sum(rightRoot)) / (leftSize * rightSize) < guard.minimumAverageSimilarity) {
      this.refused.add(refusal);
      return false;
    }
    return true;
  }

  /** Joins the two items' sets unless `guarded` and the guard forbids it; returns whether they are now together. */
  union(left: number, right: number, guarded: boolean): boolean {
    const leftRoot = this.find(left);
    const rightRoot = this.find(right);
    if (leftRoot === rightRoot) return true;
    if (!this.allowed(leftRoot, rightRoot, guarded)) return false;
    this.join(leftRoot, rightRoot);
    return true;
  }

  /**
   * One merge edge of phase 1, replaying its last outcome when that is still valid. A root is
   * clean while its partial story equals the one the last clustering of the region had at this
   * point of the canonical order; an edge between two clean roots then does what it did last time
   * (same sets, same sums, same guard test), so its outcome is replayed without a dot product.
   * Otherwise it is decided afresh; a join makes the new root dirty, and so does an edge that
   * joined last time but not now (both sides' histories have left the last run's).
   */
  mergeEdge(left: number, right: number, lastOutcome: number): number {
    this.decidedAfresh = false;
    const leftRoot = this.find(left);
    const rightRoot = this.find(right);
    if (leftRoot === rightRoot) return EDGE_NOT_JOINED;
    if (lastOutcome !== EDGE_NOT_SEEN && this.dirty[leftRoot] === 0 && this.dirty[rightRoot] === 0) {
      if (lastOutcome === EDGE_JOINED) this.join(leftRoot, rightRoot);
      return lastOutcome;
    }
    this.decidedAfresh = true;
    if (this.allowed(leftRoot, rightRoot, true)) {
      this.dirty[this.join(leftRoot, rightRoot)] = 1;
      return EDGE_JOINED;
    }
    if (lastOutcome === EDGE_JOINED) {
      this.dirty[leftRoot] = 1;
      this.dirty[rightRoot] = 1;
    }
    return EDGE_NOT_JOINED;
  }
}

/** Whether an edge links its two items: a merge edge or a `same` verdict. */
function isLinked(state: ClusteringState, item: number, other: number, similarity: number): boolean {
  return (
    pairDecisionUnchecked(similarity, state.thresholds) === 'merge' ||
    state.verdicts.get(pairKey(state.records[item]!.id, state.records[other]!.id)) === 'same'
  );
}

/**
 * The linked component of every item of a closed region, named by its smallest-id item: plain
 * union–find over the region's merge edges and `same` verdicts (the edges that link).
 */
function linkedComponents(
  state: ClusteringState,
  region: Set<number>,
  mergeEdges: Int32Array,
  sameEdges: readonly RegionEdge[],
): Map<number, number> {
  const parent = new Int32Array(state.records.length);
  for (const item of region) parent[item] = item;
  const find = (item: number): number => {
    let root = item;
    while (parent[root]! !== root) root = parent[root]!;
    while (item !== root) {
      const next = parent[item]!;
      parent[item] = root;
      item = next;
    }
    return root;
  };
  const link = (left: number, right: number): void => {
    const leftRoot = find(left);
    const rightRoot = find(right);
    if (leftRoot !== rightRoot) parent[rightRoot] = leftRoot;
  };
  const { lows, highs } = state.mergeEdges;
  for (const edge of mergeEdges) link(lows[edge]!, highs[edge]!);
  for (const edge of sameEdges) link(edge.left, edge.right);
  // Name each component by its smallest id: the first member of it in id order.
  const smallest = new Map<number, number>();
  for (const item of region) {
    const root = find(item);
    const current = smallest.get(root);
    if (current === undefined || compareIds(state.records[item]!.id, state.records[current]!.id) < 0)
      smallest.set(root, item);
  }
  const componentOf = new Map<number, number>();
  for (const item of region) componentOf.set(item, smallest.get(find(item))!);
  return componentOf;
}

/** Items reachable from `seeds` over merge edges and `same` verdicts. */
function closure(state: ClusteringState, seeds: Iterable<number>): Set<number> {
  const region = new Set<number>();
  const queue: number[] = [];
  for (const seed of seeds) {
    if (!region.has(seed)) {
      region.add(seed);
      queue.push(seed);
    }
  }
  while (queue.length > 0) {
    const item = queue.pop()!;
    for (const { other, similarity } of state.edges[item]!) {
      if (region.has(other)) continue;
      if (isLinked(state, item, other, similarity)) {
        region.add(other);
        queue.push(other);
      }
    }
  }
  return region;
}

interface RegionEdge {
  left: number;
  right: number;
  similarity: number;
}

/**
 * Edges inside the region (each once) passing `keep`, in canonical order: most similar first, ties
 * by the ids of the two articles (lower id first, then higher id). Ids are ranked once per call so
 * that sorting compares numbers.
 */
function regionEdges(
  state: ClusteringState,
  region: Set<number>,
  keep: (similarity: number, left: number, right: number) => boolean,
): RegionEdge[] {
  const members = [...region].sort((left, right) => compareIds(state.records[left]!.id, state.records[right]!.id));
  const rank = new Map<number, number>();
  members.forEach((item, position) => rank.set(item, position));
  const lows: number[] = [];
  const highs: number[] = [];
  const similarities: number[] = [];
  for (const item of members) {
    const itemRank = rank.get(item)!;
    for (const { other, similarity } of state.edges[item]!) {
      const otherRank = rank.get(other);
      if (otherRank === undefined || otherRank <= itemRank || !keep(similarity, item, other)) continue;
      lows.push(itemRank);
      highs.push(otherRank);
      similarities.push(similarity);
    }
  }
  const order = Array.from(similarities.keys()).sort(
    (left, right) =>
      similarities[right]! - similarities[left]! || lows[left]! - lows[right]! || highs[left]! - highs[right]!,
  );
  return order.map((index) => ({
    left: members[lows[index]!]!,
    right: members[highs[index]!]!,
    similarity: similarities[index]!,
  }));
}

/**
 * The merge edges inside a closed region (merge edges never leave it), as edge numbers in
 * canonical order: read off the state's kept order when the region holds a good part of the
 * edges, else gathered from its items and sorted.
 */
function regionMergeEdges(state: ClusteringState, region: Set<number>): Int32Array {
  const edges = state.mergeEdges;
  let adjacent = 0;
  for (const item of region) adjacent += state.edges[item]!.length;
  if (adjacent * 4 < edges.ordered) {
    const gathered: number[] = [];
    for (const item of region) {
      for (const { mergeEdge } of state.edges[item]!)
        if (mergeEdge >= 0 && edges.lows[mergeEdge] === item) gathered.push(mergeEdge);
    }
    return Int32Array.from(gathered.sort((left, right) => edges.compare(left, right)));
  }
  const inRegion = new Uint8Array(state.records.length);
  for (const item of region) inRegion[item] = 1;
  const selected = new Int32Array(edges.ordered);
  let length = 0;
  for (let position = 0; position < edges.ordered; position += 1) {
    const edge = edges.order[position]!;
    if (inRegion[edges.lows[edge]!] === 1) selected[length++] = edge;
  }
  return selected.subarray(0, length);
}

/**
 * Phase 1 of a region: merge edges in canonical order through the guarded union–find. The last
 * outcome of each edge is replayed while both its partial stories are as they were then (see
 * {@link GuardedUnion.mergeEdge}), and every edge's outcome is stored for the next call.
 */
function applyMergeEdges(state: ClusteringState, region: Set<number>): { union: GuardedUnion; edges: Int32Array } {
  const union = new GuardedUnion(region, state);
  const { lows, highs, outcomes, buckets } = state.mergeEdges;
  const edges = regionMergeEdges(state, region);
  for (const edge of edges) {
    outcomes[edge] = union.mergeEdge(lows[edge]!, highs[edge]!, outcomes[edge]!);
    if (union.decidedAfresh) state.freshDecisionBuckets.push(buckets[edge]!);
  }
  return { union, edges };
}

function toJudged(record: ArticleRecord): GreyPair['left'] {
  return { id: record.id, title: record.title, outlet: record.outlet, date: record.date };
}

async function askJudge(state: ClusteringState, pairs: GreyPair[]): Promise<void> {
  const { judge } = state.options;
  {
    const batch = pairs;
    let decisions: PairDecision[];
    if (!judge) {
      decisions = batch.map((pair) => ({ key: pair.key, verdict: 'unanswered', reason: 'no judge configured' }));
    } else {
      try {
        decisions = await judge.decide(batch);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        decisions = batch.map((pair) => ({ key: pair.key, verdict: 'unanswered', reason }));
      }
    }
    const byKey = new Map(decisions.map((decision) => [decision.key, decision]));
    for (const pair of batch) {
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
      }
    }
  }
}

/** Re-clusters the regions around `seeds`; returns the items whose story may have changed. */
async function recluster(state: ClusteringState, seeds: Set<number>): Promise<ReclusterOutcome> {
  state.freshDecisionBuckets = [];
  const askedThisCall = new Set<string>();
  let judgedPairs = 0;
  let region = closure(state, seeds);
  let union: GuardedUnion;
  let mergeEdges: Int32Array;
  for (;;) {
    ({ union, edges: mergeEdges } = applyMergeEdges(state, region));
    const needed = new Map<string, GreyPair>();
    for (const item of region) {
      const record = state.records[item]!;
      for (const { other, similarity } of state.edges[item]!) {
        if (pairDecisionUnchecked(similarity, state.thresholds) !== 'judge') continue; // rule CLU-2: grey zone only
        if (region.has(other) && union.find(item) === union.find(other)) continue;
        const otherRecord = state.records[other]!;
        const key = pairKey(record.id, otherRecord.id);
        if (state.verdicts.has(key) || askedThisCall.has(key) || needed.has(key)) continue;
        const [left, right] = compareIds(record.id, otherRecord.id) < 0 ? [record, otherRecord] : [otherRecord, record];
        needed.set(key, { key, left: toJudged(left), right: toJudged(right), similarity });
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
    await askJudge(state, pairs);
    const grown = closure(state, region);
    if (grown.size === region.size) break;
    region = grown;
  }
  let sameEdges: RegionEdge[] = [];
  if (state.verdicts.size > 0) {
    const isSame = (similarity: number, left: number, right: number): boolean =>
      pairDecisionUnchecked(similarity, state.thresholds) === 'judge' &&
      state.verdicts.get(pairKey(state.records[left]!.id, state.records[right]!.id)) === 'same';
    sameEdges = regionEdges(state, region, isSame);
    for (const edge of sameEdges) union.union(edge.left, edge.right, false);
  }
  // Replace the stories of the region's items with the new components.
  const previousStoryIds = new Set<string>();
  for (const item of region) {
    previousStoryIds.add(state.storyOf[item]!);
    state.stories.delete(state.storyOf[item]!);
  }
  const components = new Map<number, number[]>();
  for (const item of region) {
    const root = union.find(item);
    const members = components.get(root);
    if (members) members.push(item);
    else components.set(root, [item]);
  }
  for (const members of components.values()) {
    members.sort((left, right) => compareIds(state.records[left]!.id, state.records[right]!.id));
    const storyId = state.records[members[0]!]!.id;
    state.stories.set(storyId, members);
    for (const member of members) state.storyOf[member] = storyId;
  }
  return {
    judgedPairs,
    touched: region,
    componentOf: linkedComponents(state, region, mergeEdges, sameEdges),
    previousStoryIds,
  };
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
