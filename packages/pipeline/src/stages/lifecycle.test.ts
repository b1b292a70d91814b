/**
 * The lifecycle from stored data on a manual clock: a 30-day run in which an outlet's content
 * drifts. Each simulated day stores the rolling 30-day bucket (`recordContentSeries`), decides who
 * is due from the stored series (`enqueueDueReratings` → `dueOutlets`, REV-1) and drains the queue
 * (`drainReratingQueue`). The drift re-rating fires on day 14, not on day 13, records cause
 * `editorial_change`, and does not fire again once the stored bucket follows the content. The real
 * content analysis over stored articles writes an insufficient run to `not_found`.
 */
import { fileURLToPath } from 'node:url';
import { createManualClock } from '@espectro/ingest/testing';
import { RATING_PARAMETERS, type ContentEvidence, type RatingEvidenceRecord } from '@espectro/methodology';
import { createArticleAnalyzer, recordRating } from '@espectro/rating';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PipelineBackends } from '../backends.js';
import type { PipelineContext } from '../context.js';
import {
  contentWindowEvidence,
  createContentWindowAnalyzer,
  enqueueDueReratings,
  lifecycleFacts,
  recordContentSeries,
  type ContentWindowAnalyzer,
} from './lifecycle.js';
import { drainReratingQueue } from './rerate.js';
import { randomBytes } from 'node:crypto';
import { createJobRegistry } from '../worker/registry.js';
import { newsroomJobs, ratingLifecycleJobs, type NewsroomServices } from '../worker/newsroom-jobs.js';
import { createWorker } from '../worker/worker.js';

const ACTORS = fileURLToPath(new URL('../../../../data/political-actors', import.meta.url));

const evidence = (domain: string): RatingEvidenceRecord => ({
  domain,
  country: 'AR',
  editorial_scope: 'political',
  illustrative: true,
  ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' },
  academic: [{ source: 'Observatorio ficticio', date: '2025-06-01', weight: 'primary', domestic: true }],
  academic_assessment: { bucket: 'right', factuality: 'high' },
  content: {
    sample_size: 40,
    window_start: '2026-01-01',
    content_only_sesgo: 'right',
    content_only_factualidad: 'high',
  },
});

