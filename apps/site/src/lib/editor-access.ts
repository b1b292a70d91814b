/**
 * Editors' sign-in (issue 21 §3): throttled per client with a lock-out, and an opaque server-side
 * session. The cookie holds a random session id (never the token); the backend keeps only its
 * SHA-256 and when it expires. A client that fails {@link SIGN_IN_MAX_FAILURES} times within
 * {@link SIGN_IN_FAILURE_WINDOW_MS} is locked out for {@link SIGN_IN_LOCKOUT_MS}: while locked,
 * even the right token is not checked. With the store (`ESPECTRO_SITE_SOURCE=store`) sessions
 * and failures live in its tables (`0008_security.sql`), shared by every server process; without
 * it, in this process's memory (a restart signs editors out and forgets failures).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SignInFailureState } from '@espectro/store';

/** Failed sign-ins a client may make in the window before it is locked out **[Espectro choice]**. */
export const SIGN_IN_MAX_FAILURES = 5;
/** The window failures are counted in, in ms (15 min) **[Espectro choice]**. */
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a lock-out lasts, in ms (15 min) **[Espectro choice]**. */
export const SIGN_IN_LOCKOUT_MS = 15 * 60_000;
/** How long an editor session lasts, in ms (8 h). */
export const EDITOR_SESSION_TTL_MS = 8 * 3_600_000;

/** Where sessions and failures are kept (the store's `editorAccess`, or memory). */
export interface EditorAccessBackend {
  sessions: {
    create(session: { idSha256: string; createdAt: Date; expiresAt: Date }): Promise<void>;
    expiresAt(idSha256: string): Promise<Date | null>;
    delete(idSha256: string): Promise<void>;
  };
  signInFailures: {
    get(clientKey: string): Promise<SignInFailureState | null>;
    update(
      clientKey: string,
      change: (previous: SignInFailureState | null) => SignInFailureState | null,
    ): Promise<SignInFailureState | null>;
  };
}

/** Sessions and failures in this process's memory. */
export function createMemoryEditorAccess(): EditorAccessBackend {
  const sessions = new Map<string, Date>();
  const failures = new Map<string, SignInFailureState>();
  return {
    sessions: {
      create: async ({ idSha256, expiresAt }) => void sessions.set(idSha256, expiresAt),
      expiresAt: async (idSha256) => sessions.get(idSha256) ?? null,
      delete: async (idSha256) => void sessions.delete(idSha256),
    },
    signInFailures: {
      get: async (clientKey) => failures.get(clientKey) ?? null,
      // Synchronous between read and write: concurrent requests cannot interleave here.
      update: async (clientKey, change) => {
        const next = change(failures.get(clientKey) ?? null);
        if (next === null) failures.delete(clientKey);
        else failures.set(clientKey, next);
        return next;
      },
    },
  };
}

/** The state after one more failed sign-in at `now`. */
export function afterFailure(previous: SignInFailureState | null, now: Date): SignInFailureState {
  const windowOpen =
    previous !== null && now.getTime() - Date.parse(previous.firstFailedAt) < SIGN_IN_FAILURE_WINDOW_MS;
  const failures = windowOpen ? previous.failures + 1 : 1;
  const firstFailedAt = windowOpen ? previous.firstFailedAt : now.toISOString();
  const lockedUntil =
    failures >= SIGN_IN_MAX_FAILURES ? new Date(now.getTime() + SIGN_IN_LOCKOUT_MS).toISOString() : null;
  return { failures, firstFailedAt, lockedUntil };
}

/** Until when `state` locks its client out at `now`, `null` when it does not. */
export function lockedUntilAt(state: SignInFailureState | null, now: Date): Date | null {
  if (state?.lockedUntil === null || state?.lockedUntil === undefined) return null;
  const until = new Date(state.lockedUntil);
  return until.getTime() > now.getTime() ? until : null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Outcome of {@link signIn}. */
export type SignInOutcome =
  | { ok: true; sessionId: string; expiresAt: Date }
  | { ok: false; reason: 'wrong_token'; failures: number }
  | { ok: false; reason: 'locked'; lockedUntil: Date };

/**
 * One sign-in attempt of `clientKey`: refused without a look at the token while the client is
 * locked out; a wrong token counts a failure (the one that reaches the limit locks); the right one
 * clears the failures and opens a session.
 */
export async function signIn(
  backend: EditorAccessBackend,
  input: { clientKey: string; tokenMatches: () => boolean; now: Date },
): Promise<SignInOutcome> {
  const locked = lockedUntilAt(await backend.signInFailures.get(input.clientKey), input.now);
  if (locked !== null) return { ok: false, reason: 'locked', lockedUntil: locked };
  if (!input.tokenMatches()) {
    let lockedNow: Date | null = null;
    const state = await backend.signInFailures.update(input.clientKey, (previous) => {
      // A concurrent failure may have locked the client meanwhile: keep that lock.
      lockedNow = lockedUntilAt(previous, input.now);
      return lockedNow === null ? afterFailure(previous, input.now) : previous;
    });
    const until = lockedNow ?? lockedUntilAt(state, input.now);
    if (until !== null) return { ok: false, reason: 'locked', lockedUntil: until };
    return { ok: false, reason: 'wrong_token', failures: state?.failures ?? 1 };
  }
  await backend.signInFailures.update(input.clientKey, () => null);
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = new Date(input.now.getTime() + EDITOR_SESSION_TTL_MS);
  await backend.sessions.create({ idSha256: sha256(sessionId), createdAt: input.now, expiresAt });
  return { ok: true, sessionId, expiresAt };
}

/** Whether a presented session id is a live session at `now`. */
export async function isEditorSession(
  backend: EditorAccessBackend,
  sessionId: string | undefined,
  now: Date,
): Promise<boolean> {
  if (sessionId === undefined || !/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return false;
  const expiresAt = await backend.sessions.expiresAt(sha256(sessionId));
  return expiresAt !== null && expiresAt.getTime() > now.getTime();
}

/** Ends a session (sign-out). */
export async function endEditorSession(backend: EditorAccessBackend, sessionId: string | undefined): Promise<void> {
  if (sessionId !== undefined) await backend.sessions.delete(sha256(sessionId));
}
