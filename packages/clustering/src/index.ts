/**
 * @espectro/clustering — headline embedders (multilingual MiniLM through transformers.js, and an
 * offline character n-gram TF-IDF default), a grey-zone LLM judge, order-independent incremental
 * story clustering (rules CLU-1…3) with a chaining guard, exact and HNSW neighbour search, and
 * clustering quality metrics.
 *
 * @packageDocumentation
 */
export { articleSchema, parseArticles, compareIds, type Article } from './articles.js';
export {
  addArticles,
  clusterArticles,
  createClusteringState,
  currentStories,
  retryPendingPairs,
  storyAssignments,
  vectorSimilarity,
  ClusteringState,
  type ChainingGuard,
  type ClusteringBackend,
  type ClusteringOptions,
  type ClusteringResult,
  type AddArticlesOptions,
  type ClusteringUpdate,
  type ClusteringWork,
  type PrecomputedVectors,
  type Story,
  type Vector,
} from './cluster.js';
export { CLU_2_JUDGE_LOW_THRESHOLD, CLU_2_MERGE_THRESHOLD, CLU_3_WINDOW_HOURS } from './constants.js';
export {
  denseDot,
  normaliseInPlace,
  type Embedder,
  type PairAgreement,
  type SimilarityThresholds,
} from './embedder.js';
export {
  ClusteringError,
  type ClusteringErrorCode,
  type ClusteringErrorDetails,
  type ClusteringStage,
} from './errors.js';
export type { GreyPair, JudgedArticle, PairDecision, PairJudge, PendingPair } from './judge-types.js';
export {
  bcubedScores,
  clusteringQuality,
  pairwiseScores,
  type BCubedScores,
  type ClusteringQuality,
  type PairwiseScores,
  type PrecisionRecall,
} from './metrics.js';
export {
  AutoDenseIndex,
  DenseExactIndex,
  HnswIndex,
  SparsePrefixIndex,
  type DenseSearchOptions,
  type HnswOptions,
  type Neighbour,
  type NeighbourIndex,
} from './neighbours.js';
export {
  createOfflineEmbedder,
  STOPWORDS,
  type OfflineEmbedder,
  type OfflineEmbedderOptions,
} from './offline-embedder.js';
export { OFFLINE_AGREEMENT_FACTORS, OFFLINE_THRESHOLDS } from './offline-thresholds.js';
export {
  decodeVector,
  encodeVector,
  exportVectors,
  exportVerdicts,
  seedClusteringState,
  seedWindow,
  type ClusteringSeed,
  type SeededState,
  type StoredVerdict,
} from './archive.js';
export { guessLanguage, type HeadlineLanguage } from './language.js';
export { loadReferenceCorpus, type ReferenceCorpus } from './reference-corpus.js';
export { stemWord } from './stemming.js';
export {
  agreementFactor,
  titleSignature,
  type AgreementFactors,
  type TitleSignature,
  type TitleSignatureOptions,
} from './title-signature.js';
export { WindowedIndex } from './windowed-index.js';
export { SparseSum, sparseDot, sparseFromEntries, sparseNorm, type SparseVector } from './sparse.js';
export { foldText, foldedWords, wordBoundaryNgrams, fnv1a } from './text.js';
export {
  createClu2Judge,
  createLlmJudge,
  SAME_EVENT_PROMPT,
  type Clu2JudgeSettings,
  sameEventAnswerSchema,
  type LlmJudgeOptions,
  type SameEventPromptVariables,
} from './judge.js';
export {
  encodeOnnxModel,
  OnnxType,
  type OnnxInitializer,
  type OnnxModel,
  type OnnxNode,
  type OnnxValueInfo,
} from './onnx-builder.js';
export { generateSyntheticHeadlines, type SyntheticHeadline, type SyntheticOptions } from './synthetic.js';
export {
  createMiniLMEmbedder,
  defaultModelDirectory,
  TRANSFORMERS_PACKAGE,
  meanPoolAndNormalise,
  CLU_2_THRESHOLDS,
  MINILM_MODEL_SPEC,
  type MiniLMEmbedderOptions,
  type MiniLMModelSpec,
  type ModelFile,
  type ModelSpec,
} from './minilm.js';
