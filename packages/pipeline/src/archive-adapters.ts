/**
 * Adapters that let `@espectro/clustering`'s in-memory clustering state work over the stored
 * archive: an embedder that serves stored vectors instead of embedding a headline again, a judge
 * that answers from stored CLU-2 verdicts before asking the model, and the byte encoding of
 * vectors for the `bytea` column.
 *
 * Stand-in: the vector encoding and the two wrappers exist because the clustering package has no
 * "seed with vectors / verdicts" API yet (requested from H-clustering in /work/coord/requests.md);
 * they go away when it lands.
 */
import type { Embedder, GreyPair, PairDecision, PairJudge, SparseVector } from '@espectro/clustering';
import { loadJudgeVerdicts, type StoreExecutor } from '@espectro/store';

const DENSE = 1;
const SPARSE = 2;

/** A headline vector as clustering uses it. */
export type HeadlineVector = Float32Array | SparseVector;

/**
 * Encodes a vector as bytes: a tag byte, then little-endian float32 components (dense) or a
 * uint32 count, uint32 indices and float32 values (sparse).
 *
 * @example
 * decodeVector(encodeVector(vector)); // equal to vector
 */
export function encodeVector(vector: HeadlineVector): Uint8Array {
  if (vector instanceof Float32Array) {
    const bytes = new Uint8Array(1 + vector.length * 4);
    const view = new DataView(bytes.buffer);
    bytes[0] = DENSE;
    vector.forEach((value, index) => view.setFloat32(1 + index * 4, value, true));
    return bytes;
  }
  const count = vector.indices.length;
  const bytes = new Uint8Array(5 + count * 8);
  const view = new DataView(bytes.buffer);
  bytes[0] = SPARSE;
  view.setUint32(1, count, true);
  for (let index = 0; index < count; index += 1) {
    view.setUint32(5 + index * 4, vector.indices[index]!, true);
    view.setFloat32(5 + count * 4 + index * 4, vector.values[index]!, true);
  }
  return bytes;
}

/** Decodes what {@link encodeVector} wrote; throws on bytes it did not write. */
export function decodeVector(bytes: Uint8Array): HeadlineVector {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === DENSE && (bytes.byteLength - 1) % 4 === 0) {
    const vector = new Float32Array((bytes.byteLength - 1) / 4);
    for (let index = 0; index < vector.length; index += 1) vector[index] = view.getFloat32(1 + index * 4, true);
    return vector;
  }
  if (bytes[0] === SPARSE && bytes.byteLength >= 5) {
    const count = view.getUint32(1, true);
    if (bytes.byteLength === 5 + count * 8) {
      const indices = new Uint32Array(count);
      const values = new Float32Array(count);
      for (let index = 0; index < count; index += 1) {
        indices[index] = view.getUint32(5 + index * 4, true);
        values[index] = view.getFloat32(5 + count * 4 + index * 4, true);
      }
      return { indices, values };
    }
  }
  throw new RangeError(`@espectro/pipeline: ${bytes.byteLength} bytes are not an encoded vector`);
}

/** An embedder that serves known vectors by text and records the ones it had to compute. */
export interface StoredVectorEmbedder extends Embedder {
  /** Vectors computed by the inner embedder in this session, by text. */
  readonly computed: Map<string, HeadlineVector>;
  /** Number of texts the inner embedder was asked to embed. */
  readonly embeddedTexts: number;
}

/**
 * Wraps a batch-independent embedder (a headline's vector depends on the headline alone) so that
 * texts with a known vector are not embedded again.
 */
export function withStoredVectors(inner: Embedder, known: ReadonlyMap<string, HeadlineVector>): StoredVectorEmbedder {
  const computed = new Map<string, HeadlineVector>();
  let embeddedTexts = 0;
  const serve = async <Vector extends HeadlineVector>(
    texts: readonly string[],
    compute: (missing: string[]) => Promise<Vector[]>,
  ): Promise<Vector[]> => {
    const missing = [...new Set(texts.filter((text) => !known.has(text) && !computed.has(text)))];
    if (missing.length > 0) {
      embeddedTexts += missing.length;
      const vectors = await compute(missing);
      missing.forEach((text, index) => computed.set(text, vectors[index]!));
    }
    return texts.map((text) => (known.get(text) ?? computed.get(text)) as Vector);
  };
  const wrapped: StoredVectorEmbedder = {
    backend: inner.backend,
    model: inner.model,
    dimension: inner.dimension,
    thresholds: inner.thresholds,
    computed,
    get embeddedTexts() {
      return embeddedTexts;
    },
    embed: (texts) => serve<Float32Array>(texts, (missing) => inner.embed(missing)),
  };
  if (inner.embedSparse) {
    const embedSparse = inner.embedSparse.bind(inner);
    return Object.assign(wrapped, {
      embedSparse: (texts: readonly string[]) => serve<SparseVector>(texts, (missing) => embedSparse(missing)),
    });
  }
  return wrapped;
}

/** A judge that answers from stored verdicts first and records what it decided anew. */
export interface StoredVerdictJudge extends PairJudge {
  /** Verdicts the inner judge gave in this session, by pair key (`leftId NUL rightId`). */
  readonly decided: Map<string, 'same' | 'different'>;
  /** Pairs the inner judge was asked about. */
  readonly askedPairs: number;
}

/**
 * Wraps a CLU-2 judge so that a pair with a stored verdict is never asked again (after a restart,
 * or when the archive around new articles is clustered again).
 */
export function withStoredVerdicts(inner: PairJudge, executor: StoreExecutor): StoredVerdictJudge {
  const decided = new Map<string, 'same' | 'different'>();
  let askedPairs = 0;
  return {
    backend: inner.backend,
    decided,
    get askedPairs() {
      return askedPairs;
    },
    async decide(pairs: readonly GreyPair[]): Promise<PairDecision[]> {
      const stored = await loadJudgeVerdicts(
        executor,
        pairs.map((pair) => ({ leftId: pair.left.id, rightId: pair.right.id })),
      );
      const answers: PairDecision[] = [];
      const toAsk: GreyPair[] = [];
      for (const pair of pairs) {
        const verdict = stored.get(pair.key) ?? decided.get(pair.key);
        if (verdict !== undefined) answers.push({ key: pair.key, verdict });
        else toAsk.push(pair);
      }
      if (toAsk.length > 0) {
        askedPairs += toAsk.length;
        for (const decision of await inner.decide(toAsk)) {
          if (decision.verdict !== 'unanswered') decided.set(decision.key, decision.verdict);
          answers.push(decision);
        }
      }
      return answers;
    },
  };
}
