/**
 * `pnpm bench worker-cycle` — one `espectro worker` cycle over 350 feeds × 30 new items (issue 15's
 * benchmark shape) on the loopback newsroom, against archives of 10 000, 50 000 and 100 000 articles
 * (`BENCH_WORKER_ARCHIVES`, comma-separated). Target: ≤ 30 s at 100 000 on this 2-core machine, and
 * a cycle's cost grows with the new items, not with the archive.
 *
 * Every archive and the new items are recombined real headlines (`clustering-corpus.ts`, 2 000 a day)
 * in publication order: the archive is the first N, the cycle's items the next 10 500, spread over
 * 350 outlets (`medio-001.example` …) in turn. The archive is stored and settled first (clustered,
 * synthesised, classified, built and published by one worker cycle with no feed registered), then the
 * feeds are registered and the measured cycle fetches, ingests, clusters, synthesises and publishes.
 * Offline backends (offline embedder, no judge, extractive synthesis), embedded PGlite in memory.
 *
 * Baseline in the same process: one fetch of the same 350 feeds with parsing (no storing), so the
 * cycle is also reported as a ratio to it. The load average is printed beside every figure.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { countFeedItems, createFeedFetcher, fetchFeedOnce } from '@espectro/ingest';
import {
  createManualClock,
  createNewsroom,
  driveUntilSettled,
  type NewsroomItem,
  type NewsroomOutlet,
} from '@espectro/ingest/testing';
import {
  createJobRegistry,
  createWorker,
  newsroomJobs,
  resolveBackends,
  type AnyJobDefinition,
  type NewsroomServices,
} from '@espectro/pipeline';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase } from '@espectro/store/testing';
import { generateRecombinedHeadlines } from './clustering-corpus.js';
import { feedsToFetch } from './fetch.bench.js';
import type { BenchSuite } from './harness.js';

const FEEDS = 350;
const ITEMS_PER_FEED = 30;
const ARCHIVES = (process.env.BENCH_WORKER_ARCHIVES ?? '10000,50000,100000').split(',').map(Number);
/** A folder to write a CPU profile of each measured cycle to (`BENCH_WORKER_PROFILE`; none when unset). */
const PROFILE_FOLDER = process.env.BENCH_WORKER_PROFILE;
const load = (): number[] => loadavg().map((value) => Number(value.toFixed(2)));
const domainOf = (outlet: number): string => `medio-${String(outlet + 1).padStart(3, '0')}.example`;

/** Seconds of wall-clock and of this process's CPU for `work`. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; cpuSeconds: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return {
    value,
    seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
  };
}

/**
 * A digest of what the archive ends up as, to compare two versions of the code on the same input:
 * every story's id, status, tier and member ids, and every cluster's id, member signature and
 * synthesis status (sha256 of the sorted rows, first 16 hex digits), with the counts per status.
 */
async function outcomeDigest(store: Store): Promise<{ digest: string; stories: Record<string, number> }> {
  const storyRows = await store.database.query<{ row: string; status: string }>(
    `SELECT s.id || ' ' || s.status || ' ' || coalesce(s.tier, '-') || ' ' ||
            coalesce(string_agg(a.article_id, ',' ORDER BY a.article_id), '') AS row, s.status
       FROM stories s LEFT JOIN story_articles a ON a.story_id = s.id
      GROUP BY s.id, s.status, s.tier ORDER BY s.id`,
  );
  const clusterRows = await store.database.query<{ row: string }>(
    `SELECT id || ' ' || member_signature || ' ' || coalesce(synthesis_status, '-') AS row FROM clusters ORDER BY id`,
  );
  const hash = createHash('sha256');
  for (const { row } of [...storyRows, ...clusterRows]) hash.update(`${row}\n`);
  const stories: Record<string, number> = {};
  for (const { status } of storyRows) stories[status] = (stories[status] ?? 0) + 1;
  return { digest: hash.digest('hex').slice(0, 16), stories };
}

/** Runs `work` under the V8 CPU profiler and writes the profile to `file`. */
async function profiled<T>(file: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  }
}

/** The job kind running now (for {@link timeQueries}). */
let runningJob = 'none';
/** Wall seconds and count of the measured cycle's Drizzle statements, by job kind and statement start. */
const queryTimes = new Map<string, { seconds: number; count: number }>();
let timingQueries = false;

/**
 * With `BENCH_WORKER_QUERIES` set, times every Drizzle statement on PGlite (the prepared query's
 * `execute`, result mapping included) by job kind and the statement's first words, for the
 * measured cycle. Instrumentation of the bench only.
 */
