/**
 * Links to other sites as a page may write them: only absolute http(s) URLs become an `href` or an
 * image `src` (issue 21 §2). Ingestion and the store already refuse anything else; this is the last
 * check, for data that reached the site another way (an old store, a snapshot file).
 */
import { isHttpUrl } from '@espectro/methodology';

/**
 * `url` when it is an absolute http(s) URL, otherwise `undefined` (Astro then writes no `href`:
 * the text stays, the link goes).
 *
 * @example
 * externalHref('javascript:alert(1)'); // undefined
 */
export function externalHref(url: string | null | undefined): string | undefined {
  return typeof url === 'string' && isHttpUrl(url) ? url : undefined;
}
