/**
 * `espectro status`: what the service is doing — the last worker cycles (duration, failed jobs,
 * backends), the queue depths, every failed job with its reason, every failing or disabled feed
 * by its address with its error, and the stories by status. Read-only.
 */
import { parseArgs } from 'node:util';
import { readServiceStatus, type ServiceStatus } from '@espectro/pipeline';
import { openCommandStore } from '../open-store.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro status [--db DIR] [--all-feeds] [--json]

Shows what the worker did and what is waiting:
  cycles    the last cycles: when, how long, jobs that failed, the backends used
  queue     jobs queued, running, failed and completed, per job kind
  failed    every job that failed its last attempt, with its reason
  feeds     every feed whose last fetch failed or that is disabled, by address, with its error
            (--all-feeds: every feed with its last fetch)
  stories   stories by status
The database is .espectro/db unless --db or DATABASE_URL says otherwise. An embedded database is
held by the worker while it runs: stop it first, or use PostgreSQL to watch a running worker.`;

function printStatus(io: CliIo, status: ServiceStatus, allFeeds: boolean): void {
  const line = (text: string) => io.stdout(`${text}\n`);
  line(`Espectro status — ${status.database.backend} at ${status.database.location}`);
  if (status.cycles.length === 0) line('  cycles    none yet (start `espectro worker`)');
  for (const cycle of status.cycles) {
    const backends = cycle.meta?.backends as { embedder?: string; judge?: string; synthesis?: string } | undefined;
    line(
      `  cycle     ${cycle.cycleTime} by ${cycle.workerId}: ${(cycle.durationMs / 1000).toFixed(1)} s, ${cycle.failedJobs} failed jobs${
        backends ? `; embedder ${backends.embedder}, judge ${backends.judge}, synthesis ${backends.synthesis}` : ''
      }`,
    );
  }
  const queues = Object.entries(status.queue);
  if (queues.length === 0) line('  queue     not created yet');
  for (const [name, depth] of queues)
    line(
      `  queue     ${name.padEnd(22)} ${depth.queued} queued, ${depth.active} running, ${depth.failed} failed, ${depth.completed} done`,
    );
  for (const failure of status.failedJobs) line(`  FAILED    ${failure.name} at ${failure.at}: ${failure.reason}`);
  line(
    `  feeds     ${status.feeds.total} registered, ${status.feeds.enabled} enabled, ${status.feeds.failing.length} failing or disabled`,
  );
  const shown = allFeeds ? status.feeds.all : status.feeds.failing;
  for (const feed of shown) {
    const last = feed.last
      ? `${feed.last.result}${feed.last.httpStatus ? ` ${feed.last.httpStatus}` : ''} at ${feed.last.at}${
          feed.last.itemsNew ? `, ${feed.last.itemsNew} new` : ''
        }${feed.last.error ? ` — ${feed.last.error}` : ''}`
      : 'never fetched';
    const state = feed.enabled ? `next ${feed.nextDueAt}` : `DISABLED: ${feed.disabledReason ?? 'by hand'}`;
    line(`    ${feed.url}\n      ${last}; ${feed.consecutiveFailures} failures in a row; ${state}`);
  }
  const stories = Object.entries(status.stories)
    .map(([state, count]) => `${count} ${state}`)
    .join(', ');
  line(`  stories   ${stories || 'none'}`);
}

/** `espectro status`: the service's state (see the module comment). */
export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'Show the worker cycles, queue depths, failed jobs and failing feeds',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { db: { type: 'string' }, json: { type: 'boolean' }, 'all-feeds': { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const store = await openCommandStore(io, 'espectro status', values.db);
    try {
      const status = await readServiceStatus(store);
      if (values.json) io.stdout(`${JSON.stringify(status, null, 2)}\n`);
      else printStatus(io, status, values['all-feeds'] === true);
      return ExitCode.ok;
    } finally {
      await store.close();
    }
  },
};
