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
    const totals = new Map<number, number>();
    for (let position = 0; position < this.ids.length; position += 1)
      totals.set(this.ids[position]!, this.values[position]!);
    for (const other of others) {
      const { ids, values } = other;
      for (let position = 0; position < ids.length; position += 1) {
        const id = ids[position]!;
        const total = totals.get(id);
        totals.set(id, total === undefined ? values[position]! : total + values[position]!);
      }
    }
    const ids = Uint32Array.from(totals.keys()).sort();
    const values = new Float64Array(ids.length);
    for (let position = 0; position < ids.length; position += 1) values[position] = totals.get(ids[position]!)!;
    return new SparseSum(ids, values);
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
