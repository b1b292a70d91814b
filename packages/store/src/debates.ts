/**
 * Stored debates (seed 001, issue 17 §1): the debate, its 10-second chunks (transcript, speaker,
 * DEB-1 tone split), the checks of each chunk, readers' error reports and post-debate reviews,
 * implementing the `DebateRepository` of `@espectro/factcheck`.
 *
 * Idempotent by debate id and chunk index: {@link StoreDebateRepository.saveChunk} writes a chunk's
 * row, its checks, its model costs and a change-feed event in one transaction, and does nothing
 * when the chunk is already stored — so a run that crashed resumes with the chunks that have no
 * row, and no chunk is checked twice or lost. The change feed (`debate_events`) is what the live
 * page follows over Server-Sent Events.
 */
import { ScoreboardsSchema, type EarlierCheck, type VerdictHistoryEntry } from '@espectro/methodology';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LedgerEntryInputSchema, recordCosts } from './audit.js';
import { createStoreCheckRepository, StoredCheckSchema, writeCheck, type StoredCheckShape } from './checks.js';
import type { Database, StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { checks, scoreboards } from './schema.js';
import { debateChunks, debateEvents, debateReviews, debates, readerReports } from './schema-debates.js';
import { parseStoreInput } from './validate.js';

const OPERATION = 'debates';

/** The fields of a debate the store reads (`@espectro/factcheck`'s `DebateInfo` satisfies it). */
export const StoredDebateInfoSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
  startedAt: z.string().min(1),
  candidates: z.array(z.looseObject({ name: z.string().min(1) })).min(1),
});
/** The minimum shape of a stored debate's info. */
export type StoredDebateInfoShape = z.infer<typeof StoredDebateInfoSchema>;

/** The fields of a chunk outcome the store indexes (`@espectro/factcheck`'s `ChunkOutcome` satisfies it). */
export const StoredChunkSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  startSeconds: z.number().nonnegative(),
  durationSeconds: z.number().nonnegative(),
  status: z.enum(['claims', 'chatter', 'unknown_speaker', 'failed']),
  transcript: z.looseObject({ text: z.string() }).nullable(),
  speaker: z.looseObject({ speaker: z.string().nullable() }).nullable(),
  speakingTime: z.record(z.string(), z.number()).nullable(),
});
/** The minimum shape of a stored chunk. */
export type StoredChunkShape = z.infer<typeof StoredChunkSchema>;

/**
 * A reader's error report on a check ("Achou erro nesta checagem?"). The one schema of a report
 * in storage; `@espectro/factcheck`'s `ReaderReportSchema` has the same fields.
 */
export const StoredReaderReportSchema = z.strictObject({
  id: z.string().min(1),
  checkId: z.string().min(1),
  receivedAt: z.string().min(1),
  message: z.string(),
});
/** @see {@link StoredReaderReportSchema} */
export type StoredReaderReport = z.infer<typeof StoredReaderReportSchema>;

/**
 * The stored chunk with the highest index: where its audio ends and when it was stored — what a
 * resumed live stream needs to number on and to measure the audio it missed.
 */
export interface StoredChunkMark {
  index: number;
  /** Offset of the end of its audio from the start of the debate, in seconds. */
  endSeconds: number;
  /** When it was stored (ms since the epoch). */
  storedAtMs: number;
}

/** The phases of a stored debate. */
export type DebatePhase = 'live' | 'ended' | 'reviewed';

/** A stored debate as listed. */
export interface StoredDebate<TInfo extends StoredDebateInfoShape = StoredDebateInfoShape> {
  info: TInfo;
  fictional: boolean;
  phase: DebatePhase;
  /** Chunks stored so far. */
  chunkCount: number;
  /** Seq of the latest change-feed event (0 when none): the SSE id a page rendered now has seen. */
  lastEventSeq: number;
}

/** One change-feed event of a debate (the SSE event id is `seq`). */
export interface DebateEvent {
  seq: number;
  debateId: string;
  kind: 'chunk' | 'ended' | 'review' | 'report';
  chunkIndex: number | null;
  at: string;
}

