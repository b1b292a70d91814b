/**
 * The jobs a newsroom needs every cycle, in the order a cycle runs them: fetch the due feeds (and
 * ingest what is new), cluster the new articles into the archive, retry the SYN-5 syntheses that
 * are due, synthesise what changed, classify topics and retry unclassified ones, build the stories
 * and re-decide the 24-h country cap. Each is a thin job over a `@espectro/pipeline` stage — the
 * stages select their own work from the store and commit it unit by unit, so a job killed half-way
 * and run again loses and repeats nothing. Nothing here decides a rule: the stages call the
 * methodology.
 */
import { fetchDueFeeds, type FeedFetcher, type FeedPurpose, type IngestBody } from '@espectro/ingest';
import { listOutlets } from '@espectro/store';
import { z } from 'zod';
import type { PipelineBackends } from '../backends.js';
import type { PipelineContext, PipelineProgress, UnitHooks } from '../context.js';
import { buildStories } from '../stages/build.js';
import { clusterNewArticles } from '../stages/cluster.js';
import { ingestSource } from '../stages/ingest.js';
import { publishStories } from '../stages/publish.js';
import { drainReratingQueue } from '../stages/rerate.js';
import { enqueueDueReratings, recordContentSeries, type ContentWindowAnalyzer } from '../stages/lifecycle.js';
import { drainRetryQueue } from '../stages/retry.js';
import { synthesiseClusters } from '../stages/synthesise.js';
import { classifyTopics, retryUnclassifiedTopics } from '../stages/topics.js';
import { defineJob, type AnyJobDefinition, type JobContext, type JobOutcome, type PlannedJob } from './registry.js';

/** What the newsroom jobs need besides the store and the clock. */
export interface NewsroomServices {
  /** Embedder, grey-zone judge, synthesiser and topic classifier (`resolveBackends`). */
  backends: PipelineBackends;
  /** The HTTP fetcher (`createFeedFetcher`), on the worker's clock. */
  fetcher: FeedFetcher;
  /** Identifies this worker in feed leases, fetch outcomes and retry leases. */
  workerId: string;
  /** Fetches running at once (default 16; per-host limits apply within it). */
  fetchConcurrency?: number;
  /**
   * Reads the bodies of feeds registered with purpose `chile-headlines` (seed 004) — e.g.
   * `ingestFeedDocument` of `@espectro/headline-classifier` into `store.chileHeadlines`. Without it
   * those feeds are not fetched.
   */
  chileHeadlines?: IngestBody;
  /**
   * The content analysis over stored articles (`createContentWindowAnalyzer`): the daily rolling
   * content series (REV-1 drift) and the content re-analysis of content-driven re-ratings. Without
   * it the series is not computed and re-ratings re-derive from the stored evidence.
   */
  contentWindows?: ContentWindowAnalyzer;
  /**
   * The model the content analysis uses now (`modelOfBackend` of the configured analyser's
   * backend). Given, `lifecycle-due` makes every outlet whose stored content evidence was produced
   * by another model due (`new_model` → CON-4 `new_prompt_or_model_version`). Without it (no model
   * configured: the lexicon baseline) no rating is due for its model.
   */
  currentModel?: string;
  /** Progress of the stages (the terminal of `espectro worker`). */
  onProgress?: (event: PipelineProgress) => void;
  /** Hooks around every unit of work the stages commit (the crash tests kill the worker in them). */
  hooks?: UnitHooks;
}

/** Every newsroom job carries the instant of the cycle that planned it. */
const CyclePayloadSchema = z.object({ cycleTime: z.iso.datetime({ offset: true }) });
type CyclePayload = z.infer<typeof CyclePayloadSchema>;

/**
 * The pipeline context of a job: its clock answers the cycle's instant, so a job re-run after a
 * crash (or run by another worker later) decides which retries are due exactly as planned. A stage
 * job is `stoppable`: it stops before its next unit of work once the worker is stopping (SIGTERM).
 * The fetch job's ingests are not — a stored body is recorded with its feed's outcome.
 */
