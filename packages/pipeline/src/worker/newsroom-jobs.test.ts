import { createFeedFetcher, type FeedFetcher } from '@espectro/ingest';
import {
  DEMO_REPLAY_LABEL,
  createManualClock,
  createNewsroom,
  demoReplayOutlets,
  driveUntilSettled,
  type ManualClock,
  type Newsroom,
} from '@espectro/ingest/testing';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBackends, type PipelineBackends } from '../backends.js';
import { demoDataDirectory, readDataFolder } from '../data-folder.js';
import { rateRoster } from '../stages/rate.js';
import { newsroomJobs } from './newsroom-jobs.js';
import { createJobRegistry } from './registry.js';
import { createWorker, type CycleSummary, type JobAttempt, type Worker } from './worker.js';

const HOUR = 3_600_000;
const START = new Date('2026-12-01T06:00:00Z');
/** The failing feeds of the loopback newsroom (a failure must be recorded and stop nothing). */
const FAILING = ['slow', 'error-500', 'redirect-loop', 'redirect-to-file', 'gone', 'malformed', 'huge'] as const;

/**
 * The worker over the loopback newsroom: the demo corpus appears over 12 simulated hours next to
 * the newsroom's broken feeds; the worker runs one cycle every two simulated hours on a manual clock.
 */
