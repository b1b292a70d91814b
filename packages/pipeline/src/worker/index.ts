/**
 * The worker of `espectro worker` / `espectro serve`: a typed job registry, the pg-boss queue over
 * the store's database (PostgreSQL or embedded PGlite) and the cycle loop on an injectable clock.
 */
export {
  JOB_NAME,
  createJobRegistry,
  defineJob,
  type AnyJobDefinition,
  type JobContext,
  type JobDefinition,
  type JobOutcome,
  type JobRegistry,
  type PlannedJob,
} from './registry.js';
export {
  DEFAULT_QUEUE_SCHEMA,
  openJobQueue,
  readQueueDepths,
  readQueueFailures,
  type ClaimedJob,
  type FailedJob,
  type JobQueue,
  type OpenJobQueueOptions,
  type QueueDepths,
} from './queue.js';
export {
  createWorker,
  type CycleSummary,
  type JobAttempt,
  type Worker,
  type WorkerEvent,
  type WorkerOptions,
} from './worker.js';
export {
  WORKER_DEAD_AFTER_HEARTBEATS,
  WORKER_HEARTBEAT_INTERVAL_MS,
  workerIsDead,
  type BeatObserver,
  type WorkerBeat,
} from './heartbeats.js';
export { newsroomJobs, outcomeOf, ratingLifecycleJobs, type NewsroomServices } from './newsroom-jobs.js';
export { readServiceStatus, type FeedStatus, type ServiceStatus } from './status.js';
export {
  DEFAULT_CYCLE_INTERVAL_MS,
  HEALTH_STALE_AFTER_INTERVALS,
  judgeCycleFreshness,
  readServiceHealth,
  recordedIntervalMs,
  type CycleForHealth,
  type CycleFreshness,
  type ServiceHealth,
} from './health.js';
