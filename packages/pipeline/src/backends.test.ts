/**
 * "Use what is installed" (issue 15 §6): the MiniLM embedder when its weights are installed (here
 * the tiny generated ONNX model of `@espectro/clustering/testing`), the CLU-2 judge when a key is
 * configured (here the loopback fake LLM server), else the offline backends — chosen, recorded on
 * every story, and exercised inside real pipeline passes.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLlmJudge } from '@espectro/clustering';
import { writeTinyMiniLMFixture } from '@espectro/clustering/testing';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, emptyTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackends, offlineEmbedderBackend, resolveBackends } from './backends.js';
import { runPipeline } from './pass.js';
import { pipelineFixtureDirectory } from './testing/index.js';

const fixture = pipelineFixtureDirectory();
let work: string;
let models: string;
let grown: string;
let test: TestDatabase;
let store: Store;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'espectro-backends-'));
  models = join(work, 'models');
  await writeTinyMiniLMFixture(join(models, 'minilm'));
  grown = join(work, 'grown');
  cpSync(fixture, grown, { recursive: true });
  writeFileSync(
    join(grown, 'feeds', 'extra.xml'),
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>deportes.es</title>
<item><title>Un meteorito ilumina el cielo de Canarias durante la madrugada</title><link>https://www.deportes.es/noticia/meteorito</link><pubDate>2026-04-27T03:00:00Z</pubDate></item>
</channel></rss>`,
  );
  test = await createTestDatabase();
  store = createStore(test.database);
});
afterAll(async () => {
  await test?.cleanup();
  if (work) rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  await emptyTestDatabase(test.database);
});

describe('resolveBackends', () => {
  it('falls back to the offline backends and says why when nothing is installed or configured', async () => {
    const backends = await resolveBackends({ env: { ESPECTRO_MODELS: join(work, 'empty') } });
    expect(backends.embedder).toMatchObject({ label: 'offline-char-ngram-tfidf' });
    // The reference-corpus IDF: vectors independent of the batch, so they are stored.
    expect(backends.embedder.embedder.model).toMatch(/@reference-/);
    expect(backends.judge).toBeNull();
    expect(backends.synthesis).toBeNull();
    const description = backends.describe();
    expect(description).toMatchObject({ synthesis: 'extractive (offline)', topics: 'keywords (offline)' });
    expect(description.notes.join('\n')).toMatch(/MiniLM not installed .*espectro models pull minilm/);
    expect(description.notes.join('\n')).toMatch(/no Gemini or Groq key/);
  });

  it('refuses an explicit --embedder minilm or --judge llm that is not available, naming what to do', async () => {
    await expect(
      resolveBackends({ env: { ESPECTRO_MODELS: join(work, 'empty') }, embedder: 'minilm' }),
    ).rejects.toMatchObject({
      code: 'backend_unavailable',
      field: '--embedder',
      message: expect.stringMatching(/espectro models pull minilm/),
    });
    await expect(resolveBackends({ env: {}, embedder: 'offline', judge: 'llm' })).rejects.toMatchObject({
      code: 'backend_unavailable',
      field: '--judge',
      message: expect.stringMatching(/GEMINI_API_KEY or GOOGLE_API_KEY or GROQ_API_KEY/),
    });
  });

  it('picks MiniLM when its weights are installed and the CLU-2 judge when a key is configured', async () => {
    const backends = await resolveBackends({ env: { ESPECTRO_MODELS: models, GROQ_API_KEY: 'gsk-test' } });
    try {
      expect(backends.embedder).toMatchObject({ label: 'minilm-q8' });
      expect(backends.judge?.backend).toMatch(/^llm:chain:groq:/);
      const offline = await resolveBackends({
        env: { ESPECTRO_MODELS: models, GROQ_API_KEY: 'gsk-test' },
        embedder: 'offline',
        judge: 'none',
      });
      expect(offline.embedder.label).toBe('offline-char-ngram-tfidf');
      expect(offline.judge).toBeNull();
    } finally {
      await backends.dispose();
    }
  });
});

describe('the installed backends inside a pass', () => {
  it('clusters with MiniLM, stores its vectors and never embeds an archive headline twice', async () => {
    const backends = await resolveBackends({ env: { ESPECTRO_MODELS: models } });
    try {
      const first = await runPipeline({ dataDirectory: fixture, store, backends });
      expect(first.clustering).toMatchObject({ articles: 25, embedder: 'minilm-q8' });
      const [vectors] = await store.database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM article_vectors',
      );
      expect(vectors!.count).toBe(25);
      for (const story of await store.stories.list()) expect(story.clusterEmbedder).toBe('minilm-q8');
      const second = await runPipeline({ dataDirectory: grown, store, backends });
      expect(second.clustering.articles).toBe(1);
      expect(second.clustering.contextArticles).toBeGreaterThan(0);
      expect(second.clustering.embedded).toBe(1); // only the new headline; the archive's vectors come from the store
    } finally {
      await backends.dispose();
    }
  });

  describe('with the CLU-2 judge on the loopback fake LLM server', () => {
    let server: FakeLlmServer;
    beforeAll(async () => {
      server = await startFakeLlmServer();
    });
    afterAll(async () => {
      await server?.close();
    });

    it('asks the judge about grey-zone pairs, lets its verdicts change the stories, and stores them', async () => {
      const offline = await runPipeline({
        dataDirectory: fixture,
        store,
        backends: createBackends({ embedder: offlineEmbedderBackend(), judge: null, synthesis: null }),
      });
      expect(offline.clustering).toMatchObject({ judge: 'none', judgedPairs: 0 });
      const withoutJudge = (await store.stories.list()).map((story) => story.articleCount).sort();

      await emptyTestDatabase(test.database);
      server.setDefault(
        reply.json({ verdicts: Array.from({ length: 10 }, (_, index) => ({ pair: index + 1, sameEvent: true })) }),
      );
      const judge = createLlmJudge({ model: server.model('gemini') });
      const backends = createBackends({ embedder: offlineEmbedderBackend(), judge, synthesis: null });
      const judged = await runPipeline({ dataDirectory: fixture, store, backends });
      expect(judged.clustering.judge).toBe(judge.backend);
      expect(judged.clustering.judgedPairs).toBeGreaterThan(0);
      const calls = server.requests.length;
      expect(calls).toBeGreaterThan(0);
      expect(server.requests[0]!.messages.at(-1)!.content).toMatch(/Pair 1:/);
      const withJudge = (await store.stories.list()).map((story) => story.articleCount).sort();
      expect(withJudge).not.toEqual(withoutJudge); // "same" verdicts merged grey-zone pairs
      for (const story of await store.stories.list()) expect(story.clusterJudge).toBe(judge.backend);
      const [verdicts] = await store.database.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM judge_verdicts',
      );
      expect(verdicts!.count).toBe(judged.clustering.judgedPairs);

      // New articles re-cluster the archive around them: stored verdicts answer, the model is not asked again.
      const again = await runPipeline({ dataDirectory: grown, store, backends });
      expect(again.clustering.articles).toBe(1);
      expect(server.requests.length).toBe(calls);
    });
  });
});
