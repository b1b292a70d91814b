/**
 * Stories with their articles, synthesised sentences (each citing article ids, SYN-3), publish
 * guard decisions (PG) and blindspot flags (BS-PR, BS-BR). Coverage and every decision come from
 * the methodology, computed by the pipeline; this module stores and reads them.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { HttpUrlSchema } from '@espectro/methodology';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { articles, blindspotFlags, guardDecisions, sources, stories, storyArticles, storySentences } from './schema.js';
import { parseStoreInput } from './validate.js';

const InstantSchema = z.iso.datetime({ offset: true });
const BucketSchema = z.enum(['left', 'center', 'right']);

/** Status of a story: `published` passed the guard; `held` failed it (reasons stored); the rest are pipeline states. */
export const StoryStatusSchema = z.enum([
  'published',
  'held',
  'not_synthesised',
  'pending_synthesis',
  'discarded',
  'superseded',
]);
/** @see {@link StoryStatusSchema} */
export type StoryStatus = z.infer<typeof StoryStatusSchema>;

/** Coverage as the methodology's `coverage` returns it (COV-1, COV-2). */
export const StoredCoverageSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  political: z.number().int().nonnegative(),
  nonPolitical: z.number().int().nonnegative(),
  counts: z.object({ left: z.number().int(), center: z.number().int(), right: z.number().int() }),
  percent: z.object({ left: z.number(), center: z.number(), right: z.number() }),
});
/** @see {@link StoredCoverageSchema} */
export type StoredCoverage = z.infer<typeof StoredCoverageSchema>;

/** Input of {@link saveStory}. */
export const SaveStoryInputSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().min(1),
    summary: z.string().nullable().optional(),
    status: StoryStatusSchema,
    tier: z.enum(['main', 'limited']).nullable().optional(),
    topic: z.string().nullable().optional(),
    country: z.string().nullable().optional(),
    backend: z.string().nullable().optional(),
    provenance: z.record(z.string(), z.unknown()).nullable().optional(),
    coverage: StoredCoverageSchema,
    articleIds: z.array(z.string().min(1)).min(1),
    outletCount: z.number().int().nonnegative(),
    firstPublishedAt: InstantSchema.nullable().optional(),
    lastPublishedAt: InstantSchema.nullable().optional(),
    imageUrl: HttpUrlSchema.nullable().optional(),
    /** The cover image's alt text from its article's feed; null when it gave none. */
    imageAlt: z.string().trim().min(1).max(1000).nullable().optional(),
    methodologyVersion: z.string().min(1),
    runId: z.string().nullable().optional(),
    /** Which embedder clustered the story's articles (e.g. `minilm-q8`, `offline-char-ngram-tfidf`). */
    clusterEmbedder: z.string().min(1).nullable().optional(),
    /** Which CLU-2 judge decided its grey-zone pairs (`none` without one). */
    clusterJudge: z.string().min(1).nullable().optional(),
    sentences: z.array(
      z.object({
        text: z.string().min(1),
        articleIds: z.array(z.string().min(1)).min(1),
        discrepancy: z.boolean().optional(),
      }),
    ),
    /** The publish guard's verdict (rule PG) with the input it was given; `null` when not evaluated (no tier). */
    guard: z
      .object({ publish: z.boolean(), reasons: z.array(z.string()), input: z.record(z.string(), z.unknown()) })
      .nullable()
      .optional(),
    /** Stored blindspot flags (BS-PR buckets, BS-BR side). */
    blindspots: z
      .object({ prisma: z.array(BucketSchema), fujaDaBolha: z.enum(['left', 'right']).nullable() })
      .nullable()
      .optional(),
    decidedAt: InstantSchema,
  })
  .superRefine((story, context) => {
    const ids = new Set(story.articleIds);
    story.sentences.forEach((sentence, index) => {
      sentence.articleIds.forEach((articleId, position) => {
        if (!ids.has(articleId)) {
          context.addIssue({
            code: 'custom',
            path: ['sentences', index, 'articleIds', position],
            message: `article "${articleId}" is not in the story (SYN-3)`,
          });
        }
      });
    });
  });
