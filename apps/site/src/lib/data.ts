/**
 * The one place pages get their data from. {@link getSiteData} picks the implementation of
 * {@link SiteData} from the environment, once per process:
 *
 * - `ESPECTRO_SITE_SOURCE=store` — `@espectro/store`'s repository (embedded PGlite in
 *   `ESPECTRO_DB_DIR`, default `.espectro/db`, or Postgres at `DATABASE_URL`), refreshed when the
 *   store changes (see `createRefreshingStoreSiteData`);
 * - `ESPECTRO_SITE_SNAPSHOT=<file>` — a JSON snapshot written by `pnpm --filter @espectro/site snapshot`;
 * - neither — the built-in fixtures (invented outlets and stories, labelled as such on every page).
 *
 * The snapshot path given at build time is baked into the server build, so the on-demand routes
 * read the same data as the prerendered pages unless the environment says otherwise at run time.
 */
import { buildFixtureSnapshot } from '../fixtures/fixture.js';
import { createSnapshotSiteData, readSnapshotFile } from './snapshot.js';
import type { SiteData } from './types.js';

export type { SiteData } from './types.js';

/** Where the data should come from, as the environment says. */
export type SiteDataChoice = { kind: 'store' } | { kind: 'snapshot'; path: string } | { kind: 'fixture' };

/** Reads the data-source choice from an environment. */
export function siteDataChoice(environment: Record<string, string | undefined>): SiteDataChoice {
  if (environment.ESPECTRO_SITE_SOURCE === 'store') return { kind: 'store' };
  const path = environment.ESPECTRO_SITE_SNAPSHOT || environment.ESPECTRO_SITE_SNAPSHOT_AT_BUILD;
  if (path) return { kind: 'snapshot', path };
  return { kind: 'fixture' };
}

/** Where pages get the data from: the store's data follows the store; snapshots and fixtures are fixed. */
async function createSiteDataSource(choice: SiteDataChoice): Promise<() => Promise<SiteData>> {
  switch (choice.kind) {
    case 'store': {
      const { createRefreshingStoreSiteData } = await import('./store-adapter.js');
      const interval = Number(process.env.ESPECTRO_SITE_REFRESH_MS ?? '');
      const data = createRefreshingStoreSiteData(
        Number.isFinite(interval) && interval >= 0 && process.env.ESPECTRO_SITE_REFRESH_MS
          ? { minIntervalMs: interval }
          : {},
      );
      return () => data.current();
    }
    case 'snapshot': {
      const data = Promise.resolve(createSnapshotSiteData(readSnapshotFile(choice.path)));
      return () => data;
    }
    case 'fixture': {
      const data = Promise.resolve(createSnapshotSiteData(buildFixtureSnapshot()));
      return () => data;
    }
  }
}

let source: Promise<() => Promise<SiteData>> | undefined;

/**
 * The site's data, shared by every page of the process. From the store it follows the store: a
 * change (a story published by the worker) is seen within `ESPECTRO_SITE_REFRESH_MS` (default 2 s).
 */
export async function getSiteData(): Promise<SiteData> {
  source ??= createSiteDataSource(
    siteDataChoice({
      ...process.env,
      ESPECTRO_SITE_SNAPSHOT_AT_BUILD: import.meta.env?.ESPECTRO_SITE_SNAPSHOT_AT_BUILD,
    }),
  );
  return (await source)();
}
