/**
 * The stored inputs of the content lifecycle (issue 16 §3): the daily rolling content bucket of
 * each outlet (`outlet_content_series`, the series REV-1 drift is decided from), the outlet's stored
 * articles as the `ArticleSource` the content analysis of `@espectro/rating` reads, and article
 * counts per outlet and window (REV-2). Nothing here decides a rule.
 */
import { ContentBucketResultSchema, IsoDateSchema, type ContentBucketResult } from '@espectro/methodology';
import type { Article, ArticleQuery, ArticleSource } from '@espectro/rating';
import { and, asc, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { outletContentSeries } from './schema-lifecycle.js';
import { articles } from './schema.js';
import { parseStoreInput } from './validate.js';

/** One day of an outlet's content series. */
export const ContentWindowSchema = z.strictObject({
  domain: z.string().min(1),
  /** The day the rolling window ends on. */
  day: IsoDateSchema,
  windowStart: IsoDateSchema,
  windowDays: z.number().int().positive(),
  /** Articles of the outlet published in the window, and how many were analysed. */
  articles: z.number().int().nonnegative(),
  sampleSize: z.number().int().nonnegative(),
  bucket: ContentBucketResultSchema,
  /** Which backend produced it (`lexicon-baseline (offline)`, `llm:<provider>/<model>`). */
  backend: z.string().min(1),
  /** The content evidence of the window (seed 002 §4 shape). */
  content: z.record(z.string(), z.unknown()).nullable(),
  computedAt: z.iso.datetime({ offset: true }),
});
/** One day of the series. */
export type ContentWindow = z.infer<typeof ContentWindowSchema>;

/**
 * Stores (or replaces) one day of an outlet's content series: a job re-run on the same day
 * overwrites its row instead of adding a second one.
 *
 * @example
 * await recordContentWindow(tx, { domain: 'elpais.com', day: '2026-05-01', windowStart: '2026-04-02', windowDays: 30,
 *   articles: 41, sampleSize: 41, bucket: 'center', backend: 'lexicon-baseline (offline)', content: null, computedAt });
 */
export async function recordContentWindow(executor: StoreExecutor, window: ContentWindow): Promise<void> {
  const parsed = parseStoreInput(ContentWindowSchema, window, 'contentSeries.record');
  const values = { ...parsed, computedAt: new Date(parsed.computedAt) };
  await executor
    .insert(outletContentSeries)
    .values(values)
    .onConflictDoUpdate({ target: [outletContentSeries.domain, outletContentSeries.day], set: values });
}

/**
 * The content series of `domains` (all when omitted) from `from` to `to` (inclusive ISO days),
 * oldest first, by domain.
 *
 * @example
 * (await listContentSeries(db, { domains: ['elpais.com'], from: '2026-04-01', to: '2026-04-30' })).get('elpais.com');
 */
export async function listContentSeries(
  executor: StoreExecutor,
  filter: { domains?: readonly string[]; from?: string; to?: string } = {},
): Promise<Map<string, ContentWindow[]>> {
  const conditions = [];
  if (filter.domains !== undefined) {
    if (filter.domains.length === 0) return new Map();
    conditions.push(inArray(outletContentSeries.domain, [...filter.domains]));
  }
  if (filter.from !== undefined) conditions.push(gte(outletContentSeries.day, filter.from));
  if (filter.to !== undefined) conditions.push(sql`${outletContentSeries.day} <= ${filter.to}`);
  const rows = await executor
    .select()
    .from(outletContentSeries)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(outletContentSeries.domain), asc(outletContentSeries.day));
  const byDomain = new Map<string, ContentWindow[]>();
  for (const row of rows) {
    const list = byDomain.get(row.domain) ?? [];
    list.push({ ...row, bucket: row.bucket as ContentBucketResult, computedAt: row.computedAt.toISOString() });
    byDomain.set(row.domain, list);
  }
  return byDomain;
}

const DAY_MS = 86_400_000;
const dayStart = (isoDay: string): Date => new Date(`${isoDay}T00:00:00.000Z`);

/**
 * Stored articles of each outlet published in `[from, to]` (inclusive ISO days; articles without a
 * publication date count by when they were first seen), by domain — REV-2's article count.
 *
 * @example
 * (await countArticlesInWindow(db, { from: '2026-02-01', to: '2026-05-01' })).get('nuevo.example'); // 23
 */
export async function countArticlesInWindow(
  executor: StoreExecutor,
  window: { from: string; to: string; domains?: readonly string[] },
): Promise<Map<string, number>> {
  const when = sql`coalesce(${articles.publishedAt}, ${articles.firstSeenAt})`;
  const conditions = [
    sql`${when} >= ${dayStart(window.from).toISOString()}::timestamptz`,
    sql`${when} < ${new Date(dayStart(window.to).getTime() + DAY_MS).toISOString()}::timestamptz`,
  ];
  if (window.domains !== undefined) {
    if (window.domains.length === 0) return new Map();
    conditions.push(inArray(articles.domain, [...window.domains]));
  }
  const rows = await executor
    .select({ domain: articles.domain, articles: count() })
    .from(articles)
    .where(and(...conditions))
    .groupBy(articles.domain);
  return new Map(rows.map((row) => [row.domain, Number(row.articles)]));
}

const LANGUAGES = new Set(['es', 'pt']);

/**
 * The stored articles as the `ArticleSource` of `@espectro/rating`'s content analysis: the text is
 * the licensed body when stored, else the feed's description (the title is analysed with it);
 * articles in a language the rubric does not cover (not es/pt) are left out, and so is an article
 * without a publication date (the sample is stratified by week).
 *
 * @example
 * await analyzeOutletContent({ outlet, asOf, actors, analyzer, source: createStoreArticleSource(db) });
 */
export function createStoreArticleSource(executor: StoreExecutor): ArticleSource {
  return {
    async listArticles(query: ArticleQuery): Promise<Article[]> {
      const rows = await executor
        .select()
        .from(articles)
        .where(
          and(
            eq(articles.domain, query.outlet),
            gte(articles.publishedAt, dayStart(query.from)),
            lt(articles.publishedAt, new Date(dayStart(query.to).getTime() + DAY_MS)),
          ),
        )
        .orderBy(asc(articles.publishedAt), asc(articles.id));
      return rows
        .filter((row) => row.language !== null && LANGUAGES.has(row.language.slice(0, 2)))
        .map((row) => ({
          id: row.id,
          outlet: row.domain,
          url: row.url,
          title: row.title,
          text: row.body ?? row.description ?? '',
          publishedAt: row.publishedAt!.toISOString().slice(0, 10),
          language: row.language!.slice(0, 2) as 'es' | 'pt',
        }));
    },
  };
}
