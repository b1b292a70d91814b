/**
 * Security headers for the prerendered pages. The Astro middleware does not run when the Node
 * adapter's static handler sends a prerendered file; that handler sends, for a prerendered route,
 * the headers listed in `<outDir>/_experimentalHeaders.json` (read when the adapter's
 * `experimentalStaticHeaders` option is on). This integration writes that file after the build
 * with the headers of `src/lib/security-headers.ts` for every prerendered page, so the standalone
 * server (`node dist/server/entry.mjs`) and anything serving its `handler` send them.
 *
 * The adapter matches a request by `entry.pathname.includes(requestPath)`, and every entry carries
 * the same headers, so one entry per page, with its trailing slash, covers `/x` and `/x/`.
 *
 * It also writes `<outDir>/security-headers.json` and copies `src/server/espectro-handler.mjs` to
 * `<outDir>/server/`: the Node entry that sends those headers on every response (the not-found
 * page and `public/` files too) and passes the socket's address to the pages.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { securityHeaders } from '../lib/security-headers.js';

/** The file name `@astrojs/node` reads (its `STATIC_HEADERS_FILE`). */
export const STATIC_HEADERS_FILE = '_experimentalHeaders.json';

/** Every response's headers, for `server/espectro-handler.mjs` (and anything serving its `handler`). */
export const SECURITY_HEADERS_FILE = 'security-headers.json';

/** One entry of the adapter's headers file. */
export interface StaticHeadersEntry {
  pathname: string;
  headers: { key: string; value: string }[];
}

/** The entries for prerendered `pathnames` (as Astro lists them: no leading slash, `''` for `/`). */
export function staticHeadersEntries(pathnames: readonly string[], https: boolean): StaticHeadersEntry[] {
  const headers = Object.entries(securityHeaders({ https })).map(([key, value]) => ({ key, value }));
  const paths = new Set<string>();
  for (const pathname of pathnames) {
    const path = `/${pathname}`.replace(/\/+$/, '') + '/';
    paths.add(path);
    paths.add(encodeURI(path));
  }
  return [...paths].map((pathname) => ({ pathname, headers }));
}

/** The integration (after `@astrojs/node`, whose `experimentalStaticHeaders` must be on). */
export function securityHeadersIntegration(): AstroIntegration {
  let https = false;
  let outDir: URL | undefined;
  return {
    name: 'espectro:security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        https = config.site !== undefined && new URL(config.site).protocol === 'https:';
        outDir = config.outDir;
      },
      'astro:build:done': ({ pages, logger }) => {
        const entries = staticHeadersEntries(
          pages.map((page) => page.pathname),
          https,
        );
        writeFileSync(new URL(STATIC_HEADERS_FILE, outDir), JSON.stringify(entries));
        writeFileSync(new URL(SECURITY_HEADERS_FILE, outDir), JSON.stringify(securityHeaders({ https })));
        copyFileSync(
          new URL('../server/espectro-handler.mjs', import.meta.url),
          new URL('server/espectro-handler.mjs', outDir),
        );
        logger.info(`security headers for ${pages.length} prerendered pages`);
      },
    },
  };
}