function pipelineContextOf(
  payload: CyclePayload,
  context: JobContext<NewsroomServices>,
  stoppable = false,
): PipelineContext {
  const cycleTime = new Date(payload.cycleTime);
  return {
    ...(stoppable ? { signal: context.signal } : {}),
    store: context.store,
    backends: context.services.backends,
    clock: { now: () => new Date(cycleTime), sleep: (ms, signal) => context.clock.sleep(ms, signal) },
    runId: null,
    ...(context.services.hooks ? { hooks: context.services.hooks } : {}),
    ...(context.services.onProgress ? { onProgress: context.services.onProgress } : {}),
  };
}

/** The numbers (and backend names) of a stage report, for the cycle summary; lists count as their length. */
export function outcomeOf(report: object): JobOutcome {
  const outcome: JobOutcome = {};
  for (const [key, value] of Object.entries(report)) {
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') outcome[key] = value;
    else if (Array.isArray(value)) outcome[key] = value.length;
  }
  return outcome;
}

/** One job of this kind per cycle; the key keeps a second one from being queued while one waits. */
function oncePerCycle(key: string) {
  return async (context: JobContext<NewsroomServices>): Promise<PlannedJob<CyclePayload>[]> => [
    { payload: { cycleTime: context.cycleTime.toISOString() }, singletonKey: key },
  ];
}

/** A job running one pipeline stage once per cycle. */
function stageJob(
  name: string,
  summary: string,
  stage: (pipeline: PipelineContext, context: JobContext<NewsroomServices>) => Promise<object>,
): AnyJobDefinition<NewsroomServices> {
  return defineJob<CyclePayload, NewsroomServices>({
    name,
    summary,
    payload: CyclePayloadSchema,
    plan: oncePerCycle(name),
    // A stage commits unit by unit: an attempt that failed is retried from where it stopped.
    retryLimit: 2,
    expireInSeconds: 3_600,
    run: async (payload, context) => outcomeOf(await stage(pipelineContextOf(payload, context, true), context)),
  });
}

/** Fetches the due feeds of one purpose through `fetchDueFeeds` (leases: several workers share them). */
function fetchJob(
  name: string,
  purpose: FeedPurpose,
  summary: string,
  ingestFor: (payload: CyclePayload, context: JobContext<NewsroomServices>) => Promise<IngestBody | undefined>,
): AnyJobDefinition<NewsroomServices> {
  return defineJob<CyclePayload, NewsroomServices>({
    name,
    summary,
    payload: CyclePayloadSchema,
    async plan(context) {
      if ((await ingestFor({ cycleTime: context.cycleTime.toISOString() }, context)) === undefined) return [];
      // Keyed by worker: each worker fetches what it leases, so feeds are shared, never fetched twice at once.
      return oncePerCycle(`${purpose}:${context.services.workerId}`)(context);
    },
    // A failing feed is an outcome, recorded per feed (`store.feeds`), not a failed job.
    retryLimit: 2,
    expireInSeconds: 1_800,
    async run(payload, context): Promise<JobOutcome> {
      const ingest = await ingestFor(payload, context);
      if (ingest === undefined) return { feeds: 0 };
      const { services } = context;
      const result = await fetchDueFeeds({
        registry: context.store.feeds,
        fetcher: services.fetcher,
        workerId: services.workerId,
        purpose,
        ingest,
        ...(services.fetchConcurrency !== undefined ? { concurrency: services.fetchConcurrency } : {}),
      });
      const { outcomes } = result;
      const counted = (kind: string) => outcomes.filter((outcome) => outcome.result === kind).length;
      return {
        feeds: outcomes.length,
        fetched: counted('fetched'),
        notModified: counted('not_modified'),
        failed: counted('failed'),
        items: outcomes.reduce((sum, outcome) => sum + (outcome.items ?? 0), 0),
        itemsNew: outcomes.reduce((sum, outcome) => sum + (outcome.itemsNew ?? 0), 0),
        unrecorded: result.unrecorded.length,
      };
    },
  });
}

