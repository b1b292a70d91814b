/**
 * The one place pages get their data from. {@link getSiteData} picks the implementation of
 * {@link SiteData} from the environment, once per process:
 *
 * - `ESPECTRO_SITE_SOURCE=store` — `@espectro/store`'s repository (embedded PGlite in
 *   `ESPECTRO_DB_DIR`, default `.espectro/db`, or Postgres at `DATABASE_URL`);
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

async function createSiteData(choice: SiteDataChoice): Promise<SiteData> {
  switch (choice.kind) {
    case 'store': {
      const { createStoreSiteData } = await import('./store-adapter.js');
      return createStoreSiteData();
    }
    case 'snapshot':
      return createSnapshotSiteData(readSnapshotFile(choice.path));
    case 'fixture':
      return createSnapshotSiteData(buildFixtureSnapshot());
  }
}

let current: Promise<SiteData> | undefined;

/** The site's data, created on first use and shared by every page of the process. */
export function getSiteData(): Promise<SiteData> {
  current ??= createSiteData(
    siteDataChoice({
      ...process.env,
      ESPECTRO_SITE_SNAPSHOT_AT_BUILD: import.meta.env?.ESPECTRO_SITE_SNAPSHOT_AT_BUILD,
    }),
  );
  return current;
}
