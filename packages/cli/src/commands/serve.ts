/**
 * `espectro serve`: the newsroom in one process — the worker's cycles (as `espectro worker`) and
 * the site's Node server over the same store. The store is opened once and shared with the site
 * (`shareStoreWithProcess`), so an embedded PGlite folder has one opener and its single-writer lock
 * holds (issue 21 §1); the site renders every page on demand from the store and sees a story the
 * worker publishes at its next change-marker check, without a restart.
 *
 * SIGTERM / Ctrl-C: the running unit of work finishes, the site stops accepting and lets requests
 * in flight finish, the store closes and the folder's lock is released; exit 0.
 */
import { parseArgs } from 'node:util';
import { systemClock, type Clock } from '@espectro/ingest';
import { DEMO_REPLAY_LABEL, type ManualClock } from '@espectro/ingest/testing';
import { shareServiceWithProcess, shareStoreWithProcess } from '@espectro/store';
import { UsageError, type CliCommand } from '../io.js';
import { streamDemoDebate } from './serve-debate.js';
import { SERVED_SITE_BUILD_COMMAND, servedSiteDirectory, startSiteServer } from './serve-site.js';
import { WORKER_FLAGS, readWorkerArguments, runWorkerLoop, runWorkerService, withWorkerSetup } from './worker.js';
import { replayDemoClock } from './worker-replay.js';

const usage = `Usage: espectro serve [--db DIR] [--port 4321] [--host 127.0.0.1] [--interval 60s] [--site DIR]
                      [--embedder auto|offline|minilm] [--judge auto|llm|none] [--quiet] [--json]
       espectro serve --replay-demo [--hours 12] [--step 1h] [--interval 60s] ...

Runs the newsroom in one process: the worker's cycles over the registered feeds (as espectro worker)
and the site, rendered on demand from the same store — a story a cycle publishes shows on the open
site without a restart. GET /healthz answers 200 while cycles are recent, 503 with the reason if not.
The database is .espectro/db (embedded PostgreSQL, opened once by this process) unless --db or
DATABASE_URL says otherwise; on PostgreSQL more espectro worker processes may share the work.

  --port N         port of the site (default 4321; 0 picks a free one)
  --host H         address to listen on (default 127.0.0.1; 0.0.0.0 for every interface — then add
                   the public hostname to ESPECTRO_SITE_ALLOWED_HOSTS when building the site)
  --interval TIME  wait between the starts of two cycles (default 60s)
  --site DIR       the built site (default apps/site/dist, or ESPECTRO_SITE_DIR), built with
                   ${SERVED_SITE_BUILD_COMMAND}
  --replay-demo    the bundled demo: a loopback feed server replays the demo corpus as the outlets'
                   feeds over --hours simulated hours, one cycle per --step (labelled as a replay);
                   then the cycles go on every --interval over the same feeds. Beside it the bundled
                   FICTIONAL debate streams to /placar/<debate> at 10x (labelled fictional)
  --db, --embedder, --judge, --quiet, --json   as in espectro worker
SIGTERM or Ctrl-C: the running unit of work finishes, the site closes, the database is released.
Exit codes: 0 stopped cleanly, 1 a cycle failed, 2 usage error, 3 no built site or unavailable backend.`;

/** Default port of the site (Astro's). */
export const DEFAULT_SERVE_PORT = 4321;

/** The replay's simulated clock going on at real pace: a real sleep advances it as much. */
function realPace(clock: ManualClock): Clock {
  return {
    now: () => clock.now(),
    async sleep(milliseconds, signal) {
      await systemClock.sleep(milliseconds, signal);
      clock.advance(milliseconds);
    },
  };
}

function portOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SERVE_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535)
    throw new UsageError(`--port must be a port number from 0 to 65535 (got "${text}")`);
  return port;
}

/** `espectro serve`: worker + site in one process over one store. */
export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Run the newsroom: the worker’s cycles and the site over one store, in one process (/healthz)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { ...WORKER_FLAGS, port: { type: 'string' }, host: { type: 'string' }, site: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.once) throw new UsageError('espectro serve keeps serving: for one cycle use espectro worker --once');
    const worker = readWorkerArguments(values);
    const port = portOf(values.port);
    const host = values.host ?? '127.0.0.1';
    const siteDirectory = servedSiteDirectory(io.cwd, values.site ?? io.env.ESPECTRO_SITE_DIR);
    let signalled = false;
    try {
      return await withWorkerSetup(
        io,
        { command: 'espectro serve', owner: `espectro serve (site on port ${port})`, worker },
        async ({ store, backends, controller }) => {
          const unshare = shareStoreWithProcess(store);
          // The site computes what depends on "now" (TOP-NAV's active window, its footer's date) at
          // the service's clock: with --replay-demo the replay's clock — it starts after the corpus's
          // newest article and goes on at real pace once the replay is done — else the machine's.
          const replayClock = worker.replay ? replayDemoClock(io.cwd) : undefined;
          const unshareService = shareServiceWithProcess({
            now: () => (replayClock ?? systemClock).now(),
            replay: worker.replay ? { label: DEMO_REPLAY_LABEL } : null,
          });
          try {
            // The site reads these when a page first asks for data: the store, shared above.
            process.env.ESPECTRO_SITE_SOURCE = 'store';
            const site = await startSiteServer({ directory: siteDirectory, host, port });
            let debate: Promise<void> = Promise.resolve();
            try {
              io.stderr(
                `espectro serve: site at ${site.origin}/ (rendered from the store; health at ${site.origin}/healthz)\n`,
              );
              // --replay-demo: the fictional debate streams to /placar beside the news replay (issue 17 §4).
              if (worker.replay)
                debate = streamDemoDebate({ store, io, origin: site.origin, signal: controller.signal });
              return await runWorkerService({
                store,
                backends,
                io,
                worker,
                signal: controller.signal,
                ...(replayClock ? { replayClock } : {}),
                async afterReplay({ clock, services }) {
                  io.stderr(
                    `espectro serve: replay done — the site stays at ${site.origin}/; a cycle every ${Math.round(worker.intervalMs / 1000)} s goes on over the replay's feeds (Ctrl-C stops)\n`,
                  );
                  return runWorkerLoop({
                    store,
                    backends,
                    io,
                    clock: realPace(clock),
                    services,
                    once: false,
                    intervalMs: worker.intervalMs,
                    quiet: worker.quiet,
                    json: worker.json,
                    signal: controller.signal,
                  });
                },
              });
            } finally {
              // Everything that uses the store stops before it closes: the debate stream, then the site.
              signalled = controller.signal.aborted;
              controller.abort();
              await debate;
              await site.close();
            }
          } finally {
            unshareService();
            unshare();
          }
        },
      );
    } finally {
      // withWorkerSetup has closed the store (and released an embedded folder's lock) by now.
      if (signalled) io.stderr('espectro serve: stopped; the database is released\n');
    }
  },
};
