/**
 * `espectro worker`: the newsroom's loop. Every cycle fetches the registered feeds that are due
 * (`espectro feeds add|import`), ingests what is new and runs the pipeline stages over it — cluster,
 * SYN-5 retries, synthesis, topics, build, the 24-h country cap — as jobs on the queue
 * (`@espectro/pipeline`'s job registry over pg-boss). `--once` runs one cycle and exits. This file
 * parses arguments, wires the services and prints; the jobs and every decision live in the
 * pipeline package and the methodology.
 */
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { HeadlineClassifierError, findOutlet, ingestFeedDocument } from '@espectro/headline-classifier';
import { createFeedFetcher, decodeFeedBytes, systemClock, type Clock, type IngestBody } from '@espectro/ingest';
import {
  DEFAULT_CYCLE_INTERVAL_MS,
  PipelineError,
  createJobRegistry,
  createWorker,
  newsroomJobs,
  ratingLifecycleJobs,
  resolveBackends,
  type CycleSummary,
  type EmbedderChoice,
  type JudgeChoice,
  type NewsroomServices,
  type PipelineBackends,
} from '@espectro/pipeline';
import { createArticleAnalyzer, modelOfBackend } from '@espectro/rating';
import { describeStoreFailure, type Store } from '@espectro/store';
import { openCommandStore } from '../open-store.js';
import { InputFileError } from '../errors.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';
import { chooseClassifier } from './hc.js';
import { crashHooks } from './run.js';
import { replayDemo, type ReplayDemoOptions } from './worker-replay.js';
import { workerContentWindows } from './outlets.js';

const usage = `Usage: espectro worker [--once] [--interval 60s] [--db DIR] [--embedder auto|offline|minilm]
                       [--judge auto|llm|none] [--quiet] [--json]
       espectro worker --replay-demo [--hours 12] [--step 1h] [--db DIR]

Runs the newsroom's loop over the registered feeds (espectro feeds add|import), one cycle at a time:
  fetch-feeds            fetch every due article feed (ETag/Last-Modified, backoff), ingest what is new
  fetch-chile-headlines  fetch the due Chilean headline feeds and classify what is new (seed 004)
  cluster                cluster the new articles into the archive (CLU-1..3)
  synthesis-retry        retry the syntheses due now; discard after the last attempt (SYN-5)
  synthesise, topics, topics-retry, build, publish   as in espectro run
A failing feed is recorded with its reason (espectro status, espectro feeds list) and stops nothing.
The database is .espectro/db (embedded PostgreSQL; the worker is then its only user) unless --db or
DATABASE_URL says otherwise; on PostgreSQL several workers on several machines share the work.

  --once           run one cycle and exit
  --replay-demo    show the loop on the bundled demo: a loopback feed server replays the demo corpus as
                   the outlets' feeds over --hours simulated hours, one cycle per --step of simulated
                   time (a replay, labelled as such; the fetches, jobs and store are the real ones)
  --interval TIME  wait between the starts of two cycles (default 60s; e.g. 30s, 5m)
  --db DIR         embedded database folder (default .espectro/db)
  --embedder NAME  auto (MiniLM if installed, else offline), offline, minilm
  --judge NAME     grey-zone judge (CLU-2): auto (LLM if GEMINI_API_KEY/GROQ_API_KEY is set), llm, none
  --quiet          no per-job lines, one line per cycle
  --json           one JSON cycle summary per line on stdout
SIGTERM or Ctrl-C: the running job finishes its unit of work, then the worker stops.
Exit codes: 0 stopped cleanly, 1 a cycle failed, 2 usage error, 3 unavailable backend.`;

export { DEFAULT_CYCLE_INTERVAL_MS };

/** `30s`, `5m`, `1h` or plain milliseconds → milliseconds. */
export function parseDuration(text: string, flag: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  if (!match) throw new UsageError(`${flag} must be a duration like 30s, 5m or 1h (got "${text}")`);
  const scale = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[match[2] ?? 'ms']!;
  const value = Number(match[1]) * scale;
  if (value < 1_000) throw new UsageError(`${flag} must be at least 1s (got "${text}")`);
  return value;
}

function choice<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}

