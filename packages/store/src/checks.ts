/**
 * Debate checks (seed 001) and their append-only verdict history (REV-D), implementing the
 * `CheckRepository` interface of `@espectro/factcheck` over the database. A check is stored as its
 * whole document (JSONB) plus indexed columns; each history entry is also a row of
 * `verdict_history`, and a save may only append to the stored history, never rewrite it.
 */
import {
  ScoreboardsSchema,
  VerdictHistoryEntrySchema,
  type EarlierCheck,
  type Scoreboards,
  type VerdictHistoryEntry,
} from '@espectro/methodology';
import { and, asc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { checks, debates, scoreboards, verdictHistory } from './schema.js';
import { parseStoreInput } from './validate.js';

/** The fields of a check the store indexes; the rest of the document is kept as given. */
export const StoredCheckSchema = z.looseObject({
  id: z.string().min(1),
  debateId: z.string().min(1),
  candidate: z.string().min(1),
  spokenAt: z.string().optional(),
  claim: z.looseObject({ text: z.string() }),
  verdict: z.enum(['true', 'imprecise', 'false', 'no_data']),
  status: z.enum(['published', 'discarded', 'under_review', 'removed']),
  history: z.array(VerdictHistoryEntrySchema).min(1),
});
/** The minimum shape of a stored check (`@espectro/factcheck`'s `Check` satisfies it). */
export type StoredCheckShape = z.infer<typeof StoredCheckSchema>;

/** A debate's two scoreboards as stored (REV-D keeps both). */
export interface StoredScoreboards extends Scoreboards {
  debateId: string;
  at: string;
}

/** The `CheckRepository` of `@espectro/factcheck`, over the database. */
export interface StoreCheckRepository<TCheck extends StoredCheckShape> {
  saveCheck(check: TCheck): Promise<void>;
  getCheck(checkId: string): Promise<TCheck | undefined>;
  listChecks(filter?: { debateId?: string; candidate?: string }): Promise<TCheck[]>;
  appendHistory(checkId: string, entry: VerdictHistoryEntry): Promise<TCheck>;
  earlierChecks(query: { candidate: string; excludeDebateId: string }): Promise<EarlierCheck[]>;
  saveDebateName(debateId: string, name: string): Promise<void>;
  saveScoreboards(board: StoredScoreboards): Promise<void>;
  listScoreboards(debateId: string): Promise<StoredScoreboards[]>;
}

const OPERATION = 'checks';

function sameEntry(left: VerdictHistoryEntry, right: VerdictHistoryEntry): boolean {
  return (
    left.verdict === right.verdict &&
    left.status === right.status &&
    left.at === right.at &&
    left.phase === right.phase &&
    (left.reason ?? null) === (right.reason ?? null)
  );
}

/**
 * Writes a check inside a transaction: the document and indexed columns, plus the history entries
 * not stored yet. Refuses (`history_rewrite`) a history the stored one is not a prefix of (REV-D).
 */
export async function writeCheck(executor: StoreExecutor, check: StoredCheckShape): Promise<void> {
  const stored = await executor
    .select()
    .from(verdictHistory)
    .where(eq(verdictHistory.checkId, check.id))
    .orderBy(asc(verdictHistory.seq));
  const previous: VerdictHistoryEntry[] = stored.map((row) => ({
    verdict: row.verdict as VerdictHistoryEntry['verdict'],
    status: row.status as VerdictHistoryEntry['status'],
    at: row.at,
    phase: row.phase,
    ...(row.reason !== null ? { reason: row.reason } : {}),
  }));
  // rule REV-D: histories are append-only; a save may extend the stored history, never change it.
  const isPrefix =
    previous.length <= check.history.length &&
    previous.every((entry, index) => sameEntry(entry, check.history[index]!));
  if (!isPrefix) {
    throw new StoreError({
      code: 'history_rewrite',
      operation: `${OPERATION}.save`,
      field: 'history',
      message: `check "${check.id}": the stored verdict history (${previous.length} entries) is not a prefix of the new one; histories are append-only (REV-D)`,
    });
  }
  const now = new Date();
  const values = {
    debateId: check.debateId,
    candidate: check.candidate,
    spokenAt: check.spokenAt ? new Date(check.spokenAt) : null,
    verdict: check.verdict,
    status: check.status,
    claimText: check.claim.text,
    document: check as Record<string, unknown>,
    updatedAt: now,
  };
  await executor
    .insert(checks)
    .values({ id: check.id, ...values })
    .onConflictDoUpdate({ target: checks.id, set: values });
  const added = check.history.slice(previous.length);
  if (added.length > 0) {
    await executor.insert(verdictHistory).values(
      added.map((entry, offset) => ({
        checkId: check.id,
        seq: previous.length + offset,
        verdict: entry.verdict,
        status: entry.status,
        at: entry.at,
        phase: entry.phase,
        reason: entry.reason ?? null,
      })),
    );
  }
}

/**
 * The check repository over the database. `parse` turns a stored document back into your check
 * type (default: the document as stored, validated against {@link StoredCheckSchema}).
 *
 * @example
 * import type { Check } from '@espectro/factcheck';
 * const repository = createStoreCheckRepository<Check>(database);
 * await runLiveDebate({ debate, chunks, stages, repository });
 */
export function createStoreCheckRepository<TCheck extends StoredCheckShape = StoredCheckShape>(
  database: Database,
  options: { parse?: (document: unknown) => TCheck } = {},
): StoreCheckRepository<TCheck> {
  const { db } = database;
  const parse =
    options.parse ??
    ((document: unknown) => parseStoreInput(StoredCheckSchema, document, `${OPERATION}.read`) as TCheck);
  const documentOf = (row: typeof checks.$inferSelect): TCheck => parse(structuredClone(row.document));
  return {
    async saveCheck(check) {
      const parsed = parseStoreInput(StoredCheckSchema, check, `${OPERATION}.save`);
      await db.transaction(async (tx) => {
        await tx.select({ id: checks.id }).from(checks).where(eq(checks.id, parsed.id)).for('update');
        await writeCheck(tx, { ...check, ...parsed });
      });
    },
    async getCheck(checkId) {
      const [row] = await db.select().from(checks).where(eq(checks.id, checkId));
      return row === undefined ? undefined : documentOf(row);
    },
    async listChecks(filter = {}) {
      const conditions = [];
      if (filter.debateId !== undefined) conditions.push(eq(checks.debateId, filter.debateId));
      if (filter.candidate !== undefined) conditions.push(eq(checks.candidate, filter.candidate));
      const rows = await db
        .select()
        .from(checks)
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(asc(checks.seq));
      return rows.map(documentOf);
    },
    async appendHistory(checkId, entry) {
      const valid = parseStoreInput(VerdictHistoryEntrySchema, entry, `${OPERATION}.appendHistory`);
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(checks).where(eq(checks.id, checkId)).for('update');
        if (row === undefined)
          throw new StoreError({
            code: 'not_found',
            operation: `${OPERATION}.appendHistory`,
            field: 'checkId',
            message: `no check "${checkId}"`,
          });
        const current = documentOf(row);
        const updated = {
          ...current,
          history: [...current.history, { ...valid }],
          verdict: valid.verdict,
          status: valid.status,
        } as TCheck;
        await writeCheck(tx, updated);
        return structuredClone(updated);
      });
    },
    async earlierChecks({ candidate, excludeDebateId }) {
      const rows = await db
        .select({ row: checks, name: debates.name })
        .from(checks)
        .leftJoin(debates, eq(debates.id, checks.debateId))
        .where(and(eq(checks.candidate, candidate), ne(checks.debateId, excludeDebateId)))
        .orderBy(asc(checks.seq));
      return rows.map(({ row, name }) => {
        const check = documentOf(row);
        return {
          checkId: check.id,
          candidate: check.candidate,
          debate: name ?? check.debateId,
          text: check.claim.text,
          history: structuredClone(check.history),
        };
      });
    },
    async saveDebateName(debateId, name) {
      await db.insert(debates).values({ id: debateId, name }).onConflictDoUpdate({ target: debates.id, set: { name } });
    },
    async saveScoreboards(board) {
      const valid = parseStoreInput(
        ScoreboardsSchema,
        { live: board.live, revised: board.revised },
        `${OPERATION}.saveScoreboards`,
      );
      await db
        .insert(scoreboards)
        .values({ debateId: board.debateId, at: board.at, live: valid.live, revised: valid.revised });
    },
    async listScoreboards(debateId) {
      const rows = await db
        .select()
        .from(scoreboards)
        .where(eq(scoreboards.debateId, debateId))
        .orderBy(asc(scoreboards.id));
      return rows.map((row) => ({
        debateId: row.debateId,
        at: row.at,
        live: row.live as Scoreboards['live'],
        revised: row.revised as Scoreboards['revised'],
      }));
    },
  };
}

/** Every stored check document, ordered by insertion (for exports). */
export async function listAllChecks(executor: StoreExecutor): Promise<Record<string, unknown>[]> {
  const rows = await executor.select({ document: checks.document }).from(checks).orderBy(asc(checks.seq));
  return rows.map((row) => row.document);
}
