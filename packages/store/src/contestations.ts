/**
 * Contestations (CON-1..4): creation with the CON-3 rate limits enforced from the stored history,
 * and the CON-2 state machine with its transition log. Both decisions are the methodology's
 * (`checkContestationRateLimit`, `transitionContestation`); this module loads what they need,
 * applies them under a lock and stores the outcome.
 */
import { randomUUID } from 'node:crypto';
import {
  checkContestationRateLimit,
  CONTESTATION_DAY_WINDOW_MS,
  parseContestation,
  transitionContestation,
  type ContestationRateLimits,
  type ContestationState,
  type ContestationStatus,
  type ContestationTransition,
  type ContestationTransitionRequest,
} from '@espectro/methodology';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StoreExecutor } from './database.js';
import { StoreError } from './errors.js';
import { enqueueReratings, type ReratingEntry } from './rating-lifecycle.js';
import { contestations, contestationTransitions, sources } from './schema.js';
import { parseStoreInput } from './validate.js';

/** A stored contestation with its transition log. */
export interface ContestationRecord {
  id: string;
  dimension: 'bias' | 'factuality' | 'ownership';
  outlet: string;
  contesterId: string;
  text: string;
  createdAt: string;
  status: ContestationStatus;
  transitions: ContestationTransition[];
}

/** Input of {@link createContestation}: a CON-1 contestation whose `id` and `createdAt` may be omitted. */
export const CreateContestationInputSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  dimension: z.string(),
  outlet: z.string(),
  contesterId: z.string(),
  /** The client it came from (a keyed hash of its address): CON-3 counts the contester with its client. */
  clientKey: z.string().min(1).max(200).optional(),
  text: z.string(),
  /** Default: now. */
  createdAt: z.string().optional(),
});
/** @see {@link CreateContestationInputSchema} */
export type CreateContestationInput = z.input<typeof CreateContestationInputSchema>;

