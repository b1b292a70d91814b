/**
 * Classified Chilean headlines (seed 004) on every backend: PGlite always, PostgreSQL when
 * ESPECTRO_TEST_DATABASE_URL is set. Headlines here are synthetic.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClassifiedHeadlineInput } from './chile-headlines.js';
import { createStore, type Store } from './store.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

function headline(overrides: Partial<ClassifiedHeadlineInput> & { id: string }): ClassifiedHeadlineInput {
  return {
    outlet: 'latercera.com',
    url: `https://www.latercera.com/${overrides.id}`,
    publishedAt: '2026-11-30T10:00:00Z',
    title: 'Senado despacha el proyecto de prueba',
    description: null,
    class: 'legislative_process',
    backend: 'rules-baseline (offline)',
    evidence: 'Senado despacha',
    evidenceField: 'title',
    rejection: null,
    boletines: [],
    trace: ['HC-1', 'LINK-1', 'AGR-3'],
    firstSeenAt: '2026-11-30T10:05:00Z',
    classifiedAt: '2026-11-30T10:05:00Z',
    ...overrides,
  };
}

for (const backend of testBackends()) {
  describe(`classified Chilean headlines (${backend})`, () => {
    let test: TestDatabase;
    let store: Store;
    beforeAll(async () => {
      test = await createTestDatabase(backend);
      store = createStore(test.database);
    }, 60_000);
    afterAll(async () => {
      await test?.cleanup();
    });
    beforeEach(async () => {
      await test.database.query('TRUNCATE chile_headlines');
    });

    it('stores headlines once per id and keeps the first classification', async () => {
      expect(await store.chileHeadlines.save([headline({ id: 'lt:1' }), headline({ id: 'lt:2' })])).toEqual({
        inserted: ['lt:1', 'lt:2'],
        existing: [],
      });
      const again = await store.chileHeadlines.save([
        headline({ id: 'lt:2', class: 'non_legislative', backend: 'llm:deepseek/deepseek-chat' }),
        headline({ id: 'lt:3' }),
      ]);
      expect(again).toEqual({ inserted: ['lt:3'], existing: ['lt:2'] });
      const second = (await store.chileHeadlines.list()).find((row) => row.id === 'lt:2')!;
      expect(second.class).toBe('legislative_process');
      expect(second.backend).toBe('rules-baseline (offline)');
      expect(await store.chileHeadlines.known(['lt:1', 'lt:9'])).toEqual(new Set(['lt:1']));
    });

    it('lists newest first, by class and outlet, with keyset paging', async () => {
      await store.chileHeadlines.save([
        headline({ id: 'a', publishedAt: '2026-11-28T10:00:00Z', class: 'non_legislative', evidence: null }),
        headline({ id: 'b', publishedAt: '2026-11-30T10:00:00Z' }),
        headline({ id: 'c', publishedAt: '2026-11-29T10:00:00Z', outlet: 'biobiochile.cl' }),
        headline({ id: 'd', publishedAt: '2026-11-29T10:00:00Z', boletines: ['12345-07'] }),
      ]);
      expect((await store.chileHeadlines.list()).map((row) => row.id)).toEqual(['b', 'd', 'c', 'a']);
      expect((await store.chileHeadlines.list({ class: 'non_legislative' })).map((row) => row.id)).toEqual(['a']);
      expect((await store.chileHeadlines.list({ outlet: 'biobiochile.cl' })).map((row) => row.id)).toEqual(['c']);
      const page = await store.chileHeadlines.list({ before: { publishedAt: '2026-11-29T10:00:00Z', id: 'd' } });
      expect(page.map((row) => row.id)).toEqual(['c', 'a']);
      const withBoletin = (await store.chileHeadlines.list()).find((row) => row.id === 'd')!;
      expect(withBoletin.boletines).toEqual(['12345-07']);
      expect(withBoletin.publishedAt).toBe('2026-11-29T10:00:00.000Z');
      const counts = await store.chileHeadlines.counts();
      expect(counts.total).toBe(4);
      expect(counts.byClass).toEqual({ legislative_process: 3, non_legislative: 1 });
      expect(counts.byOutlet).toEqual([
        { outlet: 'biobiochile.cl', headlines: 1, lastSeenAt: '2026-11-30T10:05:00.000Z' },
        { outlet: 'latercera.com', headlines: 3, lastSeenAt: '2026-11-30T10:05:00.000Z' },
      ]);
    });

    it('refuses a body field and an over-long bajada (HC-2), naming the row, and writes nothing', async () => {
      const withBody = { ...headline({ id: 'x' }), body: 'El texto completo de la noticia.' };
      await expect(store.chileHeadlines.save([headline({ id: 'ok' }), withBody])).rejects.toMatchObject({
        code: 'invalid_input',
        field: 'headlines[1]',
      });
      await expect(
        store.chileHeadlines.save([headline({ id: 'long', description: 'x'.repeat(2001) })]),
      ).rejects.toMatchObject({ code: 'invalid_input', field: 'headlines[0].description' });
      expect(await store.chileHeadlines.list()).toEqual([]);
    });
  });
}
