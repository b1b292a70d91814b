/**
 * Checking and repairing an embedded database folder (`espectro db check|repair`): who holds its
 * lock, whether PGlite can open it, which migrations are applied, and whether any table holds two
 * rows with one primary key — the damage two writers left in issue 21 (3,442 `articles` rows for
 * 3,120 ids), counted with index scans disabled so that a damaged index cannot hide it.
 */
import { renameSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase, type Database } from './database.js';
import { inspectFolderLock, removeFolderLock, type FolderLockState } from './lock.js';
import { migrationStatus } from './migrate.js';

/** A table whose primary key appears on more than one row. */
export interface DuplicateKeys {
  table: string;
  /** Primary-key columns. */
  columns: string[];
  /** How many key values appear more than once. */
  duplicatedKeys: number;
}

/** What {@link checkDatabaseFolder} found. */
export interface FolderCheck {
  folder: string;
  lock: FolderLockState;
  /** `null` when the folder is in use by a live owner (not opened, to leave it alone). */
  opened: { ok: true } | { ok: false; error: string } | null;
  migrations: { applied: string[]; pending: string[] } | null;
  duplicates: DuplicateKeys[];
  /** Overall verdict: `ok`, `in-use` (owner alive, not checked) or `damaged`. */
  verdict: 'ok' | 'in-use' | 'damaged';
}

/**
 * Every table of the current schema with a primary key whose key appears on several rows, read by
 * sequential scans (an index that lost entries would otherwise answer "unique").
 *
 * @example
 * await duplicatePrimaryKeys(database); // [] on a healthy database
 */
export async function duplicatePrimaryKeys(database: Database): Promise<DuplicateKeys[]> {
  return database.rawTransaction(async (connection) => {
    await connection.exec(
      'SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_bitmapscan = off',
    );
    const keys = await connection.query<{ table_name: string; columns: string[] }>(
      `SELECT c.relname AS table_name, array_agg(a.attname::text ORDER BY k.ordinality) AS columns
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
        WHERE i.indisprimary AND n.nspname = current_schema()
        GROUP BY c.relname ORDER BY c.relname`,
    );
    const found: DuplicateKeys[] = [];
    for (const key of keys) {
      const columns = key.columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ');
      const table = `"${key.table_name.replaceAll('"', '""')}"`;
      const [row] = await connection.query<{ duplicated: string }>(
        `SELECT count(*)::text AS duplicated FROM (SELECT 1 FROM ${table} GROUP BY ${columns} HAVING count(*) > 1) AS d`,
      );
      const duplicated = Number(row?.duplicated ?? 0);
      if (duplicated > 0) found.push({ table: key.table_name, columns: key.columns, duplicatedKeys: duplicated });
    }
    return found;
  });
}

/**
 * Checks an embedded database folder without changing it (a stale lock is reported, not removed).
 *
 * @example
 * const check = await checkDatabaseFolder('.espectro/db');
 * if (check.verdict === 'damaged') console.log(check.opened, check.duplicates);
 */
export async function checkDatabaseFolder(folder: string): Promise<FolderCheck> {
  const path = resolve(folder);
  const lock = inspectFolderLock(path);
  if (lock.state === 'held' || lock.state === 'foreign-host')
    return { folder: path, lock, opened: null, migrations: null, duplicates: [], verdict: 'in-use' };
  let database: Database;
  try {
    if (lock.state === 'stale') removeFolderLock(path); // opening takes it over anyway; the check reports it
    database = await openDatabase({ dataDir: path, migrate: false, env: {}, owner: 'espectro db check' });
  } catch (error) {
    return {
      folder: path,
      lock,
      opened: { ok: false, error: (error as Error).message },
      migrations: null,
      duplicates: [],
      verdict: 'damaged',
    };
  }
  try {
    const migrations = await migrationStatus(database);
    const duplicates = await duplicatePrimaryKeys(database);
    return {
      folder: path,
      lock,
      opened: { ok: true },
      migrations,
      duplicates,
      verdict: duplicates.length > 0 ? 'damaged' : 'ok',
    };
  } finally {
    await database.close();
  }
}

/**
 * Moves a damaged folder aside (`<folder>.damaged-<timestamp>`) so that a fresh database can be
 * created in its place; nothing is deleted. Refuses while the folder's owner lives.
 *
 * @example
 * const { movedTo } = moveFolderAside('.espectro/db', new Date());
 */
export function moveFolderAside(folder: string, now: Date): { movedTo: string } {
  const path = resolve(folder);
  const lock = inspectFolderLock(path);
  if (lock.state === 'held' || lock.state === 'foreign-host') removeFolderLock(path); // throws the refusal
  const movedTo = `${path}.damaged-${now
    .toISOString()
    .replaceAll(':', '')
    .replace(/\.\d+Z$/, 'Z')}`;
  renameSync(path, movedTo);
  return { movedTo };
}
