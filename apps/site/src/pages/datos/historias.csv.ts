import type { APIRoute } from 'astro';
import { csvResponse } from '../../lib/csv.js';
import { getSiteData } from '../../lib/data.js';
import { storiesCsv } from '../../lib/open-data.js';

export const GET: APIRoute = async ({ site }) =>
  csvResponse(storiesCsv(await (await getSiteData()).listStories(), site?.href ?? ''));
