/**
 * Pipeline runs: a run has a fingerprint (what it was asked to do), a current stage and a set of
 * checkpoints — units of work committed in the same transaction as their results. A run that
 * stopped half-way (crash, kill, failure) is resumed by the next run with the same fingerprint,
 * which skips every checkpointed key; nothing is done twice and nothing is lost.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { StoreExecutor } from './database.js';
import { runCheckpoints, runs } from './schema.js';

/** A run as stored. */
export interface RunRecord {
  id: string;
  fingerprint: string;
  status: 'running' | 'completed' | 'failed';
  stage: string | null;
  options: Record<string, unknown>;
  summary: Record<string, unknown> | null;
  error: string | null;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

type RunRow = typeof runs.$inferSelect;

function runOf(row: RunRow): RunRecord {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    status: row.status,
    stage: row.stage,
    options: row.options,
    summary: row.summary,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** What {@link startOrResumeRun} returns. */
export interface StartedRun {
  run: RunRecord;
  /** True when an unfinished run with the same fingerprint was picked up. */
  resumed: boolean;
  /** Checkpoint key → the data stored with it. */
  checkpoints: Map<string, Record<string, unknown> | null>;
}

/**
 * Resumes the latest unfinished (running or failed) run with this fingerprint, or starts a new
 * one. Call it in a transaction when several processes may start at once.
 *
 * @example
 * const { run, resumed, checkpoints } = await startOrResumeRun(db, { fingerprint, options });
 */
export async function startOrResumeRun(
  executor: StoreExecutor,
  request: { fingerprint: string; options: Record<string, unknown>; now?: Date },
): Promise<StartedRun> {
  const now = request.now ?? new Date();
  const [unfinished] = await executor
    .select()
    .from(runs)
    .where(and(eq(runs.fingerprint, request.fingerprint), inArray(runs.status, ['running', 'failed'])))
    .orderBy(desc(runs.startedAt))
    .limit(1)
    .for('update');
  if (unfinished !== undefined) {
    const [row] = await executor
      .update(runs)
      .set({ status: 'running', error: null, updatedAt: now })
      .where(eq(runs.id, unfinished.id))
      .returning();
    return { run: runOf(row!), resumed: true, checkpoints: await runCheckpointData(executor, unfinished.id) };
  }
  const id = `run_${now
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}_${randomBytes(3).toString('hex')}`;
  const [row] = await executor
    .insert(runs)
    .values({
      id,
      fingerprint: request.fingerprint,
      status: 'running',
      stage: null,
      options: request.options,
      startedAt: now,
      updatedAt: now,
    })
    .returning();
  return { run: runOf(row!), resumed: false, checkpoints: new Map() };
}

/** Checkpoint key → data of a run. */
export async function runCheckpointData(
  executor: StoreExecutor,
  runId: string,
): Promise<Map<string, Record<string, unknown> | null>> {
  const rows = await executor
    .select({ key: runCheckpoints.key, data: runCheckpoints.data })
    .from(runCheckpoints)
    .where(eq(runCheckpoints.runId, runId));
  return new Map(rows.map((row) => [row.key, row.data]));
}

/**
 * Records a completed unit of work. Call it in the transaction that stored the work's results, so
 * that both are committed or neither is. Recording a key twice keeps the first.
 *
 * @example
 * await db.transaction(async (tx) => { await insertArticles(tx, items); await checkpoint(tx, run.id, 'ingest:feed-a', 'ingest', { inserted: 12 }); });
 */
export async function checkpoint(
  executor: StoreExecutor,
  runId: string,
  key: string,
  stage: string,
  data: Record<string, unknown> | null = null,
): Promise<void> {
  await executor
    .insert(runCheckpoints)
    .values({ runId, key, stage, data, completedAt: new Date() })
    .onConflictDoNothing();
  await executor.update(runs).set({ stage, updatedAt: new Date() }).where(eq(runs.id, runId));
}

/** Marks a run completed with its summary. */
export async function finishRun(
  executor: StoreExecutor,
  runId: string,
  summary: Record<string, unknown>,
): Promise<void> {
  const now = new Date();
  await executor
    .update(runs)
    .set({ status: 'completed', summary, stage: 'done', updatedAt: now, finishedAt: now })
    .where(eq(runs.id, runId));
}

/** Marks a run failed (it will be resumed by the next run with the same fingerprint). */
export async function failRun(executor: StoreExecutor, runId: string, error: string): Promise<void> {
  await executor.update(runs).set({ status: 'failed', error, updatedAt: new Date() }).where(eq(runs.id, runId));
}

/** Latest runs, newest first. */
export async function listRuns(executor: StoreExecutor, limit = 20): Promise<RunRecord[]> {
  const rows = await executor.select().from(runs).orderBy(desc(runs.startedAt)).limit(limit);
  return rows.map(runOf);
}
