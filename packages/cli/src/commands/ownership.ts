/**
 * `espectro outlets ownership add|list|retract`: the reported ownership and control changes of an
 * outlet (seed 002 §2 `ownership_history`, §8, §9 "Se reporta un cambio de propiedad"), stored in
 * the database (`0010_ownership_events`). Recording one makes the outlet due for re-rating (REV-1,
 * cause `ownership_change`) from the worker's next `lifecycle-due` job or `espectro outlets due`;
 * the re-rating copies the events into the evidence's `ownership_history`. An event found wrong is
 * retracted, never deleted (`0012_ownership_retractions`: who, when, why — the audit keeps both);
 * retracting the change of control in effect enqueues the re-rating that takes it out again.
 * ("retract", not "remove" or "delete": the event stays on record, marked.)
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
  espectro outlets ownership list [<domain>] [--db DIR] [--json]
  espectro outlets ownership retract <event-id> --reason TEXT [--by NAME] [--db DIR] [--json]`;

/** The paragraph of `espectro outlets`'s usage that explains the subcommand. */
export const ownershipHelp = `ownership
         Reported ownership changes (seed 002 §2, §9): add records one (--date: when it happened;
         --control-change: it changed who controls editorial appointments, CONF-CHANGE; --by:
         who records it, default $USER). A change reported after an outlet's last review makes it
         due for re-rating with cause ownership_change; the re-rating adds it to the evidence's
         ownership_history. list shows the recorded events with their ids. retract marks one as
         wrong (--reason: why, required; the event stays on record, shown struck); retracting the
         change of control in effect enqueues a re-rating (cause ownership_change) that takes it
         out of the evidence. To correct an event, retract it and add the right one.`;

/** What the user typed for each field of the store's input (errors name the flag). */
const FLAG_OF_FIELD: Record<string, string> = {
  domain: '<domain>',
  date: '--date',
  event: '--event',
  sourceUrl: '--source',
  recordedBy: '--by',
  id: '<event-id>',
  reason: '--reason',
  retractedBy: '--by',
};

/** A refusal of the store as the CLI user sees it: an input error naming the flag. */
function asInputError(error: unknown): unknown {
  if (!(error instanceof StoreError) || !['not_found', 'conflict', 'invalid_input'].includes(error.code)) return error;
  const flag = error.field === undefined ? undefined : FLAG_OF_FIELD[error.field];
  // the store's message is "@espectro/store <operation>: [<field>: ]<what is wrong>"
  const detail = error.message.slice(`@espectro/store ${error.operation}: `.length);
  const message =
    error.field !== undefined && detail.startsWith(`${error.field}: `) ? detail.slice(error.field.length + 2) : detail;
  return new InputFileError(flag === undefined || error.code !== 'invalid_input' ? message : `${flag}: ${message}`);
}

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
      throw asInputError(error);
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
    const events = await store.ownershipEvents.list({
      includeRetracted: true,
      ...(domain === undefined ? {} : { domains: [domain] }),
    });
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
        ['id', 'outlet', 'date', 'control', 'event', 'recorded', 'by', 'source', 'retracted'],
        events.map((event) => [
          String(event.id),
          event.domain,
          event.date,
          event.controlChange ? 'yes' : 'no',
          event.event,
          event.recordedAt.slice(0, 10),
          event.recordedBy,
          event.sourceUrl ?? '—',
          event.retraction === null
            ? '—'
            : `${event.retraction.retractedAt.slice(0, 10)} by ${event.retraction.retractedBy}: ${event.retraction.reason}`,
        ]),
      )}\n`,
    );
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function retract(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      reason: { type: 'string' },
      by: { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [idText, extra] = positionals;
  if (idText === undefined) throw new UsageError('ownership retract needs the event id (ownership list shows it)');
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (!/^\d+$/.test(idText)) throw new UsageError(`<event-id>: "${idText}" is not an event id (a number)`);
  if (values.reason === undefined)
    throw new UsageError('ownership retract needs --reason TEXT (why the event is wrong)');
  const store = await openCommandStore(io, 'espectro outlets ownership', values.db);
  try {
    let result: Awaited<ReturnType<typeof store.ownershipEvents.retract>>;
    try {
      result = await store.ownershipEvents.retract({
        id: Number(idText),
        reason: values.reason,
        retractedBy: values.by ?? io.env.USER ?? 'espectro-cli',
        retractedAt: new Date().toISOString(),
      });
    } catch (error) {
      throw asInputError(error);
    }
    if (values.json === true) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
    else
      io.stdout(
        `${result.event.domain}: event ${result.event.id} of ${result.event.date} ("${result.event.event}") retracted; ${
          result.rerating === null
            ? 'it was not the change of control in effect, so the rating is not re-rated for it'
            : `it was the change of control in effect: re-rating enqueued (cause ${result.rerating.cause})`
        }\n`,
      );
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

/**
 * Runs `espectro outlets ownership <add|list|retract> …` (the arguments after `ownership`).
 *
 * @example
 * await ownershipSubcommand(['list', '--db', '.espectro/db'], io);
 */
export async function ownershipSubcommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'add') return add(rest, io);
  if (action === 'list') return list(rest, io);
  if (action === 'retract') return retract(rest, io);
  throw new UsageError(
    action === undefined
      ? 'expected: ownership add <domain> …, ownership list or ownership retract <event-id> …'
      : `unknown ownership action "${action}" (add, list, retract)`,
  );
}
