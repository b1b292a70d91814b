/**
 * Opening the database: embedded PGlite (a real PostgreSQL compiled to WebAssembly, persisted to a
 * folder — `.espectro/db` by default) or, when `DATABASE_URL` (or `url`) is set, a PostgreSQL
 * server through `pg`. Both run the same Drizzle schema and the same SQL migrations.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { StoreError } from './errors.js';
import { LOCK_FILE_NAME, acquireFolderLock, type FolderLock } from './lock.js';
import { migrate, type MigrationReport } from './migrate.js';
import { storeSchema } from './schema.js';
import {
  discardTemplate,
  isInitialisedDataDir,
  migratedTemplate,
  templateDirectory,
  type DatabaseTemplate,
} from './template.js';

/** The Drizzle database over the store schema (either backend). */
export type StoreDatabase = PgDatabase<PgQueryResultHKT, typeof storeSchema>;
/** A Drizzle transaction over the store schema. */
export type StoreTransaction = PgTransaction<
  PgQueryResultHKT,
  typeof storeSchema,
  ExtractTablesWithRelations<typeof storeSchema>
>;
/** Anything queries run on: the database or a transaction. */
export type StoreExecutor = StoreDatabase | StoreTransaction;

/** Which engine a {@link Database} runs on. */
export type StoreBackend = 'pglite' | 'postgres';

/** A raw connection for multi-statement SQL (migrations) and parameterised queries. */
export interface RawConnection {
  /** Runs one or more statements without parameters. */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<Row = Record<string, unknown>>(sqlText: string, parameters?: unknown[]): Promise<Row[]>;
}

/** An open database. Close it when done (PGlite flushes its folder; pg ends its pool). */
export interface Database {
  readonly backend: StoreBackend;
  /** The PGlite folder (or `memory`) or the server URL with the password hidden. */
  readonly location: string;
  /** The Drizzle database (typed by `@espectro/store/schema`). */
  readonly db: StoreDatabase;
  /** Runs `work` in one transaction on a raw connection (migrations, advisory locks). */
  rawTransaction<T>(work: (connection: RawConnection) => Promise<T>): Promise<T>;
  /** Runs one raw parameterised query outside any transaction. */
  query<Row = Record<string, unknown>>(sqlText: string, parameters?: unknown[]): Promise<Row[]>;
  /**
   * Runs one or more statements without parameters (the simple query protocol) and returns the
   * rows of the last one — for scripts such as a job queue's `BEGIN; …; COMMIT`.
   */
  script<Row = Record<string, unknown>>(sqlText: string): Promise<Row[]>;
  /** What the migrator did when the database was opened (`null` when `migrate: false`). */
  readonly migrations: MigrationReport | null;
  /** PGlite only: the data directory as an uncompressed tarball (a template for fast test databases). */
  dumpDataDir?: () => Promise<Blob>;
  /** PGlite folders only: the exclusive lock this process holds on the folder until `close()`. */
  readonly lock?: FolderLock;
  /**
   * PGlite folders only: the migrated template a new folder was created from (see `migratedTemplate`),
   * with `built: true` when this open had to make it first; absent for an existing folder.
   */
  readonly template?: { file: string; built: boolean };
  close(): Promise<void>;
}

/** Options of {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** A `postgres://` URL. Default: `DATABASE_URL` from `env`; without one, embedded PGlite. */
  url?: string;
  /** PGlite folder (default `.espectro/db` under `cwd`). Ignored with a URL. */
  dataDir?: string;
  /** In-memory PGlite (nothing persisted). Ignored with a URL. */
  memory?: boolean;
  /** PostgreSQL schema to work in (created if missing), e.g. one per test suite. Server only. */
  schema?: string;
  /** Apply pending migrations when opening (default true). */
  migrate?: boolean;
  /** Largest pg pool (default 4). */
  maxConnections?: number;
  /** Where `DATABASE_URL` is read from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Base folder of the default `dataDir` (default `process.cwd()`). */
  cwd?: string;
  /** A PGlite data-directory tarball to start from (see `@espectro/store/testing`). */
  loadDataDir?: Blob;
  /**
   * What this process is, recorded in the folder's lock and shown to a refused second opener
   * (default: the process's command line). PGlite folders only.
   */
  owner?: string;
  /**
   * A new PGlite folder starts as a copy of the migrated template (`migratedTemplate`) instead of
   * running initdb and every migration: `true` (default) keeps templates in `templateDirectory(env)`,
   * a string names another directory, `false` creates the folder from scratch.
   */
  template?: boolean | string;
}

