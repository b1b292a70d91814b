/** `/datos/fuentes.json`: serialised through its schema (`src/lib/open-data-schemas.ts`), documented at `/datos/api`. */
import type { APIRoute } from 'astro';
import { getSiteData } from '../../lib/data.js';
import { openDataDocument } from '../../lib/open-data-schemas.js';

export const GET: APIRoute = async ({ site }) =>
  Response.json(await openDataDocument(await getSiteData(), 'fuentes', site?.href ?? ''));
