import { mulberry32 } from '@espectro/methodology';
import { denseDot } from './embedder.js';
import { sparseDot, type SparseVector } from './sparse.js';

/** One neighbour found by a range query: an item number and its exact cosine with the query. */
export interface Neighbour {
  item: number;
  similarity: number;
}

/**
 * An index of unit vectors answering "every stored item with cosine ≥ threshold" (range queries).
 * Items are small integers given by the caller; similarities are always computed with the same dot
 * product as everywhere else, so they are symmetric and identical whichever item is the query.
 */
export interface NeighbourIndex<Vector> {
  /** Which search it does, reported in results: `exact-sparse`, `exact-dense` or `hnsw`. */
  readonly kind: string;
  /** Number of stored items. */
  readonly size: number;
  /** Stores a vector under `item`. */
  add(item: number, vector: Vector): void;
  /**
   * Every stored item with cosine ≥ `threshold` to `vector` that `accept` lets through, in no
   * particular order. Exact indexes return all of them; approximate ones as many as they find.
   */
  range(vector: Vector, threshold: number, accept: (item: number) => boolean): Neighbour[];
}

/**
 * Exact range search over sparse unit vectors with an L2 prefix filter (after Anastasiu & Karypis'
 * L2AP): each vector's leading features (ids ranked by document frequency, so the most common come
 * first) are left out of the inverted index as long as their Euclidean norm stays below the
 * smallest threshold the index will be queried with. By Cauchy–Schwarz that unindexed prefix alone
 * cannot reach the threshold, so every pair at or above it shares an indexed feature: the search is
 * exact, and posting lists skip the most frequent n-grams. Candidates are scored with the full
 * sparse dot product.
 */
export class SparsePrefixIndex implements NeighbourIndex<SparseVector> {
  readonly kind = 'exact-sparse';
  private readonly vectors: SparseVector[] = [];
  private readonly prefixNorms: number[] = [];
  /** First indexed feature id of each item: its unindexed prefix holds only smaller ids. */
  private readonly prefixBoundaries: number[] = [];
  private readonly postings = new Map<number, { items: number[]; weights: number[] }>();
  private accumulator = new Float64Array(1024);
  private touchedStamp = new Uint32Array(1024);
  /** Per item met by the current query: the bound on its unindexed prefix's share of the dot product. */
  private shares = new Float64Array(1024);
  private queryStamp = 0;
  private itemsStored = 0;

  /** @param minimumThreshold the smallest threshold `range` will ever be called with. */
  constructor(private readonly minimumThreshold: number) {}

  get size(): number {
    return this.itemsStored;
  }

  add(item: number, vector: SparseVector): void {
    const limit = this.minimumThreshold * this.minimumThreshold;
    let prefixEnd = 0;
    let prefixSquares = 0;
    while (prefixEnd < vector.values.length && prefixSquares + vector.values[prefixEnd]! ** 2 < limit) {
      prefixSquares += vector.values[prefixEnd]! ** 2;
      prefixEnd += 1;
    }
    this.vectors[item] = vector;
    this.prefixNorms[item] = Math.sqrt(prefixSquares);
    this.prefixBoundaries[item] =
      prefixEnd < vector.indices.length ? vector.indices[prefixEnd]! : Number.POSITIVE_INFINITY;
    for (let position = prefixEnd; position < vector.indices.length; position += 1) {
      const feature = vector.indices[position]!;
      let posting = this.postings.get(feature);
      if (!posting) {
        posting = { items: [], weights: [] };
        this.postings.set(feature, posting);
      }
      posting.items.push(item);
      posting.weights.push(vector.values[position]!);
    }
    if (item >= this.accumulator.length) {
      const length = Math.max(item + 1, this.accumulator.length * 2);
      const grownAccumulator = new Float64Array(length);
      grownAccumulator.set(this.accumulator);
      this.accumulator = grownAccumulator;
      const grownStamp = new Uint32Array(length);
      grownStamp.set(this.touchedStamp);
      this.touchedStamp = grownStamp;
      this.shares = new Float64Array(length);
    }
    this.itemsStored += 1;
  }