/** @see {@link SaveStoryInputSchema} */
export type SaveStoryInput = z.input<typeof SaveStoryInputSchema>;

/** A story as listed (no sentences). */
export interface StorySummary {
  id: string;
  title: string;
  summary: string | null;
  status: StoryStatus;
  tier: 'main' | 'limited' | null;
  topic: string | null;
  country: string | null;
  backend: string | null;
  coverage: StoredCoverage;
  outletCount: number;
  articleCount: number;
  firstPublishedAt: string | null;
  lastPublishedAt: string | null;
  imageUrl: string | null;
  /** The cover image's alt text from the feed; null when it gave none (the site then uses `alt=""`). */
  imageAlt: string | null;
  methodologyVersion: string;
  supersededBy: string | null;
  /** Which embedder clustered the story's articles (`null` for stories stored before it was recorded). */
  clusterEmbedder: string | null;
  /** Which CLU-2 judge decided its grey-zone pairs (`none` without one). */
  clusterJudge: string | null;
  /** Latest guard reasons (empty when published or not evaluated). */
  guardReasons: string[];
  blindspots: { prisma: string[]; fujaDaBolha: 'left' | 'right' | null };
  updatedAt: string;
}

/** An article of a story, with its outlet's rating as stored. */
export interface StorySource {
  articleId: string;
  title: string;
  url: string;
  domain: string;
  publishedAt: string | null;
  /** The article's image (the story's cover is one of these: the earliest one). */
  imageUrl: string | null;
  outlet: {
    name: string;
    scope: string | null;
    bias: string | null;
    factuality: string | null;
    confidence: string;
    illustrative: boolean;
  };
}

/** A story with its sentences, sources and latest guard decision. */
export interface StoryDetail extends StorySummary {
  provenance: Record<string, unknown> | null;
  sentences: { position: number; text: string; articleIds: string[]; discrepancy: boolean }[];
  sources: StorySource[];
  guard: {
    publish: boolean;
    reasons: string[];
    input: Record<string, unknown>;
    decidedAt: string;
    methodologyVersion: string;
  } | null;
}

/**
 * Inserts or replaces a story with its articles, sentences, guard decision and blindspot flags,
 * idempotently (re-saving in the same run replaces that run's guard decision). Run inside a
 * transaction.
 *
 * @example
 * await saveStory(tx, { id: 's1', title: '…', status: 'held', coverage, articleIds, outletCount: 3,
 *   methodologyVersion: 'v1.3-2026-12', sentences: [], guard, blindspots, decidedAt: now });
 */
export async function saveStory(executor: StoreExecutor, input: SaveStoryInput): Promise<void> {
  parseStoreInput(SaveStoryInputSchema, input, 'stories.save');
  await saveStories(executor, [input]);
}

/**
 * {@link saveStory} for many stories at once, in a fixed number of statements (what the pipeline
 * uses per batch). Run inside a transaction.
 *
 * @example
 * await saveStories(tx, batch);
 */
