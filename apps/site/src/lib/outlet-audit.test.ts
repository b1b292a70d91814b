/**
 * The outlet page's audit read from a real store: last verification, every rating with its cause
 * (an unchanged re-rating included), the contestation with who resolved it, when and the notes,
 * the queue, the content analysis's provenance, and the daily content series.
 */
import type { RatingEvidenceRecord } from '@espectro/methodology';
import { recordRating, verifyRatings } from '@espectro/rating';
import * as storeModule from '@espectro/store';
import type { Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RATING_PARAMETERS } from '@espectro/methodology';
import { auditLabel } from '../i18n.js';
import { getOutletAudit, outletAuditFrom, seriesChart } from './outlet-audit.js';

const evidence: RatingEvidenceRecord = {
  domain: 'auditado.example',
  country: 'CL',
  editorial_scope: 'political',
  illustrative: true,
  ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' },
  academic: [{ source: 'Observatorio ficticio', date: '2025-03-01', weight: 'primary', domestic: true }],
  academic_assessment: { bucket: 'left', factuality: 'high' },
  content: {
    sample_size: 40,
    window_days: 90,
    window_start: '2026-01-27',
    gov_opp_ratio: 1.8,
    quote_distribution: { izq: 0.6, centro: 0.3, der: 0.1 },
    content_only_sesgo: 'left',
    content_only_factualidad: 'high',
    backend: 'llm:gemini/gemini-2.5-flash',
    prompt_id: 'article-rubric',
    prompt_version: '3',
    cost_usd: 0.0123,
  },
};

let database: TestDatabase;
let store: Store;

beforeAll(async () => {
  database = await createTestDatabase();
  store = storeModule.createStore(database.database);
  await recordRating(store.ratings, { evidence, asOf: '2026-04-27', changedAt: '2026-04-27T00:00:00Z' });
  await store.contestations.create({
    id: 'imp-audit',
    dimension: 'bias',
    outlet: 'auditado.example',
    contesterId: 'lector',
    text: 'No es de izquierda.',
    createdAt: '2026-04-28T10:00:00Z',
  });
  await store.contestations.transition('imp-audit', {
    to: 'triage',
    by: 'editora-2',
    at: '2026-04-28T11:00:00Z',
    notes: '',
  });
  await store.contestations.transition('imp-audit', {
    to: 'accepted',
    by: 'editora-2',
    at: '2026-04-28T12:00:00Z',
    notes: 'Se revisa la muestra.',
  });
  await store.ratingVerifications.record(verifyRatings(await store.ratings.list()).outlets, '2026-04-29T08:00:00Z');
  for (const day of ['2026-04-27', '2026-04-28', '2026-04-30'])
    await store.database.db.transaction((tx) =>
      storeModule.recordContentWindow(tx, {
        domain: 'auditado.example',
        day,
        windowStart: day,
        windowDays: 30,
        articles: 33,
        sampleSize: 30,
        bucket: day === '2026-04-30' ? 'center' : 'left',
        backend: 'lexicon-baseline (offline)',
        content: null,
        computedAt: `${day}T06:00:00Z`,
      }),
    );
}, 300_000);

afterAll(async () => {
  await database?.cleanup();
});

