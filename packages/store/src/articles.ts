/**
 * Articles: inserted once per canonical URL, and once per near-identical title within a domain
 * (same normalised title published within a few days). Bodies are stored only for outlets whose
 * licence allows it (`sources.body_licensed`).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { HttpUrlSchema } from '@espectro/methodology';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { articles, sources } from './schema.js';
import { parseStoreInput } from './validate.js';

/** Days within which two articles of one domain with the same normalised title are the same article. */
export const NEAR_DUPLICATE_TITLE_DAYS = 7;

/**
 * The stable id of an article: `a_` + the first 24 hex digits of the SHA-256 of its canonical URL.
 *
 * @example
 * articleIdFor('https://elpais.com/espana/2026-04-27/x.html'); // 'a_3f…'
 */
export function articleIdFor(canonicalUrl: string): string {
  return `a_${createHash('sha256').update(canonicalUrl).digest('hex').slice(0, 24)}`;
}

const InstantSchema = z.iso.datetime({ offset: true });

/** One article to insert (as `@espectro/ingest` produces it). */
export const ArticleInputSchema = z.object({
  /** The article's page: an absolute http(s) URL (issue 21 §2 — a `javascript:` link is refused here too). */
  url: HttpUrlSchema,
  canonicalUrl: HttpUrlSchema,
  domain: z.string().min(1),
  title: z.string().min(1),
  /** Normalised title used for near-duplicate detection (see `@espectro/ingest` `titleKey`). */
  titleKey: z.string().min(1),
  description: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  imageUrl: HttpUrlSchema.nullable().optional(),
  /** The image's alt text as the feed gave it; null or absent when it gave none (never invented). */
  imageAlt: z.string().trim().min(1).max(1000).nullable().optional(),
  language: z.string().nullable().optional(),
  publishedAt: InstantSchema.nullable().optional(),
  firstSeenAt: InstantSchema,
  feed: z.string().nullable().optional(),
  runId: z.string().nullable().optional(),
});
/** @see {@link ArticleInputSchema} */
export type ArticleInput = z.input<typeof ArticleInputSchema>;

/** A stored article (dates as ISO strings). */
export interface StoredArticle {
  id: string;
  url: string;
  canonicalUrl: string;
  domain: string;
  title: string;
  description: string | null;
  body: string | null;
  imageUrl: string | null;
  /** The image's alt text from the feed; null when it gave none. */
  imageAlt: string | null;
  language: string | null;
  publishedAt: string | null;
  firstSeenAt: string;
  feed: string | null;
}

/** Why an input article was not inserted. */
export interface DuplicateArticle {
  /** Position in the input. */
  index: number;
  reason: 'canonical_url' | 'near_identical_title';
  /** The article it duplicates (stored, or earlier in the same input). */
  existingId: string;
}

/** What {@link insertArticles} did. */
export interface InsertArticlesResult {
  inserted: { index: number; id: string }[];
  duplicates: DuplicateArticle[];
  /** Bodies dropped because the outlet's licence does not allow storing them. */
  bodiesDropped: number;
}

const DAY_MS = 86_400_000;

function articleTime(article: { publishedAt?: string | null | undefined; firstSeenAt: string }): number {
  return Date.parse(article.publishedAt ?? article.firstSeenAt);
}

/**
 * Inserts articles, skipping duplicates by canonical URL and by near-identical title within a
 * domain ({@link NEAR_DUPLICATE_TITLE_DAYS}). Every domain must already be an outlet (rostered or
 * preliminary). Run it inside a transaction: it takes a per-domain advisory lock so that
 * concurrent ingesters cannot both insert the same title.
 *
 * @example
 * const { inserted, duplicates } = await insertArticles(tx, ingested);
 */