  range(vector: SparseVector, threshold: number, accept: (item: number) => boolean): Neighbour[] {
    if (threshold < this.minimumThreshold) {
      throw new RangeError(
        `SparsePrefixIndex was built for thresholds ≥ ${this.minimumThreshold}, queried with ${threshold}`,
      );
    }
    const accumulator = this.accumulator;
    const stamps = this.touchedStamp;
    const shares = this.shares;
    const prefixNorms = this.prefixNorms;
    const boundaries = this.prefixBoundaries;
    const { order, cumulativeSquares } = preparedQuery(vector);
    const indices = vector.indices;
    // An item's unindexed prefix has only feature ids below its boundary, so by Cauchy–Schwarz on
    // those ids its share of the dot product is at most ‖query below the boundary‖ · ‖prefix‖ —
    // much less than ‖prefix‖ alone, as a query's weight sits mostly in rarer, higher ids.
    const prefixShare = (item: number): number => {
      const boundary = boundaries[item]!;
      let low = 0;
      let high = indices.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (indices[middle]! < boundary) low = middle + 1;
        else high = middle;
      }
      return Math.sqrt(cumulativeSquares[low]!) * prefixNorms[item]!;
    };
    this.queryStamp = (this.queryStamp + 1) >>> 0 || 1;
    const stamp = this.queryStamp;
    const touched: number[] = [];
    // Heaviest query features first: once the rest of the query is light, an item not met yet can
    // only reach the threshold through its own unindexed prefix, which the admission test bounds.
    let remainingSquares = cumulativeSquares[indices.length]!;
    for (const position of order) {
      const weight = vector.values[position]!;
      const remaining = Math.sqrt(Math.max(0, remainingSquares));
      remainingSquares -= weight * weight;
      const posting = this.postings.get(indices[position]!);
      if (!posting) continue;
      const { items, weights } = posting;
      for (let entry = 0; entry < items.length; entry += 1) {
        const item = items[entry]!;
        if (stamps[item] !== stamp) {
          stamps[item] = stamp;
          // Decided once per query: an item `accept` refuses (e.g. outside the publication window)
          // or that fails the admission test is never a result — the rest of the query only gets
          // lighter — so it is marked with −∞ and its later postings add nothing that is read.
          // dot(x, y) ≤ ‖x from here on‖ + ‖y's prefix‖ for an item first met now.
          const share = accept(item) ? prefixShare(item) : Number.NEGATIVE_INFINITY;
          if (remaining + share < threshold - 1e-9) {
            accumulator[item] = Number.NEGATIVE_INFINITY;
            continue;
          }
          shares[item] = share;
          accumulator[item] = 0;
          touched.push(item);
        }
        accumulator[item] = accumulator[item]! + weight * weights[entry]!;
      }
    }
    const found: Neighbour[] = [];
    for (const item of touched) {
      if (accumulator[item]! + shares[item]! + 1e-6 < threshold) continue;
      const similarity = sparseDot(vector, this.vectors[item]!);
      if (similarity >= threshold) found.push({ item, similarity });
    }
    return found;
  }
}

/** The last query's feature order (heaviest first) and prefix sums of squares, shared by every index it is run against. */
let lastQuery: { vector: SparseVector; order: number[]; cumulativeSquares: Float64Array } | undefined;

/**
 * A query's positions heaviest first (ties by position) and the running sums of its squared
 * weights; a windowed search runs one query against several blocks' indexes, so it is kept for the
 * last vector (vectors are never changed).
 */
