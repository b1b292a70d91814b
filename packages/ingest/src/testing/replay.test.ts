import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock } from './manual-clock.js';
import { DEMO_REPLAY_LABEL, demoReplayOutlets, demoReplayStart } from './replay.js';

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

  it("starts the replay at the hour after the corpus's newest article, so no article is dated after the replay's clock", () => {
    const folder = mkdtempSync(join(tmpdir(), 'espectro-replay-start-'));
    try {
      mkdirSync(join(folder, 'feeds'));
      const item = (publishedAt: string) => ({
        title: 't',
        url: 'https://a.example/1',
        outlet: 'a.example',
        publishedAt,
      });
      writeFileSync(
        join(folder, 'feeds', 'a.json'),
        JSON.stringify({ items: [item('2025-10-10'), item('2026-08-08T19:30:16-05:00')] }),
      );
      writeFileSync(join(folder, 'feeds', 'b.json'), JSON.stringify({ items: [item('2026-08-09T00:00:00Z')] }));
      // The newest is 2026-08-09T00:30:16Z (the offset counts), so the replay starts at 01:00.
      expect(demoReplayStart(folder).toISOString()).toBe('2026-08-09T01:00:00.000Z');
      writeFileSync(join(folder, 'feeds', 'b.json'), JSON.stringify({ items: [item('2026-08-09T01:00:00Z')] }));
      // An article on the hour is already in the past at the next hour.
      expect(demoReplayStart(folder).toISOString()).toBe('2026-08-09T02:00:00.000Z');
      writeFileSync(join(folder, 'feeds', 'a.json'), JSON.stringify({ items: [] }));
      writeFileSync(join(folder, 'feeds', 'b.json'), JSON.stringify({ items: [] }));
      expect(() => demoReplayStart(folder)).toThrow(/no dated article/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const start = demoReplayStart(corpus);
    const items = demoReplayOutlets({ directory: corpus, start }).flatMap((outlet) => outlet.items);
    const newest = Math.max(...items.map((item) => Date.parse(item.publishedAt)));
    expect(newest).toBeLessThan(start.getTime());
    expect(start.getTime() - newest).toBeLessThanOrEqual(3_600_000);
  });
});
