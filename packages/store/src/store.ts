/**
 * `openStore`: the repository API used by the CLI and the site — typed, zod-validated functions
 * grouped by subject, each running in its own transaction where it needs one.
 */
import type { ContestationRateLimits, ContestationTransitionRequest, RateOutletResult } from '@espectro/methodology';
import { countArticles, insertArticles, listArticles, type ArticleInput, type ListArticlesFilter } from './articles.js';
import {
  countClassifiedHeadlines,
  knownClassifiedHeadlineIds,
  listClassifiedHeadlines,
  saveClassifiedHeadlines,
  type ClassifiedHeadlineInput,
  type ListClassifiedHeadlinesFilter,
} from './chile-headlines.js';
import { costTotals, listAudits, recordAudit, recordCosts, type LedgerEntryInput } from './audit.js';
import {
  createStoreCheckRepository,
  listAllChecks,
  type StoreCheckRepository,
  type StoredCheckShape,
} from './checks.js';
import {
  createContestation,
  getContestation,
  listContestations,
  transitionContestationRecord,
  type CreateContestationInput,
  type ListContestationsFilter,
} from './contestations.js';
import { openDatabase, type Database, type OpenDatabaseOptions } from './database.js';
import { createEditorAccessStore, type EditorAccessStore } from './security.js';
import { listWorkerCycles, recordWorkerCycle, type WorkerCycle, type WorkerCycleInput } from './worker-cycles.js';
import {
  countOutletsByConfidence,
  ensurePreliminaryOutlets,
  getOutlet,
  listOutlets,
  setOutletProfiles,
  type ListOutletsFilter,
  type OutletProfileInput,
  type PreliminaryOutletInput,
} from './outlets.js';
import { createStoreRatingRecordStore } from './rating-records.js';
import { latestVerifications, recordVerifications } from './rating-verifications.js';
import type { OutletVerification, RatingRecordStore } from '@espectro/rating';
import {
  addFeed,
  claimDueFeeds,
  dueFeeds,
  feedFetchHistory,
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
import type { FeedFetchOutcome, FeedPurpose, FeedRegistry } from '@espectro/ingest';
import { createStoreDebateRepository, type StoreDebateRepository } from './debates.js';
import { createStoreRetryQueue, type StoreRetryQueue } from './retry-queue.js';
import { listRuns } from './runs.js';
import { listSplitOutlets, noteSplitOutlet, type SplitOutlet, type SplitOutletNote } from './split-outlets.js';
import {
  listOwnershipEvents,
  recordOwnershipEvent,
  retractOwnershipEvent,
  type ListOwnershipEventsFilter,
  type OwnershipEvent,
  type OwnershipEventInput,
  type OwnershipRetractionInput,
  type OwnershipRetractionResult,
} from './ownership-events.js';
import {
  enqueueReratings,
  listReratings,
  type ListReratingsFilter,
  type ReratingEntry,
  type ReratingRequest,
} from './rating-lifecycle.js';
import {
  countStoriesByStatus,
  getStory,
  listStories,
  saveStory,
  type ListStoriesFilter,
  type SaveStoryInput,
} from './stories.js';

/** The repository over one open database. */
export interface Store {
  readonly database: Database;
  readonly outlets: {
    list(filter?: ListOutletsFilter): ReturnType<typeof listOutlets>;
    /** One outlet with its rating history (CON-4 causes included). */
    get(domain: string): ReturnType<typeof getOutlet>;
    /** Sets the roster profile of outlets (language, Fuja da Bolha score, body licence, aliases). */
    setProfiles(profiles: readonly OutletProfileInput[]): Promise<void>;
    ensurePreliminary(entries: readonly PreliminaryOutletInput[]): Promise<string[]>;
    countByConfidence(): Promise<Record<string, number>>;
  };
  /** Ratings, their history and CON-4 changes: the `RatingRecordStore` of `@espectro/rating` on this database. */
  readonly ratings: RatingRecordStore;
  /** The latest `espectro outlets verify` verdict of each outlet. */
  readonly ratingVerifications: {
    record(outlets: readonly OutletVerification[], verifiedAt: string): Promise<void>;
    latest(domains?: readonly string[]): ReturnType<typeof latestVerifications>;
  };
  /** The re-rating queue (CON-4, REV-1/2): what is due and why; drained by the worker's `rerate` job. */
  readonly reratings: {
    /** Idempotent: a pending duplicate (same outlet and reason, or same contestation) adds nothing. */
    enqueue(requests: readonly ReratingRequest[]): Promise<ReratingEntry[]>;
    /** Oldest first. */
    list(filter?: ListReratingsFilter): Promise<ReratingEntry[]>;
  };
  /** The `split_outlets` follow-up list (seed 002 §6): kept in step with the ratings (CONF-SPLIT), with editors' notes. */
  readonly splitOutlets: {
    /** By domain. */
    list(): Promise<SplitOutlet[]>;
    get(domain: string): Promise<SplitOutlet | undefined>;
    /** Appends a follow-up note; `not_found` for an outlet not on the list. */
    note(input: SplitOutletNote): Promise<SplitOutlet>;
  };
  /**
   * Reported ownership and control changes (seed 002 §2, §9; `0010_ownership_events`): the
   * lifecycle's `ownership_changed_at` (REV-1) and, on a re-rating, the evidence's `ownership_history`.
   */
  readonly ownershipEvents: {
    /** `not_found` for an outlet not in the roster, `conflict` for the same event twice. */
    record(input: OwnershipEventInput): Promise<OwnershipEvent>;
    /** By outlet, then date; retracted events only with `includeRetracted`. */
    list(filter?: ListOwnershipEventsFilter): Promise<OwnershipEvent[]>;
    /**
     * Retracts an event (`0012_ownership_retractions`: who, when, why; the event is kept) and, when
     * it was the latest change of control in effect, enqueues the outlet's re-rating.
     */
    retract(input: OwnershipRetractionInput): Promise<OwnershipRetractionResult>;
  };
  /** Editors' server-side sessions and the sign-in throttle's state (issue 21 §3, `0008_security`). */
  readonly editorAccess: EditorAccessStore;
  readonly articles: {
    insert(articles: readonly ArticleInput[]): ReturnType<typeof insertArticles>;
    list(filter?: ListArticlesFilter): ReturnType<typeof listArticles>;
    count(): Promise<number>;
  };
  readonly stories: {
    /** Stories with coverage (default: all but superseded), newest first. */
    list(filter?: ListStoriesFilter): ReturnType<typeof listStories>;
    /** One story with sentences, sources and its latest guard decision. */
    get(id: string): ReturnType<typeof getStory>;
    save(story: SaveStoryInput): Promise<void>;
    countByStatus(): Promise<Record<string, number>>;
  };
  readonly contestations: {
    /** CON-1 + CON-3 (limits counted from stored history); throws `rate_limited` when refused. */
    create(input: CreateContestationInput, limits?: ContestationRateLimits): ReturnType<typeof createContestation>;
    /** CON-2; throws `invalid_transition` when refused. */
    transition(id: string, request: ContestationTransitionRequest): ReturnType<typeof transitionContestationRecord>;
    list(filter?: ListContestationsFilter): ReturnType<typeof listContestations>;
    get(id: string): ReturnType<typeof getContestation>;
  };
  /** The `CheckRepository` of `@espectro/factcheck`. */
  readonly checks: StoreCheckRepository<StoredCheckShape> & { all(): Promise<Record<string, unknown>[]> };
  /** Stored debates: chunks, checks, reader reports, reviews and the live change feed (`DebateRepository` of `@espectro/factcheck`). */
  readonly debates: StoreDebateRepository;
  /** The SYN-5 retry queue (`RetryQueue` of `@espectro/synthesis` plus `claimDue`). */
  readonly retryQueue: StoreRetryQueue;
  readonly audit: {
    record(subjectType: string, subjectId: string, audit: unknown): Promise<number>;
    list(subjectType: string, subjectId: string): ReturnType<typeof listAudits>;
    recordCosts(entries: readonly LedgerEntryInput[], runId?: string | null): Promise<number>;
    costTotals(jobId?: string): ReturnType<typeof costTotals>;
  };
  readonly runs: { list(limit?: number): ReturnType<typeof listRuns> };
  /** Classified Chilean headlines (seed 004; title and bajada only, HC-2). */
  readonly chileHeadlines: {
    /** Stores new headlines; an id already stored keeps its first classification. */
    save(headlines: readonly ClassifiedHeadlineInput[]): ReturnType<typeof saveClassifiedHeadlines>;
    /** Which of these ids are stored already. */
    known(ids: readonly string[]): Promise<Set<string>>;
    /** Newest first, optionally one class or outlet (keyset paging with `before`). */
    list(filter?: ListClassifiedHeadlinesFilter): ReturnType<typeof listClassifiedHeadlines>;
    counts(): ReturnType<typeof countClassifiedHeadlines>;
  };
  /** The feed registry; also the `FeedRegistry` that `fetchDueFeeds` of `@espectro/ingest` claims from and records to. */
  readonly feeds: FeedRegistry & {
    /** Registers an address (idempotent); an unknown outlet enters the roster as preliminary. */
    add(input: FeedInput, now?: Date): Promise<AddFeedResult>;
    list(filter?: ListFeedsFilter): Promise<Feed[]>;
    /** By id (`f_…`) or address. */
    get(idOrUrl: string): Promise<Feed | undefined>;
    remove(idOrUrl: string): Promise<boolean>;
    setEnabled(idOrUrl: string, enabled: boolean, reason?: string | null, now?: Date): Promise<Feed | undefined>;
    /** Due feeds without leasing them. */
    due(now: Date, limit: number): Promise<Feed[]>;
    claimDue(
      now: Date,
      limit: number,
      claim: { workerId: string; leaseSeconds?: number; purpose?: FeedPurpose },
    ): Promise<Feed[]>;
    /** Resolves to the fetch id, or `null` when the feed was removed meanwhile. */
    recordFetch(outcome: FeedFetchOutcome): Promise<number | null>;
    /** Ends the leases held by dead workers (`releaseFeedLeases`); resolves to how many ended. */
    releaseLeases(holders: readonly string[]): Promise<number>;
    history(idOrUrl: string, limit?: number): Promise<FeedFetchRecord[]>;
  };
  /** The worker's cycle log (what `espectro status` and `/healthz` show). */
  readonly workerCycles: {
    record(cycle: WorkerCycleInput): Promise<number>;
    /** Newest first. */
    list(limit?: number): Promise<WorkerCycle[]>;
  };
  close(): Promise<void>;
}

/**
 * Wraps an open database in the repository API.
 *
 * @example
 * const store = createStore(await openDatabase());
 * const outlet = await store.outlets.get('elpais.com');
 */
export function createStore(database: Database): Store {
  const { db } = database;
  const checkRepository = createStoreCheckRepository(database);
  return {
    database,
    outlets: {
      list: (filter) => listOutlets(db, filter),
      get: (domain) => getOutlet(db, domain),
      setProfiles: (profiles) => db.transaction((tx) => setOutletProfiles(tx, profiles)),
      ensurePreliminary: (entries) => db.transaction((tx) => ensurePreliminaryOutlets(tx, entries)),
      countByConfidence: () => countOutletsByConfidence(db),
    },
    ratings: createStoreRatingRecordStore(db),
    ratingVerifications: {
      record: (outlets, verifiedAt) => db.transaction((tx) => recordVerifications(tx, outlets, verifiedAt)),
      latest: (domains) => latestVerifications(db, domains),
    },
    reratings: {
      enqueue: (requests) => db.transaction((tx) => enqueueReratings(tx, requests)),
      list: (filter) => listReratings(db, filter),
    },
    splitOutlets: {
      list: () => listSplitOutlets(db),
      get: async (domain) => (await listSplitOutlets(db, domain))[0],
      note: (input) => db.transaction((tx) => noteSplitOutlet(tx, input)),
    },
    ownershipEvents: {
      record: (input) => db.transaction((tx) => recordOwnershipEvent(tx, input)),
      list: (filter) => listOwnershipEvents(db, filter),
      retract: (input) => db.transaction((tx) => retractOwnershipEvent(tx, input)),
    },
    editorAccess: createEditorAccessStore(db, (work) => db.transaction((tx) => work(tx))),
    articles: {
      insert: (articles) => db.transaction((tx) => insertArticles(tx, articles)),
      list: (filter) => listArticles(db, filter),
      count: () => countArticles(db),
    },
    stories: {
      list: (filter) => listStories(db, filter),
      get: (id) => getStory(db, id),
      save: (story) => db.transaction((tx) => saveStory(tx, story)),
      countByStatus: () => countStoriesByStatus(db),
    },
    contestations: {
      create: (input, limits) => db.transaction((tx) => createContestation(tx, input, limits)),
      transition: (id, request) => db.transaction((tx) => transitionContestationRecord(tx, id, request)),
      list: (filter) => listContestations(db, filter),
      get: (id) => getContestation(db, id),
    },
    checks: { ...checkRepository, all: () => listAllChecks(db) },
    debates: createStoreDebateRepository(database),
    retryQueue: createStoreRetryQueue(database),
    audit: {
      record: (subjectType, subjectId, audit) => recordAudit(db, subjectType, subjectId, audit),
      list: (subjectType, subjectId) => listAudits(db, subjectType, subjectId),
      recordCosts: (entries, runId) => recordCosts(db, entries, runId ?? null),
      costTotals: (jobId) => costTotals(db, jobId),
    },
    runs: { list: (limit) => listRuns(db, limit) },
    chileHeadlines: {
      save: (headlines) => db.transaction((tx) => saveClassifiedHeadlines(tx, headlines)),
      known: (ids) => knownClassifiedHeadlineIds(db, ids),
      list: (filter) => listClassifiedHeadlines(db, filter),
      counts: () => countClassifiedHeadlines(db),
    },
    feeds: {
      add: (input, now) => db.transaction((tx) => addFeed(tx, input, now ?? new Date())),
      list: (filter) => listFeeds(db, filter),
      get: (idOrUrl) => getFeed(db, idOrUrl),
      remove: (idOrUrl) => removeFeed(db, idOrUrl),
      setEnabled: (idOrUrl, enabled, reason, now) =>
        setFeedEnabled(db, idOrUrl, enabled, reason ?? null, now ?? new Date()),
      due: (now, limit) => dueFeeds(db, now, limit),
      claimDue: (now, limit, claim) => db.transaction((tx) => claimDueFeeds(tx, now, limit, claim)),
      recordFetch: (outcome) => db.transaction((tx) => recordFeedFetch(tx, outcome)),
      releaseLeases: (holders) => releaseFeedLeases(db, holders),
      history: (idOrUrl, limit) => feedFetchHistory(db, idOrUrl, limit),
    },
    workerCycles: {
      record: (cycle) => recordWorkerCycle(db, cycle),
      list: (limit) => listWorkerCycles(db, limit),
    },
    close: () => database.close(),
  };
}

/**
 * Opens the database (PGlite in `.espectro/db`, or `DATABASE_URL`), applies migrations and
 * returns the repository.
 *
 * @example
 * const store = await openStore({ dataDir: '.espectro/db' });
 * const stories = await store.stories.list({ status: 'published' });
 * await store.close();
 */
export async function openStore(options: OpenDatabaseOptions = {}): Promise<Store> {
  return createStore(await openDatabase(options));
}

/** Re-exported so callers can type ratings they pass to {@link Store.outlets}. */
export type { RateOutletResult };
