import { openStore, type Store } from '@espectro/store';
import type { CliIo } from './io.js';

/**
 * Opens the store a command works on: `--db <folder>` when given, else the environment's
 * `DATABASE_URL` or the default folder (as {@link openStore} resolves them), with relative paths
 * against the command's working directory. `owner` names the command in the folder lock, so a second
 * process refused the folder is told which command holds it (e.g. `espectro serve (site on port 4321)`).
 *
 * @example
 * const store = await openCommandStore(io, 'espectro status', values.db);
 */
export function openCommandStore(io: CliIo, owner: string, db: string | undefined): Promise<Store> {
  return openStore({ cwd: io.cwd, env: io.env, owner, ...(db ? { dataDir: db } : {}) });
}
