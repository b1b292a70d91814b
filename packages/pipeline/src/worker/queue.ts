/**
 * The worker's job queue: pg-boss over the store's own database connection, on both backends.
 *
 * pg-boss (10.x, the last major supporting Node 20) is given the store's database as its `db`
 * executor instead of a connection string, so it shares the store's pool on PostgreSQL and runs
 * in-process on embedded PGlite (which accepts one process; `lock.ts` of `@espectro/store`
 * guarantees it is this one). pg-boss polls — it needs no LISTEN/NOTIFY — creates its schema as a
 * plain database owner (no superuser, no extension) and claims jobs with `FOR UPDATE SKIP LOCKED`,
 * so several workers on one PostgreSQL database never run one job twice. Each job kind is a
 * `stately` queue: at most one queued and one active job per singleton key (a feed is never queued
 * twice). No job waits on the database's clock: what is due is decided by each kind's `plan` on
 * the worker's injected clock, and a claim takes every queued job of its kind.
 */
import PgBoss from 'pg-boss';
import type { Database, RawConnection } from '@espectro/store';
import type { JobDefinition, JobRegistry, PlannedJob } from './registry.js';

/** Default PostgreSQL schema of the queue's tables. */
export const DEFAULT_QUEUE_SCHEMA = 'espectro_queue';

/** Arbitrary constant key of the advisory lock serialising queue installs (cf. the migrator's). */
const QUEUE_INSTALL_LOCK_KEY = 727_165_007;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A claimed job. */
export interface ClaimedJob {
  id: string;
  name: string;
  data: unknown;
  /** Attempts before this one. */
  retryCount: number;
}

/** Jobs per queue and state (for `espectro status` and `/healthz`). */
export type QueueDepths = Record<string, { queued: number; active: number; failed: number; completed: number }>;

/** The job queue of one worker. */
export interface JobQueue {
  readonly schema: string;
  /** Enqueues planned jobs of one kind; returns how many were queued (a duplicate singleton is not). */
  enqueue(name: string, jobs: readonly PlannedJob<unknown>[]): Promise<number>;
  /**
   * Claims up to `limit` due jobs of one kind for this queue's worker: pg-boss marks them active and,
   * in the same transaction, `worker_job_claims` records who runs them.
   */
  claim(name: string, limit: number): Promise<ClaimedJob[]>;
  /** Completes a job and removes its claim, in one transaction. */
  complete(name: string, id: string, output: Record<string, unknown>): Promise<void>;
  /** Fails an attempt with its reason (retried while attempts remain, then kept as failed); removes its claim. */
  fail(name: string, id: string, reason: string): Promise<void>;
  /**
   * Cancels a job its worker stopped (graceful shutdown between two units of work): no attempt is
   * spent and its singleton key is free, so the next cycle plans the rest; removes its claim.
   */
  cancel(name: string, id: string): Promise<void>;
  /**
   * Fails every active job (to be retried): only correct when no other worker can be running,
   * which the embedded database's lock guarantees. Returns how many were recovered.
   */
  recoverOrphans(): Promise<number>;
  /**
   * Fails (to be retried, through pg-boss's `fail`) the jobs claimed by these dead workers and by
   * workers that left no heartbeat, and removes their claims; returns how many jobs were still
   * unfinished. A job such a worker completed before dying is left completed.
   */
  recoverJobsOf(deadWorkerIds: readonly string[]): Promise<number>;
  depths(): Promise<QueueDepths>;
  /** Failed jobs with their reason, newest first. */
  failures(limit?: number): Promise<FailedJob[]>;
  stop(): Promise<void>;
}

/** Options of {@link openJobQueue}. */
export interface OpenJobQueueOptions {
  /** Schema of the queue's tables (default {@link DEFAULT_QUEUE_SCHEMA}; tests use random ones). */
  schema?: string;
  /** Errors of the queue's own maintenance (expiring, archiving), which happen outside any job. */
  onError?: (error: Error) => void;
  /** The worker the claims are recorded for (`<host>:<pid>`; default `anonymous`, for tools that only read). */
  workerId?: string;
}

/** pg-boss's bring-your-own executor over the store's database. */
function executorOver(database: Database): PgBoss.Db {
  return {
    async executeSql(text, values) {
      // Parameterised statements go through the extended protocol; pg-boss's multi-statement
      // scripts (BEGIN; … COMMIT) carry no parameters and go through the simple one.
      const rows = values && values.length > 0 ? await database.query(text, values) : await database.script(text);
      return { rows };
    },
  };
}

/** The same executor over one connection of a transaction (claims commit with pg-boss's change). */
function executorOverConnection(connection: RawConnection): PgBoss.Db {
  return {
    async executeSql(text, values) {
      return { rows: await connection.query(text, values ?? []) };
    },
  };
}

