/**
 * A trained linear projection for speaker embeddings: linear discriminant analysis (LDA) learnt
 * from labelled clips of training voices recorded under several conditions, with the within-voice
 * scatter whitened first — so directions that recording conditions move (noise filling the quiet
 * mel bins, an 8 kHz band limit emptying the top ones) are shrunk and directions that separate
 * voices are kept. Cosine scoring in the projected space is then LDA + WCCN scoring.
 *
 * `y = normalise(matrix · (x − mean))`, `matrix` being `dimension` rows of the input's length.
 */
import { z } from 'zod';
import { SpeakerIdError } from './errors.js';
import { l2Normalize } from './vectors.js';

/** A projection as shipped in data: `dimension` × input rows, the training mean, and how it was trained. */
export interface LinearProjection {
  /** Output dimension (rows of `matrix`). */
  dimension: number;
  /** Input dimension (length of `mean` and of each row). */
  inputDimension: number;
  /** The training mean, subtracted before projecting. */
  mean: readonly number[];
  /** `dimension` rows of `inputDimension` numbers. */
  matrix: readonly (readonly number[])[];
  /** Free-text provenance (voices, conditions, clips). */
  trainedOn: string;
}

const projectionSchema = z
  .object({
    dimension: z.number().int().min(1),
    inputDimension: z.number().int().min(1),
    mean: z.array(z.number()),
    matrix: z.array(z.array(z.number())),
    trainedOn: z.string(),
  })
  .refine((value) => value.mean.length === value.inputDimension, {
    message: 'mean must have inputDimension numbers',
    path: ['mean'],
  })
  .refine(
    (value) =>
      value.matrix.length === value.dimension && value.matrix.every((row) => row.length === value.inputDimension),
    { message: 'matrix must have dimension rows of inputDimension numbers', path: ['matrix'] },
  );

/**
 * Validates a projection read from JSON.
 *
 * @throws SpeakerIdError `invalid_model` naming the field and the file.
 */
export function parseProjection(value: unknown, file: string): LinearProjection {
  const parsed = projectionSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new SpeakerIdError('invalid_model', `${file}: not a valid projection: ${issues}`, { file });
  }
  return parsed.data;
}

/**
 * Projects an embedding and L2-normalises the result.
 *
 * @throws RangeError when the embedding's length is not the projection's input dimension.
 */
export function applyProjection(projection: LinearProjection, embedding: ArrayLike<number>): Float32Array {
  if (embedding.length !== projection.inputDimension)
    throw new RangeError(
      `projection: expected ${projection.inputDimension} input dimensions, got ${String(embedding.length)}`,
    );
  const centred = new Float64Array(embedding.length);
  for (let index = 0; index < embedding.length; index += 1)
    centred[index] = embedding[index]! - projection.mean[index]!;
  const output = new Float64Array(projection.dimension);
  for (let row = 0; row < projection.dimension; row += 1) {
    const weights = projection.matrix[row]!;
    let sum = 0;
    for (let index = 0; index < centred.length; index += 1) sum += weights[index]! * centred[index]!;
    output[row] = sum;
  }
  return l2Normalize(output);
}

/**
 * Eigen-decomposition of a symmetric matrix (cyclic Jacobi rotations). Returns the eigenvalues in
 * decreasing order and the matching unit eigenvectors as rows.
 */
export function symmetricEigen(matrix: readonly Float64Array[]): { values: number[]; vectors: Float64Array[] } {
  const size = matrix.length;
  const a = matrix.map((row) => Float64Array.from(row));
  const v = Array.from({ length: size }, (_, row) => {
    const unit = new Float64Array(size);
    unit[row] = 1;
    return unit;
  });
  for (let sweep = 0; sweep < 100; sweep += 1) {
    let offDiagonal = 0;
    let diagonal = 0;
    for (let row = 0; row < size; row += 1) {
      diagonal += a[row]![row]! ** 2;
      for (let column = row + 1; column < size; column += 1) offDiagonal += a[row]![column]! ** 2;
    }
    if (offDiagonal <= 1e-22 * Math.max(diagonal, 1e-300)) break;
    for (let p = 0; p < size - 1; p += 1) {
      for (let q = p + 1; q < size; q += 1) {
        const apq = a[p]![q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < size; k += 1) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < size; k += 1) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < size; k += 1) {
          const vpk = v[p]![k]!;
          const vqk = v[q]![k]!;
          v[p]![k] = c * vpk - s * vqk;
          v[q]![k] = s * vpk + c * vqk;
        }
      }
    }
  }
  const order = Array.from({ length: size }, (_, index) => index).sort(
    (left, right) => a[right]![right]! - a[left]![left]!,
  );
  return { values: order.map((index) => a[index]![index]!), vectors: order.map((index) => v[index]!) };
}

/** One labelled training vector. */
export interface LabelledVector {
  /** The voice (class) that spoke it. */
  label: string;
  vector: ArrayLike<number>;
}

