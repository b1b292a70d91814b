/**
 * One writer per embedded database: an exclusive lock file inside the PGlite folder
 * (`<folder>/espectro.lock`) naming the owner — pid, host, command, start time and the kernel's
 * start time of that pid (so a reused pid is not mistaken for the owner).
 *
 * PGlite is a single-process database: two processes that open one folder corrupt it (issue 21:
 * "Aborted()" on every later open, duplicated primary keys, acknowledged writes lost). The lock is
 * taken before PGlite touches the folder and refused with a message naming the owner while that
 * owner lives. A lock whose owner died (kill -9, power loss) is *stale* and is taken over, so a
 * folder can never be left unopenable by a dead process.
 *
 * Written by hand because the maintained lock libraries decide staleness by the age of a heartbeat
 * (`proper-lockfile` refreshes an mtime every few seconds): a PGlite owner whose event loop is
 * blocked by a long WebAssembly call on a loaded machine would look dead and lose its lock to a
 * second writer — the corruption this module exists to prevent. Liveness here is the pid's
 * existence plus its start time, which no amount of load changes.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname as osHostname } from 'node:os';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { StoreError } from './errors.js';

/** Name of the lock file inside a PGlite folder. */
export const LOCK_FILE_NAME = 'espectro.lock';

/** Who holds a folder: what the lock file records. */
export const FolderLockOwnerSchema = z.object({
  pid: z.number().int().positive(),
  hostname: z.string(),
  /** The command line of the owner, shortened (e.g. `espectro serve --db .espectro/db`). */
  command: z.string(),
  /** When the owner took the lock (ISO 8601). */
  startedAt: z.string(),
  /** The kernel's start time of `pid` (Linux `/proc/<pid>/stat` field 22), `null` where unknown. */
  processStart: z.string().nullable(),
  /** Random token of this acquisition: a release removes only its own lock. */
  token: z.string(),
});
/** Who holds a folder (see {@link FolderLockOwnerSchema}). */
export type FolderLockOwner = z.infer<typeof FolderLockOwnerSchema>;

/** What {@link inspectFolderLock} found. */
export type FolderLockState =
  | { state: 'free'; path: string }
  | { state: 'held'; path: string; owner: FolderLockOwner; byThisProcess: boolean }
  | { state: 'stale'; path: string; owner: FolderLockOwner | null; reason: string }
  | { state: 'foreign-host'; path: string; owner: FolderLockOwner };

/** A lock this process holds; release it when the database closes. */
export interface FolderLock {
  readonly path: string;
  readonly owner: FolderLockOwner;
  /** Whether a stale lock of a dead owner was taken over, and whose. */
  readonly tookOverFrom: FolderLockOwner | null;
  /** Removes the lock file if it is still this acquisition's (idempotent). */
  release(): void;
}

/** Options of {@link acquireFolderLock}. */
export interface AcquireFolderLockOptions {
  /** What the owner is, shown to a refused opener (default: this process's command line). */
  command?: string;
  /** Clock for `startedAt` (default `() => new Date()`). */
  now?: () => Date;
}

/** The lock file of a PGlite folder. */
export function lockFilePath(dataDir: string): string {
  return join(dataDir, LOCK_FILE_NAME);
}

/** The kernel's start time of a process (Linux), or `null` where `/proc` does not say. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null; // field 22 of stat(5); the slice starts at field 3
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function defaultCommand(): string {
  const [script, ...rest] = process.argv.slice(1);
  const text = [script ? basename(script) : 'node', ...rest].join(' ');
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

function readOwner(path: string): FolderLockOwner | null | 'absent' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw error;
  }
  try {
    return FolderLockOwnerSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Reads a folder's lock and decides whether its owner still lives.
 *
 * @example
 * const lock = inspectFolderLock('.espectro/db');
 * if (lock.state === 'held') console.log(`in use by pid ${lock.owner.pid} (${lock.owner.command})`);
 */
export function inspectFolderLock(dataDir: string): FolderLockState {
  const path = lockFilePath(dataDir);
  const owner = readOwner(path);
  if (owner === 'absent') return { state: 'free', path };
  // Locks are written whole (link of a complete file), so an unreadable one was not written by us.
  if (owner === null) return { state: 'stale', path, owner: null, reason: 'the lock file is not an Espectro lock' };
  if (owner.hostname !== osHostname()) return { state: 'foreign-host', path, owner };
  if (!processExists(owner.pid))
    return { state: 'stale', path, owner, reason: `process ${owner.pid} no longer exists` };
  const start = processStartTime(owner.pid);
  if (owner.processStart !== null && start !== null && start !== owner.processStart)
    return { state: 'stale', path, owner, reason: `pid ${owner.pid} now belongs to another process` };
  return { state: 'held', path, owner, byThisProcess: owner.pid === process.pid };
}