export async function insertArticles(
  executor: StoreExecutor,
  input: readonly ArticleInput[],
): Promise<InsertArticlesResult> {
  const operation = 'articles.insert';
  const parsed = parseStoreInput(z.array(ArticleInputSchema), input, operation);
  const result: InsertArticlesResult = { inserted: [], duplicates: [], bodiesDropped: 0 };
  if (parsed.length === 0) return result;
  const domains = [...new Set(parsed.map((article) => article.domain))].sort();
  const outletRows = await executor
    .select({ domain: sources.domain, bodyLicensed: sources.bodyLicensed })
    .from(sources)
    .where(inArray(sources.domain, domains));
  const licensed = new Map(outletRows.map((row) => [row.domain, row.bodyLicensed]));
  const missing = domains.filter((domain) => !licensed.has(domain));
  if (missing.length > 0) {
    throw new StoreError({
      code: 'invalid_input',
      operation,
      field: 'domain',
      message: `no outlet for ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}; add rostered outlets or ensurePreliminaryOutlets() first`,
    });
  }
  await executor.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('espectro:articles:' || d)) FROM unnest(ARRAY[${sql.join(
      domains.map((domain) => sql`${domain}`),
      sql`, `,
    )}]::text[]) AS d ORDER BY d`,
  );

  // Stored articles that could be near-identical titles of the input.
  const titleKeys = [...new Set(parsed.map((article) => article.titleKey))];
  const existingByTitle = new Map<string, { id: string; time: number }[]>();
  for (let start = 0; start < titleKeys.length; start += 1000) {
    const rows = await executor
      .select({
        id: articles.id,
        domain: articles.domain,
        titleKey: articles.titleKey,
        publishedAt: articles.publishedAt,
        firstSeenAt: articles.firstSeenAt,
      })
      .from(articles)
      .where(and(inArray(articles.domain, domains), inArray(articles.titleKey, titleKeys.slice(start, start + 1000))));
    for (const row of rows) {
      const key = `${row.domain}\u0000${row.titleKey}`;
      const list = existingByTitle.get(key) ?? [];
      list.push({ id: row.id, time: (row.publishedAt ?? row.firstSeenAt).getTime() });
      existingByTitle.set(key, list);
    }
  }
  const seenCanonical = new Map<string, string>();
  const candidates: { index: number; row: typeof articles.$inferInsert }[] = [];
  parsed.forEach((article, index) => {
    const id = articleIdFor(article.canonicalUrl);
    const earlier = seenCanonical.get(article.canonicalUrl);
    if (earlier !== undefined) {
      result.duplicates.push({ index, reason: 'canonical_url', existingId: earlier });
      return;
    }
    const key = `${article.domain}\u0000${article.titleKey}`;
    const time = articleTime(article);
    const twin = (existingByTitle.get(key) ?? []).find(
      (other) => Math.abs(other.time - time) <= NEAR_DUPLICATE_TITLE_DAYS * DAY_MS && other.id !== id,
    );
    if (twin) {
      result.duplicates.push({ index, reason: 'near_identical_title', existingId: twin.id });
      return;
    }
    seenCanonical.set(article.canonicalUrl, id);
    existingByTitle.set(key, [...(existingByTitle.get(key) ?? []), { id, time }]);
    const keepBody = licensed.get(article.domain) === true;
    if (!keepBody && article.body) result.bodiesDropped += 1;
    candidates.push({
      index,
      row: {
        id,
        canonicalUrl: article.canonicalUrl,
        url: article.url,
        domain: article.domain,
        title: article.title,
        titleKey: article.titleKey,
        description: article.description ?? null,
        body: keepBody ? (article.body ?? null) : null,
        imageUrl: article.imageUrl ?? null,
        imageAlt: article.imageUrl ? (article.imageAlt ?? null) : null,
        language: article.language ?? null,
        publishedAt: article.publishedAt ? new Date(article.publishedAt) : null,
        firstSeenAt: new Date(article.firstSeenAt),
        feed: article.feed ?? null,
        runId: article.runId ?? null,
      },
    });
  });
  for (let start = 0; start < candidates.length; start += 500) {
    const chunk = candidates.slice(start, start + 500);
    const inserted = await executor
      .insert(articles)
      .values(chunk.map((candidate) => candidate.row))
      .onConflictDoNothing({ target: articles.canonicalUrl })
      .returning({ id: articles.id });
    const insertedIds = new Set(inserted.map((row) => row.id));
    for (const candidate of chunk) {
      if (insertedIds.has(candidate.row.id!)) result.inserted.push({ index: candidate.index, id: candidate.row.id! });
      else result.duplicates.push({ index: candidate.index, reason: 'canonical_url', existingId: candidate.row.id! });
    }
  }
  result.duplicates.sort((left, right) => left.index - right.index);
  return result;
}

/** Filter of {@link listArticles}. */
export interface ListArticlesFilter {
  ids?: readonly string[];
  domain?: string;
  /** Articles whose date (published, else first seen) is at or after this instant. */
  since?: string;
  until?: string;
  limit?: number;
}

type ArticleRow = typeof articles.$inferSelect;

function storedArticle(row: ArticleRow): StoredArticle {
  return {
    id: row.id,
    url: row.url,
    canonicalUrl: row.canonicalUrl,
    domain: row.domain,
    title: row.title,
    description: row.description,
    body: row.body,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    language: row.language,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    firstSeenAt: row.firstSeenAt.toISOString(),
    feed: row.feed,
  };
}

/**
 * Articles in id order, optionally filtered by ids, domain and date range.
 *
 * @example
 * const recent = await listArticles(db, { since: '2026-04-24T00:00:00Z' });
 */
export async function listArticles(executor: StoreExecutor, filter: ListArticlesFilter = {}): Promise<StoredArticle[]> {
  const conditions = [];
  const when = sql`coalesce(${articles.publishedAt}, ${articles.firstSeenAt})`;
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    conditions.push(inArray(articles.id, [...filter.ids]));
  }
  if (filter.domain) conditions.push(eq(articles.domain, filter.domain));
  if (filter.since) conditions.push(gte(when, new Date(filter.since)));
  if (filter.until) conditions.push(lte(when, new Date(filter.until)));
  const query = executor
    .select()
    .from(articles)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(articles.id));
  const rows = filter.limit !== undefined ? await query.limit(filter.limit) : await query;
  return rows.map(storedArticle);
}

/** Number of stored articles. */
export async function countArticles(executor: StoreExecutor): Promise<number> {
  const [row] = await executor.select({ count: sql<number>`count(*)::int` }).from(articles);
  return Number(row?.count ?? 0);
}
