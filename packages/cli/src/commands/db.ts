/**
 * `espectro db migrate` and `espectro db status`: apply the store's committed SQL migrations to
 * the embedded database (or `DATABASE_URL`) and show which are applied.
 */
import { parseArgs } from 'node:util';
import { migrationStatus, openDatabase } from '@espectro/store';
import { ExitCode, UsageError, type CliCommand } from '../io.js';

const usage = `Usage: espectro db migrate [--db DIR] [--json]
       espectro db status  [--db DIR] [--json]

migrate  applies every pending SQL migration of @espectro/store (each in its own transaction,
         recorded in espectro_migrations with its checksum); running it again does nothing.
status   lists applied and pending migrations without changing anything.
The database is .espectro/db (embedded PostgreSQL) unless --db or DATABASE_URL says otherwise.
Exit codes: 0 done, 1 the database could not be opened or a migration failed, 2 usage error.`;

/** `espectro db`: database maintenance. */
export const dbCommand: CliCommand = {
  name: 'db',
  summary: 'Apply database migrations (db migrate) or show their status (db status)',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { db: { type: 'string' }, json: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    const [action, ...extra] = positionals;
    if (action !== 'migrate' && action !== 'status')
      throw new UsageError(
        action === undefined
          ? 'expected a subcommand: migrate or status'
          : `unknown subcommand "${action}" (expected migrate or status)`,
      );
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const database = await openDatabase({
      cwd: io.cwd,
      env: io.env,
      migrate: action === 'migrate',
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
