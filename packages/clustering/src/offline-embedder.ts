import { normaliseInPlace, type Embedder, type SimilarityThresholds } from './embedder.js';
import { ClusteringError } from './errors.js';
import { OFFLINE_THRESHOLDS } from './offline-thresholds.js';
import type { SparseVector } from './sparse.js';
import { foldedWords } from './text.js';

/** Options of {@link createOfflineEmbedder}. */
export interface OfflineEmbedderOptions {
  /**
   * Texts to fit the inverse document frequencies on (normally the headlines being clustered). The
   * fit is frozen afterwards: later texts are embedded with the same weights, so vectors never change
   * once computed. Without a corpus every feature weighs the same (term frequency only).
   */
  corpus?: readonly string[];
  /** Smallest and largest character n-gram, default `[3, 5]`. */
  ngramRange?: readonly [number, number];
  /** Also use whole folded words as features (default true). */
  wordFeatures?: boolean;
  /** Use character n-grams at all (default true); `false` leaves whole words only. */
  characterFeatures?: boolean;
  /**
   * Drop Spanish and Portuguese function words (articles, prepositions, conjunctions, clitics)
   * before extracting features (default true): they are what unrelated headlines share most.
   */
  dropStopwords?: boolean;
  /**
   * Corpus-specific stop features (scikit-learn's `max_df`): features found in more than this share
   * of the fitted corpus, and in more than `maxDocumentFrequencyFloor` texts, are dropped. Default
   * 0.01 — they carry little evidence and make exact search quadratic.
   */
  maxDocumentFrequency?: number;
  /** See `maxDocumentFrequency`; default 100 texts, so small corpora keep every feature. */
  maxDocumentFrequencyFloor?: number;
  /** Length of the dense vectors `embed` returns (signed feature hashing), default 512. */
  dimension?: number;
  /** Overrides the calibrated thresholds. */
  thresholds?: SimilarityThresholds;
}

