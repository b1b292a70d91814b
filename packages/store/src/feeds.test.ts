/**
 * The feed registry on every backend, and one fetch cycle end to end: the loopback newsroom's
 * outlets and failure scenarios registered, fetched by `fetchDueFeeds`, ingested into the store,
 * every outcome recorded. Time is a manual clock; no verdict depends on the machine's speed.
 */
import {
  createFeedFetcher,
  fetchDueFeeds,
  ingestSources,
  nextFetchDelay,
  type FeedFetcher,
  type FeedFetchOutcome,
  type IngestBody,
} from '@espectro/ingest';
import {
  createManualClock,
  createNewsroom,
  driveUntilSettled,
  type ManualClock,
  type Newsroom,
} from '@espectro/ingest/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertArticles } from './articles.js';
import { feedIdFor, FEED_FETCH_HISTORY } from './feeds.js';
import { ensurePreliminaryOutlets } from './outlets.js';
import { createStore, type Store } from './store.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

const START = '2026-04-27T08:00:00.000Z';

/** The simplest real ingest: parse, add unknown outlets as preliminary, insert, count. (The pipeline's stage does more.) */
function storeIngest(store: Store, clock: ManualClock): IngestBody {
  return async (source) => {
    const result = ingestSources([source], { roster: [], seenAt: clock.now().toISOString() });
    const report = result.sources[0]!;
    if (report.error !== null) return { items: report.items, itemsNew: null, itemsSeen: null, error: report.error };
    return store.database.db.transaction(async (tx) => {
      await ensurePreliminaryOutlets(tx, result.newOutlets);
      const inserted = await insertArticles(tx, result.articles);
      return {
        items: report.items,
        itemsNew: inserted.inserted.length,
        itemsSeen: inserted.duplicates.length + report.duplicates,
        error: null,
      };
    });
  };
}

function outcomeFor(outcomes: FeedFetchOutcome[], url: string): FeedFetchOutcome {
  const found = outcomes.find((outcome) => outcome.url === url);
  if (!found) throw new Error(`no outcome for ${url}`);
  return found;
}

