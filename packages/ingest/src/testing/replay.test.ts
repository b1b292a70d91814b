import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock } from './manual-clock.js';
import { DEMO_REPLAY_LABEL, demoReplayOutlets } from './replay.js';

const corpus = join(import.meta.dirname, '..', '..', '..', '..', 'examples', 'demo-data');

describe('demo-corpus replay', () => {
  it('releases every article of the corpus over the replay window, event by event, keeping its real date', () => {
    const clock = createManualClock('2026-04-27T06:00:00Z');
    const outlets = demoReplayOutlets({ directory: corpus, start: clock.now(), durationMs: 12 * 3_600_000 });
    const items = outlets.flatMap((outlet) => outlet.items);
    expect(outlets).toHaveLength(160);
    expect(items).toHaveLength(260);
    const visibleAt = (iso: string) => items.filter((item) => Date.parse(item.appearsAt!) <= Date.parse(iso)).length;
    expect(visibleAt('2026-04-27T06:00:00Z')).toBe(1);
    expect(visibleAt('2026-04-27T12:00:00Z')).toBeGreaterThan(60);
    expect(visibleAt('2026-04-27T12:00:00Z')).toBeLessThan(200);
    expect(visibleAt('2026-04-27T18:00:00Z')).toBe(260);
    // Publication dates are the corpus's own (2019–2026), not the replay's.
    expect(items.some((item) => item.publishedAt.startsWith('2019'))).toBe(true);
    expect(DEMO_REPLAY_LABEL).toMatch(/replay/);
  });
});
