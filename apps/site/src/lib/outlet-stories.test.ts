import { describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { t } from '../i18n.js';
import { outletRecentStories, outletStoriesIntroKey } from './outlet-stories.js';

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

describe('outletStoriesIntroKey (the sentence above the list)', () => {
  test('one story is "the only one", all shown is "the N", a cut list is "the N newest of M"', () => {
    const intro = (shown: number, total: number, locale: 'es' | 'pt-BR' = 'es') =>
      t(locale, outletStoriesIntroKey(shown, total), { shown, total });
    expect(intro(1, 1)).toMatch(/^La única historia publicada/);
    expect(intro(1, 1, 'pt-BR')).toMatch(/^A única história publicada/);
    expect(intro(4, 4)).toMatch(/^Las 4 historias publicadas/);
    expect(intro(10, 37)).toMatch(/^Las 10 más recientes de 37 historias/);
    expect(intro(10, 37, 'pt-BR')).toMatch(/^As 10 mais recentes de 37 histórias/);
  });
});
