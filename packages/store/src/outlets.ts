/**
 * Outlets (`sources`) and their rating history (CON-4). Ratings come from the methodology's
 * `rateOutlet` (or `preliminaryRating` for PRELIM); this module only stores them and records, for
 * every change of a rated field, its cause.
 */
import {
  isPendingEvidence,
  ownershipOf,
  preliminaryRating,
  RateOutletResultSchema,
  RatingChangeCauseSchema,
  ratingChangeCause,
  ratingChanges,
  RatingEvidenceSchema,
  type Bucket,
  type EditorialScope,
  type Factuality,
  type OwnershipRule,
  type OwnerType,
  type RateOutletResult,
  type RatingChangeCause,
  type RatingChangeRecord,
  type RatingConfidence,
  type RatingEvidence,
  type RatingSnapshot,
} from '@espectro/methodology';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { sourceRatingChanges, sourceRatings, sources } from './schema.js';
import { parseStoreInput } from './validate.js';

/** An outlet as the repository returns it (dates as ISO strings). */
export interface Outlet {
  domain: string;
  name: string;
  country: string | null;
  language: string | null;
  /** `null` for a domain not in the roster (PRELIM). */
  scope: EditorialScope | null;
  bias: Bucket | null;
  factuality: Factuality | null;
  factualityScore: number | null;
  confidence: RatingConfidence;
  appliedRule: OwnershipRule | null;
  flags: string[];
  trace: string[];
  /** The seed-002 record the rating is reproduced from (`RatingEvidenceSchema` of @espectro/methodology). */
  ratingEvidence: RatingEvidence;
  methodologyVersion: string;
  ratingReviewedAt: string | null;
  addedAt: string;
  bodyLicensed: boolean;
  aliases: string[];
  /** True when the evidence is marked illustrative (demo data). */
  illustrative: boolean;
  /** `ownership.owner_type` of the evidence; `null` without ownership evidence (and for PRELIM). */
  ownerType: OwnerType | null;
}

/** One rating in an outlet's history, with the CON-4 records of the fields it changed. */
export interface OutletRatingHistoryEntry {
  id: number;
  ratedAt: string;
  kind: 'preliminary' | 'initial' | 'rerating';
  cause: RatingChangeCause | null;
  contestationId: string | null;
  bias: string | null;
  factuality: string | null;
  confidence: string;
  appliedRule: string | null;
  trace: string[];
  methodologyVersion: string;
  notes: string | null;
  changes: RatingChangeRecord[];
}

/** An outlet with its full rating history, oldest first. */
export interface OutletWithHistory extends Outlet {
  history: OutletRatingHistoryEntry[];
}

/** A lowercase outlet domain such as `elpais.com`. */
export const DomainSchema = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/,
    'expected a lowercase domain such as elpais.com',
  );
const InstantSchema = z.iso.datetime({ offset: true });

/** Input of {@link recordOutletRating}. */
export const RecordOutletRatingInputSchema = z.object({
  domain: DomainSchema,
  name: z.string().min(1),
  country: z.string().min(2).nullable().optional(),
  language: z.string().min(2).nullable().optional(),
  scope: z.enum(['political', 'non_political']),
  factualityScore: z.number().min(0).max(100).nullable().optional(),
  bodyLicensed: z.boolean().optional(),
  aliases: z.array(z.string().min(1)).optional(),
  evidence: RatingEvidenceSchema,
  rating: RateOutletResultSchema,
  ratedAt: InstantSchema,
  /**
   * CON-4 cause of a change of an earlier funnel rating; when omitted, `ratingChangeCause` of
   * @espectro/methodology derives it from the previous and the new evidence.
   */
  cause: RatingChangeCauseSchema.optional(),
  contestationId: z.string().min(1).optional(),
  notes: z.string().max(10_000).optional(),
});
/** @see {@link RecordOutletRatingInputSchema} */
export type RecordOutletRatingInput = z.input<typeof RecordOutletRatingInputSchema>;

/** What {@link recordOutletRating} did. */
export interface RecordOutletRatingResult {
  /** `created`: new outlet; `initial`: a preliminary outlet got its first funnel rating; `rerated`: a rated field changed; `unchanged`. */
  outcome: 'created' | 'initial' | 'rerated' | 'unchanged';
  changes: RatingChangeRecord[];
}

