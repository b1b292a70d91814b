/**
 * The site's Astro middleware: every page and route rendered on demand (all of them in served mode;
 * the forms, the API and triage in static mode) gets the security headers of
 * `src/lib/security-headers.ts`. Prerendered pages get the same headers from the Node server (see
 * `src/integrations/security-headers.ts`).
 *
 * A form submitted from another site is refused here, before any route reads it, with a 403 in the
 * reader's language (`src/lib/cross-site.ts`, which says why this replaces Astro's
 * `security.checkOrigin`): the page `src/pages/envio-rechazado.astro` for the forms, a JSON problem
 * for `/api/…`.
 *
 * A route that throws is answered here with a localised 500 and logged as one line without SQL
 * (`logFailedRequest`), instead of Astro's error log, which prints the thrown error whole — for a
 * failed query, Drizzle's message is the statement with every parameter (a reader's text, an
 * address; issue 21 §6).
 */
import { defineMiddleware } from 'astro:middleware';
import { t } from './i18n.js';
import { isCrossSiteSubmission, REFUSED_SUBMISSION_PAGE, refusalLocale } from './lib/cross-site.js';
import { failedRequestResponse } from './lib/failed-request.js';
import { problemResponse } from './lib/requests.js';
import { withSecurityHeaders } from './lib/security-headers.js';

export const onRequest = defineMiddleware(async (context, next) => {
  let response: Response;
  try {
    if (isCrossSiteSubmission(context.request, context.url, context.isPrerendered)) {
      const path = context.url.pathname;
      const locale = refusalLocale(path, context.request.headers.get('accept-language'));
      if (path.startsWith('/api/')) {
        response = problemResponse({ status: 403, code: 'cross_site', message: t(locale, 'crossSiteApi') }, locale);
      } else {
        context.locals.refusedSubmission = { locale, returnPath: path };
        response = await next(REFUSED_SUBMISSION_PAGE);
      }
    } else {
      response = await next();
    }
  } catch (error) {
    response = await failedRequestResponse(context.request, context.url, error);
  }
  return withSecurityHeaders(response, { https: context.url.protocol === 'https:' });
});
