/**
 * @espectro/pipeline — the story pipeline as typed, idempotent stages over the store. Each stage is
 * `(context, selection?) → report`: it selects its own work from the store (articles not yet
 * clustered, clusters whose outlets changed, stories queued for building, countries whose guard
 * decisions must be re-decided, retries that are due) and commits each unit of work in its own
 * transaction, so a process killed at any point loses and repeats nothing. `espectro run` is one
 * pass over the stages ({@link runPipeline}); the worker schedules the same stage functions one
 * unit at a time. Every rule, threshold and window comes from `@espectro/methodology`.
 *
 * @packageDocumentation
 */
export { PipelineError, type PipelineErrorCode, type PipelineErrorDetails, type PipelineStage } from './errors.js';
export {
  commitUnit,
  turnOfEventLoop,
  WorkStopped,
  type PipelineContext,
  type PipelineProgress,
  type UnitHooks,
} from './context.js';
export {
  createBackends,
  embedderKey,
  fixedEmbedderBackend,
  offlineEmbedderBackend,
  resolveBackends,
  type BackendDescription,
  type EmbedderBackend,
  type EmbedderChoice,
  type JudgeChoice,
  type PipelineBackends,
  type ResolveBackendsOptions,
} from './backends.js';
export {
  FeedManifestSchema,
  RosterFileSchema,
  demoDataDirectory,
  readDataFolder,
  rosterReferences,
  type DataFolder,
  type DataFolderSource,
  type RosterFile,
} from './data-folder.js';
export { rateRoster, requeueStoriesOfOutlets, type RateStageReport } from './stages/rate.js';
export { drainReratingQueue, type RerateStageReport } from './stages/rerate.js';
export {
  contentBucketOf,
  contentWindowEvidence,
  createContentWindowAnalyzer,
  enqueueDueReratings,
  lifecycleFacts,
  recordContentSeries,
  type ContentSeriesReport,
  type ContentWindowAnalyzer,
  type ContentWindowRequest,
  type ContentWindowResult,
  type DueStageReport,
} from './stages/lifecycle.js';
export {
  ingestSource,
  ingestSources,
  type IngestStageReport,
  type PipelineSource,
  type SourceOutcome,
} from './stages/ingest.js';
export { CLUSTER_CHUNK_ARTICLES, clusterNewArticles, type ClusterStageReport } from './stages/cluster.js';
export {
  synthesiseCluster,
  synthesiseClusters,
  type SynthesisOutcome,
  type SynthesisStageReport,
} from './stages/synthesise.js';
export { classifyTopics, retryUnclassifiedTopics, type TopicStageReport } from './stages/topics.js';
export { drainRetryQueue, type RetryStageReport } from './stages/retry.js';
export { DEFAULT_STORY_BATCH, buildStories, type BuildStageReport } from './stages/build.js';
export { publishStories, type PublishStageReport } from './stages/publish.js';
export { runPipeline, type RunPipelineOptions, type RunSummary } from './pass.js';
export * from './worker/index.js';