/** The refusal a second opener gets: who owns the folder and what to do. */
export function lockedError(dataDir: string, state: Extract<FolderLockState, { state: 'held' | 'foreign-host' }>) {
  const { owner } = state;
  if (state.state === 'held' && state.byThisProcess)
    return new StoreError({
      code: 'locked',
      operation: 'openDatabase',
      message: `the embedded database in ${dataDir} is already open in this process (pid ${owner.pid}, opened by \`${owner.command}\` at ${owner.startedAt}): share that database instead of opening the folder twice`,
      data: { owner, lockFile: state.path },
    });
  const who = `pid ${owner.pid}${state.state === 'foreign-host' ? ` on host ${owner.hostname}` : ''} (\`${owner.command}\`, since ${owner.startedAt})`;
  const advice =
    state.state === 'foreign-host'
      ? `Only one process may open it. If no Espectro runs on ${owner.hostname} any more, \`espectro db repair --force --db ${dataDir}\` removes the lock.`
      : 'Only one process may open an embedded database: wait for that command to finish or stop it ' +
        `(\`kill ${owner.pid}\`; \`espectro serve\` stops on Ctrl-C), or use a PostgreSQL server (DATABASE_URL) ` +
        'to run several processes at once.';
  return new StoreError({
    code: 'locked',
    operation: 'openDatabase',
    message: `the embedded database in ${dataDir} is in use by ${who}. ${advice}`,
    data: { owner, lockFile: state.path },
  });
}

function writeLockFile(path: string, owner: FolderLockOwner): boolean {
  // Written to a private file first and linked into place: link(2) fails if the lock exists, and
  // the lock file is never seen half-written.
  const draft = `${path}.${owner.token}.draft`;
  const descriptor = openSync(draft, 'wx');
  try {
    writeSync(descriptor, `${JSON.stringify(owner, null, 2)}\n`);
  } finally {
    closeSync(descriptor);
  }
  try {
    linkSync(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/** A takeover guard older than this was left by a process that died while taking over. */
const TAKEOVER_GUARD_STALE_MS = 30_000;

/**
 * Removes a stale lock under a short guard (a directory: mkdir(2) is atomic), so that two processes
 * finding the same stale lock cannot both remove it and then each believe they hold a new one.
 */
function removeStaleLock(path: string, judged: FolderLockOwner | null): void {
  const guard = `${path}.takeover`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - statSync(guard).mtimeMs;
    if (age < TAKEOVER_GUARD_STALE_MS) return; // someone else is taking over: their link wins or fails
    rmdirSync(guard);
    return removeStaleLock(path, judged);
  }
  try {
    const current = readOwner(path);
    const same = current === 'absent' ? false : judged === null ? current === null : current?.token === judged.token;
    if (same) unlinkSync(path);
  } finally {
    rmdirSync(guard);
  }
}

/**
 * Takes the exclusive lock of a PGlite folder (created if missing), taking over a stale lock of a
 * dead owner; throws a `locked` {@link StoreError} naming the owner while it lives.
 *
 * @example
 * const lock = acquireFolderLock('.espectro/db', { command: 'espectro worker' });
 * try { … } finally { lock.release(); }
 */
export function acquireFolderLock(dataDir: string, options: AcquireFolderLockOptions = {}): FolderLock {
  mkdirSync(dataDir, { recursive: true });
  const path = lockFilePath(dataDir);
  const owner: FolderLockOwner = {
    pid: process.pid,
    hostname: osHostname(),
    command: options.command ?? defaultCommand(),
    startedAt: (options.now?.() ?? new Date()).toISOString(),
    processStart: processStartTime(process.pid),
    token: randomBytes(8).toString('hex'),
  };
  let tookOverFrom: FolderLockOwner | null = null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (writeLockFile(path, owner)) {
      let released = false;
      return {
        path,
        owner,
        tookOverFrom,
        release() {
          if (released) return;
          released = true;
          const current = readOwner(path);
          if (current !== 'absent' && current !== null && current.token === owner.token) unlinkSync(path);
        },
      };
    }
    const state = inspectFolderLock(dataDir);
    if (state.state === 'held' || state.state === 'foreign-host') throw lockedError(dataDir, state);
    if (state.state === 'stale') {
      tookOverFrom = state.owner;
      removeStaleLock(path, state.owner);
    }
  }
  throw new StoreError({
    code: 'locked',
    operation: 'openDatabase',
    message: `could not take the lock of ${dataDir}: other processes keep taking it over. Try again.`,
  });
}

/**
 * Removes a folder's lock when its owner is dead (or on another host whose owner the caller vouches
 * for with `force`); refuses while the owner lives on this host. Used by `espectro db repair`.
 *
 * @example
 * removeFolderLock('.espectro/db'); // { removed: true, previous: { pid: 4242, … } } after a kill -9
 */
export function removeFolderLock(
  dataDir: string,
  options: { force?: boolean } = {},
): { removed: boolean; previous: FolderLockState } {
  const state = inspectFolderLock(dataDir);
  if (state.state === 'free') return { removed: false, previous: state };
  if (state.state === 'held') throw lockedError(dataDir, state);
  if (state.state === 'foreign-host' && !options.force) throw lockedError(dataDir, state);
  removeStaleLock(state.path, state.owner);
  return { removed: true, previous: state };
}