/** Article feeds: each new body goes through the pipeline's ingest stage (one unit of work per body). */
async function articleIngest(payload: CyclePayload, context: JobContext<NewsroomServices>): Promise<IngestBody> {
  const pipeline = pipelineContextOf(payload, context);
  const roster = (await listOutlets(context.store.database.db)).map((outlet) => ({
    domain: outlet.domain,
    name: outlet.name,
    aliases: outlet.aliases,
  }));
  return async (source) => {
    const outcome = await ingestSource(pipeline, source, roster);
    return {
      items: outcome.items,
      itemsNew: outcome.inserted,
      itemsSeen: outcome.duplicates,
      error: outcome.error,
    };
  };
}

/**
 * The newsroom's jobs in cycle order. Add other areas' jobs (rating lifecycle, debate review) after
 * them: `createJobRegistry([...newsroomJobs(), ...ratingJobs])`.
 *
 * @example
 * const registry = createJobRegistry(newsroomJobs());
 * const worker = await createWorker({ store, registry, clock, services: { backends, fetcher, workerId } });
 */
export function newsroomJobs(): AnyJobDefinition<NewsroomServices>[] {
  return [
    fetchJob('fetch-feeds', 'articles', 'fetch the due article feeds and ingest what is new', articleIngest),
    fetchJob(
      'fetch-chile-headlines',
      'chile-headlines',
      'fetch the due Chilean headline feeds and classify what is new (seed 004)',
      async (_payload, context) => context.services.chileHeadlines,
    ),
    stageJob('cluster', 'cluster the new articles into the archive (CLU-1..3)', (pipeline) =>
      clusterNewArticles(pipeline),
    ),
    stageJob(
      'synthesis-retry',
      'retry the syntheses due now; discard after the last attempt (SYN-5)',
      (pipeline, job) => drainRetryQueue(pipeline, { workerId: job.services.workerId }),
    ),
    stageJob('synthesise', 'synthesise the clusters that are new or gained outlets', (pipeline) =>
      synthesiseClusters(pipeline),
    ),
    stageJob('topics', 'classify the synthesised stories into topics (TOP-1)', (pipeline) => classifyTopics(pipeline)),
    stageJob('topics-retry', 'retry the stories left unclassified (TOP-1)', (pipeline) =>
      retryUnclassifiedTopics(pipeline),
    ),
    stageJob(
      'rerate',
      're-rate the outlets in the re-rating queue with their CON-4 cause (CON-4, REV-1)',
      (pipeline, job) =>
        drainReratingQueue(
          pipeline,
          job.services.contentWindows === undefined ? {} : { content: job.services.contentWindows },
        ),
    ),
    stageJob('build', 'tier, coverage, publish guard and blindspots of the changed stories', (pipeline) =>
      buildStories(pipeline),
    ),
    stageJob('publish', 're-decide the 24-h country cap where stories changed (PG country_cap)', (pipeline) =>
      publishStories(pipeline),
    ),
  ];
}

/**
 * The outlet lifecycle's daily jobs (issue 16 §3), run after the newsroom's: store each rated
 * outlet's rolling 30-day content bucket of the day (with `services.contentWindows`; without it the
 * job says so and does nothing), then decide from stored data who is due (REV-1 cadence, ownership,
 * drift; versions) and enqueue them — the next cycle's `rerate` drains the queue.
 *
 * @example
 * const registry = createJobRegistry([...newsroomJobs(), ...ratingLifecycleJobs()]);
 */
export function ratingLifecycleJobs(): AnyJobDefinition<NewsroomServices>[] {
  return [
    stageJob(
      'content-series',
      "store each rated outlet's rolling 30-day content bucket of the day (REV-1 drift series)",
      async (pipeline, job) =>
        job.services.contentWindows === undefined
          ? { analysed: 0, skipped: 'no content analyzer' }
          : recordContentSeries(pipeline, job.services.contentWindows),
    ),
    stageJob(
      'lifecycle-due',
      'enqueue the outlets due for re-rating from stored data (REV-1, versions)',
      (pipeline, job) =>
        enqueueDueReratings(
          pipeline,
          job.services.currentModel === undefined ? {} : { currentModel: job.services.currentModel },
        ),
    ),
  ];
}
