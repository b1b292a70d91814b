/**
 * The site's Astro middleware: every page and route rendered on demand (all of them in served mode;
 * the forms, the API and triage in static mode) gets the security headers of
 * `src/lib/security-headers.ts`. Prerendered pages get the same headers from the Node server (see
 * `src/integrations/security-headers.ts`).
 */
import { defineMiddleware } from 'astro:middleware';
import { withSecurityHeaders } from './lib/security-headers.js';

export const onRequest = defineMiddleware(async (context, next) =>
  withSecurityHeaders(await next(), { https: context.url.protocol === 'https:' }),
);