/** The offline default embedder: needs no weights, deterministic, exact sparse cosine. */
export interface OfflineEmbedder extends Embedder {
  readonly backend: 'offline-char-ngram-tfidf';
  /** Number of distinct features seen in the fitted corpus. */
  readonly vocabularySize: number;
  /** Number of texts the IDF was fitted on. */
  readonly fittedDocuments: number;
  /** Sparse TF-IDF vectors (ids ranked by document frequency, L2-normalised), synchronously. */
  vectorize(texts: readonly string[]): SparseVector[];
  embedSparse(texts: readonly string[]): Promise<SparseVector[]>;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Unseen features are spread over this many ids past the vocabulary. */
const UNSEEN_BUCKETS = 1 << 22;
const WORD_SALT = 0x9e3779b9;

/** Spanish and Portuguese function words, accent-folded. */
export const STOPWORDS: ReadonlySet<string> = new Set(
  'a al algo algun alguna algunas alguno algunos ante antes aos as asi at ate cada como con contra cual cuando da das de del des desde do dos durante e el ela ele elas eles ella ellas ello ellos em en entre era es esa esas ese eso esos esta estas este esto estos foi fue ha hay la las le les lo los mais mas me mi mis muy na nas ni no nos nas num numa o os ou para pela pelas pelo pelos pero por porque pra que quien se sem ser seu seus sin sob sobre su sus tambem tambien te tras u um uma umas uns un una unas unos y ya'.split(
    ' ',
  ),
);

/** Hashes of one text's features: character n-grams of space-padded words, and optionally the words. */
function featureHashes(
  text: string,
  minimum: number,
  maximum: number,
  wordFeatures: boolean,
  characterFeatures = true,
  dropStopwords = true,
): number[] {
  const hashes: number[] = [];
  for (const word of foldedWords(text)) {
    if (dropStopwords && STOPWORDS.has(word)) continue;
    const length = word.length + 2;
    const codeAt = (position: number): number =>
      position === 0 || position === length - 1 ? 32 : word.charCodeAt(position - 1);
    if (!characterFeatures) {
      // no character n-grams
    } else if (length < minimum) {
      let hash = FNV_OFFSET;
      for (let position = 0; position < length; position += 1) hash = Math.imul(hash ^ codeAt(position), FNV_PRIME);
      hashes.push(hash >>> 0);
    } else {
      for (let start = 0; start + minimum <= length; start += 1) {
        let hash = FNV_OFFSET;
        for (let size = 1; size <= maximum && start + size <= length; size += 1) {
          hash = Math.imul(hash ^ codeAt(start + size - 1), FNV_PRIME);
          if (size >= minimum) hashes.push(hash >>> 0);
        }
      }
    }
    if (wordFeatures) {
      let hash = FNV_OFFSET ^ WORD_SALT;
      for (let position = 0; position < word.length; position += 1)
        hash = Math.imul(hash ^ word.charCodeAt(position), FNV_PRIME);
      hashes.push(hash >>> 0);
    }
  }
  return hashes;
}

/** Murmur3's 32-bit finaliser: spreads an id over the dense buckets. */
function mix32(value: number): number {
  let hash = value >>> 0;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * Creates the offline default embedder: accent-folded character n-grams (3–5, word-boundary padded)
 * plus whole words, sub-linear TF × smoothed IDF fitted on `corpus`, L2-normalised. Clustering uses
 * the exact sparse vectors (`embedSparse`); `embed` returns them hashed into `dimension` dense
 * components for code that needs dense vectors. Its thresholds are calibrated on the package's
 * development set of real Spanish and Portuguese headlines (see README).
 *
 * @example
 * const embedder = createOfflineEmbedder({ corpus: headlines });
 * const [vector] = await embedder.embedSparse(['Muere el papa Francisco a los 88 años']);
 */
export function createOfflineEmbedder(options: OfflineEmbedderOptions = {}): OfflineEmbedder {
  const [minimum, maximum] = options.ngramRange ?? [3, 5];
  if (!Number.isInteger(minimum) || !Number.isInteger(maximum) || minimum < 1 || maximum < minimum) {
    throw new ClusteringError({
      code: 'invalid_input',
      stage: 'validate',
      field: 'ngramRange',
      message: `ngramRange must be two integers 1 ≤ min ≤ max, got [${minimum}, ${maximum}]`,
    });
  }
  const dimension = options.dimension ?? 512;
  if (!Number.isInteger(dimension) || dimension < 2) {
    throw new ClusteringError({
      code: 'invalid_input',
      stage: 'validate',
      field: 'dimension',
      message: `dimension must be an integer ≥ 2, got ${dimension}`,
    });
  }
  const wordFeatures = options.wordFeatures ?? true;
  const characterFeatures = options.characterFeatures ?? true;
  const dropStopwords = options.dropStopwords ?? true;
  const features = (text: string): number[] =>
    featureHashes(text, minimum, maximum, wordFeatures, characterFeatures, dropStopwords);
  const corpus = options.corpus ?? [];

  // Document frequencies → ids ranked by frequency (ties by hash), smoothed IDF per id.
  const documentFrequency = new Map<number, number>();
  for (const text of corpus) {
    for (const hash of new Set(features(text))) {
      documentFrequency.set(hash, (documentFrequency.get(hash) ?? 0) + 1);
    }
  }
  const documentLimit = Math.max(
    options.maxDocumentFrequencyFloor ?? 100,
    (options.maxDocumentFrequency ?? 0.01) * corpus.length,
  );
  const dropped = new Set<number>();
  for (const [hash, frequency] of documentFrequency) if (frequency > documentLimit) dropped.add(hash);
  const ranked = [...documentFrequency.entries()]
    .filter(([hash]) => !dropped.has(hash))
    .sort((left, right) => right[1] - left[1] || left[0] - right[0]);
  const idByHash = new Map<number, number>();
  const idf = new Float64Array(ranked.length);
  const documents = corpus.length;
  ranked.forEach(([hash, frequency], id) => {
    idByHash.set(hash, id);
    idf[id] = Math.log((1 + documents) / (1 + frequency)) + 1;
  });
  const unseenIdf = Math.log(1 + documents) + 1;
  const vocabularySize = ranked.length;

  const vectorizeOne = (text: string): SparseVector => {
    const counts = new Map<number, number>();
    for (const hash of features(text)) {
      if (dropped.has(hash)) continue;
      const id = idByHash.get(hash) ?? vocabularySize + (hash % UNSEEN_BUCKETS);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const ids = [...counts.keys()].sort((left, right) => left - right);
    const indices = new Uint32Array(ids.length);
    const values = new Float32Array(ids.length);
    let sumOfSquares = 0;
    const weights = new Float64Array(ids.length);
    ids.forEach((id, position) => {
      const weight = (1 + Math.log(counts.get(id)!)) * (id < vocabularySize ? idf[id]! : unseenIdf);
      weights[position] = weight;
      sumOfSquares += weight * weight;
    });
    const norm = Math.sqrt(sumOfSquares) || 1;
    ids.forEach((id, position) => {
      indices[position] = id;
      values[position] = weights[position]! / norm;
    });
    return { indices, values };
  };

  const vectorize = (texts: readonly string[]): SparseVector[] => texts.map((text) => vectorizeOne(text));

  return {
    backend: 'offline-char-ngram-tfidf',
    model: `${characterFeatures ? `char-ngram-${minimum}-${maximum}${wordFeatures ? '+words' : ''}` : 'words'}${dropStopwords ? '-nostop' : ''}-tfidf`,
    dimension,
    thresholds: options.thresholds ?? OFFLINE_THRESHOLDS,
    vocabularySize,
    fittedDocuments: documents,
    vectorize,
    async embedSparse(texts) {
      return vectorize(texts);
    },
    async embed(texts) {
      return vectorize(texts).map((sparse) => {
        const dense = new Float32Array(dimension);
        for (let position = 0; position < sparse.indices.length; position += 1) {
          const mixed = mix32(sparse.indices[position]!);
          const sign = mixed & 1 ? -1 : 1;
          const bucket = (mixed >>> 1) % dimension;
          dense[bucket] = dense[bucket]! + sign * sparse.values[position]!;
        }
        return normaliseInPlace(dense);
      });
    },
  };
}
