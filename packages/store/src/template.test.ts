/**
 * A new embedded folder starts as a copy of the migrated template instead of running initdb and
 * replaying every migration; the template is built once, keyed by PGlite version and migrations,
 * and one that cannot be loaded is replaced without leaving the folder unusable.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { loadMigrations } from './migrate.js';
import { migratedTemplate, templateDirectory, templateKey } from './template.js';
import { migratedTemplate as sharedTestTemplate } from './testing/index.js';

const work = mkdtempSync(join(tmpdir(), 'espectro-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const allMigrations = loadMigrations().map((migration) => migration.name);

/** A template directory holding the shared test template (built once per machine and migration set). */
async function seededTemplates(name: string): Promise<string> {
  const directory = join(work, name);
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `${templateKey()}.tar`), Buffer.from(await (await sharedTestTemplate()).arrayBuffer()));
  return directory;
}

describe('migrated templates', () => {
  it('are built once per key, then read back without building', async () => {
    const directory = join(work, 'unit');
    let builds = 0;
    const build = async () => {
      builds += 1;
      return new Blob(['template bytes']);
    };
    const first = await migratedTemplate(directory, build);
    const second = await migratedTemplate(directory, build);
    expect(builds).toBe(1);
    expect(first).toMatchObject({ file: join(directory, `${templateKey()}.tar`), built: true });
    expect(second).toMatchObject({ file: first.file, built: false });
    expect(await second.data.text()).toBe('template bytes');
    expect(readdirSync(directory)).toEqual([`${templateKey()}.tar`]);
  });

  it('change key with the migrations and live in the cache directory', () => {
    const migrations = loadMigrations();
    const changed = [...migrations.slice(0, -1), { ...migrations.at(-1)!, checksum: 'different' }];
    expect(templateKey(changed)).not.toBe(templateKey(migrations));
    expect(templateDirectory({ ESPECTRO_CACHE_DIR: '/c' })).toBe('/c/db-templates');
    expect(templateDirectory({ XDG_CACHE_HOME: '/x' })).toBe('/x/espectro/db-templates');
  });
});

// Each case opens PGlite folders (seconds on a quiet machine, minutes at load 25): the timeouts only
// guard against a hang; no verdict depends on the time taken.
describe('new embedded folders from the migrated template', () => {
  it(
    'start with every migration already applied, and are databases of their own afterwards',
    { timeout: 300_000 },
    async () => {
      const templates = await seededTemplates('seeded');
      const folder = join(work, 'from-template');
      const database = await openDatabase({ dataDir: folder, template: templates, env: {} });
      try {
        expect(database.template).toEqual({ file: join(templates, `${templateKey()}.tar`), built: false });
        expect(database.migrations).toEqual({ applied: [], alreadyApplied: allMigrations });
        await database.query(
          "INSERT INTO runs (id, fingerprint, status, options, started_at, updated_at) VALUES ('r1', 'f', 'running', '{}', now(), now())",
        );
      } finally {
        await database.close();
      }
      const reopened = await openDatabase({ dataDir: folder, template: templates, env: {} });
      try {
        expect(reopened.template).toBeUndefined();
        expect(await reopened.query('SELECT id FROM runs')).toEqual([{ id: 'r1' }]);
      } finally {
        await reopened.close();
      }
    },
  );

  // This case runs initdb and every migration once (the cost templates avoid).
  it('replaces a template that cannot be loaded and still creates the folder', { timeout: 300_000 }, async () => {
    const templates = join(work, 'broken');
    mkdirSync(templates, { recursive: true });
    const file = join(templates, `${templateKey()}.tar`);
    writeFileSync(file, 'not a tarball');
    const database = await openDatabase({ dataDir: join(work, 'after-broken'), template: templates, env: {} });
    try {
      expect(database.migrations?.applied).toEqual(allMigrations);
      expect(await database.query('SELECT count(*)::int AS count FROM runs')).toEqual([{ count: 0 }]);
    } finally {
      await database.close();
    }
    expect(existsSync(file)).toBe(false);
  });
});
