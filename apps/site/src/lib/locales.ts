/**
 * Which pages exist in both locales, and where: a Spanish page at `<path>` has its Brazilian
 * Portuguese copy at `/pt<path>` (`/` → `/pt`) when its pattern is listed in {@link TRANSLATED_PAGES}.
 * The layout's language switch and `hreflang` links, and the sitemap's alternates, all read this
 * one list.
 */
import Negotiator from 'negotiator';
import type { Locale } from '../i18n.js';

/**
 * Path patterns (regular expressions over the Spanish path) of the pages that have a pt-BR copy.
 * Pages written in one language only (`/fuja-da-bolha` and `/placar` are Brazilian, `/chile` is
 * Chilean) are not listed.
 */
export const TRANSLATED_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/archivo(\/[1-9][0-9]*)?$/,
  /^\/temas$/,
  /^\/temas\/[a-z0-9-]+(\/[1-9][0-9]*)?$/,
  /^\/fuentes$/,
  /^\/fuentes\/[^/]+$/,
  /^\/prisma$/,
  /^\/metodologia$/,
  /^\/datos$/,
  /^\/datos\/api$/,
  /^\/buscar$/,
  /^\/retenidas(\/pagina\/[1-9][0-9]*)?$/,
  /^\/retenidas\/(?!pagina$)[^/]+$/,
  /^\/contestar$/,
  /^\/editor$/,
];

/** The Spanish path of a page and its locale (`/pt/temas` → `{ path: '/temas', locale: 'pt-BR' }`). */
export function pageOfPath(path: string): { path: string; locale: Locale } {
  if (path === '/pt' || path === '/pt/') return { path: '/', locale: 'pt-BR' };
  if (path.startsWith('/pt/')) return { path: path.slice(3), locale: 'pt-BR' };
  return { path, locale: 'es' };
}

/** Sections written in Brazilian Portuguese only, at one address for every reader (no `/pt` copy). */
export const PORTUGUESE_ONLY_SECTIONS: readonly string[] = ['/fuja-da-bolha', '/placar'];

/**
 * The locale of the page at `path`, as the page itself renders it: pt-BR under `/pt` and in the
 * {@link PORTUGUESE_ONLY_SECTIONS}, Spanish everywhere else (including `/chile`, written in es-CL).
 *
 * @example
 * localeOfPagePath('/pt/contestar'); // 'pt-BR'
 * localeOfPagePath('/placar/relato'); // 'pt-BR'
 * localeOfPagePath('/placar-x'); // 'es'
 */
export function localeOfPagePath(path: string): Locale {
  const inPortugueseSection = PORTUGUESE_ONLY_SECTIONS.some(
    (section) => path === section || path.startsWith(`${section}/`),
  );
  return inPortugueseSection ? 'pt-BR' : pageOfPath(path).locale;
}

/** The path of the Spanish page `path` in `locale`. */
export function localePath(locale: Locale, path: string): string {
  if (locale === 'es') return path;
  return path === '/' ? '/pt' : `/pt${path}`;
}

/**
 * Where a link to the Spanish page `path` (with an optional `?query` or `#fragment`) goes from a
 * page in `locale`: its copy in that locale when the page is translated, else `path` itself (an
 * untranslated page has one address for every reader).
 *
 * @example
 * localeHref('pt-BR', '/metodologia#PG'); // '/pt/metodologia#PG'
 * localeHref('pt-BR', '/chile'); // '/chile'
 */
export function localeHref(locale: Locale, path: string): string {
  if (locale === 'es') return path;
  const split = path.search(/[?#]/);
  const page = split === -1 ? path : path.slice(0, split);
  const rest = split === -1 ? '' : path.slice(split);
  return TRANSLATED_PAGES.some((pattern) => pattern.test(page)) ? `${localePath(locale, page)}${rest}` : path;
}

/**
 * The page at `path` (either locale) in each locale that has it, Spanish first; empty when the
 * page exists in one locale only.
 *
 * @example
 * alternatePaths('/pt/temas'); // [{ locale: 'es', path: '/temas' }, { locale: 'pt-BR', path: '/pt/temas' }] once /temas is translated
 */
export function alternatePaths(path: string): { locale: Locale; path: string }[] {
  const page = pageOfPath(path.length > 1 ? path.replace(/\/+$/, '') : path);
  if (!TRANSLATED_PAGES.some((pattern) => pattern.test(page.path))) return [];
  return (['es', 'pt-BR'] as const).map((locale) => ({ locale, path: localePath(locale, page.path) }));
}

/**
 * The locale of a page that answers both addresses itself (`src/pages/[...lang]/…`, for the form
 * pages that must handle their own POST): no `lang` is Spanish, `pt` is pt-BR, anything else is
 * not a page (`undefined`, a 404).
 *
 * @example
 * localeOfLangParameter(undefined); // 'es'
 * localeOfLangParameter('pt'); // 'pt-BR'
 * localeOfLangParameter('en'); // undefined
 */
export function localeOfLangParameter(lang: string | undefined): Locale | undefined {
  if (lang === undefined) return 'es';
  return lang === 'pt' ? 'pt-BR' : undefined;
}

/**
 * The site locale a language tag names: `es` and its regions (`es-CL`) are Spanish, `pt` and its
 * regions are pt-BR; any other tag names none (`undefined`). Case does not matter.
 *
 * @example
 * localeOfLanguageTag('pt-PT'); // 'pt-BR'
 * localeOfLanguageTag('en-US'); // undefined
 */
export function localeOfLanguageTag(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split('-')[0];
  if (primary === 'es') return 'es';
  if (primary === 'pt') return 'pt-BR';
  return undefined;
}

/**
 * The locale an `Accept-Language` header prefers among the site's two (RFC 9110 §12.5.4): the
 * site locale of the tag with the highest `q` (the first one on a tie); `fallback` when the header
 * is absent or names neither language (`*` and `q=0` name nothing). The header is parsed and its
 * ranges ordered by `negotiator` (the one Express and Koa use); this function only maps the
 * ordered tags to the site's locales with {@link localeOfLanguageTag}, so `es-CL` is Spanish and
 * `pt-PT` is pt-BR (negotiator's own matching would not take `pt-PT` for `pt-BR`).
 *
 * @example
 * localeOfAcceptLanguage('en-US,en;q=0.9,pt-BR;q=0.8,es;q=0.5'); // 'pt-BR'
 * localeOfAcceptLanguage(null); // 'es'
 */
export function localeOfAcceptLanguage(header: string | null, fallback: Locale = 'es'): Locale {
  if (header === null) return fallback;
  // Without a list of available languages, negotiator returns every range with q > 0, highest q
  // first and in header order on a tie.
  const preferredTags = new Negotiator({ headers: { 'accept-language': header } }).languages();
  for (const tag of preferredTags) {
    const locale = localeOfLanguageTag(tag);
    if (locale !== undefined) return locale;
  }
  return fallback;
}
