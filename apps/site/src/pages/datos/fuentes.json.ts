import type { APIRoute } from 'astro';
import { getSiteData } from '../../lib/data.js';

export const GET: APIRoute = async () => {
  const data = await getSiteData();
  return Response.json({ source: data.source, outlets: await data.listOutlets() });
};
