/**
 * Drizzle tables of outlet ratings (seed 002's `sources`, the rating history and the CON-4 change
 * log), declared from `migrations/0001_initial.sql` and `0004_rating*.sql` (the SQL is the source
 * of truth; the store's schema test compares them). Every enumerated column takes its values from
 * the `@espectro/methodology` enum it stores, and `rating_evidence` is typed as the methodology's
 * one `RatingEvidence` record.
 */
import {
  BucketSchema,
  EditorialScopeSchema,
  FactualitySchema,
  OwnershipRuleSchema,
  RatingChangeCauseSchema,
  RatingChangeRecordSchema,
  RatingConfidenceSchema,
  type RatingDissent,
  type RatingEvidence,
  type RatingFlag,
} from '@espectro/methodology';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The values of a zod enum as the non-empty tuple Drizzle's `enum` option wants. @internal */
export function enumValues<Value extends string>(schema: { options: readonly Value[] }): [Value, ...Value[]] {
  return [...schema.options] as [Value, ...Value[]];
}

/** Outlets (seed 002's `sources`): rating, evidence, methodology version, review and addition dates. */
export const sources = pgTable('sources', {
  domain: text('domain').primaryKey(),
  name: text('name').notNull(),
  country: text('country'),
  language: text('language'),
  scope: text('scope', { enum: enumValues(EditorialScopeSchema) }),
  bias: text('bias', { enum: enumValues(BucketSchema) }),
  factuality: text('factuality', { enum: enumValues(FactualitySchema) }),
  factualityScore: doublePrecision('factuality_score'),
  confidence: text('confidence', { enum: enumValues(RatingConfidenceSchema) }).notNull(),
  appliedRule: text('applied_rule', { enum: enumValues(OwnershipRuleSchema) }),
  flags: jsonb('flags')
    .$type<RatingFlag[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  trace: jsonb('trace')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  ratingEvidence: jsonb('rating_evidence').$type<RatingEvidence>().notNull(),
  methodologyVersion: text('methodology_version').notNull(),
  ratingReviewedAt: instant('rating_reviewed_at'),
  dissent: jsonb('dissent')
    .$type<RatingDissent[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  evidenceSha256: text('evidence_sha256'),
  addedAt: instant('added_at').notNull(),
  bodyLicensed: boolean('body_licensed').notNull().default(false),
  aliases: jsonb('aliases')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: instant('updated_at').notNull(),
});

/** Every rating an outlet had: preliminary, the first funnel rating, and re-ratings with their CON-4 cause. */
export const sourceRatings = pgTable(
  'source_ratings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domain: text('domain')
      .notNull()
      .references(() => sources.domain, { onDelete: 'cascade' }),
    ratedAt: instant('rated_at').notNull(),
    kind: text('kind', { enum: ['preliminary', 'initial', 'rerating'] }).notNull(),
    cause: text('cause', { enum: enumValues(RatingChangeCauseSchema) }),
    contestationId: text('contestation_id'),
    scope: text('scope', { enum: enumValues(EditorialScopeSchema) }),
    bias: text('bias', { enum: enumValues(BucketSchema) }),
    factuality: text('factuality', { enum: enumValues(FactualitySchema) }),
    confidence: text('confidence', { enum: enumValues(RatingConfidenceSchema) }).notNull(),
    appliedRule: text('applied_rule', { enum: enumValues(OwnershipRuleSchema) }),
    flags: jsonb('flags')
      .$type<RatingFlag[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    trace: jsonb('trace')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ratingEvidence: jsonb('rating_evidence').$type<RatingEvidence>().notNull(),
    methodologyVersion: text('methodology_version').notNull(),
    notes: text('notes'),
    dissent: jsonb('dissent')
      .$type<RatingDissent[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    evidenceSha256: text('evidence_sha256'),
  },
  (table) => [index('source_ratings_domain').on(table.domain, table.id)],
);

/** CON-4: one row per field changed by a re-rating, with the cause. */
export const sourceRatingChanges = pgTable(
  'source_rating_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ratingId: bigint('rating_id', { mode: 'number' })
      .notNull()
      .references(() => sourceRatings.id, { onDelete: 'cascade' }),
    domain: text('domain')
      .notNull()
      .references(() => sources.domain, { onDelete: 'cascade' }),
    changedAt: instant('changed_at').notNull(),
    cause: text('cause', { enum: enumValues(RatingChangeCauseSchema) }).notNull(),
    field: text('field', { enum: enumValues(RatingChangeRecordSchema.shape.field) }).notNull(),
    previous: text('previous'),
    next: text('next'),
    contestationId: text('contestation_id'),
    methodologyVersion: text('methodology_version').notNull(),
    notes: text('notes'),
  },
  (table) => [index('source_rating_changes_domain').on(table.domain, table.id)],
);

/** The latest `espectro outlets verify` verdict of each outlet (shown on the outlet page). */
export const ratingVerifications = pgTable('rating_verifications', {
  domain: text('domain')
    .primaryKey()
    .references(() => sources.domain, { onDelete: 'cascade' }),
  verifiedAt: instant('verified_at').notNull(),
  result: text('result', { enum: ['verified', 'mismatch', 'other_methodology', 'unsealed'] }).notNull(),
  mismatches: jsonb('mismatches')
    .$type<{ field: string; message: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  methodologyVersion: text('methodology_version').notNull(),
});
