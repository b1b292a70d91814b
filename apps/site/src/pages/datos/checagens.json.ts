import type { APIRoute } from 'astro';
import { getSiteData } from '../../lib/data.js';
import { checkRecords } from '../../lib/open-data.js';

export const GET: APIRoute = async () => {
  const data = await getSiteData();
  return Response.json({ source: data.source, checks: checkRecords(await data.listDebates()) });
};
