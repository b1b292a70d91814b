/**
 * @espectro/rating — the evidence side of outlet ratings: article analysis (a versioned LLM rubric
 * with verbatim-quote checks, or the transparent offline lexicon baseline), the stratified content
 * sample and the four content metrics of seed 002 §4, academic and ownership evidence, the outlet
 * roster file, verification of stored ratings, and the re-evaluation scheduler. The
 * `rating_evidence` record itself and its mapping to `rateOutlet` live in @espectro/methodology. Every decision (confidence, buckets, factuality, due dates)
 * comes from @espectro/methodology.
 *
 * @packageDocumentation
 */
export { RatingError, type RatingErrorCode } from './errors.js';
export {
  ArticleLanguageSchema,
  ArticleSchema,
  createMemoryArticleSource,
  parseArticle,
  parseArticlesJsonl,
  type Article,
  type ArticleLanguage,
  type ArticleQuery,
  type ArticleSource,
  type MemoryArticleSource,
} from './articles.js';
export {
  allocateStrata,
  sampleArticles,
  SampleRequestSchema,
  SAMPLE_ALLOCATION_RULE,
  SAMPLE_PARAMETERS,
  type ArticleSample,
  type SampleRequest,
  type SampleStratum,
} from './sampler.js';
export { fnv1a32, mulberry32 } from './prng.js';
export { politicalActorMapJsonSchema } from './actor-schema.js';
export {
  actorContext,
  governmentAt,
  GovernmentPeriodSchema,
  loadPoliticalActorMap,
  parsePoliticalActorMap,
  PoliticalActorKindSchema,
  PoliticalActorMapSchema,
  PoliticalActorSchema,
  TOP_FIGURES,
  type ActorContext,
  type ActorSide,
  type ContextActor,
  type GovernmentPeriod,
  type PoliticalActor,
  type PoliticalActorKind,
  type PoliticalActorMap,
} from './actors.js';
export {
  BUNDLED_LEXICONS,
  isPrimaryLink,
  lexiconMatcher,
  LexiconSchema,
  parseLexicon,
  type Lexicon,
  type LexiconHit,
  type LexiconMatcher,
} from './lexicon.js';
export {
  countWords,
  foldText,
  locateVerbatim,
  normaliseQuote,
  sentenceStarts,
  tokenize,
  verbatimIndex,
  type TextSpan,
  type Token,
  type VerbatimIndex,
} from './text.js';
export {
  articleDocument,
  DISPUTED_TOPICS,
  DisputedTopicSchema,
  LEXICON_BACKEND,
  type AnalysisUsage,
  type AnalyzeOptions,
  type ArticleAnalysis,
  type ArticleAnalyzer,
  type ArticleIndicator,
  type DisputedTopic,
  type EvidenceSpan,
  type FactualitySignals,
  type FigureMention,
  type FigureSentimentLabel,
  type Framing,
  type QuotedSource,
  type TopicStance,
  type TopicStanceLabel,
} from './analysis/types.js';
export {
  analyzeWithLexicon,
  createLexiconArticleAnalyzer,
  type LexiconAnalyzerSettings,
} from './analysis/lexicon-analyzer.js';
export { createLlmArticleAnalyzer, type LlmAnalyzerSettings } from './analysis/llm-analyzer.js';
export {
  ARTICLE_RUBRIC_PROMPT,
  ArticleRubricAnswerSchema,
  type ArticleRubricAnswer,
  type ArticleRubricVariables,
} from './analysis/rubric.js';
export { createArticleAnalyzer, PROVIDER_KEY_VARIABLES, type ArticleAnalyzerSettings } from './analysis/default.js';
export { classifyArticle, leanScore, tendencyFromAnalyses, type ArticleClassification } from './analysis/classify.js';
export {
  analyzeOutletContent,
  contentFactuality,
  contentMetricsFromAnalyses,
  CONTENT_FACTUALITY_PARAMETERS,
  CONTENT_METRIC_PARAMETERS,
  type ContentAnalysisRequest,
  type ContentAnalysisResult,
  type ContentMetrics,
  type FactualityCounts,
  type FigureMetric,
} from './content.js';
export {
  parseRosterFile,
  rateRosterEntries,
  reanchorRoster,
  rosterEvidenceRecord,
  RosterEntrySchema,
  RosterEvidenceSchema,
  RosterFileSchema,
  type RosterEntry,
  type RosterEvidence,
  type RosterFile,
  type RosterRatingOutcome,
} from './roster.js';
export {
  ACADEMIC_MAPPING_PROMPT,
  AcademicMappingAnswerSchema,
  mapAcademicQuotes,
  unsupportedReliedOn,
  validateAcademicEvidence,
  type AcademicEntryCheck,
  type AcademicMappingAnswer,
  type AcademicMappingResult,
  type AcademicMappingVariables,
  type AcademicRejection,
  type AcademicValidation,
} from './academic.js';
export {
  createMemoryRatingStore,
  isPreliminaryRating,
  OutletLifecycleFactsSchema,
  parseRatingRecordWrite,
  ratingSnapshotOf,
  RatingHistoryKindSchema,
  RatingRecordWriteSchema,
  recordPreliminary,
  recordRating,
  storedRatingValue,
  StoredRatingSchema,
  StoredRatingValueSchema,
  type OutletLifecycleFacts,
  type RatingHistoryEntry,
  type RatingHistoryKind,
  type RatingRecordStore,
  type RatingRecordWrite,
  type RecordRatingRequest,
  type RecordRatingResult,
  type StoredRating,
  type StoredRatingValue,
} from './records.js';
export { canonicalJson, evidenceDigest } from './digest.js';
export { parseStoredRatingsFile, StoredRatingsFileSchema, type StoredRatingsFile } from './ratings-file.js';
export { verifyRatings, type OutletVerification, type RatingMismatch, type RatingVerification } from './verify.js';
export {
  consecutiveDriftDays,
  defaultCurrentPrompts,
  DUE_REASON_CAUSES,
  DueReasonSchema,
  dueOutlets,
  modelOfBackend,
  type DueOptions,
  type DueReason,
  type OutletDue,
} from './scheduler.js';
