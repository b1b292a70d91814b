/**
 * Classified Chilean headlines (seed 004): the store side of `@espectro/headline-classifier`. A
 * headline is stored once per id — its title and bajada only (rule HC-2, enforced by the
 * methodology's `StoredHeadlineSchema`, which rejects any body field) — with its HC-1 class, the
 * backend that made it, the evidence phrase and the boletín numbers of LINK-1.
 */
import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ClassifiedHeadlineSchema, HeadlineClassSchema } from '@espectro/methodology';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { chileHeadlines } from './schema-chile.js';
import { parseStoreInput } from './validate.js';

const InstantSchema = z.iso.datetime({ offset: true });

/**
 * One classified headline to store: `ClassifiedHeadlineSchema` of `@espectro/methodology` — the
 * HC-2 headline record (id, outlet, url, publishedAt, title, description, nothing else) plus what
 * the classifier said about it. Re-exported under the store's naming.
 *
 * @example
 * ClassifiedHeadlineInputSchema.safeParse({ ...row, body: '…' }).success; // false (HC-2)
 */
export const ClassifiedHeadlineInputSchema = ClassifiedHeadlineSchema;
/** @see {@link ClassifiedHeadlineInputSchema} */
export type ClassifiedHeadlineInput = z.input<typeof ClassifiedHeadlineInputSchema>;

/** A stored classified headline (instants as ISO strings). */
export interface StoredClassifiedHeadline {
  id: string;
  outlet: string;
  url: string;
  publishedAt: string;
  title: string;
  description: string | null;
  class: z.infer<typeof HeadlineClassSchema> | null;
  backend: string;
  evidence: string | null;
  evidenceField: 'title' | 'description' | null;
  rejection: string | null;
  boletines: string[];
  trace: string[];
  firstSeenAt: string;
  classifiedAt: string;
}

type HeadlineRow = typeof chileHeadlines.$inferSelect;

function headlineOf(row: HeadlineRow): StoredClassifiedHeadline {
  return {
    id: row.id,
    outlet: row.outlet,
    url: row.url,
    publishedAt: row.publishedAt.toISOString(),
    title: row.title,
    description: row.description,
    class: row.class,
    backend: row.backend,
    evidence: row.evidence,
    evidenceField: row.evidenceField,
    rejection: row.rejection,
    boletines: row.boletines,
    trace: row.trace,
    firstSeenAt: row.firstSeenAt.toISOString(),
    classifiedAt: row.classifiedAt.toISOString(),
  };
}

/** What {@link saveClassifiedHeadlines} did: ids inserted, and ids already stored (left as they were). */
export interface SaveClassifiedHeadlinesResult {
  inserted: string[];
  existing: string[];
}

/**
 * Stores classified headlines; a headline whose id is already stored keeps its first
 * classification (a feed repeats its items on every poll). Input is validated as a whole before
 * anything is written; a bad row throws `StoreError` `invalid_input` naming it (`headlines[3].description`).
 *
 * @example
 * const { inserted, existing } = await saveClassifiedHeadlines(db, rows);
 */
export async function saveClassifiedHeadlines(
  executor: StoreExecutor,
  headlines: readonly ClassifiedHeadlineInput[],
): Promise<SaveClassifiedHeadlinesResult> {
  const rows = parseStoreInput(
    z.object({ headlines: z.array(ClassifiedHeadlineInputSchema) }),
    { headlines },
    'chileHeadlines.save',
  ).headlines;
  if (rows.length === 0) return { inserted: [], existing: [] };
  const insertedRows = await executor
    .insert(chileHeadlines)
    .values(
      rows.map((row) => ({
        id: row.id,
        outlet: row.outlet,
        url: row.url,
        publishedAt: new Date(row.publishedAt),
        title: row.title,
        description: row.description,
        class: row.class,
        backend: row.backend,
        evidence: row.evidence,
        evidenceField: row.evidenceField,
        rejection: row.rejection,
        boletines: row.boletines,
        trace: row.trace,
        firstSeenAt: new Date(row.firstSeenAt),
        classifiedAt: new Date(row.classifiedAt),
      })),
    )
    .onConflictDoNothing({ target: chileHeadlines.id })
    .returning({ id: chileHeadlines.id });
  const inserted = new Set(insertedRows.map((row) => row.id));
  return {
    inserted: rows.map((row) => row.id).filter((id) => inserted.has(id)),
    existing: [...new Set(rows.map((row) => row.id).filter((id) => !inserted.has(id)))],
  };
}

