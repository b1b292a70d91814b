/**
 * The one error class of `@espectro/store`, with a stable `code`, the operation that failed and,
 * where relevant, the field; the original error is kept as `cause`.
 */

/** What went wrong, as a stable code. */
export type StoreErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'invalid_transition'
  | 'unknown_story'
  | 'history_rewrite'
  | 'migration_failed'
  | 'connection_failed'
  /** An embedded database folder is open in another process (see `lock.ts`). */
  | 'locked';

/** Fields of a {@link StoreError}. */
export interface StoreErrorDetails {
  code: StoreErrorCode;
  /** The repository operation, e.g. `contestations.create`. */
  operation: string;
  message: string;
  /** The offending field, e.g. `outlet` or `articles[3].url`. */
  field?: string;
  /** Extra machine-readable data (e.g. the CON-3 refusal). */
  data?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * An error of the store: bad input at the boundary, a missing row, a refused operation (CON-2,
 * CON-3), a failed migration or connection.
 *
 * @example
 * try { await store.contestations.create(input); } catch (error) {
 *   if (error instanceof StoreError && error.code === 'rate_limited') console.log(error.data?.retryAt);
 * }
 */
export class StoreError extends Error {
  override name = 'StoreError';
  readonly code: StoreErrorCode;
  readonly operation: string;
  readonly field: string | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(details: StoreErrorDetails) {
    super(
      `@espectro/store ${details.operation}: ${details.message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.code = details.code;
    this.operation = details.operation;
    this.field = details.field;
    this.data = details.data;
  }
}

/** SQLSTATE codes a second process writing the same database at the same time produces. */
const CONCURRENCY_CODES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available
  '23505', // unique_violation: two runs inserting the same rows
]);

interface DatabaseFailureShape {
  message?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}

/** Drizzle's `DrizzleQueryError` ("Failed query: <sql>\nparams: <values>"), recognised by shape. */
function isQueryDump(error: DatabaseFailureShape): boolean {
  return typeof error.query === 'string' && 'params' in error;
}

/**
 * A message for any error of a store or database call that is safe to log and to show: Drizzle's
 * query errors (whose message is the whole SQL with every parameter — a contestation's text, a
 * reader's address) are replaced by the database's own reason, its SQLSTATE and constraint, and,
 * for the failures a concurrent writer causes (serialization, deadlock, lock, duplicate key), what
 * to do. Any other error keeps its message. Nothing of the query or its parameters is kept.
 *
 * @example
 * describeStoreFailure(error);
 * // 'the database refused the query: duplicate key value violates unique constraint "articles_pkey"
 * //  (SQLSTATE 23505, constraint articles_pkey) — another process may be writing to this database …'
 */
export function describeStoreFailure(error: unknown): string {
  const chain: DatabaseFailureShape[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth += 1) {
    chain.push(current as DatabaseFailureShape);
    current = (current as DatabaseFailureShape).cause;
  }
  const dumpAt = chain.findIndex(isQueryDump);
  if (dumpAt === -1) return error instanceof Error ? error.message : String(error);
  const outer = chain.slice(0, dumpAt).find((link) => typeof link.message === 'string' && !isQueryDump(link));
  const reason = chain.slice(dumpAt + 1).find((link) => typeof link.message === 'string');
  const code = typeof reason?.code === 'string' ? reason.code : undefined;
  const constraint = typeof reason?.constraint === 'string' ? reason.constraint : undefined;
  const facts = [code ? `SQLSTATE ${code}` : undefined, constraint ? `constraint ${constraint}` : undefined].filter(
    (fact) => fact !== undefined,
  );
  const what = `the database refused the query: ${reason ? String(reason.message) : 'no reason given'}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
  const hint =
    code !== undefined && CONCURRENCY_CODES.has(code)
      ? ' — another process may be writing to this database at the same time (a second `espectro run`, or the worker): let it finish, then run the command again'
      : '';
  // A StoreError around the query error keeps its operation prefix, not the dump it quoted.
  const prefix =
    outer !== undefined && typeof outer.message === 'string' && !String(outer.message).includes('Failed query')
      ? `${String(outer.message)}: `
      : '';
  return `${prefix}${what}${hint}`;
}
