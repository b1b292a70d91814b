import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { PG_COUNTRY_CAP_WINDOW_HOURS } from './constants.js';
import {
  compareCountryCapOrder,
  countryCapCount,
  countryCapCountUnchecked,
  type TimedCountryCapStory,
} from './country-cap.js';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 3, 27) + hours * HOUR).toISOString();
const story = (id: string, country: string | null, hours: number) => ({ id, country, publishedAt: at(hours) });

describe('countryCapCount (rule PG country_cap)', () => {
  it('counts the rolling 24 h before the story: a story exactly 24 h earlier is out, 23 h 59 in', () => {
    expect(PG_COUNTRY_CAP_WINDOW_HOURS).toBe(24);
    const target = story('m', 'AR', 48);
    const published = [
      story('a', 'AR', 24), // exactly 24 h earlier: out
      story('b', 'AR', 24 + 1 / 60), // 23 h 59 min earlier: in
      story('c', 'AR', 47), // in
      story('d', 'AR', 49), // later: out
      story('e', 'CL', 47), // other country: out
      story('f', 'AR', 0), // 48 h earlier: out (it would count in a 72-h window)
    ];
    expect(countryCapCount({ story: target, published })).toBe(2);
    expect(countryCapCount({ story: target, published, windowHours: 72 })).toBe(4);
  });

  it('orders stories published at the same instant by id, so exactly one of two counts the other', () => {
    const first = story('a1', 'MX', 10);
    const second = story('b2', 'MX', 10);
    expect(countryCapCount({ story: second, published: [first] })).toBe(1);
    expect(countryCapCount({ story: first, published: [second] })).toBe(0);
    expect(countryCapCount({ story: first, published: [first] })).toBe(0);
  });

  it('never caps a story without a country', () => {
    expect(countryCapCount({ story: story('x', null, 5), published: [story('y', null, 4)] })).toBe(0);
  });

  it('refuses a bad input naming the rule and the field', () => {
    let error: unknown;
    try {
      countryCapCount({ story: { id: 'x', country: 'AR', publishedAt: 'yesterday' }, published: [] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MethodologyInputError);
    expect((error as MethodologyInputError).rule).toBe('PG');
    expect((error as MethodologyInputError).message).toMatch(/publishedAt/);
  });

  const timedStory = fc.record({
    id: fc.string({ minLength: 1, maxLength: 3 }),
    country: fc.constantFrom('AR', 'CL', null),
    time: fc.integer({ min: 0, max: 96 }).map((hours) => hours * HOUR),
  });

  test.prop([timedStory, fc.array(timedStory, { maxLength: 30 }), fc.nat()])(
    'does not depend on the order of the published stories',
    (target, published, seed) => {
      const shuffled = [...published].sort(
        (left, right) => ((left.time * 31 + seed) % 97) - ((right.time * 31 + seed) % 97) || 0,
      );
      expect(countryCapCountUnchecked(target, shuffled)).toBe(countryCapCountUnchecked(target, published));
    },
  );

  test.prop([timedStory, fc.array(timedStory, { maxLength: 30 })])(
    'equals a plain filter of the definition, and only grows with the window',
    (target, published) => {
      const expected = published.filter(
        (other) =>
          target.country !== null &&
          other.country === target.country &&
          other.id !== target.id &&
          other.time > target.time - 24 * HOUR &&
          (other.time < target.time || (other.time === target.time && other.id < target.id)),
      ).length;
      expect(countryCapCountUnchecked(target, published)).toBe(expected);
      expect(countryCapCountUnchecked(target, published, 72)).toBeGreaterThanOrEqual(expected);
    },
  );

  test.prop([fc.array(timedStory, { minLength: 2, maxLength: 12 })])(
    'of two distinct stories of one country inside the window, exactly one counts the other',
    (stories) => {
      const unique = [...new Map(stories.map((entry) => [entry.id, entry])).values()];
      for (const left of unique)
        for (const right of unique) {
          if (left.id === right.id || left.country === null || left.country !== right.country) continue;
          if (Math.abs(left.time - right.time) >= 24 * HOUR) continue;
          const counts =
            countryCapCountUnchecked(left, [right] as TimedCountryCapStory[]) +
            countryCapCountUnchecked(right, [left] as TimedCountryCapStory[]);
          expect(counts).toBe(1);
          expect(Math.sign(compareCountryCapOrder(left, right))).toBe(-Math.sign(compareCountryCapOrder(right, left)));
        }
    },
  );
});
