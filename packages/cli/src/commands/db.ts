/**
 * `espectro db migrate|status|check|repair`: apply the store's committed SQL migrations to the
 * embedded database (or `DATABASE_URL`), show which are applied, check a folder (its lock, whether
 * it opens, duplicated primary keys) and repair what can be repaired (a dead owner's lock) or move
 * a damaged folder aside.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_DATA_DIR,
  checkDatabaseFolder,
  duplicatePrimaryKeys,
  migrationStatus,
  moveFolderAside,
  openDatabase,
  removeFolderLock,
  type FolderCheck,
  type FolderLockState,
} from '@espectro/store';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro db migrate [--db DIR] [--json]
       espectro db status  [--db DIR] [--json]
       espectro db check   [--db DIR] [--json]
       espectro db repair  [--db DIR] [--force] [--move-aside] [--json]

migrate  applies every pending SQL migration of @espectro/store (each in its own transaction,
         recorded in espectro_migrations with its checksum); running it again does nothing.
status   lists applied and pending migrations without changing anything.
check    says who holds the folder's lock (one process at a time may open an embedded database),
         whether it opens, which migrations are applied and whether any table has two rows with
         one primary key (the damage two writers leave). On DATABASE_URL: the last two.
repair   removes the lock of an owner that no longer runs (--force: also one taken on another host),
         then checks again; --move-aside renames a folder that is still damaged to
         <folder>.damaged-<time> (nothing is deleted) so a fresh database can be built in its place.
The database is .espectro/db (embedded PostgreSQL) unless --db or DATABASE_URL says otherwise.
Exit codes: 0 done (check: healthy), 1 the database could not be opened, is in use, is damaged or a
migration failed, 2 usage error.`;

function describeLock(lock: FolderLockState): string {
  switch (lock.state) {
    case 'free':
      return 'free';
    case 'held':
      return `held by pid ${lock.owner.pid} (\`${lock.owner.command}\`, since ${lock.owner.startedAt})`;
    case 'foreign-host':
      return `held by pid ${lock.owner.pid} on host ${lock.owner.hostname} (\`${lock.owner.command}\`)`;
    case 'stale':
      return `stale (${lock.reason}); the next opener takes it over`;
  }
}

function printCheck(check: FolderCheck, io: CliIo): void {
  io.stdout(`pglite at ${check.folder}\n  lock: ${describeLock(check.lock)}\n`);
  if (check.opened === null) io.stdout('  not opened: another process owns it (stop it first)\n');
  else if (!check.opened.ok) io.stdout(`  opens: no — ${check.opened.error}\n`);
  else io.stdout('  opens: yes\n');
  if (check.migrations)
    io.stdout(
      `  migrations: ${check.migrations.applied.length} applied, pending: ${check.migrations.pending.join(', ') || 'none'}\n`,
    );
  for (const duplicate of check.duplicates)
    io.stdout(
      `  damaged: ${duplicate.table} has ${duplicate.duplicatedKeys} primary keys (${duplicate.columns.join(', ')}) on several rows\n`,
    );
  io.stdout(`  verdict: ${check.verdict}\n`);
}

const DAMAGED_ADVICE =
  'The folder is damaged. Restore it from your backup, or run `espectro db repair --move-aside` to keep it aside and build a fresh database (`espectro run`, `espectro worker`).';

/** `espectro db`: database maintenance. */
export const dbCommand: CliCommand = {
  name: 'db',
  summary: 'Database maintenance: migrate, status, check (lock, opens, damage) and repair',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        db: { type: 'string' },
        json: { type: 'boolean' },
        force: { type: 'boolean' },
        'move-aside': { type: 'boolean' },
      },
      allowPositionals: true,
      strict: true,
    });
    const [action, ...extra] = positionals;
    if (action !== 'migrate' && action !== 'status' && action !== 'check' && action !== 'repair')
      throw new UsageError(
        action === undefined
          ? 'expected a subcommand: migrate, status, check or repair'
          : `unknown subcommand "${action}" (expected migrate, status, check or repair)`,
      );
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    if ((values.force || values['move-aside']) && action !== 'repair')
      throw new UsageError('--force and --move-aside belong to `espectro db repair`');
    const onServer = Boolean(io.env.DATABASE_URL);
    if (action === 'check' || action === 'repair') {
      if (onServer) return checkServer(io, values.json === true);
      const folder = resolve(io.cwd, values.db ?? DEFAULT_DATA_DIR);
      let removedLock: FolderLockState | null = null;
      if (action === 'repair') {
        const removal = removeFolderLock(folder, { force: values.force === true });
        if (removal.removed) removedLock = removal.previous;
      }
      const check = await checkDatabaseFolder(folder);
      const movedTo =
        action === 'repair' && check.verdict === 'damaged' && values['move-aside']
          ? moveFolderAside(folder, new Date()).movedTo
          : null;
      if (values.json) io.stdout(`${JSON.stringify({ ...check, removedLock, movedTo }, null, 2)}\n`);
      else {
        if (removedLock) io.stdout(`removed the lock of ${describeLock(removedLock)}\n`);
        printCheck(check, io);
        if (movedTo)
          io.stdout(`moved the damaged folder to ${movedTo}; a fresh database will be created in its place\n`);
        else if (check.verdict === 'damaged') io.stdout(`${DAMAGED_ADVICE}\n`);
      }
      return check.verdict === 'ok' || movedTo ? ExitCode.ok : ExitCode.failure;
    }
    const database = await openDatabase({
      cwd: io.cwd,
      env: io.env,
      migrate: action === 'migrate',
      owner: `espectro db ${action}`,
      ...(values.db ? { dataDir: values.db } : {}),
    });
    try {
      const status = await migrationStatus(database);
      const report = {
        backend: database.backend,
        location: database.location,
        appliedNow: database.migrations?.applied ?? [],
        ...status,
      };
      if (values.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
      else if (action === 'migrate') {
        io.stdout(
          `${database.backend} at ${database.location}: ${report.appliedNow.length > 0 ? `applied ${report.appliedNow.join(', ')}` : 'already up to date'} (${status.applied.length} migrations in total)\n`,
        );
      } else {
        io.stdout(
          `${database.backend} at ${database.location}\n  applied: ${status.applied.join(', ') || 'none'}\n  pending: ${status.pending.join(', ') || 'none'}\n`,
        );
      }
      return ExitCode.ok;
    } finally {
      await database.close();
    }
  },
};

async function checkServer(io: CliIo, json: boolean): Promise<number> {
  const database = await openDatabase({ env: io.env, migrate: false, owner: 'espectro db check' });
  try {
    const migrations = await migrationStatus(database);
    const duplicates = await duplicatePrimaryKeys(database);
    const verdict = duplicates.length > 0 ? 'damaged' : 'ok';
    if (json)
      io.stdout(`${JSON.stringify({ location: database.location, migrations, duplicates, verdict }, null, 2)}\n`);
    else {
      io.stdout(
        `postgres at ${database.location}\n  migrations: ${migrations.applied.length} applied, pending: ${migrations.pending.join(', ') || 'none'}\n`,
      );
      for (const duplicate of duplicates)
        io.stdout(`  damaged: ${duplicate.table} has ${duplicate.duplicatedKeys} primary keys on several rows\n`);
      io.stdout(`  verdict: ${verdict}\n`);
    }
    return verdict === 'ok' ? ExitCode.ok : ExitCode.failure;
  } finally {
    await database.close();
  }
}
