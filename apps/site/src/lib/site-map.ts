/**
 * Every page a reader (or a crawler) can reach, from the site's data: the list `sitemap.xml`
 * publishes (issue 18 §6). Each page is listed with the copy in the other locale when there is
 * one (`xhtml:link` alternates, as the pages' own `hreflang` links say). The held stories (their
 * list and review pages: not published, `robots.txt` keeps them out), search results and the
 * editors' page are not listed.
 *
 * The XML is written here: the Sitemaps protocol is one flat `<urlset>` of `<url><loc>` entries,
 * and the `sitemap` package would bring its own `@types/node` major into the site's types for
 * a stream API the site does not need.
 */
import { checkSlug } from '@espectro/factcheck';
import { TOPICS } from '@espectro/methodology';
import { TOPIC_SLUGS, type Locale } from '../i18n.js';
import { CHILE_CLASSES, CHILE_CLASS_SLUGS } from './chile.js';
import { escapeHtml } from './debate-html.js';
import type { DebateSource } from './debates.js';
import { absoluteUrl } from './feeds.js';
import { alternatePaths } from './locales.js';
import { pageCount, pagePath } from './paging.js';
import type { SiteData } from './types.js';

/** One page of the sitemap. */
export interface SitemapEntry {
  /** The page's path in its own locale. */
  path: string;
  /** When its content last changed, when the data say (a story's latest article). */
  lastModified: string | null;
  /** The same page in each locale that has it (empty when it exists in one only). */
  alternates: { locale: Locale; path: string }[];
}

/** The paths of a paginated list (`/archivo`, `/archivo/2`, …). */
function listPaths(base: string, total: number): string[] {
  return Array.from({ length: pageCount(total) }, (_, index) => pagePath(base, index + 1));
}

/** Pages that exist whatever the data. */
const FIXED_PAGES = [
  '/',
  '/temas',
  '/fuentes',
  '/prisma',
  '/fuja-da-bolha',
  '/placar',
  '/metodologia',
  '/datos',
  '/datos/api',
  '/contestar',
  '/chile',
  '/chile/clasificacion',
];

/**
 * Every reader page of the site, Spanish paths first then their pt-BR copies, each with its
 * alternates.
 *
 * @example
 * const entries = await readerPages(await getSiteData(), await getDebateSource());
 */
export async function readerPages(data: SiteData, debates: DebateSource): Promise<SitemapEntry[]> {
  const stories = await data.listStories();
  const outlets = await data.listOutlets();
  const debatePages = await debates.list();
  const dated = new Map<string, string | null>();
  const add = (path: string, lastModified: string | null = null) => dated.set(path, lastModified);
  for (const path of FIXED_PAGES) add(path);
  for (const path of listPaths('/archivo', stories.length)) add(path);
  for (const topic of TOPICS)
    for (const path of listPaths(
      `/temas/${TOPIC_SLUGS[topic]}`,
      stories.filter((story) => story.topic === topic).length,
    ))
      add(path);
  for (const story of stories) add(`/historia/${story.id}`, story.latestArticleAt ?? story.publishedAt);
  for (const outlet of outlets) add(`/fuentes/${outlet.domain}`, outlet.rating.ratedAt);
  for (const page of debatePages) {
    add(`/placar/${page.debate.id}`);
    for (const check of page.debate.checks) add(`/placar/${page.debate.id}/checagens/${checkSlug(check.id)}`);
  }
  for (const label of CHILE_CLASSES) add(`/chile/clase/${CHILE_CLASS_SLUGS[label]}`);
  const entries: SitemapEntry[] = [];
  for (const [path, lastModified] of dated) {
    const alternates = alternatePaths(path);
    for (const { path: localePath } of alternates.length === 0 ? [{ path }] : alternates)
      entries.push({ path: localePath, lastModified, alternates });
  }
  return entries;
}

/** `sitemap.xml` of `entries` on the site at `siteUrl` (Sitemaps 0.9, with `xhtml:link` alternates). */
export function sitemapXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  const urls = entries.map((entry) => {
    const lines = [`<url><loc>${escapeHtml(absoluteUrl(entry.path, siteUrl))}</loc>`];
    if (entry.lastModified !== null) lines.push(`<lastmod>${escapeHtml(entry.lastModified)}</lastmod>`);
    for (const alternate of entry.alternates)
      lines.push(
        `<xhtml:link rel="alternate" hreflang="${alternate.locale}" href="${escapeHtml(absoluteUrl(alternate.path, siteUrl))}"/>`,
      );
    return `${lines.join('')}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
