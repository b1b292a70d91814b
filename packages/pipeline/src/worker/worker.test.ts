import { randomBytes } from 'node:crypto';
import { createStore, openDatabase, type Store } from '@espectro/store';
import { TEST_DATABASE_URL_ENV, createTestDatabase, testBackends, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createManualClock } from '@espectro/ingest/testing';
import { createJobRegistry, defineJob } from './registry.js';
import { createWorker } from './worker.js';

/** A registry whose jobs write what they did into `worker_probe`, so the test can count runs. */
function probeRegistry(options: { jobs: number; failing?: string }) {
  const plan = defineJob({
    name: 'probe-write',
    summary: 'writes one probe row per key',
    payload: z.object({ key: z.string(), cycleTime: z.string() }),
    retryLimit: 1,
    async plan(context) {
      return Array.from({ length: options.jobs }, (_, index) => ({
        payload: { key: `k${index}`, cycleTime: context.cycleTime.toISOString() },
        singletonKey: `k${index}`,
      }));
    },
    async run(payload, context) {
      await context.store.database.query('INSERT INTO worker_probe (key, worker) VALUES ($1, $2)', [
        payload.key,
        (context.services as { name: string }).name,
      ]);
      if (payload.key === options.failing) throw new Error(`probe ${payload.key} refuses`);
      return { written: 1 };
    },
  });
  return createJobRegistry<{ name: string }>([plan]);
}

describe.each(testBackends())('the worker on %s', (backend) => {
  let test: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    test = await createTestDatabase(backend);
    store = createStore(test.database);
    await test.database.query('CREATE TABLE worker_probe (key text NOT NULL, worker text NOT NULL)');
  }, 180_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('plans, runs every job once, retries a failing one and keeps it as failed with its reason', async () => {
    const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
    const clock = createManualClock(new Date('2026-12-01T08:00:00Z'));
    const worker = await createWorker({
      store,
      registry: probeRegistry({ jobs: 12, failing: 'k3' }),
      services: { name: 'one' },
      clock,
      queueSchema: schema,
    });
    try {
      const summary = await worker.runCycle();
      expect(summary.cycleTime).toBe('2026-12-01T08:00:00.000Z');
      expect(summary.jobs['probe-write']).toMatchObject({ planned: 12, run: 13, failed: 2, totals: { written: 11 } });
      const rows = await test.database.query<{ key: string; count: string }>(
        'SELECT key, count(*)::text AS count FROM worker_probe GROUP BY key ORDER BY key',
      );
      // Every key once, k3 twice (first attempt and its one retry).
      expect(Object.fromEntries(rows.map((row) => [row.key, Number(row.count)]))).toEqual(
        Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`k${index}`, index === 3 ? 2 : 1])),
      );
      const depths = await worker.depths();
      expect(depths['probe-write']).toMatchObject({ queued: 0, active: 0, failed: 1, completed: 11 });
      const [failure] = await worker.queue.failures();
      expect(failure).toMatchObject({ name: 'probe-write', reason: 'probe k3 refuses' });
      const [cycle] = await store.workerCycles.list(1);
      expect(cycle?.summary).toMatchObject({ jobs: { 'probe-write': { planned: 12 } } });
    } finally {
      await worker.stop();
      await test.database.query('DELETE FROM worker_probe');
      await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  }, 180_000);
});

/**
 * The embedded database's `now()` reads the JavaScript clock (`Date.now`, whole milliseconds), and a
 * job is created with `start_after = now()`: a job planned and claimed within one millisecond is
 * not yet "due" by the database's clock. Freezing `Date.now` makes that millisecond last the whole
 * cycle, so the race that made a cycle leave its cluster job queued (issue 15: a cycle ended with
 * stored articles its cluster job never saw; the next cycle ran the stale job) happens every time.
 */
