/**
 * The build stage (assemble → store): every queued cluster whose upstream stages are done becomes a
 * stored story — coverage, TIER, the publish guard, blindspots, ownership mix and audit from
 * `@espectro/synthesis`'s `assembleStory` (the methodology's rules) — or, when its cluster is gone
 * or lost its second outlet, its story is retired (`superseded`, pointing at the cluster that took
 * its first article). One batch of stories is one unit of work. The country cap is counted here
 * from the stories published so far (so a story appended in time order gets its final status at
 * once) and the story's country is queued for the publish stage, which re-decides the cap for
 * every later story of the country.
 */
import {
  countryCapCountUnchecked,
  PG_COUNTRY_CAP_WINDOW_HOURS,
  publishGuardUnchecked,
  type PublishGuardInput,
  type TimedCountryCapStory,
} from '@espectro/methodology';
import {
  claimQueuedStories,
  clusterOfArticles,
  countQueuedStories,
  deleteStoryGuardInputs,
  dequeueStories,
  guardedStoriesOfCountry,
  loadClusters,
  queueGuard,
  retireStories,
  retryEntriesOf,
  saveStories,
  saveStoryGuardInputs,
  storyStates,
  supersedeOverlappingStories,
  type ClusterRecord,
  type RetryEntry,
  type SaveStoryInput,
  type StoreTransaction,
  type StoryStatus,
} from '@espectro/store';
import {
  assembleStory,
  type AssembledStory,
  type Roster,
  type StorySynthesis,
  type TopicClassification,
} from '@espectro/synthesis';
import { commitUnit, report, type PipelineContext } from '../context.js';
import { citedArticleIds, loadClusterMaterial, loadSynthesisRoster, type ClusterMaterial } from '../material.js';

const HOUR_MS = 3_600_000;

/** Stories per unit of work unless the caller says otherwise (`espectro run --batch`). */
export const DEFAULT_STORY_BATCH = 100;

/** What {@link buildStories} did. */
export interface BuildStageReport {
  /** Stories written (new or changed). */
  built: number;
  /** Of those, stories that did not exist before. */
  created: number;
  /** Stories retired (their cluster merged, split or lost its second outlet). */
  retired: number;
  /** Status of the stories written, as this stage left them (the publish stage may still change the cap). */
  statuses: Partial<Record<StoryStatus, number>>;
  /** Queued stories still waiting for synthesis or topics. */
  waiting: number;
}

/** One story to write, with what the story and publish stages need to know about it. */
interface BuiltStory {
  row: SaveStoryInput;
  /** Guard input without the country count, for guarded stories (published/held). */
  guardInput: Omit<PublishGuardInput, 'countryStoriesLast24h'> | null;
  country: string | null;
  time: Date;
}

/** The synthesis a story is written from: the cluster's current or last good one, if it still fits. */
function usableSynthesis(cluster: ClusterRecord, material: ClusterMaterial): StorySynthesis | null {
  if (cluster.synthesisStatus !== 'synthesised' && cluster.synthesisStatus !== 'failed') return null;
  const synthesis = cluster.synthesis as unknown as StorySynthesis | null;
  if (synthesis === null) return null;
  const members = new Set(material.cluster.articles.map((article) => article.id));
  return citedArticleIds(synthesis).every((id) => members.has(id)) ? synthesis : null;
}

function storyStatusOf(
  assembled: AssembledStory,
  synthesis: StorySynthesis | null,
  retry: RetryEntry | undefined,
): StoryStatus | 'guarded' {
  if (assembled.tier === null) return 'not_synthesised'; // rule TIER
  if (synthesis === null) return retry?.status === 'discarded' ? 'discarded' : 'pending_synthesis'; // rule SYN-5
  return 'guarded';
}

function topicOf(cluster: ClusterRecord): TopicClassification | string | null {
  if (cluster.topicClassification !== null) return cluster.topicClassification as unknown as TopicClassification;
  return cluster.topic;
}

/** Assembles one cluster's story (countryStoriesLast24h is filled in by the caller for guarded stories). */
function assemble(
  cluster: ClusterRecord,
  material: ClusterMaterial,
  roster: Roster,
  retry: RetryEntry | undefined,
): { assembled: AssembledStory; status: StoryStatus | 'guarded'; synthesis: StorySynthesis | null } {
  let synthesis = usableSynthesis(cluster, material);
  const topic = topicOf(cluster);
  let assembled = assembleStory({
    cluster: material.cluster,
    roster,
    synthesis,
    topic: topic as TopicClassification | null,
    countryStoriesLast24h: 0,
  });
  if (assembled.tier === null && synthesis !== null) {
    // Below TIER now (ratings changed): no text is shown for a story that is not synthesised.
    synthesis = null;
    assembled = assembleStory({ cluster: material.cluster, roster, synthesis, topic: null, countryStoriesLast24h: 0 });
  }
  return { assembled, status: storyStatusOf(assembled, synthesis, retry), synthesis };
}

