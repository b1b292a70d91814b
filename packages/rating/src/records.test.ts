import { describe, expect, test } from 'vitest';
import type { RatingEvidenceRecord } from '@espectro/methodology';
import { createMemoryRatingStore, recordRating } from './records.js';

const evidence: RatingEvidenceRecord = {
  domain: 'latercera.com',
  country: 'CL',
  editorial_scope: 'political',
  ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' },
  academic: [
    {
      source: 'Observatorio (demo)',
      date: '2025-07-01',
      quote: 'línea editorial de centroderecha',
      weight: 'primary',
      domestic: true,
    },
  ],
  academic_assessment: {
    bucket: 'right',
    factuality: 'high',
    relied_on: [{ source: 'Observatorio (demo)', quote: 'centroderecha' }],
  },
  content: {
    sample_size: 44,
    window_start: '2026-01-27',
    content_only_sesgo: 'right',
    content_only_factualidad: 'high',
  },
};

describe('recordRating (rule CON-4)', () => {
  test('the first rating records no change; a later change records one entry per field with its cause', async () => {
    const store = createMemoryRatingStore();
    const first = await recordRating(store, { evidence, asOf: '2026-04-27', changedAt: '2026-04-27T12:00:00Z' });
    expect(first.changes).toEqual([]);
    expect(first.rating.rating).toMatchObject({
      bias: 'right',
      confidence: 'medium',
      methodology_version: 'v1.2-2026-04',
      as_of: '2026-04-27',
    });
    expect(first.rating.rating_reviewed_at).toBe('2026-04-27');

    const contested: RatingEvidenceRecord = {
      ...evidence,
      content: { ...evidence.content!, content_only_sesgo: 'center' } as RatingEvidenceRecord['content'],
    };
    const second = await recordRating(store, {
      evidence: contested,
      asOf: '2026-05-02',
      cause: 'accepted_contestation',
      contestationId: 'c-1',
      changedAt: '2026-05-02T12:00:00Z',
    });
    // academic right vs content center: two votes disagree → the content vote, low (FUN-4)
    const changes = await store.changes('latercera.com');
    expect(changes).toEqual(second.changes);
    for (const change of changes)
      expect(change).toMatchObject({
        cause: 'accepted_contestation',
        contestationId: 'c-1',
        methodologyVersion: 'v1.2-2026-04',
      });
    expect(changes.map((change) => [change.field, change.previous, change.next])).toEqual([
      ['bias', 'right', 'center'],
      ['confidence', 'medium', 'low'],
    ]);
  });

  test('a change without a cause is refused; the store is unchanged', async () => {
    const store = createMemoryRatingStore();
    await recordRating(store, { evidence, asOf: '2026-04-27', changedAt: '2026-04-27T12:00:00Z' });
    const sold: RatingEvidenceRecord = {
      ...evidence,
      ownership: { owner_type: 'family-controlled', country_regime: 'democracy' },
    };
    await expect(
      recordRating(store, { evidence: sold, asOf: '2026-05-01', changedAt: '2026-05-01T00:00:00Z' }),
    ).rejects.toThrow(/rule CON-4/);
    expect((await store.get('latercera.com'))!.rating_evidence).toEqual(evidence);
    const { changes } = await recordRating(store, {
      evidence: sold,
      asOf: '2026-05-01',
      cause: 'ownership_change',
      changedAt: '2026-05-01T00:00:00Z',
    });
    expect(changes.map((change) => [change.field, change.previous, change.next, change.cause])).toEqual([
      ['ownership', 'corporate-conglomerate', 'family-controlled', 'ownership_change'],
    ]);
  });

  test('an accepted contestation must be named (CON-4)', async () => {
    const store = createMemoryRatingStore();
    await recordRating(store, { evidence, asOf: '2026-04-27', changedAt: '2026-04-27T12:00:00Z' });
    const changed: RatingEvidenceRecord = {
      ...evidence,
      academic_assessment: { ...evidence.academic_assessment, factuality: 'mixed' },
    };
    await expect(
      recordRating(store, {
        evidence: changed,
        asOf: '2026-05-01',
        cause: 'accepted_contestation',
        changedAt: '2026-05-01T00:00:00Z',
      }),
    ).rejects.toThrow(/contestationId/);
  });
});