/** The review record the store keeps (the checks carry their review entries themselves). */
export const StoredReviewSchema = z.looseObject({
  reviewedAt: z.string().min(1),
  checks: z.array(StoredCheckSchema),
  reports: z.array(StoredReaderReportSchema),
});

/** What {@link StoreDebateRepository.saveChunk} stores. */
export interface SaveChunkInput<TCheck extends StoredCheckShape, TChunk extends StoredChunkShape> {
  debateId: string;
  outcome: TChunk;
  checks: readonly TCheck[];
  /** Model calls of the chunk (rule COST), stored with it; each is validated as a `LedgerEntryInput`. */
  costs?: readonly object[];
  /** When the chunk was stored (default now). */
  at?: Date;
}

/** The `DebateRepository` of `@espectro/factcheck`, over the database. */
export interface StoreDebateRepository<
  TCheck extends StoredCheckShape = StoredCheckShape,
  TChunk extends StoredChunkShape = StoredChunkShape,
  TInfo extends StoredDebateInfoShape = StoredDebateInfoShape,
> {
  saveCheck(check: TCheck): Promise<void>;
  getCheck(checkId: string): Promise<TCheck | undefined>;
  listChecks(filter?: { debateId?: string; candidate?: string }): Promise<TCheck[]>;
  appendHistory(checkId: string, entry: VerdictHistoryEntry): Promise<TCheck>;
  earlierChecks(query: { candidate: string; excludeDebateId: string }): Promise<EarlierCheck[]>;
  saveDebateName(debateId: string, name: string): Promise<void>;
  saveScoreboards(board: { debateId: string; at: string } & z.infer<typeof ScoreboardsSchema>): Promise<void>;
  listScoreboards(debateId: string): Promise<({ debateId: string; at: string } & z.infer<typeof ScoreboardsSchema>)[]>;
  /**
   * Records a debate (idempotent: a second call with the same id keeps the stored phase and
   * chunks) and returns the indexes of the chunks already stored.
   */
  startDebate(
    info: TInfo,
    options?: { fictional?: boolean },
  ): Promise<{ phase: DebatePhase; storedChunks: number[]; lastChunk: StoredChunkMark | null }>;
  /** Stores a finished chunk with its checks and costs in one transaction; `false` when it was already stored. */
  saveChunk(input: SaveChunkInput<TCheck, TChunk>): Promise<boolean>;
  /** The stored chunks of a debate, in broadcast order. */
  listChunks(debateId: string): Promise<TChunk[]>;
  /** Marks the live part as over (phase `ended`) with an `ended` event; a reviewed debate stays reviewed. */
  endDebate(debateId: string, at?: Date): Promise<void>;
  getDebate(debateId: string): Promise<StoredDebate<TInfo> | undefined>;
  /** Debates, newest start first. */
  listDebates(): Promise<StoredDebate<TInfo>[]>;
  /** Stores a reader's report on a stored check (with a `report` event); unknown check → `not_found`. */
  addReport(report: StoredReaderReport): Promise<void>;
  /** Reports on a debate's checks, oldest first; `unreviewed` = not yet read by a review. */
  listReports(debateId: string, filter?: { unreviewed?: boolean }): Promise<StoredReaderReport[]>;
  /**
   * Stores a post-debate review in one transaction: every check (histories may only be appended
   * to), both scoreboards, the review record, the reports it read marked as read, phase
   * `reviewed` and a `review` event. Returns the review id.
   */
  saveReview(input: {
    debateId: string;
    review: z.input<typeof StoredReviewSchema> & { checks: readonly TCheck[] };
    scoreboards: z.infer<typeof ScoreboardsSchema>;
    /** Model calls of the review (rule COST); each is validated as a `LedgerEntryInput`. */
    costs?: readonly object[];
    at?: Date;
  }): Promise<number>;
  /** The latest stored review record of a debate, or `undefined`. */
  latestReview(debateId: string): Promise<Record<string, unknown> | undefined>;
  /** Change-feed events of a debate after `afterSeq`, oldest first (at most `limit`, default 1000). */
  eventsAfter(debateId: string, afterSeq: number, limit?: number): Promise<DebateEvent[]>;
}

