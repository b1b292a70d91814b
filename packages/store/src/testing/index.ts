/**
 * `@espectro/store/testing` — throwaway databases for tests: an in-memory PGlite started from a
 * cached, already-migrated data directory (about a second instead of several), or a fresh schema
 * on the PostgreSQL server named by `ESPECTRO_TEST_DATABASE_URL`, dropped on cleanup.
 *
 * @example
 * for (const backend of testBackends()) {
 *   describe(backend, () => { let test: TestDatabase; beforeAll(async () => { test = await createTestDatabase(backend); }); afterAll(() => test.cleanup()); … });
 * }
 *
 * @packageDocumentation
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../database.js';
import { loadMigrations } from '../migrate.js';

/** Environment variable naming the PostgreSQL server the tests may use (CI sets it). */
export const TEST_DATABASE_URL_ENV = 'ESPECTRO_TEST_DATABASE_URL';

/** A database for one test suite, and how to get rid of it. */
export interface TestDatabase {
  database: Database;
  backend: 'pglite' | 'postgres';
  /** PostgreSQL only: the random schema of this database (to open a second connection pool on it). */
  schema?: string;
  /** Closes the database (and drops the schema on PostgreSQL). */
  cleanup(): Promise<void>;
}

/** The backends to run contract tests on: PGlite always, PostgreSQL when `ESPECTRO_TEST_DATABASE_URL` is set. */
export function testBackends(env: Record<string, string | undefined> = process.env): ('pglite' | 'postgres')[] {
  return env[TEST_DATABASE_URL_ENV] ? ['pglite', 'postgres'] : ['pglite'];
}

async function templateFile(): Promise<string> {
  const key = createHash('sha256')
    .update(
      loadMigrations()
        .map((migration) => `${migration.name}:${migration.checksum}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const file = join(tmpdir(), `espectro-store-template-${key}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ memory: true });
  const dump = await database.dumpDataDir!();
  await database.close();
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
  await rename(temporary, file);
  return file;
}

/**
 * The data directory of a freshly migrated embedded database, as a tarball (cached in the temporary
 * folder per migration set): pass it as `loadDataDir` to start a PGlite folder without initdb.
 *
 * @example
 * const database = await openDatabase({ dataDir: folder, loadDataDir: await migratedTemplate() });
 */
export async function migratedTemplate(): Promise<Blob> {
  return new Blob([await readFile(await templateFile())]);
}

/**
 * A fresh, migrated database: in-memory PGlite, or a new schema on the test PostgreSQL server.
 *
 * @example
 * const { database, cleanup } = await createTestDatabase();
 */
export async function createTestDatabase(
  backend: 'pglite' | 'postgres' = 'pglite',
  env: Record<string, string | undefined> = process.env,
): Promise<TestDatabase> {
  if (backend === 'postgres') {
    const url = env[TEST_DATABASE_URL_ENV];
    if (!url)
      throw new Error(
        `@espectro/store testing: set ${TEST_DATABASE_URL_ENV} to a postgres:// URL to test on PostgreSQL`,
      );
    const schema = `espectro_test_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({ url, schema });
    return {
      database,
      backend,
      schema,
      async cleanup() {
        await database.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
        await database.close();
      },
    };
  }
  let database: Database;
  try {
    const file = await templateFile();
    database = await openDatabase({ memory: true, loadDataDir: new Blob([await readFile(file)]) });
  } catch {
    database = await openDatabase({ memory: true });
  }
  return { database, backend, cleanup: () => database.close() };
}

/**
 * Empties every table of a test database (keeping the migrations record and resetting the
 * pipeline's archive revision), so one migrated database serves every test of a file.
 *
 * @example
 * beforeEach(() => emptyTestDatabase(test.database));
 */
export async function emptyTestDatabase(database: Database): Promise<void> {
  const tables = await database.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT IN ('espectro_migrations', 'pipeline_archive')",
  );
  if (tables.length > 0)
    await database.query(
      `TRUNCATE ${tables.map((table) => `"${table.table_name}"`).join(', ')} RESTART IDENTITY CASCADE`,
    );
  await database.query('UPDATE pipeline_archive SET revision = 0');
}
