/**
 * The `RatingRecordStore` of `@espectro/rating` on the database: an outlet's rating lives in its
 * `sources` row, every history entry in `source_ratings`, every CON-4 change in
 * `source_rating_changes`; the `split_outlets` list follows each write (CONF-SPLIT). `espectro run`, `espectro outlets …` and the worker record ratings only
 * through it (or `recordRating` / `rateRosterEntries` over it). Passes `ratingRecordStoreContract`.
 */
import type { RatingChangeRecord } from '@espectro/methodology';
import {
  parseRatingRecordWrite,
  StoredRatingSchema,
  type RatingHistoryEntry,
  type RatingRecordStore,
  type RatingRecordWrite,
  type StoredRating,
} from '@espectro/rating';
import { asc, eq, sql } from 'drizzle-orm';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { sourceRatingChanges, sourceRatings, sources } from './schema-rating.js';
import { formatZodIssues } from '@espectro/methodology';
import { syncSplitOutlet } from './split-outlets.js';

type SourceRow = typeof sources.$inferSelect;

const day = (date: Date): string => date.toISOString().slice(0, 10);
const midnight = (isoDate: string): Date => new Date(`${isoDate}T00:00:00.000Z`);

/** A `sources` row as the rating package's `StoredRating` (validated; a malformed row throws). */
export function storedRatingOfRow(row: SourceRow): StoredRating {
  const reviewed = row.ratingReviewedAt === null ? null : day(row.ratingReviewedAt);
  const addedAt = day(row.addedAt);
  const candidate = {
    domain: row.domain,
    name: row.name,
    country: row.country,
    added_at: addedAt,
    rating_reviewed_at: reviewed,
    rating: {
      bias: row.bias,
      factuality: row.factuality,
      confidence: row.confidence,
      applied_rule: row.appliedRule,
      flags: row.flags,
      dissent: row.dissent,
      trace: row.trace,
      methodology_version: row.methodologyVersion,
      as_of: reviewed ?? addedAt,
      evidence_sha256: row.evidenceSha256,
    },
    rating_evidence: row.ratingEvidence,
  };
  return candidate as StoredRating;
}

/** Parses a row strictly: what `verify` sees as a malformed record is reported, not thrown, there. */
function parsedRow(row: SourceRow, operation: string): StoredRating {
  const result = StoredRatingSchema.safeParse(storedRatingOfRow(row));
  if (result.success) return result.data;
  throw new StoreError({
    code: 'invalid_input',
    operation,
    field: row.domain,
    message: `the stored rating of ${row.domain} does not match StoredRatingSchema — ${formatZodIssues(result.error.issues, { limit: 4 })} (run espectro outlets verify)`,
  });
}

function changeOfRow(row: typeof sourceRatingChanges.$inferSelect): RatingChangeRecord {
  return {
    outlet: row.domain,
    changedAt: row.changedAt.toISOString(),
    cause: row.cause,
    field: row.field,
    previous: row.previous,
    next: row.next,
    ...(row.contestationId === null ? {} : { contestationId: row.contestationId }),
    methodologyVersion: row.methodologyVersion,
    ...(row.notes === null ? {} : { notes: row.notes }),
  };
}

/** Raw `sources` rows (unparsed) — for `verify`, which reports malformed rows instead of throwing. */
export async function listSourceRows(executor: StoreExecutor): Promise<SourceRow[]> {
  return executor.select().from(sources).orderBy(asc(sources.domain));
}

