import { describe, expect, test } from 'vitest';
import { alternatePaths, localeHref, localePath, pageOfPath } from './locales.js';

describe('pt-BR copies of the pages (locales.ts)', () => {
  test('a translated page links to its copy in the reader locale, keeping the fragment and query', () => {
    expect(localeHref('pt-BR', '/')).toBe('/pt');
    expect(localeHref('pt-BR', '/metodologia#PG')).toBe('/pt/metodologia#PG');
    expect(localeHref('pt-BR', '/temas/medio-ambiente/2')).toBe('/pt/temas/medio-ambiente/2');
    expect(localeHref('pt-BR', '/buscar?q=precos')).toBe('/pt/buscar?q=precos');
    expect(localeHref('es', '/metodologia#PG')).toBe('/metodologia#PG');
    // An outlet's page and a held story's review page have their copies too; the held list's pages are not review pages.
    expect(localeHref('pt-BR', '/fuentes/atacama.example')).toBe('/pt/fuentes/atacama.example');
    expect(localeHref('pt-BR', '/retenidas/h00002')).toBe('/pt/retenidas/h00002');
    expect(localeHref('pt-BR', '/retenidas/pagina/2')).toBe('/pt/retenidas/pagina/2');
    expect(alternatePaths('/retenidas/pagina')).toEqual([]);
    expect(localeHref('pt-BR', '/contestar?medio=atacama.example')).toBe('/pt/contestar?medio=atacama.example');
    expect(localeHref('pt-BR', '/editor')).toBe('/pt/editor');
  });

  test('a page in one language keeps its one address', () => {
    for (const path of ['/historia/h00001', '/fuja-da-bolha', '/placar', '/chile'])
      expect(localeHref('pt-BR', path), path).toBe(path);
  });

  test('alternates name both copies from either address, and none for a single-language page', () => {
    const both = [
      { locale: 'es', path: '/temas' },
      { locale: 'pt-BR', path: '/pt/temas' },
    ];
    expect(alternatePaths('/temas')).toEqual(both);
    expect(alternatePaths('/pt/temas/')).toEqual(both);
    expect(alternatePaths('/pt')).toEqual([
      { locale: 'es', path: '/' },
      { locale: 'pt-BR', path: '/pt' },
    ]);
    expect(alternatePaths('/fuja-da-bolha')).toEqual([]);
    expect(alternatePaths('/historia/h00001')).toEqual([]);
    expect(pageOfPath(localePath('pt-BR', '/retenidas/pagina/2'))).toEqual({
      path: '/retenidas/pagina/2',
      locale: 'pt-BR',
    });
  });
});