/** The seed-004 ingest of a Chilean headline feed's body into `store.chileHeadlines`. */
function chileHeadlineIngest(store: Store, io: CliIo, clock: Clock): IngestBody {
  const classifier = chooseClassifier({}, io);
  return async (source, feed) => {
    const bytes = typeof source.content === 'string' ? new TextEncoder().encode(source.content) : source.content;
    const xml = decodeFeedBytes(bytes, source.contentType).text;
    try {
      const report = await ingestFeedDocument({
        outlet: findOutlet(feed.outlet) ?? { id: feed.outlet, domain: feed.outlet },
        xml,
        url: feed.url,
        classifier,
        sink: store.chileHeadlines,
        now: () => clock.now(),
      });
      return { items: report.items, itemsNew: report.stored, itemsSeen: report.alreadyStored, error: null };
    } catch (error) {
      if (error instanceof HeadlineClassifierError)
        return { items: 0, itemsNew: null, itemsSeen: null, error: { code: error.code, message: error.message } };
      throw error;
    }
  };
}

/** One line per cycle: what every job did. */
export function cycleLine(summary: CycleSummary): string {
  const totals = (name: string) => summary.jobs[name]?.totals ?? {};
  const fetched = totals('fetch-feeds');
  const clustered = totals('cluster');
  const synthesised = totals('synthesise');
  const built = totals('build');
  const published = totals('publish');
  const retried = totals('synthesis-retry');
  const failedJobs = Object.entries(summary.jobs)
    .filter(([, job]) => job.failed > 0)
    .map(([name, job]) => `${name} ×${job.failed}`);
  const parts = [
    `feeds ${fetched.feeds ?? 0} (${fetched.fetched ?? 0} new bodies, ${fetched.notModified ?? 0} unchanged, ${fetched.failed ?? 0} failed)`,
    `articles +${fetched.itemsNew ?? 0}`,
    `clustered ${clustered.articles ?? 0}`,
    `synthesised ${synthesised.synthesised ?? 0}`,
    `retries ${retried.attempted ?? 0}`,
    `stories built ${built.built ?? 0}`,
    `cap ${published.published ?? 0} published/${published.held ?? 0} held`,
  ];
  return `cycle ${summary.cycleTime} ${(summary.durationMs / 1000).toFixed(1)} s — ${parts.join(', ')}${
    failedJobs.length > 0 ? `; FAILED jobs: ${failedJobs.join(', ')} (see espectro status)` : ''
  }${summary.recovered > 0 ? `; ${summary.recovered} interrupted jobs given back` : ''}`;
}

/** Options of {@link runWorkerLoop}. */
export interface WorkerLoopOptions {
  store: Store;
  backends: PipelineBackends;
  io: CliIo;
  clock?: Clock;
  once: boolean;
  intervalMs: number;
  quiet: boolean;
  json: boolean;
  signal: AbortSignal;
  /** Extra services (e.g. a per-host override for a loopback replay). */
  services?: Partial<NewsroomServices>;
  /** Called after each cycle (`pnpm start` prints the stories after it). */
  afterCycle?: (summary: CycleSummary) => Promise<void> | void;
  /** Asked after each cycle: true ends the loop (the demo replay, once fully fetched). */
  shouldStop?: () => boolean;
}

/**
 * The loop of `espectro worker` (also used by `espectro serve` and `pnpm start`): cycles until
 * `signal` aborts, or once.
 */
export async function runWorkerLoop(options: WorkerLoopOptions): Promise<number> {
  const { store, backends, io } = options;
  const clock = options.clock ?? systemClock;
  const workerId = `${hostname()}:${process.pid}`;
  // The crash tests' hook (as in `espectro run`): die at the Nth committed unit or queue step.
  const crash = crashHooks(io.env);
  const contentWindows = workerContentWindows(store, io.cwd);
  // The model `espectro outlets analyze` would use in this environment: a rating analysed with
  // another one is due (CON-4 new_prompt_or_model_version). Building the analyser calls nothing.
  const currentModel = modelOfBackend(createArticleAnalyzer({ env: io.env }).backend);
  const services: NewsroomServices = {
    backends,
    fetcher: createFeedFetcher({ clock }),
    workerId,
    chileHeadlines: chileHeadlineIngest(store, io, clock),
    ...(crash ? { hooks: crash } : {}),
    ...(contentWindows === undefined ? {} : { contentWindows }),
    ...(currentModel === undefined ? {} : { currentModel }),
    ...options.services,
  };
  const worker = await createWorker({
    store,
    registry: createJobRegistry([...newsroomJobs(), ...ratingLifecycleJobs()]),
    services,
    clock,
    workerId,
    // The interval goes with every cycle: /healthz judges staleness by it (HEALTH_STALE_AFTER_INTERVALS).
    meta: { backends: backends.describe(), intervalMs: options.intervalMs },
    ...(crash?.afterCommit ? { onCheckpoint: (key: string) => crash.afterCommit!(0, key) } : {}),
    onEvent: (event) => {
      if (event.type !== 'job' || options.quiet || options.json) return;
      const { attempt } = event;
      if (!attempt.ok) io.stderr(`  ✗ ${attempt.name}: ${attempt.error}\n`);
    },
  });
  try {
    for (;;) {
      const started = Date.now();
      const summary = await worker.runCycle(options.signal);
      if (options.json) io.stdout(`${JSON.stringify(summary)}\n`);
      else io.stdout(`${cycleLine(summary)}\n`);
      await options.afterCycle?.(summary);
      if (options.once || options.signal.aborted || options.shouldStop?.()) return ExitCode.ok;
      const wait = Math.max(0, options.intervalMs - (Date.now() - started));
      if (wait > 0) await clock.sleep(wait, options.signal).catch(() => undefined);
      if (options.signal.aborted) return ExitCode.ok;
    }
  } finally {
    await worker.stop();
  }
}