async function writeRating(executor: StoreExecutor, write: RatingRecordWrite, exists: boolean): Promise<void> {
  const stored = write.rating;
  const value = stored.rating;
  const at = new Date(write.at);
  const evidence = stored.rating_evidence;
  const scope = 'editorial_scope' in evidence ? evidence.editorial_scope : null;
  const columns = {
    name: stored.name,
    country: stored.country,
    scope,
    bias: value.bias,
    factuality: value.factuality,
    confidence: value.confidence,
    appliedRule: value.applied_rule,
    flags: value.flags,
    dissent: value.dissent,
    trace: value.trace,
    ratingEvidence: evidence,
    evidenceSha256: value.evidence_sha256,
    methodologyVersion: value.methodology_version,
    ratingReviewedAt: stored.rating_reviewed_at === null ? null : midnight(stored.rating_reviewed_at),
    updatedAt: at,
  };
  if (exists) await executor.update(sources).set(columns).where(eq(sources.domain, stored.domain));
  else await executor.insert(sources).values({ domain: stored.domain, addedAt: midnight(stored.added_at), ...columns });
  await syncSplitOutlet(executor, stored, write.at);
  if (write.kind === null) return;
  const [history] = await executor
    .insert(sourceRatings)
    .values({
      domain: stored.domain,
      ratedAt: at,
      kind: write.kind,
      cause: write.cause,
      contestationId: write.contestationId,
      scope,
      bias: value.bias,
      factuality: value.factuality,
      confidence: value.confidence,
      appliedRule: value.applied_rule,
      flags: value.flags,
      dissent: value.dissent,
      trace: value.trace,
      ratingEvidence: evidence,
      evidenceSha256: value.evidence_sha256,
      methodologyVersion: value.methodology_version,
      notes: write.notes,
    })
    .returning({ id: sourceRatings.id });
  if (write.changes.length === 0) return;
  await executor.insert(sourceRatingChanges).values(
    write.changes.map((change) => ({
      ratingId: history!.id,
      domain: stored.domain,
      changedAt: new Date(change.changedAt),
      cause: change.cause,
      field: change.field,
      previous: change.previous,
      next: change.next,
      contestationId: change.contestationId ?? null,
      methodologyVersion: change.methodologyVersion,
      notes: change.notes ?? null,
    })),
  );
}

/**
 * The database {@link RatingRecordStore} over `executor` (the database, or a transaction to make
 * ratings part of a larger unit of work). `update` runs in its own (nested) transaction and takes
 * a transaction-scoped advisory lock on the outlet, so concurrent writers of one outlet — even
 * one that does not exist yet — are serialised on PostgreSQL.
 *
 * @example
 * const ratings = createStoreRatingRecordStore(store.database.db);
 * await recordRating(ratings, { evidence, asOf: '2026-05-02', changedAt: new Date().toISOString() });
 */
export function createStoreRatingRecordStore(executor: StoreExecutor): RatingRecordStore {
  return {
    async get(domain) {
      const [row] = await executor.select().from(sources).where(eq(sources.domain, domain));
      return row === undefined ? undefined : parsedRow(row, 'ratings.get');
    },
    async list() {
      return (await listSourceRows(executor)).map((row) => parsedRow(row, 'ratings.list'));
    },
    async update(domain, decide) {
      return executor.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`espectro.rating:${domain}`}))`);
        const [row] = await tx.select().from(sources).where(eq(sources.domain, domain)).for('update');
        const current = row === undefined ? undefined : parsedRow(row, 'ratings.update');
        const decided = decide(current);
        if (decided === undefined) return undefined;
        const write = parseRatingRecordWrite(decided, domain);
        await writeRating(tx, write, row !== undefined);
        return write;
      });
    },
    async history(domain) {
      const rows = await executor
        .select()
        .from(sourceRatings)
        .where(eq(sourceRatings.domain, domain))
        .orderBy(asc(sourceRatings.id));
      const changes = await executor
        .select()
        .from(sourceRatingChanges)
        .where(eq(sourceRatingChanges.domain, domain))
        .orderBy(asc(sourceRatingChanges.id));
      return rows.map((row): RatingHistoryEntry => ({
        kind: row.kind,
        at: row.ratedAt.toISOString(),
        cause: row.cause,
        contestationId: row.contestationId,
        notes: row.notes,
        rating: {
          bias: row.bias,
          factuality: row.factuality,
          confidence: row.confidence,
          applied_rule: row.appliedRule,
          flags: row.flags,
          dissent: row.dissent,
          trace: row.trace,
          methodology_version: row.methodologyVersion,
          evidence_sha256: row.evidenceSha256,
        },
        changes: changes.filter((change) => change.ratingId === row.id).map(changeOfRow),
      }));
    },
    async changes(domain) {
      const rows = await executor
        .select()
        .from(sourceRatingChanges)
        .where(domain === undefined ? undefined : eq(sourceRatingChanges.domain, domain))
        .orderBy(asc(sourceRatingChanges.id));
      return rows.map(changeOfRow);
    },
  };
}
