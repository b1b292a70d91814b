/**
 * One pass of the story pipeline over a data folder — rate the roster, ingest feeds, cluster
 * headlines, synthesise, guard, store — into the store. Every unit of work is committed together
 * with a checkpoint, so a pass that is killed resumes where it stopped and a finished pass run
 * again changes nothing: no article or story is duplicated or lost. Every rule comes from
 * `@espectro/methodology` (through `@espectro/synthesis`'s `assembleStory` and the clustering
 * package).
 */
import { createHash } from 'node:crypto';
import { clusterArticles, createOfflineEmbedder } from '@espectro/clustering';
import { ingestSources } from '@espectro/ingest';
import { evidenceToRateOutletInput, rateOutlet } from '@espectro/methodology';
import { rosterEvidenceRecord } from '@espectro/rating';
import {
  checkpoint,
  enqueueRetry,
  ensurePreliminaryOutlets,
  failRun,
  finishRun,
  insertArticles,
  listArticles,
  listOutlets,
  recordOutletRating,
  listPublishedStoryTimes,
  saveStories,
  startOrResumeRun,
  supersedeOverlappingStories,
  type Outlet,
  type SaveStoryInput,
  type Store,
  type StoredArticle,
} from '@espectro/store';
import {
  assembleStory,
  classifyTopic,
  createDefaultSynthesisChain,
  createRoster,
  synthesizeStory,
  type Roster,
  type RosterOutletInput,
  type StoryCluster,
} from '@espectro/synthesis';
import { readDataFolder, type DataFolder } from './data-folder.js';

/** A progress event (stderr). */
export interface RunProgress {
  stage: 'rate' | 'ingest' | 'cluster' | 'synthesise' | 'guard' | 'store';
  message: string;
  done?: number;
  total?: number;
}

/** Options of {@link runPipeline}. */
export interface RunPipelineOptions {
  /** The data folder (`outlets.json` + `feeds/`). */
  dataDirectory: string;
  /** The folder already read (skips reading it again). */
  dataFolder?: DataFolder;
  store: Store;
  /** Rating date (default: the roster's `asOf`). */
  asOf?: string;
  /** Environment for provider keys. */
  env?: Record<string, string | undefined>;
  /** Stories per committed batch (default 100). */
  batchSize?: number;
  onProgress?: (event: RunProgress) => void;
  /** Called after every committed checkpoint with its ordinal (1-based) — used by the crash tests. */
  afterCheckpoint?: (ordinal: number, key: string) => void;
  /** Called inside each checkpoint's transaction before it commits. */
  beforeCommit?: (ordinal: number, key: string) => void;
  /** Clock (default `new Date()`). */
  now?: () => Date;
}

/** What a run did. */
export interface RunSummary {
  runId: string;
  resumed: boolean;
  database: { backend: string; location: string };
  asOf: string;
  outlets: { roster: number; rated: number; unchanged: number; rerated: number; preliminaryAdded: number };
  ingest: {
    sources: number;
    failed: { source: string; code: string; message: string }[];
    items: number;
    inserted: number;
    duplicates: number;
    undated: number;
    warnings: string[];
  };
  clustering: { articles: number; clusters: number; stories: number; embedder: string; search: string };
  synthesis: { backend: string; synthesised: number; belowTier: number; failed: number };
  guard: {
    published: number;
    held: number;
    notSynthesised: number;
    pendingSynthesis: number;
    reasons: Record<string, number>;
  };
  blindspots: { prisma: number; fujaDaBolha: number };
  superseded: number;
  stages: Record<string, number>;
}

function synthesisRoster(outlets: readonly Outlet[]): Roster {
  const entries: RosterOutletInput[] = [];
  for (const outlet of outlets) {
    if (outlet.scope === null) continue; // preliminary: not in the roster (RULES §10)
    const base = {
      domain: outlet.domain,
      name: outlet.name,
      ...(outlet.aliases.length > 0 ? { aliases: outlet.aliases } : {}),
      factuality: outlet.factuality,
      factualityScore: outlet.factualityScore,
      ownerType: outlet.ownerType,
      country: outlet.country,
    };
    entries.push(
      outlet.scope === 'political'
        ? { ...base, scope: 'political', bias: outlet.bias }
        : { ...base, scope: 'non_political', bias: null },
    );
  }
  return createRoster(entries);
}

