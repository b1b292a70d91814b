/**
 * Image alt text end to end, on the running pipeline: feeds that describe their images (Media RSS
 * `media:description`) go through ingest, the store, clustering, synthesis and the build stage, and
 * the site's snapshot of that store gives every story's cover the feed's own words for it, with the
 * outlet it came from — or `alt=""` when the feed said nothing. (That the pages print a snapshot's
 * alt text is asserted on the built site, in `site.browser.test.ts`.) Runs on PGlite, and on the
 * PostgreSQL server too when `ESPECTRO_TEST_DATABASE_URL` is set (the store's contract backends).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPipeline } from '@espectro/pipeline';
import { pipelineFixtureDirectory } from '@espectro/pipeline/testing';
import * as storeModule from '@espectro/store';
import { createTestDatabase, testBackends, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotFromStore, storyImageOf } from './store-adapter.js';

const databases: TestDatabase[] = [];
let work: string | undefined;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'espectro-site-images-'));
});
afterAll(async () => {
  for (const database of databases) await database.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Gives every item of the fixture's RSS feeds an image: the items of `centro2.es.xml` without any
 * description, the others with one. Returns the alt text written for each image address.
 */
function describeImages(folder: string): Map<string, string | null> {
  const altByImage = new Map<string, string | null>();
  for (const file of readdirSync(join(folder, 'feeds')).filter((name) => name.endsWith('.xml'))) {
    const path = join(folder, 'feeds', file);
    const feed = readFileSync(path, 'utf8');
    if (!feed.includes('<item>')) continue; // the broken feed stays broken
    let position = 0;
    const described = feed
      .replace('<rss version="2.0">', '<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">')
      .replace(/<\/item>/g, () => {
        position += 1;
        const url = `https://img.example.net/${file.replace('.xml', '')}/${position}.jpg`;
        const alt = file === 'centro2.es.xml' ? null : `Fotografía ${position} de ${file.replace('.xml', '')}`;
        altByImage.set(url, alt);
        const description = alt === null ? '' : `<media:description>${alt}</media:description>`;
        return `<media:content url="${url}" medium="image" width="1200">${description}</media:content></item>`;
      });
    writeFileSync(path, described);
  }
  return altByImage;
}

describe.each(testBackends())('cover images from feed to site (%s)', (backend) => {
  // A whole pipeline pass (seconds when quiet, far more at high load): the bound guards only a hang.
  it(
    "shows each story's cover with the alt text its feed gave, credited to the outlet",
    { timeout: 300_000 },
    async () => {
      const folder = join(work!, `data-${backend}`);
      cpSync(pipelineFixtureDirectory(), folder, { recursive: true });
      const altByImage = describeImages(folder);
      const database = await createTestDatabase(backend);
      databases.push(database);
      expect(database.backend).toBe(backend);
      const store = storeModule.createStore(database.database);
      await runPipeline({ dataDirectory: folder, store, env: {}, batchSize: 2 });

      const articles = await store.articles.list();
      expect(articles.some((article) => article.imageAlt !== null)).toBe(true);
      for (const article of articles) expect(article.imageAlt).toBe(altByImage.get(article.imageUrl!) ?? null);

      // The offline synthesis of this small fixture holds every story (few sentences), so the
      // stories are read as the site reads each one (`storyImageOf` is what the snapshot of a
      // published story uses).
      const stories = await store.stories.list();
      expect(stories.length).toBeGreaterThan(0);
      let described = 0;
      let undescribed = 0;
      for (const listed of stories) {
        const stored = (await store.stories.get(listed.id))!;
        const image = storyImageOf(stored);
        if (stored.imageUrl === null) {
          expect(image).toBeNull();
          continue;
        }
        const alt = altByImage.get(stored.imageUrl) ?? null;
        expect(stored.imageAlt).toBe(alt);
        const source = stored.sources.find((article) => article.imageUrl === stored.imageUrl)!;
        expect(image).toEqual({ url: stored.imageUrl, alt, credit: source.outlet.name });
        if (alt === null) undescribed += 1;
        else described += 1;
      }
      expect({ described: described > 0, undescribed: undescribed > 0 }).toEqual({
        described: true,
        undescribed: true,
      });

      // Published, the same story's cover reaches the site's snapshot with its alt text.
      const cover = (await store.stories.get(stories.find((story) => story.imageAlt !== null)!.id))!;
      await store.stories.save({
        ...cover,
        status: 'published',
        articleIds: cover.sources.map((source) => source.articleId),
        provenance: cover.provenance ?? null,
        sentences: cover.sentences.map(({ text, articleIds }) => ({ text, articleIds })),
        guard: { publish: true, reasons: [], input: {} },
        blindspots: null,
        decidedAt: '2026-04-28T00:00:00Z',
      });
      const snapshot = await snapshotFromStore(store, storeModule, '2026-04-28T00:00:00Z');
      expect(snapshot.stories.find((story) => story.id === cover.id)?.image?.alt).toBe(cover.imageAlt);
    },
  );
});

describe('storyImageOf', () => {
  const story = {
    title: 'El Senado aprueba la reforma',
    imageUrl: 'https://img.example.net/a.jpg',
    imageAlt: 'Senadores votan en el hemiciclo',
    sources: [],
  };
  it('keeps the feed\'s alt text, and gives alt="" when it only repeats the headline (WCAG F30)', () => {
    expect(storyImageOf(story)).toEqual({ url: story.imageUrl, alt: 'Senadores votan en el hemiciclo', credit: null });
    expect(storyImageOf({ ...story, imageAlt: '  el senado aprueba la REFORMA.' })?.alt).toBeNull();
    expect(storyImageOf({ ...story, imageAlt: null })?.alt).toBeNull();
    expect(storyImageOf({ ...story, imageUrl: null })).toBeNull();
  });
});