export async function saveStories(executor: StoreExecutor, inputs: readonly SaveStoryInput[]): Promise<void> {
  const operation = 'stories.save';
  if (inputs.length === 0) return;
  const batch = parseStoreInput(z.array(SaveStoryInputSchema), inputs, operation);
  const ids = batch.map((story) => story.id);
  if (new Set(ids).size !== ids.length)
    throw new StoreError({
      code: 'invalid_input',
      operation,
      field: 'id',
      message: 'a story appears twice in one batch',
    });
  const allArticleIds = [...new Set(batch.flatMap((story) => story.articleIds))];
  const present = new Set<string>();
  for (let start = 0; start < allArticleIds.length; start += 5000) {
    const rows = await executor
      .select({ id: articles.id })
      .from(articles)
      .where(inArray(articles.id, allArticleIds.slice(start, start + 5000)));
    for (const row of rows) present.add(row.id);
  }
  const missing = allArticleIds.filter((id) => !present.has(id));
  if (missing.length > 0)
    throw new StoreError({
      code: 'invalid_input',
      operation,
      field: 'articleIds',
      message: `unknown articles: ${missing.slice(0, 5).join(', ')}`,
    });
  const rows = batch.map((story) => {
    const decidedAt = new Date(story.decidedAt);
    return {
      id: story.id,
      title: story.title,
      summary: story.summary ?? null,
      status: story.status,
      tier: story.tier ?? null,
      topic: story.topic ?? null,
      country: story.country ?? null,
      backend: story.backend ?? null,
      provenance: story.provenance ?? null,
      coverage: story.coverage,
      outletCount: story.outletCount,
      articleCount: new Set(story.articleIds).size,
      firstPublishedAt: story.firstPublishedAt ? new Date(story.firstPublishedAt) : null,
      lastPublishedAt: story.lastPublishedAt ? new Date(story.lastPublishedAt) : null,
      imageUrl: story.imageUrl ?? null,
      imageAlt: story.imageUrl ? (story.imageAlt ?? null) : null,
      methodologyVersion: story.methodologyVersion,
      runId: story.runId ?? null,
      supersededBy: null,
      clusterEmbedder: story.clusterEmbedder ?? null,
      clusterJudge: story.clusterJudge ?? null,
      createdAt: decidedAt,
      updatedAt: decidedAt,
    };
  });
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  for (let start = 0; start < rows.length; start += 500) {
    await executor
      .insert(stories)
      .values(rows.slice(start, start + 500))
      .onConflictDoUpdate({
        target: stories.id,
        set: {
          title: excluded('title'),
          summary: excluded('summary'),
          status: excluded('status'),
          tier: excluded('tier'),
          topic: excluded('topic'),
          country: excluded('country'),
          backend: excluded('backend'),
          provenance: excluded('provenance'),
          coverage: excluded('coverage'),
          outletCount: excluded('outlet_count'),
          articleCount: excluded('article_count'),
          firstPublishedAt: excluded('first_published_at'),
          lastPublishedAt: excluded('last_published_at'),
          imageUrl: excluded('image_url'),
          imageAlt: excluded('image_alt'),
          methodologyVersion: excluded('methodology_version'),
          runId: excluded('run_id'),
          supersededBy: excluded('superseded_by'),
          clusterEmbedder: excluded('cluster_embedder'),
          clusterJudge: excluded('cluster_judge'),
          updatedAt: excluded('updated_at'),
        },
      });
  }
  // Members: only the pairs that changed are written (a grown story keeps its stored members).
  // `unstored` starts as every wanted member; a stored pair still wanted is struck from it, one no
  // longer wanted is deleted; what is left in it is inserted.
  const unstored = new Map(batch.map((story) => [story.id, new Set(story.articleIds)]));
  const stored = await executor
    .select({ storyId: storyArticles.storyId, articleId: storyArticles.articleId })
    .from(storyArticles)
    .where(inArray(storyArticles.storyId, ids));
  const leaving = new Map<string, string[]>();
  for (const row of stored) {
    if (unstored.get(row.storyId)!.delete(row.articleId)) continue;
    const list = leaving.get(row.storyId);
    if (list === undefined) leaving.set(row.storyId, [row.articleId]);
    else list.push(row.articleId);
  }
  for (const [storyId, articleIds] of leaving)
    await executor
      .delete(storyArticles)
      .where(and(eq(storyArticles.storyId, storyId), inArray(storyArticles.articleId, articleIds)));
  const members = [...unstored].flatMap(([storyId, articleIds]) =>
    [...articleIds].map((articleId) => ({ storyId, articleId })),
  );
  for (let start = 0; start < members.length; start += 5000)
    await executor.insert(storyArticles).values(members.slice(start, start + 5000));
  await executor.delete(storySentences).where(inArray(storySentences.storyId, ids));
  const sentences = batch.flatMap((story) =>
    story.sentences.map((sentence, position) => ({
      storyId: story.id,
      position,
      text: sentence.text,
      articleIds: sentence.articleIds,
      discrepancy: sentence.discrepancy ?? false,
    })),
  );
  for (let start = 0; start < sentences.length; start += 2000)
    await executor.insert(storySentences).values(sentences.slice(start, start + 2000));
  const withRun = batch.filter((story) => story.guard && story.runId);
  for (const runId of new Set(withRun.map((story) => story.runId!))) {
    await executor.delete(guardDecisions).where(
      and(
        inArray(
          guardDecisions.storyId,
          withRun.filter((story) => story.runId === runId).map((story) => story.id),
        ),
        eq(guardDecisions.runId, runId),
      ),
    );
  }
  const decisions = batch
    .filter((story) => story.guard)
    .map((story) => ({
      storyId: story.id,
      decidedAt: new Date(story.decidedAt),
      publish: story.guard!.publish,
      reasons: story.guard!.reasons,
      input: story.guard!.input,
      methodologyVersion: story.methodologyVersion,
      runId: story.runId ?? null,
    }));
  for (let start = 0; start < decisions.length; start += 1000)
    await executor.insert(guardDecisions).values(decisions.slice(start, start + 1000));
  const flags = batch
    .filter((story) => story.blindspots)
    .flatMap((story) => [
      {
        storyId: story.id,
        formula: 'prisma' as const,
        buckets: [...story.blindspots!.prisma],
        computedAt: new Date(story.decidedAt),
        methodologyVersion: story.methodologyVersion,
      },
      {
        storyId: story.id,
        formula: 'fuja_da_bolha' as const,
        buckets: story.blindspots!.fujaDaBolha === null ? [] : [story.blindspots!.fujaDaBolha],
        computedAt: new Date(story.decidedAt),
        methodologyVersion: story.methodologyVersion,
      },
    ]);
  for (let start = 0; start < flags.length; start += 2000) {
    await executor
      .insert(blindspotFlags)
      .values(flags.slice(start, start + 2000))
      .onConflictDoUpdate({
        target: [blindspotFlags.storyId, blindspotFlags.formula],
        set: {
          buckets: excluded('buckets'),
          computedAt: excluded('computed_at'),
          methodologyVersion: excluded('methodology_version'),
        },
      });
  }
}

