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
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedDatabaseTemplate, openDatabase, type Database } from '../database.js';
import { StoreError } from '../errors.js';
import { acquireFolderLock, type FolderLock } from '../lock.js';

/** Where the tests' migrated templates are kept (not the user's cache: tests leave it alone). */
const SHARED_TEMPLATES = join(tmpdir(), 'espectro-store-templates');

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

/**
 * The data directory of a freshly migrated embedded database, as a tarball (one per machine and
 * migration set, in the temporary folder, shared by every test file): pass it as `loadDataDir` to start a PGlite folder without initdb.
 *
 * @example
 * const database = await openDatabase({ dataDir: folder, loadDataDir: await migratedTemplate() });
 */
export async function migratedTemplate(): Promise<Blob> {
  return (await migratedDatabaseTemplate(SHARED_TEMPLATES)).data;
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
    database = await openDatabase({ memory: true, loadDataDir: await migratedTemplate() });
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

/** How often {@link withFolderLockHeld} looks again while another process holds the folder. */
export const FOLDER_LOCK_POLL_MS = 250;

/** Options of {@link withFolderLockHeld}. */
export interface FolderLockWaitOptions {
  /** Who holds it, shown in the lock file (default: this process's command line). */
  command?: string;
  /** Waits between two tries (default: a timer of {@link FOLDER_LOCK_POLL_MS}). */
  sleep?: (milliseconds: number) => Promise<void>;
}

/**
 * Runs `work` while this process holds the store's folder lock on `folder`, waiting (without a
 * deadline: the test hook's timeout ends a wait that never ends) while another process holds it.
 * A lock whose owner died is taken over, so a killed run never blocks the next. For test setup
 * that must not run twice at once across test files run in parallel — two `astro build`s of
 * apps/site share its caches.
 *
 * @example
 * const build = await withFolderLockHeld(join(siteDirectory, 'node_modules', '.cache', 'astro-build'), () => buildSite(…));
 */
export async function withFolderLockHeld<Result>(
  folder: string,
  work: () => Promise<Result>,
  options: FolderLockWaitOptions = {},
): Promise<Result> {
  const sleep =
    options.sleep ?? ((milliseconds: number) => new Promise<void>((done) => setTimeout(done, milliseconds)));
  let lock: FolderLock | undefined;
  while (lock === undefined) {
    try {
      lock = acquireFolderLock(folder, options.command !== undefined ? { command: options.command } : {});
    } catch (error) {
      if (!(error instanceof StoreError) || error.code !== 'locked') throw error;
      await sleep(FOLDER_LOCK_POLL_MS);
    }
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}