/** A content analysis standing in for the model: from 2026-04-02 on, the outlet's content reads `center`. */
const drifting: ContentWindowAnalyzer = async (request) => {
  const bucket = request.asOf >= '2026-04-02' ? 'center' : 'right';
  const start = new Date(Date.parse(`${request.asOf}T00:00:00Z`) - (request.windowDays - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const content: ContentEvidence = {
    sample_size: 40,
    window_days: request.windowDays,
    window_start: start,
    content_only_sesgo: bucket,
    content_only_factualidad: 'high',
  };
  return { evidence: content, bucket, backend: 'scripted (test)', articles: 40, windowStart: start };
};

describe('the outlet lifecycle from stored data', () => {
  let test: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    test = await createTestDatabase();
    store = createStore(test.database);
    await recordRating(store.ratings, {
      evidence: evidence('deriva.example'),
      asOf: '2026-04-01',
      changedAt: '2026-04-01T00:00:00Z',
    });
    await recordRating(store.ratings, {
      evidence: evidence('quieto.example'),
      asOf: '2026-04-01',
      changedAt: '2026-04-01T00:00:00Z',
    });
  }, 180_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('re-rates a drifting outlet on day 14 of the drift, not on day 13, and only once in 30 days', async () => {
    expect((await store.ratings.get('deriva.example'))!.rating.bias).toBe('right');
    const clock = createManualClock('2026-04-02T06:00:00Z');
    const context: PipelineContext = { store, backends: {} as PipelineBackends, clock };
    // Only deriva.example drifts: quieto.example's content keeps reading right.
    const analyze: ContentWindowAnalyzer = (request) =>
      request.outlet === 'deriva.example' ? drifting(request) : drifting({ ...request, asOf: '2026-04-01' });
    const reratedOn: Record<string, string[]> = {};
    for (let day = 1; day <= 30; day += 1) {
      await recordContentSeries(context, analyze);
      await enqueueDueReratings(context);
      await drainReratingQueue(context, { content: analyze });
      for (const domain of ['deriva.example', 'quieto.example']) {
        const reratings = (await store.ratings.history(domain)).filter((row) => row.kind === 'rerating');
        reratedOn[domain] = reratings.map((row) => row.at.slice(0, 10));
      }
      if (day === RATING_PARAMETERS.contentDriftDays - 1) expect(reratedOn['deriva.example']).toEqual([]);
      clock.advance(86_400_000);
    }
    // Day 1 of the drift is 2026-04-02, day 14 is 2026-04-15.
    expect(reratedOn['deriva.example']).toEqual(['2026-04-15']);
    expect(reratedOn['quieto.example']).toEqual([]);
    const [rerating] = (await store.ratings.history('deriva.example')).filter((row) => row.kind === 'rerating');
    expect(rerating).toMatchObject({ cause: 'editorial_change', contestationId: null });
    expect(rerating!.notes).toMatch(
      /REV-1: the rolling content bucket differed from "right" on each of the last 14 days/,
    );
    expect(rerating!.changes).toContainEqual(
      expect.objectContaining({ field: 'bias', previous: 'right', next: 'center' }),
    );
    // The re-rating analysed the content again (90-day window) and rated from it.
    const stored = await store.ratings.get('deriva.example');
    expect(stored!.rating.bias).toBe('center');
    expect(stored!.rating_evidence).toMatchObject({ content: { content_only_sesgo: 'center', window_days: 90 } });
    const entries = await store.reratings.list({ domain: 'deriva.example' });
    expect(entries).toMatchObject([{ reason: 'content_drift', cause: 'editorial_change', status: 'done' }]);
    // The series holds one row per day and outlet, each with its 30-day window.
    const facts = await lifecycleFacts(store, await store.ratings.list(), '2026-05-01');
    expect(facts.get('quieto.example')!.drift).toHaveLength(30);
    const rows = await test.database.query<{ n: string; days: string }>(
      "SELECT count(*)::text AS n, min(window_days)::text AS days FROM outlet_content_series WHERE domain = 'deriva.example'",
    );
    expect(rows[0]).toEqual({ n: '30', days: String(RATING_PARAMETERS.contentDriftWindowDays) });
  }, 240_000);

  it('analyses stored articles for real and writes an insufficient run to not_found, keeping the content', async () => {
    await store.articles.insert(
      Array.from({ length: 5 }, (_, index) => ({
        url: `https://deriva.example/nota-${index}`,
        canonicalUrl: `https://deriva.example/nota-${index}`,
        domain: 'deriva.example',
        title: `El Gobierno anunció la medida ${index}`,
        titleKey: `el gobierno anuncio la medida ${index}`,
        description: 'El presidente defendió el ajuste ante la oposición.',
        language: 'es',
        publishedAt: `2026-04-2${index}T10:00:00Z`,
        firstSeenAt: `2026-04-2${index}T10:00:00Z`,
      })),
    );
    const analyze = createContentWindowAnalyzer({
      store,
      analyzer: createArticleAnalyzer({ env: {}, offline: true }),
      actorsDirectory: ACTORS,
    });
    const window = await analyze({ outlet: 'deriva.example', country: 'AR', asOf: '2026-05-01', windowDays: 30 });
    expect(window).toMatchObject({ bucket: 'insufficient', articles: 5, windowStart: '2026-04-01' });
    expect(window.backend).toMatch(/offline/);
    const before = (await store.ratings.get('deriva.example'))!.rating_evidence as RatingEvidenceRecord;
    const after = await contentWindowEvidence(analyze, before, '2026-05-01');
    expect(after.content).toEqual(before.content);
    expect(after.not_found?.at(-1)).toMatchObject({
      status: 'not-found',
      note: expect.stringMatching(/^insufficient/),
    });
  });

  it("runs as the worker jobs content-series and lifecycle-due; the worker's current model makes other-model ratings due", async () => {
    const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
    const older = evidence('modelo.example');
    await recordRating(store.ratings, {
      evidence: { ...older, content: { ...older.content!, backend: 'llm:gemini/gemini-2.0-flash' } as ContentEvidence },
      asOf: '2026-05-30',
      changedAt: '2026-05-30T00:00:00Z',
    });
    // The jobs use only the store, the content analysis and the current model: no backend, no fetcher.
    const services = {
      workerId: 'test-worker',
      contentWindows: drifting,
      currentModel: 'gemini-2.5-flash',
    } as unknown as NewsroomServices;
    const worker = await createWorker({
      store,
      registry: createJobRegistry(ratingLifecycleJobs()),
      services,
      clock: createManualClock('2026-06-01T06:00:00Z'),
      queueSchema: schema,
    });
    try {
      const summary = await worker.runCycle();
      expect(summary.jobs['content-series']).toMatchObject({ failed: 0, totals: { analysed: 3 } });
      expect(summary.jobs['lifecycle-due']).toMatchObject({ failed: 0, totals: { outlets: 3 } });
    } finally {
      await worker.stop();
      await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
    expect(await store.reratings.list({ domain: 'modelo.example' })).toMatchObject([
      {
        reason: 'new_model',
        cause: 'new_prompt_or_model_version',
        status: 'pending',
        detail: 'rated with model gemini-2.0-flash, current gemini-2.5-flash',
      },
    ]);
    // ratings whose content no model produced are not due for a model change
    for (const domain of ['deriva.example', 'quieto.example'])
      expect((await store.reratings.list({ domain })).map((entry) => entry.reason)).not.toContain('new_model');
    const series = await lifecycleFacts(store, await store.ratings.list(), '2026-06-01');
    expect(series.get('deriva.example')!.drift!.at(-1)).toEqual({ date: '2026-06-01', bucket: 'center' });
  }, 180_000);
  it("a recorded ownership event changes the worker's re-rating schedule; the re-rating takes it into the evidence", async () => {
    const owned = evidence('propiedad.example');
    await recordRating(store.ratings, {
      evidence: { ...owned, content: { ...owned.content!, window_start: '2026-03-15' } },
      asOf: '2026-06-10',
      changedAt: '2026-06-10T00:00:00Z',
    });
    const services = { workerId: 'test-worker', contentWindows: drifting } as unknown as NewsroomServices;
    const rerateJob = newsroomJobs().filter((job) => job.name === 'rerate');
    const clock = createManualClock('2026-06-20T06:00:00Z');
    const cycle = async () => {
      const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
      const worker = await createWorker({
        store,
        registry: createJobRegistry([...rerateJob, ...ratingLifecycleJobs()]),
        services,
        clock,
        queueSchema: schema,
      });
      try {
        await worker.runCycle();
      } finally {
        await worker.stop();
        await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      }
    };
    const ownershipReratings = async () =>
      (await store.reratings.list({ domain: 'propiedad.example' })).filter(
        (entry) => entry.reason === 'ownership_change',
      );

    await cycle();
    expect(await ownershipReratings()).toEqual([]);

    // Reported on 2026-06-21: a change of control dated 2026-06-05, before the last review (06-10).
    await store.ownershipEvents.record({
      domain: 'propiedad.example',
      date: '2026-06-05',
      event: 'adquirido por Grupo Ficticio',
      controlChange: true,
      recordedBy: 'editora',
      recordedAt: '2026-06-21T09:00:00Z',
    });
    expect(
      (await lifecycleFacts(store, await store.ratings.list(), '2026-06-20')).get('propiedad.example'),
    ).not.toHaveProperty('ownership_changed_at');
    expect(
      (await lifecycleFacts(store, await store.ratings.list(), '2026-06-21')).get('propiedad.example'),
    ).toMatchObject({ ownership_changed_at: '2026-06-21' });

    clock.set(new Date('2026-06-21T06:00:00Z'));
    await cycle(); // lifecycle-due enqueues; the next cycle's rerate drains
    expect(await ownershipReratings()).toMatchObject([{ cause: 'ownership_change', status: 'pending' }]);
    clock.set(new Date('2026-06-22T06:00:00Z'));
    await cycle();
    expect(await ownershipReratings()).toMatchObject([{ cause: 'ownership_change', status: 'done' }]);
    const [rerating] = (await store.ratings.history('propiedad.example')).filter((row) => row.kind === 'rerating');
    expect(rerating).toMatchObject({ cause: 'ownership_change', at: '2026-06-22T06:00:00.000Z' });
    const stored = await store.ratings.get('propiedad.example');
    // the event joined the evidence; CONF-CHANGE drops the content that predates the change
    expect((stored!.rating_evidence as RatingEvidenceRecord).ownership!.ownership_history).toEqual([
      { date: '2026-06-05', event: 'adquirido por Grupo Ficticio', control_change: true },
    ]);
    expect(stored!.rating.flags).toContain('content_predates_control_change');

    // once re-rated, the same event does not make the outlet due again
    clock.set(new Date('2026-06-23T06:00:00Z'));
    await cycle();
    expect(await ownershipReratings()).toHaveLength(1);

    // The sale never happened: retracting the change of control in effect enqueues the re-rating at
    // once (REV-1 alone would not: the outlet was reviewed after the event), and it is no longer a fact.
    const [sale] = await store.ownershipEvents.list({ domains: ['propiedad.example'] });
    const retraction = await store.ownershipEvents.retract({
      id: sale!.id,
      reason: 'la venta no se concretó',
      retractedBy: 'editora',
      retractedAt: '2026-06-23T12:00:00Z',
    });
    expect(retraction.rerating).toMatchObject({ cause: 'ownership_change', status: 'pending' });
    expect(
      (await lifecycleFacts(store, await store.ratings.list(), '2026-06-24')).get('propiedad.example'),
    ).not.toHaveProperty('ownership_changed_at');
    clock.set(new Date('2026-06-24T06:00:00Z'));
    await cycle();
    expect(await ownershipReratings()).toMatchObject([{ status: 'done' }, { status: 'done' }]);
    const corrected = await store.ratings.get('propiedad.example');
    expect((corrected!.rating_evidence as RatingEvidenceRecord).ownership!.ownership_history ?? []).toEqual([]);
    expect(corrected!.rating.flags).not.toContain('content_predates_control_change');
    expect(
      (await store.ratings.history('propiedad.example')).filter((row) => row.kind === 'rerating').at(-1),
    ).toMatchObject({ cause: 'ownership_change', at: '2026-06-24T06:00:00.000Z' });
    // and the retracted event makes nobody due again
    clock.set(new Date('2026-06-25T06:00:00Z'));
    await cycle();
    expect(await ownershipReratings()).toHaveLength(2);
  }, 240_000);
});