/**
 * Opens (and on first use installs) the queue in the store's database and creates one queue per
 * registered job kind.
 *
 * @example
 * const queue = await openJobQueue(store.database, registry);
 * await queue.enqueue('fetch-feed', [{ payload: { feedId: 'f1' }, singletonKey: 'f1' }]);
 */
export async function openJobQueue(
  database: Database,
  registry: JobRegistry<never>,
  options: OpenJobQueueOptions = {},
): Promise<JobQueue> {
  const schema = options.schema ?? DEFAULT_QUEUE_SCHEMA;
  if (!SCHEMA_NAME.test(schema)) throw new TypeError(`openJobQueue: "${schema}" is not a plain lowercase schema name`);
  const boss = new PgBoss({
    db: executorOver(database),
    schema,
    // Maintenance (expiring jobs of workers killed on PostgreSQL, archiving) on pg-boss's timers;
    // no cron: cycles are planned by the worker on its own, injectable clock.
    supervise: true,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (error: Error) => options.onError?.(error));
  const install = async () => {
    await boss.start();
    for (const job of registry.jobs) await ensureQueue(boss, job);
  };
  if (database.backend === 'postgres') {
    // Two workers starting together on a fresh database would race pg-boss's schema creation
    // ("duplicate key … pg_namespace"): one holds a transaction-scoped advisory lock on its own
    // pooled connection while it installs on others; the second waits, then finds it installed.
    await database.rawTransaction(async (connection) => {
      await connection.query('SELECT pg_advisory_xact_lock($1)', [QUEUE_INSTALL_LOCK_KEY]);
      await install();
    });
  } else await install(); // PGlite: one process (its folder lock), and one connection.
  const table = `${schema}.job`;
  const workerId = options.workerId ?? 'anonymous';
  const releaseClaims = (connection: RawConnection, ids: readonly string[]) =>
    connection.query('DELETE FROM worker_job_claims WHERE queue_schema = $1 AND job_id = ANY($2::text[])', [
      schema,
      [...ids],
    ]);
  return {
    schema,
    async enqueue(name, jobs) {
      const definition = registry.get(name);
      let queued = 0;
      for (const job of jobs) {
        const payload = definition.payload.parse(job.payload) as object;
        const id = await boss.send(name, payload, job.singletonKey ? { singletonKey: job.singletonKey } : {});
        if (id) queued += 1;
      }
      return queued;
    },
    async claim(name, limit) {
      // pg-boss activates the jobs and this worker's claims are recorded in one transaction, so a
      // kill at any instant leaves either no active job or an active job with its claimant. The
      // claims table is ours (pg-boss 10 has no claimant column); pg-boss's tables are not touched.
      const jobs = await database.rawTransaction(async (connection) => {
        // `stately`: activating a queued job whose key another worker is running breaks pg-boss's
        // unique index; pg-boss's fetch swallows that error and returns no job (the transaction is
        // then aborted and its COMMIT rolls back). That job waits for its key; the worker running
        // the key drains it next.
        const fetched = await boss.fetch<unknown>(name, {
          batchSize: limit,
          includeMetadata: true,
          // Whether a job is due is decided by the worker's plan on its injected clock, never by the
          // database's: pg-boss would only hand out jobs with `start_after < now()`, and a job is
          // created with `start_after = now()`. On embedded PGlite `now()` is the JavaScript clock in
          // whole milliseconds, so a job planned and claimed within one millisecond (or a failed
          // attempt retried at once) was not handed out: the cycle ended leaving it queued, and the
          // next cycle ran it in place of its own (issue 15: a cycle's cluster job missed its articles).
          ignoreStartAfter: true,
          db: executorOverConnection(connection),
        });
        if (fetched.length > 0)
          await connection.query(
            `INSERT INTO worker_job_claims (job_id, queue_schema, job_name, worker_id)
             SELECT unnest($1::text[]), $2, $3, $4
             ON CONFLICT (queue_schema, job_id) DO UPDATE SET worker_id = EXCLUDED.worker_id, claimed_at = now()`,
            [fetched.map((job) => job.id), schema, name, workerId],
          );
        return fetched;
      });
      return jobs.map((job) => ({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount }));
    },
    complete: (name, id, output) =>
      database.rawTransaction(async (connection) => {
        await boss.complete(name, id, output, { db: executorOverConnection(connection) });
        await releaseClaims(connection, [id]);
      }),
    fail: (name, id, reason) =>
      database.rawTransaction(async (connection) => {
        await boss.fail(name, id, { reason }, { db: executorOverConnection(connection) });
        await releaseClaims(connection, [id]);
      }),
    cancel: (name, id) =>
      database.rawTransaction(async (connection) => {
        await boss.cancel(name, id, { db: executorOverConnection(connection) });
        await releaseClaims(connection, [id]);
      }),
    async recoverOrphans() {
      const active = await database.query<{ id: string; name: string }>(
        `SELECT id::text AS id, name FROM ${table} WHERE state = 'active'`,
      );
      for (const job of active)
        await boss.fail(job.name, job.id, { reason: 'the worker running it stopped (recovered at restart)' });
      await database.query('DELETE FROM worker_job_claims WHERE queue_schema = $1', [schema]);
      return active.length;
    },
    async recoverJobsOf(deadWorkerIds) {
      const claims = await database.query<{ job_id: string; job_name: string; worker_id: string }>(
        `SELECT job_id, job_name, worker_id FROM worker_job_claims
          WHERE queue_schema = $1
            AND (worker_id = ANY($2::text[])
                 OR NOT EXISTS (SELECT 1 FROM worker_heartbeats beat WHERE beat.worker_id = worker_job_claims.worker_id))`,
        [schema, [...deadWorkerIds]],
      );
      let recovered = 0;
      for (const claim of claims)
        await database.rawTransaction(async (connection) => {
          // pg-boss's own read and `fail` (no UPDATE on its tables): `fail` only touches a job not
          // yet completed, and retries it while attempts remain.
          const db = executorOverConnection(connection);
          const job = await boss.getJobById(claim.job_name, claim.job_id, { db, includeArchive: false });
          if (job?.state === 'active') {
            await boss.fail(
              claim.job_name,
              claim.job_id,
              { reason: `the worker running it (${claim.worker_id}) died (recovered by ${workerId})` },
              { db },
            );
            recovered += 1;
          }
          await releaseClaims(connection, [claim.job_id]);
        });
      return recovered;
    },
    depths: async () => {
      const depths = await readQueueDepths(database, schema);
      for (const job of registry.jobs) depths[job.name] ??= { queued: 0, active: 0, failed: 0, completed: 0 };
      return depths;
    },
    failures: (limit) => readQueueFailures(database, schema, limit),
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: false });
    },
  };
}

