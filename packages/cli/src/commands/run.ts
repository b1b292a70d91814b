/**
 * `espectro run`: the story pipeline — rate the roster, ingest feeds, cluster headlines,
 * synthesise, guard, store — into the embedded database (or `DATABASE_URL`). Every unit of work is
 * committed together with a checkpoint, so a run that is killed resumes where it stopped (same
 * input → same run) and a finished run re-run changes nothing: no article or story is duplicated
 * or lost. Every rule comes from `@espectro/methodology` (through `@espectro/synthesis`'s
 * `assembleStory` and the clustering package).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { clusterArticles, createOfflineEmbedder } from '@espectro/clustering';
import { ingestSources, type IngestSource, type NewsApiMapping, type NewsApiPreset } from '@espectro/ingest';
import { IsoDateSchema, rateOutlet } from '@espectro/methodology';
import {
  checkpoint,
  enqueueRetry,
  ensurePreliminaryOutlets,
  failRun,
  finishRun,
  insertArticles,
  listArticles,
  listOutlets,
  openStore,
  rateOutletInputFromEvidence,
  recordOutletRating,
  RosterEntrySchema,
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
import { z } from 'zod';
import { InputFileError } from '../errors.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro run [--data DIR | --demo] [--db DIR] [--as-of DATE] [--batch N] [--quiet] [--json]

Runs the story pipeline on a data folder and stores the result:
  rate        rate every outlet of DIR/outlets.json with the methodology (rateOutlet)
  ingest      read every feed in DIR/feeds/ (RSS, Atom, RDF; JSON news-API payloads)
  cluster     group headlines about the same event (offline TF-IDF embedder unless a model is installed)
  synthesise  write each story (LLM chain with API keys, else the offline extractive synthesiser)
  guard       tier, coverage, publish guard and blindspots (methodology rules)
  store       save stories, sentences, guard decisions and blindspot flags
The database is .espectro/db (embedded PostgreSQL) unless --db or DATABASE_URL says otherwise.
A run that is interrupted is resumed by running the same command again.

  --data DIR    data folder (outlets.json + feeds/); --demo uses the bundled examples/demo-data
  --db DIR      embedded database folder (default .espectro/db)
  --as-of DATE  rating date (default: the roster's asOf)
  --batch N     stories per committed batch (default 100)
  --quiet       no progress on stderr
  --json        print the summary as JSON
Exit codes: 0 done, 1 a stage failed (run again to resume), 2 usage error, 3 invalid data.`;

/** Where the bundled demo data lives (examples/demo-data in the repository). */
export function demoDataDirectory(cwd: string = process.cwd()): string {
  const starts: string[] = [cwd];
  try {
    starts.unshift(dirname(fileURLToPath(import.meta.url)));
  } catch {
    // CommonJS build without import.meta.url: search from the working directory only.
  }
  for (const start of starts) {
    let directory = start;
    for (let depth = 0; depth < 6; depth += 1) {
      const candidate = join(directory, 'examples', 'demo-data');
      if (existsSync(join(candidate, 'outlets.json'))) return candidate;
      directory = dirname(directory);
    }
  }
  return resolve(cwd, 'examples', 'demo-data');
}

const RosterFileSchema = z.object({
  note: z.string().optional(),
  asOf: IsoDateSchema,
  outlets: z.array(RosterEntrySchema),
});

const ManifestSchema = z.object({
  sources: z.array(
    z.object({
      file: z.string().min(1),
      kind: z.enum(['feed', 'json']).optional(),
      mapping: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
      outlet: z.string().optional(),
    }),
  ),
});

/** A progress event (stderr). */
export interface RunProgress {
  stage: 'rate' | 'ingest' | 'cluster' | 'synthesise' | 'guard' | 'store';
  message: string;
  done?: number;
  total?: number;
}

