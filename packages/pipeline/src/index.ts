/**
 * @espectro/pipeline — the story pipeline as typed stages over the store: read a data folder,
 * rate the roster, ingest feeds, cluster headlines, synthesise, classify topics, assemble, guard
 * and store stories. `espectro run` is one pass over these stages; the worker schedules the same
 * stages one unit of work at a time. Every rule, threshold and window comes from
 * `@espectro/methodology`.
 *
 * @packageDocumentation
 */
export { PipelineError, type PipelineErrorCode, type PipelineErrorDetails, type PipelineStage } from './errors.js';
export { createManualClock, systemClock, type Clock, type ManualClock } from './clock.js';
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
export { runPipeline, type RunPipelineOptions, type RunProgress, type RunSummary } from './pass.js';
export * from './worker/index.js';
