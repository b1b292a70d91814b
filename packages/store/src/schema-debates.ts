/**
 * Drizzle tables of stored debates (`migrations/0005_debates.sql`): the debate, its chunks, its
 * change feed (the SSE ids of the live page), readers' error reports and post-debate reviews.
 * Checks, verdict history and scoreboards are in `schema.ts` (migration 0001).
 */
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A debate: display name ("já checado em <name>", REP-1), its DebateInfo document, fictional flag and phase. */
export const debates = pgTable('debates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  info: jsonb('info').$type<Record<string, unknown>>(),
  fictional: boolean('fictional').notNull().default(false),
  phase: text('phase', { enum: ['live', 'ended', 'reviewed'] })
    .notNull()
    .default('live'),
  startedAt: instant('started_at'),
  updatedAt: instant('updated_at'),
});

/** One processed 10-second chunk (written with its checks in one transaction). */
export const debateChunks = pgTable(
  'debate_chunks',
  {
    debateId: text('debate_id')
      .notNull()
      .references(() => debates.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    startSeconds: doublePrecision('start_seconds').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    status: text('status', { enum: ['claims', 'chatter', 'unknown_speaker', 'failed'] }).notNull(),
    speaker: text('speaker'),
    transcript: text('transcript'),
    speakingTime: jsonb('speaking_time').$type<Record<string, number>>(),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    storedAt: instant('stored_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.debateId, table.chunkIndex] })],
);

/** The change feed of a debate; `seq` is the SSE event id. */
export const debateEvents = pgTable(
  'debate_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    debateId: text('debate_id')
      .notNull()
      .references(() => debates.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['chunk', 'ended', 'review', 'report'] }).notNull(),
    chunkIndex: integer('chunk_index'),
    at: instant('at').notNull(),
  },
  (table) => [index('debate_events_debate').on(table.debateId, table.seq)],
);

/** Readers' error reports ("Achou erro nesta checagem?"), read by the post-debate review. */
export const readerReports = pgTable(
  'reader_reports',
  {
    id: text('id').primaryKey(),
    // REFERENCES checks (id) in the SQL; not declared here to keep this module free of schema.ts.
    checkId: text('check_id').notNull(),
    debateId: text('debate_id').notNull(),
    receivedAt: instant('received_at').notNull(),
    message: text('message').notNull(),
    reviewId: bigint('review_id', { mode: 'number' }),
  },
  (table) => [index('reader_reports_debate').on(table.debateId, table.receivedAt)],
);

/** REV-D: one post-debate review of a debate. */
export const debateReviews = pgTable(
  'debate_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debateId: text('debate_id')
      .notNull()
      .references(() => debates.id, { onDelete: 'cascade' }),
    reviewedAt: text('reviewed_at').notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('debate_reviews_debate').on(table.debateId, table.id)],
);