/** Which of these ids are already stored (so a poll classifies only new items). */
export async function knownClassifiedHeadlineIds(
  executor: StoreExecutor,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await executor
    .select({ id: chileHeadlines.id })
    .from(chileHeadlines)
    .where(inArray(chileHeadlines.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** Filter of {@link listClassifiedHeadlines}. */
export const ListClassifiedHeadlinesFilterSchema = z.strictObject({
  /** Only this HC-1 class. */
  class: HeadlineClassSchema.optional(),
  /** Only this outlet (domain). */
  outlet: z.string().min(1).optional(),
  /** Keyset paging: headlines strictly older than this one (its publishedAt and id). */
  before: z.strictObject({ publishedAt: InstantSchema, id: z.string().min(1) }).optional(),
  limit: z.number().int().min(1).max(1000).default(50),
});
/** @see {@link ListClassifiedHeadlinesFilterSchema} */
export type ListClassifiedHeadlinesFilter = z.input<typeof ListClassifiedHeadlinesFilterSchema>;

/**
 * Classified headlines, newest publication first (ties by id), optionally of one class or outlet.
 *
 * @example
 * await listClassifiedHeadlines(db, { class: 'legislative_process', limit: 20 });
 */
export async function listClassifiedHeadlines(
  executor: StoreExecutor,
  filter: ListClassifiedHeadlinesFilter = {},
): Promise<StoredClassifiedHeadline[]> {
  const parsed = parseStoreInput(ListClassifiedHeadlinesFilterSchema, filter, 'chileHeadlines.list');
  const conditions: SQL[] = [];
  if (parsed.class !== undefined) conditions.push(eq(chileHeadlines.class, parsed.class));
  if (parsed.outlet !== undefined) conditions.push(eq(chileHeadlines.outlet, parsed.outlet));
  if (parsed.before !== undefined) {
    const at = new Date(parsed.before.publishedAt);
    conditions.push(
      or(
        lt(chileHeadlines.publishedAt, at),
        and(eq(chileHeadlines.publishedAt, at), lt(chileHeadlines.id, parsed.before.id)),
      )!,
    );
  }
  const rows = await executor
    .select()
    .from(chileHeadlines)
    .where(conditions.length === 0 ? undefined : and(...conditions))
    .orderBy(desc(chileHeadlines.publishedAt), desc(chileHeadlines.id))
    .limit(parsed.limit);
  return rows.map(headlineOf);
}

/** Stored headlines per outlet and class, with the newest first-seen instant per outlet. */
export interface ClassifiedHeadlineCounts {
  total: number;
  byClass: Record<string, number>;
  byOutlet: { outlet: string; headlines: number; lastSeenAt: string }[];
}

/** Counts of stored classified headlines (for the Chilean page's header and `espectro status`). */
export async function countClassifiedHeadlines(executor: StoreExecutor): Promise<ClassifiedHeadlineCounts> {
  const byClass = await executor
    .select({ class: chileHeadlines.class, headlines: count() })
    .from(chileHeadlines)
    .groupBy(chileHeadlines.class);
  const byOutlet = await executor
    .select({
      outlet: chileHeadlines.outlet,
      headlines: count(),
      lastSeenAt: sql<string>`max(${chileHeadlines.firstSeenAt})`,
    })
    .from(chileHeadlines)
    .groupBy(chileHeadlines.outlet)
    .orderBy(chileHeadlines.outlet);
  return {
    total: byClass.reduce((sum, row) => sum + Number(row.headlines), 0),
    byClass: Object.fromEntries(byClass.map((row) => [row.class ?? 'unclassified', Number(row.headlines)])),
    byOutlet: byOutlet.map((row) => ({
      outlet: row.outlet,
      headlines: Number(row.headlines),
      lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    })),
  };
}
