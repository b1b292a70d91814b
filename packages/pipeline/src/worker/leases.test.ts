/**
 * Feed leases of a dead worker end at the next worker's first cycle: every foreign lease when the
 * worker is the database's only one (PGlite), only those of dead processes on this host otherwise.
 */
import { spawnSync } from 'node:child_process';
import { createStore, type Store } from '@espectro/store';
import { createTestDatabase, type TestDatabase } from '@espectro/store/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseOrphanedFeedLeases } from './leases.js';

describe('releaseOrphanedFeedLeases', () => {
  let test: TestDatabase;
  let store: Store;
  const deadPid = spawnSync(process.execPath, ['-e', '0']).pid!;
  const holders = ['this-host:1', `this-host:${deadPid}`, `other-host:${deadPid}`, `this-host:${process.pid}`];

  beforeAll(async () => {
    test = await createTestDatabase();
    store = createStore(test.database);
  }, 120_000);
  afterAll(() => test?.cleanup());
  beforeEach(async () => {
    await test.database.query('DELETE FROM feeds');
    const now = new Date();
    for (const [index, holder] of holders.entries()) {
      await store.feeds.add({ url: `https://feeds${index}.example/rss`, outlet: `feeds${index}.example` }, now);
      const [claimed] = await store.feeds.claimDue(now, 1, { workerId: holder });
      expect(claimed).toBeDefined();
    }
  });
  const leased = async () =>
    (await store.feeds.list())
      .map((feed) => feed.leasedBy)
      .filter((holder) => holder !== null)
      .sort();

  it('as the only worker, ends every lease not its own', async () => {
    expect(await releaseOrphanedFeedLeases(store, { workerId: 'me:7', sole: true, host: 'this-host' })).toBe(4);
    expect(await leased()).toEqual([]);
  });

  it('beside other workers, ends only the leases of dead processes on this host', async () => {
    const released = await releaseOrphanedFeedLeases(store, {
      workerId: 'me:7',
      sole: false,
      host: 'this-host',
      isAlive: (pid) => pid === 1 || pid === process.pid,
    });
    expect(released).toBe(1);
    expect(await leased()).toEqual([`other-host:${deadPid}`, 'this-host:1', `this-host:${process.pid}`].sort());
  });
});
