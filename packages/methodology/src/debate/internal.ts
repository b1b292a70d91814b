/**
 * Helpers private to the debate module (not re-exported from the package).
 */
import { z } from 'zod';
import { normaliseHost } from '../shared/host.js';

export { foldAccents } from '../shared/fold.js';

/**
 * Milliseconds since the epoch of an ISO string accepted by `IsoDateSchema`. A date-time without
 * an offset is read as UTC (never as the machine's local time), so results do not depend on where
 * the code runs.
 * @internal Not exported from the package.
 */
export function instantOf(iso: string): number {
  if (iso.length === 10) return Date.parse(`${iso}T00:00:00Z`);
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(iso);
  return Date.parse(hasOffset ? iso : `${iso}Z`);
}

/**
 * True when the ISO string is a calendar date without a time part.
 * @internal Not exported from the package.
 */
export function isDateOnly(iso: string): boolean {
  return iso.length === 10;
}

/**
 * The UTC calendar date (YYYY-MM-DD) of an ISO string.
 * @internal Not exported from the package.
 */
export function utcDateOf(iso: string): string {
  return new Date(instantOf(iso)).toISOString().slice(0, 10);
}

/**
 * The host of a URL as {@link normaliseHost} writes it (lowercased, no trailing dot, no leading
 * `www.`, `m.`, `mobile.` or `amp.`); `null` if unparsable.
 * @internal Not exported from the package.
 */
export function hostOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  return normaliseHost(new URL(url).hostname);
}

/**
 * True when `host` equals `domain` or is a subdomain of it (label boundary, never a look-alike).
 * @internal Not exported from the package.
 */
export function isHostUnder(host: string, domain: string): boolean {
  const normalizedDomain = normaliseHost(domain);
  return host === normalizedDomain || host.endsWith(`.${normalizedDomain}`);
}

export { HttpUrlSchema } from '../shared/http-url.js';

/**
 * A domain name such as `pt.org.br` (letters, digits, hyphens and dots; no scheme, no path).
 * @internal Not exported from the package.
 */
export const DomainSchema = z
  .string()
  .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+\.?$/i, { message: 'expected a domain such as pt.org.br' });