/** Options of {@link trainLdaProjection}. */
export interface LdaTrainingOptions {
  /** Output dimension (at most the number of voices − 1). */
  dimension: number;
  /** Added to the within-voice scatter's diagonal, as a fraction of its mean eigenvalue (default 0.01). */
  regularisation?: number;
  /** Provenance stored in the result. */
  trainedOn: string;
}

/**
 * Trains a within-voice-whitened LDA projection: whitens the within-voice scatter `S_w`
 * (regularised), then keeps the leading eigenvectors of the between-voice scatter in that space.
 *
 * @throws RangeError with fewer than two voices, mixed input lengths, or `dimension` ≥ the number of voices.
 */
export function trainLdaProjection(training: readonly LabelledVector[], options: LdaTrainingOptions): LinearProjection {
  const labels = [...new Set(training.map((item) => item.label))];
  if (labels.length < 2) throw new RangeError('LDA needs at least two voices');
  if (!(Number.isInteger(options.dimension) && options.dimension >= 1 && options.dimension < labels.length))
    throw new RangeError(`LDA dimension must be 1…${labels.length - 1}, got ${options.dimension}`);
  const inputDimension = training[0]!.vector.length;
  if (training.some((item) => item.vector.length !== inputDimension)) throw new RangeError('LDA: input lengths differ');
  const mean = new Float64Array(inputDimension);
  for (const { vector } of training)
    for (let index = 0; index < inputDimension; index += 1) mean[index]! += vector[index]!;
  for (let index = 0; index < inputDimension; index += 1) mean[index]! /= training.length;
  const classMeans = new Map<string, { sum: Float64Array; count: number }>();
  for (const { label, vector } of training) {
    const entry = classMeans.get(label) ?? { sum: new Float64Array(inputDimension), count: 0 };
    for (let index = 0; index < inputDimension; index += 1) entry.sum[index]! += vector[index]!;
    entry.count += 1;
    classMeans.set(label, entry);
  }
  const zeros = () => Array.from({ length: inputDimension }, () => new Float64Array(inputDimension));
  const within = zeros();
  const between = zeros();
  const accumulate = (target: Float64Array[], deviation: Float64Array, weight: number) => {
    for (let row = 0; row < inputDimension; row += 1) {
      const scaled = deviation[row]! * weight;
      if (scaled === 0) continue;
      const targetRow = target[row]!;
      for (let column = 0; column < inputDimension; column += 1) targetRow[column]! += scaled * deviation[column]!;
    }
  };
  const deviation = new Float64Array(inputDimension);
  for (const { label, vector } of training) {
    const entry = classMeans.get(label)!;
    for (let index = 0; index < inputDimension; index += 1)
      deviation[index] = vector[index]! - entry.sum[index]! / entry.count;
    accumulate(within, deviation, 1 / training.length);
  }
  for (const entry of classMeans.values()) {
    for (let index = 0; index < inputDimension; index += 1)
      deviation[index] = entry.sum[index]! / entry.count - mean[index]!;
    accumulate(between, deviation, entry.count / training.length);
  }
  let trace = 0;
  for (let index = 0; index < inputDimension; index += 1) trace += within[index]![index]!;
  const ridge = (options.regularisation ?? 0.01) * (trace / inputDimension);
  for (let index = 0; index < inputDimension; index += 1) within[index]![index]! += ridge;
  // Whitening W = U Λ^{-1/2} (columns), so Wᵀ S_w W = I.
  const withinEigen = symmetricEigen(within);
  const whitening = withinEigen.vectors.map((vector, index) => {
    const scale = 1 / Math.sqrt(Math.max(withinEigen.values[index]!, 1e-12));
    return vector.map((value) => value * scale);
  }); // rows = whitening directions
  const whitenedBetween = whitening.map((left) => {
    const product = new Float64Array(inputDimension);
    for (let row = 0; row < inputDimension; row += 1) {
      let sum = 0;
      const betweenRow = between[row]!;
      for (let column = 0; column < inputDimension; column += 1) sum += betweenRow[column]! * left[column]!;
      product[row] = sum;
    }
    return whitening.map((right) => {
      let sum = 0;
      for (let index = 0; index < inputDimension; index += 1) sum += right[index]! * product[index]!;
      return sum;
    });
  });
  const betweenEigen = symmetricEigen(whitenedBetween.map((row) => Float64Array.from(row)));
  const matrix: number[][] = [];
  for (let component = 0; component < options.dimension; component += 1) {
    const coefficients = betweenEigen.vectors[component]!;
    const row = new Array<number>(inputDimension).fill(0);
    for (let direction = 0; direction < inputDimension; direction += 1) {
      const weight = coefficients[direction]!;
      const whiteningRow = whitening[direction]!;
      for (let index = 0; index < inputDimension; index += 1) row[index]! += weight * whiteningRow[index]!;
    }
    matrix.push(row);
  }
  return { dimension: options.dimension, inputDimension, mean: [...mean], matrix, trainedOn: options.trainedOn };
}
