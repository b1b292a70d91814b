/**
 * CON-4 end to end on the store: an accepted contestation (the transition the site's editor makes
 * through the store adapter) enqueues a re-rating in the same transaction, and one worker cycle of
 * the `rerate` job re-rates the outlet through `recordRating` with cause `accepted_contestation`,
 * naming the contestation, in the outlet's history. Preliminary outlets are marked failed visibly.
 */
import { randomBytes } from 'node:crypto';
import { createManualClock } from '@espectro/ingest/testing';
import type { RatingEvidenceRecord } from '@espectro/methodology';
import { recordRating } from '@espectro/rating';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PipelineBackends } from '../backends.js';
import { createJobRegistry } from '../worker/registry.js';
import { newsroomJobs, type NewsroomServices } from '../worker/newsroom-jobs.js';
import { createWorker } from '../worker/worker.js';
import { drainReratingQueue } from './rerate.js';

const evidence = (domain: string, academicDate: string): RatingEvidenceRecord => ({
  domain,
  country: 'AR',
  editorial_scope: 'political',
  illustrative: true,
  ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' },
  academic: [{ source: 'Observatorio ficticio', date: academicDate, weight: 'primary', domestic: true }],
  academic_assessment: { bucket: 'right', factuality: 'high' },
  content: {
    sample_size: 40,
    window_start: '2026-01-27',
    content_only_sesgo: 'right',
    content_only_factualidad: 'high',
  },
});

/** Opens, triages and accepts a contestation the way the editor does (store.contestations.transition). */
async function accept(store: Store, id: string, outlet: string, at: string): Promise<void> {
  await store.contestations.create({
    id,
    dimension: 'bias',
    outlet,
    contesterId: `lector-${id}`,
    text: 'La evidencia académica citada tiene más de cinco años.',
    createdAt: at,
  });
  await store.contestations.transition(id, { to: 'triage', by: 'editora-1', at, notes: '' });
  const accepted = await store.contestations.transition(id, {
    to: 'accepted',
    by: 'editora-1',
    at,
    notes: 'Fuente vencida: se recalifica.',
  });
  expect(accepted.triggersRerating).toBe(true);
  expect(accepted.rerating).toMatchObject({ domain: outlet, cause: 'accepted_contestation', contestationId: id });
}

describe('re-rating after an accepted contestation (CON-4)', () => {
  let test: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    test = await createTestDatabase();
    store = createStore(test.database);
    // The academic source is 4.9 years old on the first rating and older than 5 years (FUN-1) a
    // month later: the re-rating on the cycle's day must drop that vote, a real change.
    await recordRating(store.ratings, {
      evidence: evidence('clarin.example', '2021-05-01'),
      name: 'Clarín ficticio',
      asOf: '2026-04-01',
      changedAt: '2026-04-01T00:00:00Z',
    });
    await recordRating(store.ratings, {
      evidence: evidence('otro.example', '2025-05-01'),
      asOf: '2026-04-01',
      changedAt: '2026-04-01T00:00:00Z',
    });
    await store.outlets.ensurePreliminary([{ domain: 'nuevo.example', reason: 'en cola', addedAt: '2026-04-20' }]);
  }, 180_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('is enqueued with the acceptance, and one worker cycle records it with its cause', async () => {
    await accept(store, 'c-1', 'clarin.example', '2026-05-02T09:00:00Z');
    const before = await store.ratings.history('clarin.example');
    expect(await store.reratings.list({ status: 'pending' })).toHaveLength(1);

    const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
    const clock = createManualClock(new Date('2026-05-02T10:00:00Z'));
    // Only the rerate job of the newsroom's list runs here; it uses no backend or fetcher.
    const services = { workerId: 'test-worker' } as unknown as NewsroomServices;
    const worker = await createWorker({
      store,
      registry: createJobRegistry(newsroomJobs().filter((job) => job.name === 'rerate')),
      services,
      clock,
      queueSchema: schema,
    });
    try {
      const summary = await worker.runCycle();
      expect(summary.jobs['rerate']).toMatchObject({ planned: 1, failed: 0, totals: { outlets: 1, reratings: 1 } });
    } finally {
      await worker.stop();
      await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }

    const history = await store.ratings.history('clarin.example');
    expect(history).toHaveLength(before.length + 1);
    const latest = history.at(-1)!;
    expect(latest).toMatchObject({ kind: 'rerating', cause: 'accepted_contestation', contestationId: 'c-1' });
    expect(latest.at).toBe('2026-05-02T10:00:00.000Z');
    // The vote of the expired academic source is gone: a recorded CON-4 change with the cause.
    expect(latest.changes.length).toBeGreaterThan(0);
    expect(latest.changes.every((change) => change.cause === 'accepted_contestation')).toBe(true);
    expect((await store.ratings.get('clarin.example'))!.rating_reviewed_at).toBe('2026-05-02');
    const [entry] = await store.reratings.list({ domain: 'clarin.example' });
    expect(entry).toMatchObject({ status: 'done', outcome: 'rerated', processedAt: '2026-05-02T10:00:00.000Z' });
    expect(entry!.ratingId).not.toBeNull();
    // Drained: running the stage again re-rates nothing.
    const again = await drainReratingQueue({
      store,
      backends: {} as PipelineBackends,
      clock: createManualClock('2026-05-02T11:00:00Z'),
    });
    expect(again).toMatchObject({ outlets: 0, reratings: 0 });
    expect(await store.ratings.history('clarin.example')).toHaveLength(history.length);
  }, 180_000);

  it('writes one history row per accepted contestation and enqueues a contestation only once', async () => {
    await accept(store, 'c-2', 'otro.example', '2026-05-03T09:00:00Z');
    await accept(store, 'c-3', 'otro.example', '2026-05-03T09:30:00Z');
    const again = await store.reratings.enqueue([
      {
        domain: 'otro.example',
        reason: 'accepted_contestation',
        cause: 'accepted_contestation',
        contestationId: 'c-2',
        at: '2026-05-03T09:40:00Z',
      },
    ]);
    expect(again).toEqual([]);
    const report = await drainReratingQueue({
      store,
      backends: {} as PipelineBackends,
      clock: createManualClock('2026-05-03T10:00:00Z'),
    });
    expect(report).toMatchObject({ outlets: 1, reratings: 2, failed: 0 });
    const reratings = (await store.ratings.history('otro.example')).filter((row) => row.kind === 'rerating');
    expect(reratings.map((row) => [row.cause, row.contestationId])).toEqual([
      ['accepted_contestation', 'c-2'],
      ['accepted_contestation', 'c-3'],
    ]);
  });

  it('marks the entry of a preliminary outlet failed with its reason instead of blocking the queue', async () => {
    await accept(store, 'c-4', 'nuevo.example', '2026-05-04T09:00:00Z');
    const report = await drainReratingQueue({
      store,
      backends: {} as PipelineBackends,
      clock: createManualClock('2026-05-04T10:00:00Z'),
    });
    expect(report).toMatchObject({ outlets: 1, reratings: 0, failed: 1 });
    const [entry] = await store.reratings.list({ domain: 'nuevo.example' });
    expect(entry).toMatchObject({ status: 'failed', contestationId: 'c-4' });
    expect(entry!.lastError).toMatch(/preliminary/);
    expect(await store.ratings.history('nuevo.example')).toHaveLength(1);
  });

  it('refuses a request whose cause and contestation disagree, naming the field', async () => {
    await expect(
      store.reratings.enqueue([
        { domain: 'otro.example', reason: 'cadence', cause: 'accepted_contestation', at: '2026-05-05T00:00:00Z' },
      ]),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'contestationId' });
  });
});
