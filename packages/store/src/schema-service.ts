/**
 * Tables of the running service: the worker's cycles, read by `espectro status` and `/healthz`
 * (migration `0007_service.sql`), and the workers' heartbeats and job claims that let a worker fail
 * the jobs of a dead one (`0009_crash_worker_claims.sql`; written by `@espectro/pipeline`'s queue
 * on pg-boss's own transaction).
 */
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One worker cycle: when, how long, and what each job kind did. */
export const workerCycles = pgTable(
  'worker_cycles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    workerId: text('worker_id').notNull(),
    cycleTime: instant('cycle_time').notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('worker_cycles_finished').on(table.finishedAt)],
);

/** A running worker's liveness: its `<host>:<pid>` and the database time of its last beat. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: instant('started_at').notNull(),
  beatAt: instant('beat_at').notNull(),
});

/** Which worker activated which pg-boss job (removed when the job completes or fails). */
export const workerJobClaims = pgTable(
  'worker_job_claims',
  {
    jobId: text('job_id').notNull(),
    queueSchema: text('queue_schema').notNull(),
    jobName: text('job_name').notNull(),
    workerId: text('worker_id').notNull(),
    claimedAt: instant('claimed_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.queueSchema, table.jobId] }),
    index('worker_job_claims_worker').on(table.workerId),
  ],
);