/** Options of {@link runPipeline}. */
export interface RunPipelineOptions {
  dataDirectory: string;
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

interface SourceFile {
  path: string;
  name: string;
  kind: 'feed' | 'json';
  mapping?: NewsApiPreset | NewsApiMapping;
  outlet?: string;
  sha256: string;
}

async function readJson(path: string, label: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputFileError(
      `${label} not found or unreadable (${path}): ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputFileError(`${label} is not valid JSON: ${(error as Error).message}`);
  }
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((left, right) => (left.name < right.name ? -1 : 1))) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else files.push(path);
  }
  return files;
}

async function discoverSources(dataDirectory: string): Promise<SourceFile[]> {
  const feedsDirectory = join(dataDirectory, 'feeds');
  if (!existsSync(feedsDirectory))
    throw new InputFileError(`no feeds/ folder in ${dataDirectory}: put RSS/Atom files or JSON payloads there`);
  const manifestPath = join(dataDirectory, 'feeds.json');
  const manifest = existsSync(manifestPath)
    ? ManifestSchema.parse(await readJson(manifestPath, 'feeds.json'))
    : { sources: [] };
  const byFile = new Map(manifest.sources.map((entry) => [entry.file, entry]));
  const files = (await listFiles(feedsDirectory)).filter((path) => /\.(xml|rss|atom|rdf|json)$/i.test(path));
  const sources: SourceFile[] = [];
  for (const path of files) {
    const name = relative(dataDirectory, path).split('\\').join('/');
    const entry = byFile.get(name) ?? byFile.get(relative(feedsDirectory, path));
    const kind = entry?.kind ?? (/\.json$/i.test(path) ? 'json' : 'feed');
    const info = await stat(path);
    const sha256 = createHash('sha256')
      .update(`${name}\u0000${info.size}\u0000${info.mtimeMs}`)
      .digest('hex')
      .slice(0, 16);
    sources.push({
      path,
      name,
      kind,
      ...(entry?.mapping !== undefined ? { mapping: entry.mapping as NewsApiPreset | NewsApiMapping } : {}),
      ...(entry?.outlet !== undefined ? { outlet: entry.outlet } : {}),
      sha256,
    });
  }
  return sources;
}

function synthesisRoster(outlets: readonly Outlet[]): Roster {
  const entries: RosterOutletInput[] = [];
  for (const outlet of outlets) {
    if (outlet.scope === null) continue; // preliminary: not in the roster (RULES §10)
    const ownership = outlet.ratingEvidence.ownership as { owner_type?: string } | undefined;
    const base = {
      domain: outlet.domain,
      name: outlet.name,
      ...(outlet.aliases.length > 0 ? { aliases: outlet.aliases } : {}),
      factuality: outlet.factuality,
      factualityScore: outlet.factualityScore,
      ownerType: (ownership?.owner_type ?? null) as RosterOutletInput['ownerType'],
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

  const dataDirectory = resolve(options.dataDirectory);
  const rosterFile = RosterFileSchema.parse(await readJson(join(dataDirectory, 'outlets.json'), 'outlets.json'));
  const asOf = options.asOf ?? rosterFile.asOf;
  const sources = await discoverSources(dataDirectory);
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
          const rating = rateOutlet(rateOutletInputFromEvidence(entry.evidence, { scope: entry.scope, asOf }));
          const result = await recordOutletRating(tx, {
            domain: entry.domain,
            name: entry.name,
            country: entry.country ?? null,
            language: entry.language ?? null,
            scope: entry.scope,
            factualityScore: entry.factualityScore ?? null,
            bodyLicensed: entry.bodyLicensed ?? false,
            aliases: entry.aliases ?? [],
            evidence: entry.evidence,
            rating,
            ratedAt: `${asOf}T00:00:00.000Z`,
            ...(entry.changeCause ? { cause: entry.changeCause } : {}),
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
          const content = await readFile(source.path);
          const input: IngestSource = {
            name: source.name,
            kind: source.kind,
            content,
            ...(source.mapping !== undefined ? { mapping: source.mapping } : {}),
            ...(source.outlet !== undefined ? { outlet: source.outlet } : {}),
          };
          const result = ingestSources([input], { roster: rosterRefs, seenAt });
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

function crashHooks(
  env: Record<string, string | undefined>,
): Pick<RunPipelineOptions, 'afterCheckpoint' | 'beforeCommit'> {
  const at = Number(env.ESPECTRO_CRASH_AT_CHECKPOINT ?? '');
  if (!Number.isInteger(at) || at < 1) return {};
  // Test hook: die like a killed process (no cleanup) at checkpoint N, before or after it commits.
  const crash = () => process.kill(process.pid, 'SIGKILL');
  return env.ESPECTRO_CRASH_MODE === 'before-commit'
    ? { beforeCommit: (ordinal) => (ordinal === at ? crash() : undefined) }
    : { afterCheckpoint: (ordinal) => (ordinal === at ? crash() : undefined) };
}

function printSummary(io: CliIo, summary: RunSummary): void {
  const line = (text: string) => io.stdout(`${text}\n`);
  line(
    `Espectro run ${summary.runId}${summary.resumed ? ' (resumed)' : ''} — ${summary.database.backend} at ${summary.database.location}`,
  );
  line(
    `  outlets     ${summary.outlets.roster} in the roster (as of ${summary.asOf}); ${summary.outlets.preliminaryAdded} new preliminary (PRELIM)`,
  );
  line(
    `  ingest      ${summary.ingest.sources} sources, ${summary.ingest.items} items → ${summary.ingest.inserted} new articles, ${summary.ingest.duplicates} duplicates, ${summary.ingest.undated} without date`,
  );
  for (const failure of summary.ingest.failed)
    line(`              ✗ ${failure.source}: ${failure.message.replace(`@espectro/ingest ${failure.source}: `, '')}`);
  line(
    `  cluster     ${summary.clustering.articles} headlines → ${summary.clustering.clusters} clusters; ${summary.clustering.stories} stories with 2+ outlets (${summary.clustering.embedder})`,
  );
  line(
    `  synthesise  ${summary.synthesis.synthesised} synthesised, ${summary.synthesis.belowTier} below tier (TIER), ${summary.synthesis.failed} failed → retry queue (${summary.synthesis.backend})`,
  );
  const reasons = Object.entries(summary.guard.reasons)
    .sort((left, right) => right[1] - left[1])
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  line(
    `  guard       ${summary.guard.published} published, ${summary.guard.held} held${reasons ? ` (${reasons})` : ''}, ${summary.guard.notSynthesised} not synthesised`,
  );
  line(
    `  blindspots  ${summary.blindspots.prisma} Prisma (BS-PR), ${summary.blindspots.fujaDaBolha} Fuja da Bolha (BS-BR)`,
  );
  line(
    `  time        ${Object.entries(summary.stages)
      .map(([stage, ms]) => `${stage} ${(ms / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  line(`See a story with \`espectro story <id>\`; export open data with \`espectro export\`.`);
}

/** `espectro run`: the pipeline, resumable, with progress on stderr and a summary. */
export const runCommand: CliCommand = {
  name: 'run',
  summary: 'Run the story pipeline (ingest → cluster → rate → synthesise → guard → store)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        data: { type: 'string' },
        demo: { type: 'boolean' },
        db: { type: 'string' },
        'as-of': { type: 'string' },
        batch: { type: 'string' },
        quiet: { type: 'boolean' },
        json: { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0)
      throw new UsageError(`unexpected argument "${positionals[0]}" (did you mean --data ${positionals[0]}?)`);
    if (values.demo && values.data) throw new UsageError('use either --demo or --data DIR, not both');
    if (!values.demo && !values.data)
      throw new UsageError('say what to run on: --data DIR (a folder with outlets.json and feeds/) or --demo');
    const batch = values.batch === undefined ? undefined : Number(values.batch);
    if (batch !== undefined && (!Number.isInteger(batch) || batch < 1))
      throw new UsageError('--batch must be a positive integer');
    if (values['as-of'] !== undefined && !IsoDateSchema.safeParse(values['as-of']).success)
      throw new UsageError('--as-of must be a date like 2026-04-27');
    const dataDirectory = values.demo ? demoDataDirectory(io.cwd) : resolve(io.cwd, values.data!);
    if (!existsSync(join(dataDirectory, 'outlets.json')))
      throw new InputFileError(`no outlets.json in ${dataDirectory}`);
    const store = await openStore({ cwd: io.cwd, env: io.env, ...(values.db ? { dataDir: values.db } : {}) });
    const quiet = values.quiet === true;
    try {
      const summary = await runPipeline({
        dataDirectory,
        store,
        env: io.env,
        ...(values['as-of'] ? { asOf: values['as-of'] } : {}),
        ...(batch ? { batchSize: batch } : {}),
        onProgress: (event) => {
          if (quiet) return;
          const count = event.total !== undefined ? ` [${event.done}/${event.total}]` : '';
          io.stderr(`${event.stage.padEnd(10)}${count} ${event.message}\n`);
        },
        ...crashHooks(io.env),
      });
      if (values.json) io.stdout(`${JSON.stringify(summary, null, 2)}\n`);
      else printSummary(io, summary);
      return ExitCode.ok;
    } catch (error) {
      if (error instanceof z.ZodError || error instanceof InputFileError || error instanceof UsageError) throw error;
      io.stderr(
        `espectro run: stopped (${error instanceof Error ? error.message : String(error)}). Run the same command again to resume from the last checkpoint.\n`,
      );
      return ExitCode.failure;
    } finally {
      await store.close();
    }
  },
};
