// @ts-check
import node from '@astrojs/node';
import { resolve } from 'node:path';
import { defineConfig } from 'astro/config';
import { routeMode, siteModeOf } from './src/integrations/route-mode.ts';
import { securityHeadersIntegration } from './src/integrations/security-headers.ts';

/**
 * Output `static` with the Node adapter, and a route-mode switch (`ESPECTRO_SITE_MODE`, see
 * `src/integrations/route-mode.ts`):
 * - `static` (default): every content page is prerendered at build time (the export for snapshot
 *   and fixture builds; static HTML is what scales to 10 000 stories); the few routes that must
 *   react to a reader — the contestation form and API, the editors' triage and the reader error
 *   reports — opt out with `export const prerender = false` and run on the Node server;
 * - `served`: every route is rendered on demand by the Node server from the site's data.
 *
 * Workspace packages resolve to their TypeScript sources through the `@espectro/source` export
 * condition (as in vitest and `tsc -b`), so the site never needs a package build first.
 */
const source = '@espectro/source';
// Vite 6's default conditions, after ours.
const defaultClientConditions = ['module', 'browser', 'development|production'];
const defaultServerConditions = ['module', 'node', 'development|production'];
const siteUrl = process.env.ESPECTRO_SITE_URL ?? 'https://espectro.example';
/**
 * Hosts the server accepts in `Host` / `X-Forwarded-Host` (Astro builds the request URL, and so the
 * origin its CSRF check compares, only from allowed hosts): the public site, loopback, and any
 * extra hostnames in ESPECTRO_SITE_ALLOWED_HOSTS (comma-separated).
 */
const allowedHosts = [
  new URL(siteUrl).hostname,
  'localhost',
  '127.0.0.1',
  ...(process.env.ESPECTRO_SITE_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean),
];
const snapshot = process.env.ESPECTRO_SITE_SNAPSHOT ? resolve(process.env.ESPECTRO_SITE_SNAPSHOT) : '';

export default defineConfig({
  output: 'static',
  // Security headers reach prerendered files through the site's Node entry
  // (src/server/espectro-handler.mjs), not the adapter's `experimentalStaticHeaders`: with that
  // option on, an unknown id under a prerendered dynamic route (/historia/no-existe) is handed to
  // the on-demand app, which has no page for it, and answers 500 instead of the 404 page.
  adapter: node({ mode: 'standalone' }),
  integrations: [routeMode(siteModeOf(process.env)), securityHeadersIntegration()],
  outDir: process.env.ESPECTRO_SITE_OUT_DIR ?? './dist',
  site: siteUrl,
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    inlineStylesheets: 'auto',
    concurrency: Number(process.env.ESPECTRO_SITE_BUILD_CONCURRENCY ?? 4),
  },
  compressHTML: true,
  devToolbar: { enabled: false },
  // Cross-site form submissions are refused by the site's middleware, in the reader's language, with
  // the same rule as Astro's checkOrigin (src/lib/cross-site.ts says why Astro's check is off).
  security: { checkOrigin: false, allowedDomains: allowedHosts.map((hostname) => ({ hostname })) },
  vite: {
    define: { 'import.meta.env.ESPECTRO_SITE_SNAPSHOT_AT_BUILD': JSON.stringify(snapshot) },
    resolve: { conditions: [source, ...defaultClientConditions] },
    ssr: {
      resolve: { conditions: [source, ...defaultServerConditions], externalConditions: [source] },
      noExternal: [/^@espectro\//],
    },
    // Every client script becomes a file, never an inline <script>: the CSP allows script-src 'self'
    // only (src/lib/security-headers.ts). Other assets keep Vite's default limit.
    build: { assetsInlineLimit: (filePath) => (/\.[cm]?js$/.test(filePath) ? false : undefined) },
    logLevel: 'warn',
  },
});
