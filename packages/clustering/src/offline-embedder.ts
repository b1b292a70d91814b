import { fnv1a32, foldToWords } from '@espectro/methodology';
import { normaliseInPlace, type Embedder, type PairAgreement, type SimilarityThresholds } from './embedder.js';
import { ClusteringError } from './errors.js';
import { guessLanguage } from './language.js';
import { OFFLINE_AGREEMENT_FACTORS, OFFLINE_THRESHOLDS } from './offline-thresholds.js';
import { loadReferenceCorpus } from './reference-corpus.js';
import type { SparseVector } from './sparse.js';
import { stemWord } from './stemming.js';
import { agreementFactor, titleSignature, type AgreementFactors, type TitleSignature } from './title-signature.js';

/** Options of {@link createOfflineEmbedder}. */
export interface OfflineEmbedderOptions {
  /**
   * Fit the inverse document frequencies on these texts instead of the reference corpus shipped
   * with the package. Vectors then depend on this corpus, so they cannot be stored and compared with
   * vectors of another batch; meant for experiments (the calibration script compares both).
   */
  corpus?: readonly string[];
  /** Smallest and largest character n-gram, default `[3, 5]`. */
  ngramRange?: readonly [number, number];
  /** Also use whole words (their Snowball stems) as features (default true). */
  wordFeatures?: boolean;
  /** Use character n-grams at all (default true); `false` leaves whole words only. */
  characterFeatures?: boolean;
  /** Stem word features with the Spanish or Portuguese Snowball stemmer (default true). */
  stemming?: boolean;
  /** Weight of a word feature relative to one character n-gram (default 3). */
  wordWeight?: number;
  /** Extra weight of a word feature that is a name (see `TitleSignature.names`), default 1.5. */
  nameWeight?: number;
  /**
   * Drop Spanish and Portuguese function words (articles, prepositions, conjunctions, clitics)
   * before extracting features (default true): they are what unrelated headlines share most.
   */
  dropStopwords?: boolean;
  /**
   * Corpus-specific stop features (scikit-learn's `max_df`): features found in more than this share
   * of the fitted corpus, and in more than `maxDocumentFrequencyFloor` texts, are dropped. Default
   * 0.01 — they carry little evidence and make exact search slow.
   */
  maxDocumentFrequency?: number;
  /** See `maxDocumentFrequency`; default 100 texts. */
  maxDocumentFrequencyFloor?: number;
  /** Length of the dense vectors `embed` returns (signed feature hashing), default 512. */
  dimension?: number;
  /** Overrides the calibrated thresholds. */
  thresholds?: SimilarityThresholds;
  /** Overrides the calibrated agreement factors; `false` turns the number and name checks off. */
  agreement?: AgreementFactors | false;
  /**
   * Candidate measured on the development set and not adopted (README, "What was tried"): name
   * runs in the agreement check (`TitleSignatureOptions.nameRuns`). Default false.
   */
  nameRuns?: boolean;
  /**
   * Candidate, not adopted: weight of a feature for each pair of adjacent content-word stems
   * (word bigrams), relative to one character n-gram. Default 0 (none).
   */
  wordBigramWeight?: number;
  /**
   * Candidate, not adopted: scale a pair's cosine by `factor` when the two headlines share fewer
   * than `minimumSharedStems` content-word stems (part of the agreement check). Default off.
   */
  thinOverlap?: { minimumSharedStems: number; factor: number };
}

