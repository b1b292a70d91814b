/**
 * The chaining-guarded union–find of phase 1 (merge edges in canonical order, rule CLU-3), kept in
 * the clustering state between calls with a checkpoint at every order-bucket boundary: an undo log
 * of its joins, in the order they were made. Merge edges are applied bucket by bucket (the bucket
 * of the later article, then most similar first), so the joins of buckets ≥ B are the log's tail;
 * undoing them gives the union–find exactly as it stood at the start of bucket B. A call whose new
 * edges begin in bucket B rolls back to B and replays only the edges of buckets ≥ B: stories wholly
 * before B are never walked.
 *
 * Undo needs parents that only a join changes, so there is no path compression; union by size keeps
 * every find within log₂(n) steps.
 */
import type { Vector } from './cluster.js';
import { EDGE_JOINED, EDGE_NOT_JOINED, EDGE_NOT_SEEN } from './merge-edges.js';
import { SparseSum } from './sparse.js';

/**
 * Flag bit of {@link GuardedUnion.mergeEdge}'s result: the edge was decided afresh (a guard test or
 * a first join) rather than replayed from its stored outcome.
 */
export const DECIDED_AFRESH = 4;
/** Mask of {@link GuardedUnion.mergeEdge}'s result that keeps the edge's outcome (`EDGE_JOINED` or `EDGE_NOT_JOINED`). */
export const EDGE_OUTCOME_MASK = 3;

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
 * Union–find over every item of a state, with vector sums for the chaining guard and an undo log.
 * A partial story's vector sum is built only when the guard needs it, by folding in the sums it
 * absorbed in the order it absorbed them — the same additions as keeping every sum current, so the
 * same bits whenever it is built. Sums of larger partial stories are kept between calls ({@link endCall}).
 */
export class GuardedUnion {
  private parent = new Int32Array(1024);
  private size = new Int32Array(1024);
  /** Roots whose partial story may differ from the last run's at this point of the order (see {@link mergeEdge}). */
  private dirty = new Uint8Array(1024);
  private folded = new Int32Array(1024);
  /** Roots each root absorbed, in order: the children of its tree, the members are the tree's nodes. */
  private readonly absorbed: (number[] | undefined)[] = [];
  /** A root's sum, with how many of its absorbed roots are folded in. */
  private readonly sums: (VectorSum | undefined)[] = [];
  /** Order bucket of the join that absorbed each of `absorbed`'s roots. */
  private readonly absorbedBuckets: (number[] | undefined)[] = [];
  /** A root's checkpoint sum: its first `stableFolded` absorbed roots folded in (see {@link sum}). */
  private readonly stableSums: (VectorSum | undefined)[] = [];
  private stableFolded = new Int32Array(1024);
  /** The bucket of the last roll-back: joins before it survive this call. */
  private stableBucket = Number.NEGATIVE_INFINITY;
  /** Roots whose sum was built this call. */
  private summed: number[] = [];
  /** The undo log: for each join in order, the absorbing root, the absorbed root and the edge's order bucket. */
  private readonly logBig: number[] = [];
  private readonly logSmall: number[] = [];
  private readonly logBucket: number[] = [];
  /** Number of items. */
  private count = 0;
  /** Pairs of roots the guard has refused this call, while neither root has grown since. */
  private refused = new Set<string>();

  /**
   * @param vectors the state's vectors by item number (read, never copied).
   * @param minimumAverageSimilarity the chaining guard's bound, or `false` for no guard.
   */
  constructor(
    private readonly vectors: readonly Vector[],
    private readonly minimumAverageSimilarity: number | false,
  ) {}

  /** Adds items up to `count` (exclusive) as singletons. */
  addItems(count: number): void {
    if (count > this.parent.length) {
      let capacity = this.parent.length;
      while (capacity < count) capacity *= 2;
      const grow = <T extends Int32Array | Uint8Array>(array: T, make: (length: number) => T): T => {
        const grown = make(capacity);
        grown.set(array);
        return grown;
      };
      this.parent = grow(this.parent, (length) => new Int32Array(length));
      this.size = grow(this.size, (length) => new Int32Array(length));
      this.dirty = grow(this.dirty, (length) => new Uint8Array(length));
      this.folded = grow(this.folded, (length) => new Int32Array(length));
      this.stableFolded = grow(this.stableFolded, (length) => new Int32Array(length));
    }
    for (let item = this.count; item < count; item += 1) {
      this.parent[item] = item;
      this.size[item] = 1;
    }
    this.count = Math.max(this.count, count);
  }

