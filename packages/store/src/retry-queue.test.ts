import { retryQueueContract } from '@espectro/synthesis/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { createStoreRetryQueue, type StoreRetryQueue } from './retry-queue.js';
import { createTestDatabase, testBackends, type TestDatabase } from './testing/index.js';

for (const backend of testBackends()) {
  describe(`retry queue on ${backend}`, () => {
    let test: TestDatabase;
    let queue: StoreRetryQueue;
    beforeAll(async () => {
      test = await createTestDatabase(backend);
      queue = createStoreRetryQueue(test.database);
    }, 60_000);
    afterAll(async () => {
      await test?.cleanup();
    });

    // The SYN-5 contract of @espectro/synthesis: every RetryQueue implementation passes it.
    retryQueueContract(
      async () => {
        await test.database.query('TRUNCATE synthesis_retry_queue');
        return queue;
      },
      { name: backend, numRuns: 25 },
    );

    it(`workers sharing the database process every due story exactly once (${backend === 'postgres' ? 'concurrently, separate connections' : 'sequentially: PGlite has one connection'})`, async () => {
      await test.database.query('TRUNCATE synthesis_retry_queue');
      const stories = Array.from({ length: 60 }, (_, index) => `story-${String(index).padStart(3, '0')}`);
      for (const storyId of stories) await queue.enqueue(storyId, 'quota', '2026-04-27T10:00:00Z');
      const now = '2026-04-27T11:00:00Z';
      const processed: string[] = [];
      // Each worker has its own connection pool on PostgreSQL (like separate processes).
      const workers: Database[] =
        backend === 'postgres'
          ? await Promise.all(
              Array.from({ length: 4 }, () =>
                openDatabase({
                  url: process.env.ESPECTRO_TEST_DATABASE_URL!,
                  schema: /schema (\w+)/.exec(test.database.location)![1]!,
                  migrate: false,
                  maxConnections: 2,
                }),
              ),
            )
          : [test.database, test.database];
      try {
        const work = async (database: Database, name: string) => {
          const mine = createStoreRetryQueue(database);
          for (;;) {
            const claimed = await mine.claimDue(now, 3, { workerId: name });
            if (claimed.length === 0) return;
            for (const entry of claimed) {
              processed.push(entry.storyId);
              await mine.markDone(entry.storyId);
            }
          }
        };
        if (backend === 'postgres')
          await Promise.all(workers.map((database, index) => work(database, `worker-${index}`)));
        else for (const [index, database] of workers.entries()) await work(database, `worker-${index}`);
      } finally {
        if (backend === 'postgres') await Promise.all(workers.map((database) => database.close()));
      }
      expect([...processed].sort()).toEqual(stories);
      expect(await queue.due('2026-04-28T00:00:00Z', 100)).toEqual([]);
    }, 60_000);

    it('rejects invalid instants and limits', async () => {
      await expect(queue.enqueue('s', 'quota', 'not a date')).rejects.toMatchObject({
        code: 'invalid_input',
        field: 'at',
      });
      await expect(queue.due('2026-04-27T10:00:00Z', -1)).rejects.toMatchObject({
        code: 'invalid_input',
        field: 'limit',
      });
    });
  });
}
