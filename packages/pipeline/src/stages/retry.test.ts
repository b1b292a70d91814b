/**
 * SYN-5 inside the pipeline: syntheses that fail (a provider answering 429 on the loopback fake
 * server) go to the retry queue, are retried exactly at the methodology's due times on an injected
 * clock, and after the last failed attempt are discarded with their reason, visible on the story;
 * a retry that succeeds is stored and built.
 */
import { SYNTHESIS_MAX_FAILED_ATTEMPTS, SYNTHESIS_RETRY_DELAYS_MINUTES } from '@espectro/methodology';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, emptyTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBackends, offlineEmbedderBackend } from '../backends.js';
import { createManualClock, type ManualClock } from '@espectro/ingest/testing';
import type { PipelineContext } from '../context.js';
import { readDataFolder } from '../data-folder.js';
import { pipelineFixtureDirectory } from '../testing/index.js';
import { buildStories } from './build.js';
import { clusterNewArticles } from './cluster.js';
import { ingestSources } from './ingest.js';
import { rateRoster } from './rate.js';
import { drainRetryQueue } from './retry.js';
import { synthesiseClusters } from './synthesise.js';
import { classifyTopics } from './topics.js';

const MINUTE = 60_000;

describe('drainRetryQueue (rule SYN-5) in the pipeline', () => {
  let server: FakeLlmServer;
  let test: TestDatabase;
  let store: Store;
  let clock: ManualClock;
  let context: PipelineContext;
  beforeAll(async () => {
    server = await startFakeLlmServer();
    test = await createTestDatabase();
    store = createStore(test.database);
  });
  afterAll(async () => {
    await server?.close();
    await test?.cleanup();
  });
  beforeEach(async () => {
    await emptyTestDatabase(test.database);
    server.reset();
    server.setDefault(reply.rateLimit());
    clock = createManualClock('2026-04-27T12:00:00Z');
    context = {
      store,
      clock,
      backends: createBackends({ embedder: offlineEmbedderBackend(), judge: null, synthesis: server.model('groq') }),
    };
    const folder = await readDataFolder(pipelineFixtureDirectory());
    await rateRoster(context, folder.roster.outlets, { asOf: folder.roster.asOf });
    await ingestSources(context, folder.sources);
    await clusterNewArticles(context);
  });

  const due = () =>
    store.database.query<{ story_id: string; status: string; failed_attempts: number; next_attempt_at: Date | null }>(
      'SELECT story_id, status, failed_attempts, next_attempt_at FROM synthesis_retry_queue ORDER BY story_id',
    );

  it('retries at 15 min, 1 h, 3 h and 6 h after each failure and discards after the last, with the reason on the story', async () => {
    expect(SYNTHESIS_RETRY_DELAYS_MINUTES).toEqual([15, 60, 180, 360]);
    const first = await synthesiseClusters(context);
    expect(first.failed).toBeGreaterThanOrEqual(3);
    expect(first.synthesised).toBe(0);
    const queued = await due();
    expect(queued.map((entry) => entry.status)).toEqual(queued.map(() => 'pending'));
    // The synthesis stage does not retry on its own: the queue's schedule does.
    expect((await synthesiseClusters(context)).failed).toBe(0);
    let built = await buildStories(context);
    expect(built.statuses.pending_synthesis).toBe(first.failed);

    for (const [attempt, delay] of SYNTHESIS_RETRY_DELAYS_MINUTES.entries()) {
      clock.advance(delay * MINUTE - MINUTE);
      expect((await drainRetryQueue(context)).attempted, `one minute before retry ${attempt + 1}`).toBe(0);
      clock.advance(MINUTE);
      const retried = await drainRetryQueue(context);
      expect(retried.attempted, `retry ${attempt + 1} at +${delay} min`).toBe(first.failed);
      const last = attempt + 2 === SYNTHESIS_MAX_FAILED_ATTEMPTS;
      expect(retried.discarded).toBe(last ? first.failed : 0);
      expect((await due()).every((entry) => entry.failed_attempts === attempt + 2)).toBe(true);
    }
    expect((await due()).map((entry) => entry.status)).toEqual(queued.map(() => 'discarded'));
    clock.advance(24 * 60 * MINUTE);
    expect((await drainRetryQueue(context)).attempted).toBe(0);

    built = await buildStories(context);
    expect(built.statuses.discarded).toBe(first.failed);
    const stories = await store.stories.list({ status: 'discarded' });
    expect(stories).toHaveLength(first.failed);
    const story = (await store.stories.get(stories[0]!.id))!;
    expect(story.provenance).toMatchObject({
      synthesisRetry: { status: 'discarded', failedAttempts: SYNTHESIS_MAX_FAILED_ATTEMPTS, discardReason: 'quota' },
    });
  });

  it('stores and builds a synthesis that succeeds on a retry', async () => {
    await synthesiseClusters(context);
    const entries = await due();
    server.reset();
    // Due entries are retried in story id order: one valid answer per story, citing its articles.
    for (const entry of entries) {
      const [member] = await store.database.query<{ article_id: string }>(
        'SELECT article_id FROM article_clusters WHERE cluster_id = $1 ORDER BY article_id LIMIT 1',
        [entry.story_id],
      );
      server.enqueue(
        reply.json({
          summary: 'Se conoció la noticia.',
          sentences: [{ text: 'La noticia se conoció este lunes.', articleIds: [member!.article_id] }],
        }),
      );
    }
    server.setDefault(reply.json({ topic: 'politics' }));
    clock.advance(15 * MINUTE);
    const retried = await drainRetryQueue(context);
    expect(retried).toMatchObject({ attempted: entries.length, synthesised: entries.length, failed: 0 });
    expect((await due()).map((entry) => entry.status)).toEqual(entries.map(() => 'done'));
    const topics = await classifyTopics(context);
    expect(topics).toMatchObject({ classified: entries.length, topics: { politics: entries.length } });
    await buildStories(context);
    const story = (await store.stories.get(entries[0]!.story_id))!;
    expect(story).toMatchObject({ backend: 'llm', topic: 'politics', status: 'held' });
    expect(story.sentences.map((sentence) => sentence.text)).toEqual(['La noticia se conoció este lunes.']);
  });
});
