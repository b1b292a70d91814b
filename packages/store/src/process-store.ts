/**
 * The store a process shares between its parts. `espectro serve` runs the worker and the site's
 * server in one process over one store: it opens the store once and shares it here, and the site
 * (`openStoreFromEnvironment` in `apps/site`) takes the shared store before opening its own — so an
 * embedded PGlite folder is opened once and its single-writer lock (issue 21 §1) holds.
 *
 * Beside the store it shares the running service's clock and replay label
 * ({@link shareServiceWithProcess}), so the pages compute what depends on "now" at the service's
 * instant.
 *
 * The keys are registered symbols (`Symbol.for`), so they are the same even when the site and the
 * CLI load two copies of this package.
 */
import type { Store } from './store.js';

/** The global key of the process's shared store. */
export const SHARED_STORE_KEY: unique symbol = Symbol.for('espectro.store') as never;

/** The global key of the process's shared service. */
export const SHARED_SERVICE_KEY: unique symbol = Symbol.for('espectro.service') as never;

/**
 * What the service running in this process tells the site beside the store (see
 * {@link shareServiceWithProcess}): its clock, and whether it is replaying the demo corpus.
 */
export interface ProcessService {
  /**
   * The service's clock — the instant its cycles run at. The site computes what depends on "now"
   * (the navigation's active-coverage window, rule TOP-NAV) at this instant, not the machine's, so
   * a replay's simulated clock and the pages it serves agree.
   */
  now(): Date;
  /**
   * Set while the service replays the bundled demo corpus (`espectro serve --replay-demo`): its
   * label; the site then says on every page that its stories come from a replay whose clock runs
   * as of the corpus's newest day (the articles keep their real publication dates).
   */
  replay: { label: string } | null;
}

type Shared = { [SHARED_STORE_KEY]?: Store; [SHARED_SERVICE_KEY]?: ProcessService };

/** Puts `value` under `key` on the process until the returned function is called; one per process. */
function shareUnder<Key extends keyof Shared>(key: Key, value: NonNullable<Shared[Key]>, what: string): () => void {
  const holder = globalThis as Shared;
  if (holder[key] !== undefined && holder[key] !== value)
    throw new Error(`@espectro/store: this process already shares a ${what} (one ${what} per process)`);
  holder[key] = value;
  return () => {
    if (holder[key] === value) delete holder[key];
  };
}

/**
 * Shares `store` with the rest of the process until the returned function is called (it removes
 * the store only if it is still the shared one). One store per process: a second share is refused.
 *
 * @example
 * const unshare = shareStoreWithProcess(store);
 * // … the site's handler reads sharedProcessStore() …
 * unshare();
 */
export function shareStoreWithProcess(store: Store): () => void {
  return shareUnder(SHARED_STORE_KEY, store, 'store');
}

/**
 * The store shared by this process (see {@link shareStoreWithProcess}), or `undefined`.
 *
 * @example
 * const store = sharedProcessStore() ?? (await openStore());
 */
export function sharedProcessStore(): Store | undefined {
  return (globalThis as Shared)[SHARED_STORE_KEY];
}

/**
 * Shares the running service's clock and replay label with the rest of the process (the site's
 * server in `espectro serve`) until the returned function is called. One service per process.
 *
 * @example
 * const unshare = shareServiceWithProcess({ now: () => clock.now(), replay: null });
 * // … the site reads sharedProcessService()?.now() …
 * unshare();
 */
export function shareServiceWithProcess(service: ProcessService): () => void {
  return shareUnder(SHARED_SERVICE_KEY, service, 'service');
}

/**
 * The service shared by this process (see {@link shareServiceWithProcess}), or `undefined` (a
 * site served alone, a static build: the machine's clock, no replay).
 *
 * @example
 * const asOf = sharedProcessService()?.now() ?? new Date();
 */
export function sharedProcessService(): ProcessService | undefined {
  return (globalThis as Shared)[SHARED_SERVICE_KEY];
}
