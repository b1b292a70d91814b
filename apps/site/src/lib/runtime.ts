/**
 * What only the server routes need: the contestation backend, the reader's anonymous identity
 * (CON-3 counts per contester) and the editors' token (CON-2 triage).
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { resolve } from 'node:path';
import type { AstroCookies } from 'astro';
import { createFileContestationBackend, type ContestationBackend } from './contestations.js';

let backend: Promise<ContestationBackend> | undefined;

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

/** Cookie holding the reader's anonymous id. */
export const READER_COOKIE = 'espectro_lector';
/** Cookie holding the editor's token once signed in. */
export const EDITOR_COOKIE = 'espectro_editor';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The contester id of a request: `lector-<uuid>` from the reader cookie, or — for a client
 * without the cookie — `ip-<hash>` of its address, so that dropping cookies does not reset the
 * per-contester limits of an address. Sets the cookie when `issue` is true and it is missing.
 */
export function contesterIdOf(cookies: AstroCookies, clientAddress: string, issue: boolean): string {
  const value = cookies.get(READER_COOKIE)?.value;
  if (value !== undefined && UUID.test(value)) return `lector-${value}`;
  if (issue) {
    const id = randomUUID();
    cookies.set(READER_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 * 60 * 24 * 365 });
  }
  return `ip-${createHash('sha256').update(clientAddress).digest('hex').slice(0, 24)}`;
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
