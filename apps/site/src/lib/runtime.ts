/**
 * What only the server routes need: the contestation backend, the reader's identity (CON-3 counts
 * per contester and client) and the editors' token (CON-2 triage).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { resolve } from 'node:path';
import type { AstroCookies } from 'astro';
import { clientAddressOf } from './client-address.js';
import { createFileContestationBackend, type ContestationBackend } from './contestations.js';
import { createMemoryEditorAccess, type EditorAccessBackend } from './editor-access.js';
import { readerOf, type Reader } from './reader-identity.js';

let backend: Promise<ContestationBackend> | undefined;
let editorAccess: Promise<EditorAccessBackend> | undefined;

/**
 * Where editors' sessions and failed sign-ins are kept: the store's tables when
 * `ESPECTRO_SITE_SOURCE=store`, otherwise this process's memory (see `editor-access.ts`).
 */
export function getEditorAccess(): Promise<EditorAccessBackend> {
  editorAccess ??= (async () => {
    if (process.env.ESPECTRO_SITE_SOURCE === 'store') {
      const { openStoreFromEnvironment } = await import('./store-adapter.js');
      return (await openStoreFromEnvironment()).editorAccess;
    }
    return createMemoryEditorAccess();
  })();
  return editorAccess;
}

/**
 * The contestation backend: the store when `ESPECTRO_SITE_SOURCE=store`, otherwise the JSON file
 * `ESPECTRO_CONTESTATIONS_FILE` (default `.espectro/site/contestaciones.json` under the working
 * directory).
 */
export function getContestationBackend(): Promise<ContestationBackend> {
  backend ??= (async () => {
    if (process.env.ESPECTRO_SITE_SOURCE === 'store') {
      const { createStoreContestationBackend } = await import('./store-adapter.js');
      return createStoreContestationBackend();
    }
    return createFileContestationBackend(
      resolve(process.env.ESPECTRO_CONTESTATIONS_FILE ?? '.espectro/site/contestaciones.json'),
    );
  })();
  return backend;
}

/** Cookie holding the editor's session id once signed in. */
export const EDITOR_COOKIE = 'espectro_editor';

export { READER_COOKIE } from './reader-identity.js';

/**
 * The reader of a request from its cookie and its client address (socket, or trusted proxies):
 * see `reader-identity.ts` and `client-address.ts`.
 */
export function requestReader(
  context: { cookies: AstroCookies; request: Request; clientAddress: string; url: URL },
  issue: boolean,
): Reader {
  return readerOf(context.cookies, clientAddressOf(context.request, context.clientAddress), {
    issue,
    https: context.url.protocol === 'https:',
  });
}

/** The configured editor token, or `null` when triage is disabled. */
export function editorToken(): string | null {
  const token = process.env.ESPECTRO_EDITOR_TOKEN;
  return token !== undefined && token.length > 0 ? token : null;
}

/** Constant-time comparison of a presented token with the configured one. */
export function isEditorToken(presented: string | undefined | null): boolean {
  const expected = editorToken();
  if (expected === null || presented === undefined || presented === null) return false;
  const left = createHash('sha256').update(presented).digest();
  const right = createHash('sha256').update(expected).digest();
  return timingSafeEqual(left, right);
}
