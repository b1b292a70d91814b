/**
 * @espectro/factcheck — the live-debate fact-checking pipeline ("Placar", seed 001): audio in
 * 10-second chunks → transcription → speaker → tone (DEB-1) → claims (DEB-2) → evidence (DEB-3,
 * DEB-4) → judge (DEB-5, JR-*) → audio re-verification (AUD-1) → repeated claims (REP-1) →
 * post-debate review (REV-D) → mentirômetro (MEN-1/2), time by tone, official-source share, cost
 * (COST), open data and ClaimReview JSON-LD. Every stage is an interface with real adapters
 * (`@espectro/llm`, `@espectro/speaker-id`, Perplexity Sonar, Google Fact Check Tools) and a replay
 * adapter; every deterministic decision is made by `@espectro/methodology`.
 *
 * @packageDocumentation
 */
export { FactcheckError, isFactcheckError, type FactcheckErrorCode, type PipelineStage } from './errors.js';
export * from './schemas.js';
export {
  chunkAudio,
  chunkAudioFile,
  encodeChunkWav,
  samplesToFloat,
  CHUNK_SAMPLE_RATE,
  type AudioChunk,
  type AudioSource,
  type ChunkAudioOptions,
} from './audio/chunker.js';
export { mapOrdered, type MapOrderedOptions } from './ordered.js';
export { withCallTag, currentCallTag, type CallTag } from './call-tag.js';
export * from './prompts.js';
export type {
  StageContext,
  ChunkTranscriber,
  SpeakerIdentifier,
  ToneClassifier,
  ClaimExtractor,
  SearchQuery,
  WebSearch,
  JudgeInput,
  Judge,
  ArbiterInput,
  AudioArbiter,
  ReviewerInput,
  Reviewer,
  AudioCheckStages,
  LiveStages,
  ReviewStages,
} from './stages/types.js';
export {
  createModelTranscriber,
  createDefaultTranscriber,
  debateNames,
  type ModelTranscriberSettings,
  type DefaultTranscriberSettings,
} from './stages/transcriber.js';
export {
  createSpeakerIdIdentifier,
  createRecordedSpeakerIdentifier,
  type SpeakerIdIdentifierSettings,
} from './stages/speaker.js';
export {
  createLlmToneClassifier,
  createLlmClaimExtractor,
  createLlmJudge,
  createLlmArbiter,
  createLlmReviewer,
  type LlmStageSettings,
} from './stages/llm-stages.js';
export {
  createSonarSearch,
  createGoogleFactCheckSearch,
  combineSearches,
  cachedSearch,
  gatherEvidence,
  type SonarSearchSettings,
  type GoogleFactCheckSettings,
  type CachedSearchSettings,
  type GatheredEvidence,
} from './stages/search.js';
export {
  decideVerdict,
  judgeWithReask,
  judgeClaim,
  reverifyClaimAudio,
  type VerdictDecision,
  type JudgedClaim,
} from './decide.js';
export {
  createMemoryCheckRepository,
  isDebateRepository,
  debateDocumentParsers,
  type DebateRepository,
  type DebatePhase,
  type StoredDebateRecord,
  type DebateChangeEvent,
  type CheckRepository,
  type MemoryCheckRepository,
  type StoredScoreboards,
} from './repository.js';
export {
  streamLiveDebate,
  runLiveDebate,
  offsetTime,
  storedLiveResult,
  type ClaimEmbedder,
  type LiveDebateOptions,
  type LiveChunkEvent,
} from './pipeline.js';
export {
  reviewDebate,
  reviewStoredDebate,
  type ReviewDebateOptions,
  type ReviewStoredDebateOptions,
} from './review.js';
export {
  checkHistories,
  speakingTimeByTone,
  debateScoreboards,
  compareAllCandidates,
  debateOfficialSourceShare,
  debateCost,
  stageOfEntry,
  summarizeDebate,
  UNKNOWN_SPEAKER,
  type ToneSeconds,
  type CandidatePairComparison,
  type StageCost,
  type DebateCost,
  type DebateSummary,
} from './outputs/scoreboard.js';
export { openDataRows, openDataCsv, type OpenDataRow } from './outputs/exports.js';
export { VERDICT_LABELS_PT, STATUS_LABELS_PT } from './outputs/labels.js';
export {
  claimReview,
  claimReviewSubjectOf,
  checkSlug,
  checkPosition,
  type CheckPosition,
  checkPagePath,
  debatePagePath,
  absoluteSiteUrl,
  CLAIM_REVIEW_RATINGS,
  CLAIM_REVIEW_SCALE,
  type ClaimReview,
  type ClaimReviewSite,
  type ClaimReviewSubject,
} from './outputs/claimreview.js';
export {
  DebateReplaySchema,
  ReplayChunkSchema,
  EarlierCheckRecordSchema,
  ReplaySearchSchema,
  ReplayAudioCheckSchema,
  ModelRefSchema,
  DEFAULT_STAGE_MODELS,
  type DebateReplay,
  type DebateReplayInput,
  type ReplayChunk,
  type EarlierCheckRecord,
  type ModelRef,
} from './replay/format.js';
export {
  createReplayStages,
  createReplayLanguageModel,
  runReplay,
  repeatReplay,
  estimateTokens,
  type ReplayStages,
  type ReplayStagesSettings,
  type ReplayModelSettings,
  type RunReplaySettings,
  type RepeatReplayOptions,
  type ReplayRun,
} from './replay/stages.js';
export { createDefaultStages, type DefaultStagesSettings } from './defaults.js';
export { systemClock, createManualClock, type LiveClock } from './live/clock.js';
export { paceChunks, parsePace, type PaceOptions } from './live/pace.js';
export { planLiveResume, type LiveResumeInput, type LiveResumePlan, type StoredChunkMark } from './live/resume.js';
export { replayIntoStore, type ReplayIntoStoreOptions, type ReplayIntoStoreResult } from './live/replay-into-store.js';
export { decodeWithFfmpeg, ffmpegArguments, type FfmpegDecodeOptions } from './audio/ffmpeg.js';
