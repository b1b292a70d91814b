/**
 * Issue 21 §3 without a server: who the client is (socket, trusted proxies), reader identities a
 * client cannot forge, and the editor sign-in throttle with its opaque sessions.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroCookies } from 'astro';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  clientAddressOf,
  parseTrustedProxies,
  resolveClientAddress,
  TrustedProxiesError,
  UNVERIFIED_FORWARDED_CLIENT,
} from './client-address.js';
import {
  createMemoryEditorAccess,
  isEditorSession,
  endEditorSession,
  signIn,
  SIGN_IN_LOCKOUT_MS,
  SIGN_IN_MAX_FAILURES,
} from './editor-access.js';
import { issueReaderToken, READER_COOKIE, readerOf, verifyReaderToken } from './reader-identity.js';

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), 'espectro-security-'));
  process.env.ESPECTRO_SITE_SECRET_FILE = join(directory, 'secret');
  delete process.env.ESPECTRO_SITE_SECRET;
});
afterAll(() => {
  delete process.env.ESPECTRO_SITE_SECRET_FILE;
  rmSync(directory, { recursive: true, force: true });
});

/** Just enough of AstroCookies for the identity: one cookie jar. */
function cookieJar(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const cookies = {
    get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
    set: (name: string, value: string) => void jar.set(name, value),
  } as unknown as AstroCookies;
  return { cookies, jar };
}

describe('client address', () => {
  const proxies = parseTrustedProxies('10.0.0.1, 192.168.0.0/16, ::1');

  test('is the socket unless the socket is a trusted proxy; a forged X-Forwarded-For changes nothing', () => {
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', proxies)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', null, proxies)).toBe('203.0.113.9');
    // Behind the trusted proxy: the nearest address it did not add itself; a client-written prefix is ignored.
    expect(resolveClientAddress('10.0.0.1', '6.6.6.6, 198.51.100.7', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.1', '6.6.6.6, 198.51.100.7, 192.168.4.4', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.1', 'not-an-address', proxies)).toBe('10.0.0.1');
    expect(resolveClientAddress('10.0.0.1', null, proxies)).toBe('10.0.0.1');
  });

  test('without the peer from the site entry, every forwarded request is one client', () => {
    const forged = Array.from({ length: 60 }, (_, index) => resolveClientAddress(null, `10.9.0.${index}`, proxies));
    expect(new Set(forged)).toEqual(new Set([UNVERIFIED_FORWARDED_CLIENT]));
  });

  test("clientAddressOf: Astro's address only without X-Forwarded-For when the site entry did not set the peer", () => {
    delete process.env.ESPECTRO_TRUSTED_PROXIES;
    const request = (headers: Record<string, string>) => new Request('http://127.0.0.1/', { headers });
    expect(clientAddressOf(request({}), '203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressOf(request({ 'x-forwarded-for': '1.2.3.4' }), '1.2.3.4')).toBe(UNVERIFIED_FORWARDED_CLIENT);
  });

  test('a malformed trusted-proxy entry is refused by name', () => {
    expect(() => parseTrustedProxies('10.0.0.1, example.org')).toThrow(TrustedProxiesError);
    expect(() => parseTrustedProxies('10.0.0.0/40')).toThrow(/10\.0\.0\.0\/40/);
  });
});

