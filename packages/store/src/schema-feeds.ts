/**
 * Drizzle tables of the feed registry (`migrations/0003_feeds.sql`): feeds and their fetch log.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sources } from './schema.js';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Registered feed addresses with their validators, schedule and lease. */
export const feeds = pgTable(
  'feeds',
  {
    id: text('id').primaryKey(),
    url: text('url').notNull().unique(),
    outlet: text('outlet')
      .notNull()
      .references(() => sources.domain),
    kind: text('kind', { enum: ['rss', 'atom', 'rdf', 'json', 'news-api'] }).notNull(),
    purpose: text('purpose', { enum: ['articles', 'chile-headlines'] })
      .notNull()
      .default('articles'),
    preset: text('preset'),
    title: text('title'),
    siteUrl: text('site_url'),
    categories: jsonb('categories')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    verified: boolean('verified').notNull().default(true),
    pollIntervalSeconds: integer('poll_interval_seconds').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    nextDueAt: instant('next_due_at').notNull(),
    leasedBy: text('leased_by'),
    leasedUntil: instant('leased_until'),
    lastFetchId: bigint('last_fetch_id', { mode: 'number' }),
    addedAt: instant('added_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [index('feeds_outlet').on(table.outlet)],
);

/** One row per fetch of a feed. */
export const feedFetches = pgTable(
  'feed_fetches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feedId: text('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    startedAt: instant('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    result: text('result', { enum: ['fetched', 'not_modified', 'failed'] }).notNull(),
    httpStatus: integer('http_status'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    items: integer('items'),
    itemsNew: integer('items_new'),
    itemsSeen: integer('items_seen'),
    errorClass: text('error_class'),
    errorMessage: text('error_message'),
    finalUrl: text('final_url'),
    redirects: integer('redirects').notNull().default(0),
    retryAfterMs: bigint('retry_after_ms', { mode: 'number' }),
    nextDueAt: instant('next_due_at').notNull(),
    workerId: text('worker_id'),
  },
  (table) => [index('feed_fetches_feed').on(table.feedId, table.id)],
);
