/**
 * The `/healthz` verdict: a cycle is fresh for HEALTH_STALE_AFTER_INTERVALS × max(interval, its
 * duration); older is stale, no cycle is unhealthy, and the interval is the worker's recorded one.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CYCLE_INTERVAL_MS,
  HEALTH_STALE_AFTER_INTERVALS,
  judgeCycleFreshness,
  recordedIntervalMs,
} from './health.js';

const finishedAt = '2026-12-02T05:00:00.000Z';
const at = (offsetMs: number) => new Date(new Date(finishedAt).getTime() + offsetMs);

describe('judgeCycleFreshness', () => {
  it('calls a service with no cycle unhealthy and says what to start', () => {
    const verdict = judgeCycleFreshness(undefined, at(0));
    expect(verdict).toMatchObject({ healthy: false, ageMs: null });
    expect(verdict.reason).toMatch(/espectro serve/);
  });

  it('uses the recorded interval: 3 minutes are fresh at 60 s, stale at 30 s', () => {
    const cycle = (intervalMs: number) => ({ finishedAt, durationMs: 1_000, meta: { intervalMs } });
    expect(judgeCycleFreshness(cycle(60_000), at(180_000)).healthy).toBe(true);
    expect(judgeCycleFreshness(cycle(30_000), at(180_000))).toMatchObject({ healthy: false, maxAgeMs: 90_000 });
    expect(judgeCycleFreshness(cycle(30_000), at(180_000)).reason).toMatch(/more than 3 cycle intervals/);
    expect(recordedIntervalMs({ finishedAt, durationMs: 0, meta: null })).toBe(DEFAULT_CYCLE_INTERVAL_MS);
  });

  test.prop([
    fc.integer({ min: 0, max: 3_600_000 }),
    fc.integer({ min: 0, max: 600_000 }),
    fc.integer({ min: 0, max: 48 * 3_600_000 }),
  ])('healthy exactly while the age is within the stale bound', (intervalMs, durationMs, ageMs) => {
    const verdict = judgeCycleFreshness({ finishedAt, durationMs, meta: { intervalMs } }, at(ageMs));
    const bound = HEALTH_STALE_AFTER_INTERVALS * Math.max(intervalMs, durationMs);
    expect(verdict.healthy).toBe(ageMs <= bound);
    expect(verdict.maxAgeMs).toBe(bound);
  });

  test.prop([fc.integer({ min: 0, max: 3_600_000 }), fc.integer({ min: 0, max: 3_600_000 }), fc.nat(3_600_000)])(
    'an older cycle is never healthier than a newer one',
    (intervalMs, ageMs, more) => {
      const cycle = { finishedAt, durationMs: 500, meta: { intervalMs } };
      const newer = judgeCycleFreshness(cycle, at(ageMs));
      const older = judgeCycleFreshness(cycle, at(ageMs + more));
      if (older.healthy) expect(newer.healthy).toBe(true);
    },
  );
});
