/**
 * The pipeline's clock. Every stage reads time only through the clock it is given, so tests and
 * simulations (the worker running several days in seconds) inject their own. The shape is the
 * one of `@espectro/ingest`'s `Clock` (its `now()`), which is the project's one clock concept: any
 * clock of ingest can be passed here.
 */

/** Something that tells the current instant. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told to (for tests and simulated days). */
export interface ManualClock extends Clock {
  /** Moves the clock forward by `milliseconds` (negative values are refused). */
  advance(milliseconds: number): Date;
  /** Sets the clock to an instant (it may not go back). */
  set(instant: Date | string): Date;
}

/**
 * A manual clock starting at `start`; it never goes backwards.
 *
 * @example
 * const clock = createManualClock('2026-04-27T08:00:00Z');
 * clock.advance(15 * 60_000); // 08:15
 * await drainRetryQueue({ ...context, clock });
 */
export function createManualClock(start: Date | string): ManualClock {
  let current = new Date(start);
  if (Number.isNaN(current.getTime())) throw new RangeError(`createManualClock: "${String(start)}" is not a date`);
  return {
    now: () => new Date(current.getTime()),
    advance(milliseconds) {
      if (!(milliseconds >= 0)) throw new RangeError('createManualClock: the clock only moves forward');
      current = new Date(current.getTime() + milliseconds);
      return new Date(current.getTime());
    },
    set(instant) {
      const next = new Date(instant);
      if (Number.isNaN(next.getTime()) || next.getTime() < current.getTime())
        throw new RangeError('createManualClock: the clock only moves forward');
      current = next;
      return new Date(current.getTime());
    },
  };
}
