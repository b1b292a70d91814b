/** Small vector helpers shared by enrollment, scoring and the embedders. */

/** Euclidean norm. */
export function norm(vector: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < vector.length; index += 1) sum += vector[index]! * vector[index]!;
  return Math.sqrt(sum);
}

/** A copy scaled to unit length (a zero vector stays zero). */
export function l2Normalize(vector: ArrayLike<number>): Float32Array {
  const length = norm(vector);
  const output = new Float32Array(vector.length);
  if (length === 0 || !Number.isFinite(length)) return output;
  for (let index = 0; index < vector.length; index += 1) output[index] = vector[index]! / length;
  return output;
}

/**
 * Cosine similarity in [-1, 1]; 0 when either vector is zero.
 *
 * @throws RangeError when the lengths differ.
 */
export function cosineSimilarity(left: ArrayLike<number>, right: ArrayLike<number>): number {
  if (left.length !== right.length)
    throw new RangeError(`cosine: dimensions differ (${left.length} vs ${right.length})`);
  // Each vector is scaled by its largest magnitude first, so tiny or huge values neither underflow
  // nor overflow; the products are formed in the same order either way, so the result is symmetric.
  let leftScale = 0;
  let rightScale = 0;
  for (let index = 0; index < left.length; index += 1) {
    leftScale = Math.max(leftScale, Math.abs(left[index]!));
    rightScale = Math.max(rightScale, Math.abs(right[index]!));
  }
  if (leftScale === 0 || rightScale === 0 || !Number.isFinite(leftScale) || !Number.isFinite(rightScale)) return 0;
  let dot = 0;
  let leftSquared = 0;
  let rightSquared = 0;
  for (let index = 0; index < left.length; index += 1) {
    const a = left[index]! / leftScale;
    const b = right[index]! / rightScale;
    dot += a * b;
    leftSquared += a * a;
    rightSquared += b * b;
  }
  const value = dot / (Math.sqrt(leftSquared) * Math.sqrt(rightSquared));
  return Math.max(-1, Math.min(1, value));
}

/** Mean of unit-normalised vectors, normalised again (the usual enrollment average). */
export function averageEmbedding(vectors: ArrayLike<number>[]): Float32Array {
  const [first] = vectors;
  if (!first) throw new RangeError('averageEmbedding: no vectors');
  const sum = new Float64Array(first.length);
  for (const vector of vectors) {
    if (vector.length !== first.length) throw new RangeError('averageEmbedding: dimensions differ');
    const unit = l2Normalize(vector);
    for (let index = 0; index < sum.length; index += 1) sum[index] = sum[index]! + unit[index]!;
  }
  return l2Normalize(sum);
}
