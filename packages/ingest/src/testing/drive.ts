/**
 * Running fetches against the newsroom on a manual clock without any verdict depending on speed:
 * simulated time is advanced only when every fetch doing network I/O is one the newsroom is
 * deliberately holding (or nothing is doing I/O and something waits on the clock). At that point
 * no real work can be overtaken by the jump, so a normal feed never times out because the machine
 * is slow, and the slow feed always does.
 */
import type { FeedFetcher } from '../fetch/fetcher.js';
import type { ManualClock } from './manual-clock.js';
import type { Newsroom } from './newsroom.js';

/** What {@link driveUntilSettled} watches. */
export interface DriveOptions {
  clock: ManualClock;
  fetcher: Pick<FeedFetcher, 'ioPending'>;
  newsroom: Pick<Newsroom, 'held'>;
  /** Real milliseconds between two looks (default 5). It changes how often we look, never what happens. */
  pollMs?: number;
}

/**
 * Awaits `work`, advancing `clock` to the next pending wait whenever it is safe (module comment).
 *
 * @example
 * const result = await driveUntilSettled(fetchDueFeeds({ … }), { clock, fetcher, newsroom });
 */
export async function driveUntilSettled<T>(work: Promise<T>, options: DriveOptions): Promise<T> {
  let settled = false;
  const watched = work.then(
    (value) => {
      settled = true;
      return value;
    },
    (error: unknown) => {
      settled = true;
      throw error;
    },
  );
  const pollMs = options.pollMs ?? 5;
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    if (settled) break;
    if (options.fetcher.ioPending === options.newsroom.held && options.clock.sleepers > 0) {
      options.clock.advanceToNextSleeper();
    }
  }
  return watched;
}
