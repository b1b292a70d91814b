/**
 * @espectro/store — Espectro's database: a Drizzle schema with committed SQL migrations, embedded
 * PGlite by default (`.espectro/db`) or PostgreSQL with `DATABASE_URL`, and a typed repository for
 * outlets and their rating history (CON-4), articles, stories (sentences, guard decisions,
 * blindspot flags), contestations (CON-1..3), debate checks (REV-D), audit and cost records, the
 * SYN-5 retry queue (`FOR UPDATE SKIP LOCKED`), resumable pipeline runs and the classified Chilean
 * headlines of seed 004 (title and bajada only, HC-2).
 *
 * @packageDocumentation
 */
export { describeStoreFailure, StoreError, type StoreErrorCode, type StoreErrorDetails } from './errors.js';
export {
  DEFAULT_DATA_DIR,
  migratedDatabaseTemplate,
  openDatabase,
  redactDatabaseUrl,
  type Database,
  type OpenDatabaseOptions,
  type RawConnection,
  type StoreBackend,
  type StoreDatabase,
  type StoreExecutor,
  type StoreTransaction,
} from './database.js';
export {
  FolderLockOwnerSchema,
  LOCK_FILE_NAME,
  acquireFolderLock,
  inspectFolderLock,
  lockFilePath,
  lockedError,
  processStartTime,
  removeFolderLock,
  type AcquireFolderLockOptions,
  type FolderLock,
  type FolderLockOwner,
  type FolderLockState,
} from './lock.js';
export {
  checkDatabaseFolder,
  duplicatePrimaryKeys,
  moveFolderAside,
  type DuplicateKeys,
  type FolderCheck,
} from './health.js';
export {
  loadMigrations,
  migrate,
  migrationsFolder,
  migrationStatus,
  type Migration,
  type MigrationReport,
} from './migrate.js';
export {
  OutletProfileInputSchema,
  PreliminaryOutletInputSchema,
  countOutletsByConfidence,
  ensurePreliminaryOutlets,
  getOutlet,
  listOutlets,
  outletFromRow,
  setOutletProfiles,
  type ListOutletsFilter,
  type Outlet,
  type OutletRatingHistoryEntry,
  type OutletWithHistory,
  type OutletProfileInput,
  type PreliminaryOutletInput,
} from './outlets.js';
export { createStoreRatingRecordStore, listSourceRows, storedRatingOfRow } from './rating-records.js';
export { latestVerifications, recordVerifications, type StoredVerification } from './rating-verifications.js';
export { createEditorAccessStore, type EditorAccessStore, type SignInFailureState } from './security.js';
export {
  claimNextRerating,
  completeReratings,
  enqueueReratings,
  listReratings,
  ReratingRequestSchema,
  type ListReratingsFilter,
  type ReratingCompletion,
  type ReratingEntry,
  type ReratingRequest,
} from './rating-lifecycle.js';
export {
  listSplitOutlets,
  noteSplitOutlet,
  SplitOutletNoteSchema,
  syncSplitOutlet,
  type SplitOutlet,
  type SplitOutletNote,
} from './split-outlets.js';
export {
  listOwnershipEvents,
  OwnershipEventInputSchema,
  OwnershipRetractionInputSchema,
  recordOwnershipEvent,
  retractOwnershipEvent,
  type ListOwnershipEventsFilter,
  type OwnershipEvent,
  type OwnershipEventInput,
  type OwnershipRetraction,
  type OwnershipRetractionInput,
  type OwnershipRetractionResult,
} from './ownership-events.js';
export {
  ContentWindowSchema,
  countArticlesInWindow,
  createStoreArticleSource,
  listContentSeries,
  recordContentWindow,
  type ContentWindow,
} from './content-series.js';
export {
  ArticleInputSchema,
  NEAR_DUPLICATE_TITLE_DAYS,
  articleIdFor,
  countArticles,
  insertArticles,
  listArticles,
  type ArticleInput,
  type DuplicateArticle,
  type InsertArticlesResult,
  type ListArticlesFilter,
  type StoredArticle,
} from './articles.js';
export {
  SaveStoryInputSchema,
  StoredCoverageSchema,
  StoryStatusSchema,
  countStoriesByStatus,
  getStory,
  listStories,
  retireStories,
  saveStories,
  storyStates,
  saveStory,
  supersedeOverlappingStories,
  type ListStoriesFilter,
  type SaveStoryInput,
  type StoredCoverage,
  type StoryDetail,
  type StorySource,
  type StoryStatus,
  type StorySummary,
} from './stories.js';
export {
  CreateContestationInputSchema,
  createContestation,
  getContestation,
  listContestations,
  transitionContestationRecord,
  type ContestationRecord,
  type ContestationTransitionResult,
  type CreateContestationInput,
  type ListContestationsFilter,
} from './contestations.js';
export {
  StoredCheckSchema,
  createStoreCheckRepository,
  listAllChecks,
  writeCheck,
  type StoreCheckRepository,
  type StoredCheckShape,
  type StoredScoreboards,
} from './checks.js';
export {
  StoredChunkSchema,
  StoredDebateInfoSchema,
  StoredReaderReportSchema,
  StoredReviewSchema,
  createStoreDebateRepository,
  type DebateEvent,
  type DebatePhase,
  type SaveChunkInput,
  type StoreDebateRepository,
  type StoredChunkMark,
  type StoredChunkShape,
  type StoredDebate,
  type StoredDebateInfoShape,
  type StoredReaderReport,
} from './debates.js';
export {
  completeRetry,
  createStoreRetryQueue,
  enqueueRetry,
  failRetry,
  retryEntriesOf,
  type Instant,
  type RetryEntry,
  type RetryFailure,
  type RetryStatus,
  type StoreRetryQueue,
} from './retry-queue.js';
export {
  checkpoint,
  failRun,
  finishRun,
  listRuns,
  runCheckpointData,
  startOrResumeRun,
  type RunRecord,
  type StartedRun,
} from './runs.js';
export {
  LedgerEntryInputSchema,
  costTotals,
  listAudits,
  recordAudit,
  recordCosts,
  type LedgerEntryInput,
} from './audit.js';
export {
  ClassifiedHeadlineInputSchema,
  ListClassifiedHeadlinesFilterSchema,
  countClassifiedHeadlines,
  knownClassifiedHeadlineIds,
  listClassifiedHeadlines,
  saveClassifiedHeadlines,
  type ClassifiedHeadlineCounts,
  type ClassifiedHeadlineInput,
  type ListClassifiedHeadlinesFilter,
  type SaveClassifiedHeadlinesResult,
  type StoredClassifiedHeadline,
} from './chile-headlines.js';
export {
  FEED_FETCH_HISTORY,
  FeedInputSchema,
  MIN_POLL_INTERVAL_SECONDS,
  addFeed,
  claimDueFeeds,
  dueFeeds,
  feedFetchHistory,
  feedIdFor,
  getFeed,
  listFeeds,
  recordFeedFetch,
  releaseFeedLeases,
  removeFeed,
  setFeedEnabled,
  type AddFeedResult,
  type Feed,
  type FeedFetchRecord,
  type FeedInput,
  type ListFeedsFilter,
} from './feeds.js';
export { DomainSchema } from './outlets.js';
export {
  SHARED_SERVICE_KEY,
  SHARED_STORE_KEY,
  shareServiceWithProcess,
  shareStoreWithProcess,
  sharedProcessService,
  sharedProcessStore,
  type ProcessService,
} from './process-store.js';
export {
  WorkerCycleInputSchema,
  listWorkerCycles,
  recordWorkerCycle,
  type WorkerCycle,
  type WorkerCycleInput,
} from './worker-cycles.js';
export {
  advanceArchiveRevision,
  archiveComponentContext,
  archiveWindowArticleIds,
  archiveRevision,
  assignArticlesToClusters,
  clusterIdsWithDomains,
  clusterMemberIds,
  clusterOfArticles,
  clustersByTopicStatus,
  clustersDueForSynthesis,
  countClusters,
  countJudgePendingPairs,
  deleteClusters,
  ingestedSourceReport,
  loadArticleVectors,
  loadClusters,
  loadJudgeVerdicts,
  recordIngestedSource,
  replaceJudgePendingPairs,
  storeArticleComponents,
  storeArticleVectors,
  storeJudgeVerdicts,
  unclusteredArticles,
  updateClusterState,
  upsertClusters,
  type ArchiveArticle,
  type ArticlePair,
  type ClusterMembership,
  type ClusterRecord,
  type ClusterState,
  type ComponentArchiveArticle,
} from './archive.js';
export {
  claimGuardQueue,
  claimQueuedStories,
  countGuardQueue,
  countQueuedStories,
  deleteStoryGuardInputs,
  dequeueGuard,
  dequeueStories,
  guardedStoriesOfCountry,
  queueGuard,
  queueStories,
  recordGuardDecision,
  saveStoryGuardInputs,
  type GuardedStory,
} from './story-queues.js';
export { isInitialisedDataDir, templateDirectory, templateKey, type DatabaseTemplate } from './template.js';
export { createStore, openStore, type Store } from './store.js';
export * as schema from './schema.js';