describe('reader identity', () => {
  test('only a token the server signed is an identity; 60 forged ones are all the one client', () => {
    const token = issueReaderToken();
    expect(verifyReaderToken(token)).toBe(token.split('.')[0]);
    const [id, signature] = token.split('.') as [string, string];
    for (const forged of [
      '00000000-0000-4000-8000-000000000001',
      `${id}.${'A'.repeat(43)}`,
      `${'B'.repeat(22)}.${signature}`,
      `${token}x`,
      '',
    ]) {
      expect(verifyReaderToken(forged), forged).toBeNull();
    }
    const readers = Array.from({ length: 60 }, (_, index) =>
      readerOf(
        cookieJar({ [READER_COOKIE]: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}` }).cookies,
        '203.0.113.9',
        {
          issue: false,
          https: false,
        },
      ),
    );
    expect(new Set(readers.map((reader) => reader.contesterId)).size).toBe(1);
    expect(readers.every((reader) => !reader.verified)).toBe(true);
  });

  test('issues a signed cookie and recognises it; the secret file is private', () => {
    const { cookies, jar } = cookieJar();
    const first = readerOf(cookies, '203.0.113.9', { issue: true, https: false });
    expect(first.verified).toBe(false);
    const again = readerOf(cookieJar({ [READER_COOKIE]: jar.get(READER_COOKIE)! }).cookies, '198.51.100.1', {
      issue: true,
      https: false,
    });
    expect(again).toMatchObject({ contesterId: first.contesterId, verified: true });
    expect(again.clientKey).not.toBe(first.clientKey);
    expect(first.clientKey).not.toContain('203.0.113.9');
    expect(statSync(process.env.ESPECTRO_SITE_SECRET_FILE!).mode & 0o077).toBe(0);
  });
});

describe('editor sign-in', () => {
  test('200 wrong tokens from one client: locked after the limit, and then even the right token is refused', async () => {
    const access = createMemoryEditorAccess();
    const now = new Date('2026-12-02T05:00:00Z');
    const attempts = await Promise.all(
      Array.from({ length: 200 }, () => signIn(access, { clientKey: 'cliente-a', tokenMatches: () => false, now })),
    );
    expect(attempts.filter((attempt) => !attempt.ok && attempt.reason === 'wrong_token')).toHaveLength(
      SIGN_IN_MAX_FAILURES - 1,
    );
    expect(attempts.filter((attempt) => !attempt.ok && attempt.reason === 'locked')).toHaveLength(
      200 - SIGN_IN_MAX_FAILURES + 1,
    );
    expect(await signIn(access, { clientKey: 'cliente-a', tokenMatches: () => true, now })).toMatchObject({
      ok: false,
      reason: 'locked',
    });
    // Another client is not locked out; the lock ends after its duration.
    expect((await signIn(access, { clientKey: 'cliente-b', tokenMatches: () => true, now })).ok).toBe(true);
    const later = new Date(now.getTime() + SIGN_IN_LOCKOUT_MS + 1);
    expect((await signIn(access, { clientKey: 'cliente-a', tokenMatches: () => true, now: later })).ok).toBe(true);
  });

  test('the session cookie is an opaque id that the server can end; the token is never in it', async () => {
    const access = createMemoryEditorAccess();
    const now = new Date('2026-12-02T05:00:00Z');
    const attempt = await signIn(access, { clientKey: 'cliente-c', tokenMatches: () => true, now });
    if (!attempt.ok) throw new Error('expected a session');
    expect(await isEditorSession(access, attempt.sessionId, now)).toBe(true);
    expect(await isEditorSession(access, 'token-de-prueba-editor', now)).toBe(false);
    expect(await isEditorSession(access, attempt.sessionId, attempt.expiresAt)).toBe(false);
    await endEditorSession(access, attempt.sessionId);
    expect(await isEditorSession(access, attempt.sessionId, now)).toBe(false);
  });
});

describe('characters a reader never means (issue 21 §6)', () => {
  const submit = async (text: string, locale: 'es' | 'pt-BR' = 'es') => {
    const { createFileContestationBackend } = await import('./contestations.js');
    const { submitContestation } = await import('./requests.js');
    return submitContestation({
      fields: { dimension: 'bias', outlet: 'cordillera.example', text },
      contesterId: 'lector-x',
      backend: createFileContestationBackend(join(directory, 'contestaciones.json')),
      outletExists: async () => true,
      now: new Date('2026-12-02T05:00:00Z'),
      locale,
    });
  };

  test('a NUL byte, a control character or a lone surrogate is a 400 naming the field in the reader language', async () => {
    for (const text of ['Texto con \u0000 nulo', 'campana \u0007', 'mitad \ud800 de un par']) {
      const outcome = await submit(text);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.problem.status).toBe(400);
      expect(outcome.problem.message).toContain('«Explica por qué (hasta 5000 caracteres)»');
      expect(outcome.problem.message).not.toMatch(/insert|select|\$1/i);
    }
    const portuguese = await submit('nulo \u0000', 'pt-BR');
    expect(!portuguese.ok && portuguese.problem.message).toContain(
      '«Explique por quê (até 5000 caracteres)»: contém caracteres não aceitos',
    );
    expect((await submit('Texto normal, con tilde y eñe — y un emoji 🙂')).ok).toBe(true);
  });

  test('a text over the limit is refused in the reader language, naming the field, never cut', async () => {
    const outcome = await submit('x'.repeat(5_001));
    expect(!outcome.ok && outcome.problem.message).toMatch(
      /«Explica por qué \(hasta 5000 caracteres\)»: tiene 5001 caracteres y el máximo es 5000\. No se recortó nada/,
    );
  });

  test('a body that is not UTF-8 is a 400, not replaced silently', async () => {
    const { readFields } = await import('./requests.js');
    const request = new Request('http://127.0.0.1/api/contestaciones', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    const read = await readFields(request, 'es');
    expect(!read.ok && read.problem).toMatchObject({ status: 400, message: 'El cuerpo no es UTF-8 válido.' });
  });
});
