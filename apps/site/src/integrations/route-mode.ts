/**
 * The site's route-mode switch: one codebase, two ways to build it.
 *
 * - `static` (default): every content page is prerendered at build time from the data the build
 *   sees (fixtures, a snapshot or the store); only the routes that declare
 *   `export const prerender = false` (forms, the contestation API, triage) run on the Node server.
 *   This is the export used for snapshot and fixture builds.
 * - `served`: every route is rendered on demand by the Node server from `getSiteData()`, so a story
 *   the worker publishes shows without a rebuild (`espectro serve`). Pages keep their
 *   `getStaticPaths` for static builds and, rendered on demand, look their item up from
 *   `Astro.params` and answer 404 when it is missing (see `src/lib/routes.ts`).
 *
 * The switch is an Astro integration on the `astro:route:setup` hook, which runs after Astro has
 * read each page's own `prerender` export, so it overrides it in served mode and leaves it alone in
 * static mode. In served mode Astro warns "getStaticPaths() ignored in dynamic page" once per
 * dynamic page: that is the intended effect, not a fault.
 */
import type { AstroIntegration } from 'astro';

/** The two route modes, in the order the README lists them. */
export const SITE_MODES = ['static', 'served'] as const;

/** How the site's routes are rendered: prerendered at build time, or on demand by the server. */
export type SiteMode = (typeof SITE_MODES)[number];

/** The environment variable that chooses the mode at build time. */
export const SITE_MODE_VARIABLE = 'ESPECTRO_SITE_MODE';

/** Thrown when `ESPECTRO_SITE_MODE` holds something other than a mode. */
export class SiteModeError extends Error {
  override readonly name = 'SiteModeError';
}

/**
 * The mode an environment asks for: `ESPECTRO_SITE_MODE` (`static` or `served`), `static` when
 * it is unset or empty.
 *
 * @example
 * siteModeOf({ ESPECTRO_SITE_MODE: 'served' }); // 'served'
 * siteModeOf({}); // 'static'
 */
export function siteModeOf(environment: Record<string, string | undefined>): SiteMode {
  const value = environment[SITE_MODE_VARIABLE]?.trim() ?? '';
  if (value === '') return 'static';
  if ((SITE_MODES as readonly string[]).includes(value)) return value as SiteMode;
  throw new SiteModeError(
    `@espectro/site: ${SITE_MODE_VARIABLE}="${value}" is not a route mode; use one of ${SITE_MODES.join(', ')}`,
  );
}

/**
 * Whether a route is prerendered in `mode`, given what the page itself declares (`undefined` when
 * it exports no `prerender`): in served mode never; in static mode as the page says.
 */
export function prerenderInMode(mode: SiteMode, declared: boolean | undefined): boolean | undefined {
  return mode === 'served' ? false : declared;
}

/**
 * The Astro integration that applies `mode` to every route (pages and endpoints).
 *
 * @example
 * // astro.config.mjs
 * integrations: [routeMode(siteModeOf(process.env))]
 */
export function routeMode(mode: SiteMode): AstroIntegration {
  return {
    name: '@espectro/site:route-mode',
    hooks: {
      'astro:route:setup': ({ route }) => {
        route.prerender = prerenderInMode(mode, route.prerender);
      },
    },
  };
}
