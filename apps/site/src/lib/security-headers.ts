/**
 * The security headers every page of the site carries (issue 21 §2), in one place: the Astro
 * middleware (`src/middleware.ts`) puts them on every page rendered on demand, and the
 * `securityHeaders` integration (`src/integrations/security-headers.ts`) writes them for every
 * prerendered page into the file the Node adapter's static handler sends them from.
 *
 * The policy allows no inline script at all: the build emits every client script as a file
 * (`vite.build.assetsInlineLimit` in `astro.config.mjs`), so `script-src 'self'` needs no hash, and a
 * `javascript:` URL or an injected `<script>` never runs. Styles allow `'unsafe-inline'` because
 * Astro inlines small stylesheets and the pages use `style` attributes; CSS cannot run script.
 * Images may come from the outlets' own servers (cover images are hot-linked, http or https).
 * `connect-src 'self'` is what the debate live page's `EventSource` needs (same origin).
 */

/** How the response is reached. */
export interface SecurityHeaderContext {
  /** The page is reached over https (adds `Strict-Transport-Security`). */
  https: boolean;
}

/** The Content-Security-Policy of every page. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** One year, the usual `max-age` of HSTS. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The headers of every page: CSP, `X-Content-Type-Options`, `X-Frame-Options` (for browsers
 * without `frame-ancestors`), `Referrer-Policy`, `Cross-Origin-Opener-Policy`,
 * `Permissions-Policy`, and HSTS over https.
 *
 * @example
 * securityHeaders({ https: false })['X-Frame-Options']; // 'DENY'
 */
export function securityHeaders(context: SecurityHeaderContext): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(context.https ? { 'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}

/**
 * `response` with every security header it does not set itself (a route may set a stricter one).
 * A response whose headers are immutable is copied first.
 */
export function withSecurityHeaders(response: Response, context: SecurityHeaderContext): Response {
  let target = response;
  try {
    target.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    target = new Response(response.body, response);
  }
  for (const [name, value] of Object.entries(securityHeaders(context))) {
    if (!target.headers.has(name)) target.headers.set(name, value);
  }
  return target;
}