/** Whether the queue's tables exist in the database (a worker ran there at least once). */
async function queueInstalled(database: Database, schema: string): Promise<boolean> {
  const [row] = await database.query<{ table: string | null }>('SELECT to_regclass($1)::text AS "table"', [
    `${schema}.job`,
  ]);
  return row?.table != null;
}

function checkedSchema(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new TypeError(`job queue: "${schema}" is not a plain lowercase schema name`);
  return schema;
}

/**
 * Jobs per queue and state, read without starting the queue (what `espectro status` shows); empty
 * when no worker ever ran on the database.
 *
 * @example
 * const depths = await readQueueDepths(store.database); // { 'fetch-feeds': { queued: 0, active: 1, … } }
 */
export async function readQueueDepths(database: Database, schema = DEFAULT_QUEUE_SCHEMA): Promise<QueueDepths> {
  const depths: QueueDepths = {};
  if (!(await queueInstalled(database, checkedSchema(schema)))) return depths;
  const rows = await database.query<{ name: string; state: string; count: string }>(
    `SELECT name, state::text AS state, count(*)::text AS count FROM ${schema}.job GROUP BY name, state`,
  );
  for (const row of rows) {
    const entry = (depths[row.name] ??= { queued: 0, active: 0, failed: 0, completed: 0 });
    const count = Number(row.count);
    if (row.state === 'created' || row.state === 'retry') entry.queued += count;
    else if (row.state === 'active') entry.active += count;
    else if (row.state === 'failed') entry.failed += count;
    else if (row.state === 'completed') entry.completed += count;
  }
  return depths;
}

/** A job that failed its last attempt, with the reason its run gave. */
export interface FailedJob {
  name: string;
  id: string;
  reason: string;
  at: string;
}

/**
 * Failed jobs with their reasons, newest first, read without starting the queue.
 *
 * @example
 * for (const failure of await readQueueFailures(store.database)) console.log(failure.name, failure.reason);
 */
export async function readQueueFailures(
  database: Database,
  schema = DEFAULT_QUEUE_SCHEMA,
  limit = 20,
): Promise<FailedJob[]> {
  if (!(await queueInstalled(database, checkedSchema(schema)))) return [];
  const rows = await database.query<{ name: string; id: string; output: { reason?: string } | null; at: string }>(
    `SELECT name, id::text AS id, output, completed_on AS at FROM ${schema}.job
      WHERE state = 'failed' ORDER BY completed_on DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({
    name: row.name,
    id: row.id,
    reason: row.output?.reason ?? 'unknown',
    at: new Date(row.at).toISOString(),
  }));
}

async function ensureQueue(boss: PgBoss, job: JobDefinition<unknown, never>): Promise<void> {
  const policy = {
    name: job.name,
    policy: 'stately' as const,
    retryLimit: job.retryLimit ?? 2,
    // A failed attempt is retried in the same cycle (claims ignore `start_after`, see `claim`).
    retryDelay: 0,
    expireInSeconds: job.expireInSeconds ?? 900,
  };
  if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, policy);
  else await boss.createQueue(job.name, policy);
}