  /** Forgets the per-call caches: dirty marks and refusals (sums are kept until {@link endCall}). */
  startCall(): void {
    this.dirty.fill(0);
    this.refused.clear();
  }

  /**
   * Drops the cached sums of single items (a copy of one vector, cheap to rebuild, to the same
   * bits); the sums of larger partial stories are kept for the next call, so that a guard test
   * against a long-running story does not re-add all its members. A roll-back drops a kept sum
   * that folded in a join it undoes.
   */
  endCall(): void {
    for (const root of this.summed) if (this.size[root] === 1) this.sums[root] = undefined;
    this.summed = [];
  }

  find(item: number): number {
    const parent = this.parent;
    let root = item;
    while (parent[root]! !== root) root = parent[root]!;
    return root;
  }

  /** Appends every member of the partial story of root `root` to `into`. */
  membersOf(root: number, into: number[]): void {
    const stack = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      into.push(node);
      const children = this.absorbed[node];
      if (children) for (const child of children) stack.push(child);
    }
  }

  /**
   * Undoes every join made by edges of order bucket `bucket` or later, latest first: the union–find
   * as it stood at the start of that bucket. Appends both roots of every undone join to `touched`.
   */
  rollBackTo(bucket: number, touched: number[]): void {
    const { logBig, logSmall, logBucket } = this;
    this.stableBucket = bucket;
    while (logBucket.length > 0 && logBucket[logBucket.length - 1]! >= bucket) {
      logBucket.pop();
      const big = logBig.pop()!;
      const small = logSmall.pop()!;
      this.parent[small] = small;
      this.size[big] = this.size[big]! - this.size[small]!;
      const absorbed = this.absorbed[big]!;
      absorbed.pop();
      this.absorbedBuckets[big]!.pop();
      // A sum that folded the absorbed root in no longer describes the root; its checkpoint may.
      if (this.stableSums[big] !== undefined && this.stableFolded[big]! > absorbed.length)
        this.stableSums[big] = undefined;
      if (this.sums[big] !== undefined && this.folded[big]! > absorbed.length) {
        this.sums[big] = this.stableSums[big];
        this.folded[big] = this.stableFolded[big]!;
      }
      if (absorbed.length === 0) {
        this.absorbed[big] = undefined;
        this.absorbedBuckets[big] = undefined;
      }
      touched.push(big, small);
    }
  }

  /**
   * The sum of a root's partial story. Children absorbed by joins of buckets before the current
   * roll-back point are folded in first and that sum is kept as the root's checkpoint
   * (`stableSums`): a later roll-back that undoes only this bucket's joins restores it instead of
   * re-adding every member of a long-running story.
   */
  private sum(root: number): VectorSum {
    let sum = this.sums[root];
    let folded = sum ? this.folded[root]! : 0;
    const absorbed = this.absorbed[root];
    if (absorbed && folded < absorbed.length) {
      const joinBuckets = this.absorbedBuckets[root]!;
      let stableEnd = folded;
      while (stableEnd < absorbed.length && joinBuckets[stableEnd]! < this.stableBucket) stableEnd += 1;
      if (stableEnd > folded) {
        sum = this.fold(sum, root, absorbed.slice(folded, stableEnd));
        folded = stableEnd;
        this.stableSums[root] = sum;
        this.stableFolded[root] = folded;
      }
      if (folded < absorbed.length) {
        sum = this.fold(sum, root, absorbed.slice(folded));
        folded = absorbed.length;
      }
    } else if (!sum) sum = this.fold(undefined, root, []);
    this.sums[root] = sum;
    this.folded[root] = folded;
    this.summed.push(root);
    return sum!;
  }

  /** `sum` (or the root's own vector) plus the sums of `children`, in order; the children's sums are released. */
  private fold(sum: VectorSum | undefined, root: number, children: readonly number[]): VectorSum {
    let parts: VectorSum[] | undefined;
    if (children.length > 0) {
      parts = [];
      for (const child of children) {
        parts.push(this.sum(child));
        this.sums[child] = undefined;
        this.stableSums[child] = undefined;
      }
    }
    if (sum) {
      if (parts) sum = sum.plusAll(parts);
    } else {
      const vector = this.vectors[root]!;
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
    return sum;
  }

  /** Joins two distinct roots (`leftRoot` of the edge's first item) by an edge of `bucket`; returns the new root. */
  private join(leftRoot: number, rightRoot: number, bucket: number): number {
    const leftSize = this.size[leftRoot]!;
    const rightSize = this.size[rightRoot]!;
    const [big, small] = leftSize >= rightSize ? [leftRoot, rightRoot] : [rightRoot, leftRoot];
    const absorbed = this.absorbed[big];
    if (absorbed) {
      absorbed.push(small);
      this.absorbedBuckets[big]!.push(bucket);
    } else {
      this.absorbed[big] = [small];
      this.absorbedBuckets[big] = [bucket];
    }
    this.parent[small] = big;
    this.size[big] = leftSize + rightSize;
    this.logBig.push(big);
    this.logSmall.push(small);
    this.logBucket.push(bucket);
    return big;
  }

  /** Whether the chaining guard lets two distinct roots join (rule CLU-3's guard on an automatic merge edge). */
  private allowed(leftRoot: number, rightRoot: number): boolean {
    const bound = this.minimumAverageSimilarity;
    const leftSize = this.size[leftRoot]!;
    const rightSize = this.size[rightRoot]!;
    if (bound === false || (leftSize === 1 && rightSize === 1)) return true;
    // Sets only grow within a call, so a refusal stands until one of the two roots absorbs something.
    const refusal =
      leftRoot < rightRoot
        ? `${leftRoot}:${leftSize}:${rightRoot}:${rightSize}`
        : `${rightRoot}:${rightSize}:${leftRoot}:${leftSize}`;
    if (this.refused.has(refusal)) return false;
    if (this.sum(leftRoot).dot(this.sum(rightRoot)) / (leftSize * rightSize) < bound) {
      this.refused.add(refusal);
      return false;
    }
    return true;
  }

  /**
   * One merge edge of order bucket `bucket`, replaying its last outcome when that is still valid. A
   * root is clean while its partial story equals the one the last run had at this point of the
   * canonical order; an edge between two clean roots then does what it did last time (same sets,
   * same sums, same guard test), so its outcome is replayed without a dot product. Otherwise it is
   * decided afresh; a join makes the new root dirty, and so does an edge that joined last time but
   * not now (both sides' histories have left the last run's). After a roll-back to the start of a
   * bucket every root is clean: the edges before it and their outcomes are the last run's.
   *
   * Returns the edge's outcome (`EDGE_JOINED` or `EDGE_NOT_JOINED`), with the {@link DECIDED_AFRESH}
   * bit set when it was decided afresh; `result & EDGE_OUTCOME_MASK` is the outcome.
   */
  mergeEdge(left: number, right: number, lastOutcome: number, bucket: number): number {
    const leftRoot = this.find(left);
    const rightRoot = this.find(right);
    if (leftRoot === rightRoot) return EDGE_NOT_JOINED;
    if (lastOutcome !== EDGE_NOT_SEEN && this.dirty[leftRoot] === 0 && this.dirty[rightRoot] === 0) {
      if (lastOutcome === EDGE_JOINED) this.join(leftRoot, rightRoot, bucket);
      return lastOutcome;
    }
    if (this.allowed(leftRoot, rightRoot)) {
      this.dirty[this.join(leftRoot, rightRoot, bucket)] = 1;
      return EDGE_JOINED | DECIDED_AFRESH;
    }
    if (lastOutcome === EDGE_JOINED) {
      this.dirty[leftRoot] = 1;
      this.dirty[rightRoot] = 1;
    }
    return EDGE_NOT_JOINED | DECIDED_AFRESH;
  }

  /** Memory of the checkpoints: joins in the undo log (three numbers each). */
  get loggedJoins(): number {
    return this.logBucket.length;
  }
}
