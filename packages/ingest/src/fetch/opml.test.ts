import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IngestError } from '../errors.js';
import { parseOpml, UNVERIFIED_CATEGORY, writeOpml } from './opml.js';

const exported = readFileSync(new URL('./__fixtures__/reader-export.opml', import.meta.url), 'utf8');

describe('OPML feed lists', () => {
  it('reads a feed reader export: nested folders become categories, entities decoded, bad addresses reported', () => {
    const list = parseOpml(exported, { source: 'reader-export.opml' });
    expect(list.title).toBe('Suscripciones de la mesa de edición');
    expect(list.feeds.map((feed) => [feed.url, feed.kind, feed.categories])).toEqual([
      ['https://feeds.elpais.com/mrss-s/pages/ep/site/elpais.com/portada', 'rss', ['España']],
      ['https://www.abc.es/rss/2.0/portada/', 'rss', ['España']],
      ['https://www.clarin.com/rss/lo-ultimo/', 'rss', ['Cono Sur', 'Argentina', '/política', '/economía']],
      ['https://blog.example.org/atom.xml', 'atom', ['Cono Sur']],
    ]);
    expect(list.feeds[2]!.title).toBe('Clarín & Lo último');
    expect(list.feeds[0]).toMatchObject({ siteUrl: 'https://elpais.com', verified: true, outlet: null });
    expect(list.skipped).toEqual([{ title: 'Enlace roto', reason: expect.stringContaining('only http: and https:') }]);
  });

  it('writes what it reads: export then import gives the same list, Espectro fields and unverified marks included', () => {
    const feeds = parseOpml(exported).feeds.map((feed, index) => ({
      ...feed,
      outlet: index === 0 ? 'elpais.com' : feed.outlet,
      intervalSeconds: index === 1 ? 1800 : null,
      verified: index !== 2,
    }));
    feeds.push({
      url: 'https://newsapi.org/v2/everything?q=chile&apiKey=${NEWSAPI_KEY}',
      title: 'NewsAPI <Chile> "todas"',
      siteUrl: null,
      kind: 'news-api',
      preset: 'newsapi-org',
      outlet: 'newsapi.org',
      intervalSeconds: 3600,
      categories: [],
      verified: true,
    });
    const written = writeOpml({ title: 'Espectro', feeds }, new Date('2026-04-27T08:00:00Z'));
    expect(written).toContain(UNVERIFIED_CATEGORY);
    const again = parseOpml(written);
    expect(again.title).toBe('Espectro');
    expect(again.skipped).toEqual([]);
    const comparable = (list: typeof feeds) =>
      list.map((feed) => ({ ...feed, categories: [...feed.categories].sort() }));
    expect(comparable(again.feeds)).toEqual(comparable(feeds));
  });

  it('refuses what is not OPML with a clear error', () => {
    expect(() => parseOpml('<rss version="2.0"><channel/></rss>')).toThrow(/not an OPML document/);
    try {
      parseOpml('<opml><body><outline text="x"></body></opml>', { source: 'roto.opml' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(IngestError);
      expect((error as IngestError).code).toBe('invalid_xml');
      expect((error as IngestError).line).toBe(1);
    }
  });
});
