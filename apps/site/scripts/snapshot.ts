/**
 * Writes the site's JSON snapshot (what `ESPECTRO_SITE_SNAPSHOT` points the build at).
 *
 *   pnpm --filter @espectro/site snapshot -- --from-store --out site-snapshot.json
 *   pnpm --filter @espectro/site snapshot -- --fixture --stories 10000 --out site-snapshot.json
 *
 * `--from-store` reads `@espectro/store` (PGlite in ESPECTRO_DB_DIR or `.espectro/db`, or
 * DATABASE_URL); `--fixture` writes the invented fixture data (labelled as such on every page).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildFixtureSnapshot } from '../src/fixtures/fixture.js';
import { snapshotFromStore } from '../src/lib/store-adapter.js';
import { writeSnapshot } from '../src/testing/site-build.js';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument) => argument !== '--'),
  options: {
    'from-store': { type: 'boolean', default: false },
    fixture: { type: 'boolean', default: false },
    stories: { type: 'string', default: '60' },
    out: { type: 'string', default: 'site-snapshot.json' },
  },
});
if (values['from-store'] === values.fixture) {
  console.error('usage: snapshot (--from-store | --fixture [--stories N]) [--out file.json]');
  process.exit(2);
}
const out = resolve(values.out);
if (values.fixture) {
  writeSnapshot(out, buildFixtureSnapshot({ stories: Number(values.stories) }));
} else {
  const store = await import('@espectro/store');
  const opened = await store.openStore(process.env.ESPECTRO_DB_DIR ? { dataDir: process.env.ESPECTRO_DB_DIR } : {});
  try {
    writeSnapshot(out, await snapshotFromStore(opened, store, new Date().toISOString()));
  } finally {
    await opened.close();
  }
}
console.log(`@espectro/site: snapshot written to ${out}`);
