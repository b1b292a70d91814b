import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { TOPICS } from '../shared/schemas.js';
import { NAV_TOPICS_MAX, NAV_TOPICS_WINDOW_HOURS, navigationTopics, type ActiveCoverageStory } from './topics.js';

const AS_OF = '2026-04-27T12:00:00.000Z';
const hoursBefore = (hours: number) => new Date(Date.parse(AS_OF) - hours * 3_600_000).toISOString();

describe('navigationTopics worked examples (TOP-NAV, seed 003 §4)', () => {
  it('ranks topics by the unique domains of their active stories', () => {
    expect(
      navigationTopics({
        asOf: AS_OF,
        stories: [
          { topic: 'economy', outlets: 7, publishedAt: hoursBefore(2) },
          { topic: 'politics', outlets: 5, publishedAt: hoursBefore(3) },
          { topic: 'politics', outlets: 6, publishedAt: hoursBefore(30) },
          { topic: 'sports', outlets: 30, publishedAt: hoursBefore(60) },
        ],
      }),
    ).toEqual([
      { topic: 'politics', outlets: 11, stories: 2 },
      { topic: 'economy', outlets: 7, stories: 1 },
    ]);
  });

  it(`counts a story for ${NAV_TOPICS_WINDOW_HOURS} h: at exactly the window's start it is out, at asOf it is in, after asOf it is out`, () => {
    const at = (publishedAt: string) =>
      navigationTopics({ asOf: AS_OF, stories: [{ topic: 'health', outlets: 3, publishedAt }] });
    expect(at(hoursBefore(NAV_TOPICS_WINDOW_HOURS))).toEqual([]);
    expect(at(hoursBefore(NAV_TOPICS_WINDOW_HOURS - 0.001))).toHaveLength(1);
    expect(at(AS_OF)).toHaveLength(1);
    expect(at(hoursBefore(-1))).toEqual([]);
    // A 72-hour window is not the rule: a story 60 h old is not active.
    expect(at(hoursBefore(60))).toEqual([]);
  });

  it(`shows at most ${NAV_TOPICS_MAX} topics, breaking ties by stories and then by catalogue order`, () => {
    const stories: ActiveCoverageStory[] = TOPICS.map((topic) => ({ topic, outlets: 4, publishedAt: hoursBefore(1) }));
    stories.push({ topic: 'science', outlets: 2, publishedAt: hoursBefore(1) });
    stories.push({ topic: 'science', outlets: 2, publishedAt: hoursBefore(1) });
    const shown = navigationTopics({ asOf: AS_OF, stories });
    expect(shown.map((entry) => entry.topic)).toEqual(
      ['science', ...TOPICS.filter((t) => t !== 'science')].slice(0, 5),
    );
    expect(shown[0]).toEqual({ topic: 'science', outlets: 8, stories: 3 });
  });

  it('never counts unclassified stories or stories without outlets', () => {
    expect(
      navigationTopics({
        asOf: AS_OF,
        stories: [
          { topic: null, outlets: 40, publishedAt: hoursBefore(1) },
          { topic: 'culture', outlets: 0, publishedAt: hoursBefore(1) },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses malformed input naming the rule and the field', () => {
    try {
      navigationTopics({ asOf: 'ayer', stories: [] });
      throw new Error('expected an error');
    } catch (error) {
      expect(error).toBeInstanceOf(MethodologyInputError);
      expect(String(error)).toContain('TOP-NAV');
      expect(String(error)).toContain('asOf');
    }
  });
});

const storyArbitrary = fc.record({
  topic: fc.option(fc.constantFrom(...TOPICS), { nil: null }),
  outlets: fc.nat({ max: 40 }),
  publishedAt: fc.integer({ min: -24, max: 120 }).map((hours) => hoursBefore(hours)),
});

describe('navigationTopics properties', () => {
  test.prop([fc.array(storyArbitrary, { maxLength: 60 }), fc.nat({ max: 12 })])(
    'each entry is the exact active sum of its topic, entries are ranked and unique, and none is left out that outranks one shown',
    (stories, limit) => {
      const shown = navigationTopics({ asOf: AS_OF, stories, limit });
      expect(shown.length).toBeLessThanOrEqual(limit);
      const active = stories.filter(
        (story) =>
          story.topic !== null &&
          Date.parse(story.publishedAt) > Date.parse(AS_OF) - NAV_TOPICS_WINDOW_HOURS * 3_600_000 &&
          Date.parse(story.publishedAt) <= Date.parse(AS_OF),
      );
      const all = TOPICS.map((topic) => {
        const mine = active.filter((story) => story.topic === topic);
        return { topic, outlets: mine.reduce((sum, story) => sum + story.outlets, 0), stories: mine.length };
      }).filter((entry) => entry.outlets > 0);
      all.sort((a, b) => b.outlets - a.outlets || b.stories - a.stories);
      expect(shown).toEqual(all.slice(0, limit));
      expect(new Set(shown.map((entry) => entry.topic)).size).toBe(shown.length);
    },
  );

  test.prop([fc.array(storyArbitrary, { maxLength: 40 })])('does not depend on the order of the stories', (stories) => {
    expect(navigationTopics({ asOf: AS_OF, stories: [...stories].reverse() })).toEqual(
      navigationTopics({ asOf: AS_OF, stories }),
    );
  });
});
