/** RSS 2.0 and Atom feeds of the published stories (es): `/feeds/<feed>.rss.xml`, `/feeds/<feed>.atom.xml`. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSiteData } from '../../lib/data.js';
import { feedFileNames, feedResponse } from '../../lib/feeds.js';
import { notFound } from '../../lib/routes.js';

export const getStaticPaths = (() => feedFileNames().map((feed) => ({ params: { feed } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site }) =>
  (await feedResponse(await getSiteData(), 'es', params.feed ?? '', site?.href ?? '')) ?? notFound();
