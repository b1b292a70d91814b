/**
 * The publish stage re-decides PG country_cap over the rolling 24 h of stories' publication times,
 * on the real store: stories are stored as the build stage leaves them (guard input, held), the
 * country is queued, and the stage publishes or holds them in (time, id) order.
 */
import { METHODOLOGY_VERSION } from '@espectro/methodology';
import { createStore, queueGuard, saveStories, saveStoryGuardInputs, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { offlineEmbedderBackend, createBackends } from '../backends.js';
import { createManualClock } from '@espectro/ingest/testing';
import type { PipelineContext } from '../context.js';
import { publishStories } from './publish.js';

const START = Date.parse('2026-04-27T00:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(START + hours * HOUR);

/** A story that passes every rule of the publish guard but the country cap. */
const passingInput = {
  rawOutlets: 3,
  sentences: 8,
  tier: 'limited',
  hasImage: true,
  outlets: [
    { domain: 'a.ar', scope: 'political', bias: 'left', factuality: 'high', contributedText: true },
    { domain: 'b.ar', scope: 'political', bias: 'center', factuality: 'high', contributedText: true },
    { domain: 'c.ar', scope: 'political', bias: 'right', factuality: 'high', contributedText: true },
  ],
  lowValue: false,
};

describe('publishStories: PG country_cap over the rolling 24 h of publication times', () => {
  let test: TestDatabase;
  let store: Store;
  let context: PipelineContext;
  beforeAll(async () => {
    test = await createTestDatabase();
    store = createStore(test.database);
    await store.outlets.ensurePreliminary(
      ['a.ar', 'b.ar', 'c.ar'].map((domain) => ({ domain, name: domain, reason: 'test', addedAt: '2026-04-27' })),
    );
    context = {
      store,
      backends: createBackends({ embedder: offlineEmbedderBackend(), judge: null, synthesis: null }),
      clock: createManualClock('2026-04-30T00:00:00Z'),
    };
  });
  afterAll(async () => {
    await test?.cleanup();
  });
  beforeEach(async () => {
    await test.database.query(
      'TRUNCATE story_guard_inputs, guard_queue, guard_decisions, story_articles, story_sentences, blindspot_flags, stories, articles CASCADE',
    );
  });

  /** Stores story `id` published at `hours` after the start, held and waiting for the guard. */
  async function storeStory(id: string, hours: number): Promise<void> {
    const publishedAt = at(hours).toISOString();
    await store.articles.insert(
      ['a.ar', 'b.ar', 'c.ar'].map((domain) => ({
        url: `https://${domain}/${id}`,
        canonicalUrl: `https://${domain}/${id}`,
        domain,
        title: `Story ${id}`,
        titleKey: `story ${id}`,
        publishedAt,
        firstSeenAt: publishedAt,
      })),
    );
    const articleIds = (await store.articles.list())
      .filter((article) => article.url.endsWith(`/${id}`))
      .map((a) => a.id);
    await store.database.db.transaction(async (tx) => {
      await saveStories(tx, [
        {
          id,
          title: `Story ${id}`,
          status: 'held',
          tier: 'limited',
          country: 'AR',
          coverage: {
            total: 3,
            political: 3,
            nonPolitical: 0,
            counts: { left: 1, center: 1, right: 1 },
            percent: { left: 34, center: 33, right: 33 },
          },
          articleIds,
          outletCount: 3,
          lastPublishedAt: publishedAt,
          methodologyVersion: METHODOLOGY_VERSION,
          sentences: [],
          decidedAt: publishedAt,
        },
      ]);
      await saveStoryGuardInputs(tx, [{ storyId: id, country: 'AR', publishedAt: at(hours), input: passingInput }]);
      await queueGuard(tx, 'AR', at(hours), at(hours));
    });
  }

  async function statuses(): Promise<Record<string, string>> {
    const rows = await store.database.query<{ id: string; status: string }>(
      'SELECT id, status FROM stories ORDER BY id',
    );
    return Object.fromEntries(rows.map((row) => [row.id, row.status]));
  }

  it('holds the 9th story of a country within 24 h and counts a story exactly 24 h old no more', async () => {
    for (let hour = 0; hour < 9; hour += 1) await storeStory(`s${hour + 1}`, hour); // s1 … s9 at 0 h … 8 h
    await storeStory('s10', 24); // s1 (0 h) is exactly 24 h before: out of the window
    const published = await publishStories(context);
    expect(published).toMatchObject({ countries: 1, decided: 10, published: 9, held: 0 });
    expect(await statuses()).toEqual({
      s1: 'published',
      s2: 'published',
      s3: 'published',
      s4: 'published',
      s5: 'published',
      s6: 'published',
      s7: 'published',
      s8: 'published',
      s9: 'held', // 8 published before it in 24 h: country_cap (default cap 8)
      s10: 'published', // s2 … s8 = 7 in the window; a 72-h window would count 8 and hold it
    });
    const [held] = await store.database.query<{ reasons: string[]; input: { countryStoriesLast24h: number } }>(
      "SELECT reasons, input FROM guard_decisions WHERE story_id = 's9' ORDER BY id DESC LIMIT 1",
    );
    expect(held).toEqual({ reasons: ['country_cap'], input: expect.objectContaining({ countryStoriesLast24h: 8 }) });
    const [latest] = await store.database.query<{ input: { countryStoriesLast24h: number } }>(
      "SELECT input FROM guard_decisions WHERE story_id = 's10' ORDER BY id DESC LIMIT 1",
    );
    expect(latest!.input.countryStoriesLast24h).toBe(7);
  });

  it('re-decides the later stories of the country when an earlier one arrives (the cap cascades)', async () => {
    for (let hour = 0; hour < 9; hour += 1) await storeStory(`s${hour + 1}`, hour);
    await storeStory('s10', 24);
    await publishStories(context);
    await storeStory('s0', -1); // arrives late, published before all the others
    const cascade = await publishStories(context);
    expect(cascade).toMatchObject({ countries: 1, published: 1, held: 1 });
    expect(await statuses()).toMatchObject({
      s0: 'published',
      s7: 'published',
      s8: 'held', // s0 … s7 = 8 before it now
      s9: 'held',
      s10: 'published', // s0 (−1 h) and s1 (0 h) are out of its window: s2 … s7 = 6
    });
    expect(await test.database.query('SELECT country FROM guard_queue')).toEqual([]);
  });
});
