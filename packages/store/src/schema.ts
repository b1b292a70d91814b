/**
 * The Drizzle schema of `@espectro/store`: one table object per table of
 * `migrations/0001_initial.sql`. The SQL files are the source of truth for the database; a test
 * (`schema.test.ts`) checks that every column declared here exists there with the same type and
 * nullability, so the two cannot drift apart.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import {
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

import { chileHeadlines } from './schema-chile.js';
import { ratingVerifications, sourceRatingChanges, sourceRatings, sources } from './schema-rating.js';

export { ratingVerifications, sourceRatingChanges, sourceRatings, sources } from './schema-rating.js';

export { chileHeadlines } from './schema-chile.js';
import { feedFetches, feeds } from './schema-feeds.js';

export { feedFetches, feeds } from './schema-feeds.js';
import { debateChunks, debateEvents, debateReviews, debates, readerReports } from './schema-debates.js';

export { debateChunks, debateEvents, debateReviews, debates, readerReports } from './schema-debates.js';
import { workerCycles, workerHeartbeats, workerJobClaims } from './schema-service.js';
// Every export of schema-lifecycle.ts is a table (all go into storeSchema).
import * as lifecycleSchema from './schema-lifecycle.js';

export * from './schema-lifecycle.js';
import { editorSessions, signInFailures } from './schema-security.js';

export { workerCycles, workerHeartbeats, workerJobClaims } from './schema-service.js';
export { editorSessions, signInFailures } from './schema-security.js';
import { pipelineSchema } from './schema-pipeline.js';
import { articleComponents } from './schema-pipeline-components.js';

export { articleComponents } from './schema-pipeline-components.js';

export * from './schema-pipeline.js';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Ingested articles, unique by canonical URL. */
export const articles = pgTable(
  'articles',
  {
    id: text('id').primaryKey(),
    canonicalUrl: text('canonical_url').notNull().unique(),
    url: text('url').notNull(),
    domain: text('domain')
      .notNull()
      .references(() => sources.domain),
    title: text('title').notNull(),
    titleKey: text('title_key').notNull(),
    description: text('description'),
    body: text('body'),
    imageUrl: text('image_url'),
    /** The image's alt text from the feed (`0011_article_images.sql`); null when it gave none. */
    imageAlt: text('image_alt'),
    language: text('language'),
    publishedAt: instant('published_at'),
    firstSeenAt: instant('first_seen_at').notNull(),
    feed: text('feed'),
    runId: text('run_id'),
  },
  (table) => [index('articles_domain_title').on(table.domain, table.titleKey)],
);

/** Stories: clusters of articles about one event, with their synthesis and status. */
export const stories = pgTable(
  'stories',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary'),
    status: text('status', {
      enum: ['published', 'held', 'not_synthesised', 'pending_synthesis', 'discarded', 'superseded'],
    }).notNull(),
    tier: text('tier', { enum: ['main', 'limited'] }),
    topic: text('topic'),
    country: text('country'),
    backend: text('backend'),
    provenance: jsonb('provenance').$type<Record<string, unknown>>(),
    coverage: jsonb('coverage').$type<Record<string, unknown>>().notNull(),
    outletCount: integer('outlet_count').notNull(),
    articleCount: integer('article_count').notNull(),
    firstPublishedAt: instant('first_published_at'),
    lastPublishedAt: instant('last_published_at'),
    imageUrl: text('image_url'),
    /** The cover image's alt text, from the article it was taken from (`0011_article_images.sql`). */
    imageAlt: text('image_alt'),
    methodologyVersion: text('methodology_version').notNull(),
    runId: text('run_id'),
    supersededBy: text('superseded_by'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    /** Which embedder and judge built the story's cluster (`0002_pipeline.sql`). */
    clusterEmbedder: text('cluster_embedder'),
    clusterJudge: text('cluster_judge'),
  },
  (table) => [index('stories_status').on(table.status, table.lastPublishedAt)],
);

