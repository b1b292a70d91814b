/**
 * The merge edges of a clustering state (cosine above `merge`, inside the window), kept in
 * canonical order — by order bucket (rule CLU-3's `orderBucket` of the later article's
 * publication time; one bucket for all when bucketing is off), then most similar first, ties by
 * the lower article id, then the higher one — with
 * what the chaining-guarded union–find did with each edge the last time its region was clustered.
 * Edges between existing articles never change (vectors are fixed), so a call that adds articles
 * sorts only its new edges and merges them into the kept order instead of re-sorting the region.
 */

/** What the guarded union–find last did with an edge. */
export const EDGE_NOT_SEEN = 0;
/** The edge joined two partial stories. */
export const EDGE_JOINED = 1;
/** The edge joined nothing: its ends were together already, or the chaining guard refused it. */
export const EDGE_NOT_JOINED = 2;

/** @internal Merge edges by edge number, and their canonical order. */
export class MergeEdgeList {
  /** Lower-id end of each edge (an item number). */
  lows = new Int32Array(1024);
  /** Higher-id end of each edge. */
  highs = new Int32Array(1024);
  /** Similarity of each edge, as the adjacency lists hold it. */
  similarities = new Float64Array(1024);
  /** Order bucket of each edge (see the file comment). */
  buckets = new Int32Array(1024);
  /** {@link EDGE_NOT_SEEN}, {@link EDGE_JOINED} or {@link EDGE_NOT_JOINED}, per edge. */
  outcomes = new Uint8Array(1024);
  /** Edge numbers in canonical order; the first `ordered` entries are valid. */
  order = new Int32Array(1024);
  /** Number of edges. */
  count = 0;
  /** Number of edges in `order` (edges added since the last {@link commit} are not yet). */
  ordered = 0;

  /**
   * @param compareItems orders two item numbers by their article ids (UTF-16 order), as
   * `compareIds` does.
   */
  constructor(private readonly compareItems: (left: number, right: number) => number) {}

  /** Adds an edge between two items (either order) in order bucket `bucket`; returns its edge number. */
  add(left: number, right: number, similarity: number, bucket: number): number {
    if (this.count === this.lows.length) this.grow();
    const edge = this.count;
    const leftFirst = this.compareItems(left, right) <= 0;
    this.lows[edge] = leftFirst ? left : right;
    this.highs[edge] = leftFirst ? right : left;
    this.similarities[edge] = similarity;
    this.buckets[edge] = bucket;
    this.outcomes[edge] = EDGE_NOT_SEEN;
    this.count += 1;
    return edge;
  }

  /** Canonical order of two edges (negative: `left` comes first). */
  compare(left: number, right: number): number {
    return (
      this.buckets[left]! - this.buckets[right]! ||
      this.similarities[right]! - this.similarities[left]! ||
      this.compareItems(this.lows[left]!, this.lows[right]!) ||
      this.compareItems(this.highs[left]!, this.highs[right]!)
    );
  }

  /** The first position of the canonical order whose edge is in bucket `bucket` or later (`ordered` if none). */
  firstPositionOfBucket(bucket: number): number {
    let low = 0;
    let high = this.ordered;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.buckets[this.order[middle]!]! < bucket) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Puts the edges added since the last commit into the canonical order: sorts them, copies the kept
   * edges that come before the first of them, then one linear merge of the rest.
   */
  commit(): void {
    if (this.ordered === this.count) return;
    const added = Array.from({ length: this.count - this.ordered }, (_, offset) => this.ordered + offset).sort(
      (left, right) => this.compare(left, right),
    );
    const merged = new Int32Array(Math.max(this.lows.length, this.count));
    // Kept edges before the first new one (all of them for a batch at the frontier) are copied.
    let low = 0;
    let high = this.ordered;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.order[middle]!, added[0]!) <= 0) low = middle + 1;
      else high = middle;
    }
    merged.set(this.order.subarray(0, low));
    let kept = low;
    let fresh = 0;
    let length = low;
    while (kept < this.ordered && fresh < added.length) {
      if (this.compare(this.order[kept]!, added[fresh]!) <= 0) merged[length++] = this.order[kept++]!;
      else merged[length++] = added[fresh++]!;
    }
    while (kept < this.ordered) merged[length++] = this.order[kept++]!;
    while (fresh < added.length) merged[length++] = added[fresh++]!;
    this.order = merged;
    this.ordered = length;
  }

  private grow(): void {
    const capacity = this.lows.length * 2;
    const lows = new Int32Array(capacity);
    lows.set(this.lows);
    this.lows = lows;
    const highs = new Int32Array(capacity);
    highs.set(this.highs);
    this.highs = highs;
    const similarities = new Float64Array(capacity);
    similarities.set(this.similarities);
    this.similarities = similarities;
    const buckets = new Int32Array(capacity);
    buckets.set(this.buckets);
    this.buckets = buckets;
    const outcomes = new Uint8Array(capacity);
    outcomes.set(this.outcomes);
    this.outcomes = outcomes;
  }
}
