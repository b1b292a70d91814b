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
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { enqueueReratings, type ReratingEntry } from './rating-lifecycle.js';
import { outletOwnershipEvents, outletOwnershipRetractions } from './schema-lifecycle.js';
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
  /** Set once the event has been retracted ({@link retractOwnershipEvent}); the event itself is kept. */
  retraction: OwnershipRetraction | null;
}

/** Who retracted a recorded event, when and why. */
export interface OwnershipRetraction {
  reason: string;
  retractedBy: string;
  retractedAt: string;
}

/** Filter of {@link listOwnershipEvents}. */
export interface ListOwnershipEventsFilter {
  /**
   * Also the retracted events, with their retraction (the audit: the outlet page, `ownership list`).
   * Default false: what the rules read (REV-1, the evidence) never sees a retracted event.
   */
  includeRetracted?: boolean;
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
  return eventOfRow(row, null);
}

function eventOfRow(
  row: typeof outletOwnershipEvents.$inferSelect,
  retraction: typeof outletOwnershipRetractions.$inferSelect | null,
): OwnershipEvent {
  return {
    id: row.id,
    domain: row.domain,
    date: row.eventDate,
    event: row.event,
    controlChange: row.controlChange,
    sourceUrl: row.sourceUrl,
    recordedBy: row.recordedBy,
    recordedAt: row.recordedAt.toISOString(),
    retraction:
      retraction === null
        ? null
        : {
            reason: retraction.reason,
            retractedBy: retraction.retractedBy,
            retractedAt: retraction.retractedAt.toISOString(),
          },
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
    .select({ event: outletOwnershipEvents, retraction: outletOwnershipRetractions })
    .from(outletOwnershipEvents)
    .leftJoin(outletOwnershipRetractions, eq(outletOwnershipRetractions.eventId, outletOwnershipEvents.id))
    .where(
      and(
        filter.domains === undefined ? undefined : inArray(outletOwnershipEvents.domain, [...filter.domains]),
        filter.to === undefined ? undefined : lte(outletOwnershipEvents.eventDate, filter.to),
        filter.includeRetracted === true ? undefined : isNull(outletOwnershipRetractions.eventId),
      ),
    )
    .orderBy(asc(outletOwnershipEvents.domain), asc(outletOwnershipEvents.eventDate), asc(outletOwnershipEvents.id));
  return rows.map((row) => eventOfRow(row.event, row.retraction));
}

/** Input of {@link retractOwnershipEvent}. */
export const OwnershipRetractionInputSchema = z.strictObject({
  /** The recorded event's id (`espectro outlets ownership list` shows it). */
  id: z.number().int().positive(),
  /** Why the event is wrong (shown beside it on the outlet page). */
  reason: z.string().trim().min(1).max(1_000),
  /** Who retracts it. */
  retractedBy: z.string().trim().min(1).max(200),
  /** Instant of the retraction. */
  retractedAt: z.iso.datetime({ offset: true }),
});
/** Input of {@link retractOwnershipEvent}. */
export type OwnershipRetractionInput = z.input<typeof OwnershipRetractionInputSchema>;

/** What {@link retractOwnershipEvent} did. */
export interface OwnershipRetractionResult {
  /** The event, now with its retraction. */
  event: OwnershipEvent;
  /**
   * The re-rating enqueued because the event was the outlet's latest change of control still in
   * effect (cause `ownership_change`), or null (not a change of control, or an older one; or an
   * `ownership_change` re-rating of the outlet was already pending, which will read the events as
   * they are now).
   */
  rerating: ReratingEntry | null;
}

/**
 * Retracts a recorded ownership event: the event row stays, a retraction row says who, when and
 * why (never a silent delete). From then on the event is not the outlet's `ownership_changed_at`
 * and leaves the evidence's `ownership_history` at the next re-rating. When it was the outlet's
 * latest change of control in effect, that re-rating is enqueued in the same transaction with
 * cause `ownership_change` — the CON-4 cause of a change of the ownership record the rating read
 * (CONF-CHANGE moved its content window to that change; the window now goes back). Unknown id:
 * `not_found`; already retracted, or retracted before it was recorded: `invalid_input` naming the field.
 *
 * @example
 * await retractOwnershipEvent(tx, { id: 3, reason: 'la venta no se concretó', retractedBy: 'editora',
 *   retractedAt: '2026-05-04T09:00:00Z' });
 */
export async function retractOwnershipEvent(
  executor: StoreExecutor,
  input: OwnershipRetractionInput,
): Promise<OwnershipRetractionResult> {
  const parsed = parseStoreInput(OwnershipRetractionInputSchema, input, 'ownershipEvents.retract');
  const [found] = await executor
    .select({ event: outletOwnershipEvents, retraction: outletOwnershipRetractions })
    .from(outletOwnershipEvents)
    .leftJoin(outletOwnershipRetractions, eq(outletOwnershipRetractions.eventId, outletOwnershipEvents.id))
    .where(eq(outletOwnershipEvents.id, parsed.id))
    .for('update', { of: outletOwnershipEvents });
  if (found === undefined) {
    throw new StoreError({
      code: 'not_found',
      operation: 'ownershipEvents.retract',
      field: 'id',
      message: `no recorded ownership event has the id ${parsed.id}`,
    });
  }
  if (found.retraction !== null) {
    throw new StoreError({
      code: 'invalid_input',
      operation: 'ownershipEvents.retract',
      field: 'id',
      message: `event ${parsed.id} was already retracted by ${found.retraction.retractedBy} on ${found.retraction.retractedAt.toISOString()}: ${found.retraction.reason}`,
    });
  }
  const retractedAt = new Date(parsed.retractedAt);
  if (retractedAt.getTime() < found.event.recordedAt.getTime()) {
    throw new StoreError({
      code: 'invalid_input',
      operation: 'ownershipEvents.retract',
      field: 'retractedAt',
      message: `event ${parsed.id} was recorded at ${found.event.recordedAt.toISOString()}, after ${parsed.retractedAt}`,
    });
  }
  // Was it the latest change of control still in effect (by date, then by the order recorded)?
  const live = await listOwnershipEvents(executor, { domains: [found.event.domain] });
  const latestControl = live.filter((event) => event.controlChange).at(-1);
  const [retraction] = await executor
    .insert(outletOwnershipRetractions)
    .values({ eventId: parsed.id, reason: parsed.reason, retractedBy: parsed.retractedBy, retractedAt })
    .returning();
  const event = eventOfRow(found.event, retraction!);
  const [rerating] =
    latestControl?.id === parsed.id
      ? await enqueueReratings(executor, [
          {
            domain: event.domain,
            reason: 'ownership_change',
            cause: 'ownership_change',
            detail: `REV-1: the change of control of ${event.date} ("${event.event}") was retracted by ${parsed.retractedBy}: ${parsed.reason}`,
            at: parsed.retractedAt,
          },
        ])
      : [];
  return { event, rerating: rerating ?? null };
}
