/**
 * The newsroom feeds, parsed back with `@espectro/ingest`'s feed parser (the one parser of the
 * project) and held to what RSS 2.0 and RFC 4287 require of a channel/feed and its items/entries.
 */
import { parseFeed, type ParsedFeed } from '@espectro/ingest';
import { TOPICS } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { TOPIC_SLUGS } from '../i18n.js';
import { blindspotsOf } from './blindspots.js';
import {
  absoluteUrl,
  FEED_FORMATS,
  FEED_SIZE,
  feedDefinitions,
  feedFileNames,
  feedOfFileName,
  feedResponse,
  imageMediaType,
  renderFeed,
  type FeedFormat,
} from './feeds.js';
import { createSnapshotSiteData } from './snapshot.js';

const SITE = 'https://espectro.example';
const data = createSnapshotSiteData(buildFixtureSnapshot({ stories: 80, hostile: true }));
const published = await data.listStories();

async function feedOf(fileName: string, locale: 'es' | 'pt-BR' = 'es'): Promise<{ xml: string; parsed: ParsedFeed }> {
  const feed = feedOfFileName(fileName);
  if (feed === undefined) throw new Error(`no feed ${fileName}`);
  const xml = await renderFeed(data, locale, feed, SITE);
  return { xml, parsed: parseFeed(xml, { source: fileName, url: `${SITE}/feeds/${fileName}` }) };
}

/** The text of the first `<name>` element directly in `xml`'s channel/feed part (before the first item/entry). */
function headElement(xml: string, name: string): string | undefined {
  const head = xml.split(/<item>|<entry>/)[0]!;
  return new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(head)?.[1];
}