for (const backend of testBackends()) {
  describe(`feed registry (${backend})`, () => {
    let test: TestDatabase;
    let store: Store;
    let clock: ManualClock;
    let newsroom: Newsroom;
    let fetcher: FeedFetcher;

    beforeAll(async () => {
      test = await createTestDatabase(backend);
      store = createStore(test.database);
      clock = createManualClock(START);
      newsroom = await createNewsroom({
        clock,
        hugeBytes: 8 * 1024 * 1024,
        retryAfterSeconds: 7_200,
        outlets: [
          {
            domain: 'elpais.com',
            name: 'El País',
            language: 'es',
            items: [
              {
                title: 'El Congreso aprueba la reforma',
                link: 'https://elpais.com/a1',
                publishedAt: '2026-04-27T07:00:00Z',
              },
              {
                title: 'La reforma entra en vigor',
                link: 'https://elpais.com/a2',
                publishedAt: '2026-04-27T09:30:00Z',
                appearsAt: '2026-04-27T09:30:00Z',
              },
            ],
          },
          {
            domain: 'clarin.com',
            name: 'Clarín',
            format: 'atom',
            encoding: 'br',
            items: [
              { title: 'Paro de transporte en Buenos Aires', link: 'https://www.clarin.com/b1', publishedAt: START },
            ],
          },
        ],
      });
      fetcher = createFeedFetcher({
        clock,
        policy: { maxBodyBytes: 1024 * 1024, perHost: { concurrency: 4, minIntervalMs: 0 } },
      });
    }, 120_000);

    afterAll(async () => {
      await fetcher?.close();
      await newsroom?.close();
      await test?.cleanup();
    });

    beforeEach(async () => {
      await test.database.query('TRUNCATE sources, articles, feeds, feed_fetches RESTART IDENTITY CASCADE');
    });

    it('registers feeds, derives the outlet from the host and brings an unknown outlet in as preliminary', async () => {
      const now = new Date(START);
      const first = await store.feeds.add(
        { url: 'https://feeds.elpais.com/mrss-s/pages/ep/site/elpais.com/portada' },
        now,
      );
      expect(first).toMatchObject({
        created: true,
        preliminaryOutletAdded: true,
        feed: { outlet: 'elpais.com', kind: 'rss' },
      });
      expect(first.feed.id).toBe(feedIdFor('https://feeds.elpais.com/mrss-s/pages/ep/site/elpais.com/portada'));
      const outlet = await store.outlets.get('elpais.com');
      expect(outlet).toMatchObject({ confidence: 'preliminary', bias: null, scope: null, trace: ['PRELIM'] });
      expect(outlet!.ratingEvidence).toMatchObject({ status: 'pending', added_at: '2026-04-27' });
      expect(outlet!.ratingEvidence).toMatchObject({ reason: expect.stringContaining('feed') });
      // A second feed of the same outlet (sub-domain) finds the outlet already there.
      const second = await store.feeds.add({ url: 'https://elpais.com/rss/america.xml', title: 'América' }, now);
      expect(second).toMatchObject({ created: true, preliminaryOutletAdded: false, feed: { outlet: 'elpais.com' } });
      expect(await store.feeds.add({ url: 'https://elpais.com/rss/america.xml', title: 'Otro' }, now)).toMatchObject({
        created: false,
        feed: { title: 'América' },
      });
      const api = await store.feeds.add(
        {
          url: 'https://newsapi.org/v2/everything?q=chile&apiKey=${NEWSAPI_KEY}',
          kind: 'news-api',
          preset: 'newsapi-org',
          outlet: 'newsapi.org',
        },
        now,
      );
      expect(api.feed).toMatchObject({ kind: 'news-api', preset: 'newsapi-org' });
      expect((await store.feeds.list()).map((feed) => feed.url)).toEqual([
        'https://elpais.com/rss/america.xml',
        'https://feeds.elpais.com/mrss-s/pages/ep/site/elpais.com/portada',
        'https://newsapi.org/v2/everything?q=chile&apiKey=${NEWSAPI_KEY}',
      ]);
      expect(await store.feeds.remove(api.feed.id)).toBe(true);
      expect(await store.feeds.get(api.feed.url)).toBeUndefined();
    });

    it('refuses bad registrations naming the field', async () => {
      const refused = async (input: Parameters<Store['feeds']['add']>[0]) =>
        store.feeds.add(input).then(
          () => null,
          (error: { code: string; field: string }) => ({ code: error.code, field: error.field }),
        );
      expect(await refused({ url: 'file:///etc/passwd' })).toEqual({ code: 'invalid_input', field: 'url' });
      expect(await refused({ url: 'javascript:alert(1)//' })).toEqual({ code: 'invalid_input', field: 'url' });
      expect(await refused({ url: 'https://api.test/x', kind: 'news-api' })).toEqual({
        code: 'invalid_input',
        field: 'preset',
      });
      expect(await refused({ url: 'https://elpais.com/rss', pollIntervalSeconds: 5 })).toEqual({
        code: 'invalid_input',
        field: 'pollIntervalSeconds',
      });
      expect(await refused({ url: 'http://127.0.0.1:8080/feed.xml' })).toEqual({
        code: 'invalid_input',
        field: 'outlet',
      });
      expect(await store.feeds.list()).toEqual([]);
    });

    it('gives every due feed to exactly one of two workers, and leased feeds to nobody else', async () => {
      const now = new Date(START);
      for (let index = 0; index < 12; index += 1)
        await store.feeds.add({ url: `https://medio${index}.example/rss.xml`, outlet: `medio${index}.example` }, now);
      await store.feeds.add(
        { url: 'https://later.example/rss.xml', outlet: 'later.example' },
        new Date('2026-04-28T00:00:00Z'),
      );
      await store.feeds.setEnabled('https://medio0.example/rss.xml', false, 'closed', now);
      await store.feeds.add(
        { url: 'https://www.latercera.com/rss', outlet: 'latercera.com', purpose: 'chile-headlines' },
        now,
      );
      const [one, two] = await Promise.all([
        store.feeds.claimDue(now, 100, { workerId: 'w1', purpose: 'articles' }),
        store.feeds.claimDue(now, 100, { workerId: 'w2', purpose: 'articles' }),
      ]);
      const claimed = [...one, ...two].map((feed) => feed.url).sort();
      expect(claimed).toHaveLength(11);
      expect(new Set(claimed).size).toBe(11);
      expect(claimed).not.toContain('https://medio0.example/rss.xml');
      expect(claimed).not.toContain('https://later.example/rss.xml');
      expect(claimed).not.toContain('https://www.latercera.com/rss');
      expect(
        (await store.feeds.claimDue(now, 100, { workerId: 'w3' })).map((feed) => [feed.url, feed.purpose]),
      ).toEqual([['https://www.latercera.com/rss', 'chile-headlines']]);
      expect(await store.feeds.claimDue(now, 100, { workerId: 'w3' })).toEqual([]);
      // A killed worker's lease runs out; the feeds are claimable again.
      const afterLease = await store.feeds.claimDue(new Date(now.getTime() + 601_000), 100, { workerId: 'w3' });
      expect(afterLease).toHaveLength(12);
    });

    it('fetches every due feed, ingests the bodies and records each outcome; none stops the others', async () => {
      const now = clock.now();
      for (const feed of newsroom.feeds)
        await store.feeds.add(
          { url: feed.url, outlet: feed.outlet, kind: feed.kind, title: feed.title, pollIntervalSeconds: 900 },
          now,
        );
      const ingest = storeIngest(store, clock);
      const cycle = () =>
        driveUntilSettled(
          fetchDueFeeds({ registry: store.feeds, fetcher, ingest, workerId: 'w1', random: () => 0.5 }),
          {
            clock,
            fetcher,
            newsroom,
          },
        );
      const first = await cycle();
      expect(first.outcomes).toHaveLength(newsroom.feeds.length);
      expect(first.unrecorded).toEqual([]);
      const classes = Object.fromEntries(
        newsroom.feeds.map((feed) => [feed.scenario ?? feed.outlet, outcomeFor(first.outcomes, feed.url).errorClass]),
      );
      expect(classes).toEqual({
        'elpais.com': null,
        'clarin.com': null,
        slow: 'timeout',
        'error-500': 'http_5xx',
        'rate-limited': 'http_4xx',
        'redirect-loop': 'redirect_loop',
        'redirect-to-file': 'bad_url',
        moved: null,
        gone: 'gone',
        malformed: 'malformed',
        'latin1-header-charset': null,
        huge: 'too_large',
        timed: null,
      });
      expect(outcomeFor(first.outcomes, newsroom.feed('elpais.com').url)).toMatchObject({
        result: 'fetched',
        httpStatus: 200,
        items: 1,
        itemsNew: 1,
        itemsSeen: 0,
      });
      const stored = await store.feeds.get(newsroom.feed('elpais.com').url);
      expect(stored).toMatchObject({ consecutiveFailures: 0, lastFetch: { result: 'fetched', itemsNew: 1 } });
      expect(stored!.etag).toMatch(/^"/);
      // Exactly one poll interval after the cycle claimed it, however far the slow feed's timeout moved the clock.
      expect(stored!.nextDueAt).toBe(new Date(now.getTime() + 900_000).toISOString());
      expect(await store.feeds.get(newsroom.feed('gone').url)).toMatchObject({ enabled: false });
      const limited = await store.feeds.get(newsroom.feed('rate-limited').url);
      expect(Date.parse(limited!.nextDueAt) - Date.parse(limited!.lastFetch!.startedAt)).toBeGreaterThanOrEqual(
        7_200_000,
      );
      expect(limited).toMatchObject({
        consecutiveFailures: 1,
        lastFetch: { httpStatus: 429, retryAfterMs: 7_200_000 },
      });
      const articles = await store.articles.list();
      expect(articles.map((article) => article.title).sort()).toEqual([
        'Boletín horario número 1: lo que pasó en la última hora',
        'El Congreso aprueba la reforma',
        'Elección en Perú: participación récord',
        'Paro de transporte en Buenos Aires',
        'Una nota en la dirección nueva',
      ]);
      // Nothing is due before its time; later, unchanged feeds cost a 304 and add nothing; the changed one adds its new item.
      expect((await fetchDueFeeds({ registry: store.feeds, fetcher, ingest, workerId: 'w1' })).outcomes).toEqual([]);
      clock.set('2026-04-27T10:00:00Z');
      const second = await cycle();
      expect(outcomeFor(second.outcomes, newsroom.feed('clarin.com').url)).toMatchObject({
        result: 'not_modified',
        httpStatus: 304,
        bytes: 0,
      });
      expect(outcomeFor(second.outcomes, newsroom.feed('elpais.com').url)).toMatchObject({
        result: 'fetched',
        items: 2,
        itemsNew: 1,
        itemsSeen: 1,
      });
      expect(second.outcomes.map((outcome) => outcome.url)).not.toContain(newsroom.feed('gone').url);
      // + El País's second item, + the timed feed's bulletins of 09:00 and 10:00.
      expect(await store.articles.count()).toBe(articles.length + 3);
      const failing = await store.feeds.get(newsroom.feed('error-500').url);
      expect(failing).toMatchObject({ consecutiveFailures: 2, enabled: true });
      expect((await store.feeds.history(failing!.id)).map((entry) => entry.errorClass)).toEqual([
        'http_5xx',
        'http_5xx',
      ]);
    });

    it('keeps a healthy feed on its poll period when it waited behind a slow feed that timed out in the same cycle', async () => {
      const cycleStart = clock.now();
      const slow = newsroom.feed('slow');
      const healthy = newsroom.feed('elpais.com');
      // Due a minute earlier, so the single lane fetches the slow feed first and the healthy one after its timeout.
      await store.feeds.add(
        { url: slow.url, outlet: slow.outlet, kind: slow.kind, pollIntervalSeconds: 900 },
        new Date(cycleStart.getTime() - 60_000),
      );
      await store.feeds.add(
        { url: healthy.url, outlet: healthy.outlet, kind: healthy.kind, pollIntervalSeconds: 900 },
        cycleStart,
      );
      const ingest = storeIngest(store, clock);
      const cycle = () =>
        driveUntilSettled(
          fetchDueFeeds({ registry: store.feeds, fetcher, ingest, workerId: 'w1', concurrency: 1, random: () => 0.5 }),
          { clock, fetcher, newsroom },
        );
      const first = await cycle();
      expect(first.outcomes.map((outcome) => [outcome.url, outcome.errorClass])).toEqual([
        [slow.url, 'timeout'],
        [healthy.url, null],
      ]);
      // The healthy fetch started only after the slow one's timeout had passed on the clock.
      const healthyOutcome = outcomeFor(first.outcomes, healthy.url);
      expect(Date.parse(healthyOutcome.startedAt) - cycleStart.getTime()).toBeGreaterThanOrEqual(
        fetcher.policy.totalTimeoutMs,
      );
      expect((await store.feeds.get(healthy.url))!.nextDueAt).toBe(
        new Date(cycleStart.getTime() + 900_000).toISOString(),
      );
      // The slow feed's backoff counts from the same claim instant, not from its timeout.
      const backoff = nextFetchDelay(
        { succeeded: false, consecutiveFailures: 1, pollIntervalMs: 900_000, retryAfterMs: null, random: 0.5 },
        fetcher.policy,
      );
      expect((await store.feeds.get(slow.url))!.nextDueAt).toBe(new Date(cycleStart.getTime() + backoff).toISOString());
      // The next cycle, one poll period later, fetches both again (counted from the end of its fetch, the healthy
      // feed would not be due until the cycle after: a 15-minute poll stretched to 30).
      clock.set(new Date(cycleStart.getTime() + 900_000).toISOString());
      const second = await cycle();
      expect(second.outcomes.map((outcome) => [outcome.url, outcome.errorClass])).toEqual([
        [slow.url, 'timeout'],
        [healthy.url, null],
      ]);
    });

    it('keeps the validators when the ingest fails, so the body is fetched again instead of a 304', async () => {
      const url = newsroom.feed('clarin.com').url;
      await store.feeds.add({ url, outlet: 'clarin.com', kind: 'atom' }, clock.now());
      const broken: IngestBody = async () => {
        throw new Error('database went away');
      };
      const failed = await fetchDueFeeds({ registry: store.feeds, fetcher, ingest: broken, workerId: 'w1' });
      expect(failed.outcomes[0]).toMatchObject({
        result: 'failed',
        errorClass: 'ingest_failed',
        httpStatus: 200,
        etag: null,
      });
      expect((await store.feeds.get(url))!.etag).toBeNull();
      clock.advance(3_600_000);
      const retried = await fetchDueFeeds({
        registry: store.feeds,
        fetcher,
        ingest: storeIngest(store, clock),
        workerId: 'w1',
      });
      expect(retried.outcomes[0]).toMatchObject({ result: 'fetched', itemsNew: 1 });
      expect(await store.articles.count()).toBe(1);
    });

    it(`keeps the latest ${FEED_FETCH_HISTORY} fetches of a feed`, async () => {
      const { feed } = await store.feeds.add({ url: 'https://elpais.com/rss', outlet: 'elpais.com' }, new Date(START));
      const outcome = (index: number): FeedFetchOutcome => ({
        feedId: feed.id,
        url: feed.url,
        startedAt: new Date(Date.parse(START) + index * 60_000).toISOString(),
        durationMs: 5,
        result: 'not_modified',
        httpStatus: 304,
        bytes: 0,
        items: null,
        itemsNew: 0,
        itemsSeen: null,
        errorClass: null,
        errorMessage: null,
        etag: '"x"',
        lastModified: null,
        finalUrl: feed.url,
        redirects: 0,
        retryAfterMs: null,
        consecutiveFailures: 0,
        nextDueAt: new Date(Date.parse(START) + index * 60_000 + 900_000).toISOString(),
        disabledReason: null,
        workerId: 'w1',
      });
      for (let index = 0; index < FEED_FETCH_HISTORY + 3; index += 1) await store.feeds.recordFetch(outcome(index));
      const history = await store.feeds.history(feed.id, 1000);
      expect(history).toHaveLength(FEED_FETCH_HISTORY);
      expect(history[0]!.startedAt).toBe(outcome(FEED_FETCH_HISTORY + 2).startedAt);
      await expect(
        store.feeds.recordFetch({ ...outcome(0), errorClass: 'no-such-class' as never }),
      ).rejects.toMatchObject({
        code: 'invalid_input',
        field: 'errorClass',
      });
    });
  });
}
