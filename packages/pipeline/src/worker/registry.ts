/**
 * The worker's typed job registry: every kind of job the worker runs — fetch a feed, cluster new
 * articles, synthesise, drain the SYN-5 retries, publish, and later the rating lifecycle and debate
 * review — is one {@link JobDefinition} with a zod schema for its payload, how to plan it for a
 * cycle, how to run it, and its retry/expiry policy. Packages add jobs by adding definitions to the
 * list given to {@link createJobRegistry}; the queue (pg-boss) and the cycle loop stay the same.
 */
import { type z } from 'zod';
import type { Store } from '@espectro/store';
import type { Clock } from '@espectro/ingest';

/** Queue names: lowercase words joined by dashes (pg-boss queue names, shown in `espectro status`). */
export const JOB_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** What every job is given. */
export interface JobContext<Services = unknown> {
  store: Store;
  clock: Clock;
  /**
   * The instant of the cycle that planned the job. Decisions (which feeds are due, which retries,
   * the country-cap window) use it rather than the clock, so a job re-run after a crash decides
   * exactly as the first attempt would have.
   */
  cycleTime: Date;
  /** Aborted on SIGTERM: long jobs stop between units of work. */
  signal: AbortSignal;
  /** What the registry's jobs need besides the store (pipeline backends, fetcher, …). */
  services: Services;
}

/** One job to enqueue: its payload and, for jobs that must not be queued twice, a singleton key. */
export interface PlannedJob<Payload> {
  payload: Payload;
  /** At most one queued and one active job per key (pg-boss `stately` policy), e.g. the feed id. */
  singletonKey?: string;
}

/** What a job reports (counts for the cycle summary and `espectro status`). */
export type JobOutcome = Record<string, number | string | boolean | null>;

/** One kind of job. */
export interface JobDefinition<Payload = unknown, Services = unknown> {
  /** Queue name, e.g. `fetch-feed`. */
  readonly name: string;
  /** What the job is for, one line (shown by `espectro status`). */
  readonly summary: string;
  /** Validates payloads when enqueued and again when run (a queue row is a boundary). */
  readonly payload: z.ZodType<Payload>;
  /** The jobs of this kind a cycle at `context.cycleTime` enqueues (none: only enqueued by others). */
  plan?(context: JobContext<Services>): Promise<PlannedJob<Payload>[]>;
  /** Does the work. Throwing fails the attempt: it is retried up to `retryLimit` times, then kept as failed. */
  run(payload: Payload, context: JobContext<Services>): Promise<JobOutcome>;
  /**
   * Retries after a failed attempt (default 2), at once, in the same cycle. There is no retry delay:
   * it would be in the database's real seconds, not on the worker's clock; work that must wait is
   * planned by a later cycle instead.
   */
  readonly retryLimit?: number;
  /**
   * Seconds an attempt may stay active before the queue gives it to another worker (a worker killed
   * mid-job on PostgreSQL; on embedded PGlite the next worker recovers it at once). Default 900.
   */
  readonly expireInSeconds?: number;
  /** Jobs of this kind one worker runs at once (default 1; fetches are I/O and run several). */
  readonly concurrency?: number;
}

/**
 * Declares a job kind with its payload type inferred from the schema.
 *
 * @example
 * const ping = defineJob({
 *   name: 'ping',
 *   summary: 'answers',
 *   payload: z.object({ text: z.string() }),
 *   run: async ({ text }) => ({ length: text.length }),
 * });
 */
export function defineJob<Payload, Services = unknown>(
  definition: JobDefinition<Payload, Services>,
): JobDefinition<Payload, Services> {
  if (!JOB_NAME.test(definition.name))
    throw new TypeError(`defineJob: "${definition.name}" is not a lowercase dashed job name`);
  return definition;
}

/**
 * A job definition of any payload type (a registry holds several): each validates its own payload
 * with its schema, so the registry need not know the types.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payload types differ per job; each job's zod schema checks its own
export type AnyJobDefinition<Services = unknown> = JobDefinition<any, Services>;

/** The jobs a worker knows, in the order a cycle runs them. */
export interface JobRegistry<Services = unknown> {
  /** Definitions in cycle order. */
  readonly jobs: readonly JobDefinition<unknown, Services>[];
  /** The definition of a name; throws for an unknown one. */
  get(name: string): JobDefinition<unknown, Services>;
  has(name: string): boolean;
}

/**
 * Builds a registry. A cycle plans and drains the jobs in the order given: fetches before
 * clustering, clustering before synthesis, and so on.
 *
 * @example
 * const registry = createJobRegistry([...pipelineJobs, ...ratingJobs]);
 */
export function createJobRegistry<Services>(jobs: readonly AnyJobDefinition<Services>[]): JobRegistry<Services> {
  const list = jobs as readonly JobDefinition<unknown, Services>[];
  const byName = new Map<string, JobDefinition<unknown, Services>>();
  for (const job of list) {
    if (byName.has(job.name)) throw new TypeError(`createJobRegistry: two jobs are named "${job.name}"`);
    byName.set(job.name, job);
  }
  return {
    jobs: list,
    get(name) {
      const job = byName.get(name);
      if (!job) throw new TypeError(`job registry: no job named "${name}" (known: ${[...byName.keys()].join(', ')})`);
      return job;
    },
    has: (name) => byName.has(name),
  };
}