describe('the outlet audit', () => {
  test('shows verification, ratings with causes, the contestation and its resolution, the queue and the series', async () => {
    const audit = await outletAuditFrom(store, 'auditado.example', storeModule, '2026-04-30');
    expect(audit!.verification).toMatchObject({ verifiedAt: '2026-04-29T08:00:00.000Z', result: 'verified' });
    expect(audit!.ratings.map((entry) => [entry.kind, entry.bias])).toEqual([['initial', 'left']]);
    expect(audit!.contestations).toEqual([
      expect.objectContaining({
        id: 'imp-audit',
        status: 'accepted',
        transitions: [
          expect.objectContaining({ to: 'triage', by: 'editora-2' }),
          expect.objectContaining({ to: 'accepted', by: 'editora-2', notes: 'Se revisa la muestra.' }),
        ],
      }),
    ]);
    expect(audit!.reratings).toMatchObject([
      { status: 'pending', cause: 'accepted_contestation', contestationId: 'imp-audit' },
    ]);
    expect(audit!.analysis).toMatchObject({
      backend: 'llm:gemini/gemini-2.5-flash',
      promptId: 'article-rubric',
      promptVersion: '3',
      costUsd: 0.0123,
      govOppRatio: 1.8,
      quotes: { left: 0.6, center: 0.3, right: 0.1 },
      bucket: 'left',
    });
    expect(audit!.contentSeries.map((day) => [day.day, day.bucket])).toEqual([
      ['2026-04-27', 'left'],
      ['2026-04-28', 'left'],
      ['2026-04-30', 'center'],
    ]);
    // One bar per stored day, on a day axis: the missing 29th leaves a gap.
    expect(seriesChart(audit!.contentSeries)!.bars.map((bar) => bar.x)).toEqual([0, 10, 30]);
    expect(audit!.split).toBeNull();
    expect(audit!.ownershipHistory).toEqual([]);
    expect(await outletAuditFrom(store, 'nadie.example', storeModule)).toBeUndefined();
  });

  test("the ownership history joins the evidence's entries and the recorded events, saying which the rating has taken in", async () => {
    await recordRating(store.ratings, {
      evidence: {
        ...evidence,
        domain: 'vendido-audit.example',
        ownership: {
          owner_type: 'family-controlled',
          country_regime: 'democracy',
          ownership_history: [{ date: '2017', event: 'adquirido por Grupo Salinas' }],
        },
      },
      asOf: '2026-04-27',
      changedAt: '2026-04-27T09:00:00Z',
    });
    await store.ownershipEvents.record({
      domain: 'vendido-audit.example',
      date: '2026-04-20',
      event: 'vendido a Grupo Ficticio',
      controlChange: true,
      sourceUrl: 'https://registro.example/acta/3',
      recordedBy: 'editora-2',
      recordedAt: '2026-04-29T10:00:00Z',
    });
    const audit = await outletAuditFrom(store, 'vendido-audit.example', storeModule, '2026-04-30');
    expect(audit!.ownershipHistory).toEqual([
      {
        date: '2017',
        event: 'adquirido por Grupo Salinas',
        controlChange: false,
        inEvidence: true,
        recordedAt: null,
        recordedBy: null,
        sourceUrl: null,
        retraction: null,
      },
      {
        date: '2026-04-20',
        event: 'vendido a Grupo Ficticio',
        controlChange: true,
        inEvidence: false,
        recordedAt: '2026-04-29T10:00:00.000Z',
        recordedBy: 'editora-2',
        sourceUrl: 'https://registro.example/acta/3',
        retraction: null,
      },
    ]);
    expect(auditLabel('es', 'ownershipNote')).toContain(`últimos ${RATING_PARAMETERS.controlChangeMonths} meses`);
    // A retracted event stays in the audit, with who retracted it, when and why.
    const [sale] = await store.ownershipEvents.list({ domains: ['vendido-audit.example'] });
    await store.ownershipEvents.retract({
      id: sale!.id,
      reason: 'la venta no se concretó',
      retractedBy: 'editora-3',
      retractedAt: '2026-04-30T08:00:00Z',
    });
    const corrected = await outletAuditFrom(store, 'vendido-audit.example', storeModule, '2026-04-30');
    expect(corrected!.ownershipHistory.map((entry) => [entry.event, entry.retraction])).toEqual([
      ['adquirido por Grupo Salinas', null],
      [
        'vendido a Grupo Ficticio',
        { reason: 'la venta no se concretó', retractedBy: 'editora-3', retractedAt: '2026-04-30T08:00:00.000Z' },
      ],
    ]);
    expect(auditLabel('pt-BR', 'ownershipRetractedBy', { date: '30/04/2026', by: 'editora-3', reason: 'x' })).toBe(
      'Retirada em 30/04/2026 por editora-3: x',
    );
  });

  test('an outlet whose stored rating is split shows its split_outlets entry with the notes', async () => {
    await recordRating(store.ratings, {
      evidence: {
        ...evidence,
        domain: 'mixto-audit.example',
        notes: 'Columnas a la izquierda; noticias al centro.',
        content: {
          ...evidence.content!,
          news_sesgo: 'center',
          opinion_sesgo: 'left',
        } as RatingEvidenceRecord['content'],
      },
      asOf: '2026-04-27',
      changedAt: '2026-04-27T09:00:00Z',
    });
    await store.splitOutlets.note({
      domain: 'mixto-audit.example',
      note: 'Revisadas 10 columnas.',
      at: '2026-04-28T09:00:00Z',
    });
    const audit = await outletAuditFrom(store, 'mixto-audit.example', storeModule, '2026-04-30');
    expect(audit!.split).toEqual({
      newsBucket: 'center',
      opinionBucket: 'left',
      notes: ['Columnas a la izquierda; noticias al centro.', 'Revisadas 10 columnas.'],
      flaggedAt: '2026-04-27T09:00:00.000Z',
    });
  });

  test('the series texts say the REV-1 numbers of the methodology, in both locales', () => {
    const { contentDriftWindowDays: windowDays, contentDriftDays: driftDays } = RATING_PARAMETERS;
    expect(auditLabel('es', 'seriesTitle')).toBe(`Contenido de los últimos ${windowDays} días, día a día`);
    expect(auditLabel('es', 'seriesNote')).toContain(`ventana móvil de ${windowDays} días`);
    expect(auditLabel('es', 'seriesNote')).toContain(`${driftDays} días seguidos`);
    expect(auditLabel('pt-BR', 'seriesNote')).toContain(`janela móvel de ${windowDays} dias`);
    expect(auditLabel('pt-BR', 'seriesNote')).toContain(`por ${driftDays} dias seguidos`);
    for (const locale of ['es', 'pt-BR'] as const)
      for (const key of ['seriesTitle', 'seriesNote', 'splitNote'] as const)
        expect(auditLabel(locale, key)).not.toMatch(/[{}]/);
  });

  test('is not invented for a site that does not read the store', async () => {
    const previous = process.env.ESPECTRO_SITE_SOURCE;
    delete process.env.ESPECTRO_SITE_SOURCE;
    try {
      expect(await getOutletAudit('auditado.example')).toBeUndefined();
    } finally {
      if (previous !== undefined) process.env.ESPECTRO_SITE_SOURCE = previous;
    }
  });
});
