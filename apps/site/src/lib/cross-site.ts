/**
 * The site's refusal of cross-site form submissions (CSRF), in the reader's language.
 *
 * Astro's own check (`security.checkOrigin`) is off in `astro.config.mjs` and this one takes its
 * place, because Astro's cannot be localised: in Astro 5.18 it is an internal middleware that the
 * pipeline puts before the site's `onRequest` (`core/base-pipeline.js`, `getMiddleware`), so the
 * site's middleware never sees the request it refuses; no integration hook runs earlier
 * (`addMiddleware({ order: 'pre' })` is still inside `onRequest`); and its 403 is a fixed English
 * `text/plain` body ("Cross-site POST form submissions are forbidden") that Astro does not route to
 * an error page (only 404 and 500 are). {@link isCrossSiteSubmission} is the same rule, and
 * `cross-site.test.ts` compares the two on generated requests, so the site refuses exactly what
 * Astro would.
 */
import type { Locale } from '../i18n.js';
import { localeOfAcceptLanguage, localeOfPagePath } from './locales.js';

/** Methods that never change anything: Astro's check lets them through, and so does this one. */
const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];
/**
 * Content types a plain HTML form (or a "simple" cross-origin fetch, which the browser sends
 * without asking first) can carry; matched as substrings, case-insensitively, as Astro does.
 */
const FORM_CONTENT_TYPES: readonly string[] = [
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
];

/** What {@link isCrossSiteSubmission} reads of a request. */
export interface SubmissionRequest {
  method: string;
  headers: Headers;
}

/**
 * Whether a request is a form submission from another site, which the site refuses with 403:
 * a method other than GET, HEAD or OPTIONS, to a route rendered on demand, whose `Origin` header
 * is not the site's own origin (`url.origin`, built by Astro from the allowed hosts), and whose
 * body is form-like or has no content type. A JSON body from another origin is not refused here:
 * a browser sends one only after a CORS preflight, which the site never grants.
 *
 * @example
 * isCrossSiteSubmission(
 *   { method: 'POST', headers: new Headers({ origin: 'https://otro.example', 'content-type': 'application/x-www-form-urlencoded' }) },
 *   new URL('https://espectro.example/contestar'),
 *   false,
 * ); // true
 */
export function isCrossSiteSubmission(request: SubmissionRequest, url: URL, isPrerendered: boolean): boolean {
  if (isPrerendered || SAFE_METHODS.includes(request.method)) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const contentType = request.headers.get('content-type');
  if (contentType === null) return true;
  const lowerCase = contentType.toLowerCase();
  return FORM_CONTENT_TYPES.some((formType) => lowerCase.includes(formType));
}

/**
 * The language of the refusal: the form page's own (`/pt/contestar` and the Brazilian
 * `/placar/relato` are pt-BR, `/contestar` and `/editor` Spanish); for the JSON API, which has no
 * page, the reader's `Accept-Language` (Spanish when it names neither language).
 *
 * @example
 * refusalLocale('/api/contestaciones', 'pt-BR,pt;q=0.9'); // 'pt-BR'
 * refusalLocale('/placar/relato', null); // 'pt-BR'
 */
export function refusalLocale(path: string, acceptLanguage: string | null): Locale {
  if (path.startsWith('/api/')) return localeOfAcceptLanguage(acceptLanguage);
  return localeOfPagePath(path);
}

/**
 * The page that tells a reader their form was refused (`src/pages/envio-rechazado.astro`): the
 * middleware renders it in place of the form's page (a rewrite: the address stays the form's), with
 * {@link RefusedSubmission} in `Astro.locals`; asked for directly, it is not found.
 */
export const REFUSED_SUBMISSION_PAGE = '/envio-rechazado';

/** What the middleware tells {@link REFUSED_SUBMISSION_PAGE} about the refused submission. */
export interface RefusedSubmission {
  /** The language to answer in ({@link refusalLocale}). */
  locale: Locale;
  /** The form's address, where the reader can open the form again. */
  returnPath: string;
}
