import { describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { searchIndex, searchIndexOf, SearchQuerySchema } from './search.js';
import { createSnapshotSiteData } from './snapshot.js';

const snapshot = buildFixtureSnapshot({ stories: 40 });
const data = createSnapshotSiteData(snapshot);
const index = await searchIndexOf(data);
const published = await data.listStories();
const find = async (q: string, tipo?: 'historias' | 'fuentes' | 'chequeos') =>
  (await searchIndex(index, SearchQuerySchema.parse({ q, ...(tipo ? { tipo } : {}) }), 500)).results.map(
    (result) => result.id,
  );

describe('search (Orama, Spanish and Portuguese)', () => {
  test('finds a published story by a word of its headline, in either language, and never a held one', async () => {
    const spanish = published.find((story) => story.language === 'es')!;
    const portuguese = published.find((story) => story.language === 'pt')!;
    const word = (title: string) => title.split(' ').find((token) => token.length > 6)!;
    expect(await find(word(spanish.title))).toContain(`story:${spanish.id}`);
    expect(await find(word(portuguese.title))).toContain(`story:${portuguese.id}`);
    const held = snapshot.stories.filter((story) => !story.publishGuard.publish);
    expect(held.length).toBeGreaterThan(0);
    for (const story of held) expect(await find(word(story.title) ?? story.title)).not.toContain(`story:${story.id}`);
  });

  test('folds accents and stems, across languages: "indice" finds "índice", "precos" finds "preços"', async () => {
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();
    for (const language of ['es', 'pt']) {
      const story = published.find(
        (candidate) => candidate.language === language && /[áéíóúãõç]/i.test(candidate.title),
      )!;
      const accented = story.title.split(' ').find((token) => /[áéíóúãõç]/i.test(token))!;
      expect(await find(fold(accented)), accented).toContain(`story:${story.id}`);
      expect(await find(accented.toUpperCase()), accented).toContain(`story:${story.id}`);
    }
    // A Spanish plural finds the singular (Snowball stems), and a Portuguese query finds Spanish text.
    const reform = published.find(
      (candidate) => candidate.language === 'es' && / reforma /.test(` ${candidate.title} `),
    );
    if (reform !== undefined) expect(await find('reformas')).toContain(`story:${reform.id}`);
    const prices = published.find((candidate) => candidate.language === 'es' && candidate.title.includes('precios'));
    if (prices !== undefined) expect(await find('índice de preços')).toContain(`story:${prices.id}`);
    expect(reform ?? prices).toBeDefined();
  });

  test('every word must match, and stop-words alone match nothing', async () => {
    expect(await find('de')).toEqual([]);
    expect(await find('índice xyzzyx')).toEqual([]);
    expect(await find('xyzzyx')).toEqual([]);
  });

  test('finds outlets by name and checks by their phrase, and filters by kind', async () => {
    expect((await find('Cordillera', 'fuentes'))[0]).toBe('outlet:cordillera.example');
    const check = snapshot.debates[0]!.checks.find((candidate) => candidate.status === 'published')!;
    const words = check.phrase
      .split(' ')
      .filter((token) => token.length > 5)
      .slice(0, 2)
      .join(' ');
    const checks = await find(words, 'chequeos');
    expect(checks).toContain(`check:${check.id}`);
    expect(checks.every((id) => id.startsWith('check:'))).toBe(true);
    // a check result opens the check's own page
    const found = (await searchIndex(index, SearchQuerySchema.parse({ q: words, tipo: 'chequeos' }), 500)).results;
    expect(found.find((result) => result.id === `check:${check.id}`)?.path).toBe(
      `/placar/${snapshot.debates[0]!.id}/checagens/${check.id.slice(check.id.lastIndexOf('#') + 1).replace('.', '-')}`,
    );
    expect((await find(words, 'historias')).every((id) => id.startsWith('story:'))).toBe(true);
  });

  test('the index is built once per data and queries are checked at the boundary', async () => {
    expect(await searchIndexOf(data)).toBe(index);
    expect(index.size).toBe(
      published.length +
        snapshot.outlets.length +
        snapshot.debates.flatMap((debate) => debate.checks.filter((c) => c.status === 'published')).length,
    );
    expect(SearchQuerySchema.safeParse({ q: '   ' }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(SearchQuerySchema.safeParse({ q: 'x', tipo: 'todo' }).success).toBe(false);
  });
});
