/**
 * `espectro worker --replay-demo`: the newsroom's loop shown on the bundled demo. A loopback feed
 * server on 127.0.0.1 (`@espectro/ingest/testing`'s newsroom) replays the demo corpus as the
 * outlets' feeds over simulated hours — labelled as a replay in every feed and on the terminal —
 * and the worker runs one cycle per simulated step on a simulated clock, fetching and publishing
 * as the corpus unfolds. Only the clock is simulated: the fetches are real HTTP on loopback, the
 * jobs and the store are the ones `espectro worker` runs.
 *
 * The simulated clock starts at the hour after the corpus's newest article (`demoReplayStart`) and
 * the articles keep their real dates: the replay runs as of the corpus's own present, so what
 * depends on "now" (TOP-NAV's 48 h, the 24-h country cap, the 180-day rating cadence) treats the
 * corpus's newest days as today — as on the machine's clock, years after, nothing would be current.
 */
import { createFeedFetcher } from '@espectro/ingest';
import {
  DEMO_REPLAY_LABEL,
  createManualClock,
  createNewsroom,
  demoReplayOutlets,
  demoReplayStart,
  type ManualClock,
} from '@espectro/ingest/testing';
import {
  demoDataDirectory,
  rateRoster,
  readDataFolder,
  type NewsroomServices,
  type PipelineBackends,
} from '@espectro/pipeline';
import { reanchorRoster } from '@espectro/rating';
import type { Store } from '@espectro/store';
import type { CliIo } from '../io.js';
import { runWorkerLoop } from './worker.js';

/** Options of {@link replayDemo}. */
export interface ReplayDemoOptions {
  store: Store;
  backends: PipelineBackends;
  io: CliIo;
  /** Simulated hours over which the corpus appears (default 12). */
  hours: number;
  /** Simulated time between two cycles (default one hour). */
  stepMs: number;
  json: boolean;
  signal: AbortSignal;
  /**
   * The replay's simulated clock, at {@link replayDemoClock}'s start (given by `espectro serve`, which
   * shares it with the site before the replay runs); default: a new one.
   */
  clock?: ManualClock;
  /**
   * Runs after the replay's last cycle, while its feed server still answers (`espectro serve` goes
   * on cycling over the same feeds at real pace): given the replay's clock and the worker services
   * it used; its result is the exit code.
   */
  afterReplay?: (continuation: ReplayContinuation) => Promise<number>;
}

/** What {@link ReplayDemoOptions.afterReplay} is given. */
export interface ReplayContinuation {
  /** The replay's simulated clock, at its end. */
  clock: ManualClock;
  /** The worker services of the replay (its loopback fetcher). */
  services: Partial<NewsroomServices>;
}

const HOUR = 3_600_000;

/**
 * The clock a replay of the demo corpus runs on: manual, starting at the hour after the corpus's
 * newest article (see the module's note).
 *
 * @example
 * const clock = replayDemoClock(process.cwd()); // e.g. 2026-08-09T01:00:00Z for the bundled corpus
 */
export function replayDemoClock(cwd: string): ManualClock {
  return createManualClock(demoReplayStart(demoDataDirectory(cwd)));
}

/**
 * Rates the demo roster, registers the replay's feeds and runs the worker one cycle per simulated
 * step until the replay has been fully fetched (plus one cycle), or `signal` aborts.
 */
export async function replayDemo(options: ReplayDemoOptions): Promise<number> {
  const { store, backends, io } = options;
  const clock = options.clock ?? replayDemoClock(io.cwd);
  const start = clock.now();
  const directory = demoDataDirectory(io.cwd);
  const outlets = demoReplayOutlets({ directory, start, durationMs: options.hours * HOUR });
  const newsroom = await createNewsroom({ clock, outlets, scenarios: false, label: DEMO_REPLAY_LABEL });
  try {
    const folder = await readDataFolder(directory);
    // The demo's illustrative evidence is dated relative to its roster's asOf: rated as of that
    // day, months back, every demo outlet would be due by the 180-day cadence (REV-1) on the first
    // cycle. The replay's day is its start, so the demo is rated that day, its evidence dates moved with it.
    const roster = reanchorRoster(folder.roster, start.toISOString().slice(0, 10));
    await rateRoster({ store, backends, clock }, roster.outlets, { asOf: roster.asOf });
    // Feeds of an earlier replay point at a loopback port that is gone: replaced by this one's.
    for (const feed of await store.feeds.list())
      if (new URL(feed.url).hostname === '127.0.0.1' && new URL(feed.url).pathname.startsWith('/feeds/'))
        await store.feeds.remove(feed.id);
    const pollIntervalSeconds = Math.max(60, Math.round(options.stepMs / 1000));
    for (const feed of newsroom.feeds)
      await store.feeds.add({ url: feed.url, outlet: feed.outlet, kind: feed.kind, pollIntervalSeconds }, start);
    io.stderr(
      `espectro worker: ${DEMO_REPLAY_LABEL} — ${outlets.length} outlets' feeds served at ${newsroom.origin}, ` +
        `${outlets.reduce((sum, outlet) => sum + outlet.items.length, 0)} articles appearing over ${options.hours} simulated hours ` +
        `(one cycle per ${Math.round(options.stepMs / 60_000)} simulated minutes); the replay's clock starts at ` +
        `${start.toISOString().slice(0, 16).replace('T', ' ')} UTC, the hour after the corpus's newest article ` +
        `(articles keep their real dates)\n`,
    );
    const cycles = Math.ceil((options.hours * HOUR) / options.stepMs) + 1;
    let done = 0;
    const host = new URL(newsroom.origin).host;
    const services: Partial<NewsroomServices> = {
      // Every replayed outlet shares the loopback host: its per-host limits are lifted.
      fetcher: createFeedFetcher({
        clock,
        policy: { hostOverrides: { [host]: { concurrency: 16, minIntervalMs: 0 } } },
      }),
    };
    const code = await runWorkerLoop({
      store,
      backends,
      io,
      clock,
      once: false,
      intervalMs: 0,
      quiet: false,
      json: options.json,
      signal: options.signal,
      services,
      async afterCycle() {
        done += 1;
        const byStatus = await store.stories.countByStatus();
        if (!options.json)
          io.stdout(
            `  [replay clock ${clock.now().toISOString().slice(0, 16).replace('T', ' ')}] stories: ${byStatus.published ?? 0} published, ${byStatus.held ?? 0} held\n`,
          );
        clock.advance(options.stepMs);
      },
      shouldStop: () => done >= cycles,
    });
    if (code !== 0 || options.signal.aborted || options.afterReplay === undefined) return code;
    return await options.afterReplay({ clock, services });
  } finally {
    await newsroom.close();
  }
}
