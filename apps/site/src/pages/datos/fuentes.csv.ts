import type { APIRoute } from 'astro';
import { csvResponse } from '../../lib/csv.js';
import { getSiteData } from '../../lib/data.js';
import { outletsCsv } from '../../lib/open-data.js';

export const GET: APIRoute = async () => csvResponse(outletsCsv(await (await getSiteData()).listOutlets()));