function preparedQuery(vector: SparseVector): { order: number[]; cumulativeSquares: Float64Array } {
  if (lastQuery?.vector === vector) return lastQuery;
  const { values } = vector;
  const cumulativeSquares = new Float64Array(values.length + 1);
  for (let position = 0; position < values.length; position += 1)
    cumulativeSquares[position + 1] = cumulativeSquares[position]! + values[position]! ** 2;
  const order = Array.from(values.keys()).sort((left, right) => values[right]! - values[left]! || left - right);
  lastQuery = { vector, order, cumulativeSquares };
  return lastQuery;
}

/** Exact range search over dense unit vectors: one dot product per stored item. */
export class DenseExactIndex implements NeighbourIndex<Float32Array> {
  readonly kind = 'exact-dense';
  readonly vectors: Float32Array[] = [];
  readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  add(item: number, vector: Float32Array): void {
    this.items.push(item);
    this.vectors.push(vector);
  }

  range(vector: Float32Array, threshold: number, accept: (item: number) => boolean): Neighbour[] {
    const found: Neighbour[] = [];
    for (let position = 0; position < this.items.length; position += 1) {
      const item = this.items[position]!;
      if (!accept(item)) continue;
      const similarity = denseDot(vector, this.vectors[position]!);
      if (similarity >= threshold) found.push({ item, similarity });
    }
    return found;
  }

  /** The `k` most similar stored items (exact), most similar first, ties by item number. */
  nearest(vector: Float32Array, k: number): Neighbour[] {
    const all = this.items.map((item, position) => ({ item, similarity: denseDot(vector, this.vectors[position]!) }));
    return all.sort((left, right) => right.similarity - left.similarity || left.item - right.item).slice(0, k);
  }
}

/** Tuning of {@link HnswIndex}. */
export interface HnswOptions {
  /** Links per node above layer 0 (layer 0 gets twice as many), default 16. */
  links?: number;
  /** Candidate list size while inserting, default 100. */
  efConstruction?: number;
  /** Candidate list size while searching (at least k), default 160. */
  efSearch?: number;
  /** Seed of the level generator, default 42 (the graph depends only on the seed and insertion order). */
  seed?: number;
}

/** Binary heap of (similarity, item) pairs; `max` puts the most similar on top. Ties break by item. */
class PairHeap {
  private readonly similarities: number[] = [];
  private readonly items: number[] = [];
  constructor(private readonly max: boolean) {}

  get length(): number {
    return this.items.length;
  }

  private before(left: number, right: number): boolean {
    const a = this.similarities[left]!;
    const b = this.similarities[right]!;
    if (a !== b) return this.max ? a > b : a < b;
    return this.max ? this.items[left]! < this.items[right]! : this.items[left]! > this.items[right]!;
  }

  private swap(left: number, right: number): void {
    [this.similarities[left], this.similarities[right]] = [this.similarities[right]!, this.similarities[left]!];
    [this.items[left], this.items[right]] = [this.items[right]!, this.items[left]!];
  }

  push(similarity: number, item: number): void {
    this.similarities.push(similarity);
    this.items.push(item);
    let position = this.items.length - 1;
    while (position > 0) {
      const parent = (position - 1) >> 1;
      if (!this.before(position, parent)) break;
      this.swap(position, parent);
      position = parent;
    }
  }

  topSimilarity(): number {
    return this.similarities[0]!;
  }

  topItem(): number {
    return this.items[0]!;
  }

  pop(): { similarity: number; item: number } {
    const result = { similarity: this.similarities[0]!, item: this.items[0]! };
    const lastSimilarity = this.similarities.pop()!;
    const lastItem = this.items.pop()!;
    if (this.items.length > 0) {
      this.similarities[0] = lastSimilarity;
      this.items[0] = lastItem;
      let position = 0;
      for (;;) {
        const left = 2 * position + 1;
        const right = left + 1;
        let best = position;
        if (left < this.items.length && this.before(left, best)) best = left;
        if (right < this.items.length && this.before(right, best)) best = right;
        if (best === position) break;
        this.swap(position, best);
        position = best;
      }
    }
    return result;
  }