/** Input of {@link ensurePreliminaryOutlets}: one unrostered domain. */
export const PreliminaryOutletInputSchema = z.object({
  domain: DomainSchema,
  name: z.string().min(1).optional(),
  country: z.string().min(2).nullable().optional(),
  language: z.string().min(2).nullable().optional(),
  reason: z.string().min(1),
  /** ISO date the outlet entered the roster. */
  addedAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
/** @see {@link PreliminaryOutletInputSchema} */
export type PreliminaryOutletInput = z.input<typeof PreliminaryOutletInputSchema>;

type SourceRow = typeof sources.$inferSelect;

function iso(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/** Converts a `sources` row to an {@link Outlet}. */
export function outletFromRow(row: SourceRow): Outlet {
  return {
    domain: row.domain,
    name: row.name,
    country: row.country,
    language: row.language,
    scope: row.scope,
    bias: row.bias,
    factuality: row.factuality,
    factualityScore: row.factualityScore,
    confidence: row.confidence,
    appliedRule: row.appliedRule,
    flags: row.flags,
    trace: row.trace,
    ratingEvidence: row.ratingEvidence,
    methodologyVersion: row.methodologyVersion,
    ratingReviewedAt: iso(row.ratingReviewedAt),
    addedAt: row.addedAt.toISOString(),
    bodyLicensed: row.bodyLicensed,
    aliases: row.aliases,
    illustrative: !isPendingEvidence(row.ratingEvidence) && row.ratingEvidence.illustrative === true,
    ownerType: isPendingEvidence(row.ratingEvidence) ? null : (row.ratingEvidence.ownership?.owner_type ?? null),
  };
}

/**
 * Stores the funnel rating of a roster outlet. A new outlet is created; a preliminary outlet gets
 * its first rating; a rated outlet whose bias, factuality, confidence or ownership changes gets a
 * re-rating row plus one CON-4 record per changed field, which needs a `cause` (an
 * `accepted_contestation` cause names its contestation). Metadata (name, country, aliases,
 * evidence, trace) is always refreshed. The changes come from `ratingChanges` (CON-4) and the cause,
 * when not given, from `ratingChangeCause`. Call it inside a transaction for atomicity with other work.
 *
 * @example
 * await recordOutletRating(db, { domain: 'elpais.com', name: 'El País', scope: 'political', evidence,
 *   rating: rateOutlet(input), ratedAt: '2026-04-27T00:00:00Z' });
 */
export async function recordOutletRating(
  executor: StoreExecutor,
  input: RecordOutletRatingInput,
): Promise<RecordOutletRatingResult> {
  const operation = 'outlets.recordRating';
  const parsed = parseStoreInput(RecordOutletRatingInputSchema, input, operation);
  const rating: RateOutletResult = parsed.rating;
  if (parsed.scope === 'non_political' && rating.bias !== null) {
    throw new StoreError({
      code: 'invalid_input',
      operation,
      field: 'rating.bias',
      message: 'a non_political outlet has no bias (FUN-0)',
    });
  }
  const ratedAt = new Date(parsed.ratedAt);
  const evidence: RatingEvidence = parsed.evidence;
  const [current] = await executor.select().from(sources).where(eq(sources.domain, parsed.domain)).for('update');
  const values = {
    name: parsed.name,
    country: parsed.country ?? null,
    language: parsed.language ?? null,
    scope: parsed.scope,
    bias: rating.bias,
    factuality: rating.factuality,
    factualityScore: parsed.factualityScore ?? null,
    confidence: rating.confidence,
    appliedRule: rating.appliedRule,
    flags: rating.flags,
    trace: rating.trace,
    ratingEvidence: evidence,
    methodologyVersion: rating.methodologyVersion,
    ratingReviewedAt: ratedAt,
    bodyLicensed: parsed.bodyLicensed ?? false,
    aliases: parsed.aliases ?? [],
    updatedAt: ratedAt,
  };
  const snapshot = {
    domain: parsed.domain,
    ratedAt,
    scope: parsed.scope,
    bias: rating.bias,
    factuality: rating.factuality,
    confidence: rating.confidence,
    appliedRule: rating.appliedRule,
    flags: rating.flags,
    trace: rating.trace,
    ratingEvidence: evidence,
    methodologyVersion: rating.methodologyVersion,
    notes: parsed.notes ?? null,
  };
  if (current === undefined) {
    await executor.insert(sources).values({ domain: parsed.domain, addedAt: ratedAt, ...values });
    await executor.insert(sourceRatings).values({ ...snapshot, kind: 'initial', cause: null, contestationId: null });
    return { outcome: 'created', changes: [] };
  }
  if (current.confidence === 'preliminary') {
    await executor.update(sources).set(values).where(eq(sources.domain, parsed.domain));
    await executor.insert(sourceRatings).values({ ...snapshot, kind: 'initial', cause: null, contestationId: null });
    return { outcome: 'initial', changes: [] };
  }
  const previousSnapshot: RatingSnapshot = {
    bias: current.bias,
    factuality: current.factuality,
    confidence: current.confidence,
    ownership: ownershipOf(current.ratingEvidence),
    methodologyVersion: current.methodologyVersion,
  };
  const nextSnapshot: RatingSnapshot = {
    bias: rating.bias,
    factuality: rating.factuality,
    confidence: rating.confidence,
    ownership: ownershipOf(evidence),
    methodologyVersion: rating.methodologyVersion,
  };
  const cause =
    parsed.cause ??
    ratingChangeCause(
      { evidence: current.ratingEvidence, methodologyVersion: current.methodologyVersion },
      { evidence, methodologyVersion: rating.methodologyVersion },
    );
  // rule CON-4: one validated record per changed field, with its cause
  const changes = ratingChanges(previousSnapshot, nextSnapshot, {
    outlet: parsed.domain,
    changedAt: ratedAt.toISOString(),
    cause,
    ...(parsed.contestationId !== undefined ? { contestationId: parsed.contestationId } : {}),
    ...(parsed.notes !== undefined ? { notes: parsed.notes } : {}),
  });
  if (changes.length === 0) {
    await executor.update(sources).set(values).where(eq(sources.domain, parsed.domain));
    return { outcome: 'unchanged', changes: [] };
  }
  await executor.update(sources).set(values).where(eq(sources.domain, parsed.domain));
  const [inserted] = await executor
    .insert(sourceRatings)
    .values({ ...snapshot, kind: 'rerating', cause, contestationId: parsed.contestationId ?? null })
    .returning({ id: sourceRatings.id });
  await executor.insert(sourceRatingChanges).values(
    changes.map((change) => ({
      ratingId: inserted!.id,
      domain: parsed.domain,
      changedAt: ratedAt,
      cause: change.cause,
      field: change.field,
      previous: change.previous,
      next: change.next,
      contestationId: change.contestationId ?? null,
      methodologyVersion: change.methodologyVersion,
      notes: change.notes ?? null,
    })),
  );
  return { outcome: 'rerated', changes };
}

/**
 * Adds domains that are not in the roster as PRELIM outlets (seed 002 §10): bias `null`,
 * confidence `preliminary`, evidence `{ status: 'pending', reason, added_at }` from the
 * methodology's `preliminaryRating`, `rating_reviewed_at` NULL. Existing outlets are left alone
 * (concurrent callers are safe). Returns the domains actually added.
 *
 * @example
 * await ensurePreliminaryOutlets(db, [{ domain: 'diariolibre.com', reason: 'seen in a feed', addedAt: '2026-04-27' }]);
 */
export async function ensurePreliminaryOutlets(
  executor: StoreExecutor,
  entries: readonly PreliminaryOutletInput[],
): Promise<string[]> {
  const parsed = parseStoreInput(z.array(PreliminaryOutletInputSchema), entries, 'outlets.ensurePreliminary');
  if (parsed.length === 0) return [];
  const unique = new Map<string, (typeof parsed)[number]>();
  for (const entry of parsed) if (!unique.has(entry.domain)) unique.set(entry.domain, entry);
  const rows = [...unique.values()].map((entry) => {
    const rating = preliminaryRating(entry.reason, entry.addedAt); // rule PRELIM
    const addedAt = new Date(`${entry.addedAt}T00:00:00Z`);
    return {
      domain: entry.domain,
      name: entry.name ?? entry.domain,
      country: entry.country ?? null,
      language: entry.language ?? null,
      scope: null,
      bias: rating.bias,
      factuality: null,
      factualityScore: null,
      confidence: rating.confidence,
      appliedRule: null,
      flags: [],
      trace: ['PRELIM'],
      ratingEvidence: {
        status: rating.evidence.status,
        reason: rating.evidence.reason,
        added_at: rating.evidence.addedAt,
      },
      methodologyVersion: rating.methodologyVersion,
      ratingReviewedAt: null,
      addedAt,
      bodyLicensed: false,
      aliases: [],
      updatedAt: addedAt,
    };
  });
  const added: string[] = [];
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    const inserted = await executor
      .insert(sources)
      .values(chunk)
      .onConflictDoNothing({ target: sources.domain })
      .returning({ domain: sources.domain });
    added.push(...inserted.map((row) => row.domain));
  }
  if (added.length > 0) {
    const byDomain = new Map(rows.map((row) => [row.domain, row]));
    await executor.insert(sourceRatings).values(
      added.map((domain) => {
        const row = byDomain.get(domain)!;
        return {
          domain,
          ratedAt: row.addedAt,
          kind: 'preliminary' as const,
          cause: null,
          contestationId: null,
          scope: null,
          bias: null,
          factuality: null,
          confidence: 'preliminary' as const,
          appliedRule: null,
          flags: [],
          trace: ['PRELIM'],
          ratingEvidence: row.ratingEvidence,
          methodologyVersion: row.methodologyVersion,
          notes: null,
        };
      }),
    );
  }
  return added;
}

/** Filter of {@link listOutlets}. */
export interface ListOutletsFilter {
  /** Only outlets of these domains. */
  domains?: readonly string[];
  confidence?: Outlet['confidence'];
  country?: string;
}

/**
 * Every outlet (or a filtered set), ordered by domain.
 *
 * @example
 * const preliminary = await listOutlets(db, { confidence: 'preliminary' });
 */
export async function listOutlets(executor: StoreExecutor, filter: ListOutletsFilter = {}): Promise<Outlet[]> {
  const conditions = [];
  if (filter.domains) {
    if (filter.domains.length === 0) return [];
    conditions.push(inArray(sources.domain, [...filter.domains]));
  }
  if (filter.confidence) conditions.push(eq(sources.confidence, filter.confidence));
  if (filter.country) conditions.push(eq(sources.country, filter.country));
  const rows = await executor
    .select()
    .from(sources)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(sources.domain));
  return rows.map(outletFromRow);
}

/**
 * One outlet with its full rating history (oldest first), or `undefined`.
 *
 * @example
 * const outlet = await getOutlet(db, 'elpais.com');
 * outlet?.history.at(-1)?.changes; // CON-4 records of the latest re-rating
 */
export async function getOutlet(executor: StoreExecutor, domain: string): Promise<OutletWithHistory | undefined> {
  const [row] = await executor.select().from(sources).where(eq(sources.domain, domain));
  if (row === undefined) return undefined;
  const ratings = await executor
    .select()
    .from(sourceRatings)
    .where(eq(sourceRatings.domain, domain))
    .orderBy(asc(sourceRatings.id));
  const changes = await executor
    .select()
    .from(sourceRatingChanges)
    .where(eq(sourceRatingChanges.domain, domain))
    .orderBy(asc(sourceRatingChanges.id));
  const history = ratings.map((rating): OutletRatingHistoryEntry => ({
    id: rating.id,
    ratedAt: rating.ratedAt.toISOString(),
    kind: rating.kind,
    cause: rating.cause,
    contestationId: rating.contestationId,
    bias: rating.bias,
    factuality: rating.factuality,
    confidence: rating.confidence,
    appliedRule: rating.appliedRule,
    trace: rating.trace,
    methodologyVersion: rating.methodologyVersion,
    notes: rating.notes,
    changes: changes
      .filter((change) => change.ratingId === rating.id)
      .map((change) => ({
        outlet: change.domain,
        changedAt: change.changedAt.toISOString(),
        cause: change.cause as RatingChangeCause,
        field: change.field,
        previous: change.previous,
        next: change.next,
        ...(change.contestationId !== null ? { contestationId: change.contestationId } : {}),
        methodologyVersion: change.methodologyVersion,
        ...(change.notes !== null ? { notes: change.notes } : {}),
      })),
  }));
  return { ...outletFromRow(row), history };
}

/** Number of outlets per confidence level. */
export async function countOutletsByConfidence(executor: StoreExecutor): Promise<Record<string, number>> {
  const rows = await executor
    .select({ confidence: sources.confidence, count: sql<number>`count(*)::int` })
    .from(sources)
    .groupBy(sources.confidence)
    .orderBy(desc(sql`count(*)`));
  return Object.fromEntries(rows.map((row) => [row.confidence, Number(row.count)]));
}