/** Which articles a story groups. */
export const storyArticles = pgTable(
  'story_articles',
  {
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    articleId: text('article_id')
      .notNull()
      .references(() => articles.id),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.articleId] }),
    index('story_articles_article').on(table.articleId),
  ],
);

/** Synthesised sentences, each with the article ids that back it (SYN-3). */
export const storySentences = pgTable(
  'story_sentences',
  {
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    articleIds: jsonb('article_ids').$type<string[]>().notNull(),
    discrepancy: boolean('discrepancy').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.position] })],
);

/** Every publish-guard evaluation (PG), with its input. */
export const guardDecisions = pgTable(
  'guard_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    decidedAt: instant('decided_at').notNull(),
    publish: boolean('publish').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    methodologyVersion: text('methodology_version').notNull(),
    runId: text('run_id'),
  },
  (table) => [index('guard_decisions_story').on(table.storyId, table.id)],
);

/** Stored blindspot flags (BS-PR, BS-BR) that DRIFT compares pages against. */
export const blindspotFlags = pgTable(
  'blindspot_flags',
  {
    storyId: text('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    formula: text('formula', { enum: ['prisma', 'fuja_da_bolha'] }).notNull(),
    buckets: jsonb('buckets').$type<string[]>().notNull(),
    computedAt: instant('computed_at').notNull(),
    methodologyVersion: text('methodology_version').notNull(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.formula] })],
);

/** AUDIT: what every classification stored. */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    model: text('model').notNull(),
    vendor: text('vendor'),
    promptVersion: text('prompt_version').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    score: doublePrecision('score').notNull(),
    confidence: text('confidence').notNull(),
    indicators: jsonb('indicators').$type<string[]>().notNull(),
    methodologyVersion: text('methodology_version').notNull(),
    costUsd: doublePrecision('cost_usd'),
    classifiedAt: instant('classified_at'),
    recordedAt: instant('recorded_at').notNull(),
  },
  (table) => [index('audit_records_subject').on(table.subjectType, table.subjectId)],
);

/** COST: every model call with vendor, model, prompt version, tokens and USD. */
export const costLedger = pgTable(
  'cost_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    vendor: text('vendor').notNull(),
    model: text('model').notNull(),
    promptId: text('prompt_id').notNull(),
    promptVersion: text('prompt_version').notNull(),
    jobId: text('job_id'),
    operation: text('operation').notNull(),
    layer: integer('layer').notNull(),
    phase: text('phase').notNull(),
    retry: integer('retry').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    audioSeconds: doublePrecision('audio_seconds'),
    latencyMs: doublePrecision('latency_ms').notNull(),
    outcome: text('outcome').notNull(),
    costUsd: doublePrecision('cost_usd').notNull(),
    priced: boolean('priced').notNull(),
    runId: text('run_id'),
  },
  (table) => [index('cost_ledger_job').on(table.jobId)],
);

/** CON-1: readers' contestations of an outlet's rating. */
export const contestations = pgTable(
  'contestations',
  {
    id: text('id').primaryKey(),
    dimension: text('dimension', { enum: ['bias', 'factuality', 'ownership'] }).notNull(),
    outlet: text('outlet')
      .notNull()
      .references(() => sources.domain),
    contesterId: text('contester_id').notNull(),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
    status: text('status', { enum: ['open', 'triage', 'accepted', 'rejected'] }).notNull(),
    /** Keyed hash of the client address it came from (0008_security; CON-3 per client). */
    clientKey: text('client_key'),
  },
  (table) => [
    index('contestations_contester').on(table.contesterId, table.createdAt),
    index('contestations_outlet').on(table.outlet, table.createdAt),
    index('contestations_client').on(table.clientKey, table.createdAt),
  ],
);

