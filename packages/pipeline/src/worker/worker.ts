/**
 * The worker: cycles over the registry's jobs on an injectable clock. A cycle takes one instant,
 * asks every job kind what is due at it (`plan`), enqueues that on the queue and drains each kind in
 * registry order — fetches before clustering, clustering before synthesis — so a story fed by this
 * cycle's articles is published in this cycle. On PostgreSQL several workers drain the same queues
 * and share the jobs; a job is claimed by one of them only (pg-boss, `FOR UPDATE SKIP LOCKED`).
 *
 * Every job is idempotent and commits its work in units (see `commitUnit`), so a worker killed at
 * any point loses nothing and, re-running the interrupted job, duplicates nothing.
 */
import { hostname } from 'node:os';
import type { Store } from '@espectro/store';
import type { Clock } from '@espectro/ingest';
import { turnOfEventLoop, WorkStopped } from '../context.js';
import { forgetWorkers, hostAndPid, processAlive, readBeats, startHeartbeat, workerIsDead } from './heartbeats.js';
import { releaseOrphanedFeedLeases } from './leases.js';
import { openJobQueue, type ClaimedJob, type JobQueue, type QueueDepths } from './queue.js';
import type { JobContext, JobOutcome, JobRegistry } from './registry.js';

/** What one job attempt did, as reported in the cycle summary. */
export interface JobAttempt {
  name: string;
  id: string;
  /** The payload it ran with (for the newsroom jobs, `{ cycleTime }`: the cycle that planned it). */
  payload: unknown;
  ok: boolean;
  /**
   * True when the attempt stopped between two units of work because the worker is stopping
   * (SIGTERM): not a failure — the job is cancelled, no attempt is spent, and the next cycle plans
   * the rest (the stages select their own remaining work).
   */
  stopped?: boolean;
  outcome?: JobOutcome;
  error?: string;
}

/** One attempt's record: which job it was and what it ran with, then how it ended. */
function attemptOf(
  name: string,
  job: ClaimedJob,
  ending: Pick<JobAttempt, 'ok' | 'stopped' | 'outcome' | 'error'>,
): JobAttempt {
  return { name, id: job.id, payload: job.data, ...ending };
}

/** What one cycle did. */
export interface CycleSummary {
  cycleTime: string;
  startedAt: string;
  finishedAt: string;
  /** Wall-clock duration in milliseconds (the clock may be simulated; this is not). */
  durationMs: number;
  /** Per job kind: how many were planned, run, failed; and the summed numeric outcomes. */
  jobs: Record<string, { planned: number; run: number; failed: number; totals: Record<string, number> }>;
  /**
   * Jobs left active by a worker that died (at start on the embedded database; every cycle on
   * PostgreSQL, by heartbeat) and feed leases held by one, given back.
   */
  recovered: number;
  stopped: boolean;
}

/** Options of {@link createWorker}. */
export interface WorkerOptions<Services> {
  store: Store;
  registry: JobRegistry<Services>;
  services: Services;
  clock: Clock;
  /** Queue schema (default `espectro_queue`). */
  queueSchema?: string;
  /** Identifies this worker in the cycle records (default `<host>:<pid>`). */
  workerId?: string;
  /**
   * Whether this worker is the only one on its database, so that every job left active at start is
   * an orphan of a dead worker and runs again at once. Always true on embedded PGlite (its lock
   * guarantees it). Otherwise (PostgreSQL) the worker beats in `worker_heartbeats` and, every cycle,
   * fails the jobs claimed by workers whose beat is stale or whose process is gone (heartbeats.ts).
   */
  sole?: boolean;
  /** Heartbeat period when not sole (default `WORKER_HEARTBEAT_INTERVAL_MS`). */
  heartbeatIntervalMs?: number;
  /** Whether a process of this host is alive (default `process.kill(pid, 0)`; tests inject it). */
  isAlive?: (pid: number) => boolean;
  /** This worker's host, as in its id (default `os.hostname()`). */
  host?: string;
  /** Recorded with every cycle, e.g. the active backends (`backends.describe()`) for `espectro status`. */
  meta?: Record<string, unknown>;
  /** Called after every job attempt and cycle (the terminal progress of `espectro worker`). */
  onEvent?: (event: WorkerEvent) => void;
  /**
   * Called right after a job's completion is committed to the queue (`job:<name>:done`) — with the
   * stages' `UnitHooks`, the points where the crash tests kill the worker.
   */
  onCheckpoint?: (key: string) => void;
}

/** What the worker tells its caller as it goes. */
export type WorkerEvent = { type: 'job'; attempt: JobAttempt } | { type: 'cycle'; summary: CycleSummary };

/** A running worker. */
export interface Worker {
  readonly queue: JobQueue;
  /** Runs one cycle at the clock's current instant and resolves when every planned job is done. */
  runCycle(signal?: AbortSignal): Promise<CycleSummary>;
  depths(): Promise<QueueDepths>;
  /** Stops the queue (in-flight jobs are finished by `runCycle` before it returns). */
  stop(): Promise<void>;
}

/**
 * Opens the queue on the store's database and returns a worker over the registry.
 *
 * @example
 * const worker = await createWorker({ store, registry, services, clock: systemClock });
 * const summary = await worker.runCycle();
 * await worker.stop();
 */
