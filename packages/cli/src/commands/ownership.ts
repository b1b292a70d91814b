/**
 * `espectro outlets ownership add|list`: the reported ownership and control changes of an outlet
 * (seed 002 §2 `ownership_history`, §8, §9 "Se reporta un cambio de propiedad"), stored in the
 * database (`0010_ownership_events`). Recording one makes the outlet due for re-rating (REV-1,
 * cause `ownership_change`) from the worker's next `lifecycle-due` job or `espectro outlets due`;
 * the re-rating copies the events into the evidence's `ownership_history`.
 */
import { parseArgs } from 'node:util';
import type { OwnershipEvent } from '@espectro/store';
import { StoreError } from '@espectro/store';
import { InputFileError } from '../errors.js';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliIo } from '../io.js';
import { openCommandStore } from '../open-store.js';

/** The usage lines of `espectro outlets ownership`, shown in `espectro outlets`'s usage. */
export const ownershipUsage = `  espectro outlets ownership add <domain> --date YYYY-MM-DD --event TEXT [--control-change]
                                 [--source URL] [--by NAME] [--db DIR] [--json]
  espectro outlets ownership list [<domain>] [--db DIR] [--json]`;

/** The paragraph of `espectro outlets`'s usage that explains the subcommand. */
export const ownershipHelp = `ownership
         Reported ownership changes (seed 002 §2, §9): add records one (--date: when it happened;
         --control-change: it changed who controls editorial appointments, CONF-CHANGE; --by:
         who records it, default $USER). A change reported after an outlet's last review makes it
         due for re-rating with cause ownership_change; the re-rating adds it to the evidence's
         ownership_history. list shows the recorded events.`;

/** What the user typed for each field of the store's input (errors name the flag). */
const FLAG_OF_FIELD: Record<string, string> = {
  domain: '<domain>',
  date: '--date',
  event: '--event',
  sourceUrl: '--source',
  recordedBy: '--by',
};

async function add(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      date: { type: 'string' },
      event: { type: 'string' },
      'control-change': { type: 'boolean' },
      source: { type: 'string' },
      by: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [domain, extra] = positionals;
  if (domain === undefined) throw new UsageError('ownership add needs the outlet domain');
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (values.date === undefined)
    throw new UsageError('ownership add needs --date YYYY-MM-DD (when the change happened)');
  if (values.event === undefined) throw new UsageError('ownership add needs --event TEXT (what changed)');
  const store = await openCommandStore(io, 'espectro outlets ownership', values.db);
  try {
    let recorded: OwnershipEvent;
    try {
      recorded = await store.ownershipEvents.record({
        domain,
        date: values.date,
        event: values.event,
        controlChange: values['control-change'] === true,
        ...(values.source === undefined ? {} : { sourceUrl: values.source }),
        recordedBy: values.by ?? io.env.USER ?? 'espectro-cli',
        recordedAt: new Date().toISOString(),
      });
    } catch (error) {
      if (error instanceof StoreError && ['not_found', 'conflict', 'invalid_input'].includes(error.code)) {
        const flag = error.field === undefined ? undefined : FLAG_OF_FIELD[error.field];
        // the store's message is "@espectro/store <operation>: [<field>: ]<what is wrong>"
        const detail = error.message.slice(`@espectro/store ${error.operation}: `.length);
        const message =
          error.field !== undefined && detail.startsWith(`${error.field}: `)
            ? detail.slice(error.field.length + 2)
            : detail;
        throw new InputFileError(
          flag === undefined || error.code !== 'invalid_input' ? message : `${flag}: ${message}`,
        );
      }
      throw error;
    }
    if (values.json === true) io.stdout(`${JSON.stringify(recorded, null, 2)}\n`);
    else
      io.stdout(
        `${recorded.domain}: ${recorded.controlChange ? 'change of control' : 'ownership change'} on ${recorded.date} recorded ("${recorded.event}"); the next lifecycle run re-rates the outlet if its last review predates the report (REV-1)\n`,
      );
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function list(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { db: { type: 'string' }, json: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const [domain, extra] = positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  const store = await openCommandStore(io, 'espectro outlets ownership', values.db);
  try {
    const events = await store.ownershipEvents.list(domain === undefined ? {} : { domains: [domain] });
    if (values.json === true) {
      io.stdout(`${JSON.stringify({ database: store.database.location, events }, null, 2)}\n`);
      return ExitCode.ok;
    }
    io.stdout(
      `${events.length} recorded ownership event(s)${domain === undefined ? '' : ` of ${domain}`} (${store.database.location})\n`,
    );
    if (events.length === 0) return ExitCode.ok;
    io.stdout(
      `\n${formatTable(
        ['outlet', 'date', 'control', 'event', 'recorded', 'by', 'source'],
        events.map((event) => [
          event.domain,
          event.date,
          event.controlChange ? 'yes' : 'no',
          event.event,
          event.recordedAt.slice(0, 10),
          event.recordedBy,
          event.sourceUrl ?? '—',
        ]),
      )}\n`,
    );
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

/**
 * Runs `espectro outlets ownership <add|list> …` (the arguments after `ownership`).
 *
 * @example
 * await ownershipSubcommand(['list', '--db', '.espectro/db'], io);
 */
export async function ownershipSubcommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'add') return add(rest, io);
  if (action === 'list') return list(rest, io);
  throw new UsageError(
    action === undefined
      ? 'expected: ownership add <domain> … or ownership list'
      : `unknown ownership action "${action}" (add, list)`,
  );
}