async function lockKeys(executor: StoreExecutor, keys: string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  await executor.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(k)) FROM unnest(ARRAY[${sql.join(
      sorted.map((key) => sql`${key}`),
      sql`, `,
    )}]::text[]) AS k ORDER BY k`,
  );
}

async function loadTransitions(executor: StoreExecutor, ids: string[]): Promise<Map<string, ContestationTransition[]>> {
  const byId = new Map<string, ContestationTransition[]>();
  if (ids.length === 0) return byId;
  const rows = await executor
    .select()
    .from(contestationTransitions)
    .where(inArray(contestationTransitions.contestationId, ids))
    .orderBy(asc(contestationTransitions.contestationId), asc(contestationTransitions.seq));
  for (const row of rows) {
    const list = byId.get(row.contestationId) ?? [];
    list.push({
      from: row.fromStatus as ContestationStatus,
      to: row.toStatus as ContestationStatus,
      by: row.actor,
      at: row.at.toISOString(),
      notes: row.notes,
    });
    byId.set(row.contestationId, list);
  }
  return byId;
}

type ContestationRow = typeof contestations.$inferSelect;

function record(row: ContestationRow, transitions: ContestationTransition[]): ContestationRecord {
  return {
    id: row.id,
    dimension: row.dimension,
    outlet: row.outlet,
    contesterId: row.contesterId,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    transitions,
  };
}

/**
 * Creates a contestation (CON-1) if the CON-3 limits allow it, counted over the contestations
 * already stored (the accepted submissions; refused ones are never stored). A refusal throws
 * `StoreError` `rate_limited` whose `data` is the methodology's outcome (`rule`, `retryAt`,
 * `message`, `violations`) and changes nothing. Must run inside a transaction: it takes advisory
 * locks on the contester and the outlet so concurrent submissions cannot both slip under a limit.
 *
 * @example
 * await db.transaction((tx) => createContestation(tx, { dimension: 'bias', outlet: 'elpais.com',
 *   contesterId: 'reader-9', text: 'Sus editoriales …' }));
 */
export async function createContestation(
  executor: StoreExecutor,
  input: CreateContestationInput,
  limits?: ContestationRateLimits,
  now: () => Date = () => new Date(),
): Promise<ContestationRecord> {
  const operation = 'contestations.create';
  const { clientKey, ...raw } = parseStoreInput(CreateContestationInputSchema, input, operation);
  // rule CON-1: validated by the methodology (dimension, domain, non-blank text ≤ 5 000, instant).
  const contestation = parseContestation({
    ...raw,
    id: raw.id ?? `c_${randomUUID()}`,
    createdAt: raw.createdAt ?? now().toISOString(),
  });
  const [outlet] = await executor
    .select({ domain: sources.domain })
    .from(sources)
    .where(eq(sources.domain, contestation.outlet));
  if (outlet === undefined) {
    throw new StoreError({
      code: 'not_found',
      operation,
      field: 'outlet',
      message: `no outlet "${contestation.outlet}" in the roster`,
    });
  }
  await lockKeys(executor, [
    `espectro:contester:${contestation.contesterId}`,
    `espectro:contested:${contestation.outlet}`,
    ...(clientKey === undefined ? [] : [`espectro:client:${clientKey}`]),
  ]);
  const [duplicate] = await executor
    .select({ id: contestations.id })
    .from(contestations)
    .where(eq(contestations.id, contestation.id));
  if (duplicate !== undefined) {
    throw new StoreError({
      code: 'conflict',
      operation,
      field: 'id',
      message: `a contestation with id "${contestation.id}" already exists`,
    });
  }
  const windowStart = new Date(Date.parse(contestation.createdAt) - CONTESTATION_DAY_WINDOW_MS);
  const history = await executor
    .select({
      contesterId: contestations.contesterId,
      clientKey: contestations.clientKey,
      outlet: contestations.outlet,
      at: contestations.createdAt,
    })
    .from(contestations)
    .where(
      and(
        gt(contestations.createdAt, windowStart),
        or(
          eq(contestations.contesterId, contestation.contesterId),
          eq(contestations.outlet, contestation.outlet),
          ...(clientKey === undefined ? [] : [eq(contestations.clientKey, clientKey)]),
        ),
      ),
    );
  // rule CON-3: the methodology decides from the stored history.
  const outcome = checkContestationRateLimit(
    history.map((entry) => ({
      contesterId: entry.contesterId,
      ...(entry.clientKey === null ? {} : { clientKey: entry.clientKey }),
      outlet: entry.outlet,
      at: entry.at.toISOString(),
    })),
    {
      contesterId: contestation.contesterId,
      ...(clientKey === undefined ? {} : { clientKey }),
      outlet: contestation.outlet,
      at: contestation.createdAt,
    },
    limits,
  );
  if (!outcome.allowed) {
    throw new StoreError({ code: 'rate_limited', operation, message: outcome.message, data: { ...outcome } });
  }
  const [row] = await executor
    .insert(contestations)
    .values({
      id: contestation.id,
      dimension: contestation.dimension,
      outlet: contestation.outlet,
      contesterId: contestation.contesterId,
      clientKey: clientKey ?? null,
      text: contestation.text,
      createdAt: new Date(contestation.createdAt),
      status: 'open',
    })
    .returning();
  return record(row!, []);
}

/** What {@link transitionContestationRecord} returns. */
export interface ContestationTransitionResult {
  contestation: ContestationRecord;
  /** CON-4: an accepted contestation triggers a re-rating (record it with cause `accepted_contestation`). */
  triggersRerating: boolean;
  /** CON-4: the re-rating enqueued in the same transaction when `triggersRerating` (drained by the worker's `rerate` job). */
  rerating: ReratingEntry | null;
  trace: string[];
}

/**
 * Applies one CON-2 transition (open → triage → accepted | rejected) to a stored contestation and
 * appends it to the log. A refused transition throws `StoreError` `invalid_transition` (with the
 * methodology's `reason`) and changes nothing. Run inside a transaction (the row is locked).
 *
 * @example
 * await db.transaction((tx) => transitionContestationRecord(tx, 'c_1', { to: 'triage', by: 'editor-1', at, notes: '' }));
 */
export async function transitionContestationRecord(
  executor: StoreExecutor,
  id: string,
  request: ContestationTransitionRequest,
): Promise<ContestationTransitionResult> {
  const operation = 'contestations.transition';
  const [row] = await executor.select().from(contestations).where(eq(contestations.id, id)).for('update');
  if (row === undefined)
    throw new StoreError({ code: 'not_found', operation, field: 'id', message: `no contestation "${id}"` });
  const transitions = (await loadTransitions(executor, [id])).get(id) ?? [];
  const state: ContestationState = {
    contestationId: id,
    status: row.status,
    openedAt: row.createdAt.toISOString(),
    transitions,
  };
  // rule CON-2: the methodology's state machine decides.
  const outcome = transitionContestation(state, request);
  if (!outcome.ok) {
    throw new StoreError({
      code: 'invalid_transition',
      operation,
      field: 'to',
      message: outcome.message,
      data: { ...outcome },
    });
  }
  await executor.insert(contestationTransitions).values({
    contestationId: id,
    seq: transitions.length,
    fromStatus: outcome.entry.from,
    toStatus: outcome.entry.to,
    actor: outcome.entry.by,
    at: new Date(outcome.entry.at),
    notes: outcome.entry.notes,
  });
  const [updated] = await executor
    .update(contestations)
    .set({ status: outcome.state.status })
    .where(eq(contestations.id, id))
    .returning();
  // rule CON-4: the acceptance and its re-rating are one unit of work — an acceptance is never lost.
  const [rerating] = outcome.triggersRerating
    ? await enqueueReratings(executor, [
        {
          domain: row.outlet,
          reason: 'accepted_contestation',
          cause: 'accepted_contestation',
          contestationId: id,
          detail: `CON-4: contestation ${id} (${row.dimension}) accepted by ${outcome.entry.by}`,
          at: outcome.entry.at,
        },
      ])
    : [];
  return {
    contestation: record(updated!, outcome.state.transitions),
    triggersRerating: outcome.triggersRerating,
    rerating: rerating ?? null,
    trace: outcome.trace,
  };
}

/** Filter of {@link listContestations}. */
export interface ListContestationsFilter {
  outlet?: string;
  contesterId?: string;
  status?: ContestationStatus;
}

/**
 * Contestations with their transition logs, oldest first.
 *
 * @example
 * await listContestations(db, { outlet: 'elpais.com', status: 'open' });
 */
export async function listContestations(
  executor: StoreExecutor,
  filter: ListContestationsFilter = {},
): Promise<ContestationRecord[]> {
  const conditions = [];
  if (filter.outlet) conditions.push(eq(contestations.outlet, filter.outlet));
  if (filter.contesterId) conditions.push(eq(contestations.contesterId, filter.contesterId));
  if (filter.status) conditions.push(eq(contestations.status, filter.status));
  const rows = await executor
    .select()
    .from(contestations)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(contestations.createdAt), asc(contestations.id));
  const transitions = await loadTransitions(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => record(row, transitions.get(row.id) ?? []));
}

/** One contestation with its log, or `undefined`. */
export async function getContestation(executor: StoreExecutor, id: string): Promise<ContestationRecord | undefined> {
  const [row] = await executor.select().from(contestations).where(eq(contestations.id, id));
  if (row === undefined) return undefined;
  return record(row, (await loadTransitions(executor, [id])).get(id) ?? []);
}