async function timeQueries(): Promise<void> {
  // The ESM build the store loads (the bench itself does not depend on drizzle-orm).
  const fromStore = createRequire(fileURLToPath(import.meta.resolve('@espectro/store')));
  const sessionFile = fromStore.resolve('drizzle-orm/pglite/session').replace(/\.cjs$/, '.js');
  const session = (await import(pathToFileURL(sessionFile).href)) as {
    PglitePreparedQuery: { prototype: { execute: (...args: unknown[]) => Promise<unknown>; queryString: string } };
  };
  const prototype = session.PglitePreparedQuery.prototype;
  const execute = prototype.execute;
  prototype.execute = async function (this: { queryString: string }, ...args: unknown[]) {
    if (!timingQueries) return execute.apply(this, args);
    const started = performance.now();
    try {
      return await execute.apply(this, args);
    } finally {
      const shape = `${runningJob} ${this.queryString.replace(/\$\d+(, )?/g, '').slice(0, 110)}`;
      const entry = queryTimes.get(shape) ?? { seconds: 0, count: 0 };
      entry.seconds += (performance.now() - started) / 1000;
      entry.count += 1;
      queryTimes.set(shape, entry);
    }
  };
}

/** Wall and CPU seconds spent in each job kind's runs (the kinds run one after another in a cycle). */
type StageSplit = Record<string, { seconds: number; cpuSeconds: number }>;

/** The newsroom jobs, each run timed into `splitNow()` (wall and this process's CPU, summed per kind). */
function timedJobs(splitNow: () => StageSplit): AnyJobDefinition<NewsroomServices>[] {
  return newsroomJobs().map((definition) => ({
    ...definition,
    async run(payload, context) {
      runningJob = definition.name;
      const started = performance.now();
      const cpu = process.cpuUsage();
      try {
        return await definition.run(payload, context);
      } finally {
        const used = process.cpuUsage(cpu);
        const entry = (splitNow()[definition.name] ??= { seconds: 0, cpuSeconds: 0 });
        entry.seconds = Number((entry.seconds + (performance.now() - started) / 1000).toFixed(2));
        entry.cpuSeconds = Number((entry.cpuSeconds + (used.user + used.system) / 1e6).toFixed(2));
      }
    },
  }));
}

