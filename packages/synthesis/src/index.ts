/**
 * @espectro/synthesis — story synthesis (seed 003 §3–§6, §9; RULES §3–§5): an LLM fallback chain
 * whose output is checked by the methodology's citation (SYN-3) and attribution (SYN-4) rules, an
 * offline extractive synthesiser, topic classification (TOP-1) and the low-value detector, story
 * assembly (tier, coverage, publish guard, blindspots, ownership mix, audit) and the SYN-5 retry
 * queue. The retry-queue contract suite is in `@espectro/synthesis/testing`.
 *
 * @packageDocumentation
 */
export { SynthesisError, type SynthesisErrorCode, type SynthesisErrorDetails, type SynthesisStage } from './errors.js';
export {
  ClusterArticleSchema,
  StoryClusterSchema,
  RosterOutletSchema,
  createRoster,
  parseCluster,
  type Bucket,
  type CitedSentence,
  type ClusterArticle,
  type EditorialScopeOrNull,
  type Factuality,
  type OwnerType,
  type Roster,
  type RosterOutlet,
  type RosterOutletInput,
  type SourceDiscrepancy,
  type StoryCluster,
  type StorySynthesis,
  type SynthesisBackend,
  type SynthesisProvenance,
  type SynthesisWarning,
} from './types.js';
export {
  STEM_LENGTH,
  STOPWORDS,
  SENTENCE_ABBREVIATIONS,
  contentStems,
  countSentences,
  foldText,
  splitSentences,
  type SentenceSpan,
} from './text.js';
export { storyOutletOf, storyOutlets, uniqueDomains } from './outlets.js';
export { attributionNeedles, findOutletMentions, foldForSearch, type AttributionNeedles } from './attribution.js';
export {
  EXTRACTIVE_BACKEND,
  EXTRACTIVE_METHOD,
  synthesizeExtractive,
  synthesizeExtractiveUnchecked,
  type ExtractiveSettings,
} from './extractive.js';
export { groundingWarnings } from './grounding.js';
export {
  storySynthesisPrompt,
  storyTopicPrompt,
  type PromptArticle,
  type StorySynthesisVariables,
  type StoryTopicVariables,
} from './prompts.js';
export {
  DEFAULT_SYNTHESIS_MODELS,
  SUMMARY_MAX_SENTENCES,
  createDefaultSynthesisChain,
  synthesisOutputSchema,
  synthesizeStory,
  type DefaultSynthesisChainSettings,
  type SynthesisFailure,
  type SynthesisFailureReason,
  type SynthesisOutput,
  type SynthesizeStoryOptions,
  type SynthesizeStoryResult,
} from './synthesize.js';
export { LOW_VALUE_KEYWORDS, TOPIC_KEYWORDS } from './keywords.js';
export {
  LOW_VALUE_MIN_SCORE,
  SENTENCES_WEIGHT,
  SUMMARY_WEIGHT,
  TITLE_WEIGHT,
  TOPIC_MIN_MARGIN,
  TOPIC_MIN_SCORE,
  TopicOutputSchema,
  classifyTopic,
  classifyTopicOffline,
  detectLowValue,
  type ClassifyTopicOptions,
  type KeywordTopicResult,
  type LowValueResult,
  type TopicClassification,
  type TopicInput,
} from './topics.js';
export {
  assembleStory,
  pickStoryImage,
  representativeTitle,
  type AssembleStoryInput,
  type AssembledOutlet,
  type AssembledStory,
  type OwnershipMix,
  type StoryAudit,
  type StoryImage,
} from './assemble.js';
export {
  applyFailure,
  createMemoryRetryQueue,
  firstFailure,
  toIsoInstant,
  type Instant,
  type RetryEntry,
  type RetryFailure,
  type RetryQueue,
  type RetryStatus,
} from './retry-queue.js';