function articleTime(article: StoredArticle): string {
  return article.publishedAt ?? article.firstSeenAt;
}

/**
 * Runs (or resumes) the pipeline on a data folder.
 *
 * @example
 * const store = await openStore();
 * const summary = await runPipeline({ dataDirectory: 'examples/demo-data', store });
 */
export async function runPipeline(options: RunPipelineOptions): Promise<RunSummary> {
  const { store } = options;
  const { db } = store.database;
  const now = options.now ?? (() => new Date());
  const progress = options.onProgress ?? (() => undefined);
  const batchSize = options.batchSize ?? 100;
  const stageTimes: Record<string, number> = {};
  const timed = async <T>(stage: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      stageTimes[stage] = Math.round(performance.now() - started);
    }
  };

  const folder = options.dataFolder ?? (await readDataFolder(options.dataDirectory));
  const dataDirectory = folder.directory;
  const rosterFile = folder.roster;
  const asOf = options.asOf ?? rosterFile.asOf;
  const sources = folder.sources;
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify({
        data: dataDirectory,
        asOf,
        roster: createHash('sha256').update(JSON.stringify(rosterFile)).digest('hex'),
        sources: sources.map((source) => [source.name, source.sha256]),
      }),
    )
    .digest('hex');
  const started = await db.transaction((tx) =>
    startOrResumeRun(tx, { fingerprint, options: { dataDirectory, asOf, sources: sources.length }, now: now() }),
  );
  const runId = started.run.id;
  const done = started.checkpoints;
  let ordinal = 0;
  /** Runs `work` and records `key` in the same transaction, unless `key` is already done. */
  const unit = async (
    key: string,
    stage: RunProgress['stage'],
    work: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<Record<string, unknown>>,
  ): Promise<Record<string, unknown>> => {
    const existing = done.get(key);
    if (existing !== undefined) return existing ?? {};
    const data = await db.transaction(async (tx) => {
      const result = await work(tx);
      await checkpoint(tx, runId, key, stage, result);
      options.beforeCommit?.(ordinal + 1, key);
      return result;
    });
    done.set(key, data);
    ordinal += 1;
    options.afterCheckpoint?.(ordinal, key);
    return data;
  };

  const summary: RunSummary = {
    runId,
    resumed: started.resumed,
    database: { backend: store.database.backend, location: store.database.location },
    asOf,
    outlets: { roster: rosterFile.outlets.length, rated: 0, unchanged: 0, rerated: 0, preliminaryAdded: 0 },
    ingest: { sources: sources.length, failed: [], items: 0, inserted: 0, duplicates: 0, undated: 0, warnings: [] },
    clustering: { articles: 0, clusters: 0, stories: 0, embedder: '', search: '' },
    synthesis: { backend: '', synthesised: 0, belowTier: 0, failed: 0 },
    guard: { published: 0, held: 0, notSynthesised: 0, pendingSynthesis: 0, reasons: {} },
    blindspots: { prisma: 0, fujaDaBolha: 0 },
    superseded: 0,
    stages: stageTimes,
  };

  try {
    // ── rate ──────────────────────────────────────────────────────────────────────────────────
    const rated = await timed('rate', () =>
      unit('rate', 'rate', async (tx) => {
        const counts = { created: 0, initial: 0, rerated: 0, unchanged: 0 };
        for (const entry of rosterFile.outlets) {
          const evidence = rosterEvidenceRecord(entry);
          const rating = rateOutlet(evidenceToRateOutletInput(evidence, asOf));
          const result = await recordOutletRating(tx, {
            domain: entry.domain,
            name: entry.name,
            country: entry.country ?? null,
            language: entry.language ?? null,
            scope: entry.scope,
            factualityScore: entry.factualityScore ?? null,
            bodyLicensed: entry.bodyLicensed ?? false,
            aliases: entry.aliases ?? [],
            evidence,
            rating,
            ratedAt: `${asOf}T00:00:00.000Z`,
          });
          counts[result.outcome] += 1;
        }
        return counts;
      }),
    );
    summary.outlets.rated = Number(rated.created ?? 0) + Number(rated.initial ?? 0);
    summary.outlets.rerated = Number(rated.rerated ?? 0);
    summary.outlets.unchanged = Number(rated.unchanged ?? 0);
    progress({
      stage: 'rate',
      message: `${rosterFile.outlets.length} roster outlets rated (methodology ${rosterFile.outlets.length > 0 ? 'rateOutlet' : '—'})`,
    });

    // ── ingest ────────────────────────────────────────────────────────────────────────────────
    const rosterRefs = rosterFile.outlets.map((entry) => ({
      domain: entry.domain,
      name: entry.name,
      ...(entry.aliases ? { aliases: entry.aliases } : {}),
    }));
    const seenAt = now().toISOString();
    await timed('ingest', async () => {
      for (const [index, source] of sources.entries()) {
        const data = await unit(`ingest:${source.name}:${source.sha256}`, 'ingest', async (tx) => {
          const result = ingestSources([source], { roster: rosterRefs, seenAt });
          const report = result.sources[0]!;
          const added = await ensurePreliminaryOutlets(tx, result.newOutlets);
          const inserted = await insertArticles(
            tx,
            result.articles.map((article) => ({ ...article, runId })),
          );
          return {
            ok: report.ok,
            error: report.error,
            items: report.items,
            inserted: inserted.inserted.length,
            duplicates: report.duplicates + inserted.duplicates.length,
            undated: report.undated,
            warnings: report.warnings,
            preliminaryAdded: added.length,
          };
        });
        summary.ingest.items += Number(data.items ?? 0);
        summary.ingest.inserted += Number(data.inserted ?? 0);
        summary.ingest.duplicates += Number(data.duplicates ?? 0);
        summary.ingest.undated += Number(data.undated ?? 0);
        summary.outlets.preliminaryAdded += Number(data.preliminaryAdded ?? 0);
        for (const warning of (data.warnings as string[] | undefined) ?? [])
          summary.ingest.warnings.push(`${source.name}: ${warning}`);
        const error = data.error as { code: string; message: string } | null | undefined;
        if (error) summary.ingest.failed.push({ source: source.name, code: error.code, message: error.message });
        progress({
          stage: 'ingest',
          message: `${source.name}${error ? ` — failed: ${error.message}` : ''}`,
          done: index + 1,
          total: sources.length,
        });
      }
    });

    // ── cluster ───────────────────────────────────────────────────────────────────────────────
    const clustered = await timed('cluster', () =>
      unit('cluster', 'cluster', async (tx) => {
        const own = await listArticles(tx, {});
        const mine = own.filter((article) => sources.some((source) => source.name === article.feed));
        const times = mine.map((article) => Date.parse(articleTime(article)));
        const window = 72 * 3_600_000;
        const since = times.length > 0 ? new Date(Math.min(...times) - window).toISOString() : seenAt;
        const until = times.length > 0 ? new Date(Math.max(...times) + window).toISOString() : seenAt;
        const articles = own.filter((article) => articleTime(article) >= since && articleTime(article) <= until);
        const titles = articles.map((article) => article.title);
        const result = await clusterArticles(
          articles.map((article) => ({
            id: article.id,
            title: article.title,
            date: articleTime(article),
            outlet: article.domain,
          })),
          { embedder: createOfflineEmbedder({ corpus: titles }) },
        );
        const domainOf = new Map(articles.map((article) => [article.id, article.domain]));
        const multiOutlet = result.stories.filter(
          (story) => new Set(story.articleIds.map((id) => domainOf.get(id))).size >= 2,
        );
        return {
          articles: articles.length,
          clusters: result.stories.length,
          stories: multiOutlet.map((story) => story.articleIds),
          embedder: result.backend.embedder,
          search: result.backend.search,
        };
      }),
    );
    const storyGroups = (clustered.stories as string[][] | undefined) ?? [];
    summary.clustering = {
      articles: Number(clustered.articles ?? 0),
      clusters: Number(clustered.clusters ?? 0),
      stories: storyGroups.length,
      embedder: String(clustered.embedder ?? ''),
      search: String(clustered.search ?? ''),
    };
    progress({
      stage: 'cluster',
      message: `${summary.clustering.articles} headlines → ${summary.clustering.clusters} clusters, ${storyGroups.length} covered by 2+ outlets`,
    });

    // ── synthesise → guard → store, in committed batches ──────────────────────────────────────
    const model = createDefaultSynthesisChain({ env: options.env ?? process.env });
    summary.synthesis.backend = model === null ? 'extractive (offline)' : `llm (${model.modelId})`;
    const storyArticles = await listArticles(db, { ids: storyGroups.flat() });
    const articleById = new Map(storyArticles.map((article) => [article.id, article]));
    const clusters: StoryCluster[] = storyGroups
      .map((ids) => {
        const members = ids.map((id) => articleById.get(id)!).filter(Boolean);
        const sorted = [...members].sort((left, right) => (left.id < right.id ? -1 : 1));
        return {
          id: sorted[0]!.id,
          articles: sorted.map((article) => ({
            id: article.id,
            domain: article.domain,
            title: article.title,
            ...(article.description ? { description: article.description } : {}),
            ...(article.body ? { body: article.body } : {}),
            publishedAt: articleTime(article),
            url: article.url,
            ...(article.imageUrl ? { imageUrl: article.imageUrl } : {}),
          })),
        };
      })
      .sort((left, right) => {
        const leftLast = Math.max(...left.articles.map((article) => Date.parse(article.publishedAt)));
        const rightLast = Math.max(...right.articles.map((article) => Date.parse(article.publishedAt)));
        return leftLast - rightLast || (left.id < right.id ? -1 : 1);
      });
    const roster = synthesisRoster(await listOutlets(db));
    const batches = Math.ceil(clusters.length / batchSize);
    // PG country_cap counts, in memory: stories already published (earlier runs, and batches of this
    // run already committed), minus the stories this stage has still to (re)decide.
    const pending = new Set(
      clusters.filter((_, index) => !done.has(`stories:${Math.floor(index / batchSize)}`)).map((cluster) => cluster.id),
    );
    const published = (await listPublishedStoryTimes(db)).filter(
      (story) => !pending.has(story.id) && story.lastPublishedAt !== null,
    ) as { id: string; country: string | null; lastPublishedAt: string }[];
    const countBefore = (country: string, at: string, storyId: string): number => {
      const end = Date.parse(at);
      const start = end - 86_400_000;
      let count = 0;
      for (const story of published) {
        if (story.country !== country) continue;
        const time = Date.parse(story.lastPublishedAt);
        if (time > start && (time < end || (time === end && story.id < storyId))) count += 1;
      }
      return count;
    };
    await timed('synthesise+guard+store', async () => {
      for (let batch = 0; batch < batches; batch += 1) {
        const group = clusters.slice(batch * batchSize, (batch + 1) * batchSize);
        const data = await unit(`stories:${batch}`, 'store', async (tx) => {
          const counts = {
            synthesised: 0,
            belowTier: 0,
            failed: 0,
            published: 0,
            held: 0,
            notSynthesised: 0,
            pendingSynthesis: 0,
            prisma: 0,
            fujaDaBolha: 0,
            superseded: 0,
          };
          const reasons: Record<string, number> = {};
          const rows: SaveStoryInput[] = [];
          for (const cluster of group) {
            const decidedAt = now().toISOString();
            const result = await synthesizeStory(cluster, roster, { model });
            const synthesis = result.status === 'synthesised' ? result.synthesis : null;
            if (result.status === 'synthesised') counts.synthesised += 1;
            else if (result.status === 'skipped') counts.belowTier += 1;
            else {
              counts.failed += 1;
              if (result.retry) await enqueueRetry(tx, cluster.id, result.reason, decidedAt);
            }
            const topic = synthesis
              ? await classifyTopic(
                  { title: cluster.articles[0]!.title, summary: synthesis.summary },
                  { model, jobId: cluster.id },
                )
              : null;
            const last = cluster.articles.reduce(
              (latest, article) => (article.publishedAt > latest ? article.publishedAt : latest),
              cluster.articles[0]!.publishedAt,
            );
            const first = cluster.articles.reduce(
              (earliest, article) => (article.publishedAt < earliest ? article.publishedAt : earliest),
              cluster.articles[0]!.publishedAt,
            );
            const preliminary = assembleStory({ cluster, roster, synthesis, topic, countryStoriesLast24h: 0 });
            const country = preliminary.country;
            const lastIso = new Date(last).toISOString();
            const countryStoriesLast24h = country ? countBefore(country, lastIso, cluster.id) : 0;
            const story = country
              ? assembleStory({ cluster, roster, synthesis, topic, countryStoriesLast24h })
              : preliminary;
            const status =
              result.status === 'failed'
                ? 'pending_synthesis'
                : story.tier === null
                  ? 'not_synthesised'
                  : story.publishGuard.publish
                    ? 'published'
                    : 'held';
            if (status === 'published') counts.published += 1;
            else if (status === 'held') counts.held += 1;
            else if (status === 'not_synthesised') counts.notSynthesised += 1;
            else counts.pendingSynthesis += 1;
            if (status === 'held')
              for (const reason of story.publishGuard.reasons) reasons[reason] = (reasons[reason] ?? 0) + 1;
            if (story.blindspots.prisma.length > 0) counts.prisma += 1;
            if (story.blindspots.fujaDaBolha !== null) counts.fujaDaBolha += 1;
            if (status === 'published')
              published.push({ id: story.id, country: story.country, lastPublishedAt: lastIso });
            rows.push({
              id: story.id,
              title: story.title,
              summary: story.summary,
              status,
              tier: story.tier,
              topic: story.topic,
              country: story.country,
              backend: story.audit.backend,
              provenance: {
                ...story.audit,
                ownershipMix: story.ownershipMix,
                lowValue: story.lowValue,
                discrepancies: story.discrepancies,
              },
              coverage: story.coverage,
              articleIds: story.articleIds,
              outletCount: story.outlets.length,
              firstPublishedAt: new Date(first).toISOString(),
              lastPublishedAt: new Date(last).toISOString(),
              imageUrl: story.image?.url ?? null,
              methodologyVersion: story.audit.methodologyVersion,
              runId,
              sentences: story.sentences.map((sentence) => ({
                text: sentence.text,
                articleIds: sentence.articleIds,
                discrepancy: sentence.discrepancy,
              })),
              guard:
                story.tier === null
                  ? null
                  : {
                      publish: story.publishGuard.publish,
                      reasons: story.publishGuard.reasons,
                      input: { outlets: story.outlets, sentences: story.sentences.length, countryStoriesLast24h },
                    },
              blindspots: story.blindspots,
              decidedAt,
            });
          }
          counts.superseded += (
            await supersedeOverlappingStories(
              tx,
              rows.map((row) => ({ id: row.id, articleIds: row.articleIds })),
              now().toISOString(),
            )
          ).length;
          await saveStories(tx, rows);
          return { ...counts, reasons };
        });
        for (const key of ['synthesised', 'belowTier', 'failed'] as const)
          summary.synthesis[key] += Number(data[key] ?? 0);
        for (const key of ['published', 'held', 'notSynthesised', 'pendingSynthesis'] as const)
          summary.guard[key] += Number(data[key] ?? 0);
        summary.blindspots.prisma += Number(data.prisma ?? 0);
        summary.blindspots.fujaDaBolha += Number(data.fujaDaBolha ?? 0);
        summary.superseded += Number(data.superseded ?? 0);
        for (const [reason, count] of Object.entries((data.reasons as Record<string, number> | undefined) ?? {})) {
          summary.guard.reasons[reason] = (summary.guard.reasons[reason] ?? 0) + count;
        }
        progress({
          stage: 'store',
          message: `stories ${Math.min((batch + 1) * batchSize, clusters.length)}/${clusters.length}`,
          done: batch + 1,
          total: batches,
        });
      }
    });
    await finishRun(db, runId, summary as unknown as Record<string, unknown>);
    return summary;
  } catch (error) {
    await failRun(db, runId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    throw error;
  }
}
