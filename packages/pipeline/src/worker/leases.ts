/**
 * Feed leases left by a dead worker. A worker leases the feeds it fetches (`claimDueFeeds`, 10 min);
 * killed with kill -9 mid-fetch, its leases would keep those feeds from every worker until they
 * expire, so the next cycle would silently skip them. At its first cycle a worker ends the leases
 * that it knows are orphans: on embedded PGlite every lease not its own (the folder's lock makes it
 * the only worker), on PostgreSQL those of a worker id `<this host>:<pid>` whose process is gone.
 * Leases of live workers and of other hosts are left to expire.
 */
import { hostname } from 'node:os';
import type { Store } from '@espectro/store';
import { hostAndPid, processAlive } from './heartbeats.js';

/**
 * Ends the feed leases of dead workers (see the module comment) and resolves to how many ended.
 *
 * @example
 * await releaseOrphanedFeedLeases(store, { workerId: `${hostname()}:${process.pid}`, sole: true });
 */
export async function releaseOrphanedFeedLeases(
  store: Store,
  options: { workerId: string; sole: boolean; host?: string; isAlive?: (pid: number) => boolean },
): Promise<number> {
  const host = options.host ?? hostname();
  const isAlive = options.isAlive ?? processAlive;
  const holders = new Set<string>();
  for (const feed of await store.feeds.list()) {
    const holder = feed.leasedBy;
    if (holder === null || holder === options.workerId) continue;
    if (options.sole) holders.add(holder);
    else {
      const owner = hostAndPid(holder);
      if (owner !== undefined && owner.host === host && !isAlive(owner.pid)) holders.add(holder);
    }
  }
  return store.feeds.releaseLeases([...holders]);
}
