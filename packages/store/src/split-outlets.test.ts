/**
 * The split_outlets list (seed 002 §6) follows the stored ratings: a rating flagged split_outlet
 * (CONF-SPLIT: news and opinion rate differently) puts the outlet on it with both buckets and the
 * evidence's notes; editors' notes are appended; a re-rating that is no longer split takes it off.
 * PGlite always, PostgreSQL when ESPECTRO_TEST_DATABASE_URL is set.
 */
import type { RatingEvidenceRecord } from '@espectro/methodology';
import { recordRating } from '@espectro/rating';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { StoreError } from './errors.js';
import { createStore, type Store } from './store.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

function evidenceOf(split: boolean): RatingEvidenceRecord {
  return {
    domain: 'mixto.example',
    name: 'Mixto',
    country: 'CL',
    editorial_scope: 'political',
    illustrative: true,
    notes: 'Opinion columns lean left; the newsroom reads center.',
    ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' },
    academic: [{ source: 'Observatorio ficticio', date: '2025-03-01', weight: 'primary', domestic: true }],
    academic_assessment: { bucket: 'center', factuality: 'high' },
    content: {
      sample_size: 40,
      window_days: 90,
      window_start: '2026-01-27',
      content_only_sesgo: 'center',
      content_only_factualidad: 'high',
      news_sesgo: 'center',
      opinion_sesgo: split ? 'left' : 'center',
    },
  };
}

for (const backend of testBackends()) {
  describe(`split_outlets on ${backend}`, () => {
    let test_: TestDatabase;
    let store: Store;
    beforeAll(async () => {
      test_ = await createTestDatabase(backend);
      store = createStore(test_.database);
    }, 120_000);
    afterAll(async () => {
      await test_?.cleanup();
    });

    test('a split rating lists the outlet; notes are appended; an unsplit re-rating takes it off', async () => {
      const first = await recordRating(store.ratings, {
        evidence: evidenceOf(true),
        asOf: '2026-04-27',
        changedAt: '2026-04-27T10:00:00Z',
      });
      expect(first.rating.rating.flags).toContain('split_outlet');
      expect(await store.splitOutlets.list()).toEqual([
        {
          domain: 'mixto.example',
          name: 'Mixto',
          newsBucket: 'center',
          opinionBucket: 'left',
          notes: 'Opinion columns lean left; the newsroom reads center.',
          flaggedAt: '2026-04-27T10:00:00.000Z',
          updatedAt: '2026-04-27T10:00:00.000Z',
        },
      ]);

      const noted = await store.splitOutlets.note({
        domain: 'mixto.example',
        note: '  Checked 12 opinion pieces: still left.  ',
        at: '2026-04-28T09:00:00Z',
      });
      expect(noted.notes).toBe(
        'Opinion columns lean left; the newsroom reads center.\nChecked 12 opinion pieces: still left.',
      );

      // still split on re-rating: the first flag date and the notes stay
      await recordRating(store.ratings, {
        evidence: evidenceOf(true),
        asOf: '2026-05-10',
        changedAt: '2026-05-10T10:00:00Z',
        cause: 'editorial_change',
      });
      expect(await store.splitOutlets.get('mixto.example')).toMatchObject({
        flaggedAt: '2026-04-27T10:00:00.000Z',
        updatedAt: '2026-05-10T10:00:00.000Z',
        notes: expect.stringContaining('still left'),
      });

      const unsplit = await recordRating(store.ratings, {
        evidence: evidenceOf(false),
        asOf: '2026-06-01',
        changedAt: '2026-06-01T10:00:00Z',
        cause: 'editorial_change',
      });
      expect(unsplit.rating.rating.flags).not.toContain('split_outlet');
      expect(await store.splitOutlets.list()).toEqual([]);
      // the history keeps the flag of the ratings that were split
      const history = await store.ratings.history('mixto.example');
      expect(history.map((entry) => entry.rating.flags.includes('split_outlet'))).toEqual([true, true, false]);
    });

    test('a note for an outlet not on the list is refused, naming the field', async () => {
      const refused = store.splitOutlets.note({ domain: 'nadie.example', note: 'x', at: '2026-04-28T09:00:00Z' });
      await expect(refused).rejects.toBeInstanceOf(StoreError);
      await expect(refused).rejects.toMatchObject({ code: 'not_found', field: 'domain' });
      await expect(
        store.splitOutlets.note({ domain: 'mixto.example', note: '   ', at: '2026-04-28T09:00:00Z' }),
      ).rejects.toMatchObject({ code: 'invalid_input' });
    });
  });
}