/** Aborts on SIGTERM / SIGINT (graceful stop); the listeners are removed by the returned function. */
export function stopOnSignals(controller: AbortController, io: CliIo): () => void {
  const stop = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted)
      io.stderr(`espectro: ${signal} — finishing the running unit of work, then stopping\n`);
    controller.abort();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return () => {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  };
}

/** The flags `espectro worker` and `espectro serve` share (given to `parseArgs`). */
export const WORKER_FLAGS = {
  once: { type: 'boolean' },
  interval: { type: 'string' },
  db: { type: 'string' },
  embedder: { type: 'string' },
  judge: { type: 'string' },
  quiet: { type: 'boolean' },
  json: { type: 'boolean' },
  'replay-demo': { type: 'boolean' },
  hours: { type: 'string' },
  step: { type: 'string' },
} as const;

/** What the shared flags ask for, checked. */
export interface WorkerArguments {
  once: boolean;
  intervalMs: number;
  replay: boolean;
  hours: number;
  stepMs: number;
  db: string | undefined;
  embedder: EmbedderChoice | undefined;
  judge: JudgeChoice | undefined;
  quiet: boolean;
  json: boolean;
}

/** Checks the shared flags (a {@link UsageError} names the flag). */
export function readWorkerArguments(values: {
  [flag in keyof typeof WORKER_FLAGS]?: (typeof WORKER_FLAGS)[flag]['type'] extends 'boolean' ? boolean : string;
}): WorkerArguments {
  const intervalMs =
    values.interval === undefined ? DEFAULT_CYCLE_INTERVAL_MS : parseDuration(values.interval, '--interval');
  const replay = values['replay-demo'] === true;
  if (!replay && (values.hours !== undefined || values.step !== undefined))
    throw new UsageError('--hours and --step go with --replay-demo');
  if (replay && values.once) throw new UsageError('--replay-demo runs its own cycles: drop --once');
  const hours = values.hours === undefined ? 12 : Number(values.hours);
  if (!Number.isInteger(hours) || hours < 1 || hours > 240)
    throw new UsageError('--hours must be a whole number of hours from 1 to 240');
  return {
    once: values.once === true,
    intervalMs,
    replay,
    hours,
    stepMs: values.step === undefined ? 3_600_000 : parseDuration(values.step, '--step'),
    db: values.db,
    embedder: choice<EmbedderChoice>(values.embedder, ['auto', 'offline', 'minilm'], '--embedder'),
    judge: choice<JudgeChoice>(values.judge, ['auto', 'llm', 'none'], '--judge'),
    quiet: values.quiet === true,
    json: values.json === true,
  };
}

/** The embedder, judge and synthesiser the arguments ask for (an unavailable one is an input error). */
export async function resolveWorkerBackends(io: CliIo, worker: WorkerArguments): Promise<PipelineBackends> {
  return resolveBackends({
    env: io.env,
    ...(worker.embedder ? { embedder: worker.embedder } : {}),
    ...(worker.judge ? { judge: worker.judge } : {}),
  }).catch((error: unknown) => {
    if (error instanceof PipelineError && error.code === 'backend_unavailable')
      throw new InputFileError(error.message.replace('@espectro/pipeline ', ''));
    throw error;
  });
}