function saveInput(
  context: PipelineContext,
  assembled: AssembledStory,
  status: StoryStatus,
  cluster: ClusterRecord,
  material: ClusterMaterial,
  guard: SaveStoryInput['guard'],
  retry: RetryEntry | undefined,
  now: Date,
): SaveStoryInput {
  const times = material.cluster.articles.map((article) => Date.parse(article.publishedAt));
  return {
    id: assembled.id,
    title: assembled.title,
    summary: assembled.summary,
    status,
    tier: assembled.tier,
    topic: assembled.topic,
    country: assembled.country,
    backend: assembled.audit.backend,
    provenance: {
      ...assembled.audit,
      ownershipMix: assembled.ownershipMix,
      lowValue: assembled.lowValue,
      discrepancies: assembled.discrepancies,
      cluster: { embedder: cluster.embedder, judge: cluster.judge },
      ...(cluster.synthesisStatus === 'failed' && retry !== undefined
        ? {
            synthesisRetry: {
              status: retry.status,
              failedAttempts: retry.failedAttempts,
              nextAttemptAt: retry.nextAttemptAt,
              lastReason: retry.lastReason,
              discardReason: retry.discardReason,
              failures: retry.failures,
            },
          }
        : {}),
    },
    coverage: assembled.coverage,
    articleIds: assembled.articleIds,
    outletCount: assembled.outlets.length,
    firstPublishedAt: new Date(Math.min(...times)).toISOString(),
    lastPublishedAt: new Date(Math.max(...times)).toISOString(),
    imageUrl: assembled.image?.url ?? null,
    imageAlt: assembled.image?.alt ?? null,
    methodologyVersion: assembled.audit.methodologyVersion,
    runId: context.runId ?? null,
    clusterEmbedder: cluster.embedder.split('|')[0]!,
    clusterJudge: cluster.judge,
    sentences: assembled.sentences.map((sentence) => ({
      text: sentence.text,
      articleIds: sentence.articleIds,
      discrepancy: sentence.discrepancy,
    })),
    guard,
    blindspots: assembled.blindspots,
    decidedAt: now.toISOString(),
  };
}

/** Published stories of each country since a time, as the country cap counts them. */
async function publishedByCountry(
  tx: StoreTransaction,
  wanted: ReadonlyMap<string, number>,
  excluded: ReadonlySet<string>,
): Promise<Map<string, TimedCountryCapStory[]>> {
  const result = new Map<string, TimedCountryCapStory[]>();
  for (const [country, earliest] of wanted) {
    const since = new Date(earliest - PG_COUNTRY_CAP_WINDOW_HOURS * HOUR_MS);
    result.set(
      country,
      (await guardedStoriesOfCountry(tx, country, since))
        .filter((story) => story.status === 'published' && !excluded.has(story.storyId))
        .map((story) => ({ id: story.storyId, country, time: story.publishedAt.getTime() })),
    );
  }
  return result;
}