/** CON-2: the append-only transition log of each contestation. */
export const contestationTransitions = pgTable(
  'contestation_transitions',
  {
    contestationId: text('contestation_id')
      .notNull()
      .references(() => contestations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    at: instant('at').notNull(),
    notes: text('notes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.contestationId, table.seq] })],
);

/** SYN-5: the synthesis retry queue, shared by workers (`FOR UPDATE SKIP LOCKED`). */
export const synthesisRetryQueue = pgTable(
  'synthesis_retry_queue',
  {
    storyId: text('story_id').primaryKey(),
    status: text('status', { enum: ['pending', 'done', 'discarded'] }).notNull(),
    failedAttempts: integer('failed_attempts').notNull(),
    nextAttemptAt: instant('next_attempt_at'),
    lastReason: text('last_reason').notNull(),
    failures: jsonb('failures').$type<{ attempt: number; at: string; reason: string }[]>().notNull(),
    discardedAt: instant('discarded_at'),
    discardReason: text('discard_reason'),
    leasedBy: text('leased_by'),
    leasedUntil: instant('leased_until'),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    index('synthesis_retry_queue_due')
      .on(table.nextAttemptAt, table.storyId)
      .where(sql`status = 'pending'`),
  ],
);

/** Debate checks (seed 001): indexed columns plus the whole document. */
export const checks = pgTable(
  'checks',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    debateId: text('debate_id').notNull(),
    candidate: text('candidate').notNull(),
    spokenAt: instant('spoken_at'),
    verdict: text('verdict', { enum: ['true', 'imprecise', 'false', 'no_data'] }).notNull(),
    status: text('status', { enum: ['published', 'discarded', 'under_review', 'removed'] }).notNull(),
    claimText: text('claim_text').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (table) => [
    index('checks_debate').on(table.debateId, table.seq),
    index('checks_candidate').on(table.candidate, table.seq),
  ],
);

/** REV-D: the append-only verdict history of each check. */
export const verdictHistory = pgTable(
  'verdict_history',
  {
    checkId: text('check_id')
      .notNull()
      .references(() => checks.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    verdict: text('verdict').notNull(),
    status: text('status').notNull(),
    at: text('at').notNull(),
    phase: text('phase', { enum: ['live', 'review'] }).notNull(),
    reason: text('reason'),
  },
  (table) => [primaryKey({ columns: [table.checkId, table.seq] })],
);

/** Live and revised scoreboard snapshots of a debate (REV-D keeps both). */
export const scoreboards = pgTable(
  'scoreboards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debateId: text('debate_id').notNull(),
    at: text('at').notNull(),
    live: jsonb('live').$type<unknown[]>().notNull(),
    revised: jsonb('revised').$type<unknown[]>().notNull(),
  },
  (table) => [index('scoreboards_debate').on(table.debateId, table.id)],
);

/** Pipeline runs (`espectro run`). */
export const runs = pgTable(
  'runs',
  {
    id: text('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed'] }).notNull(),
    stage: text('stage'),
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    error: text('error'),
    startedAt: instant('started_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    finishedAt: instant('finished_at'),
  },
  (table) => [index('runs_fingerprint').on(table.fingerprint, table.startedAt)],
);

/** Completed units of work of a run: a resumed run skips every key recorded here. */
export const runCheckpoints = pgTable(
  'run_checkpoints',
  {
    runId: text('run_id')
      .notNull()
      .references(() => runs.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    stage: text('stage').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    completedAt: instant('completed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.key] })],
);

/** Every table of the schema, by export name (what `drizzle(…, { schema })` receives). */
export const storeSchema = {
  ...pipelineSchema,
  articleComponents,
  sources,
  sourceRatings,
  sourceRatingChanges,
  ratingVerifications,
  ...lifecycleSchema,
  articles,
  stories,
  storyArticles,
  storySentences,
  guardDecisions,
  blindspotFlags,
  auditRecords,
  costLedger,
  contestations,
  contestationTransitions,
  synthesisRetryQueue,
  debates,
  checks,
  verdictHistory,
  scoreboards,
  runs,
  runCheckpoints,
  chileHeadlines,
  feeds,
  feedFetches,
  debateChunks,
  debateEvents,
  readerReports,
  debateReviews,
  workerCycles,
  workerHeartbeats,
  workerJobClaims,
  editorSessions,
  signInFailures,
};