async function appendEvent(
  executor: StoreExecutor,
  debateId: string,
  kind: DebateEvent['kind'],
  chunkIndex: number | null,
  at: Date,
): Promise<void> {
  await executor.insert(debateEvents).values({ debateId, kind, chunkIndex, at });
}

function notFound(operation: string, field: string, message: string): StoreError {
  return new StoreError({ code: 'not_found', operation: `${OPERATION}.${operation}`, field, message });
}

/**
 * The debate repository over the database. `parseCheck`, `parseChunk` and `parseInfo` turn stored
 * documents back into your types (default: the documents as stored, validated against the
 * minimum shapes).
 *
 * @example
 * import { CheckSchema, ChunkOutcomeSchema, DebateInfoSchema, type Check, type ChunkOutcome, type DebateInfo } from '@espectro/factcheck';
 * const repository = createStoreDebateRepository<Check, ChunkOutcome, DebateInfo>(database, {
 *   parseCheck: CheckSchema.parse, parseChunk: ChunkOutcomeSchema.parse, parseInfo: DebateInfoSchema.parse });
 * await runLiveDebate({ debate, chunks, stages, repository });
 */
export function createStoreDebateRepository<
  TCheck extends StoredCheckShape = StoredCheckShape,
  TChunk extends StoredChunkShape = StoredChunkShape,
  TInfo extends StoredDebateInfoShape = StoredDebateInfoShape,
