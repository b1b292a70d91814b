import { explainBlindspotFujaDaBolha, explainBlindspotPrisma } from '@espectro/methodology';
import { describe, expect, test } from 'vitest';
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { formatDateSpan, storyLocale } from '../i18n.js';
import { blindspotsOf, fujaCriteria, percentText, prismaCriteria } from './blindspots.js';
import { navigationTopicsOf } from './navigation.js';
import { createSnapshotSiteData } from './snapshot.js';
import { storySides } from './story-sides.js';
import type { SiteArticle, SiteStoryOutlet } from './types.js';
import { articleSpan } from './views.js';

const political = (domain: string, bias: 'left' | 'center' | 'right'): SiteStoryOutlet => ({
  domain,
  name: domain,
  scope: 'political',
  bias,
  factuality: 'high',
  factualityScore: 80,
  ownerType: null,
});
const article = (id: string, domain: string, publishedAt: string): SiteArticle => ({
  id,
  domain,
  title: `Titular ${id}`,
  url: `https://${domain}/${id}`,
  publishedAt,
});

describe('blindspot criteria in words', () => {
  test('percentages read exactly: whole when exact, one decimal otherwise, so 15.4 % never reads 15 %', () => {
    expect(percentText('es', 3, 20)).toBe('15');
    expect(percentText('es', 2, 13)).toBe('15,4');
    expect(percentText('pt-BR', 1, 3)).toBe('33,3');
    expect(percentText('es', 0, 0)).toBe('0');
  });

  test('Prisma: one BS-PR-3 line per missing side, with its count, n and the 15 % limit', () => {
    const outlets = [
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((domain) => political(domain, 'left')),
      ...['g', 'h', 'i', 'j'].map((domain) => political(domain, 'center')),
    ];
    const explanation = explainBlindspotPrisma({
      outlets: outlets.map((outlet) => ({ domain: outlet.domain, scope: 'political', bias: outlet.bias })),
      topic: 'politics',
    });
    const lines = prismaCriteria(explanation, 'politics', 'es');
    expect(lines.map((line) => [line.rule, line.met])).toEqual([
      ['BS-PR-1', true],
      ['BS-PR-2', true],
      ['BS-PR-3', true],
      ['BS-PR-4', true],
    ]);
    expect(lines[2]!.text).toBe('Derecha: 0 de 10 medios con sesgo (0\u00a0%), como máximo 15\u00a0%');
    expect(lines[0]!.text).toBe('10 medios cubrieron la historia (se piden al menos 10)');
  });

  test('Fuja da Bolha: the five criteria of the focus side with their numbers, in pt-BR', () => {
    const right = { bias: 'right' as const, factualityScore: 80 };
    const explanation = explainBlindspotFujaDaBolha([
      right,
      right,
      right,
      right,
      right,
      { bias: 'center', factualityScore: 40 },
    ]);
    const lines = fujaCriteria(explanation, 'left', 'pt-BR');
    expect(lines.map((line) => line.rule)).toEqual(['BS-BR-1', 'BS-BR-2', 'BS-BR-3', 'BS-BR-4', 'BS-BR-5']);
    expect(lines.every((line) => line.met)).toBe(explanation.left.blindspot);
    expect(lines[2]!.text).toBe('Direita: 5 de 6 artigos com viés (83,3\u00a0%), pelo menos 33\u00a0%');
    expect(lines[4]!.text).toBe('1 de 6 artigos de veículos de baixa factualidade (16,7\u00a0%), menos de 35\u00a0%');
  });

  test('blindspots are computed once per list of stories', async () => {
    const stories = await createSnapshotSiteData(buildFixtureSnapshot({ stories: 40 })).listStories();
    expect(blindspotsOf(stories)).toBe(blindspotsOf(stories));
    expect(blindspotsOf(stories).prisma.every((view) => view.explanation.result.length > 0)).toBe(true);
    expect(navigationTopicsOf(stories, '2026-04-27T12:00:00Z')).toBe(
      navigationTopicsOf(stories, '2026-04-27T12:00:00Z'),
    );
    expect(navigationTopicsOf(stories, '2026-04-27T12:00:00Z').length).toBeGreaterThan(0);
    // Two days later nothing in the fixture is active coverage any more.
    expect(navigationTopicsOf(stories, '2026-04-30T12:00:00Z')).toEqual([]);
  });
});

describe('story sides', () => {
  test('groups articles by their outlet side, apart for non-political and unrated, with first and latest', () => {
    const sides = storySides({
      outlets: [
        political('izq.example', 'left'),
        political('der.example', 'right'),
        { ...political('dep.example', 'left'), scope: 'non_political', bias: null },
      ],
      articles: [
        article('a2', 'izq.example', '2026-04-02T10:00:00Z'),
        article('a1', 'izq.example', '2026-04-01T10:00:00Z'),
        article('b1', 'der.example', '2026-04-03T10:00:00Z'),
        article('c1', 'dep.example', '2026-04-01T09:00:00Z'),
        article('d1', 'blog.example', '2026-04-04T09:00:00Z'),
      ],
    });
    const byGroup = Object.fromEntries(sides.map((side) => [side.group, side]));
    expect(sides.map((side) => side.group)).toEqual(['left', 'center', 'right', 'nonPolitical', 'unrated']);
    expect(byGroup.left!.outlets[0]!.articles.map((entry) => entry.id)).toEqual(['a1', 'a2']);
    expect([byGroup.left!.first?.id, byGroup.left!.latest?.id]).toEqual(['a1', 'a2']);
    expect(byGroup.center).toMatchObject({ articleCount: 0, first: null, latest: null });
    expect(byGroup.nonPolitical!.articleCount).toBe(1);
    expect(byGroup.unrated!.outlets[0]!.name).toBe('blog.example');
  });

  test('article dates: the span of the news, ignoring unreadable dates', () => {
    expect(
      articleSpan([
        { publishedAt: '2026-04-03T10:00:00Z' },
        { publishedAt: 'no es una fecha' },
        { publishedAt: '2026-04-01T10:00:00Z' },
      ]),
    ).toEqual({ firstArticleAt: '2026-04-01T10:00:00Z', latestArticleAt: '2026-04-03T10:00:00Z' });
    expect(articleSpan([])).toEqual({ firstArticleAt: null, latestArticleAt: null });
    expect(formatDateSpan('es', '2026-04-03T10:00:00Z', '2026-04-03T23:00:00Z')).toBe('3 abr 2026');
    expect(formatDateSpan('es', '2026-04-03T10:00:00Z', '2026-04-05T08:00:00Z')).toBe('3–5 abr 2026');
    expect(formatDateSpan('es', null, null)).toBeNull();
    expect(storyLocale('pt')).toBe('pt-BR');
    expect(storyLocale('es')).toBe('es');
  });
});
