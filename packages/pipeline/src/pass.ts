/**
 * One pass of the pipeline over a data folder — what `espectro run` does: rate the roster, ingest
 * its feeds, cluster what is new into the archive, retry due syntheses (SYN-5), synthesise what
 * changed, classify topics (TOP-1), build the stories and re-decide the publish guard. Every stage
 * selects its own work from the store, so a pass that is killed resumes where it stopped whatever
 * options it is resumed with, and a pass over an unchanged folder does (almost) nothing.
 *
 * The pass is recorded as a run (`runs`): its fingerprint covers everything that changes what is
 * stored (the folder's bytes, the rating date, the backends); the batch size is not in it because
 * it only decides how many stories share a transaction.
 */
import { createHash } from 'node:crypto';
import {
  countClusters,
  countJudgePendingPairs,
  failRun,
  finishRun,
  startOrResumeRun,
  type Store,
} from '@espectro/store';
import {
  resolveBackends,
  type BackendDescription,
  type EmbedderChoice,
  type JudgeChoice,
  type PipelineBackends,
} from './backends.js';
import { systemClock, type Clock } from '@espectro/ingest';
import type { PipelineContext, PipelineProgress, UnitHooks } from './context.js';
import { readDataFolder, type DataFolder } from './data-folder.js';
import { buildStories } from './stages/build.js';
import { clusterNewArticles } from './stages/cluster.js';
import { ingestSources } from './stages/ingest.js';
import { publishStories } from './stages/publish.js';
import { rateRoster } from './stages/rate.js';
import { drainRetryQueue } from './stages/retry.js';
import { synthesiseClusters } from './stages/synthesise.js';
import { classifyTopics, retryUnclassifiedTopics } from './stages/topics.js';

/** Options of {@link runPipeline}. */
export interface RunPipelineOptions {
  /** The data folder (`outlets.json` + `feeds/`). */
  dataDirectory: string;
  /** The folder already read (skips reading it again). */
  dataFolder?: DataFolder;
  store: Store;
  /** Rating date (default: the roster's `asOf`). */
  asOf?: string;
  /** Environment for provider keys and `ESPECTRO_MODELS` (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Stories per committed unit of work (default 100). Changes nothing that is stored. */
  batchSize?: number;
  /** Backends to use; default {@link resolveBackends} with `embedder` / `judge`. */
  backends?: PipelineBackends;
  embedder?: EmbedderChoice;
  judge?: JudgeChoice;
  onProgress?: (event: PipelineProgress) => void;
  /** Called around every committed unit of work (the crash tests kill the process there). */
  hooks?: UnitHooks;
  /** Clock (default the wall clock). */
  clock?: Clock;
}

/** What a pass did, and the state of the store after it. */
export interface RunSummary {
  runId: string;
  /** True when an unfinished pass with the same fingerprint was picked up. */
  resumed: boolean;
  database: { backend: string; location: string };
  asOf: string;
  backends: BackendDescription;
  outlets: { roster: number; rated: number; unchanged: number; rerated: number; preliminaryAdded: number };
  ingest: {
    sources: number;
    /** Sources whose exact bytes had been ingested before (not parsed again). */
    unchanged: number;
    failed: { source: string; code: string; message: string }[];
    items: number;
    inserted: number;
    duplicates: number;
    undated: number;
    warnings: string[];
  };
  clustering: {
    /** Articles clustered by this pass. */
    articles: number;
    /** Archive articles loaded around them. */
    contextArticles: number;
    /** Headlines embedded by this pass (stored vectors are reused). */
    embedded: number;
    /** Clusters in the archive, and those covered by two or more outlets (stories). */
    clusters: number;
    stories: number;
    embedder: string;
    judge: string;
    /** Grey-zone pairs sent to the judge by this pass; pairs still without a verdict. */
    judgedPairs: number;
    pendingPairs: number;
    search: string;
  };
  synthesis: { backend: string; synthesised: number; belowTier: number; failed: number };
  topics: { backend: string; classified: number; unclassified: number; retried: number };
  retries: { attempted: number; synthesised: number; failed: number; discarded: number };
  /** Stories in the store after the pass, by status, and the reasons of the held ones. */
  guard: {
    published: number;
    held: number;
    notSynthesised: number;
    pendingSynthesis: number;
    discarded: number;
    reasons: Record<string, number>;
  };
  blindspots: { prisma: number; fujaDaBolha: number };
  /** What this pass changed. */
  changes: {
    clustersCreated: number;
    clustersChanged: number;
    clustersRemoved: number;
    storiesBuilt: number;
    storiesCreated: number;
    storiesRetired: number;
    /** Stories the publish stage's country-cap re-decision published or held. */
    capPublished: number;
    capHeld: number;
  };
  /** Milliseconds per stage. */
  stages: Record<string, number>;
}

function fingerprintOf(folder: DataFolder, asOf: string, backends: PipelineBackends): string {
  const description = backends.describe();
  return createHash('sha256')
    .update(
      JSON.stringify({
        data: folder.directory,
        asOf,
        roster: folder.rosterSha256,
        sources: folder.sources.map((source) => [source.name, source.sha256]),
        embedder: backends.embedder.key,
        judge: description.judge,
        synthesis: description.synthesis,
      }),
    )
    .digest('hex');
}