/**
 * Marks as `superseded` every other live story that shares an article with one of the given
 * stories (what happens when a re-clustering merges or splits earlier stories), pointing it at the
 * story that took the article. Returns the superseded ids.
 *
 * @example
 * await supersedeOverlappingStories(tx, [{ id: 'a_12…', articleIds }]);
 */
export async function supersedeOverlappingStories(
  executor: StoreExecutor,
  current: readonly { id: string; articleIds: readonly string[] }[],
  at: string,
): Promise<string[]> {
  const owner = new Map<string, string>();
  for (const story of current) for (const articleId of story.articleIds) owner.set(articleId, story.id);
  if (owner.size === 0) return [];
  const currentIds = new Set(current.map((story) => story.id));
  const rows: { storyId: string; articleId: string }[] = [];
  const allArticles = [...owner.keys()];
  for (let start = 0; start < allArticles.length; start += 5000) {
    rows.push(
      ...(await executor
        .select({ storyId: storyArticles.storyId, articleId: storyArticles.articleId })
        .from(storyArticles)
        .innerJoin(stories, eq(stories.id, storyArticles.storyId))
        .where(
          and(
            inArray(storyArticles.articleId, allArticles.slice(start, start + 5000)),
            ne(stories.status, 'superseded'),
          ),
        )),
    );
  }
  const successor = new Map<string, string>();
  for (const row of rows)
    if (!currentIds.has(row.storyId) && !successor.has(row.storyId))
      successor.set(row.storyId, owner.get(row.articleId)!);
  for (const [storyId, supersededBy] of successor) {
    await executor
      .update(stories)
      .set({ status: 'superseded', supersededBy, updatedAt: new Date(at) })
      .where(eq(stories.id, storyId));
  }
  return [...successor.keys()].sort();
}

type StoryRow = typeof stories.$inferSelect;

