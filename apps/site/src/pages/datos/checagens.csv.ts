import type { APIRoute } from 'astro';
import { csvResponse } from '../../lib/csv.js';
import { getSiteData } from '../../lib/data.js';
import { checksCsv } from '../../lib/open-data.js';

export const GET: APIRoute = async () => csvResponse(checksCsv(await (await getSiteData()).listDebates()));
