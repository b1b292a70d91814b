/**
 * Sparse vectors: feature ids in ascending order with their weights. The offline embedder's ids are
 * ranked by document frequency (0 = the most frequent feature of the fitted corpus), which is what
 * the exact sparse index's prefix filter relies on.
 */
export interface SparseVector {
  /** Feature ids, strictly ascending. */
  readonly indices: Uint32Array;
  /** Weights, one per id; the vector is L2-normalised unless it is empty. */
  readonly values: Float32Array;
}

/**
 * Dot product of two sparse vectors by merging their sorted ids. Symmetric to the last bit: the same
 * products are added in the same (ascending id) order whichever vector comes first.
 */
export function sparseDot(left: SparseVector, right: SparseVector): number {
  const leftIndices = left.indices;
  const rightIndices = right.indices;
  let leftPosition = 0;
  let rightPosition = 0;
  let sum = 0;
  while (leftPosition < leftIndices.length && rightPosition < rightIndices.length) {
    const leftId = leftIndices[leftPosition]!;
    const rightId = rightIndices[rightPosition]!;
    if (leftId === rightId) {
      sum += left.values[leftPosition]! * right.values[rightPosition]!;
      leftPosition += 1;
      rightPosition += 1;
    } else if (leftId < rightId) leftPosition += 1;
    else rightPosition += 1;
  }
  return sum;
}

/** Euclidean norm of a sparse vector. */
export function sparseNorm(vector: SparseVector): number {
  let sum = 0;
  for (const value of vector.values) sum += value * value;
  return Math.sqrt(sum);
}

/** Builds a sparse vector from (id, weight) pairs: sums duplicate ids, sorts, drops zeros, L2-normalises. */
export function sparseFromEntries(entries: Map<number, number>): SparseVector {
  const ids = [...entries.keys()].sort((left, right) => left - right);
  let sumOfSquares = 0;
  for (const id of ids) sumOfSquares += entries.get(id)! ** 2;
  const norm = Math.sqrt(sumOfSquares);
  const kept = ids.filter((id) => entries.get(id)! !== 0);
  const indices = new Uint32Array(kept.length);
  const values = new Float32Array(kept.length);
  kept.forEach((id, position) => {
    indices[position] = id;
    values[position] = norm > 0 ? entries.get(id)! / norm : 0;
  });
  return { indices, values };
}

/**
 * Sum of sparse vectors (a story's centroid before normalisation) as sorted parallel arrays:
 * adding two sums is a linear merge, and every dot product adds terms in ascending id order, so
 * results do not depend on which operand comes first.
 */
export class SparseSum {
  private constructor(
    readonly ids: Uint32Array,
    readonly values: Float64Array,
  ) {}

  /** @internal A sum from ids already strictly ascending and their totals (taken, not copied). */
  static fromSorted(ids: Uint32Array, values: Float64Array): SparseSum {
    return new SparseSum(ids, values);
  }

  /** The sum of one vector. */
  static of(vector: SparseVector): SparseSum {
    return new SparseSum(Uint32Array.from(vector.indices), Float64Array.from(vector.values));
  }

  /** A new sum: this one plus `other`. */
  plus(other: SparseSum): SparseSum {
    const ids = new Uint32Array(this.ids.length + other.ids.length);
    const values = new Float64Array(ids.length);
    let left = 0;
    let right = 0;
    let length = 0;
    while (left < this.ids.length || right < other.ids.length) {
      const leftId = left < this.ids.length ? this.ids[left]! : Number.POSITIVE_INFINITY;
      const rightId = right < other.ids.length ? other.ids[right]! : Number.POSITIVE_INFINITY;
      if (leftId === rightId) {
        ids[length] = leftId;
        values[length] = this.values[left]! + other.values[right]!;
        left += 1;
        right += 1;
      } else if (leftId < rightId) {
        ids[length] = leftId;
        values[length] = this.values[left]!;
        left += 1;
      } else {
        ids[length] = rightId;
        values[length] = other.values[right]!;
        right += 1;
      }
      length += 1;
    }
    return new SparseSum(ids.slice(0, length), values.slice(0, length));
  }

