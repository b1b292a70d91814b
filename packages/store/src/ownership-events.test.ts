/**
 * Reported ownership events (seed 002 §2, §9; `0010_ownership_events`): recorded per outlet,
 * listed by outlet and date, validated at the boundary with the field named; retracted with who,
 * when and why (`0012_ownership_retractions`), never deleted. PGlite always,
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

    test('retracts an event with who, when and why; the latest change of control enqueues a re-rating', async () => {
      const byDate = async (domain: string, date: string) =>
        (await store.ownershipEvents.list({ domains: [domain] })).find((event) => event.date === date)!;
      // Not a change of control: the audit records it, nothing is re-rated.
      const capital = await byDate('uno.example', '2024-02-01');
      const minor = await store.ownershipEvents.retract({
        id: capital.id,
        reason: 'la ampliación no se inscribió',
        retractedBy: 'editor',
        retractedAt: '2026-05-05T10:00:00Z',
      });
      expect(minor.rerating).toBeNull();
      expect(minor.event.retraction).toEqual({
        reason: 'la ampliación no se inscribió',
        retractedBy: 'editor',
        retractedAt: '2026-05-05T10:00:00.000Z',
      });
      // An older change of control than the one in effect: no re-rating either.
      const older = await store.ownershipEvents.record({
        domain: 'uno.example',
        date: '2026-04-01',
        event: 'pacto de accionistas',
        controlChange: true,
        recordedBy: 'editora',
        recordedAt: '2026-05-05T11:00:00Z',
      });
      const olderRetracted = await store.ownershipEvents.retract({
        id: older.id,
        reason: 'duplicado del evento de mayo',
        retractedBy: 'editora',
        retractedAt: '2026-05-05T12:00:00Z',
      });
      expect(olderRetracted.rerating).toBeNull();
      // What the rules read no longer has them; the audit keeps them, with their retraction.
      expect((await store.ownershipEvents.list({ domains: ['uno.example'] })).map((event) => event.date)).toEqual([
        '2026-05-01',
      ]);
      expect(
        (await store.ownershipEvents.list({ domains: ['uno.example'], includeRetracted: true })).map((event) => [
          event.date,
          event.retraction?.retractedBy ?? null,
        ]),
      ).toEqual([
        ['2024-02-01', 'editor'],
        ['2026-04-01', 'editora'],
        ['2026-05-01', null],
      ]);
      // The outlet's latest change of control: its re-rating is enqueued with the retraction.
      const control = await byDate('dos.example', '2026-03-01');
      const retracted = await store.ownershipEvents.retract({
        id: control.id,
        reason: 'la venta no se concretó',
        retractedBy: 'editora',
        retractedAt: '2026-05-06T09:00:00Z',
      });
      expect(retracted.rerating).toMatchObject({
        domain: 'dos.example',
        reason: 'ownership_change',
        cause: 'ownership_change',
        status: 'pending',
        enqueuedAt: '2026-05-06T09:00:00.000Z',
      });
      expect(retracted.rerating!.detail).toMatch(
        /2026-03-01 \("cambio de directorio"\) was retracted by editora: la venta/,
      );
      expect(
        (await store.reratings.list()).filter((entry) => entry.domain === 'dos.example').map((entry) => entry.id),
      ).toEqual([retracted.rerating!.id]);
    });

    test('refuses a retraction of an unknown or retracted event, before its recording, or without a reason', async () => {
      const [event] = await store.ownershipEvents.list({ domains: ['uno.example'] });
      const base = { id: event!.id, reason: 'error', retractedBy: 'editora', retractedAt: '2026-05-07T09:00:00Z' };
      expect(await errorOf(store.ownershipEvents.retract({ ...base, id: 999_999 }))).toMatchObject({
        code: 'not_found',
        field: 'id',
      });
      expect(
        await errorOf(store.ownershipEvents.retract({ ...base, retractedAt: '2026-05-01T00:00:00Z' })),
      ).toMatchObject({ code: 'invalid_input', field: 'retractedAt' });
      expect(await errorOf(store.ownershipEvents.retract({ ...base, reason: '  ' }))).toMatchObject({
        code: 'invalid_input',
        field: 'reason',
      });
      const [retracted] = await store.ownershipEvents.list({ domains: ['dos.example'], includeRetracted: true });
      const again = await errorOf(store.ownershipEvents.retract({ ...base, id: retracted!.id }));
      expect(again).toMatchObject({ code: 'invalid_input', field: 'id' });
      expect(again.message).toMatch(/already retracted by editora/);
      // nothing of the refused retractions was stored
      expect((await store.ownershipEvents.list({ domains: ['uno.example'] })).map((e) => e.retraction)).toEqual([null]);
    });
  });
}
