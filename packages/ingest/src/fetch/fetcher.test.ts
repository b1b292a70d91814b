/**
 * The fetcher end to end against the loopback newsroom: every verdict is about what the server
 * saw and what the fetcher returned, never about how long it took (time is the manual clock's).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestSources } from '../ingest.js';
import {
  createManualClock,
  createNewsroom,
  driveUntilSettled,
  generatedOutlets,
  type ManualClock,
  type Newsroom,
} from '../testing/index.js';
import { countFeedItems, fetchFeedOnce, type FeedToFetch } from './fetch-due.js';
import { ingestSourceFor } from './feed-kind.js';
import { createFeedFetcher, type FeedFetcher, type FetchResult } from './fetcher.js';

let clock: ManualClock;
let newsroom: Newsroom;
let fetcher: FeedFetcher;

beforeAll(async () => {
  clock = createManualClock('2026-04-27T08:00:00Z');
  const outlets = generatedOutlets(4, 12, new Date('2026-04-27T00:00:00Z'));
  outlets.push({
    domain: 'atom.example',
    name: 'Diario Atom',
    format: 'atom',
    items: outlets[0]!.items,
  });
  outlets.push({ domain: 'json.example', name: 'Diario JSON', format: 'json', items: outlets[1]!.items });
  outlets.push({
    domain: 'later.example',
    name: 'Diario Tardío',
    items: [
      { title: 'Primera nota', link: 'https://later.example/1', publishedAt: '2026-04-27T07:00:00Z' },
      {
        title: 'Segunda nota, publicada más tarde',
        link: 'https://later.example/2',
        publishedAt: '2026-04-27T09:00:00Z',
        appearsAt: '2026-04-27T09:00:00Z',
      },
    ],
  });
  newsroom = await createNewsroom({ clock, outlets, hugeBytes: 50 * 1024 * 1024 });
  fetcher = createFeedFetcher({
    clock,
    policy: { maxBodyBytes: 1024 * 1024, perHost: { concurrency: 8, minIntervalMs: 0 } },
  });
});

afterAll(async () => {
  await fetcher?.close();
  await newsroom?.close();
});

function fetchOf(name: string, extra: { etag?: string | null; lastModified?: string | null } = {}) {
  return driveUntilSettled(fetcher.fetch({ url: newsroom.feed(name).url, ...extra }), { clock, fetcher, newsroom });
}

function itemsIn(result: FetchResult, kind: 'rss' | 'atom' | 'json' = 'rss'): string[] {
  if (result.result !== 'fetched') throw new Error(`expected a body, got ${result.result}`);
  const source = ingestSourceFor(
    { url: result.url, kind, preset: null, outlet: 'x.example' },
    result.body,
    result.contentType,
  );
  const ingested = ingestSources([source], { roster: [] });
  expect(ingested.sources[0]!.error).toBeNull();
  return ingested.articles.map((article) => article.title);
}

describe('fetching feeds from the loopback newsroom', () => {
  it('reads identity, gzip, brotli and deflate bodies, RSS, Atom and JSON Feed, and identifies itself', async () => {
    const encodings: string[] = [];
    for (const [index, domain] of [
      'medio-001.example',
      'medio-002.example',
      'medio-003.example',
      'medio-004.example',
    ].entries()) {
      const result = await fetchOf(domain);
      expect(result.result).toBe('fetched');
      const titles = itemsIn(result);
      expect(titles).toHaveLength(12);
      expect(titles).toContain(`Medio 00${index + 1}: noticia 1 sobre el tema ${(index * 7) % 97} del día`);
      encodings.push(newsroom.requests.at(-1)!.headers['accept-encoding'] ?? '');
    }
    // The generated outlets serve gzip, br, identity and deflate in turn: all four decoded above.
    expect(encodings.every((value) => /gzip/.test(value) && /br/.test(value) && /deflate/.test(value))).toBe(true);
    expect(itemsIn(await fetchOf('atom.example'), 'atom')).toHaveLength(12);
    expect(itemsIn(await fetchOf('json.example'), 'json')).toHaveLength(12);
    expect(newsroom.requests.at(-1)!.headers['user-agent']).toMatch(/^Espectro\/\d+\.\d+\.\d+ \(\+https:\/\/\S+\)$/);
  });

  it('sends the validators back and gets a 304 that carries no body, until the feed changes', async () => {
    const first = await fetchOf('later.example');
    expect(first.result).toBe('fetched');
    if (first.result !== 'fetched') return;
    expect(itemsIn(first)).toEqual(['Primera nota']);
    expect(first.etag).toMatch(/^"[0-9a-f]+"$/);
    const byEtag = await fetchOf('later.example', { etag: first.etag });
    expect(byEtag).toMatchObject({ result: 'not_modified', status: 304, wireBytes: 0, etag: first.etag });
    expect(newsroom.requests.at(-1)).toMatchObject({ status: 304, headers: { 'if-none-match': first.etag } });
    const byDate = await fetchOf('later.example', { lastModified: first.lastModified });
    expect(byDate.result).toBe('not_modified');
    clock.set('2026-04-27T09:00:00Z');
    const changed = await fetchOf('later.example', { etag: first.etag, lastModified: first.lastModified });
    expect(changed.result).toBe('fetched');
    if (changed.result !== 'fetched') return;
    expect(changed.etag).not.toBe(first.etag);
    expect(itemsIn(changed)).toEqual(['Segunda nota, publicada más tarde', 'Primera nota']);
  });

  it('gives up on the slow feed at the total timeout while the others are served', async () => {
    const slow = fetcher.fetch({ url: newsroom.feed('slow').url });
    const normal = fetcher.fetch({ url: newsroom.feed('medio-001.example').url });
    const [slowResult, normalResult] = await driveUntilSettled(Promise.all([slow, normal]), {
      clock,
      fetcher,
      newsroom,
    });
    expect(slowResult).toMatchObject({ result: 'failed', errorClass: 'timeout', status: null, durationMs: 30_000 });
    expect(normalResult.result).toBe('fetched');
    expect(newsroom.held).toBe(0);
  });

  it('classifies 500, 429 (with Retry-After), 410 and a refused connection', async () => {
    expect(await fetchOf('error-500')).toMatchObject({ result: 'failed', errorClass: 'http_5xx', status: 500 });
    expect(await fetchOf('rate-limited')).toMatchObject({
      result: 'failed',
      errorClass: 'http_4xx',
      status: 429,
      retryAfterMs: 600_000,
    });
    expect(await fetchOf('gone')).toMatchObject({ result: 'failed', errorClass: 'gone', status: 410 });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await fetcher.fetch({ url: `http://127.0.0.1:${port}/feed.xml` })).toMatchObject({
      result: 'failed',
      errorClass: 'connect',
    });
  });

  it('follows a 301, detects a redirect loop, refuses a redirect to file: and caps the count', async () => {
    const moved = await fetchOf('moved');
    expect(moved).toMatchObject({ result: 'fetched', redirects: 1 });
    expect(moved.finalUrl).toBe(`${newsroom.origin}/scenario/moved-here.xml`);
    expect(await fetchOf('redirect-loop')).toMatchObject({
      result: 'failed',
      errorClass: 'redirect_loop',
      redirects: 1,
    });
    expect(await fetchOf('redirect-to-file')).toMatchObject({ result: 'failed', errorClass: 'bad_url' });
    const strict = createFeedFetcher({ clock, policy: { maxRedirects: 0 } });
    try {
      expect(await strict.fetch({ url: newsroom.feed('moved').url })).toMatchObject({
        errorClass: 'too_many_redirects',
      });
    } finally {
      await strict.close();
    }
  });

  it('never sends a request for an address that is not http(s)', async () => {
    const before = newsroom.requests.length;
    for (const address of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://127.0.0.1/feed.xml', 'not a url'])
      expect(await fetcher.fetch({ url: address })).toMatchObject({ result: 'failed', errorClass: 'bad_url' });
    expect(newsroom.requests.length).toBe(before);
  });

  it('aborts the 50 MB body at the limit instead of reading it, naming the limit', async () => {
    const result = await fetchOf('huge');
    expect(result).toMatchObject({ result: 'failed', errorClass: 'too_large' });
    if (result.result === 'failed') expect(result.message).toContain('1.0 MiB limit');
    // The server noticed the client leaving long before the end of its 50 MB.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const huge = newsroom.huge();
    expect(huge.completed).toBe(false);
    expect(huge.bytesWritten).toBeLessThan(40 * 1024 * 1024);
  });

  it('reports malformed XML as malformed once the body is read', async () => {
    const feed: FeedToFetch = {
      id: 'f_malformed',
      url: newsroom.feed('malformed').url,
      outlet: 'malformed.newsroom.example',
      kind: 'rss',
      preset: null,
      pollIntervalSeconds: 900,
      etag: null,
      lastModified: null,
      consecutiveFailures: 2,
    };
    const outcome = await fetchFeedOnce(feed, { fetcher, ingest: countFeedItems, random: () => 0.5 });
    expect(outcome).toMatchObject({
      result: 'failed',
      httpStatus: 200,
      errorClass: 'malformed',
      consecutiveFailures: 3,
      etag: null,
    });
    expect(outcome.errorMessage).toMatch(/invalid_xml/);
  });

  it('passes the HTTP charset through: a Latin-1 feed declared only in Content-Type reads correctly', async () => {
    const result = await fetchOf('latin1-header-charset');
    expect(result.result === 'fetched' && result.contentType).toBe('text/xml; charset=ISO-8859-1');
    expect(itemsIn(result)).toEqual(['Elección en Perú: participación récord']);
  });

  it('serves the timed feed one item per simulated hour', async () => {
    const timed = createManualClock('2026-05-01T00:00:00Z');
    const room = await createNewsroom({ clock: timed, outlets: [], timedItems: 10, timedIntervalMs: 3_600_000 });
    const local = createFeedFetcher({ clock: timed });
    try {
      const at = async () => itemsIn(await local.fetch({ url: room.feed('timed').url })).length;
      expect(await at()).toBe(1);
      timed.advance(5 * 3_600_000);
      expect(await at()).toBe(6);
      timed.advance(48 * 3_600_000);
      expect(await at()).toBe(10);
    } finally {
      await local.close();
      await room.close();
    }
  });
});
