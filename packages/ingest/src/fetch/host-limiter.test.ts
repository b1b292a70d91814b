import { describe, expect, it } from 'vitest';
import { createManualClock } from '../testing/manual-clock.js';
import { HostLimiter } from './host-limiter.js';

describe('per-host limits', () => {
  it('keeps at most N requests in flight per host and spaces their starts by the interval, on the clock', async () => {
    const clock = createManualClock('2026-04-27T00:00:00Z');
    const limiter = new HostLimiter(clock, (host) =>
      host === 'a:443' ? { concurrency: 2, minIntervalMs: 1_000 } : { concurrency: 1, minIntervalMs: 0 },
    );
    const starts: Record<string, number[]> = { 'a:443': [], 'b:443': [] };
    let activeOnA = 0;
    let mostOnA = 0;
    const releases: (() => void)[] = [];
    const job = (host: string) =>
      limiter.run(host, async () => {
        starts[host]!.push(clock.now().getTime());
        if (host === 'a:443') {
          activeOnA += 1;
          mostOnA = Math.max(mostOnA, activeOnA);
          await new Promise<void>((resolve) => releases.push(resolve));
          activeOnA -= 1;
        }
      });
    const all = Promise.all([job('a:443'), job('a:443'), job('a:443'), job('a:443'), job('b:443'), job('b:443')]);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    // Drive: release one held request or advance the clock, until everything is done.
    for (let step = 0; step < 50 && starts['a:443']!.length + starts['b:443']!.length < 6; step += 1) {
      await settle();
      if (clock.sleepers > 0) clock.advanceToNextSleeper();
      else releases.shift()?.();
    }
    while (releases.length > 0) {
      releases.shift()!();
      await settle();
    }
    await all;
    expect(mostOnA).toBe(2);
    const origin = Date.parse('2026-04-27T00:00:00Z');
    const gaps = starts['a:443']!.map((at) => at - origin);
    for (let index = 1; index < gaps.length; index += 1)
      expect(gaps[index]! - gaps[index - 1]!).toBeGreaterThanOrEqual(1_000);
    // Host b has no interval: both start at once, unaffected by a's waits.
    expect(starts['b:443']).toEqual([origin, origin]);
    expect(limiter.queued).toBe(0);
  });
});
