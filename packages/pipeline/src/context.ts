/**
 * What every stage is given: the store, the backends, the clock, and how units of work are
 * committed. A unit of work is one transaction that writes its results together with the rows
 * saying it is done, so a process killed at any point loses and repeats nothing.
 */
import type { Store, StoreTransaction } from '@espectro/store';
import type { PipelineBackends } from './backends.js';
import type { Clock } from '@espectro/ingest';

/** A progress event of a stage. */
export interface PipelineProgress {
  stage: 'rate' | 'ingest' | 'cluster' | 'synthesise' | 'topics' | 'retry' | 'build' | 'publish';
  message: string;
  done?: number;
  total?: number;
}

/** Hooks around every committed unit of work (crash tests kill the process in them). */
export interface UnitHooks {
  /** Inside the unit's transaction, just before it commits; `ordinal` counts units from 1. */
  beforeCommit?(ordinal: number, key: string): void;
  /** Right after the unit committed. */
  afterCommit?(ordinal: number, key: string): void;
}

/** The context of every stage function. */
export interface PipelineContext {
  store: Store;
  backends: PipelineBackends;
  clock: Clock;
  /** The run the work belongs to (`espectro run`), recorded on articles and stories; `null` for the worker. */
  runId?: string | null;
  hooks?: UnitHooks;
  onProgress?: (event: PipelineProgress) => void;
  /** Counts committed units across stages (created on first use). */
  units?: { committed: number };
  /**
   * Aborted to stop (the worker's SIGTERM): every unit of work first gives the event loop a turn,
   * then, if this is aborted, throws {@link WorkStopped} instead of starting. Without it a stage runs
   * to its end.
   */
  signal?: AbortSignal;
}

/** Thrown by {@link commitUnit} instead of starting a unit once the context's `signal` is aborted. */
export class WorkStopped extends Error {
  override name = 'WorkStopped';
  /** The key of the unit that was not started. */
  readonly key: string;

  constructor(key: string) {
    super(`stopped before the unit ${key}: the worker is shutting down`);
    this.key = key;
  }
}

/**
 * Resolves after one turn of the event loop (`setImmediate`). Embedded PGlite answers queries
 * without any I/O, so a process doing only database work never reaches the loop's poll phase, where
 * signals (SIGTERM) are delivered: awaiting this lets their handlers run.
 *
 * @example
 * await turnOfEventLoop();
 * if (signal.aborted) return;
 */
export function turnOfEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `work` in one transaction and commits it as one unit of work, calling the context's hooks.
 *
 * @example
 * await commitUnit(context, `ingest:${source.name}`, async (tx) => insertArticles(tx, articles));
 */
export async function commitUnit<T>(
  context: PipelineContext,
  key: string,
  work: (tx: StoreTransaction) => Promise<T>,
): Promise<T> {
  if (context.signal !== undefined) {
    await turnOfEventLoop();
    if (context.signal.aborted) throw new WorkStopped(key);
  }
  const units = (context.units ??= { committed: 0 });
  const result = await context.store.database.db.transaction(async (tx) => {
    const value = await work(tx);
    context.hooks?.beforeCommit?.(units.committed + 1, key);
    return value;
  });
  units.committed += 1;
  context.hooks?.afterCommit?.(units.committed, key);
  return result;
}

/** Reports progress if the context listens. */
export function report(context: PipelineContext, event: PipelineProgress): void {
  context.onProgress?.(event);
}
