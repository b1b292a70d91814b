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
import { loadavg } from 'node:os';
import { countFeedItems, createFeedFetcher, fetchFeedOnce } from '@espectro/ingest';
import {
  createManualClock,
  createNewsroom,
  driveUntilSettled,
  type NewsroomItem,
  type NewsroomOutlet,
} from '@espectro/ingest/testing';
import { createJobRegistry, createWorker, newsroomJobs, resolveBackends } from '@espectro/pipeline';
import { createStore } from '@espectro/store';
import { createTestDatabase } from '@espectro/store/testing';
import { generateRecombinedHeadlines } from './clustering-corpus.js';
import { feedsToFetch } from './fetch.bench.js';
import type { BenchSuite } from './harness.js';

const FEEDS = 350;
const ITEMS_PER_FEED = 30;
const ARCHIVES = (process.env.BENCH_WORKER_ARCHIVES ?? '10000,50000,100000').split(',').map(Number);
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
  const worker = await createWorker({
    store,
    registry: createJobRegistry(newsroomJobs()),
    services: { backends, fetcher, workerId: 'bench-worker' },
    clock,
  });
  try {
    // Settle the archive: one cycle with no feed registered clusters, synthesises and publishes it.
    const settle = await timed(() => driveUntilSettled(worker.runCycle(), { clock, fetcher, newsroom }));
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
    const cycle = await timed(() => driveUntilSettled(worker.runCycle(), { clock, fetcher, newsroom }));
    const totals = (job: string) => cycle.value.jobs[job]?.totals ?? {};
    const failed = Object.entries(cycle.value.jobs)
      .filter(([, job]) => job.failed > 0)
      .map(([name]) => name);
    const result = {
      archiveArticles: archiveSize,
      newItems,
      storeArchiveSeconds: stored.seconds,
      settleSeconds: settle.seconds,
      cycleSeconds: cycle.seconds,
      cycleCpuSeconds: cycle.cpuSeconds,
      targetSeconds: 30,
      met: cycle.seconds <= 30,
      baselineFetchParseSeconds: baseline.seconds,
      ratioCycleOverBaseline: Number((cycle.seconds / baseline.seconds).toFixed(1)),
      fetched: totals('fetch-feeds'),
      cluster: totals('cluster'),
      synthesise: totals('synthesise'),
      failedJobs: failed,
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
