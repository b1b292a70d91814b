/**
 * A worker killed inside a stage job on PostgreSQL (issue 15): its pg-boss job stays `active`, and on
 * a stately queue no other job of that kind runs until it expires (an hour). The next worker must
 * see from the heartbeats that its claimant is dead and fail it through pg-boss so it runs now —
 * and must leave the job of a live worker alone.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, testBackends, type TestDatabase } from '@espectro/store/testing';
import { createManualClock } from '@espectro/ingest/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WORKER_DEAD_AFTER_HEARTBEATS, WORKER_HEARTBEAT_INTERVAL_MS, beat, workerIsDead } from './heartbeats.js';
import { openJobQueue } from './queue.js';
import { createJobRegistry, defineJob } from './registry.js';
import { createWorker } from './worker.js';

describe('workerIsDead', () => {
  const limit = WORKER_DEAD_AFTER_HEARTBEATS * WORKER_HEARTBEAT_INTERVAL_MS;
  const observer = (alive: boolean) => ({ workerId: 'here:1', host: 'here', isAlive: () => alive });

  it('a worker on another host is dead exactly when its beat is older than the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * limit }), fc.boolean(), (age, alive) => {
        const dead = workerIsDead({ workerId: 'there:7', host: 'there', pid: 7, beatAgeMs: age }, observer(alive));
        expect(dead).toBe(age > limit);
      }),
    );
  });

  it('on this host a gone process is dead at once; a live one by its beat; never the observer itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * limit }), fc.boolean(), (age, alive) => {
        expect(workerIsDead({ workerId: 'here:9', host: 'here', pid: 9, beatAgeMs: age }, observer(alive))).toBe(
          !alive || age > limit,
        );
        expect(workerIsDead({ workerId: 'here:1', host: 'here', pid: 1, beatAgeMs: age }, observer(alive))).toBe(false);
      }),
    );
  });

  it('the limit scales with the heartbeat interval', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 120_000 }), fc.integer({ min: 0, max: 1_000_000 }), (interval, age) => {
        const dead = workerIsDead(
          { workerId: 'there:7', host: 'there', pid: 7, beatAgeMs: age },
          { ...observer(true), heartbeatIntervalMs: interval },
        );
        expect(dead).toBe(age > WORKER_DEAD_AFTER_HEARTBEATS * interval);
      }),
    );
  });
});

/** A stage-like job: one per cycle on one singleton key (as `stageJob`), writing a probe row per run. */
const registry = createJobRegistry<Record<string, never>>([
  defineJob({
    name: 'probe-stage',
    summary: 'writes one probe row per run',
    payload: z.object({ cycleTime: z.string() }),
    retryLimit: 2,
    expireInSeconds: 3_600,
    plan: async (context) => [{ payload: { cycleTime: context.cycleTime.toISOString() }, singletonKey: 'probe-stage' }],
    async run(payload, context) {
      await context.store.database.query('INSERT INTO worker_probe (cycle_time) VALUES ($1)', [payload.cycleTime]);
      return { written: 1 };
    },
  }),
]);

describe.runIf(testBackends().includes('postgres'))('PostgreSQL: the jobs of a worker killed inside them', () => {
  let test: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    store = createStore(test.database);
    await test.database.query('CREATE TABLE worker_probe (cycle_time text NOT NULL)');
  }, 120_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  /**
   * Worker `dead` claims the cycle's job and stops there — as a process killed with SIGKILL inside
   * it would: the job active, its claim and heartbeat rows left. Then `age` ages that beat.
   */
  async function leaveActiveJob(schema: string, dead: { workerId: string; host: string; pid: number }, age: string) {
    const queue = await openJobQueue(test.database, registry as never, { schema, workerId: dead.workerId });
    await beat(test.database, dead);
    await queue.enqueue('probe-stage', [
      { payload: { cycleTime: '2026-12-01T07:00:00.000Z' }, singletonKey: 'probe-stage' },
    ]);
    expect(await queue.claim('probe-stage', 1)).toHaveLength(1);
    await queue.stop();
    await test.database.query(`UPDATE worker_heartbeats SET beat_at = now() - $2::interval WHERE worker_id = $1`, [
      dead.workerId,
      age,
    ]);
  }

  async function cycleOfAnotherWorker(schema: string, isAlive: (pid: number) => boolean) {
    const worker = await createWorker({
      store,
      registry,
      services: {},
      clock: createManualClock(new Date('2026-12-01T08:00:00Z')),
      queueSchema: schema,
      workerId: 'host-b:1',
      host: 'host-b',
      isAlive,
    });
    try {
      const summary = await worker.runCycle();
      const depths = (await worker.depths())['probe-stage'];
      const runs = await test.database.query<{ cycle_time: string }>(
        'SELECT cycle_time FROM worker_probe ORDER BY cycle_time',
      );
      return { summary, depths, runs: runs.map((row) => row.cycle_time) };
    } finally {
      await worker.stop();
      await test.database.query('DELETE FROM worker_probe');
    }
  }

  const cases = [
    {
      what: 'on the same host, its process gone',
      dead: { workerId: 'host-b:4242', host: 'host-b', pid: 4242 },
      age: '0 s',
    },
    {
      what: 'on another host, its beat a few minutes old',
      dead: { workerId: 'host-a:7', host: 'host-a', pid: 7 },
      age: '5 minutes',
    },
  ];

  it.each(cases)(
    'a worker killed inside a stage job ($what): the next worker fails it through pg-boss and runs it at once',
    async ({ dead, age }) => {
      const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
      try {
        await leaveActiveJob(schema, dead, age);
        const { summary, depths, runs } = await cycleOfAnotherWorker(schema, (pid) => pid !== dead.pid);
        expect(summary.recovered).toBe(1);
        // The dead worker's job (retried, its own cycle time) and this cycle's both ran; nothing is left active.
        expect(runs).toEqual(['2026-12-01T07:00:00.000Z', '2026-12-01T08:00:00.000Z']);
        expect(depths).toMatchObject({ queued: 0, active: 0, failed: 0, completed: 2 });
        const left = await test.database.query('SELECT worker_id FROM worker_job_claims WHERE queue_schema = $1', [
          schema,
        ]);
        expect(left).toEqual([]);
        const beats = await test.database.query<{ worker_id: string }>('SELECT worker_id FROM worker_heartbeats');
        expect(beats.map((row) => row.worker_id)).not.toContain(dead.workerId);
      } finally {
        await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await test.database.query('DELETE FROM worker_heartbeats');
      }
    },
    120_000,
  );

  it('the job of a live worker (fresh beat, on another host) is left to it', async () => {
    const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
    const live = { workerId: 'host-a:8', host: 'host-a', pid: 8 };
    try {
      await leaveActiveJob(schema, live, '0 s');
      const { summary, depths, runs } = await cycleOfAnotherWorker(schema, () => true);
      expect(summary.recovered).toBe(0);
      expect(runs).toEqual([]);
      expect(depths).toMatchObject({ active: 1, queued: 1 });
    } finally {
      await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await test.database.query('DELETE FROM worker_heartbeats');
    }
  }, 120_000);
});
