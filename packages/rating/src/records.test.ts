import { describe, expect, test } from 'vitest';
import type { RatingEvidenceRecord } from '@espectro/methodology';
import { evidenceDigest } from './digest.js';
import { createMemoryRatingStore, recordRating } from './records.js';
import { ratingRecordStoreContract } from './testing/index.js';

ratingRecordStoreContract(() => createMemoryRatingStore(), { name: 'memory' });

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

describe('recordRating (rules EVID-1, CON-4)', () => {
  test('stores the funnel rating with the seal of its evidence; a change without an event takes the derived cause', async () => {
    const store = createMemoryRatingStore();
    const first = await recordRating(store, { evidence, asOf: '2026-04-27', changedAt: '2026-04-27T12:00:00Z' });
    expect(first.rating.rating).toMatchObject({
      bias: 'right',
      confidence: 'medium',
      methodology_version: 'v1.3-2026-12',
      as_of: '2026-04-27',
      evidence_sha256: evidenceDigest(evidence),
    });
    const center = {
      ...evidence,
      academic_assessment: { bucket: 'center' as const, factuality: 'high' as const },
      content: { ...evidence.content!, content_only_sesgo: 'center' as const },
    } as RatingEvidenceRecord;
    const second = await recordRating(store, {
      evidence: center,
      asOf: '2026-05-02',
      changedAt: '2026-05-02T12:00:00Z',
    });
    expect(second.changes.map((change) => [change.field, change.previous, change.next, change.cause])).toEqual([
      ['bias', 'right', 'center', 'editorial_change'],
    ]);
  });

  test('an accepted contestation names itself; without its id the re-rating is refused and nothing changes', async () => {
    const store = createMemoryRatingStore();
    await recordRating(store, { evidence, asOf: '2026-04-27', changedAt: '2026-04-27T12:00:00Z' });
    const sold = { ...evidence, ownership: { ...evidence.ownership!, owner_type: 'family-controlled' as const } };
    await expect(
      recordRating(store, {
        evidence: sold,
        asOf: '2026-05-01',
        changedAt: '2026-05-01T00:00:00Z',
        cause: 'accepted_contestation',
      }),
    ).rejects.toThrow(/contestationId/);
    expect((await store.get('latercera.com'))!.rating_evidence).toEqual(evidence);
    const accepted = await recordRating(store, {
      evidence: sold,
      asOf: '2026-05-01',
      changedAt: '2026-05-01T00:00:00Z',
      cause: 'accepted_contestation',
      contestationId: 'c-9',
    });
    expect(accepted.changes).toMatchObject([
      { field: 'ownership', cause: 'accepted_contestation', contestationId: 'c-9' },
    ]);
  });
});