describe('the worker when the database clock does not move within a cycle (embedded database)', () => {
  let test: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    store = createStore(test.database);
    await test.database.query('CREATE TABLE worker_probe (key text NOT NULL, worker text NOT NULL)');
  }, 180_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('runs every job a cycle planned, and its retries, in that cycle — never in the next one', async () => {
    const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
    const clock = createManualClock(new Date('2026-12-01T08:00:00Z'));
    /** The cycle instant each attempt was planned at (its payload's `cycleTime`). */
    const plannedAt: string[] = [];
    const worker = await createWorker({
      store,
      registry: probeRegistry({ jobs: 2, failing: 'k1' }),
      services: { name: 'one' },
      clock,
      queueSchema: schema,
      onEvent: (event) => {
        if (event.type === 'job') plannedAt.push((event.attempt.payload as { cycleTime: string }).cycleTime);
      },
    });
    const frozenAt = Date.now();
    const inOneMillisecond = async () => {
      const frozen = vi.spyOn(Date, 'now').mockReturnValue(frozenAt);
      try {
        return await worker.runCycle();
      } finally {
        frozen.mockRestore();
      }
    };
    try {
      const first = await inOneMillisecond();
      // k0 once; k1 and its one retry (retryLimit 1), both failing. The old claim (`start_after < now()`) ran none.
      expect(first.jobs['probe-write']).toMatchObject({ planned: 2, run: 3, failed: 2, totals: { written: 1 } });
      expect(await worker.depths()).toMatchObject({ 'probe-write': { queued: 0, active: 0 } });
      expect(plannedAt).toEqual(Array.from({ length: 3 }, () => first.cycleTime));

      // The next cycle plans its own jobs (none of the last is left to take the key) and runs them.
      clock.set(new Date('2026-12-01T10:00:00Z'));
      plannedAt.length = 0;
      const second = await inOneMillisecond();
      expect(second.jobs['probe-write']).toMatchObject({ planned: 2, run: 3, failed: 2 });
      expect(plannedAt).toEqual(Array.from({ length: 3 }, () => second.cycleTime));
      const rows = await test.database.query<{ key: string; count: string }>(
        'SELECT key, count(*)::text AS count FROM worker_probe GROUP BY key ORDER BY key',
      );
      expect(Object.fromEntries(rows.map((row) => [row.key, Number(row.count)]))).toEqual({ k0: 2, k1: 4 });
    } finally {
      await worker.stop();
      await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  }, 180_000);
});

describe.runIf(testBackends().includes('postgres'))('two workers on one PostgreSQL database', () => {
  let test: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    second = await openDatabase({ url: process.env[TEST_DATABASE_URL_ENV]!, schema: test.schema!, migrate: false });
    await test.database.query('CREATE TABLE worker_probe (key text NOT NULL, worker text NOT NULL)');
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await test?.cleanup();
  });

  it('share the queue and run every job exactly once', async () => {
    const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
    const registry = probeRegistry({ jobs: 120 });
    const clock = createManualClock(new Date('2026-12-01T08:00:00Z'));
    const workers = await Promise.all(
      [createStore(test.database), createStore(second)].map((store, index) =>
        createWorker({ store, registry, services: { name: `w${index}` }, clock, queueSchema: schema }),
      ),
    );
    try {
      // Both plan the same cycle (singleton keys: the second plan queues nothing new) and drain together.
      const summaries = await Promise.all(workers.map((worker) => worker.runCycle()));
      expect(summaries.reduce((sum, summary) => sum + summary.jobs['probe-write']!.planned, 0)).toBe(120);
      const rows = await test.database.query<{ key: string; runs: string }>(
        'SELECT key, count(*)::text AS runs FROM worker_probe GROUP BY key',
      );
      expect(rows).toHaveLength(120);
      expect(rows.filter((row) => row.runs !== '1')).toEqual([]);
      expect(summaries.reduce((sum, summary) => sum + summary.jobs['probe-write']!.run, 0)).toBe(120);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  }, 180_000);
});
