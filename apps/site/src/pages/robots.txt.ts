/** `robots.txt`: where the sitemap is; the held stories (their list and review pages) and the editors' page stay out of indexes. */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /editor',
      'Disallow: /retenidas',
      `Sitemap: ${new URL('/sitemap.xml', site ?? 'http://localhost').href}`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