/** The offline default embedder: needs no weights, deterministic, exact sparse cosine. */
export interface OfflineEmbedder extends Embedder {
  readonly backend: 'offline-char-ngram-tfidf';
  /** Number of distinct features seen in the fitted corpus. */
  readonly vocabularySize: number;
  /** Number of texts the IDF was fitted on. */
  readonly fittedDocuments: number;
  /** `reference` (the shipped corpus, vectors comparable across batches) or `corpus` (the `corpus` option). */
  readonly idfSource: 'reference' | 'corpus';
  /** Sparse TF-IDF vectors (ids ranked by document frequency, L2-normalised), synchronously. */
  vectorize(texts: readonly string[]): SparseVector[];
  embedSparse(texts: readonly string[]): Promise<SparseVector[]>;
  /** Figures and names of a headline, as the agreement check sees them. */
  signature(text: string): TitleSignature;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** Unseen features are spread over this many ids past the vocabulary. */
const UNSEEN_BUCKETS = 1 << 22;
/** Stems are cached per embedder up to this many words, then the cache starts again. */
const STEM_CACHE_LIMIT = 200_000;

/**
 * Spanish and Portuguese function words, accent-folded. Written here rather than taken from a
 * stop-word package: the maintained lists (stopwords-iso, @orama/stopwords) also drop numerals
 * and content words such as `segunda`, `acuerdo` or `nuevo` that tell one event from the next.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  'a al algo algun alguna algunas alguno algunos ante antes aos as asi at ate cada como con contra cual cuando da das de del des desde do dos durante e el ela ele elas eles ella ellas ello ellos em en entre era es esa esas ese eso esos esta estas este esto estos foi fue ha han hay la las le les lo los mais mas me mi mis muy na nas ni no nos num numa o os ou para pela pelas pelo pelos pero por porque pra que quien se sem ser seu seus sin sob sobre su sua suas sus tambem tambien te tras u um uma umas uns un una unas unos y ya'.split(
    ' ',
  ),
);

const LOWER_WORD = /[\p{L}\p{N}]+/gu;

interface TextFeatures {
  /** Character n-gram hashes (may repeat). */
  grams: number[];
  /** Word feature hashes with their weight multiplier. */
  words: Map<number, number>;
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

/** Character n-gram hashes of one folded word padded with a space on either side. */
function pushWordGrams(hashes: number[], word: string, minimum: number, maximum: number): void {
  const length = word.length + 2;
  const codeAt = (position: number): number =>
    position === 0 || position === length - 1 ? 32 : word.charCodeAt(position - 1);
  if (length < minimum) {
    let hash = FNV_OFFSET;
    for (let position = 0; position < length; position += 1) hash = Math.imul(hash ^ codeAt(position), FNV_PRIME);
    hashes.push(hash >>> 0);
    return;
  }
  for (let start = 0; start + minimum <= length; start += 1) {
    let hash = FNV_OFFSET;
    for (let size = 1; size <= maximum && start + size <= length; size += 1) {
      hash = Math.imul(hash ^ codeAt(start + size - 1), FNV_PRIME);
      if (size >= minimum) hashes.push(hash >>> 0);
    }
  }
}

function invalid(field: string, message: string): ClusteringError {
  return new ClusteringError({ code: 'invalid_input', stage: 'validate', field, message });
}

/**
 * Creates the offline default embedder: accent-folded character n-grams (3–5, word-boundary padded)
 * plus the words' Snowball stems (Spanish or Portuguese, guessed per headline), function words
 * dropped, sub-linear TF × smoothed IDF learnt from the reference corpus of real headlines shipped
 * with the package (so vectors never depend on the batch), L2-normalised. Pairs whose headlines
 * quote different figures or name different people are scaled down by its agreement check
 * (`agreement`). Clustering uses the exact sparse vectors (`embedSparse`); `embed` returns them
 * hashed into `dimension` dense components for code that needs dense vectors. Thresholds and
 * agreement factors are calibrated on the package's development set (see README).
 *
 * @example
 * const embedder = createOfflineEmbedder();
 * const [vector] = await embedder.embedSparse(['Muere el papa Francisco a los 88 años']);
 */
export function createOfflineEmbedder(options: OfflineEmbedderOptions = {}): OfflineEmbedder {
  const [minimum, maximum] = options.ngramRange ?? [3, 5];
  if (!Number.isInteger(minimum) || !Number.isInteger(maximum) || minimum < 1 || maximum < minimum) {
    throw invalid('ngramRange', `ngramRange must be two integers 1 ≤ min ≤ max, got [${minimum}, ${maximum}]`);
  }
  const dimension = options.dimension ?? 512;
  if (!Number.isInteger(dimension) || dimension < 2) {
    throw invalid('dimension', `dimension must be an integer ≥ 2, got ${dimension}`);
  }
  const wordWeight = options.wordWeight ?? 3;
  const nameWeight = options.nameWeight ?? 1.5;
  for (const [field, value] of [
    ['wordWeight', wordWeight],
    ['nameWeight', nameWeight],
  ] as const) {
    if (!(value > 0 && Number.isFinite(value)))
      throw invalid(field, `${field} must be a positive number, got ${value}`);
  }
  const wordFeatures = options.wordFeatures ?? true;
  const wordBigramWeight = options.wordBigramWeight ?? 0;
  if (!(wordBigramWeight >= 0 && Number.isFinite(wordBigramWeight))) {
    throw invalid('wordBigramWeight', `wordBigramWeight must be a number ≥ 0, got ${wordBigramWeight}`);
  }
  const thinOverlap = options.thinOverlap;
  if (
    thinOverlap &&
    !(Number.isInteger(thinOverlap.minimumSharedStems) && thinOverlap.factor > 0 && thinOverlap.factor <= 1)
  ) {
    throw invalid('thinOverlap', 'thinOverlap needs an integer minimumSharedStems and a factor in (0, 1]');
  }
  const characterFeatures = options.characterFeatures ?? true;
  const stemming = options.stemming ?? true;
  const dropStopwords = options.dropStopwords ?? true;
  const idfSource = options.corpus ? 'corpus' : 'reference';
  const corpus = options.corpus ?? loadReferenceCorpus().texts;

  // Words seen in lower case in the fitted corpus: a capital on them at the start of a sentence is not a name.
  const commonWords = new Set<string>(STOPWORDS);
  for (const text of corpus) {
    for (const match of text.matchAll(LOWER_WORD)) {
      if (/^\p{Ll}/u.test(match[0])) commonWords.add(foldToWords(match[0]));
    }
  }
  const isCommonWord = (folded: string): boolean => commonWords.has(folded);
  const signatureOptions = { nameRuns: options.nameRuns ?? false };
  const signature = (text: string): TitleSignature => {
    const found = titleSignature(text, isCommonWord, signatureOptions);
    return thinOverlap ? { ...found, stems: contentStems(text) } : found;
  };

  const stems = new Map<string, string>();
  const stemOf = (word: string, language: 'es' | 'pt'): string => {
    const key = `${language}:${word}`;
    let stem = stems.get(key);
    if (stem === undefined) {
      stem = foldToWords(stemWord(word, language));
      if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
      stems.set(key, stem);
    }
    return stem;
  };

  /** Stems of a headline's content words, for the `thinOverlap` candidate. */
  const contentStems = (text: string): Set<string> => {
    const language = guessLanguage(text);
    const found = new Set<string>();
    for (const match of text.normalize('NFC').toLowerCase().matchAll(LOWER_WORD)) {
      const folded = foldToWords(match[0]);
      if (folded === '' || STOPWORDS.has(folded)) continue;
      found.add(stemming && !/\d/u.test(folded) ? stemOf(match[0], language) : folded);
    }
    return found;
  };

  const features = (text: string): TextFeatures => {
    const grams: number[] = [];
    const words = new Map<number, number>();
    const language = guessLanguage(text);
    const names = wordFeatures && nameWeight !== 1 ? signature(text).names : undefined;
    let previousStem: string | undefined;
    for (const match of text.normalize('NFC').toLowerCase().matchAll(LOWER_WORD)) {
      const word = match[0];
      const folded = foldToWords(word);
      if (folded === '' || (dropStopwords && STOPWORDS.has(folded))) continue;
      if (characterFeatures) pushWordGrams(grams, folded, minimum, maximum);
      if (wordFeatures) {
        const stem = stemming && !/\d/u.test(folded) ? stemOf(word, language) : folded;
        const hash = fnv1a32(`\u0001${stem}`);
        const weight = wordWeight * (names?.has(folded) ? nameWeight : 1);
        words.set(hash, Math.max(words.get(hash) ?? 0, weight));
        if (wordBigramWeight > 0 && previousStem !== undefined) {
          const bigram = fnv1a32(`\u0002${previousStem} ${stem}`);
          words.set(bigram, Math.max(words.get(bigram) ?? 0, wordBigramWeight));
        }
        previousStem = stem;
      }
    }
    return { grams, words };
  };
  const featureSet = (extracted: TextFeatures): Set<number> => new Set([...extracted.grams, ...extracted.words.keys()]);

  // Document frequencies → ids ranked by frequency (ties by hash), smoothed IDF per id.
  const documentFrequency = new Map<number, number>();
  for (const text of corpus) {
    for (const hash of featureSet(features(text))) {
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
  const idOf = (hash: number): number => idByHash.get(hash) ?? vocabularySize + (hash % UNSEEN_BUCKETS);

  const vectorizeOne = (text: string): SparseVector => {
    const extracted = features(text);
    const counts = new Map<number, number>();
    for (const hash of extracted.grams) {
      if (dropped.has(hash)) continue;
      const id = idOf(hash);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const multipliers = new Map<number, number>();
    for (const [hash, weight] of extracted.words) {
      if (dropped.has(hash)) continue;
      const id = idOf(hash);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      multipliers.set(id, weight);
    }
    const ids = [...counts.keys()].sort((left, right) => left - right);
    const indices = new Uint32Array(ids.length);
    const values = new Float32Array(ids.length);
    const weights = new Float64Array(ids.length);
    let sumOfSquares = 0;
    ids.forEach((id, position) => {
      const weight =
        (1 + Math.log(counts.get(id)!)) * (id < vocabularySize ? idf[id]! : unseenIdf) * (multipliers.get(id) ?? 1);
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
  const factors = options.agreement === undefined ? OFFLINE_AGREEMENT_FACTORS : options.agreement;
  const sharedStems = (left: TitleSignature, right: TitleSignature): number => {
    let count = 0;
    for (const stem of left.stems ?? []) if (right.stems?.has(stem)) count += 1;
    return count;
  };
  const agreement: PairAgreement<TitleSignature> | undefined =
    factors === false
      ? undefined
      : {
          signature,
          factor: (left, right) =>
            agreementFactor(left, right, factors) *
            (thinOverlap && sharedStems(left, right) < thinOverlap.minimumSharedStems ? thinOverlap.factor : 1),
        };
  const fingerprint = (fnv1a32([...corpus].sort().join('\n')) >>> 0).toString(16).padStart(8, '0');
  const featureLabel = characterFeatures
    ? `char${minimum}-${maximum}${wordFeatures ? (stemming ? '+stems' : '+words') : ''}${wordBigramWeight > 0 ? '+bigrams' : ''}`
    : stemming
      ? 'stems'
      : 'words';

  return {
    backend: 'offline-char-ngram-tfidf',
    model: `${featureLabel}${dropStopwords ? '-nostop' : ''}-tfidf@${idfSource}-${documents}-${fingerprint}`,
    dimension,
    thresholds: options.thresholds ?? OFFLINE_THRESHOLDS,
    ...(agreement ? { agreement } : {}),
    vocabularySize,
    fittedDocuments: documents,
    idfSource,
    signature,
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
