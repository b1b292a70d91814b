/**
 * Drizzle tables of `migrations/0002_pipeline.sql`: the incremental archive of `@espectro/pipeline`
 * (article → cluster assignments, stored vectors, clusters with their synthesis and topic state,
 * judge verdicts and pending pairs) and the work queues its stages select from (stories to build,
 * countries whose publish-guard decisions to re-decide, sources already ingested).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
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

/** `bytea` as a `Uint8Array` (PGlite returns one, node-postgres a `Buffer`, which is one). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBufferLike)),
});

/** One row: the revision of the clustered archive, bumped by every clustering commit. */
export const pipelineArchive = pgTable('pipeline_archive', {
  id: boolean('id').primaryKey().default(true),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});

/** Sources already ingested, by the SHA-256 of their bytes. */
export const ingestedSources = pgTable(
  'ingested_sources',
  {
    name: text('name').notNull(),
    sha256: text('sha256').notNull(),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    ingestedAt: instant('ingested_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.name, table.sha256] })],
);

/** Article → cluster (CLU-3), with the embedder that clustered it. */
export const articleClusters = pgTable(
  'article_clusters',
  {
    articleId: text('article_id').primaryKey(),
    clusterId: text('cluster_id').notNull(),
    embedder: text('embedder').notNull(),
    clusteredAt: instant('clustered_at').notNull(),
  },
  (table) => [index('article_clusters_cluster').on(table.clusterId)],
);

/** Stored headline vectors (CLU-1) of batch-independent embedders. */
export const articleVectors = pgTable(
  'article_vectors',
  {
    articleId: text('article_id').notNull(),
    embedder: text('embedder').notNull(),
    vector: bytes('vector').notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.embedder] })],
);

/** The archive's clusters with their synthesis (SYN-*) and topic (TOP-1) state. */
export const clusters = pgTable('clusters', {
  id: text('id').primaryKey(),
  embedder: text('embedder').notNull(),
  judge: text('judge').notNull(),
  articleCount: integer('article_count').notNull(),
  outletCount: integer('outlet_count').notNull(),
  memberSignature: text('member_signature').notNull(),
  domainSignature: text('domain_signature').notNull(),
  firstPublishedAt: instant('first_published_at').notNull(),
  lastPublishedAt: instant('last_published_at').notNull(),
  updatedAt: instant('updated_at').notNull(),
  synthesisStatus: text('synthesis_status', { enum: ['synthesised', 'below_tier', 'failed'] }),
  synthesisSignature: text('synthesis_signature'),
  synthesis: jsonb('synthesis').$type<Record<string, unknown>>(),
  synthesisFailure: jsonb('synthesis_failure').$type<Record<string, unknown>>(),
  synthesisedAt: instant('synthesised_at'),
  topicStatus: text('topic_status', { enum: ['classified', 'unclassified'] }),
  topic: text('topic'),
  topicClassification: jsonb('topic_classification').$type<Record<string, unknown>>(),
  topicAttempts: integer('topic_attempts')
    .notNull()
    .default(sql`0`),
  classifiedAt: instant('classified_at'),
});

/** Cluster ids whose story must be built again or retired. */
export const storyQueue = pgTable('story_queue', {
  clusterId: text('cluster_id').primaryKey(),
  reason: text('reason').notNull(),
  queuedAt: instant('queued_at').notNull(),
});

/** Countries whose publish-guard decisions must be re-decided from a time on (PG country_cap). */
export const guardQueue = pgTable('guard_queue', {
  country: text('country').primaryKey(),
  fromAt: instant('from_at').notNull(),
  queuedAt: instant('queued_at').notNull(),
});

/** The publish-guard input of each guarded story, without its country count (PG). */
export const storyGuardInputs = pgTable(
  'story_guard_inputs',
  {
    storyId: text('story_id').primaryKey(),
    country: text('country'),
    publishedAt: instant('published_at').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('story_guard_inputs_country').on(table.country, table.publishedAt)],
);

/** CLU-2 judge verdicts per pair of article ids (left < right). */
export const judgeVerdicts = pgTable(
  'judge_verdicts',
  {
    leftId: text('left_id').notNull(),
    rightId: text('right_id').notNull(),
    verdict: text('verdict', { enum: ['same', 'different'] }).notNull(),
    judge: text('judge').notNull(),
    decidedAt: instant('decided_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.leftId, table.rightId] })],
);

/** CLU-2 grey pairs the judge could not answer, with the reason. */
export const judgePendingPairs = pgTable(
  'judge_pending_pairs',
  {
    leftId: text('left_id').notNull(),
    rightId: text('right_id').notNull(),
    similarity: doublePrecision('similarity').notNull(),
    reason: text('reason').notNull(),
    since: instant('since').notNull(),
  },
  (table) => [primaryKey({ columns: [table.leftId, table.rightId] })],
);

/** The tables of `0002_pipeline.sql`, spread into `storeSchema`. */
export const pipelineSchema = {
  pipelineArchive,
  ingestedSources,
  articleClusters,
  articleVectors,
  clusters,
  storyQueue,
  guardQueue,
  storyGuardInputs,
  judgeVerdicts,
  judgePendingPairs,
};
