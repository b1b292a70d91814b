import type { SparseVector } from './sparse.js';

/**
 * Similarity thresholds of one embedder (rule CLU-2's shape): cosine strictly above `merge` merges,
 * cosine in `[judgeLow, merge]` asks the judge, below `judgeLow` never merges.
 */
export interface SimilarityThresholds {
  /** Cosine strictly above this merges two articles. */
  merge: number;
  /** Lower end of the grey zone that goes to the LLM judge. */
  judgeLow: number;
  /**
   * Smallest mean cosine between the members of two partial stories for an automatic merge to join
   * them (the chaining guard, see `ChainingGuard`); default `judgeLow`.
   */
  averageSimilarityGuard?: number;
  /** Where the numbers come from, e.g. `rule CLU-2` or `calibrated on data/dev-set.jsonl (…)`. */
  source: string;
}

/**
 * A check two headlines must pass besides their cosine: each headline gets a signature once, and a
 * pair's similarity is multiplied by `factor(left, right)` (in (0, 1], symmetric). The offline
 * embedder uses it for number and name agreement. Because the factor never raises a similarity,
 * neighbour search at the raw threshold still finds every pair that reaches it.
 */
export interface PairAgreement<Signature = unknown> {
  /** The signature of one headline (computed once per article). */
  signature(text: string): Signature;
  /** The factor a pair's cosine is multiplied by; symmetric, in (0, 1]. */
  factor(left: Signature, right: Signature): number;
}

/**
 * Turns headlines into L2-normalised vectors. Every implementation runs the same contract suite
 * (`testEmbedder` from `@espectro/clustering/testing`): fixed dimension, unit norm, deterministic,
 * batch results equal single results, order of inputs preserved.
 */
export interface Embedder {
  /** Label reported with every result, e.g. `minilm-q8` or `offline-char-ngram-tfidf`. */
  readonly backend: string;
  /** The model behind it, e.g. `paraphrase-multilingual-MiniLM-L12-v2`. */
  readonly model: string;
  /** Length of every vector `embed` returns. */
  readonly dimension: number;
  /** The thresholds that fit this embedder's similarity scale. */
  readonly thresholds: SimilarityThresholds;
  /** Embeds texts, one L2-normalised vector per text, in input order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /**
   * Optional exact sparse representation with the same cosine as `embed` would have without hashing;
   * when present, clustering uses it with the exact sparse index instead of dense search.
   */
  embedSparse?(texts: readonly string[]): Promise<SparseVector[]>;
  /** Optional check scaling down pairs whose headlines disagree (see {@link PairAgreement}). */
  readonly agreement?: PairAgreement<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each embedder has its own signature type
  /** Releases native resources (ONNX sessions), if any. */
  dispose?(): Promise<void>;
}

/** Dot product of two dense vectors (cosine when both are unit length), summed in index order. */
export function denseDot(left: Float32Array, right: Float32Array): number {
  const length = left.length;
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let index = 0;
  for (; index + 3 < length; index += 4) {
    sum0 += left[index]! * right[index]!;
    sum1 += left[index + 1]! * right[index + 1]!;
    sum2 += left[index + 2]! * right[index + 2]!;
    sum3 += left[index + 3]! * right[index + 3]!;
  }
  for (; index < length; index += 1) sum0 += left[index]! * right[index]!;
  return sum0 + sum1 + (sum2 + sum3);
}

/** Scales a dense vector to unit length in place (a zero vector stays zero) and returns it. */
export function normaliseInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let index = 0; index < vector.length; index += 1) vector[index] = vector[index]! / norm;
  return vector;
}