  /**
   * This sum plus each of `others`, added in the order given: the same value, to the last bit, as
   * `this.plus(others[0]).plus(others[1])…` (every id's terms are added in that order), in one pass
   * over all their entries instead of one merge per addend.
   */
  plusAll(others: readonly SparseSum[]): SparseSum {
    if (others.length === 1) return this.plus(others[0]!);
    return foldSums(this.ids, this.values, others);
  }

  /** `SparseSum.of(vector).plusAll(others)`, without copying the vector first. */
  static ofAll(vector: SparseVector, others: readonly SparseSum[]): SparseSum {
    return foldSums(vector.indices, vector.values, others);
  }

  /** Dot product with another sum, adding terms in ascending id order. */
  dot(other: SparseSum): number {
    const [small, large] = this.ids.length <= other.ids.length ? [this, other] : [other, this];
    if (large.ids.length <= small.ids.length * 8) return mergeDot(small.ids, small.values, large.ids, large.values);
    let sum = 0;
    let low = 0;
    for (let position = 0; position < small.ids.length; position += 1) {
      const id = small.ids[position]!;
      let high = large.ids.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (large.ids[middle]! < id) low = middle + 1;
        else high = middle;
      }
      if (low < large.ids.length && large.ids[low] === id) sum += small.values[position]! * large.values[low]!;
    }
    return sum;
  }
}

/** Dot product of two sorted id/value lists by one linear merge, adding terms in ascending id order. */
function mergeDot(
  leftIds: Uint32Array,
  leftValues: Float64Array,
  rightIds: Uint32Array,
  rightValues: Float64Array,
): number {
  let left = 0;
  let right = 0;
  let sum = 0;
  while (left < leftIds.length && right < rightIds.length) {
    const leftId = leftIds[left]!;
    const rightId = rightIds[right]!;
    if (leftId === rightId) {
      sum += leftValues[left]! * rightValues[right]!;
      left += 1;
      right += 1;
    } else if (leftId < rightId) left += 1;
    else right += 1;
  }
  return sum;
}

/** Scratch of {@link foldSums}: a running total per feature id, valid where its stamp is current. */
let foldTotals = new Float64Array(0);
let foldStamps = new Uint32Array(0);
let foldStamp = 0;

/**
 * `start` plus each of `others` in the order given, one id at a time in a dense scratch: every
 * id's terms are added in the same order as by chained {@link SparseSum.plus}, so the bits match.
 */
function foldSums(
  startIds: Uint32Array,
  startValues: Float64Array | Float32Array,
  others: readonly SparseSum[],
): SparseSum {
  let largestId = startIds.length > 0 ? startIds[startIds.length - 1]! : 0;
  let entries = startIds.length;
  for (const other of others) {
    if (other.ids.length > 0) largestId = Math.max(largestId, other.ids[other.ids.length - 1]!);
    entries += other.ids.length;
  }
  if (largestId >= foldTotals.length) {
    const length = Math.max(largestId + 1, foldTotals.length * 2);
    foldTotals = new Float64Array(length);
    foldStamps = new Uint32Array(length);
    foldStamp = 0;
  }
  foldStamp = (foldStamp + 1) >>> 0;
  if (foldStamp === 0) {
    foldStamps.fill(0);
    foldStamp = 1;
  }
  const totals = foldTotals;
  const stamps = foldStamps;
  const stamp = foldStamp;
  const seen = new Uint32Array(entries);
  let distinct = 0;
  for (let position = 0; position < startIds.length; position += 1) {
    const id = startIds[position]!;
    stamps[id] = stamp;
    totals[id] = startValues[position]!;
    seen[distinct++] = id;
  }
  for (const other of others) {
    const { ids, values } = other;
    for (let position = 0; position < ids.length; position += 1) {
      const id = ids[position]!;
      if (stamps[id] === stamp) totals[id] = totals[id]! + values[position]!;
      else {
        stamps[id] = stamp;
        totals[id] = values[position]!;
        seen[distinct++] = id;
      }
    }
  }
  const ids = seen.slice(0, distinct).sort();
  const values = new Float64Array(distinct);
  for (let position = 0; position < distinct; position += 1) values[position] = totals[ids[position]!]!;
  return SparseSum.fromSorted(ids, values);
}