/** One archive size: store and settle the archive, then time one cycle over the new feeds. */
async function cycleAgainst(archiveSize: number): Promise<Record<string, unknown>> {
  const newItems = FEEDS * ITEMS_PER_FEED;
  const corpus = generateRecombinedHeadlines({ count: archiveSize + newItems, seed: 31 }).sort(
    (left, right) => Date.parse(left.date) - Date.parse(right.date) || left.id.localeCompare(right.id),
  );
  const archive = corpus.slice(0, archiveSize);
  const fresh = corpus.slice(archiveSize);
  const lastTime = Date.parse(fresh.at(-1)!.date);
  const clock = createManualClock(new Date(lastTime + 3_600_000));
  const test = await createTestDatabase();
  const store = createStore(test.database);
  const backends = await resolveBackends({ env: {}, embedder: 'offline', judge: 'none' });
  const domains = Array.from({ length: FEEDS }, (_, outlet) => domainOf(outlet));
  await store.outlets.ensurePreliminary(
    domains.map((domain) => ({ domain, reason: 'worker-cycle bench', addedAt: '2026-01-01' })),
  );
  const stored = await timed(async () => {
    for (let start = 0; start < archive.length; start += 5000) {
      await store.articles.insert(
        archive.slice(start, start + 5000).map((headline, offset) => {
          const domain = domainOf((start + offset) % FEEDS);
          const url = `https://${domain}/archivo/${headline.id}`;
          return {
            url,
            canonicalUrl: url,
            domain,
            title: headline.title,
            titleKey: `${domain} ${headline.id}`,
            publishedAt: headline.date,
            firstSeenAt: headline.date,
          };
        }),
      );
    }
  });
  const itemsOf = new Map<number, NewsroomItem[]>();
  fresh.forEach((headline, index) => {
    const outlet = index % FEEDS;
    itemsOf.set(outlet, [
      ...(itemsOf.get(outlet) ?? []),
      {
        title: headline.title,
        link: `https://${domainOf(outlet)}/noticias/${headline.id}`,
        description: `${headline.title}. Lo que se sabe hasta ahora.`,
        publishedAt: headline.date,
      },
    ]);
  });
  const outlets: NewsroomOutlet[] = domains.map((domain, outlet) => ({
    domain,
    name: `Medio ${outlet + 1}`,
    language: 'es',
    window: ITEMS_PER_FEED,
    items: itemsOf.get(outlet) ?? [],
  }));
  const newsroom = await createNewsroom({ clock, scenarios: false, outlets });
  newsroom.unref();
  const host = new URL(newsroom.origin).host;
  const fetcher = createFeedFetcher({
    clock,
    policy: { hostOverrides: { [host]: { concurrency: 16, minIntervalMs: 0 } } },
  });
  let split: StageSplit = {};
  const worker = await createWorker({
    store,
    registry: createJobRegistry(timedJobs(() => split)),
    services: { backends, fetcher, workerId: 'bench-worker' },
    clock,
  });
  try {
    // Settle the archive: one cycle with no feed registered clusters, synthesises and publishes it.
    const settle = await timed(() => driveUntilSettled(worker.runCycle(), { clock, fetcher, newsroom }));
    const settleSplit = split;
    for (const feed of newsroom.feeds)
      await store.feeds.add(
        { url: feed.url, outlet: feed.outlet, kind: feed.kind, pollIntervalSeconds: 900 },
        clock.now(),
      );
    // The baseline, in the same process: fetch and parse the same feeds, nothing stored.
    const toFetch = feedsToFetch(newsroom.feeds);
    const baseline = await timed(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < toFetch.length) await fetchFeedOnce(toFetch[next++]!, { fetcher, ingest: countFeedItems });
        }),
      );
    });
    const cycleLoad = load();
    split = {};
    timingQueries = process.env.BENCH_WORKER_QUERIES !== undefined;
    queryTimes.clear();
    const runCycle = () => driveUntilSettled(worker.runCycle(), { clock, fetcher, newsroom });
    const cycle = await timed(() =>
      PROFILE_FOLDER === undefined
        ? runCycle()
        : profiled(join(PROFILE_FOLDER, `worker-cycle-${archiveSize}.cpuprofile`), runCycle),
    );
    timingQueries = false;
    if (process.env.BENCH_WORKER_QUERIES !== undefined)
      for (const [shape, entry] of [...queryTimes]
        .sort((left, right) => right[1].seconds - left[1].seconds)
        .slice(0, 40))
        console.log(`query ${entry.seconds.toFixed(2)} s ×${entry.count} ${shape}`);
    const totals = (job: string) => cycle.value.jobs[job]?.totals ?? {};
    const failed = Object.entries(cycle.value.jobs)
      .filter(([, job]) => job.failed > 0)
      .map(([name]) => name);
    const result = {
      archiveArticles: archiveSize,
      newItems,
      storeArchiveSeconds: stored.seconds,
      settleSeconds: settle.seconds,
      settleCpuSeconds: settle.cpuSeconds,
      settleSplit,
      cycleSeconds: cycle.seconds,
      cycleCpuSeconds: cycle.cpuSeconds,
      cycleSplit: split,
      targetSeconds: 30,
      met: cycle.seconds <= 30,
      baselineFetchParseSeconds: baseline.seconds,
      ratioCycleOverBaseline: Number((cycle.seconds / baseline.seconds).toFixed(1)),
      fetched: totals('fetch-feeds'),
      cluster: totals('cluster'),
      synthesise: totals('synthesise'),
      failedJobs: failed,
      outcome: await outcomeDigest(store),
      loadAtCycleStart: cycleLoad,
      loadAtEnd: load(),
    };
    console.log(`worker cycle, ${archiveSize} archive: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await worker.stop();
    await newsroom.close();
    await backends.dispose();
    await test.cleanup();
  }
}

export default async function workerCycleBench(): Promise<BenchSuite> {
  if (process.env.BENCH_WORKER_QUERIES !== undefined) await timeQueries();
  const cycles: Record<string, unknown>[] = [];
  for (const size of ARCHIVES) cycles.push(await cycleAgainst(size));
  const first = cycles[0]!;
  const last = cycles.at(-1)!;
  const growth =
    cycles.length > 1
      ? {
          archives: `${String(first.archiveArticles)} → ${String(last.archiveArticles)}`,
          cycleSecondsRatio: Number(((last.cycleSeconds as number) / (first.cycleSeconds as number)).toFixed(2)),
          cycleCpuSecondsRatio: Number(
            ((last.cycleCpuSeconds as number) / (first.cycleCpuSeconds as number)).toFixed(2),
          ),
        }
      : null;
  const titles = generateRecombinedHeadlines({ count: 1000, seed: 31 }).map((headline) => headline.title);
  return {
    name: 'worker-cycle',
    baseline: {
      name: 'JSON round-trip of 1 000 headlines (a reference for the machine only)',
      operationsPerCall: 1000,
      run: () => JSON.parse(JSON.stringify(titles)),
    },
    cases: [],
    notes: { feeds: FEEDS, itemsPerFeed: ITEMS_PER_FEED, cycles, growth },
  };
}
