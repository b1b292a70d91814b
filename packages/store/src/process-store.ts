/**
 * The store a process shares between its parts. `espectro serve` runs the worker and the site's
 * server in one process over one store: it opens the store once and shares it here, and the site
 * (`openStoreFromEnvironment` in `apps/site`) takes the shared store before opening its own — so an
 * embedded PGlite folder is opened once and its single-writer lock (issue 21 §1) holds.
 *
 * The key is a registered symbol (`Symbol.for`), so it is the same even when the site and the CLI
 * load two copies of this package.
 */
import type { Store } from './store.js';

/** The global key of the process's shared store. */
export const SHARED_STORE_KEY: unique symbol = Symbol.for('espectro.store') as never;

type WithSharedStore = { [SHARED_STORE_KEY]?: Store };

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
  const holder = globalThis as WithSharedStore;
  if (holder[SHARED_STORE_KEY] !== undefined && holder[SHARED_STORE_KEY] !== store)
    throw new Error('@espectro/store: this process already shares a store (one store per process)');
  holder[SHARED_STORE_KEY] = store;
  return () => {
    if (holder[SHARED_STORE_KEY] === store) delete holder[SHARED_STORE_KEY];
  };
}

/**
 * The store shared by this process (see {@link shareStoreWithProcess}), or `undefined`.
 *
 * @example
 * const store = sharedProcessStore() ?? (await openStore());
 */
export function sharedProcessStore(): Store | undefined {
  return (globalThis as WithSharedStore)[SHARED_STORE_KEY];
}