export async function createWorker<Services>(options: WorkerOptions<Services>): Promise<Worker> {
  const { store, registry, services, clock } = options;
  const host = options.host ?? hostname();
  const workerId = options.workerId ?? `${host}:${process.pid}`;
  const isAlive = options.isAlive ?? processAlive;
  const queue = await openJobQueue(store.database, registry as JobRegistry<never>, {
    workerId,
    ...(options.queueSchema ? { schema: options.queueSchema } : {}),
  });
  const sole = options.sole ?? store.database.backend === 'pglite';
  let firstCycle = true;
  // Beats before its first claim, so no live worker is ever taken for one that left no heartbeat.
  const heartbeat = sole
    ? undefined
    : await startHeartbeat(
        store.database,
        { workerId, host, pid: hostAndPid(workerId)?.pid ?? process.pid },
        options.heartbeatIntervalMs === undefined ? {} : { intervalMs: options.heartbeatIntervalMs },
      );

  /** Fails the jobs of dead workers (see heartbeats.ts); at the first cycle, also this id's own left-overs. */
  async function recoverDeadWorkersJobs(): Promise<number> {
    const dead = (await readBeats(store.database))
      .filter((beat) =>
        workerIsDead(beat, {
          workerId,
          host,
          isAlive,
          ...(options.heartbeatIntervalMs === undefined ? {} : { heartbeatIntervalMs: options.heartbeatIntervalMs }),
        }),
      )
      .map((beat) => beat.workerId);
    // A previous process with this same id (a reused pid, a container's pid 1) left claims that no
    // one runs: before its first claim, this worker has none of its own.
    const recovered = await queue.recoverJobsOf(firstCycle ? [...dead, workerId] : dead);
    await forgetWorkers(store.database, dead);
    return recovered;
  }

  async function runCycle(signal: AbortSignal = new AbortController().signal): Promise<CycleSummary> {
    const startedAt = new Date();
    const cycleTime = clock.now();
    // Give back what a dead worker left, so nothing waits for an expiry: its active jobs (at the
    // first cycle when this worker is the only one; else every cycle, by heartbeat) and, at the
    // first cycle, its feed leases (see leases.ts).
    let recovered = 0;
    if (sole && firstCycle) recovered += await queue.recoverOrphans();
    if (!sole) recovered += await recoverDeadWorkersJobs();
    if (firstCycle) recovered += await releaseOrphanedFeedLeases(store, { workerId, sole, host, isAlive });
    firstCycle = false;
    const context: JobContext<Services> = { store, clock, cycleTime, signal, services };
    const jobs: CycleSummary['jobs'] = {};
    for (const definition of registry.jobs) {
      const entry = (jobs[definition.name] = { planned: 0, run: 0, failed: 0, totals: {} as Record<string, number> });
      if (signal.aborted) break;
      if (definition.plan) entry.planned = await queue.enqueue(definition.name, await definition.plan(context));
      const concurrency = Math.max(1, definition.concurrency ?? 1);
      for (;;) {
        // On embedded PGlite nothing here does I/O: without a turn of the event loop a SIGTERM
        // handler would not run (and abort `signal`) before the cycle's end.
        await turnOfEventLoop();
        if (signal.aborted) break;
        const claimed = await queue.claim(definition.name, concurrency);
        if (claimed.length === 0) break;
        const attempts = await Promise.all(
          claimed.map(async (job): Promise<JobAttempt> => {
            try {
              const payload = definition.payload.parse(job.data);
              const outcome = await definition.run(payload, context);
              await queue.complete(definition.name, job.id, outcome);
              options.onCheckpoint?.(`job:${definition.name}:done`);
              return attemptOf(definition.name, job, { ok: true, outcome });
            } catch (error) {
              const reason = error instanceof Error ? error.message : String(error);
              if (error instanceof WorkStopped) {
                await queue.cancel(definition.name, job.id);
                return attemptOf(definition.name, job, { ok: false, stopped: true, error: reason });
              }
              await queue.fail(definition.name, job.id, reason);
              return attemptOf(definition.name, job, { ok: false, error: reason });
            }
          }),
        );
        for (const attempt of attempts) {
          entry.run += 1;
          if (!attempt.ok && !attempt.stopped) entry.failed += 1;
          for (const [key, value] of Object.entries(attempt.outcome ?? {}))
            if (typeof value === 'number') entry.totals[key] = (entry.totals[key] ?? 0) + value;
          options.onEvent?.({ type: 'job', attempt });
        }
      }
    }
    const finishedAt = new Date();
    const summary: CycleSummary = {
      cycleTime: cycleTime.toISOString(),
      startedAt: startedAt.toISOString(),
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      jobs,
      recovered,
      stopped: signal.aborted,
    };
    await store.workerCycles.record({
      workerId,
      cycleTime: summary.cycleTime,
      startedAt: summary.startedAt,
      finishedAt: summary.finishedAt,
      durationMs: summary.durationMs,
      summary: { jobs, recovered, stopped: summary.stopped, ...(options.meta ? { meta: options.meta } : {}) },
    });
    options.onEvent?.({ type: 'cycle', summary });
    return summary;
  }

  return {
    queue,
    runCycle,
    depths: () => queue.depths(),
    async stop() {
      await queue.stop();
      // A clean stop: nothing of this worker is left to recover.
      await heartbeat?.stop({ forget: true });
    },
  };
}
