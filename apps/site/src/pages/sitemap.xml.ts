/** `sitemap.xml`: every reader page of the site in both locales (see `src/lib/site-map.ts`). */
import type { APIRoute } from 'astro';
import { getSiteData } from '../lib/data.js';
import { getDebateSource } from '../lib/debates.js';
import { readerPages, sitemapXml } from '../lib/site-map.js';

export const GET: APIRoute = async ({ site }) =>
  new Response(sitemapXml(await readerPages(await getSiteData(), await getDebateSource()), site?.href ?? ''), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
