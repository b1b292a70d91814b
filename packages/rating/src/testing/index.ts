/**
 * `@espectro/rating/testing` — the contract every {@link RatingRecordStore} implementation passes
 * (the in-memory one here, the database one in `@espectro/store`). Needs `vitest` (an optional
 * peer dependency).
 *
 * @example
 * // packages/store/src/rating-records.test.ts
 * import { ratingRecordStoreContract } from '@espectro/rating/testing';
 * ratingRecordStoreContract(async () => createStoreRatingRecordStore((await fresh()).db), { name: 'pglite' });
 *
 * @packageDocumentation
 */
import type { RatingEvidenceRecord } from '@espectro/methodology';
import { recordPreliminary, recordRating, type RatingRecordStore } from '@espectro/rating';
import { describe, expect, test } from 'vitest';

/** Options of {@link ratingRecordStoreContract}. */
export interface RatingRecordStoreContractOptions {
  /** Suite name suffix, e.g. `postgres`. */
  name?: string;
}

const METHODOLOGY = 'v1.3-2026-12';

/** A valid evidence record of `domain` leaning `bias` (fictional). */
function evidence(
  domain: string,
  bias: 'left' | 'center' | 'right',
  owner = 'Cooperativa (ficticia)',
): RatingEvidenceRecord {
  return {
    domain,
    name: `Diario ${domain}`,
    country: 'ES',
    editorial_scope: 'political',
    illustrative: true,
    ownership: { owner_type: 'cooperative', owner_entity: owner, country_regime: 'democracy' },
    academic: [
      { source: 'Observatorio (ficticio)', date: '2025-06-01', weight: 'primary', domestic: true, quote: 'línea' },
    ],
    academic_assessment: { bucket: bias, factuality: 'high' },
    content: {
      sample_size: 41,
      window_start: '2026-02-01',
      content_only_sesgo: bias,
      content_only_factualidad: 'high',
      quote_distribution: { izq: 0.2, centro: 0.3, der: 0.5 },
      figures: [{ name: 'Figura A', side: 'left', favourable: 0.25, critical: 0.5 }],
    },
    not_found: [{ status: 'not-found', searched: ['APM', 'PDLI'] }],
  };
}

/**
 * Registers the contract suite: round trips of every stored field, history and CON-4 records,
 * preliminary outlets, refused writes that change nothing, and writers of one outlet serialised.
 * `makeStore` must return an empty store each time.
 *
 * @example
 * ratingRecordStoreContract(() => createMemoryRatingStore(), { name: 'memory' });
 */
