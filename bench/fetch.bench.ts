/**
 * One fetch cycle over 350 feeds × 30 items on the loopback newsroom (issue 15's benchmark shape):
 * the Espectro fetcher (undici 7, 16 fetches at once, conditional headers, streamed size limit,
 * decompression) against a plain sequential `fetch` loop over the same addresses in the same run.
 * Cases: a cold cycle (every body downloaded), the same cycle with parsing (what a worker does before
 * storing), and a warm cycle where every feed answers 304. Every outlet is on one loopback host,
 * so the per-host limits are lifted for it (`hostOverrides`), as the replay does; with real outlets
 * each is its own host. The load average is printed and recorded beside the figures.
 */
import { loadavg } from 'node:os';
import { countFeedItems, createFeedFetcher, fetchFeedOnce, type FeedToFetch } from '@espectro/ingest';
import { createManualClock, createNewsroom, generatedOutlets } from '@espectro/ingest/testing';
import type { BenchSuite } from './harness.js';

const FEEDS = Number(process.env.BENCH_FETCH_FEEDS ?? 350);
const ITEMS = Number(process.env.BENCH_FETCH_ITEMS ?? 30);
const CONCURRENCY = 16;

/** The newsroom's feeds as the fetcher takes them, never fetched before (no validators). */
export function feedsToFetch(feeds: readonly { outlet: string; url: string }[]): FeedToFetch[] {
  return feeds.map((feed) => ({
    id: feed.outlet,
    url: feed.url,
    outlet: feed.outlet,
    kind: 'rss',
    preset: null,
    pollIntervalSeconds: 900,
    etag: null,
    lastModified: null,
    consecutiveFailures: 0,
  }));
}

export default async function fetchBench(): Promise<BenchSuite> {
  const clock = createManualClock('2026-04-27T08:00:00Z');
  const newsroom = await createNewsroom({
    clock,
    scenarios: false,
    outlets: generatedOutlets(FEEDS, ITEMS, new Date('2026-04-27T00:00:00Z')),
  });
  const host = new URL(newsroom.origin).host;
  const fetcher = createFeedFetcher({
    clock,
    policy: { hostOverrides: { [host]: { concurrency: CONCURRENCY, minIntervalMs: 0 } } },
  });
  const feeds = feedsToFetch(newsroom.feeds);
  newsroom.unref();
  const pool = async <T>(list: readonly FeedToFetch[], work: (feed: FeedToFetch) => Promise<T>): Promise<T[]> => {
    const results: T[] = new Array(list.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < list.length) {
          const index = next++;
          results[index] = await work(list[index]!);
        }
      }),
    );
    return results;
  };
  const noIngest = async () => ({ items: 0, itemsNew: null, itemsSeen: null, error: null });
  // Validators for the warm cycle, and a check that the cold cycle really reads every item.
  const cold = await pool(feeds, (feed) => fetchFeedOnce(feed, { fetcher, ingest: countFeedItems }));
  const unread = cold.filter((outcome) => outcome.result !== 'fetched' || outcome.items !== ITEMS);
  if (unread.length > 0)
    throw new Error(`bench setup: ${unread.length} feeds not read fully (${unread[0]!.errorClass})`);
  const warmFeeds = feeds.map((feed, index) => ({
    ...feed,
    etag: cold[index]!.etag,
    lastModified: cold[index]!.lastModified,
  }));
  const load = loadavg().map((value) => Number(value.toFixed(2)));
  console.log(`fetch bench: ${FEEDS} feeds × ${ITEMS} items on ${newsroom.origin}; load average ${load.join(' ')}`);
  return {
    name: 'fetch',
    baseline: {
      name: `sequential fetch() loop, ${FEEDS} feeds`,
      operationsPerCall: FEEDS,
      run: async () => {
        for (const feed of feeds) {
          const response = await fetch(feed.url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
          await response.arrayBuffer();
        }
      },
    },
    cases: [
      {
        name: `Espectro fetcher cycle (${CONCURRENCY} at once, bodies)`,
        operationsPerCall: FEEDS,
        run: () => pool(feeds, (feed) => fetchFeedOnce(feed, { fetcher, ingest: noIngest })),
      },
      {
        name: 'Espectro fetcher cycle + parse every feed',
        operationsPerCall: FEEDS,
        run: () => pool(feeds, (feed) => fetchFeedOnce(feed, { fetcher, ingest: countFeedItems })),
      },
      {
        name: 'Espectro fetcher warm cycle (every feed 304)',
        operationsPerCall: FEEDS,
        run: () => pool(warmFeeds, (feed) => fetchFeedOnce(feed, { fetcher, ingest: noIngest })),
      },
    ],
    notes: {
      feeds: FEEDS,
      itemsPerFeed: ITEMS,
      concurrency: CONCURRENCY,
      loadAverageAtStart: load,
      bodyBytesPerFeed: cold[0]!.bytes,
      encodings: 'gzip, br, identity, deflate in turn',
    },
  };
}
