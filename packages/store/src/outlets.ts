/**
 * Outlets (`sources`) as the site and the pipeline read them, their rating history (CON-4), their
 * roster profile, and PRELIM entries for unrostered domains. Ratings are written only through the
 * `RatingRecordStore` on the database (`rating-records.ts`).
 */
import {
  isPendingEvidence,
  preliminaryRating,
  type Bucket,
  type EditorialScope,
  type Factuality,
  type OwnershipRule,
  type OwnerType,
  type RatingChangeCause,
  type RatingChangeRecord,
  type RatingConfidence,
  type RatingEvidence,
} from '@espectro/methodology';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { sourceRatingChanges, sourceRatings, sources } from './schema.js';
import { parseStoreInput } from './validate.js';
import { evidenceDigest } from '@espectro/rating';

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

/**
 * The roster profile of an outlet: what `outlets.json` says of it besides its rating evidence.
 *
 * @example
 * OutletProfileInputSchema.parse({ domain: 'elpais.com', language: 'es', factualityScore: 70, aliases: ['EP'] });
 */
export const OutletProfileInputSchema = z.object({
  domain: DomainSchema,
  language: z.string().min(2).nullable().optional(),
  /** Fuja da Bolha score 0–100 (BS-BR-5); null = unknown. */
  factualityScore: z.number().min(0).max(100).nullable().optional(),
  bodyLicensed: z.boolean().optional(),
  aliases: z.array(z.string().min(1)).optional(),
});
/** @see {@link OutletProfileInputSchema} */
export type OutletProfileInput = z.input<typeof OutletProfileInputSchema>;

/**
 * Sets the roster profile of outlets that exist (their ratings go through the
 * `RatingRecordStore`; this never touches a rating). Unknown domains are an error.
 *
 * @example
 * await setOutletProfiles(tx, roster.outlets);
 */
export async function setOutletProfiles(
  executor: StoreExecutor,
  profiles: readonly OutletProfileInput[],
): Promise<void> {
  const operation = 'outlets.setProfiles';
  for (const profile of profiles) {
    const parsed = parseStoreInput(OutletProfileInputSchema, profile, operation);
    const updated = await executor
      .update(sources)
      .set({
        language: parsed.language ?? null,
        factualityScore: parsed.factualityScore ?? null,
        bodyLicensed: parsed.bodyLicensed ?? false,
        aliases: parsed.aliases ?? [],
      })
      .where(eq(sources.domain, parsed.domain))
      .returning({ domain: sources.domain });
    if (updated.length === 0) {
      throw new StoreError({
        code: 'invalid_input',
        operation,
        field: 'domain',
        message: `no outlet ${parsed.domain}: rate it first (the profile never creates an outlet)`,
      });
    }
  }
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
    const pending = {
      status: rating.evidence.status,
      reason: rating.evidence.reason,
      added_at: rating.evidence.addedAt,
    };
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
      ratingEvidence: pending,
      evidenceSha256: evidenceDigest(pending),
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
          evidenceSha256: row.evidenceSha256,
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