  /** Contents, most similar first (ties by item). */
  sorted(): Neighbour[] {
    return this.items
      .map((item, position) => ({ item, similarity: this.similarities[position]! }))
      .sort((left, right) => right.similarity - left.similarity || left.item - right.item);
  }
}

/**
 * Hierarchical navigable small-world graph (Malkov & Yashunin 2018) over dense unit vectors, with
 * the neighbour-selection heuristic and cosine similarity. Written here because the maintained
 * Node packages are native addons that pnpm would have to build; recall against exact search is
 * measured in the tests and the benchmark. Deterministic for a given seed and insertion order.
 */
export class HnswIndex implements NeighbourIndex<Float32Array> {
  readonly kind = 'hnsw';
  private readonly links: number;
  private readonly efConstruction: number;
  private readonly efSearch: number;
  private readonly random: () => number;
  private readonly levelFactor: number;
  private readonly vectors = new Map<number, Float32Array>();
  private readonly neighbours = new Map<number, number[][]>();
  private entry = -1;
  private topLevel = -1;
  private visited = new Map<number, number>();
  private visitStamp = 0;

  constructor(options: HnswOptions = {}) {
    this.links = options.links ?? 16;
    this.efConstruction = options.efConstruction ?? 100;
    this.efSearch = options.efSearch ?? 160;
    this.random = mulberry32(options.seed ?? 42);
    this.levelFactor = 1 / Math.log(this.links);
  }

  get size(): number {
    return this.vectors.size;
  }

  private similarity(vector: Float32Array, item: number): number {
    return denseDot(vector, this.vectors.get(item)!);
  }

  private greedy(vector: Float32Array, start: number, level: number): number {
    let current = start;
    let currentSimilarity = this.similarity(vector, current);
    for (let improved = true; improved;) {
      improved = false;
      for (const candidate of this.neighbours.get(current)![level] ?? []) {
        const similarity = this.similarity(vector, candidate);
        if (similarity > currentSimilarity || (similarity === currentSimilarity && candidate < current)) {
          current = candidate;
          currentSimilarity = similarity;
          improved = true;
        }
      }
    }
    return current;
  }

  private searchLayer(vector: Float32Array, entries: number[], ef: number, level: number): PairHeap {
    this.visitStamp += 1;
    const stamp = this.visitStamp;
    const candidates = new PairHeap(true);
    const results = new PairHeap(false);
    for (const entry of entries) {
      const similarity = this.similarity(vector, entry);
      this.visited.set(entry, stamp);
      candidates.push(similarity, entry);
      results.push(similarity, entry);
    }
    while (candidates.length > 0) {
      const { similarity, item } = candidates.pop();
      if (results.length >= ef && similarity < results.topSimilarity()) break;
      for (const neighbour of this.neighbours.get(item)![level] ?? []) {
        if (this.visited.get(neighbour) === stamp) continue;
        this.visited.set(neighbour, stamp);
        const neighbourSimilarity = this.similarity(vector, neighbour);
        if (results.length < ef || neighbourSimilarity > results.topSimilarity()) {
          candidates.push(neighbourSimilarity, neighbour);
          results.push(neighbourSimilarity, neighbour);
          if (results.length > ef) results.pop();
        }
      }
    }
    return results;
  }

  /** The neighbour-selection heuristic: keep a candidate only if it is closer to the query than to every kept one. */
  private select(candidates: Neighbour[], count: number): number[] {
    const kept: number[] = [];
    for (const candidate of candidates) {
      if (kept.length >= count) break;
      const vector = this.vectors.get(candidate.item)!;
      if (kept.every((item) => this.similarity(vector, item) < candidate.similarity)) kept.push(candidate.item);
    }
    for (const candidate of candidates) {
      if (kept.length >= count) break;
      if (!kept.includes(candidate.item)) kept.push(candidate.item);
    }
    return kept;
  }

