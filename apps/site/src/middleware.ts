/**
 * The site's Astro middleware: every page and route rendered on demand (all of them in served mode;
 * the forms, the API and triage in static mode) gets the security headers of
 * `src/lib/security-headers.ts`. Prerendered pages get the same headers from the Node server (see
 * `src/integrations/security-headers.ts`).
 *
 * A route that throws is answered here with a localised 500 and logged as one line without SQL
 * (`logFailedRequest`), instead of Astro's error log, which prints the thrown error whole — for a
 * failed query, Drizzle's message is the statement with every parameter (a reader's text, an
 * address; issue 21 §6).
 */
import { defineMiddleware } from 'astro:middleware';
import { failedRequestResponse } from './lib/failed-request.js';
import { withSecurityHeaders } from './lib/security-headers.js';

export const onRequest = defineMiddleware(async (context, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    response = await failedRequestResponse(context.request, context.url, error);
  }
  return withSecurityHeaders(response, { https: context.url.protocol === 'https:' });
});
