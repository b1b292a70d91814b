import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import {
  CONTESTATION_DAY_WINDOW_MS,
  CONTESTATION_HOUR_WINDOW_MS,
  DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY,
  DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR,
  DEFAULT_CONTESTATIONS_PER_OUTLET_DAY,
} from './constants.js';
import { checkContestationRateLimit, type ContestationSubmission } from './rate-limit.js';
import { contestationRules } from './rules.js';

const base = Date.parse('2026-04-27T10:00:00Z');
const at = (minutes: number): string => new Date(base + minutes * 60_000).toISOString();
const submission = (minutes: number, contesterId = 'reader-1', outlet = 'latercera.com'): ContestationSubmission => ({
  contesterId,
  outlet,
  at: at(minutes),
});

describe('checkContestationRateLimit (rule CON-3)', () => {
  it('has defaults 3/hour and 10/day per contester, 50/day per outlet', () => {
    expect([
      DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR,
      DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY,
      DEFAULT_CONTESTATIONS_PER_OUTLET_DAY,
    ]).toEqual([3, 10, 50]);
    const parameters = contestationRules
      .find((rule) => rule.id === 'CON-3')!
      .parameters.map((parameter) => parameter.default);
    expect(parameters).toEqual([3, 10, 50, CONTESTATION_HOUR_WINDOW_MS, CONTESTATION_DAY_WINDOW_MS]);
  });

  it('allows the third in an hour and refuses the fourth until the oldest leaves the window', () => {
    const history = [submission(0), submission(12), submission(30)];
    expect(checkContestationRateLimit(history.slice(0, 2), submission(40))).toEqual({
      allowed: true,
      trace: ['CON-3'],
    });
    const refused = checkContestationRateLimit(history, submission(40));
    expect(refused).toMatchObject({
      allowed: false,
      rule: 'contester_hour',
      limit: 3,
      count: 3,
      windowMilliseconds: 3_600_000,
      retryAt: at(60),
      trace: ['CON-3'],
    });
    // Exactly 60 minutes after the oldest it no longer counts; one millisecond earlier it does.
    expect(checkContestationRateLimit(history, submission(60)).allowed).toBe(true);
    expect(
      checkContestationRateLimit(history, { ...submission(60), at: new Date(base + 3_600_000 - 1).toISOString() })
        .allowed,
    ).toBe(false);
    // Other contesters are not affected.
    expect(checkContestationRateLimit(history, submission(40, 'reader-2')).allowed).toBe(true);
  });

  it('applies the daily contester limit and the outlet limit across contesters', () => {
    const daily = Array.from({ length: 10 }, (_, index) => submission(index * 120));
    const refused = checkContestationRateLimit(daily, submission(1300));
    expect(refused).toMatchObject({ allowed: false, rule: 'contester_day', limit: 10, retryAt: at(1440) });
    const outlet = Array.from({ length: 50 }, (_, index) => submission(index, `reader-${index}`));
    const outletRefused = checkContestationRateLimit(outlet, submission(100, 'reader-new'));
    expect(outletRefused).toMatchObject({ allowed: false, rule: 'outlet_day', limit: 50, retryAt: at(1440) });
    expect(checkContestationRateLimit(outlet, submission(100, 'reader-new', 'biobiochile.cl')).allowed).toBe(true);
  });

  it('reports the binding limit (latest retryAt) and every violation', () => {
    const history = Array.from({ length: 10 }, (_, index) => submission(index * 5));
    const refused = checkContestationRateLimit(history, submission(50));
    if (refused.allowed) throw new Error('unreachable');
    expect(refused.violations.map((violation) => violation.rule)).toEqual(['contester_hour', 'contester_day']);
    expect(refused.rule).toBe('contester_day');
    expect(refused.retryAt).toBe(at(1440));
    expect(refused.message).toMatch(/last 24 hours/);
  });

  it('accepts custom limits and counts later-logged submissions conservatively', () => {
    expect(checkContestationRateLimit([submission(0)], submission(10), { perContesterHour: 1 })).toMatchObject({
      allowed: false,
      retryAt: at(60),
    });
    expect(checkContestationRateLimit([submission(30)], submission(10), { perContesterHour: 1 })).toMatchObject({
      allowed: false,
      retryAt: at(90),
    });
  });

  it('rejects bad input, naming the field', () => {
    try {
      checkContestationRateLimit([submission(0)], { ...submission(1), at: 'yesterday' }, { perOutletDay: 0 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodologyInputError);
      expect((error as MethodologyInputError).rule).toBe('CON-3');
      const paths = (error as MethodologyInputError).issues.map((issue) => issue.path);
      expect(paths).toContainEqual(['request', 'at']);
      expect(paths).toContainEqual(['limits', 'perOutletDay']);
    }
  });

  /** Largest number of times in any half-open window (s − W, s]. */
  function maxInWindow(times: number[], window: number): number {
    let best = 0;
    for (const end of times) best = Math.max(best, times.filter((time) => time > end - window && time <= end).length);
    return best;
  }

  const requestArbitrary = fc.record({
    contester: fc.integer({ min: 0, max: 2 }),
    outlet: fc.integer({ min: 0, max: 1 }),
    minute: fc.integer({ min: 0, max: 3 * 1440 }),
  });
  const limitsArbitrary = fc.record({
    perContesterHour: fc.integer({ min: 1, max: 4 }),
    perContesterDay: fc.integer({ min: 1, max: 12 }),
    perOutletDay: fc.integer({ min: 1, max: 15 }),
  });

  test.prop([fc.array(requestArbitrary, { maxLength: 120 }), limitsArbitrary, fc.boolean()])(
    'never lets more than the limit into any window, in time order or not',
    (requests, limits, sortByTime) => {
      const ordered = sortByTime ? [...requests].sort((left, right) => left.minute - right.minute) : requests;
      const history: ContestationSubmission[] = [];
      for (const request of ordered) {
        const candidate = submission(request.minute, `reader-${request.contester}`, `outlet${request.outlet}.cl`);
        const outcome = checkContestationRateLimit(history, candidate, limits);
        if (outcome.allowed) history.push(candidate);
        else expect(Date.parse(outcome.retryAt)).toBeGreaterThan(Date.parse(candidate.at));
      }
      const timesBy = (key: 'contesterId' | 'outlet', value: string) =>
        history.filter((entry) => entry[key] === value).map((entry) => Date.parse(entry.at));
      for (let contester = 0; contester < 3; contester += 1) {
        const times = timesBy('contesterId', `reader-${contester}`);
        expect(maxInWindow(times, CONTESTATION_HOUR_WINDOW_MS)).toBeLessThanOrEqual(limits.perContesterHour);
        expect(maxInWindow(times, CONTESTATION_DAY_WINDOW_MS)).toBeLessThanOrEqual(limits.perContesterDay);
      }
      for (let outlet = 0; outlet < 2; outlet += 1) {
        expect(maxInWindow(timesBy('outlet', `outlet${outlet}.cl`), CONTESTATION_DAY_WINDOW_MS)).toBeLessThanOrEqual(
          limits.perOutletDay,
        );
      }
    },
  );

  test.prop([fc.array(requestArbitrary, { minLength: 1, maxLength: 60 }), limitsArbitrary])(
    'is allowed again at retryAt when nothing else is submitted',
    (requests, limits) => {
      const history = requests.map((request) =>
        submission(request.minute, `reader-${request.contester}`, `outlet${request.outlet}.cl`),
      );
      const candidate = submission(3 * 1440, 'reader-0', 'outlet0.cl');
      const outcome = checkContestationRateLimit(history, candidate, limits);
      if (outcome.allowed) return;
      expect(checkContestationRateLimit(history, { ...candidate, at: outcome.retryAt }, limits).allowed).toBe(true);
      const justBefore = new Date(Date.parse(outcome.retryAt) - 1).toISOString();
      expect(checkContestationRateLimit(history, { ...candidate, at: justBefore }, limits).allowed).toBe(false);
    },
  );

  test.prop([
    fc.array(fc.record({ minute: fc.integer({ min: 0, max: 2880 }), client: fc.integer({ min: 0, max: 1 }) }), {
      maxLength: 80,
    }),
    limitsArbitrary,
  ])(
    'a client minting a new identity for every submission stays within the per-contester limits (issue 21 §3)',
    (requests, limits) => {
      const history: ContestationSubmission[] = [];
      requests
        .sort((left, right) => left.minute - right.minute)
        .forEach((request, index) => {
          const candidate = { ...submission(request.minute, `fresh-${index}`), clientKey: `client-${request.client}` };
          if (checkContestationRateLimit(history, candidate, limits).allowed) history.push(candidate);
        });
      for (const client of ['client-0', 'client-1']) {
        const times = history.filter((entry) => entry.clientKey === client).map((entry) => Date.parse(entry.at));
        expect(maxInWindow(times, CONTESTATION_HOUR_WINDOW_MS)).toBeLessThanOrEqual(limits.perContesterHour);
        expect(maxInWindow(times, CONTESTATION_DAY_WINDOW_MS)).toBeLessThanOrEqual(limits.perContesterDay);
      }
    },
  );

  it('without a client key, every fresh identity is a new contester (what the client key closes)', () => {
    const history = Array.from({ length: 5 }, (_, index) => submission(index, `fresh-${index}`));
    expect(checkContestationRateLimit(history, submission(6, 'fresh-6')).allowed).toBe(true);
    const keyed = history.map((entry) => ({ ...entry, clientKey: 'client-0' }));
    expect(checkContestationRateLimit(keyed, { ...submission(6, 'fresh-6'), clientKey: 'client-0' }).allowed).toBe(
      false,
    );
  });
});
