/**
 * `espectro feeds` on one embedded database: add (with a preliminary outlet), list, import a feed
 * reader's OPML, export and re-import it unchanged, check against the loopback newsroom (nothing
 * stored), remove, and the refusals.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOpml } from '@espectro/ingest';
import { createManualClock, createNewsroom, generatedOutlets, type Newsroom } from '@espectro/ingest/testing';
import { openStore } from '@espectro/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../test-io.js';
import { feedsCommand, parseInterval } from './feeds.js';

const readerExport = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="1.0"><head><title>Mesa</title></head><body>
  <outline text="Chile">
    <outline type="rss" text="La Tercera" xmlUrl="https://www.latercera.com/arc/outboundfeeds/rss/?outputType=xml" htmlUrl="https://www.latercera.com"/>
    <outline type="rss" text="BioBioChile" xmlUrl="https://www.biobiochile.cl/static/google-news-sitemap.xml"/>
  </outline>
  <outline type="rss" text="Roto" xmlUrl="ftp://example.org/feed"/>
</body></opml>`;

describe('espectro feeds', () => {
  let work: string;
  let newsroom: Newsroom;
  const run = async (...args: string[]) => {
    const io = memoryIo(work);
    const code = await feedsCommand.run([...args, '--db', 'db'], io);
    return { code, out: io.out(), err: io.err() };
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'espectro-feeds-'));
    newsroom = await createNewsroom({ clock: createManualClock(), outlets: generatedOutlets(1, 5, new Date()) });
    // Create and migrate the embedded database once (the slow part on a loaded machine); the tests reopen it.
    await (await openStore({ dataDir: join(work, 'db') })).close();
  }, 300_000);
  afterAll(async () => {
    await newsroom?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('adds a feed, bringing its outlet in as preliminary, and lists it', async () => {
    const added = await run('add', 'https://www.clarin.com/rss/lo-ultimo/', '--interval', '30m', '--title', 'Clarín');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(
      /added https:\/\/www\.clarin\.com\/rss\/lo-ultimo\/ \(f_[0-9a-f]{24}\) for clarin\.com, rss, every 30 min/,
    );
    expect(added.out).toMatch(/clarin\.com was not in the roster: added as a preliminary outlet/);
    expect((await run('add', 'https://www.clarin.com/rss/lo-ultimo/')).out).toMatch(/already registered/);
    const listed = JSON.parse((await run('list', '--json')).out) as {
      url: string;
      outlet: string;
      pollIntervalSeconds: number;
    }[];
    expect(listed).toMatchObject([
      { url: 'https://www.clarin.com/rss/lo-ultimo/', outlet: 'clarin.com', pollIntervalSeconds: 1800 },
    ]);
    expect((await run('list')).out).toMatch(/clarin\.com +rss +30 min +not fetched yet/);
  }, 180_000);

  it('imports OPML, reports what it rejects, and exports a list that imports back unchanged', async () => {
    const file = join(work, 'mesa.opml');
    writeFileSync(file, readerExport);
    const imported = await run('import', 'mesa.opml', '--json');
    expect(imported.code).toBe(3);
    expect(JSON.parse(imported.out)).toMatchObject({
      added: 2,
      alreadyRegistered: 0,
      preliminaryOutlets: ['latercera.com', 'biobiochile.cl'],
    });
    expect(imported.err).toMatch(/rejected Roto: only http: and https:/);
    expect((await run('export', 'all.opml')).out).toBe('3 feeds written to all.opml\n');
    const before = JSON.parse((await run('list', '--json')).out) as Record<string, unknown>[];
    expect((await run('remove', 'https://www.biobiochile.cl/static/google-news-sitemap.xml')).code).toBe(0);
    expect(JSON.parse((await run('import', 'all.opml', '--json')).out)).toMatchObject({
      added: 1,
      alreadyRegistered: 2,
    });
    const after = JSON.parse((await run('list', '--json')).out) as Record<string, unknown>[];
    const comparable = (feeds: Record<string, unknown>[]) =>
      feeds.map(({ url, outlet, kind, title, siteUrl, categories, verified, pollIntervalSeconds }) => ({
        url,
        outlet,
        kind,
        title,
        siteUrl,
        categories,
        verified,
        pollIntervalSeconds,
      }));
    expect(comparable(after)).toEqual(comparable(before));
    expect(readFileSync(join(work, 'all.opml'), 'utf8')).toContain('espectro:outlet="latercera.com"');
  }, 180_000);

  it('checks feeds once against the loopback newsroom and stores nothing', async () => {
    const good = newsroom.feed('medio-001.example').url;
    const checked = await run('check', good, newsroom.feed('error-500').url, '--json');
    expect(checked.code).toBe(1);
    expect(JSON.parse(checked.out)).toMatchObject([
      { url: good, result: 'fetched', httpStatus: 200, items: 5, errorClass: null },
      { result: 'failed', httpStatus: 500, errorClass: 'http_5xx' },
    ]);
    expect(newsroom.requests.find((request) => request.path.startsWith('/feeds/'))?.headers['user-agent']).toMatch(
      /^Espectro\//,
    );
    const listed = JSON.parse((await run('list', '--json')).out) as { url: string }[];
    expect(listed.map((feed) => feed.url)).not.toContain(good);
  }, 180_000);

  it('refuses bad input with the field named and usage errors with exit 2', async () => {
    const bad = await run('add', 'javascript:alert(1)');
    expect(bad.code).toBe(3);
    expect(bad.err).toMatch(/url: only http: and https: addresses are fetched/);
    expect((await run('add', 'https://api.test/x', '--kind', 'news-api')).err).toMatch(
      /preset: a news-api feed needs a preset/,
    );
    await expect(feedsCommand.run(['add'], memoryIo(work))).rejects.toThrow(/takes one address/);
    await expect(feedsCommand.run(['check'], memoryIo(work))).rejects.toThrow(/--all/);
    await expect(feedsCommand.run(['add', 'https://x.test/', '--interval', 'often'], memoryIo(work))).rejects.toThrow(
      /--interval/,
    );
    expect(parseInterval('2h')).toBe(7200);
  }, 180_000);

  it('ships the feed addresses of the demo roster as OPML, every one marked unverified and for a roster outlet', () => {
    const demo = join(import.meta.dirname, '..', '..', '..', '..', 'examples', 'demo-data');
    const list = parseOpml(readFileSync(join(demo, 'feeds.opml'), 'utf8'));
    const roster = new Set(
      (JSON.parse(readFileSync(join(demo, 'outlets.json'), 'utf8')) as { outlets: { domain: string }[] }).outlets.map(
        (outlet) => outlet.domain,
      ),
    );
    expect(list.skipped).toEqual([]);
    expect(list.feeds.length).toBeGreaterThanOrEqual(30);
    expect(new Set(list.feeds.map((feed) => feed.url)).size).toBe(list.feeds.length);
    for (const feed of list.feeds) {
      expect(feed.verified, feed.url).toBe(false);
      expect(roster.has(feed.outlet ?? ''), `${feed.outlet} is in outlets.json`).toBe(true);
      expect(feed.url.startsWith('https://'), feed.url).toBe(true);
    }
  });
});
