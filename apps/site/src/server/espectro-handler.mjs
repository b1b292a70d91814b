/**
 * The site's Node entry with the two things only the Node level can do (issue 21 §2–§3). The build
 * copies this file next to the adapter's `entry.mjs` (`dist/server/espectro-handler.mjs`, see
 * `src/integrations/security-headers.ts`); run it (`node dist/server/espectro-handler.mjs`, honours
 * HOST and PORT like the adapter's server) or import its `handler` (`espectro serve`).
 *
 * 1. The socket's address reaches the pages: Astro takes a request's client address from the
 *    first `X-Forwarded-For` value whoever sent it, so this handler passes the socket's address in
 *    the `x-espectro-peer` header (overwriting any a client sent) and marks the process, and the
 *    site decides from it and `ESPECTRO_TRUSTED_PROXIES` who the client is
 *    (`src/lib/client-address.ts`).
 * 2. Every response — prerendered pages, the not-found page, `public/` files — starts with the
 *    security headers of `src/lib/security-headers.ts`, which the build wrote to
 *    `security-headers.json`; a route that sets one itself keeps its own.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** The header that carries the socket's address to the site (any value from a client is replaced). */
export const PEER_HEADER = 'x-espectro-peer';
/** Marks the process: the site trusts {@link PEER_HEADER} only when this handler set it. */
globalThis[Symbol.for('espectro.site.peer-header')] = true;

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler: astroHandler } = await import('./entry.mjs');
/** @type {Record<string, string>} */
const securityHeaders = JSON.parse(readFileSync(new URL('../security-headers.json', import.meta.url), 'utf8'));

/**
 * The adapter's handler with the peer address and the security headers.
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function handler(request, response) {
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? '';
  for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
  return astroHandler(request, response);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const host = process.env.HOST ?? 'localhost';
  const port = Number(process.env.PORT ?? 4321);
  createServer(handler).listen(port, host, () => console.log(`espectro site listening on http://${host}:${port}`));
}
