/**
 * The worker's cycle log (`worker_cycles`, migration 0007): one row per cycle with its instant,
 * wall-clock duration and what each job kind did — what `espectro status` and `/healthz` show.
 */
import { desc } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { workerCycles } from './schema-service.js';

/** A cycle as the worker reports it. */
export const WorkerCycleInputSchema = z.object({
  workerId: z.string().min(1),
  cycleTime: z.iso.datetime({ offset: true }),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  durationMs: z.number().int().nonnegative(),
  summary: z.record(z.string(), z.unknown()),
});
/** A cycle as the worker reports it (see {@link WorkerCycleInputSchema}). */
export type WorkerCycleInput = z.infer<typeof WorkerCycleInputSchema>;

/** A stored cycle. */
export type WorkerCycle = WorkerCycleInput & { id: number };

/**
 * Stores one cycle.
 *
 * @example
 * await recordWorkerCycle(db, { workerId: 'host:42', cycleTime, startedAt, finishedAt, durationMs: 812, summary });
 */
export async function recordWorkerCycle(executor: StoreExecutor, input: WorkerCycleInput): Promise<number> {
  const cycle = WorkerCycleInputSchema.parse(input);
  const [row] = await executor
    .insert(workerCycles)
    .values({
      workerId: cycle.workerId,
      cycleTime: new Date(cycle.cycleTime),
      startedAt: new Date(cycle.startedAt),
      finishedAt: new Date(cycle.finishedAt),
      durationMs: cycle.durationMs,
      summary: cycle.summary,
    })
    .returning({ id: workerCycles.id });
  return row!.id;
}

/**
 * The latest cycles, newest first.
 *
 * @example
 * const [last] = await listWorkerCycles(db, 1);
 */
export async function listWorkerCycles(executor: StoreExecutor, limit = 10): Promise<WorkerCycle[]> {
  const rows = await executor.select().from(workerCycles).orderBy(desc(workerCycles.finishedAt)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    workerId: row.workerId,
    cycleTime: row.cycleTime.toISOString(),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt.toISOString(),
    durationMs: row.durationMs,
    summary: row.summary,
  }));
}