/** Default PGlite folder, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.espectro/db';

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Query parameters of a connection string that carry a secret (libpq's and pg's names). */
const SECRET_PARAMETER = /^(password|pass|pwd|sslpassword|sslkey|token|secret|api[-_]?key)$/i;

/**
 * A database URL safe to print or store (issue 21 §7): the password of the user part and every
 * secret query parameter (`?password=`, `sslpassword`, …) become `***`; an unparseable URL is not
 * echoed at all.
 *
 * @example
 * redactDatabaseUrl('postgres://espectro:s3cret@db/espectro?password=s3cret'); // 'postgres://espectro:***@db/espectro?password=***'
 */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const name of [...parsed.searchParams.keys()]) {
      if (SECRET_PARAMETER.test(name)) parsed.searchParams.set(name, '***');
    }
    return parsed.toString().replaceAll('%2A%2A%2A', '***');
  } catch {
    return 'postgres (unparseable URL)';
  }
}

/**
 * Opens the store's database and applies pending migrations.
 *
 * @example
 * const database = await openDatabase();                                  // .espectro/db (PGlite)
 * const server = await openDatabase({ url: 'postgres://espectro@127.0.0.1/espectro' });
 * const scratch = await openDatabase({ memory: true });
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const env = options.env ?? process.env;
  const url = options.url ?? (env.DATABASE_URL && env.DATABASE_URL.length > 0 ? env.DATABASE_URL : undefined);
  const database = url ? await openPostgres(url, options) : await openPglite(options);
  if (options.migrate === false) return database;
  try {
    const report = await migrate(database);
    return Object.assign(database, { migrations: report });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

function connectionFailed(dataDir: string | undefined, error: unknown): StoreError {
  return new StoreError({
    code: 'connection_failed',
    operation: 'openDatabase',
    message: `cannot open the embedded database in ${dataDir ?? 'memory'}: ${(error as Error).message}. The folder may be damaged: \`espectro db check --db ${dataDir ?? '<folder>'}\` says what is wrong and \`espectro db repair\` what can be done.`,
    cause: error,
  });
}

/**
 * Starts PGlite on `dataDir` (or in memory) from `loadDataDir` or the template; a template that
 * does not load is dropped, and the new folder is emptied and created from scratch.
 */
async function createPgliteClient(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
  template: DatabaseTemplate | undefined,
): Promise<PGlite> {
  const create = (data: Blob | undefined) =>
    PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(data ? { loadDataDir: data } : {}) });
  try {
    return await create(loadDataDir ?? template?.data);
  } catch (firstError) {
    if (template === undefined || dataDir === undefined) throw connectionFailed(dataDir, firstError);
    await discardTemplate(template);
    emptyNewFolder(dataDir);
    try {
      return await create(undefined);
    } catch (error) {
      throw connectionFailed(dataDir, error);
    }
  }
}

/**
 * The migrated template of the current migrations in `directory` (built there the first time from
 * a new in-memory database): what a new folder, and `@espectro/store/testing`, start from.
 *
 * @example
 * const template = await migratedDatabaseTemplate(templateDirectory());
 */
export function migratedDatabaseTemplate(directory: string): Promise<DatabaseTemplate> {
  return migratedTemplate(directory, dumpOfFreshDatabase);
}