export function ratingRecordStoreContract(
  makeStore: () => RatingRecordStore | Promise<RatingRecordStore>,
  options: RatingRecordStoreContractOptions = {},
): void {
  describe(`RatingRecordStore contract${options.name === undefined ? '' : ` (${options.name})`}`, () => {
    test('an unknown outlet reads as undefined; the first rating reads back field for field', async () => {
      const store = await makeStore();
      expect(await store.get('nadie.example')).toBeUndefined();
      expect(await store.list()).toEqual([]);
      const record = evidence('diario-a.example', 'left');
      const { outcome, rating } = await recordRating(store, {
        evidence: record,
        asOf: '2026-04-27',
        changedAt: '2026-04-27T10:00:00.000Z',
      });
      expect(outcome).toBe('created');
      expect(await store.get('diario-a.example')).toEqual(rating);
      expect(rating).toMatchObject({
        name: 'Diario diario-a.example',
        country: 'ES',
        rating_reviewed_at: '2026-04-27',
      });
      expect(rating.rating_evidence).toEqual(record);
      expect(await store.list()).toEqual([rating]);
      expect((await store.history('diario-a.example')).map((entry) => [entry.kind, entry.cause])).toEqual([
        ['initial', null],
      ]);
      expect(await store.changes()).toEqual([]);
    });

    test('a changed rating records one CON-4 change per field, in the history and the change log', async () => {
      const store = await makeStore();
      await recordRating(store, {
        evidence: evidence('diario-b.example', 'left'),
        asOf: '2026-04-27',
        changedAt: '2026-04-27T10:00:00.000Z',
      });
      const second = await recordRating(store, {
        evidence: evidence('diario-b.example', 'right', 'Grupo Nuevo (ficticio)'),
        asOf: '2026-05-02',
        changedAt: '2026-05-02T09:30:00.000Z',
      });
      expect(second.outcome).toBe('rerated');
      expect(second.changes.map((change) => [change.field, change.previous, change.next, change.cause])).toEqual([
        ['bias', 'left', 'right', 'ownership_change'],
        ['ownership', 'cooperative: Cooperativa (ficticia)', 'cooperative: Grupo Nuevo (ficticio)', 'ownership_change'],
      ]);
      expect(await store.changes('diario-b.example')).toEqual(second.changes);
      expect(await store.changes('otro.example')).toEqual([]);
      const history = await store.history('diario-b.example');
      expect(history.map((entry) => [entry.kind, entry.cause, entry.at])).toEqual([
        ['initial', null, '2026-04-27T10:00:00.000Z'],
        ['rerating', 'ownership_change', '2026-05-02T09:30:00.000Z'],
      ]);
      expect(history[1]!.changes).toEqual(second.changes);
      expect(history[1]!.rating).toMatchObject({ bias: 'right', methodology_version: METHODOLOGY });
      expect((await store.get('diario-b.example'))!.rating_reviewed_at).toBe('2026-05-02');
    });

    test('an event re-rating is in the history with its cause even when nothing changes; a quiet refresh is not', async () => {
      const store = await makeStore();
      const record = evidence('diario-c.example', 'center');
      await recordRating(store, { evidence: record, asOf: '2026-04-27', changedAt: '2026-04-27T10:00:00.000Z' });
      const quiet = await recordRating(store, {
        evidence: record,
        asOf: '2026-04-28',
        changedAt: '2026-04-28T10:00:00.000Z',
      });
      expect(quiet.outcome).toBe('unchanged');
      const event = await recordRating(store, {
        evidence: record,
        asOf: '2026-05-01',
        changedAt: '2026-05-01T10:00:00.000Z',
        cause: 'accepted_contestation',
        contestationId: 'c-7',
        notes: 'Impugnación aceptada por la editora',
      });
      expect(event).toMatchObject({ outcome: 'unchanged', changes: [] });
      const history = await store.history('diario-c.example');
      expect(history.map((entry) => [entry.kind, entry.cause, entry.contestationId, entry.notes])).toEqual([
        ['initial', null, null, null],
        ['rerating', 'accepted_contestation', 'c-7', 'Impugnación aceptada por la editora'],
      ]);
      expect((await store.get('diario-c.example'))!.rating_reviewed_at).toBe('2026-05-01');
    });

    test('a preliminary outlet keeps its pending evidence and gets its first funnel rating as initial', async () => {
      const store = await makeStore();
      const pending = { status: 'pending' as const, reason: 'visto en un feed', added_at: '2026-04-20' };
      const preliminary = await recordPreliminary(store, {
        domain: 'nuevo.example',
        evidence: pending,
        changedAt: '2026-04-20T08:00:00.000Z',
        methodologyVersion: METHODOLOGY,
      });
      expect(await store.get('nuevo.example')).toEqual(preliminary);
      expect(preliminary).toMatchObject({
        rating_reviewed_at: null,
        added_at: '2026-04-20',
        rating: { confidence: 'preliminary', bias: null },
      });
      const attempt = { ...pending, not_found: ['2026-05-01: análisis de contenido inconcluso (muestra 21)'] };
      await recordPreliminary(store, {
        domain: 'nuevo.example',
        evidence: attempt,
        changedAt: '2026-05-01T08:00:00.000Z',
        methodologyVersion: METHODOLOGY,
      });
      expect((await store.get('nuevo.example'))!.rating_evidence).toEqual(attempt);
      const first = await recordRating(store, {
        evidence: evidence('nuevo.example', 'right'),
        asOf: '2026-05-20',
        changedAt: '2026-05-20T08:00:00.000Z',
      });
      expect(first).toMatchObject({ outcome: 'initial', changes: [] });
      expect(first.rating.added_at).toBe('2026-04-20');
      expect((await store.history('nuevo.example')).map((entry) => entry.kind)).toEqual(['preliminary', 'initial']);
      await expect(
        recordPreliminary(store, {
          domain: 'nuevo.example',
          evidence: pending,
          changedAt: '2026-05-21T08:00:00.000Z',
          methodologyVersion: METHODOLOGY,
        }),
      ).rejects.toThrow(/rated/);
    });

    test('a refused write changes nothing; decide sees the committed rating', async () => {
      const store = await makeStore();
      const { rating } = await recordRating(store, {
        evidence: evidence('diario-d.example', 'left'),
        asOf: '2026-04-27',
        changedAt: '2026-04-27T10:00:00.000Z',
      });
      await expect(
        store.update('diario-d.example', (current) => ({
          rating: { ...current!, rating: { ...current!.rating, as_of: '2026-01-01' } },
          changes: [],
          kind: null,
          cause: null,
          contestationId: null,
          notes: null,
          at: '2026-04-28T10:00:00.000Z',
        })),
      ).rejects.toThrow(/as_of/);
      await expect(
        store.update('diario-d.example', () => {
          throw new Error('decide failed');
        }),
      ).rejects.toThrow('decide failed');
      expect(await store.get('diario-d.example')).toEqual(rating);
      expect(await store.update('diario-d.example', () => undefined)).toBeUndefined();
      expect(await store.history('diario-d.example')).toHaveLength(1);
    });

    test('writers of one outlet are serialised: each decide sees the previous write', async () => {
      const store = await makeStore();
      const base = evidence('diario-e.example', 'left');
      await recordRating(store, { evidence: base, asOf: '2026-04-27', changedAt: '2026-04-27T10:00:00.000Z' });
      await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          store.update('diario-e.example', (current) => {
            const seen = Number((current!.rating_evidence as RatingEvidenceRecord).notes ?? '0');
            const next = { ...(current!.rating_evidence as RatingEvidenceRecord), notes: String(seen + 1) };
            return {
              rating: { ...current!, rating_evidence: next },
              changes: [],
              kind: null,
              cause: null,
              contestationId: null,
              notes: null,
              at: `2026-04-27T11:00:0${index}.000Z`,
            };
          }),
        ),
      );
      expect(((await store.get('diario-e.example'))!.rating_evidence as RatingEvidenceRecord).notes).toBe('8');
    });
  });
}