  add(item: number, vector: Float32Array): void {
    const level = Math.floor(-Math.log(1 - this.random()) * this.levelFactor);
    this.vectors.set(item, vector);
    this.neighbours.set(
      item,
      Array.from({ length: level + 1 }, () => []),
    );
    if (this.entry === -1) {
      this.entry = item;
      this.topLevel = level;
      return;
    }
    let current = this.entry;
    for (let layer = this.topLevel; layer > level; layer -= 1) current = this.greedy(vector, current, layer);
    let entries = [current];
    for (let layer = Math.min(level, this.topLevel); layer >= 0; layer -= 1) {
      const found = this.searchLayer(vector, entries, this.efConstruction, layer).sorted();
      const capacity = layer === 0 ? this.links * 2 : this.links;
      const chosen = this.select(found, this.links);
      this.neighbours.get(item)![layer] = chosen;
      for (const neighbour of chosen) {
        const lists = this.neighbours.get(neighbour)!;
        const list = lists[layer]!;
        list.push(item);
        if (list.length > capacity) {
          const neighbourVector = this.vectors.get(neighbour)!;
          const ranked = list
            .map((other) => ({ item: other, similarity: this.similarity(neighbourVector, other) }))
            .sort((left, right) => right.similarity - left.similarity || left.item - right.item);
          lists[layer] = this.select(ranked, capacity);
        }
      }
      entries = found.map((neighbour) => neighbour.item);
    }
    if (level > this.topLevel) {
      this.topLevel = level;
      this.entry = item;
    }
  }

  /** Approximate `k` nearest items, most similar first. */
  nearest(vector: Float32Array, k: number, ef = this.efSearch): Neighbour[] {
    if (this.entry === -1) return [];
    let current = this.entry;
    for (let layer = this.topLevel; layer > 0; layer -= 1) current = this.greedy(vector, current, layer);
    return this.searchLayer(vector, [current], Math.max(ef, k), 0).sorted().slice(0, k);
  }

  range(vector: Float32Array, threshold: number, accept: (item: number) => boolean): Neighbour[] {
    for (let k = 32; ; k *= 2) {
      const nearest = this.nearest(vector, k, Math.max(this.efSearch, k));
      const found = nearest.filter((neighbour) => neighbour.similarity >= threshold && accept(neighbour.item));
      const last = nearest[nearest.length - 1];
      if (nearest.length < k || last === undefined || last.similarity < threshold || k >= this.size) return found;
    }
  }
}

/** When dense search switches from exact to HNSW, and how the HNSW graph is tuned. */
export interface DenseSearchOptions {
  /** Above this many stored vectors the index becomes an HNSW graph (default 5,000). */
  annThreshold?: number;
  hnsw?: HnswOptions;
}

/**
 * Exact dense search for small sets; once more than `annThreshold` vectors are stored, an HNSW
 * graph is built over them (in insertion order) and used from then on.
 */
export class AutoDenseIndex implements NeighbourIndex<Float32Array> {
  private exact: DenseExactIndex | undefined = new DenseExactIndex();
  private graph: HnswIndex | undefined;
  private readonly annThreshold: number;

  constructor(private readonly options: DenseSearchOptions = {}) {
    this.annThreshold = options.annThreshold ?? 5000;
  }

  get kind(): string {
    return this.graph ? 'hnsw' : 'exact-dense';
  }

  get size(): number {
    return this.graph ? this.graph.size : this.exact!.size;
  }

  add(item: number, vector: Float32Array): void {
    if (this.graph) {
      this.graph.add(item, vector);
      return;
    }
    this.exact!.add(item, vector);
    if (this.exact!.size > this.annThreshold) {
      const graph = new HnswIndex(this.options.hnsw);
      this.exact!.items.forEach((stored, position) => graph.add(stored, this.exact!.vectors[position]!));
      this.graph = graph;
      this.exact = undefined;
    }
  }

  range(vector: Float32Array, threshold: number, accept: (item: number) => boolean): Neighbour[] {
    return this.graph ? this.graph.range(vector, threshold, accept) : this.exact!.range(vector, threshold, accept);
  }
}
