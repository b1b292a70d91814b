/**
 * Reported ownership events (seed 002 §2, §9; `0010_ownership_events`): recorded per outlet,
 * listed by outlet and date, validated at the boundary with the field named. PGlite always,
 * PostgreSQL when ESPECTRO_TEST_DATABASE_URL is set.
 */
import type { RatingEvidenceRecord } from '@espectro/methodology';
import { recordRating } from '@espectro/rating';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StoreError } from './errors.js';
import { createStore, type Store } from './store.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

const evidence = (domain: string): RatingEvidenceRecord => ({
  domain,
  country: 'CL',
  editorial_scope: 'political',
  illustrative: true,
  ownership: { owner_type: 'family-controlled', country_regime: 'democracy' },
  academic: [{ source: 'Observatorio ficticio', date: '2025-03-01', weight: 'primary', domestic: true }],
  academic_assessment: { bucket: 'center', factuality: 'high' },
});

const errorOf = async (work: Promise<unknown>): Promise<StoreError> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
};

for (const backend of testBackends()) {
  describe(`ownership events on ${backend}`, () => {
    let test_: TestDatabase;
    let store: Store;
    beforeAll(async () => {
      test_ = await createTestDatabase(backend);
      store = createStore(test_.database);
      for (const domain of ['uno.example', 'dos.example'])
        await recordRating(store.ratings, {
          evidence: evidence(domain),
          asOf: '2026-04-27',
          changedAt: '2026-04-27T10:00:00Z',
        });
    }, 120_000);
    afterAll(async () => {
      await test_?.cleanup();
    });

    test('records events and lists them by outlet and date, up to a day', async () => {
      const later = await store.ownershipEvents.record({
        domain: 'uno.example',
        date: '2026-05-01',
        event: 'adquirido por Grupo Ficticio',
        controlChange: true,
        sourceUrl: 'https://registro.example/acta/1',
        recordedBy: 'editora',
        recordedAt: '2026-05-02T09:00:00Z',
      });
      expect(later).toMatchObject({
        domain: 'uno.example',
        date: '2026-05-01',
        controlChange: true,
        sourceUrl: 'https://registro.example/acta/1',
        recordedAt: '2026-05-02T09:00:00.000Z',
      });
      await store.ownershipEvents.record({
        domain: 'uno.example',
        date: '2024-02-01',
        event: '  ampliación de capital  ',
        controlChange: false,
        recordedBy: 'editora',
        recordedAt: '2026-05-02T09:05:00Z',
      });
      await store.ownershipEvents.record({
        domain: 'dos.example',
        date: '2026-03-01',
        event: 'cambio de directorio',
        controlChange: true,
        recordedBy: 'editor',
        recordedAt: '2026-05-03T09:00:00Z',
      });
      const all = await store.ownershipEvents.list();
      expect(all.map((event) => [event.domain, event.date, event.event])).toEqual([
        ['dos.example', '2026-03-01', 'cambio de directorio'],
        ['uno.example', '2024-02-01', 'ampliación de capital'],
        ['uno.example', '2026-05-01', 'adquirido por Grupo Ficticio'],
      ]);
      expect(
        (await store.ownershipEvents.list({ domains: ['uno.example'], to: '2026-04-30' })).map((e) => e.date),
      ).toEqual(['2024-02-01']);
      expect(await store.ownershipEvents.list({ domains: [] })).toEqual([]);
    });

    test('refuses an unknown outlet, the same event twice and bad fields, naming the field', async () => {
      const base = {
        domain: 'uno.example',
        date: '2026-05-01',
        event: 'adquirido por Grupo Ficticio',
        controlChange: true,
        recordedBy: 'editora',
        recordedAt: '2026-05-04T09:00:00Z',
      };
      expect(await errorOf(store.ownershipEvents.record({ ...base, domain: 'nadie.example' }))).toMatchObject({
        code: 'not_found',
        field: 'domain',
      });
      expect(await errorOf(store.ownershipEvents.record(base))).toMatchObject({ code: 'conflict', field: 'event' });
      const future = await errorOf(store.ownershipEvents.record({ ...base, date: '2026-05-05', event: 'otro' }));
      expect(future).toMatchObject({ code: 'invalid_input', field: 'date' });
      expect(future.message).toMatch(/after the day it is recorded \(2026-05-04\)/);
      expect(await errorOf(store.ownershipEvents.record({ ...base, date: '2026-02-30', event: 'otro' }))).toMatchObject(
        {
          code: 'invalid_input',
          field: 'date',
        },
      );
      expect(
        await errorOf(store.ownershipEvents.record({ ...base, event: 'otro', sourceUrl: 'ftp://x.example/' })),
      ).toMatchObject({ code: 'invalid_input', field: 'sourceUrl' });
      expect(await errorOf(store.ownershipEvents.record({ ...base, event: '   ' }))).toMatchObject({
        code: 'invalid_input',
        field: 'event',
      });
      expect(await errorOf(store.ownershipEvents.list({ to: '1 de mayo' }))).toMatchObject({
        code: 'invalid_input',
        field: 'to',
      });
      // nothing of the refused writes was stored
      expect(await store.ownershipEvents.list({ domains: ['uno.example'] })).toHaveLength(2);
    });
  });
}