/** The dump of a new in-memory database with every migration applied (what a template holds). */
async function dumpOfFreshDatabase(): Promise<Blob> {
  const database = await openDatabase({ memory: true });
  try {
    return await database.dumpDataDir!();
  } finally {
    await database.close();
  }
}

/** Removes what a failed first start left in a new folder (a lock file of this process stays). */
function emptyNewFolder(dataDir: string): void {
  for (const entry of readdirSync(dataDir))
    if (entry !== LOCK_FILE_NAME) rmSync(join(dataDir, entry), { recursive: true, force: true });
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const dataDir = options.memory
    ? undefined
    : resolve(options.cwd ?? process.cwd(), options.dataDir ?? DEFAULT_DATA_DIR);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One writer per folder: refused here, before PGlite reads a byte, while another process owns it.
  const lock = dataDir ? acquireFolderLock(dataDir, options.owner ? { command: options.owner } : {}) : undefined;
  let client: PGlite;
  let template: DatabaseTemplate | undefined;
  try {
    template =
      dataDir && !options.loadDataDir && options.template !== false && !isInitialisedDataDir(dataDir)
        ? await migratedDatabaseTemplate(
            typeof options.template === 'string' ? options.template : templateDirectory(options.env ?? process.env),
          )
        : undefined;
    client = await createPgliteClient(dataDir, options.loadDataDir, template);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema: storeSchema }) as unknown as StoreDatabase;
  const raw = (executor: { exec: (sqlText: string) => Promise<unknown>; query: PGlite['query'] }): RawConnection => ({
    async exec(sqlText) {
      await executor.exec(sqlText);
    },
    async query<Row>(sqlText: string, parameters: unknown[] = []) {
      const result = await executor.query<Row>(sqlText, parameters);
      return result.rows;
    },
  });
  let closed = false;
  return {
    backend: 'pglite',
    location: dataDir ?? 'memory',
    db,
    migrations: null,
    rawTransaction: (work) => client.transaction((transaction) => work(raw(transaction))),
    query: (sqlText, parameters) => raw(client).query(sqlText, parameters),
    async script<Row>(sqlText: string) {
      const results = await client.exec(sqlText);
      return (results.at(-1)?.rows ?? []) as Row[];
    },
    dumpDataDir: async () => client.dumpDataDir('none'),
    ...(lock ? { lock } : {}),
    ...(template ? { template: { file: template.file, built: template.built } } : {}),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new StoreError({
      code: 'invalid_input',
      operation: 'openDatabase',
      field: 'schema',
      message: `"${schema}" is not a plain lowercase schema name`,
    });
  }
  // Loaded only when a server is used, so PGlite-only installs never load the pg driver.
  const [{ default: driver }, { drizzle: drizzlePostgres }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new driver.Pool({
    connectionString: url,
    max: options.maxConnections ?? 4,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query('SELECT 1');
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StoreError({
      code: 'connection_failed',
      operation: 'openDatabase',
      message: `cannot connect to ${redactDatabaseUrl(url)}: ${(error as Error).message}. Is the server running (e.g. \`pg_ctlcluster 15 main start\`) and is DATABASE_URL right?`,
      cause: error,
    });
  }
  const db = drizzlePostgres({ client: pool, schema: storeSchema }) as unknown as StoreDatabase;
  const raw = (client: pg.PoolClient | pg.Pool): RawConnection => ({
    async exec(sqlText) {
      await client.query(sqlText);
    },
    async query<Row>(sqlText: string, parameters: unknown[] = []) {
      const result = await client.query(sqlText, parameters);
      return result.rows as Row[];
    },
  });
  let closed = false;
  return {
    backend: 'postgres',
    location: redactDatabaseUrl(url) + (schema ? ` (schema ${schema})` : ''),
    db,
    migrations: null,
    async rawTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(raw(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    query: (sqlText, parameters) => raw(pool).query(sqlText, parameters),
    async script<Row>(sqlText: string) {
      // Without parameters pg uses the simple protocol; several statements give several results.
      const result = (await pool.query(sqlText)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as Row[];
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
