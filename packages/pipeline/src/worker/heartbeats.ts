/**
 * Workers' heartbeats (`worker_heartbeats`, migration 0009): how one worker knows another is dead.
 * pg-boss 10 keeps no claimant on a job, so a worker killed with kill -9 on PostgreSQL left its job
 * `active` until `expireInSeconds` (an hour for a stage), and on a stately queue no other job of that
 * kind ran meanwhile. Each worker beats while it runs; a worker whose beat is older than
 * {@link WORKER_DEAD_AFTER_HEARTBEATS} intervals, or whose `<host>:<pid>` is on this host and gone, is
 * dead, and the queue fails the jobs it claimed (`JobQueue.recoverJobsOf`) so they run again now.
 *
 * Beat ages are measured by the database's clock (`now() - beat_at`), the one clock every worker on
 * every machine shares; the worker's own clock may be simulated (a replay) and is not used here.
 * These parameters are operational (how soon a dead worker's job runs again), not a methodology
 * rule: nothing a reader sees depends on them, so they live here, like `HEALTH_STALE_AFTER_INTERVALS`.
 */
import type { Database } from '@espectro/store';

/** How often a running worker beats (ms). */
export const WORKER_HEARTBEAT_INTERVAL_MS = 15_000;

/**
 * Missed beats after which a worker counts as dead: 4 × 15 s = a minute without a beat. A live worker
 * beats from a timer, so only a process stalled for a minute (or killed) misses four.
 */
export const WORKER_DEAD_AFTER_HEARTBEATS = 4;

/** A worker as its heartbeat row describes it. */
export interface WorkerBeat {
  workerId: string;
  host: string;
  pid: number;
  /** Milliseconds since its last beat, by the database's clock. */
  beatAgeMs: number;
}

/** Who asks, and how it tells a live process on its own host. */
export interface BeatObserver {
  workerId: string;
  host: string;
  isAlive: (pid: number) => boolean;
  /** Default {@link WORKER_HEARTBEAT_INTERVAL_MS}. */
  heartbeatIntervalMs?: number;
}

/**
 * Whether the worker of this beat is dead: never the observer itself; on the observer's host, its
 * process is gone; anywhere, its beat is older than {@link WORKER_DEAD_AFTER_HEARTBEATS} intervals.
 *
 * @example
 * workerIsDead({ workerId: 'b:7', host: 'b', pid: 7, beatAgeMs: 61_000 }, { workerId: 'a:1', host: 'a', isAlive }); // true
 */
export function workerIsDead(beat: WorkerBeat, observer: BeatObserver): boolean {
  if (beat.workerId === observer.workerId) return false;
  if (beat.host === observer.host && !observer.isAlive(beat.pid)) return true;
  const interval = observer.heartbeatIntervalMs ?? WORKER_HEARTBEAT_INTERVAL_MS;
  return beat.beatAgeMs > WORKER_DEAD_AFTER_HEARTBEATS * interval;
}

/** The `<host>:<pid>` of a worker id, when it has that shape. */
export function hostAndPid(workerId: string): { host: string; pid: number } | undefined {
  const match = /^(.+):(\d+)$/.exec(workerId);
  return match ? { host: match[1]!, pid: Number(match[2]) } : undefined;
}

/** Whether a process with this id runs on this machine. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Records (or refreshes) a worker's beat at the database's `now()`. */
export async function beat(database: Database, worker: { workerId: string; host: string; pid: number }): Promise<void> {
  await database.query(
    `INSERT INTO worker_heartbeats (worker_id, host, pid) VALUES ($1, $2, $3)
     ON CONFLICT (worker_id) DO UPDATE SET beat_at = now()`,
    [worker.workerId, worker.host, worker.pid],
  );
}

/** Every other worker's beat, with its age by the database's clock. */
export async function readBeats(database: Database): Promise<WorkerBeat[]> {
  const rows = await database.query<{ worker_id: string; host: string; pid: number; age_ms: string }>(
    `SELECT worker_id, host, pid, (extract(epoch FROM now() - beat_at) * 1000)::bigint::text AS age_ms
       FROM worker_heartbeats`,
  );
  return rows.map((row) => ({ workerId: row.worker_id, host: row.host, pid: row.pid, beatAgeMs: Number(row.age_ms) }));
}

/** Removes the heartbeat rows of these workers (dead, their claims given back; or stopping). */
export async function forgetWorkers(database: Database, workerIds: readonly string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await database.query('DELETE FROM worker_heartbeats WHERE worker_id = ANY($1::text[])', [[...workerIds]]);
}

/** A heartbeat timer (see {@link startHeartbeat}). */
export interface Heartbeat {
  /** Stops beating; with `forget`, removes the row (a clean stop). */
  stop(options?: { forget?: boolean }): Promise<void>;
}

/**
 * Beats now and then every `intervalMs` from a timer that keeps no process alive, so a worker deep
 * in a long stage job still beats. A failed beat (the database briefly away) is reported to
 * `onError` and the next tick tries again.
 */
export async function startHeartbeat(
  database: Database,
  worker: { workerId: string; host: string; pid: number },
  options: { intervalMs?: number; onError?: (error: Error) => void } = {},
): Promise<Heartbeat> {
  await beat(database, worker);
  let pending: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    pending = beat(database, worker).catch((error: unknown) =>
      options.onError?.(error instanceof Error ? error : new Error(String(error))),
    );
  }, options.intervalMs ?? WORKER_HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return {
    async stop(stopOptions = {}) {
      clearInterval(timer);
      await pending;
      if (stopOptions.forget) await forgetWorkers(database, [worker.workerId]);
    },
  };
}