>(
  database: Database,
  options: {
    parseCheck?: (document: unknown) => TCheck;
    parseChunk?: (document: unknown) => TChunk;
    parseInfo?: (document: unknown) => TInfo;
  } = {},
): StoreDebateRepository<TCheck, TChunk, TInfo> {
  const { db } = database;
  const checkRepository = createStoreCheckRepository<TCheck>(database, {
    ...(options.parseCheck !== undefined ? { parse: options.parseCheck } : {}),
  });
  const parseChunk =
    options.parseChunk ??
    ((document: unknown) => parseStoreInput(StoredChunkSchema, document, `${OPERATION}.read`) as TChunk);
  const parseInfo =
    options.parseInfo ??
    ((document: unknown) => parseStoreInput(StoredDebateInfoSchema, document, `${OPERATION}.read`) as TInfo);

  const storedDebate = async (row: typeof debates.$inferSelect): Promise<StoredDebate<TInfo>> => {
    const [counts] = await db
      .select({ chunks: sql<number>`count(*)::int` })
      .from(debateChunks)
      .where(eq(debateChunks.debateId, row.id));
    const [latest] = await db
      .select({ seq: sql<number>`coalesce(max(${debateEvents.seq}), 0)::int` })
      .from(debateEvents)
      .where(eq(debateEvents.debateId, row.id));
    return {
      info: parseInfo(structuredClone(row.info ?? { id: row.id, name: row.name })),
      fictional: row.fictional,
      phase: row.phase,
      chunkCount: Number(counts?.chunks ?? 0),
      lastEventSeq: Number(latest?.seq ?? 0),
    };
  };

  return {
    ...checkRepository,
    async startDebate(info, startOptions = {}) {
      const valid = parseStoreInput(StoredDebateInfoSchema, info, `${OPERATION}.startDebate`);
      return db.transaction(async (tx) => {
        const now = new Date();
        await tx
          .insert(debates)
          .values({
            id: valid.id,
            name: valid.name,
            info: info as Record<string, unknown>,
            fictional: startOptions.fictional ?? false,
            phase: 'live',
            startedAt: new Date(valid.startedAt),
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: debates.id,
            // a debate first known only by name (an earlier check's debate) gets its info now
            set: { name: valid.name, info: info as Record<string, unknown>, startedAt: new Date(valid.startedAt) },
          });
        if (startOptions.fictional === true)
          await tx.update(debates).set({ fictional: true }).where(eq(debates.id, valid.id));
        const [row] = await tx.select({ phase: debates.phase }).from(debates).where(eq(debates.id, valid.id));
        const stored = await tx
          .select({
            index: debateChunks.chunkIndex,
            startSeconds: debateChunks.startSeconds,
            durationSeconds: debateChunks.durationSeconds,
            storedAt: debateChunks.storedAt,
          })
          .from(debateChunks)
          .where(eq(debateChunks.debateId, valid.id))
          .orderBy(asc(debateChunks.chunkIndex));
        const last = stored.at(-1);
        return {
          phase: row?.phase ?? 'live',
          storedChunks: stored.map((entry) => entry.index),
          lastChunk:
            last === undefined
              ? null
              : {
                  index: last.index,
                  endSeconds: last.startSeconds + last.durationSeconds,
                  storedAtMs: last.storedAt.getTime(),
                },
        };
      });
    },
    async saveChunk(input) {
      const outcome = parseStoreInput(StoredChunkSchema, input.outcome, `${OPERATION}.saveChunk`);
      const checkList = input.checks.map((check) =>
        parseStoreInput(StoredCheckSchema, check, `${OPERATION}.saveChunk`),
      );
      for (const check of checkList)
        if (check.debateId !== input.debateId)
          throw new StoreError({
            code: 'invalid_input',
            operation: `${OPERATION}.saveChunk`,
            field: 'checks.debateId',
            message: `check "${check.id}" belongs to debate "${check.debateId}", not "${input.debateId}"`,
          });
      const costs = parseStoreInput(z.array(LedgerEntryInputSchema), input.costs ?? [], `${OPERATION}.saveChunk`);
      const at = input.at ?? new Date();
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(debateChunks)
          .values({
            debateId: input.debateId,
            chunkIndex: outcome.index,
            startSeconds: outcome.startSeconds,
            durationSeconds: outcome.durationSeconds,
            status: outcome.status,
            speaker: outcome.speaker?.speaker ?? null,
            transcript: outcome.transcript?.text ?? null,
            speakingTime: outcome.speakingTime,
            outcome: input.outcome as Record<string, unknown>,
            storedAt: at,
          })
          .onConflictDoNothing()
          .returning({ index: debateChunks.chunkIndex });
        // idempotent by (debate id, chunk index): an already stored chunk is not written again
        if (inserted.length === 0) return false;
        for (const [position, check] of checkList.entries())
          await writeCheck(tx, { ...(input.checks[position] as TCheck), ...check });
        if (costs.length > 0) await recordCosts(tx, costs, null);
        await tx.update(debates).set({ updatedAt: at }).where(eq(debates.id, input.debateId));
        await appendEvent(tx, input.debateId, 'chunk', outcome.index, at);
        return true;
      });
    },
    async listChunks(debateId) {
      const rows = await db
        .select({ outcome: debateChunks.outcome })
        .from(debateChunks)
        .where(eq(debateChunks.debateId, debateId))
        .orderBy(asc(debateChunks.chunkIndex));
      return rows.map((row) => parseChunk(structuredClone(row.outcome)));
    },
    async endDebate(debateId, at = new Date()) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(debates).where(eq(debates.id, debateId)).for('update');
        if (row === undefined) throw notFound('endDebate', 'debateId', `no debate "${debateId}"`);
        if (row.phase === 'live')
          await tx.update(debates).set({ phase: 'ended', updatedAt: at }).where(eq(debates.id, debateId));
        await appendEvent(tx, debateId, 'ended', null, at);
      });
    },
    async getDebate(debateId) {
      const [row] = await db.select().from(debates).where(eq(debates.id, debateId));
      return row === undefined || row.info === null ? undefined : storedDebate(row);
    },
    async listDebates() {
      const rows = await db
        .select()
        .from(debates)
        .where(sql`${debates.info} IS NOT NULL`)
        .orderBy(sql`${debates.startedAt} DESC NULLS LAST`, asc(debates.id));
      return Promise.all(rows.map(storedDebate));
    },
    async addReport(report) {
      const valid = parseStoreInput(StoredReaderReportSchema, report, `${OPERATION}.addReport`);
      await db.transaction(async (tx) => {
        const [check] = await tx.select({ debateId: checks.debateId }).from(checks).where(eq(checks.id, valid.checkId));
        if (check === undefined) throw notFound('addReport', 'checkId', `no check "${valid.checkId}"`);
        const at = new Date(valid.receivedAt);
        await tx.insert(readerReports).values({
          id: valid.id,
          checkId: valid.checkId,
          debateId: check.debateId,
          receivedAt: at,
          message: valid.message,
        });
        const [debate] = await tx.select({ id: debates.id }).from(debates).where(eq(debates.id, check.debateId));
        if (debate !== undefined) await appendEvent(tx, check.debateId, 'report', null, at);
      });
    },
    async listReports(debateId, filter = {}) {
      const rows = await db
        .select()
        .from(readerReports)
        .where(
          filter.unreviewed === true
            ? and(eq(readerReports.debateId, debateId), isNull(readerReports.reviewId))
            : eq(readerReports.debateId, debateId),
        )
        .orderBy(asc(readerReports.receivedAt), asc(readerReports.id));
      return rows.map((row) => ({
        id: row.id,
        checkId: row.checkId,
        receivedAt: row.receivedAt.toISOString(),
        message: row.message,
      }));
    },
    async saveReview(input) {
      const review = parseStoreInput(StoredReviewSchema, input.review, `${OPERATION}.saveReview`);
      const boards = parseStoreInput(ScoreboardsSchema, input.scoreboards, `${OPERATION}.saveReview`);
      const costs = parseStoreInput(z.array(LedgerEntryInputSchema), input.costs ?? [], `${OPERATION}.saveReview`);
      const at = input.at ?? new Date();
      return db.transaction(async (tx) => {
        const [debate] = await tx.select().from(debates).where(eq(debates.id, input.debateId)).for('update');
        if (debate === undefined) throw notFound('saveReview', 'debateId', `no debate "${input.debateId}"`);
        for (const [position, check] of review.checks.entries()) {
          await tx.select({ id: checks.id }).from(checks).where(eq(checks.id, check.id)).for('update');
          await writeCheck(tx, { ...(input.review.checks[position] as TCheck), ...check });
        }
        await tx.insert(scoreboards).values({
          debateId: input.debateId,
          at: review.reviewedAt,
          live: boards.live,
          revised: boards.revised,
        });
        const [row] = await tx
          .insert(debateReviews)
          .values({
            debateId: input.debateId,
            reviewedAt: review.reviewedAt,
            result: { ...input.review, checks: undefined } as Record<string, unknown>,
            createdAt: at,
          })
          .returning({ id: debateReviews.id });
        const reviewId = row!.id;
        const reportIds = review.reports.map((report) => report.id);
        if (reportIds.length > 0)
          await tx.update(readerReports).set({ reviewId }).where(inArray(readerReports.id, reportIds));
        if (costs.length > 0) await recordCosts(tx, costs, null);
        await tx.update(debates).set({ phase: 'reviewed', updatedAt: at }).where(eq(debates.id, input.debateId));
        await appendEvent(tx, input.debateId, 'review', null, at);
        return reviewId;
      });
    },
    async latestReview(debateId) {
      const [row] = await db
        .select({ result: debateReviews.result })
        .from(debateReviews)
        .where(eq(debateReviews.debateId, debateId))
        .orderBy(sql`${debateReviews.id} DESC`)
        .limit(1);
      return row === undefined ? undefined : structuredClone(row.result);
    },
    async eventsAfter(debateId, afterSeq, limit = 1000) {
      const rows = await db
        .select()
        .from(debateEvents)
        .where(and(eq(debateEvents.debateId, debateId), gt(debateEvents.seq, afterSeq)))
        .orderBy(asc(debateEvents.seq))
        .limit(limit);
      return rows.map((row) => ({
        seq: row.seq,
        debateId: row.debateId,
        kind: row.kind,
        chunkIndex: row.chunkIndex,
        at: row.at.toISOString(),
      }));
    },
  };
}
