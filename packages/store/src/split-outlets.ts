/**
 * The `split_outlets` follow-up list (seed 002 §6, "Medios mixtos"): outlets whose news and opinion
 * items would be rated at least one bucket apart. The list is not typed in by hand: it follows the
 * stored ratings — every rating written with the CONF-SPLIT flag `split_outlet` puts the outlet on
 * it (with the news and opinion buckets of its evidence and the evidence's notes), and a later
 * rating without the flag takes it off (the rating history keeps the flag). Editors add follow-up
 * notes with {@link noteSplitOutlet}. Nothing here decides the rule: `rateOutlet` sets the flag.
 */
import { BucketSchema, type Bucket } from '@espectro/methodology';
import type { StoredRating } from '@espectro/rating';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { splitOutlets } from './schema-lifecycle.js';
import { sources } from './schema-rating.js';
import { parseStoreInput } from './validate.js';

/** One outlet of the follow-up list. */
export interface SplitOutlet {
  domain: string;
  /** The outlet's name in the roster. */
  name: string;
  /** Bucket of the news items alone (`news_sesgo` of the evidence). */
  newsBucket: Bucket | null;
  /** Bucket of the opinion items alone (`opinion_sesgo`). */
  opinionBucket: Bucket | null;
  /** The evidence's notes when it was flagged, then every editor's follow-up note, one per line. */
  notes: string;
  /** When a rating first put it on the list (since it last came off). */
  flaggedAt: string;
  /** The last rating or note that touched the entry. */
  updatedAt: string;
}

const bucketOrNull = (value: unknown): Bucket | null => {
  const parsed = BucketSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * Keeps the list in step with a rating just written for `stored.domain`: on the list iff the
 * rating carries the CONF-SPLIT flag `split_outlet`. Called by the store's rating writer in the
 * same transaction, so the list cannot disagree with the outlet's current rating.
 *
 * @example
 * await syncSplitOutlet(tx, stored, '2026-05-02T10:00:00Z');
 */
export async function syncSplitOutlet(executor: StoreExecutor, stored: StoredRating, at: string): Promise<void> {
  if (!stored.rating.flags.includes('split_outlet')) {
    await executor.delete(splitOutlets).where(eq(splitOutlets.domain, stored.domain));
    return;
  }
  const evidence = stored.rating_evidence as { content?: Record<string, unknown>; notes?: unknown };
  const newsBucket = bucketOrNull(evidence.content?.news_sesgo);
  const opinionBucket = bucketOrNull(evidence.content?.opinion_sesgo);
  const notes = typeof evidence.notes === 'string' ? evidence.notes : '';
  const instant = new Date(at);
  await executor
    .insert(splitOutlets)
    .values({ domain: stored.domain, newsBucket, opinionBucket, notes, flaggedAt: instant, updatedAt: instant })
    // a re-rating that is still split keeps the first flag date and the notes gathered since
    .onConflictDoUpdate({ target: splitOutlets.domain, set: { newsBucket, opinionBucket, updatedAt: instant } });
}

/** Input of {@link noteSplitOutlet}. */
export const SplitOutletNoteSchema = z.strictObject({
  domain: z.string().min(1),
  /** One follow-up note (who looked, what they found); appended on its own line. */
  note: z.string().trim().min(1).max(2_000),
  /** Instant of the note. */
  at: z.iso.datetime({ offset: true }),
});
/** Input of {@link noteSplitOutlet}. */
export type SplitOutletNote = z.input<typeof SplitOutletNoteSchema>;

/**
 * Appends a follow-up note to an outlet of the list. An outlet that is not on it is a `not_found`
 * error naming `domain` (a note never puts an outlet on the list: only a split rating does).
 *
 * @example
 * await noteSplitOutlet(db, { domain: 'elpais.com', note: 'Opinion pages reviewed: still left.', at: '2026-05-03T09:00:00Z' });
 */
export async function noteSplitOutlet(executor: StoreExecutor, input: SplitOutletNote): Promise<SplitOutlet> {
  const parsed = parseStoreInput(SplitOutletNoteSchema, input, 'splitOutlets.note');
  const updated = await executor
    .update(splitOutlets)
    .set({
      notes: sql`CASE WHEN ${splitOutlets.notes} = '' THEN ${parsed.note} ELSE ${splitOutlets.notes} || E'\n' || ${parsed.note} END`,
      updatedAt: new Date(parsed.at),
    })
    .where(eq(splitOutlets.domain, parsed.domain))
    .returning({ domain: splitOutlets.domain });
  if (updated.length === 0) {
    throw new StoreError({
      code: 'not_found',
      operation: 'splitOutlets.note',
      field: 'domain',
      message: `${parsed.domain} is not on the split_outlets list (only a rating flagged split_outlet puts it there)`,
    });
  }
  const [entry] = await listSplitOutlets(executor, parsed.domain);
  return entry!;
}

/**
 * The list (or the entry of `domain`), by domain.
 *
 * @example
 * (await listSplitOutlets(db)).map((entry) => entry.domain);
 */
export async function listSplitOutlets(executor: StoreExecutor, domain?: string): Promise<SplitOutlet[]> {
  const rows = await executor
    .select({
      domain: splitOutlets.domain,
      name: sources.name,
      newsBucket: splitOutlets.newsBucket,
      opinionBucket: splitOutlets.opinionBucket,
      notes: splitOutlets.notes,
      flaggedAt: splitOutlets.flaggedAt,
      updatedAt: splitOutlets.updatedAt,
    })
    .from(splitOutlets)
    .innerJoin(sources, eq(sources.domain, splitOutlets.domain))
    .where(domain === undefined ? undefined : eq(splitOutlets.domain, domain))
    .orderBy(asc(splitOutlets.domain));
  return rows.map((row) => ({
    ...row,
    flaggedAt: row.flaggedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
