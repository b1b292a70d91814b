import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { classifyTopicOffline } from '@espectro/synthesis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPipeline } from './pass.js';
import { pipelineFixtureDirectory, storeSnapshot } from './testing/index.js';

const fixture = pipelineFixtureDirectory();

describe('runPipeline: one pass over the stages', () => {
  let test: TestDatabase;
  let store: Store;
  let work: string;
  beforeAll(async () => {
    test = await createTestDatabase();
    store = createStore(test.database);
    work = mkdtempSync(join(tmpdir(), 'espectro-pass-'));
  });
  afterAll(async () => {
    await test?.cleanup();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  // A whole pass over the fixture (seconds when quiet; over 30 s at load 40): the bound guards only a hang.
  it(
    'rates, ingests, clusters, synthesises, classifies topics and builds stories, reporting a failed feed without stopping',
    { timeout: 180_000 },
    async () => {
      const stages = new Set<string>();
      const summary = await runPipeline({
        dataDirectory: fixture,
        store,
        env: {},
        batchSize: 2,
        onProgress: (event) => stages.add(event.stage),
      });
      expect(summary.resumed).toBe(false);
      expect(summary.outlets).toMatchObject({ roster: 8, rated: 8, preliminaryAdded: 1 });
      expect(summary.ingest).toMatchObject({ sources: 6, unchanged: 0, inserted: 25, duplicates: 0 });
      expect(summary.ingest.failed).toEqual([
        expect.objectContaining({ source: 'feeds/roto.xml', code: 'invalid_xml' }),
      ]);
      expect(summary.clustering).toMatchObject({ articles: 25, embedder: 'offline-char-ngram-tfidf', judge: 'none' });
      expect(summary.clustering.stories).toBeGreaterThanOrEqual(3);
      expect(summary.synthesis.backend).toBe('extractive (offline)');
      expect(summary.backends.notes.join('\n')).toMatch(/no Gemini or Groq key/);
      expect(
        summary.guard.published + summary.guard.held + summary.guard.notSynthesised + summary.guard.pendingSynthesis,
      ).toBe(summary.clustering.stories);
      expect([...stages]).toEqual(
        expect.arrayContaining(['rate', 'ingest', 'cluster', 'synthesise', 'topics', 'build']),
      );
      expect(await store.outlets.get('mediofuera.com')).toMatchObject({ confidence: 'preliminary', scope: null });

      const stories = await store.stories.list();
      expect(stories).toHaveLength(summary.clustering.stories);
      for (const listed of stories) {
        // Every story records what built its cluster (issue 15 §6).
        expect(listed).toMatchObject({ clusterEmbedder: 'offline-char-ngram-tfidf', clusterJudge: 'none' });
        const story = (await store.stories.get(listed.id))!;
        expect(story.sources.length).toBeGreaterThanOrEqual(2);
        for (const sentence of story.sentences)
          expect(story.sources.map((source) => source.articleId)).toEqual(expect.arrayContaining(sentence.articleIds));
      }
    },
  );

  it('classifies every synthesised story into its topic inside the pass (TOP-1)', async () => {
    const synthesised = (await store.stories.list()).filter((story) => story.summary !== null);
    expect(synthesised.length).toBeGreaterThanOrEqual(3);
    for (const story of synthesised)
      expect(story.topic, story.title).toBe(
        classifyTopicOffline({ title: story.title, summary: story.summary! }).topic,
      );
    const topics = synthesised.map((story) => story.topic).filter((topic) => topic !== null);
    expect(topics.length).toBeGreaterThanOrEqual(2);
    expect(topics).toEqual(expect.arrayContaining(['economy']));
  });

  it('does nothing on an unchanged folder: no unit of work is committed and the store is unchanged', async () => {
    const before = await storeSnapshot(store);
    let committed = 0;
    const summary = await runPipeline({
      dataDirectory: fixture,
      store,
      env: {},
      hooks: { afterCommit: () => (committed += 1) },
    });
    expect(committed).toBe(0);
    expect(summary.ingest).toMatchObject({ sources: 6, unchanged: 6, inserted: 0 });
    expect(summary.ingest.failed.map((failure) => failure.source)).toEqual(['feeds/roto.xml']);
    expect(summary.outlets).toMatchObject({ rated: 0, unchanged: 8, preliminaryAdded: 0 });
    expect(summary.clustering.articles).toBe(0);
    expect(summary.changes).toEqual({
      clustersCreated: 0,
      clustersChanged: 0,
      clustersRemoved: 0,
      storiesBuilt: 0,
      storiesCreated: 0,
      storiesRetired: 0,
      capPublished: 0,
      capHeld: 0,
    });
    expect(await storeSnapshot(store)).toEqual(before);
  });

  it('re-clusters and re-synthesises only what new articles touch', async () => {
    const grown = join(work, 'grown');
    cpSync(fixture, grown, { recursive: true });
    writeFileSync(
      join(grown, 'feeds', 'deportes.es.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>deportes.es</title>
<item><title>El Congreso aprueba la ley de vivienda con 176 votos</title><link>https://www.deportes.es/noticia/vivienda</link><description>El Congreso aprobó la ley de vivienda con 176 votos a favor; el texto pasa al Senado.</description><pubDate>2026-04-27T10:00:00Z</pubDate></item>
<item><title>Un meteorito ilumina el cielo de Canarias durante la madrugada</title><link>https://www.deportes.es/noticia/meteorito</link><description>Vecinos de varias islas grabaron el paso del bólido poco después de las tres.</description><pubDate>2026-04-27T03:00:00Z</pubDate></item>
</channel></rss>
`,
    );
    const before = new Map((await store.stories.list()).map((story) => [story.id, story]));
    const housing = [...before.values()].find((story) => story.title.includes('ley de vivienda'))!;
    const summary = await runPipeline({ dataDirectory: grown, store, env: {} });
    expect(summary.ingest).toMatchObject({ sources: 7, unchanged: 6, inserted: 2 });
    expect(summary.clustering.articles).toBe(2);
    // The offline embedder's vectors (reference-corpus IDF) are stored: of the archive around the new
    // articles nothing is embedded again, and the housing headline's text is already stored (other
    // outlets ran the same title), so the meteorite headline is the one text embedded.
    expect(summary.clustering.contextArticles).toBeGreaterThan(0);
    expect(summary.clustering.embedded).toBe(1);
    expect(summary.changes).toMatchObject({ clustersCreated: 1, clustersChanged: 1, clustersRemoved: 0 });
    // The housing cluster gained an outlet: it alone is synthesised again and rebuilt.
    expect(summary.synthesis.synthesised).toBe(1);
    expect(summary.changes.storiesBuilt).toBe(1);
    const after = await store.stories.list();
    const grownHousing = after.find((story) => story.id === housing.id)!;
    expect(grownHousing.outletCount).toBe(housing.outletCount + 1);
    for (const story of after)
      if (story.id !== housing.id) expect(story.updatedAt, story.title).toBe(before.get(story.id)!.updatedAt);
  });
});
