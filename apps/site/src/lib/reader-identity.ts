/**
 * Reader identities the server issues and a client cannot forge (issue 21 §3). A reader's cookie
 * holds `<id>.<signature>`: a random id and its HMAC-SHA256 under the site's secret. Only a cookie
 * whose signature checks is an identity; anything else (a UUID of the client's choosing, a copied
 * id with another signature) is ignored and a new identity is issued. Every request also has a
 * client key — the keyed hash of its client address (`client-address.ts`) — and CON-3 counts a
 * contester's submissions together with its client's (`clientKey` of the methodology's
 * `checkContestationRateLimit`), so minting identities in a loop buys nothing.
 *
 * The secret is `ESPECTRO_SITE_SECRET` (at least 32 characters) or, when it is unset, a random one
 * kept in the file `ESPECTRO_SITE_SECRET_FILE` (default `.espectro/site/secret`, created with mode
 * 0600). Several server processes must share it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { AstroCookies } from 'astro';

/** The environment variable holding the site's secret. */
export const SITE_SECRET_ENV = 'ESPECTRO_SITE_SECRET';
/** The environment variable naming the file the generated secret is kept in. */
export const SITE_SECRET_FILE_ENV = 'ESPECTRO_SITE_SECRET_FILE';
/** Shortest secret accepted from the environment. */
export const SITE_SECRET_MIN_LENGTH = 32;
/** Cookie holding the reader's signed identity. */
export const READER_COOKIE = 'espectro_lector';
/** How long a reader's identity cookie lasts, in seconds (a year). */
export const READER_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

/** Thrown when `ESPECTRO_SITE_SECRET` is set but too short. */
export class SiteSecretError extends Error {
  override readonly name = 'SiteSecretError';
}

let cachedSecret: { key: string; secret: Buffer } | undefined;

/** The site's secret (see the module comment). */
export function siteSecret(): Buffer {
  const configured = process.env[SITE_SECRET_ENV];
  const file = resolve(process.env[SITE_SECRET_FILE_ENV] ?? '.espectro/site/secret');
  const key = configured === undefined || configured === '' ? `file:${file}` : `env:${configured}`;
  if (cachedSecret?.key === key) return cachedSecret.secret;
  let secret: Buffer;
  if (key.startsWith('env:')) {
    if (configured!.length < SITE_SECRET_MIN_LENGTH) {
      throw new SiteSecretError(`${SITE_SECRET_ENV} must be at least ${SITE_SECRET_MIN_LENGTH} characters long`);
    }
    secret = Buffer.from(configured!, 'utf8');
  } else {
    try {
      secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    } catch {
      secret = Buffer.alloc(0);
    }
    if (secret.length < SITE_SECRET_MIN_LENGTH) {
      secret = randomBytes(32);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${secret.toString('hex')}\n`, { mode: 0o600 });
    }
  }
  cachedSecret = { key, secret };
  return secret;
}

/** HMAC-SHA256 of `purpose:value` under the site's secret, base64url. */
export function keyedHash(purpose: string, value: string): string {
  return createHmac('sha256', siteSecret()).update(`${purpose}:${value}`).digest('base64url');
}

/** A new signed reader token (`<id>.<signature>`). */
export function issueReaderToken(): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${keyedHash('reader', id)}`;
}

/** The id of a correctly signed reader token, `null` for anything else. */
export function verifyReaderToken(token: string | undefined | null): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return null;
  const expected = Buffer.from(keyedHash('reader', match[1]!));
  const presented = Buffer.from(match[2]!);
  return expected.length === presented.length && timingSafeEqual(expected, presented) ? match[1]! : null;
}

/** Who is submitting: the identity the contestation is stored under and the client it came from. */
export interface Reader {
  /** `lector-<id>` of a verified (or newly issued) identity. */
  contesterId: string;
  /** `cliente-<keyed hash of the client address>`. */
  clientKey: string;
  /** False when the request carried no valid identity (one was issued if asked). */
  verified: boolean;
}

/**
 * The reader of a request. Without a valid identity cookie, a new identity is issued (the cookie
 * is set, `HttpOnly`, `SameSite=Lax`, `Secure` over https) when `issue` is true.
 */
export function readerOf(
  cookies: AstroCookies,
  clientAddress: string,
  options: { issue: boolean; https: boolean },
): Reader {
  const clientKey = `cliente-${keyedHash('client', clientAddress).slice(0, 32)}`;
  const id = verifyReaderToken(cookies.get(READER_COOKIE)?.value);
  if (id !== null) return { contesterId: `lector-${id}`, clientKey, verified: true };
  if (!options.issue) return { contesterId: clientKey, clientKey, verified: false };
  const token = issueReaderToken();
  cookies.set(READER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.https,
    maxAge: READER_COOKIE_MAX_AGE_SECONDS,
  });
  return { contesterId: `lector-${token.split('.')[0]!}`, clientKey, verified: false };
}
