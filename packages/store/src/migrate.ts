/**
 * The migrator: applies the committed SQL files of `migrations/` in name order, each in its own
 * transaction, and records them in `espectro_migrations` with their SHA-256. On PostgreSQL an
 * advisory lock serialises concurrent migrators (two workers starting at once).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';
import { StoreError } from './errors.js';

/** One SQL migration file. */
export interface Migration {
  /** File name, e.g. `0001_initial.sql`; migrations run in name order. */
  name: string;
  sql: string;
  /** Hex SHA-256 of the file. */
  checksum: string;
}

/** What {@link migrate} did. */
export interface MigrationReport {
  /** Migrations applied by this call, in order. */
  applied: string[];
  /** Migrations that were already applied. */
  alreadyApplied: string[];
}

/** Arbitrary constant key of the migration advisory lock. */
const MIGRATION_LOCK_KEY = 727_165_001;

/** The folder holding the committed SQL migrations of this package. */
export function migrationsFolder(): string {
  return fileURLToPath(new URL('../migrations/', import.meta.url));
}

/**
 * Reads the migrations of a folder (default: this package's), sorted by name.
 *
 * @example
 * loadMigrations().map((migration) => migration.name); // ['0001_initial.sql']
 */
export function loadMigrations(folder: string = migrationsFolder()): Migration[] {
  return readdirSync(folder)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(folder, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies every pending migration (idempotent: a second call applies nothing). Refuses to run
 * when an applied migration's file has changed since (its checksum differs).
 *
 * @example
 * const { applied } = await migrate(database); // ['0001_initial.sql'] the first time, [] after
 */
export async function migrate(
  database: Database,
  migrations: Migration[] = loadMigrations(),
): Promise<MigrationReport> {
  const report: MigrationReport = { applied: [], alreadyApplied: [] };
  for (const migration of migrations) {
    try {
      const applied = await database.rawTransaction(async (connection) => {
        if (database.backend === 'postgres')
          await connection.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
        await connection.exec(
          'CREATE TABLE IF NOT EXISTS espectro_migrations (name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
        );
        const existing = await connection.query<{ checksum: string }>(
          'SELECT checksum FROM espectro_migrations WHERE name = $1',
          [migration.name],
        );
        if (existing.length > 0) {
          if (existing[0]!.checksum !== migration.checksum) {
            throw new StoreError({
              code: 'migration_failed',
              operation: 'migrate',
              field: migration.name,
              message: `${migration.name} was changed after it was applied to this database (checksum differs); add a new migration instead of editing an applied one`,
            });
          }
          return false;
        }
        await connection.exec(migration.sql);
        await connection.query('INSERT INTO espectro_migrations (name, checksum) VALUES ($1, $2)', [
          migration.name,
          migration.checksum,
        ]);
        return true;
      });
      (applied ? report.applied : report.alreadyApplied).push(migration.name);
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw new StoreError({
        code: 'migration_failed',
        operation: 'migrate',
        field: migration.name,
        message: `${migration.name} failed: ${(error as Error).message}`,
        cause: error,
      });
    }
  }
  return report;
}

/**
 * Which migrations are applied and which are pending, without changing anything.
 *
 * @example
 * await migrationStatus(database); // { applied: ['0001_initial.sql'], pending: [] }
 */
export async function migrationStatus(
  database: Database,
  migrations: Migration[] = loadMigrations(),
): Promise<{ applied: string[]; pending: string[] }> {
  const exists = await database.query<{ present: boolean }>(
    "SELECT to_regclass('espectro_migrations') IS NOT NULL AS present",
  );
  const applied = exists[0]?.present
    ? (await database.query<{ name: string }>('SELECT name FROM espectro_migrations ORDER BY name')).map(
        (row) => row.name,
      )
    : [];
  return { applied, pending: migrations.map((migration) => migration.name).filter((name) => !applied.includes(name)) };
}