async function flagsAndReasons(
  executor: StoreExecutor,
  ids: string[],
): Promise<{ flags: Map<string, StorySummary['blindspots']>; reasons: Map<string, string[]> }> {
  const flags = new Map<string, StorySummary['blindspots']>();
  const reasons = new Map<string, string[]>();
  if (ids.length === 0) return { flags, reasons };
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    const flagRows = await executor.select().from(blindspotFlags).where(inArray(blindspotFlags.storyId, chunk));
    for (const row of flagRows) {
      const entry = flags.get(row.storyId) ?? { prisma: [], fujaDaBolha: null };
      if (row.formula === 'prisma') entry.prisma = row.buckets;
      else entry.fujaDaBolha = (row.buckets[0] as 'left' | 'right' | undefined) ?? null;
      flags.set(row.storyId, entry);
    }
    const guardRows = await executor
      .selectDistinctOn([guardDecisions.storyId], { storyId: guardDecisions.storyId, reasons: guardDecisions.reasons })
      .from(guardDecisions)
      .where(inArray(guardDecisions.storyId, chunk))
      .orderBy(guardDecisions.storyId, desc(guardDecisions.id));
    for (const row of guardRows) reasons.set(row.storyId, row.reasons);
  }
  return { flags, reasons };
}

function summaryFromRow(
  row: StoryRow,
  flags: StorySummary['blindspots'] | undefined,
  reasons: string[] | undefined,
): StorySummary {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    status: row.status,
    tier: row.tier,
    topic: row.topic,
    country: row.country,
    backend: row.backend,
    coverage: row.coverage as StoredCoverage,
    outletCount: row.outletCount,
    articleCount: row.articleCount,
    firstPublishedAt: row.firstPublishedAt?.toISOString() ?? null,
    lastPublishedAt: row.lastPublishedAt?.toISOString() ?? null,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    methodologyVersion: row.methodologyVersion,
    supersededBy: row.supersededBy,
    clusterEmbedder: row.clusterEmbedder,
    clusterJudge: row.clusterJudge,
    guardReasons: reasons ?? [],
    blindspots: flags ?? { prisma: [], fujaDaBolha: null },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Filter of {@link listStories}. */
export interface ListStoriesFilter {
  /** Default: every status but `superseded`. */
  status?: StoryStatus | readonly StoryStatus[];
  /** Only stories with a blindspot flag (either formula). */
  blindspot?: boolean;
  limit?: number;
  offset?: number;
}

/**
 * Stories with their coverage, newest first (by latest article), then by id.
 *
 * @example
 * const front = await listStories(db, { status: 'published', limit: 20 });
 */
export async function listStories(executor: StoreExecutor, filter: ListStoriesFilter = {}): Promise<StorySummary[]> {
  const statuses =
    filter.status === undefined
      ? undefined
      : Array.isArray(filter.status)
        ? [...filter.status]
        : [filter.status as StoryStatus];
  const conditions = [statuses ? inArray(stories.status, statuses) : ne(stories.status, 'superseded')];
  if (filter.blindspot) {
    conditions.push(
      inArray(
        stories.id,
        executor
          .select({ id: blindspotFlags.storyId })
          .from(blindspotFlags)
          .where(sql`jsonb_array_length(${blindspotFlags.buckets}) > 0`),
      ),
    );
  }
  let query = executor
    .select()
    .from(stories)
    .where(and(...conditions))
    .orderBy(sql`${stories.lastPublishedAt} DESC NULLS LAST`, asc(stories.id))
    .$dynamic();
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset !== undefined) query = query.offset(filter.offset);
  const rows = await query;
  const { flags, reasons } = await flagsAndReasons(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summaryFromRow(row, flags.get(row.id), reasons.get(row.id)));
}

/**
 * One story with its sentences, its sources (every article with its outlet's stored rating) and
 * its latest guard decision; `undefined` if there is no such story.
 *
 * @example
 * const story = await getStory(db, 'a_3f…');
 * story?.sentences[0]?.articleIds; // the articles backing the first sentence
 */
