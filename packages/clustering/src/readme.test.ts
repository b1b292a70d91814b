import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { clusterArticles, createOfflineEmbedder } from './index.js';

describe('README', () => {
  it('the quick-start snippet gives the output the README shows', async () => {
    const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    expect(readme).toContain("{ id: 'a3', articleIds: ['a3', 'a4'] }");
    const articles = [
      { id: 'a1', title: 'El gran apagón', outlet: 'El País', date: '2025-04-29' },
      { id: 'a2', title: 'El gran apagón', outlet: 'El Mundo', date: '2025-04-29' },
      {
        id: 'a3',
        title: 'Junts rompe con Sánchez: "No tendrá capacidad para gobernar"',
        outlet: 'El País',
        date: '2025-10-28',
      },
      {
        id: 'a4',
        title: 'Junts consuma la ruptura y deja a Sánchez sin mayoría',
        outlet: 'La Vanguardia',
        date: '2025-10-28',
      },
    ];
    for (const article of articles) expect(readme).toContain(article.title.replace(/"/g, '"'));
    const embedder = createOfflineEmbedder();
    const { stories, backend } = await clusterArticles(articles, { embedder });
    expect(stories).toEqual([
      { id: 'a1', articleIds: ['a1', 'a2'] },
      { id: 'a3', articleIds: ['a3', 'a4'] },
    ]);
    expect(backend).toMatchObject({ embedder: 'offline-char-ngram-tfidf', search: 'exact-sparse' });
  });
});