/** The store's stories by status, held reasons and blindspot flags (for the summary). */
async function storeTotals(store: Store): Promise<Pick<RunSummary, 'guard' | 'blindspots'>> {
  const byStatus = await store.stories.countByStatus();
  const reasons: Record<string, number> = {};
  for (const story of await store.stories.list({ status: 'held' }))
    for (const reason of story.guardReasons) reasons[reason] = (reasons[reason] ?? 0) + 1;
  const flagged = await store.stories.list({ blindspot: true });
  return {
    guard: {
      published: byStatus.published ?? 0,
      held: byStatus.held ?? 0,
      notSynthesised: byStatus.not_synthesised ?? 0,
      pendingSynthesis: byStatus.pending_synthesis ?? 0,
      discarded: byStatus.discarded ?? 0,
      reasons,
    },
    blindspots: {
      prisma: flagged.filter((story) => story.blindspots.prisma.length > 0).length,
      fujaDaBolha: flagged.filter((story) => story.blindspots.fujaDaBolha !== null).length,
    },
  };
}

/**
 * Runs (or resumes) one pass over a data folder.
 *
 * @example
 * const store = await openStore();
 * const summary = await runPipeline({ dataDirectory: 'examples/demo-data', store });
 * summary.changes; // what this pass changed
 */
export async function runPipeline(options: RunPipelineOptions): Promise<RunSummary> {
  const { store } = options;
  const { db } = store.database;
  const clock = options.clock ?? systemClock;
  const folder = options.dataFolder ?? (await readDataFolder(options.dataDirectory));
  const asOf = options.asOf ?? folder.roster.asOf;
  const backends =
    options.backends ??
    (await resolveBackends({
      env: options.env ?? process.env,
      ...(options.embedder ? { embedder: options.embedder } : {}),
      ...(options.judge ? { judge: options.judge } : {}),
    }));
  const stageTimes: Record<string, number> = {};
  const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      stageTimes[stage] = Math.round(performance.now() - started);
    }
  };
  const started = await db.transaction((tx) =>
    startOrResumeRun(tx, {
      fingerprint: fingerprintOf(folder, asOf, backends),
      options: { dataDirectory: folder.directory, asOf, sources: folder.sources.length },
      now: clock.now(),
    }),
  );
  const runId = started.run.id;
  const context: PipelineContext = {
    store,
    backends,
    clock,
    runId,
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  try {
    const rated = await timed('rate', () =>
      rateRoster(context, folder.roster.outlets, { asOf, rosterSha256: folder.rosterSha256 }),
    );
    const ingested = await timed('ingest', () => ingestSources(context, folder.sources));
    const clustered = await timed('cluster', () => clusterNewArticles(context));
    const retried = await timed('retry', () => drainRetryQueue(context));
    const synthesised = await timed('synthesise', () => synthesiseClusters(context));
    const topics = await timed('topics', () => classifyTopics(context));
    const topicRetries = await timed('topics-retry', () => retryUnclassifiedTopics(context));
    const built = await timed('build', () =>
      buildStories(context, options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    );
    const published = await timed('publish', () => publishStories(context));
    const archive = await countClusters(db);
    const summary: RunSummary = {
      runId,
      resumed: started.resumed,
      database: { backend: store.database.backend, location: store.database.location },
      asOf,
      backends: backends.describe(),
      outlets: {
        roster: rated.roster,
        rated: rated.rated,
        unchanged: rated.unchanged,
        rerated: rated.rerated,
        preliminaryAdded: ingested.preliminaryAdded,
      },
      ingest: {
        sources: ingested.sources,
        unchanged: ingested.unchanged,
        failed: ingested.failed,
        items: ingested.items,
        inserted: ingested.inserted,
        duplicates: ingested.duplicates,
        undated: ingested.undated,
        warnings: ingested.warnings,
      },
      clustering: {
        articles: clustered.articles,
        contextArticles: clustered.contextArticles,
        embedded: clustered.embedded,
        clusters: archive.clusters,
        stories: archive.multiOutlet,
        embedder: clustered.embedder,
        judge: clustered.judge,
        judgedPairs: clustered.judgedPairs,
        pendingPairs: await countJudgePendingPairs(db),
        search: clustered.search,
      },
      synthesis: {
        backend: synthesised.backend,
        synthesised: synthesised.synthesised + retried.synthesised,
        belowTier: synthesised.belowTier + retried.belowTier,
        failed: synthesised.failed + retried.failed + retried.discarded,
      },
      topics: {
        backend: topics.backend,
        classified: topics.classified + topicRetries.classified,
        unclassified: topics.unclassified,
        retried: topicRetries.classified + topicRetries.unclassified,
      },
      retries: {
        attempted: retried.attempted,
        synthesised: retried.synthesised,
        failed: retried.failed,
        discarded: retried.discarded,
      },
      ...(await storeTotals(store)),
      changes: {
        clustersCreated: clustered.clustersCreated,
        clustersChanged: clustered.clustersChanged,
        clustersRemoved: clustered.clustersRemoved,
        storiesBuilt: built.built,
        storiesCreated: built.created,
        storiesRetired: built.retired,
        capPublished: published.published,
        capHeld: published.held,
      },
      stages: stageTimes,
    };
    await finishRun(db, runId, summary as unknown as Record<string, unknown>);
    return summary;
  } catch (error) {
    await failRun(db, runId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    throw error;
  } finally {
    if (options.backends === undefined) await backends.dispose();
  }
}
