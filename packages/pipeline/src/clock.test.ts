import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock.js';

describe('createManualClock', () => {
  it('moves only when told, and never backwards', () => {
    const clock = createManualClock('2026-04-27T08:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-04-27T08:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-04-27T08:00:00.000Z');
    clock.advance(15 * 60_000);
    expect(clock.now().toISOString()).toBe('2026-04-27T08:15:00.000Z');
    clock.set('2026-04-28T00:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-04-28T00:00:00.000Z');
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.set('2026-04-27T00:00:00Z')).toThrow(RangeError);
    expect(() => createManualClock('not a date')).toThrow(RangeError);
  });

  it('hands out copies, so a caller cannot move it by mutating a Date', () => {
    const clock = createManualClock('2026-04-27T08:00:00Z');
    clock.now().setUTCFullYear(2030);
    expect(clock.now().getUTCFullYear()).toBe(2026);
  });
});
