/** `sitemap.xml` lists every reader page from the data, and each page's preview metadata. */
import { describe, expect, test } from 'vitest';
import { checkSlug } from '@espectro/factcheck';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { pageMeta } from './page-meta.js';
import { readerPages, sitemapXml } from './site-map.js';
import { createSnapshotSiteData } from './snapshot.js';
import type { DebateSource } from './debates.js';

const SITE = 'https://espectro.example';
const snapshot = buildFixtureSnapshot({ stories: 80 });
const data = createSnapshotSiteData(snapshot);
const debates: DebateSource = {
  list: async () =>
    (await data.listDebates()).map((debate) => ({
      debate,
      phase: 'reviewed' as const,
      fictional: true,
      lastEventSeq: 0,
      speakingTime: null,
      officialShare: null,
      costUsd: null,
      earlierCheckPaths: {},
    })),
  get: async () => undefined,
  eventsAfter: async () => [],
  live: false,
};

describe('sitemap', () => {
  test('lists every published story, outlet, topic, list page, debate and check page, and no held story', async () => {
    const entries = await readerPages(data, debates);
    const paths = entries.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    const stories = await data.listStories();
    for (const story of stories) expect(paths).toContain(`/historia/${story.id}`);
    for (const outlet of await data.listOutlets()) expect(paths).toContain(`/fuentes/${outlet.domain}`);
    for (const debate of await data.listDebates()) {
      expect(paths).toContain(`/placar/${debate.id}`);
      for (const check of debate.checks)
        expect(paths).toContain(`/placar/${debate.id}/checagens/${checkSlug(check.id)}`);
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/archivo',
        '/archivo/2',
        '/temas/politica',
        '/metodologia',
        '/datos/api',
        '/chile',
      ]),
    );
    for (const held of await data.listHeldStories()) {
      expect(paths).not.toContain(`/historia/${held.id}`);
      expect(paths).not.toContain(`/retenidas/${held.id}`);
    }
    const story = entries.find((entry) => entry.path === `/historia/${stories[0]!.id}`)!;
    expect(story.lastModified).toBe(stories[0]!.latestArticleAt ?? stories[0]!.publishedAt);
  });

  test('the XML is a Sitemaps 0.9 urlset of absolute addresses', async () => {
    const xml = sitemapXml(await readerPages(data, debates), SITE);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9"/,
    );
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locations.length).toBe((await readerPages(data, debates)).length);
    for (const location of locations) expect(location).toMatch(/^https:\/\/espectro\.example\//);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });
});

describe('page metadata', () => {
  test('a story page: article card with headline, summary and absolute image; other pages a summary card', () => {
    const story = snapshot.stories.find((entry) => entry.image !== null && entry.summary !== null)!;
    const meta = pageMeta({
      title: story.title,
      description: story.summary!,
      locale: 'es',
      path: `/historia/${story.id}/`,
      site: SITE,
      image: story.image,
      type: 'article',
      publishedAt: story.publishedAt,
    });
    const tag = (key: string) =>
      meta.tags.find((entry) => ('property' in entry ? entry.property : entry.name) === key)?.content;
    expect(meta.canonical).toBe(`${SITE}/historia/${story.id}`);
    expect(tag('og:type')).toBe('article');
    expect(tag('og:title')).toBe(story.title);
    expect(tag('og:description')).toBe(story.summary);
    expect(tag('og:image')).toBe(new URL(story.image!.url, `${SITE}/`).href);
    expect(tag('twitter:card')).toBe('summary_large_image');
    expect(tag('article:published_time')).toBe(story.publishedAt);
    const plain = pageMeta({ title: 'Fuentes', description: undefined, locale: 'pt-BR', path: '/', site: SITE });
    const plainTag = (key: string) =>
      plain.tags.find((entry) => ('property' in entry ? entry.property : entry.name) === key)?.content;
    expect(plainTag('twitter:card')).toBe('summary');
    expect(plainTag('og:image')).toBeUndefined();
    expect(plainTag('og:description')).toBeTruthy();
    expect(plainTag('og:locale')).toBe('pt_BR');
  });

  test('an image address that is not http(s) reaches no card tag (issue 21 §2)', () => {
    const hostile = pageMeta({
      title: 'Historia',
      description: undefined,
      locale: 'es',
      path: '/historia/h1',
      site: SITE,
      image: { url: 'javascript:alert(document.domain)//', alt: null, credit: null },
      type: 'article',
    });
    expect(JSON.stringify(hostile.tags)).not.toContain('javascript:');
    const card = hostile.tags.find((entry) => 'name' in entry && entry.name === 'twitter:card');
    expect(card?.content).toBe('summary');
  });
});
