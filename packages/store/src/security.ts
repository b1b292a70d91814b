/**
 * What the site keeps to let editors in safely (migration `0008_security.sql`, issue 21 §3):
 * server-side editor sessions (only the SHA-256 of each session id is stored) and the failed
 * sign-ins of each client. The throttle's policy (how many failures, which window, how long a
 * lock-out) is the site's; this module only stores its state, changed atomically per client.
 */
import { eq, lte, sql } from 'drizzle-orm';
import type { StoreExecutor } from './database.js';
import { editorSessions, signInFailures } from './schema-security.js';

/** The failed sign-ins of one client. */
export interface SignInFailureState {
  failures: number;
  firstFailedAt: string;
  /** Until when the client is locked out, `null` when it is not. */
  lockedUntil: string | null;
}

/** Editor sessions and the sign-in throttle's state (`store.editorAccess`). */
export interface EditorAccessStore {
  sessions: {
    create(session: { idSha256: string; createdAt: Date; expiresAt: Date }): Promise<void>;
    /** When the session expires, `null` when there is none. */
    expiresAt(idSha256: string): Promise<Date | null>;
    delete(idSha256: string): Promise<void>;
    /** Deletes every session expired at `now`; returns how many. */
    deleteExpired(now: Date): Promise<number>;
  };
  signInFailures: {
    get(clientKey: string): Promise<SignInFailureState | null>;
    /**
     * Replaces a client's state with `change(previous)` (`null` deletes it), atomically: concurrent
     * updates of one client run one after the other.
     */
    update(
      clientKey: string,
      change: (previous: SignInFailureState | null) => SignInFailureState | null,
    ): Promise<SignInFailureState | null>;
  };
}

function stateOf(row: typeof signInFailures.$inferSelect | undefined): SignInFailureState | null {
  if (row === undefined) return null;
  return {
    failures: row.failures,
    firstFailedAt: row.firstFailedAt.toISOString(),
    lockedUntil: row.lockedUntil === null ? null : row.lockedUntil.toISOString(),
  };
}

/**
 * The {@link EditorAccessStore} over a database; `transaction` runs a function in one transaction.
 *
 * @example
 * await store.editorAccess.sessions.create({ idSha256, createdAt: now, expiresAt });
 */
export function createEditorAccessStore(
  executor: StoreExecutor,
  transaction: <Result>(work: (tx: StoreExecutor) => Promise<Result>) => Promise<Result>,
): EditorAccessStore {
  const read = async (db: StoreExecutor, clientKey: string) => {
    const [row] = await db.select().from(signInFailures).where(eq(signInFailures.clientKey, clientKey));
    return stateOf(row);
  };
  return {
    sessions: {
      async create(session) {
        await executor.insert(editorSessions).values(session);
      },
      async expiresAt(idSha256) {
        const [row] = await executor
          .select({ expiresAt: editorSessions.expiresAt })
          .from(editorSessions)
          .where(eq(editorSessions.idSha256, idSha256));
        return row?.expiresAt ?? null;
      },
      async delete(idSha256) {
        await executor.delete(editorSessions).where(eq(editorSessions.idSha256, idSha256));
      },
      async deleteExpired(now) {
        const deleted = await executor
          .delete(editorSessions)
          .where(lte(editorSessions.expiresAt, now))
          .returning({ id: editorSessions.idSha256 });
        return deleted.length;
      },
    },
    signInFailures: {
      get: (clientKey) => read(executor, clientKey),
      update: (clientKey, change) =>
        transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`espectro:sign-in:${clientKey}`}))`);
          const next = change(await read(tx, clientKey));
          if (next === null) {
            await tx.delete(signInFailures).where(eq(signInFailures.clientKey, clientKey));
            return null;
          }
          const values = {
            failures: next.failures,
            firstFailedAt: new Date(next.firstFailedAt),
            lockedUntil: next.lockedUntil === null ? null : new Date(next.lockedUntil),
          };
          await tx
            .insert(signInFailures)
            .values({ clientKey, ...values })
            .onConflictDoUpdate({ target: signInFailures.clientKey, set: values });
          return next;
        }),
    },
  };
}
