import { randomBytes } from 'node:crypto';
import { createManualClock } from '@espectro/ingest/testing';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PipelineBackends } from '../backends.js';
import { commitUnit, type PipelineContext } from '../context.js';
import { createJobRegistry, defineJob } from './registry.js';
import { createWorker } from './worker.js';

const UNITS = 40;

/**
 * A stage-like job doing database work only: it commits `UNITS` units (one `stop_probe` row each),
 * skipping those a previous attempt committed — as the pipeline's stages select their own work.
 */
const unitsJob = defineJob<{ cycleTime: string }, { onUnit: (ordinal: number) => void }>({
  name: 'probe-units',
  summary: 'commits one probe row per unit of work',
  payload: z.object({ cycleTime: z.string() }),
  plan: async (context) => [{ payload: { cycleTime: context.cycleTime.toISOString() }, singletonKey: 'units' }],
  async run(_payload, context) {
    const pipeline: PipelineContext = {
      store: context.store,
      backends: {} as PipelineBackends,
      clock: context.clock,
      signal: context.signal,
      hooks: { afterCommit: (ordinal) => context.services.onUnit(ordinal) },
    };
    const [row] = await context.store.database.query<{ done: number }>('SELECT count(*)::int AS done FROM stop_probe');
    let committed = 0;
    for (let unit = row!.done; unit < UNITS; unit += 1) {
      await commitUnit(pipeline, `probe:${unit}`, async (tx) => {
        await tx.execute(`INSERT INTO stop_probe (unit) VALUES (${unit})`);
      });
      committed += 1;
    }
    return { committed };
  },
});

/**
 * SIGTERM during a job doing only database work on embedded PGlite: PGlite answers without I/O, so
 * such a job never lets the event loop poll for signals; the stop used to be seen only once the
 * whole job (every unit) was done. Now every unit of work starts with a turn of the event loop and
 * a look at the stop signal.
 */
describe('a graceful stop during database-only work (embedded database)', () => {
  let test: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    store = createStore(test.database);
    await test.database.query('CREATE TABLE stop_probe (unit integer PRIMARY KEY)');
  }, 180_000);
  afterAll(async () => {
    await test?.cleanup();
  });

  it('stops at the next unit after SIGTERM, keeps the job for the next cycle and loses or repeats nothing', async () => {
    const schema = `espectro_queue_${randomBytes(4).toString('hex')}`;
    const clock = createManualClock(new Date('2026-12-01T08:00:00Z'));
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.on('SIGTERM', onSignal);
    let signalledAfter: number | null = null;
    const worker = await createWorker({
      store,
      registry: createJobRegistry([unitsJob]),
      services: {
        onUnit: (ordinal) => {
          if (ordinal === 3 && signalledAfter === null) {
            signalledAfter = ordinal;
            process.kill(process.pid, 'SIGTERM');
          }
        },
      },
      clock,
      queueSchema: schema,
    });
    try {
      const stopped = await worker.runCycle(controller.signal);
      const [afterStop] = await test.database.query<{ done: number }>('SELECT count(*)::int AS done FROM stop_probe');
      expect(signalledAfter).toBe(3);
      expect(stopped.stopped).toBe(true);
      // The unit running when the signal arrived finishes; no further unit starts.
      expect(afterStop!.done).toBe(3);
      // A stop is not a failure: no attempt is spent, nothing is left active or failed.
      expect(stopped.jobs['probe-units']).toMatchObject({ planned: 1, run: 1, failed: 0 });
      expect((await worker.depths())['probe-units']).toMatchObject({ active: 0, failed: 0 });

      // The next cycle (a restart) does the rest, each unit once.
      clock.set(new Date('2026-12-01T08:15:00Z'));
      const resumed = await worker.runCycle();
      expect(resumed.stopped).toBe(false);
      expect(resumed.jobs['probe-units']).toMatchObject({ run: 1, failed: 0, totals: { committed: UNITS - 3 } });
      const rows = await test.database.query<{ unit: number }>('SELECT unit FROM stop_probe ORDER BY unit');
      expect(rows.map((row) => row.unit)).toEqual(Array.from({ length: UNITS }, (_, index) => index));
      expect((await worker.depths())['probe-units']).toMatchObject({ queued: 0, active: 0, failed: 0 });
    } finally {
      process.off('SIGTERM', onSignal);
      await worker.stop();
      await test.database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  }, 180_000);
});