export async function getStory(executor: StoreExecutor, id: string): Promise<StoryDetail | undefined> {
  const [row] = await executor.select().from(stories).where(eq(stories.id, id));
  if (row === undefined) return undefined;
  const { flags, reasons } = await flagsAndReasons(executor, [id]);
  const sentences = await executor
    .select()
    .from(storySentences)
    .where(eq(storySentences.storyId, id))
    .orderBy(asc(storySentences.position));
  const sourceRows = await executor
    .select({
      articleId: articles.id,
      title: articles.title,
      url: articles.url,
      domain: articles.domain,
      publishedAt: articles.publishedAt,
      imageUrl: articles.imageUrl,
      name: sources.name,
      scope: sources.scope,
      bias: sources.bias,
      factuality: sources.factuality,
      confidence: sources.confidence,
      evidence: sources.ratingEvidence,
    })
    .from(storyArticles)
    .innerJoin(articles, eq(articles.id, storyArticles.articleId))
    .innerJoin(sources, eq(sources.domain, articles.domain))
    .where(eq(storyArticles.storyId, id))
    .orderBy(sql`${articles.publishedAt} ASC NULLS LAST`, asc(articles.id));
  const [guard] = await executor
    .select()
    .from(guardDecisions)
    .where(eq(guardDecisions.storyId, id))
    .orderBy(desc(guardDecisions.id))
    .limit(1);
  return {
    ...summaryFromRow(row, flags.get(id), reasons.get(id)),
    provenance: row.provenance,
    sentences: sentences.map((sentence) => ({
      position: sentence.position,
      text: sentence.text,
      articleIds: sentence.articleIds,
      discrepancy: sentence.discrepancy,
    })),
    sources: sourceRows.map((source) => ({
      articleId: source.articleId,
      title: source.title,
      url: source.url,
      domain: source.domain,
      publishedAt: source.publishedAt?.toISOString() ?? null,
      imageUrl: source.imageUrl,
      outlet: {
        name: source.name,
        scope: source.scope,
        bias: source.bias,
        factuality: source.factuality,
        confidence: source.confidence,
        illustrative: 'illustrative' in source.evidence && source.evidence.illustrative === true,
      },
    })),
    guard: guard
      ? {
          publish: guard.publish,
          reasons: guard.reasons,
          input: guard.input,
          decidedAt: guard.decidedAt.toISOString(),
          methodologyVersion: guard.methodologyVersion,
        }
      : null,
  };
}

/** Number of stories per status (superseded included). */
export async function countStoriesByStatus(executor: StoreExecutor): Promise<Record<string, number>> {
  const rows = await executor
    .select({ status: stories.status, count: sql<number>`count(*)::int` })
    .from(stories)
    .groupBy(stories.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * Marks live stories as `superseded` (their cluster was merged into another, split, or lost its
 * second outlet), each pointing at the story that took its articles, or `null` when none did.
 * Stories already superseded are left as they are. Returns the ids it changed.
 *
 * @example
 * await retireStories(tx, [{ id: 'a_1…', supersededBy: 'a_0…' }], new Date());
 */
export async function retireStories(
  executor: StoreExecutor,
  retired: readonly { id: string; supersededBy: string | null }[],
  at: Date,
): Promise<string[]> {
  const changed: string[] = [];
  for (const story of retired) {
    const rows = await executor
      .update(stories)
      .set({ status: 'superseded', supersededBy: story.supersededBy, updatedAt: at })
      .where(and(eq(stories.id, story.id), ne(stories.status, 'superseded')))
      .returning({ id: stories.id });
    if (rows.length > 0) changed.push(story.id);
  }
  return changed.sort();
}

/** Stories by id with their status, country and publication time (the fields the pipeline's story stage compares). */
export async function storyStates(
  executor: StoreExecutor,
  ids: readonly string[],
): Promise<Map<string, { status: StoryStatus; country: string | null; lastPublishedAt: Date | null }>> {
  const result = new Map<string, { status: StoryStatus; country: string | null; lastPublishedAt: Date | null }>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await executor
      .select({
        id: stories.id,
        status: stories.status,
        country: stories.country,
        lastPublishedAt: stories.lastPublishedAt,
      })
      .from(stories)
      .where(inArray(stories.id, unique.slice(start, start + 1000)));
    for (const row of rows) result.set(row.id, row);
  }
  return result;
}