/** What RSS 2.0 / Atom 1.0 require, checked on the parsed feed and its head elements. */
function expectValid(format: FeedFormat, xml: string, parsed: ParsedFeed): void {
  expect(parsed.warnings).toEqual([]);
  expect(parsed.skipped).toEqual([]);
  expect(parsed.title).toBeTruthy();
  expect(parsed.link).toMatch(/^https:\/\/espectro\.example\//);
  if (format === 'rss') {
    expect([parsed.format, parsed.version]).toEqual(['rss', '2.0']);
    // RSS 2.0: a channel has title, link and description.
    expect(headElement(xml, 'description')?.trim()).toBeTruthy();
  } else {
    expect([parsed.format, parsed.version]).toEqual(['atom', '1.0']);
    // RFC 4287 §4.1.1: a feed has id, title, updated and (without per-entry authors) an author.
    expect(headElement(xml, 'id')).toMatch(/^https:\/\//);
    expect(Number.isNaN(Date.parse(headElement(xml, 'updated') ?? ''))).toBe(false);
    expect(headElement(xml, 'author')).toContain('<name>');
  }
  for (const item of parsed.items) {
    expect(item.link).toMatch(/^https:\/\/espectro\.example\/historia\/[^/]+$/);
    // The stable id of an entry is the story's own address.
    expect(item.guid).toBe(item.link);
    expect(item.publishedAt).not.toBeNull();
    expect(item.description).toBeTruthy();
  }
}

describe('feeds of the published stories', () => {
  test('every feed file name round-trips and each feed is offered in both formats', () => {
    const names = feedFileNames();
    expect(names).toHaveLength(feedDefinitions().length * FEED_FORMATS.length);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(feedOfFileName(name)).toBeDefined();
    expect(names).toEqual(
      expect.arrayContaining([
        'historias.rss.xml',
        'historias.atom.xml',
        ...TOPICS.map((topic) => `temas/${TOPIC_SLUGS[topic]}.atom.xml`),
        'prisma/izquierda.rss.xml',
        'fuja-da-bolha/derecha.atom.xml',
      ]),
    );
    expect(feedOfFileName('historias.json')).toBeUndefined();
    expect(feedOfFileName('temas/no-existe.rss.xml')).toBeUndefined();
  });

  test.each(FEED_FORMATS)(
    'all stories (%s): valid, newest first, each entry its headline, date and link',
    async (format) => {
      const { xml, parsed } = await feedOf(`historias.${format}.xml`);
      expectValid(format, xml, parsed);
      const expected = published.slice(0, FEED_SIZE);
      expect(expected.length).toBeGreaterThan(5);
      expect(parsed.items.map((item) => item.link)).toEqual(expected.map((story) => `${SITE}/historia/${story.id}`));
      expect(parsed.items.map((item) => item.title)).toEqual(expected.map((story) => story.title));
      expect(parsed.items.map((item) => Date.parse(item.publishedAt!))).toEqual(
        expected.map((story) => Date.parse(story.publishedAt)),
      );
      // An entry says its coverage; its cover image travels as the feed's image when the feed gave one.
      const withImage = expected.findIndex(
        (story) => story.image !== null && imageMediaType(absoluteUrl(story.image.url, SITE)) !== null,
      );
      expect(withImage).toBeGreaterThanOrEqual(0);
      expect(parsed.items[withImage]!.imageUrl).toBe(absoluteUrl(expected[withImage]!.image!.url, SITE));
      const summary = (await data.getStory(expected[0]!.id))!.summary;
      if (summary !== null) expect(parsed.items[0]!.description).toContain(summary.slice(0, 40));
      expect(parsed.items[0]!.description).toMatch(/izquierda \d+ %/i);
    },
  );

  test("a topic feed carries exactly that topic's stories", async () => {
    const topic = published[0]!.topic!;
    const { xml, parsed } = await feedOf(`temas/${TOPIC_SLUGS[topic]}.rss.xml`);
    expectValid('rss', xml, parsed);
    const expected = published.filter((story) => story.topic === topic).slice(0, FEED_SIZE);
    expect(parsed.items.map((item) => item.link)).toEqual(expected.map((story) => `${SITE}/historia/${story.id}`));
  });

  test('blindspot feeds: Prisma per missing bucket, Fuja da Bolha per side, as the methodology decides', async () => {
    const blindspots = blindspotsOf(published);
    let nonEmpty = 0;
    for (const [slug, bucket] of [
      ['izquierda', 'left'],
      ['centro', 'center'],
      ['derecha', 'right'],
    ] as const) {
      const { xml, parsed } = await feedOf(`prisma/${slug}.atom.xml`);
      const expected = blindspots.prisma.filter((view) => view.explanation.result.includes(bucket));
      if (expected.length > 0) expectValid('atom', xml, parsed);
      expect(parsed.items.map((item) => item.link)).toEqual(
        expected.slice(0, FEED_SIZE).map((view) => `${SITE}/historia/${view.story.id}`),
      );
      nonEmpty += expected.length > 0 ? 1 : 0;
    }
    for (const [slug, side] of [
      ['izquierda', 'left'],
      ['derecha', 'right'],
    ] as const) {
      const { parsed } = await feedOf(`fuja-da-bolha/${slug}.rss.xml`);
      const expected = blindspots.fuja.filter((view) => view.side === side);
      expect(parsed.items.map((item) => item.link)).toEqual(
        expected.slice(0, FEED_SIZE).map((view) => `${SITE}/historia/${view.story.id}`),
      );
      nonEmpty += expected.length > 0 ? 1 : 0;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(2);
  });

  test('hostile headlines stay text; the pt-BR feed speaks Portuguese; the response has the feed media type', async () => {
    const { parsed } = await feedOf('historias.rss.xml');
    const hostile = published.find((story) => /[<>]/.test(story.title));
    expect(hostile).toBeDefined();
    expect(parsed.items.find((item) => item.link?.endsWith(`/${hostile!.id}`))?.title).toBe(hostile!.title);
    const portuguese = await feedOf('historias.atom.xml', 'pt-BR');
    expect(portuguese.parsed.language ?? portuguese.xml).toMatch(/pt-BR|Todas as histórias/);
    expect(portuguese.parsed.title).toContain('Todas as histórias');
    const response = await feedResponse(data, 'es', 'historias.rss.xml', SITE);
    expect(response?.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(await feedResponse(data, 'es', 'nada.rss.xml', SITE)).toBeUndefined();
  });
});