/** Builds one batch of queued stories in one transaction. */
async function buildBatch(
  context: PipelineContext,
  tx: StoreTransaction,
  ids: readonly string[],
  roster: Roster,
  stageReport: BuildStageReport,
): Promise<void> {
  const now = context.clock.now();
  const clusters = await loadClusters(tx, ids);
  const material = await loadClusterMaterial(tx, ids);
  const previous = await storyStates(tx, ids);
  const retries = await retryEntriesOf(tx, ids);
  const built: BuiltStory[] = [];
  const retired: { id: string; supersededBy: string | null }[] = [];
  const pendingGuard: { story: BuiltStory; assembled: AssembledStory }[] = [];
  for (const id of ids) {
    const cluster = clusters.get(id);
    const articles = material.get(id);
    if (cluster === undefined || articles === undefined || cluster.outletCount < 2) {
      retired.push({ id, supersededBy: null });
      continue;
    }
    const retry = retries.get(id);
    const { assembled, status } = assemble(cluster, articles, roster, retry);
    const time = new Date(Math.max(...articles.cluster.articles.map((article) => Date.parse(article.publishedAt))));
    if (status === 'guarded') {
      const { countryStoriesLast24h: _count, ...guardInput } = assembled.publishGuardInput;
      const story: BuiltStory = {
        row: saveInput(context, assembled, 'held', cluster, articles, null, retry, now),
        guardInput,
        country: assembled.country,
        time,
      };
      built.push(story);
      pendingGuard.push({ story, assembled });
    } else {
      const guard =
        assembled.tier === null
          ? null
          : {
              publish: false,
              reasons: assembled.publishGuard.reasons,
              input: { ...assembled.publishGuardInput },
            };
      built.push({
        row: saveInput(context, assembled, status, cluster, articles, guard, retry, now),
        guardInput: null,
        country: assembled.country,
        time,
      });
    }
  }

  // PG country_cap, counted from the stories published so far, in (time, id) order.
  const earliest = new Map<string, number>();
  for (const { story } of pendingGuard)
    if (story.country !== null)
      earliest.set(story.country, Math.min(earliest.get(story.country) ?? Infinity, story.time.getTime()));
  const published = await publishedByCountry(tx, earliest, new Set(ids));
  pendingGuard.sort(
    (left, right) =>
      left.story.time.getTime() - right.story.time.getTime() || (left.story.row.id < right.story.row.id ? -1 : 1),
  );
  for (const { story } of pendingGuard) {
    const timed = { id: story.row.id, country: story.country, time: story.time.getTime() };
    const countryStoriesLast24h =
      story.country === null ? 0 : countryCapCountUnchecked(timed, published.get(story.country) ?? []);
    const input = { ...story.guardInput!, countryStoriesLast24h } as PublishGuardInput;
    const decision = publishGuardUnchecked(input); // rule PG
    story.row.status = decision.publish ? 'published' : 'held';
    story.row.guard = { publish: decision.publish, reasons: decision.reasons, input: { ...input } };
    if (decision.publish && story.country !== null) published.get(story.country)?.push(timed);
  }

  // Retired stories point at the cluster that now holds their first article.
  const holders = await clusterOfArticles(
    tx,
    retired.map((story) => story.id),
  );
  const holderClusters = await loadClusters(tx, [...holders.values()]);
  for (const story of retired) {
    const holder = holders.get(story.id);
    story.supersededBy =
      holder !== undefined && holder !== story.id && (holderClusters.get(holder)?.outletCount ?? 0) >= 2
        ? holder
        : null;
  }
  const retiredIds = await retireStories(tx, retired, now);
  await deleteStoryGuardInputs(
    tx,
    retired.map((story) => story.id),
  );

  await supersedeOverlappingStories(
    tx,
    built.map((story) => ({ id: story.row.id, articleIds: story.row.articleIds })),
    now.toISOString(),
  );
  await saveStories(
    tx,
    built.map((story) => story.row),
  );
  await saveStoryGuardInputs(
    tx,
    built
      .filter((story) => story.guardInput !== null)
      .map((story) => ({
        storyId: story.row.id,
        country: story.country,
        publishedAt: story.time,
        input: story.guardInput as unknown as Record<string, unknown>,
      })),
  );
  await deleteStoryGuardInputs(
    tx,
    built.filter((story) => story.guardInput === null).map((story) => story.row.id),
  );

  // The publish stage re-decides the cap from the earliest time any of these changed.
  for (const id of ids) {
    const before = previous.get(id);
    if (before?.country && before.lastPublishedAt) await queueGuard(tx, before.country, before.lastPublishedAt, now);
  }
  for (const story of built)
    if (story.guardInput !== null && story.country !== null) await queueGuard(tx, story.country, story.time, now);
  await dequeueStories(tx, ids);

  stageReport.built += built.length;
  stageReport.created += built.filter((story) => !previous.has(story.row.id)).length;
  stageReport.retired += retiredIds.length;
  for (const story of built) stageReport.statuses[story.row.status] = (stageReport.statuses[story.row.status] ?? 0) + 1;
}

/**
 * Builds every queued story that is ready, `batchSize` stories per unit of work.
 *
 * @example
 * const built = await buildStories(context, { batchSize: 50 });
 * built.statuses; // { published: 4, held: 20, not_synthesised: 9 }
 */
export async function buildStories(
  context: PipelineContext,
  options: { batchSize?: number } = {},
): Promise<BuildStageReport> {
  const { db } = context.store.database;
  const batchSize = options.batchSize ?? DEFAULT_STORY_BATCH;
  const stageReport: BuildStageReport = { built: 0, created: 0, retired: 0, statuses: {}, waiting: 0 };
  let roster: Roster | undefined;
  for (;;) {
    const counts = await countQueuedStories(db);
    if (counts.ready === 0) {
      stageReport.waiting = counts.queued;
      break;
    }
    roster ??= await loadSynthesisRoster(db);
    const done = await commitUnit(context, `stories:${stageReport.built + stageReport.retired}`, async (tx) => {
      const ids = await claimQueuedStories(tx, batchSize);
      if (ids.length > 0) await buildBatch(context, tx, ids, roster!, stageReport);
      return ids.length;
    });
    if (done === 0) break;
    report(context, {
      stage: 'build',
      message: `stories ${stageReport.built} built, ${stageReport.retired} retired (${counts.ready - done} ready left)`,
    });
  }
  return stageReport;
}
