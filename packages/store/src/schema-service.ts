/**
 * Tables of the running service (migration `0007_service.sql`): the worker's cycles, read by
 * `espectro status` and `/healthz`.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
