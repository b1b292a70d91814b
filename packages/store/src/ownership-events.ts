/**
 * Reported ownership and control changes of an outlet (seed 002 §2 `ownership_history`, §8, §9
 * "Se reporta un cambio de propiedad"), `migrations/0010_ownership_events.sql`. Editors record them
 * (`espectro outlets ownership add`); nothing here decides a rule: the lifecycle reads the latest
 * event on or before its day as the outlet's `ownership_changed_at` (REV-1 re-rates an outlet whose
 * ownership changed after its last review), and a re-rating copies the events into the evidence's
 * `ownership_history` (`withOwnershipEvents` of `@espectro/methodology`), where a change of control
 * moves the content window (CONF-CHANGE).
 */
import { HttpUrlSchema, IsoDateSchema } from '@espectro/methodology';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { outletOwnershipEvents } from './schema-lifecycle.js';
import { sources } from './schema-rating.js';
import { parseStoreInput } from './validate.js';

/** Input of {@link recordOwnershipEvent}. */
export const OwnershipEventInputSchema = z
  .strictObject({
    domain: z.string().min(1),
    /** The day the change happened (not the day it is recorded). */
    date: IsoDateSchema,
    /** What changed, as the audit shows it ("adquirido por Grupo X"). */
    event: z.string().trim().min(1).max(500),
    /** A change of who controls editorial appointments (CONF-CHANGE), not only of shareholders. */
    controlChange: z.boolean(),
    /** Where it was reported (registry, annual report, press). */
    sourceUrl: HttpUrlSchema.optional(),
    /** Who recorded it. */
    recordedBy: z.string().trim().min(1).max(200),
    /** Instant of the recording. */
    recordedAt: z.iso.datetime({ offset: true }),
  })
  .superRefine((input, context) => {
    if (input.date > input.recordedAt.slice(0, 10)) {
      context.addIssue({
        code: 'custom',
        path: ['date'],
        message: `the change is dated ${input.date}, after the day it is recorded (${input.recordedAt.slice(0, 10)})`,
      });
    }
  });
/** Input of {@link recordOwnershipEvent}. */
export type OwnershipEventInput = z.input<typeof OwnershipEventInputSchema>;

/** One recorded ownership event. */
export interface OwnershipEvent {
  id: number;
  domain: string;
  date: string;
  event: string;
  controlChange: boolean;
  sourceUrl: string | null;
  recordedBy: string;
  recordedAt: string;
}

/** Filter of {@link listOwnershipEvents}. */
export interface ListOwnershipEventsFilter {
  /** Only these outlets. */
  domains?: readonly string[];
  /** Only events dated on or before this day (YYYY-MM-DD). */
  to?: string;
}

/**
 * Records one reported ownership event. An outlet not in the roster is a `not_found` error naming
 * `domain`; the same event (outlet, date and text) recorded twice is a `conflict`.
 *
 * @example
 * await recordOwnershipEvent(tx, { domain: 'elpais.com', date: '2026-05-01', event: 'adquirido por Grupo X',
 *   controlChange: true, recordedBy: 'editora', recordedAt: '2026-05-02T09:00:00Z' });
 */
export async function recordOwnershipEvent(
  executor: StoreExecutor,
  input: OwnershipEventInput,
): Promise<OwnershipEvent> {
  const parsed = parseStoreInput(OwnershipEventInputSchema, input, 'ownershipEvents.record');
  const known = await executor
    .select({ domain: sources.domain })
    .from(sources)
    .where(eq(sources.domain, parsed.domain));
  if (known.length === 0) {
    throw new StoreError({
      code: 'not_found',
      operation: 'ownershipEvents.record',
      field: 'domain',
      message: `${parsed.domain} is not in the roster`,
    });
  }
  const inserted = await executor
    .insert(outletOwnershipEvents)
    .values({
      domain: parsed.domain,
      eventDate: parsed.date,
      event: parsed.event,
      controlChange: parsed.controlChange,
      sourceUrl: parsed.sourceUrl ?? null,
      recordedBy: parsed.recordedBy,
      recordedAt: new Date(parsed.recordedAt),
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (row === undefined) {
    throw new StoreError({
      code: 'conflict',
      operation: 'ownershipEvents.record',
      field: 'event',
      message: `${parsed.domain} already has the event "${parsed.event}" on ${parsed.date}`,
    });
  }
  return eventOfRow(row);
}

function eventOfRow(row: typeof outletOwnershipEvents.$inferSelect): OwnershipEvent {
  return {
    id: row.id,
    domain: row.domain,
    date: row.eventDate,
    event: row.event,
    controlChange: row.controlChange,
    sourceUrl: row.sourceUrl,
    recordedBy: row.recordedBy,
    recordedAt: row.recordedAt.toISOString(),
  };
}

/**
 * The recorded events, by outlet and then date (oldest first).
 *
 * @example
 * (await listOwnershipEvents(db, { domains: ['elpais.com'], to: '2026-05-02' })).map((event) => event.date);
 */
export async function listOwnershipEvents(
  executor: StoreExecutor,
  filter: ListOwnershipEventsFilter = {},
): Promise<OwnershipEvent[]> {
  parseStoreInput(z.strictObject({ to: IsoDateSchema.optional() }), { to: filter.to }, 'ownershipEvents.list');
  if (filter.domains !== undefined && filter.domains.length === 0) return [];
  const rows = await executor
    .select()
    .from(outletOwnershipEvents)
    .where(
      and(
        filter.domains === undefined ? undefined : inArray(outletOwnershipEvents.domain, [...filter.domains]),
        filter.to === undefined ? undefined : lte(outletOwnershipEvents.eventDate, filter.to),
      ),
    )
    .orderBy(asc(outletOwnershipEvents.domain), asc(outletOwnershipEvents.eventDate), asc(outletOwnershipEvents.id));
  return rows.map(eventOfRow);
}
