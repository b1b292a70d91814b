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