describe('the newsroom jobs over the loopback newsroom (embedded database)', () => {
  let test: TestDatabase;
  let store: Store;
  let clock: ManualClock;
  let newsroom: Newsroom;
  let fetcher: FeedFetcher;
  let backends: PipelineBackends;
  let worker: Worker;
  let demoLinks: Set<string>;
  const cycles: CycleSummary[] = [];
  const published: number[] = [];
  /** What each cycle did, job by job and feed by feed: the failure message of every assertion below. */
  const cycleLog: string[] = [];
  let attempts: JobAttempt[] = [];

  const runCycleAt = async (instant: Date) => {
    clock.set(instant);
    attempts = [];
    const summary = await driveUntilSettled(worker.runCycle(), { clock, fetcher, newsroom });
    cycles.push(summary);
    published.push((await store.stories.countByStatus()).published ?? 0);
    cycleLog.push(await describeCycle(summary, attempts));
    return summary;
  };

  /** One cycle in a few lines: every job kind's planned/run counts and the cycle each attempt was planned at, every feed's last outcome. */
  const describeCycle = async (summary: CycleSummary, ran: readonly JobAttempt[]) => {
    const lines = [`cycle ${summary.cycleTime} (simulated clock now ${clock.now().toISOString()}):`];
    for (const [name, job] of Object.entries(summary.jobs)) {
      const windows = ran
        .filter((attempt) => attempt.name === name)
        .map(
          (attempt) =>
            `${attempt.ok ? '' : 'FAILED '}planned at ${(attempt.payload as { cycleTime?: string } | undefined)?.cycleTime ?? '?'}`,
        );
      lines.push(
        `  job ${name}: planned ${job.planned}, run ${job.run}, failed ${job.failed} [${windows.join('; ')}] ${JSON.stringify(job.totals)}`,
      );
    }
    for (const registered of newsroom.feeds) {
      const feed = await store.feeds.get(registered.url);
      const last = feed?.lastFetch;
      lines.push(
        `  feed ${registered.scenario ?? registered.outlet}: ${last ? `${last.result} at ${last.startedAt}, items ${last.items ?? '-'} new ${last.itemsNew ?? '-'}${last.errorClass ? `, ${last.errorClass}` : ''}` : 'never fetched'}; next due ${feed?.nextDueAt}`,
      );
    }
    return lines.join('\n');
  };
  /** The failure message: every cycle so far. */
  const explain = () => cycleLog.join('\n');

  beforeAll(async () => {
    test = await createTestDatabase();
    store = createStore(test.database);
    clock = createManualClock(START);
    const demo = demoDataDirectory(process.cwd());
    const outlets = demoReplayOutlets({ directory: demo, start: START, durationMs: 12 * HOUR });
    demoLinks = new Set(outlets.flatMap((outlet) => outlet.items.map((item) => item.link)));
    newsroom = await createNewsroom({
      clock,
      outlets,
      hugeBytes: 3 * 1024 * 1024,
      timedItems: 4,
      timedIntervalMs: 2 * HOUR,
      label: DEMO_REPLAY_LABEL,
    });
    const host = new URL(newsroom.origin).host;
    fetcher = createFeedFetcher({
      clock,
      policy: { maxBodyBytes: 1024 * 1024, hostOverrides: { [host]: { concurrency: 16, minIntervalMs: 0 } } },
    });
    backends = await resolveBackends({ env: {}, embedder: 'offline', judge: 'none' });
    // The roster is rated once, as `espectro run` would; the worker keeps it.
    const folder = await readDataFolder(demo);
    await rateRoster({ store, backends, clock }, folder.roster.outlets, { asOf: folder.roster.asOf });
    for (const feed of newsroom.feeds)
      await store.feeds.add({ url: feed.url, outlet: feed.outlet, kind: feed.kind, pollIntervalSeconds: 7_200 }, START);
    worker = await createWorker({
      store,
      registry: createJobRegistry(newsroomJobs()),
      services: { backends, fetcher, workerId: 'test-worker' },
      clock,
      onEvent: (event) => {
        if (event.type === 'job') attempts.push(event.attempt);
      },
    });
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await newsroom?.close();
    await backends?.dispose();
    await test?.cleanup();
  });

  it('fetches, ingests, clusters, synthesises and publishes cycle by cycle as the replay unfolds', async () => {
    for (let hour = 0; hour <= 12; hour += 2) await runCycleAt(new Date(START.getTime() + hour * HOUR));

    // Every article of the replay reached the store once (feeds are windowed, so hourly polling matters).
    const stored = (await store.articles.list()).filter((article) => demoLinks.has(article.url));
    expect(new Set(stored.map((article) => article.url)).size, explain()).toBe(demoLinks.size);
    expect(stored, explain()).toHaveLength(demoLinks.size);

    // The feed whose items appear over simulated time gave each of them once.
    const timed = await store.articles.list({ domain: newsroom.feed('timed').outlet });
    expect(timed, explain()).toHaveLength(4);

    // Stories appear and grow with the replay: none or few after the first cycle, more at the end.
    expect(published.at(-1)!, explain()).toBeGreaterThan(published[0]!);
    const first = cycles[0]!.jobs;
    expect(first['fetch-feeds'], explain()).toMatchObject({ run: 1, failed: 0 });
    expect(first['fetch-feeds']!.totals.feeds, explain()).toBe(newsroom.feeds.length);
    const clustered = cycles.reduce((sum, cycle) => sum + (cycle.jobs.cluster!.totals.articles ?? 0), 0);
    expect(clustered, explain()).toBeGreaterThanOrEqual(demoLinks.size);
    const synthesised = cycles.reduce((sum, cycle) => sum + (cycle.jobs.synthesise!.totals.synthesised ?? 0), 0);
    expect(synthesised, explain()).toBeGreaterThan(0);
    // No job failed: a broken feed is an outcome of the fetch job, not a failure of it.
    for (const cycle of cycles)
      for (const [name, job] of Object.entries(cycle.jobs))
        expect(job.failed, `${name} at ${cycle.cycleTime}\n${explain()}`).toBe(0);
    expect(cycles[0]!.jobs['fetch-chile-headlines'], explain()).toMatchObject({ planned: 0, run: 0 });
    expect(await store.workerCycles.list(100)).toHaveLength(cycles.length);
  }, 600_000);

  it('records every failing feed with its reason and none stops the others', async () => {
    for (const scenario of FAILING) {
      const feed = await store.feeds.get(newsroom.feed(scenario).url);
      expect(feed?.lastFetch, scenario).toMatchObject({ result: 'failed' });
      expect(feed!.lastFetch!.errorMessage, scenario).toBeTruthy();
      expect(feed!.consecutiveFailures, scenario).toBeGreaterThan(0);
    }
    const demoFeeds = newsroom.feeds.filter((feed) => feed.scenario === null);
    for (const registered of demoFeeds) {
      const feed = await store.feeds.get(registered.url);
      expect(['fetched', 'not_modified'], registered.outlet).toContain(feed?.lastFetch?.result);
    }
  });

  it('does nothing new on a cycle after the replay: 304s, no article, no story rewritten', async () => {
    const before = await store.stories.countByStatus();
    const summary = await runCycleAt(new Date(START.getTime() + 15 * HOUR));
    expect(summary.jobs['fetch-feeds']!.totals.itemsNew ?? 0, explain()).toBe(0);
    expect(summary.jobs.cluster!.totals.articles ?? 0, explain()).toBe(0);
    expect(summary.jobs.synthesise!.totals.synthesised ?? 0, explain()).toBe(0);
    expect(await store.stories.countByStatus(), explain()).toEqual(before);
  }, 300_000);
});
