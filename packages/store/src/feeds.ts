/**
 * The feed registry: outlets ↔ feed addresses, each with its kind, poll interval, HTTP validators,
 * failure count, next due time and lease, plus the log of fetch outcomes (`FeedFetchOutcome` of
 * `@espectro/ingest`, the one schema of that record). A feed whose outlet is not in the roster
 * brings the outlet in as preliminary (seed 002 §10, rule PRELIM, through
 * {@link ensurePreliminaryOutlets}). Several workers share due feeds with
 * `FOR UPDATE SKIP LOCKED` and a lease, as the retry queue does.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import {
  FeedFetchOutcomeSchema,
  FeedKindSchema,
  FeedPurposeSchema,
  httpUrl,
  NewsApiPresetSchema,
  redactFeedUrl,
  type FeedFetchOutcome,
  type FeedKind,
  type FeedPurpose,
} from '@espectro/ingest';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { DomainSchema, ensurePreliminaryOutlets } from './outlets.js';
import { feedFetches, feeds, sources } from './schema.js';
import { parseStoreInput } from './validate.js';

/** Fetch rows kept per feed (older ones are deleted as new ones arrive). */
export const FEED_FETCH_HISTORY = 100;

/** Shortest poll interval accepted (politeness towards the outlets' servers). */
export const MIN_POLL_INTERVAL_SECONDS = 60;

/** A feed's id: `f_` + 24 hex digits of sha256(url). */
export function feedIdFor(url: string): string {
  return `f_${createHash('sha256').update(url).digest('hex').slice(0, 24)}`;
}

const FeedUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(4_000)
  .superRefine((value, context) => {
    try {
      httpUrl(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/** Input of {@link addFeed}. */
export const FeedInputSchema = z
  .object({
    url: FeedUrlSchema,
    /** Outlet domain; default: from the address's host (see {@link addFeed}). */
    outlet: DomainSchema.optional(),
    /** Name for the outlet if it enters the roster as preliminary (default: the domain). */
    outletName: z.string().min(1).max(300).optional(),
    kind: FeedKindSchema.default('rss'),
    purpose: FeedPurposeSchema.default('articles'),
    preset: NewsApiPresetSchema.nullable().optional(),
    title: z.string().min(1).max(500).nullable().optional(),
    siteUrl: z.string().max(4_000).nullable().optional(),
    categories: z.array(z.string().min(1).max(200)).max(50).optional(),
    verified: z.boolean().optional(),
    pollIntervalSeconds: z
      .number()
      .int()
      .min(MIN_POLL_INTERVAL_SECONDS)
      .max(7 * 86_400)
      .optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((input, context) => {
    if (input.kind === 'news-api' && !input.preset)
      context.addIssue({ code: 'custom', path: ['preset'], message: 'a news-api feed needs a preset' });
    if (input.kind !== 'news-api' && input.preset)
      context.addIssue({ code: 'custom', path: ['preset'], message: 'only news-api feeds take a preset' });
  });
/** @see {@link FeedInputSchema} */
export type FeedInput = z.input<typeof FeedInputSchema>;

/** One stored fetch. */
export interface FeedFetchRecord {
  id: number;
  startedAt: string;
  durationMs: number;
  result: 'fetched' | 'not_modified' | 'failed';
  httpStatus: number | null;
  bytes: number;
  items: number | null;
  itemsNew: number | null;
  itemsSeen: number | null;
  errorClass: string | null;
  errorMessage: string | null;
  finalUrl: string | null;
  redirects: number;
  retryAfterMs: number | null;
  nextDueAt: string;
  workerId: string | null;
}

/** A registered feed with its last fetch. */
export interface Feed {
  id: string;
  url: string;
  outlet: string;
  kind: FeedKind;
  purpose: FeedPurpose;
  preset: string | null;
  title: string | null;
  siteUrl: string | null;
  categories: string[];
  verified: boolean;
  pollIntervalSeconds: number;
  enabled: boolean;
  disabledReason: string | null;
  etag: string | null;
  lastModified: string | null;
  consecutiveFailures: number;
  nextDueAt: string;
  leasedBy: string | null;
  leasedUntil: string | null;
  addedAt: string;
  updatedAt: string;
  lastFetch: FeedFetchRecord | null;
}

/** What {@link addFeed} did. */
export interface AddFeedResult {
  feed: Feed;
  /** False when the address was already registered (nothing changed). */
  created: boolean;
  /** The outlet entered the roster as preliminary with this feed. */
  preliminaryOutletAdded: boolean;
}

type FeedRow = typeof feeds.$inferSelect;
type FetchRow = typeof feedFetches.$inferSelect;

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

function fetchFromRow(row: FetchRow): FeedFetchRecord {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    durationMs: row.durationMs,
    result: row.result,
    httpStatus: row.httpStatus,
    bytes: row.bytes,
    items: row.items,
    itemsNew: row.itemsNew,
    itemsSeen: row.itemsSeen,
    errorClass: row.errorClass,
    errorMessage: row.errorMessage,
    finalUrl: row.finalUrl,
    redirects: row.redirects,
    retryAfterMs: row.retryAfterMs,
    nextDueAt: row.nextDueAt.toISOString(),
    workerId: row.workerId,
  };
}

function feedFromRow(row: FeedRow, lastFetch: FetchRow | null): Feed {
  return {
    id: row.id,
    url: row.url,
    outlet: row.outlet,
    kind: row.kind,
    purpose: row.purpose,
    preset: row.preset,
    title: row.title,
    siteUrl: row.siteUrl,
    categories: row.categories,
    verified: row.verified,
    pollIntervalSeconds: row.pollIntervalSeconds,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    etag: row.etag,
    lastModified: row.lastModified,
    consecutiveFailures: row.consecutiveFailures,
    nextDueAt: row.nextDueAt.toISOString(),
    leasedBy: row.leasedBy,
    leasedUntil: iso(row.leasedUntil),
    addedAt: row.addedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastFetch: lastFetch === null ? null : fetchFromRow(lastFetch),
  };
}

async function withLastFetches(executor: StoreExecutor, rows: FeedRow[]): Promise<Feed[]> {
  const ids = rows.map((row) => row.lastFetchId).filter((id): id is number => id !== null);
  const fetched = ids.length === 0 ? [] : await executor.select().from(feedFetches).where(inArray(feedFetches.id, ids));
  const byId = new Map(fetched.map((row) => [row.id, row]));
  return rows.map((row) => feedFromRow(row, row.lastFetchId === null ? null : (byId.get(row.lastFetchId) ?? null)));
}

const FEED_SUBDOMAINS = /^(www|feeds?|rss|xml|rss2|news)\./;

/**
 * The outlet a feed address belongs to when none is given: the longest roster domain its host is
 * under, else the host without a leading `www.`/`feeds.`/`feed.`/`rss.`/`xml.`/`news.`.
 */
async function outletForHost(executor: StoreExecutor, host: string): Promise<string> {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const candidates = labels.slice(0, -1).map((_, start) => labels.slice(start).join('.'));
  const known = await executor
    .select({ domain: sources.domain })
    .from(sources)
    .where(inArray(sources.domain, candidates));
  if (known.length > 0) return known.map((row) => row.domain).sort((left, right) => right.length - left.length)[0]!;
  let stripped = host.toLowerCase();
  while (FEED_SUBDOMAINS.test(stripped) && stripped.split('.').length > 2)
    stripped = stripped.replace(FEED_SUBDOMAINS, '');
  return stripped;
}

/**
 * Registers a feed address (idempotent: an address already registered is left as it is). Without
 * `outlet` the outlet is worked out from the host (see `outletForHost`); an outlet missing from
 * the roster is added as preliminary. Call it inside a transaction.
 *
 * @throws StoreError `invalid_input` naming the field (bad address, outlet that is not a domain, …).
 * @example
 * await addFeed(tx, { url: 'https://feeds.elpais.com/mrss-s/pages/ep/site/elpais.com/portada' }, new Date());
 */
export async function addFeed(executor: StoreExecutor, input: FeedInput, now: Date): Promise<AddFeedResult> {
  const parsed = parseStoreInput(FeedInputSchema, input, 'feeds.add');
  const id = feedIdFor(parsed.url);
  const [existing] = await executor.select().from(feeds).where(eq(feeds.id, id));
  if (existing !== undefined) {
    return { feed: (await withLastFetches(executor, [existing]))[0]!, created: false, preliminaryOutletAdded: false };
  }
  const outlet = parsed.outlet ?? (await outletForHost(executor, httpUrl(parsed.url).hostname));
  const checkedOutlet = DomainSchema.safeParse(outlet);
  if (!checkedOutlet.success || isIP(outlet) !== 0)
    throw new StoreError({
      code: 'invalid_input',
      operation: 'feeds.add',
      field: 'outlet',
      message: `outlet: cannot tell the outlet of ${redactFeedUrl(parsed.url)} from its host ("${outlet}"); give it (e.g. --outlet elpais.com)`,
    });
  const added = await ensurePreliminaryOutlets(executor, [
    {
      domain: outlet,
      name: parsed.outletName ?? outlet,
      reason: `Medio añadido con el feed ${redactFeedUrl(parsed.url)}; en cola para análisis de contenido (PRELIM)`,
      addedAt: now.toISOString().slice(0, 10),
    },
  ]);
  const [row] = await executor
    .insert(feeds)
    .values({
      id,
      url: parsed.url,
      outlet,
      kind: parsed.kind,
      purpose: parsed.purpose,
      preset: parsed.preset ?? null,
      title: parsed.title ?? null,
      siteUrl: parsed.siteUrl ?? null,
      categories: parsed.categories ?? [],
      verified: parsed.verified ?? true,
      pollIntervalSeconds: parsed.pollIntervalSeconds ?? 15 * 60,
      enabled: parsed.enabled ?? true,
      nextDueAt: now,
      addedAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: feeds.id })
    .returning();
  if (row === undefined) {
    // A concurrent add registered it first.
    const [theirs] = await executor.select().from(feeds).where(eq(feeds.id, id));
    return { feed: feedFromRow(theirs!, null), created: false, preliminaryOutletAdded: added.length > 0 };
  }
  return { feed: feedFromRow(row, null), created: true, preliminaryOutletAdded: added.length > 0 };
}

function byIdOrUrl(idOrUrl: string) {
  return idOrUrl.startsWith('f_') && !idOrUrl.includes('/') ? eq(feeds.id, idOrUrl) : eq(feeds.url, idOrUrl.trim());
}

/**
 * One feed by id (`f_…`) or address.
 *
 * @example
 * const feed = await getFeed(db, 'https://elpais.com/rss');
 */
export async function getFeed(executor: StoreExecutor, idOrUrl: string): Promise<Feed | undefined> {
  const [row] = await executor.select().from(feeds).where(byIdOrUrl(idOrUrl));
  return row === undefined ? undefined : (await withLastFetches(executor, [row]))[0];
}

/** Filter of {@link listFeeds}. */
export interface ListFeedsFilter {
  outlet?: string;
  enabled?: boolean;
  purpose?: FeedPurpose;
}

/**
 * Every feed (or a filtered set), by outlet then address, each with its last fetch.
 *
 * @example
 * const failing = (await listFeeds(db)).filter((feed) => feed.lastFetch?.result === 'failed');
 */
export async function listFeeds(executor: StoreExecutor, filter: ListFeedsFilter = {}): Promise<Feed[]> {
  const conditions = [
    ...(filter.outlet !== undefined ? [eq(feeds.outlet, filter.outlet)] : []),
    ...(filter.enabled !== undefined ? [eq(feeds.enabled, filter.enabled)] : []),
    ...(filter.purpose !== undefined ? [eq(feeds.purpose, filter.purpose)] : []),
  ];
  const rows = await executor
    .select()
    .from(feeds)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(feeds.outlet), asc(feeds.url));
  return withLastFetches(executor, rows);
}

/**
 * Removes a feed and its fetch log (its articles stay). Resolves to whether it existed.
 *
 * @example
 * await removeFeed(db, 'f_0123…');
 */
export async function removeFeed(executor: StoreExecutor, idOrUrl: string): Promise<boolean> {
  const removed = await executor.delete(feeds).where(byIdOrUrl(idOrUrl)).returning({ id: feeds.id });
  return removed.length > 0;
}

/**
 * Enables a feed (due at once, failures reset) or disables it with a reason.
 *
 * @example
 * await setFeedEnabled(db, url, false, 'the outlet closed', new Date());
 */
export async function setFeedEnabled(
  executor: StoreExecutor,
  idOrUrl: string,
  enabled: boolean,
  reason: string | null,
  now: Date,
): Promise<Feed | undefined> {
  const [row] = await executor
    .update(feeds)
    .set(
      enabled
        ? { enabled, disabledReason: null, consecutiveFailures: 0, nextDueAt: now, updatedAt: now }
        : { enabled, disabledReason: reason ?? 'disabled by hand', updatedAt: now },
    )
    .where(byIdOrUrl(idOrUrl))
    .returning();
  return row === undefined ? undefined : (await withLastFetches(executor, [row]))[0];
}

function checkLimit(limit: number, operation: string): void {
  if (!Number.isInteger(limit) || limit < 0)
    throw new StoreError({
      code: 'invalid_input',
      operation,
      field: 'limit',
      message: 'limit is a non-negative integer',
    });
}

/**
 * Enabled feeds due at `now` (read-only; a job queue that schedules per feed can use this), most
 * overdue first.
 *
 * @example
 * const due = await dueFeeds(db, new Date(), 100);
 */
export async function dueFeeds(executor: StoreExecutor, now: Date, limit: number): Promise<Feed[]> {
  checkLimit(limit, 'feeds.due');
  if (limit === 0) return [];
  const rows = await executor
    .select()
    .from(feeds)
    .where(and(eq(feeds.enabled, true), lte(feeds.nextDueAt, now)))
    .orderBy(asc(feeds.nextDueAt), asc(feeds.id))
    .limit(limit);
  return withLastFetches(executor, rows);
}

/**
 * Leases up to `limit` due feeds to `workerId` until `now + leaseSeconds`: feeds leased by
 * another worker (lease not expired) or row-locked by a concurrent claim are skipped
 * (`FOR UPDATE SKIP LOCKED`). {@link recordFeedFetch} ends the lease. Call it in its own transaction.
 *
 * @example
 * const mine = await db.transaction((tx) => claimDueFeeds(tx, new Date(), 50, { workerId: 'w1' }));
 */
export async function claimDueFeeds(
  executor: StoreExecutor,
  now: Date,
  limit: number,
  claim: { workerId: string; leaseSeconds?: number; purpose?: FeedPurpose },
): Promise<Feed[]> {
  checkLimit(limit, 'feeds.claimDue');
  if (claim.workerId.length === 0)
    throw new StoreError({
      code: 'invalid_input',
      operation: 'feeds.claimDue',
      field: 'workerId',
      message: 'a worker id is required',
    });
  if (limit === 0) return [];
  const leasedUntil = new Date(now.getTime() + (claim.leaseSeconds ?? 600) * 1000);
  const candidates = executor
    .select({ id: feeds.id })
    .from(feeds)
    .where(
      and(
        eq(feeds.enabled, true),
        lte(feeds.nextDueAt, now),
        ...(claim.purpose !== undefined ? [eq(feeds.purpose, claim.purpose)] : []),
        sql`(${feeds.leasedUntil} IS NULL OR ${feeds.leasedUntil} <= ${now})`,
      ),
    )
    .orderBy(asc(feeds.nextDueAt), asc(feeds.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await executor
    .update(feeds)
    .set({ leasedBy: claim.workerId, leasedUntil })
    .where(sql`${feeds.id} IN (${candidates})`)
    .returning();
  rows.sort((left, right) => left.nextDueAt.getTime() - right.nextDueAt.getTime() || (left.id < right.id ? -1 : 1));
  return withLastFetches(executor, rows);
}

/**
 * Ends the leases held by `holders` (workers known to be dead: a killed worker's leases would
 * otherwise keep its feeds from being fetched until they expire). Resolves to how many ended.
 *
 * @example
 * await releaseFeedLeases(db, ['host:4242']);
 */
export async function releaseFeedLeases(executor: StoreExecutor, holders: readonly string[]): Promise<number> {
  if (holders.length === 0) return 0;
  const rows = await executor
    .update(feeds)
    .set({ leasedBy: null, leasedUntil: null })
    .where(inArray(feeds.leasedBy, [...holders]))
    .returning({ id: feeds.id });
  return rows.length;
}

/**
 * Stores one fetch outcome: a `feed_fetches` row, and on the feed its validators, failure count,
 * next due time, the lease released, and — when the outcome says so — disabled with the reason.
 * Keeps the latest {@link FEED_FETCH_HISTORY} rows of the feed. Resolves to the fetch id, or
 * `null` when the feed was removed meanwhile. Call it inside a transaction.
 *
 * @throws StoreError `invalid_input` for an outcome that does not match `FeedFetchOutcomeSchema`.
 * @example
 * await db.transaction((tx) => recordFeedFetch(tx, outcome));
 */
export async function recordFeedFetch(executor: StoreExecutor, outcome: FeedFetchOutcome): Promise<number | null> {
  const parsed = parseStoreInput(FeedFetchOutcomeSchema, outcome, 'feeds.recordFetch');
  const [feed] = await executor.select().from(feeds).where(eq(feeds.id, parsed.feedId)).for('update');
  if (feed === undefined) return null;
  const startedAt = new Date(parsed.startedAt);
  const finishedAt = new Date(startedAt.getTime() + parsed.durationMs);
  const nextDueAt = new Date(parsed.nextDueAt);
  const [fetchRow] = await executor
    .insert(feedFetches)
    .values({
      feedId: parsed.feedId,
      startedAt,
      durationMs: parsed.durationMs,
      result: parsed.result,
      httpStatus: parsed.httpStatus,
      bytes: parsed.bytes,
      items: parsed.items,
      itemsNew: parsed.itemsNew,
      itemsSeen: parsed.itemsSeen,
      errorClass: parsed.errorClass,
      errorMessage: parsed.errorMessage,
      finalUrl: parsed.finalUrl,
      redirects: parsed.redirects,
      retryAfterMs: parsed.retryAfterMs,
      nextDueAt,
      workerId: parsed.workerId,
    })
    .returning({ id: feedFetches.id });
  await executor
    .update(feeds)
    .set({
      etag: parsed.etag,
      lastModified: parsed.lastModified,
      consecutiveFailures: parsed.consecutiveFailures,
      nextDueAt,
      leasedBy: null,
      leasedUntil: null,
      lastFetchId: fetchRow!.id,
      updatedAt: finishedAt,
      ...(parsed.disabledReason !== null ? { enabled: false, disabledReason: parsed.disabledReason } : {}),
    })
    .where(eq(feeds.id, parsed.feedId));
  const keep = executor
    .select({ id: feedFetches.id })
    .from(feedFetches)
    .where(eq(feedFetches.feedId, parsed.feedId))
    .orderBy(desc(feedFetches.id))
    .limit(FEED_FETCH_HISTORY);
  await executor
    .delete(feedFetches)
    .where(and(eq(feedFetches.feedId, parsed.feedId), sql`${feedFetches.id} NOT IN (${keep})`));
  return fetchRow!.id;
}

/**
 * The latest fetches of a feed, newest first.
 *
 * @example
 * const history = await feedFetchHistory(db, feed.id, 20);
 */
export async function feedFetchHistory(
  executor: StoreExecutor,
  idOrUrl: string,
  limit = 20,
): Promise<FeedFetchRecord[]> {
  checkLimit(limit, 'feeds.history');
  const [feed] = await executor.select({ id: feeds.id }).from(feeds).where(byIdOrUrl(idOrUrl));
  if (feed === undefined) return [];
  const rows = await executor
    .select()
    .from(feedFetches)
    .where(eq(feedFetches.feedId, feed.id))
    .orderBy(desc(feedFetches.id))
    .limit(limit);
  return rows.map(fetchFromRow);
}
