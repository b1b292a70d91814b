import type { APIRoute } from 'astro';
import { claimReviews } from '../../lib/claimreview.js';
import { getSiteData } from '../../lib/data.js';

export const GET: APIRoute = async ({ site }) => {
  const debates = await (await getSiteData()).listDebates();
  const reviews = debates.flatMap((debate) => claimReviews(debate, site?.href ?? ''));
  return new Response(JSON.stringify(reviews), { headers: { 'content-type': 'application/ld+json; charset=utf-8' } });
};
