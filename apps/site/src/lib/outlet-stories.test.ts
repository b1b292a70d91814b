import { describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { outletRecentStories } from './outlet-stories.js';

describe('outletRecentStories', () => {
  const stories = buildFixtureSnapshot({ stories: 40 }).stories;

  test("keeps the list's order, only stories counting the outlet, and the full count", () => {
    const domain = stories[0]!.outlets[0]!.domain;
    const covering = stories.filter((story) => story.outlets.some((outlet) => outlet.domain === domain));
    const { stories: shown, total } = outletRecentStories(stories, domain, 3);
    expect(total).toBe(covering.length);
    expect(shown.map((story) => story.id)).toEqual(covering.slice(0, 3).map((story) => story.id));
  });

  test('an outlet no story counts has none', () => {
    expect(outletRecentStories(stories, 'no-existe.example')).toEqual({ stories: [], total: 0 });
  });
});
