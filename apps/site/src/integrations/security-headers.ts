/**
 * Security headers for the prerendered pages. The Astro middleware does not run when the Node
 * adapter's static handler sends a prerendered file, so this integration writes
 * `<outDir>/security-headers.json` (the headers of `src/lib/security-headers.ts`) and copies
 * `src/server/espectro-handler.mjs` to `<outDir>/server/`: the Node entry that sends those headers
 * on every response (prerendered pages, the not-found page and `public/` files too) and passes the
 * socket's address to the pages. Serve the build with that entry (`pnpm --filter @espectro/site
 * start`, `espectro serve`); the adapter's bare `entry.mjs` sends no security headers on
 * prerendered files.
 *
 * The adapter's own per-page headers (`experimentalStaticHeaders`) are not used: with that option
 * on, an unknown id under a prerendered dynamic route is answered 500 instead of 404.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { securityHeaders } from '../lib/security-headers.js';

/** Every response's headers, for `server/espectro-handler.mjs` (and anything serving its `handler`). */
export const SECURITY_HEADERS_FILE = 'security-headers.json';

/** The integration (after `@astrojs/node`). */
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
        writeFileSync(new URL(SECURITY_HEADERS_FILE, outDir), JSON.stringify(securityHeaders({ https })));
        copyFileSync(
          new URL('../server/espectro-handler.mjs', import.meta.url),
          new URL('server/espectro-handler.mjs', outDir),
        );
        logger.info(`security headers for the Node entry (${pages.length} prerendered pages)`);
      },
    },
  };
}
