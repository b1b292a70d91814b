import { z } from 'zod';

/**
 * True for an absolute `http:` or `https:` URL — the only links and images Espectro stores or puts
 * in a page (issue 21 §2: a `javascript:` or `data:` link from a feed must never become an `href`).
 *
 * @example
 * isHttpUrl('https://elpais.com/x.html'); // true
 * isHttpUrl('javascript:alert(1)//'); // false
 */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** An absolute http(s) URL (see {@link isHttpUrl}). */
export const HttpUrlSchema = z.string().refine(isHttpUrl, { message: 'expected an absolute http(s) URL' });
