/**
 * Migrated database templates: a PGlite data directory with every migration applied, dumped once
 * as a tarball and copied into each new database instead of running `initdb` and replaying the
 * migrations again (issue 15: a fresh embedded database cost 9–15 s; from a template it is the
 * time to unpack one). A template is keyed by the PGlite version and the checksums of the
 * migrations, so a new migration or a new PGlite makes a new one; a template that cannot be read
 * is replaced. Used by `openDatabase` for a new folder and by `@espectro/store/testing`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadMigrations, type Migration } from './migrate.js';

/** The installed PGlite version (templates of another version are not used). */
function pgliteVersion(): string {
  try {
    let directory = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    for (let depth = 0; depth < 5; depth += 1) {
      const manifest = join(directory, 'package.json');
      if (existsSync(manifest)) {
        const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
        if (parsed.name === '@electric-sql/pglite' && parsed.version) return parsed.version;
      }
      directory = dirname(directory);
    }
  } catch {
    // Fall through: an unknown version still gives a usable (if less precise) key.
  }
  return 'unknown';
}

/**
 * The key of a template: PGlite version and the migrations' names and checksums.
 *
 * @example
 * templateKey(loadMigrations()); // 'pglite-0.5.17-3f9a…'
 */
export function templateKey(migrations: readonly Migration[] = loadMigrations()): string {
  const digest = createHash('sha256')
    .update(migrations.map((migration) => `${migration.name}:${migration.checksum}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return `pglite-${pgliteVersion()}-${digest}`;
}

/**
 * Where templates are kept: `$ESPECTRO_CACHE_DIR/db-templates`, else
 * `$XDG_CACHE_HOME/espectro/db-templates`, else `~/.cache/espectro/db-templates`.
 */
export function templateDirectory(env: Record<string, string | undefined> = process.env): string {
  if (env.ESPECTRO_CACHE_DIR) return join(env.ESPECTRO_CACHE_DIR, 'db-templates');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'espectro', 'db-templates');
}

/** A template on disk, ready to be loaded (`PGlite.create({ loadDataDir })`). */
export interface DatabaseTemplate {
  file: string;
  data: Blob;
  /** True when this call had to build it (initdb and every migration ran once). */
  built: boolean;
}

async function writeTemplate(file: string, data: Blob): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, Buffer.from(await data.arrayBuffer()));
  await rename(temporary, file);
}

/**
 * The migrated template for the current migrations, read from `directory` or, the first time,
 * made by `build` (which returns the dump of a freshly migrated database) and written there
 * atomically (concurrent builders each write a whole file; the last rename wins).
 *
 * @example
 * const template = await migratedTemplate(templateDirectory(), dumpOfAFreshMigratedDatabase);
 * const client = await PGlite.create({ dataDir, loadDataDir: template.data });
 */
export async function migratedTemplate(directory: string, build: () => Promise<Blob>): Promise<DatabaseTemplate> {
  const file = join(directory, `${templateKey()}.tar`);
  if (existsSync(file)) {
    try {
      return { file, data: new Blob([await readFile(file)]), built: false };
    } catch {
      await rm(file, { force: true });
    }
  }
  const data = await build();
  await writeTemplate(file, data);
  return { file, data, built: true };
}

/** Forgets a template that failed to load, so the next opener builds it again. */
export async function discardTemplate(template: DatabaseTemplate): Promise<void> {
  await rm(template.file, { force: true });
}

/** Whether a PGlite data folder has been initialised (holds a database). */
export function isInitialisedDataDir(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}
