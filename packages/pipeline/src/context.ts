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