/** Options of {@link runWorkerService}. */
export interface WorkerServiceOptions {
  store: Store;
  backends: PipelineBackends;
  io: CliIo;
  worker: WorkerArguments;
  signal: AbortSignal;
  /** `espectro serve --replay-demo`: what runs once the replay is done (see {@link replayDemo}). */
  afterReplay?: ReplayDemoOptions['afterReplay'];
  /** `--replay-demo`: the replay's clock, when the caller shares it beforehand (see {@link ReplayDemoOptions.clock}). */
  replayClock?: ReplayDemoOptions['clock'];
}

/**
 * What `espectro worker` and `espectro serve` run over an open store: the demo replay, or cycles
 * over the registered feeds until `signal` aborts (or once). A cycle that throws is reported and
 * ends the loop with exit code 1; committed work is kept.
 */
export async function runWorkerService(options: WorkerServiceOptions): Promise<number> {
  const { store, backends, io, worker, signal } = options;
  const command = options.afterReplay ? 'espectro serve' : 'espectro worker';
  try {
    if (worker.replay)
      return await replayDemo({
        store,
        backends,
        io,
        hours: worker.hours,
        stepMs: worker.stepMs,
        json: worker.json,
        signal,
        ...(options.afterReplay ? { afterReplay: options.afterReplay } : {}),
        ...(options.replayClock ? { clock: options.replayClock } : {}),
      });
    if ((await store.feeds.list()).length === 0)
      io.stderr('  no feeds registered: add some with `espectro feeds add URL` or `espectro feeds import FILE.opml`\n');
    return await runWorkerLoop({
      store,
      backends,
      io,
      once: worker.once,
      intervalMs: worker.intervalMs,
      quiet: worker.quiet,
      json: worker.json,
      signal,
    });
  } catch (error) {
    if (error instanceof UsageError || error instanceof InputFileError) throw error;
    io.stderr(
      `${command}: stopped (${describeStoreFailure(error)}). Start it again; every committed unit of work is kept and nothing is repeated.\n`,
    );
    return ExitCode.failure;
  }
}

/** What {@link withWorkerSetup} hands the command: the open store, the backends and the stop signal. */
export interface WorkerSetup {
  store: Store;
  backends: PipelineBackends;
  /** Aborted by SIGTERM / SIGINT (see {@link stopOnSignals}); the command may abort it too. */
  controller: AbortController;
}

/**
 * The setup `espectro worker` and `espectro serve` share, in its order: the backends the arguments
 * ask for (an unavailable one fails before any database is opened), a stop signal on SIGTERM /
 * SIGINT, the store (`--db` or `DATABASE_URL`, the folder lock naming `owner`) and the banner line
 * with the backends; then `body`, after which everything is closed in reverse order, whatever
 * `body` did.
 *
 * @example
 * return withWorkerSetup(io, { command: 'espectro worker', owner: 'espectro worker', worker }, (setup) =>
 *   runWorkerService({ ...setup, io, worker, signal: setup.controller.signal }));
 */
export async function withWorkerSetup<T>(
  io: CliIo,
  setup: { command: string; owner: string; worker: WorkerArguments },
  body: (setup: WorkerSetup) => Promise<T>,
): Promise<T> {
  const backends = await resolveWorkerBackends(io, setup.worker);
  const controller = new AbortController();
  const release = stopOnSignals(controller, io);
  try {
    const store = await openCommandStore(io, setup.owner, setup.worker.db);
    try {
      const description = backends.describe();
      io.stderr(
        `${setup.command} — ${store.database.backend} at ${store.database.location}; embedder ${description.embedder}, judge ${description.judge}, synthesis ${description.synthesis}\n`,
      );
      return await body({ store, backends, controller });
    } finally {
      await store.close();
    }
  } finally {
    release();
    await backends.dispose();
  }
}

/** `espectro worker`: cycles over the registered feeds and the pipeline stages until stopped. */
export const workerCommand: CliCommand = {
  name: 'worker',
  summary: 'Fetch the due feeds and keep the stories current, cycle after cycle (--once: one cycle)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({ args, options: WORKER_FLAGS, allowPositionals: true, strict: true });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const worker = readWorkerArguments(values);
    if (worker.replay && values.interval !== undefined)
      throw new UsageError('--replay-demo runs its own cycles: drop --interval');
    return withWorkerSetup(io, { command: 'espectro worker', owner: 'espectro worker', worker }, (setup) =>
      runWorkerService({ store: setup.store, backends: setup.backends, io, worker, signal: setup.controller.signal }),
    );
  },
};
