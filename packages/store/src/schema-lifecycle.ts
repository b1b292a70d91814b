/**
 * Drizzle tables of the outlet lifecycle (`migrations/0004_rating_lifecycle.sql`): the re-rating
 * queue, the daily rolling content-bucket series of each outlet (REV-1 drift), the `split_outlets`
 * follow-up list (seed 002 §6), and the reported ownership events (`0010_ownership_events.sql`).
 * Enumerated columns take their values from the `@espectro/methodology` / `@espectro/rating` enums
 * they store.
 */
import { BucketSchema, ContentBucketResultSchema, RatingChangeCauseSchema } from '@espectro/methodology';
import { DueReasonSchema } from '@espectro/rating';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { enumValues, sourceRatings, sources } from './schema-rating.js';
import { contestations } from './schema.js';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Outlets waiting to be re-rated (and, once done, the re-rating each entry produced). */
export const ratingReratingQueue = pgTable(
  'rating_rerating_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domain: text('domain')
      .notNull()
      .references(() => sources.domain, { onDelete: 'cascade' }),
    reason: text('reason', { enum: enumValues(DueReasonSchema) }).notNull(),
    cause: text('cause', { enum: enumValues(RatingChangeCauseSchema) }).notNull(),
    contestationId: text('contestation_id').references(() => contestations.id, { onDelete: 'cascade' }),
    detail: text('detail').notNull().default(''),
    enqueuedAt: instant('enqueued_at').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    processedAt: instant('processed_at'),
    outcome: text('outcome', { enum: ['created', 'initial', 'rerated', 'unchanged'] }),
    ratingId: bigint('rating_id', { mode: 'number' }).references(() => sourceRatings.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
  },
  (table) => [index('rating_rerating_queue_status').on(table.status, table.id)],
);

/** The daily rolling content bucket of each outlet (one row per outlet and day). */
export const outletContentSeries = pgTable(
  'outlet_content_series',
  {
    domain: text('domain')
      .notNull()
      .references(() => sources.domain, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    windowStart: text('window_start').notNull(),
    windowDays: integer('window_days').notNull(),
    articles: integer('articles').notNull(),
    sampleSize: integer('sample_size').notNull(),
    bucket: text('bucket', { enum: enumValues(ContentBucketResultSchema) }).notNull(),
    backend: text('backend').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>(),
    computedAt: instant('computed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.domain, table.day] })],
);

/** Outlets whose news and opinion sections would be rated apart (seed 002 §6), with notes. */
export const splitOutlets = pgTable('split_outlets', {
  domain: text('domain')
    .primaryKey()
    .references(() => sources.domain, { onDelete: 'cascade' }),
  newsBucket: text('news_bucket', { enum: enumValues(BucketSchema) }),
  opinionBucket: text('opinion_bucket', { enum: enumValues(BucketSchema) }),
  notes: text('notes').notNull().default(''),
  flaggedAt: instant('flagged_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/** Reported ownership and control changes of an outlet (seed 002 §2 `ownership_history`, §9). */
export const outletOwnershipEvents = pgTable(
  'outlet_ownership_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domain: text('domain')
      .notNull()
      .references(() => sources.domain, { onDelete: 'cascade' }),
    eventDate: text('event_date').notNull(),
    event: text('event').notNull(),
    controlChange: boolean('control_change').notNull(),
    sourceUrl: text('source_url'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: instant('recorded_at').notNull(),
  },
  (table) => [
    index('outlet_ownership_events_domain').on(table.domain, table.eventDate),
    unique().on(table.domain, table.eventDate, table.event),
  ],
);

/** Retractions of recorded ownership events (`0012_ownership_retractions.sql`): who, when and why; the event row stays. */
export const outletOwnershipRetractions = pgTable('outlet_ownership_retractions', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => outletOwnershipEvents.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  retractedBy: text('retracted_by').notNull(),
  retractedAt: instant('retracted_at').notNull(),
});
