/**
 * `espectro worker --once` and `espectro status` on one embedded database, against the loopback
 * newsroom: one cycle fetches the registered feeds (one of them answers 404), and status shows the
 * cycle, the queue and the failing feed by its address with its error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, createNewsroom, generatedOutlets, type Newsroom } from '@espectro/ingest/testing';
import { openStore } from '@espectro/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../test-io.js';
import { statusCommand } from './status.js';
import { parseDuration, workerCommand } from './worker.js';

describe('espectro worker and espectro status', () => {
  let work: string;
  let newsroom: Newsroom;
  let missing: string;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'espectro-worker-'));
    newsroom = await createNewsroom({
      clock: createManualClock(new Date()),
      outlets: generatedOutlets(2, 4, new Date(Date.now() - 3_600_000)),
      scenarios: false,
    });
    missing = `${newsroom.origin}/feeds/retirado.xml`;
    const store = await openStore({ dataDir: join(work, 'db') });
    try {
      for (const feed of newsroom.feeds) await store.feeds.add({ url: feed.url, outlet: feed.outlet, kind: feed.kind });
      await store.feeds.add({ url: missing, outlet: 'retirado.example' });
    } finally {
      await store.close();
    }
  }, 300_000);
  afterAll(async () => {
    await newsroom?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('runs one cycle over the due feeds and exits; status shows the cycle, the queue and the failing feed', async () => {
    const workerIo = memoryIo(work);
    const code = await workerCommand.run(
      ['--once', '--db', 'db', '--embedder', 'offline', '--judge', 'none'],
      workerIo,
    );
    expect(workerIo.err()).toMatch(/espectro worker — pglite/);
    expect(code).toBe(0);
    expect(workerIo.out()).toMatch(
      /^cycle \S+ [\d.]+ s — feeds 3 \(2 new bodies, 0 unchanged, 1 failed\), articles \+8/m,
    );

    const statusIo = memoryIo(work);
    expect(await statusCommand.run(['--db', 'db'], statusIo)).toBe(0);
    const text = statusIo.out();
    expect(text).toMatch(/feeds {5}3 registered, 3 enabled, 1 failing or disabled/);
    expect(text).toContain(missing);
    expect(text).toMatch(/failed 404 at \S+ — \w+/);
    expect(text).toMatch(/cycle {5}\S+ by \S+: [\d.]+ s, 0 failed jobs; embedder \S+, judge none/);
    expect(text).toMatch(/queue {5}fetch-feeds +0 queued, 0 running, 0 failed, 1 done/);

    const jsonIo = memoryIo(work);
    expect(await statusCommand.run(['--db', 'db', '--json'], jsonIo)).toBe(0);
    const status = JSON.parse(jsonIo.out()) as {
      feeds: { failing: { url: string; last: { httpStatus: number; error: string } }[] };
      cycles: unknown[];
      failedJobs: unknown[];
    };
    expect(status.feeds.failing).toEqual([
      expect.objectContaining({ url: missing, last: expect.objectContaining({ httpStatus: 404 }) }),
    ]);
    expect(status.feeds.failing[0]!.last.error).toBeTruthy();
    expect(status.cycles).toHaveLength(1);
    expect(status.failedJobs).toEqual([]);
  }, 300_000);

  it('refuses a bad interval with the flag named', () => {
    expect(() => parseDuration('soon', '--interval')).toThrow(/--interval must be a duration like 30s/);
    expect(() => parseDuration('10ms', '--interval')).toThrow(/at least 1s/);
    expect(parseDuration('5m', '--interval')).toBe(300_000);
  });
});
