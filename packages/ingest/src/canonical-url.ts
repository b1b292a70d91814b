/**
 * URL canonicalisation: one article, one key, however a feed or an API spells its address.
 *
 * Rules, in order (each is tested):
 * 1. Only `http:` and `https:` URLs; the scheme becomes `https:` (outlets serve the same article on
 *    both) and the default port is dropped.
 * 2. The host is lowercased (the URL parser does it) and a leading `www.`, `m.`, `mobile.` or
 *    `amp.` label is removed when at least two labels remain (`m.elpais.com` → `elpais.com`).
 * 3. Google AMP cache addresses (`www-elpais-com.cdn.ampproject.org/c/s/elpais.com/…`) are
 *    unwrapped to the publisher's URL.
 * 4. AMP variants lose their AMP marker: a path segment `amp` (`/…/amp/`, `/amp/…`), a trailing
 *    `.amp` or `.amp.html` (→ `.html`), and the query parameters `amp`, `amp=1`, `outputType=amp`.
 * 5. Tracking parameters are removed: every `utm_*`, `fbclid`, `gclid`, `gclsrc`, `dclid`,
 *    `msclkid`, `yclid`, `igshid`, `mc_cid`, `mc_eid`, `_ga`, `_gl`, `_hsenc`, `_hsmi`, `mkt_tok`,
 *    `ocid`, `cmpid`, `ref_src`, `ref_url`, `smid`, `s_cid`. Other parameters are kept (some sites
 *    identify articles by them) and sorted by name, then value.
 * 6. The fragment is removed.
 * 7. Trailing slashes are removed from the path (`/a/b/` → `/a/b`; the root stays `/`), empty
 *    path segments are collapsed, and percent-encoding is normalised by the URL parser.
 */
import { normaliseHost as methodologyNormaliseHost } from '@espectro/methodology';

const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'msclkid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'ocid',
  'cmpid',
  'ref_src',
  'ref_url',
  'smid',
  's_cid',
]);
const AMP_PARAMETERS = new Set(['amp', 'outputtype']);

/** A URL that cannot be canonicalised (not http/https, or unparseable). */
export class InvalidArticleUrlError extends Error {
  override name = 'InvalidArticleUrlError';
}

/**
 * @deprecated Import `normaliseHost` from `@espectro/methodology` (the one host normaliser); this
 * re-export keeps `@espectro/ingest`'s public API.
 */
export const normaliseHost = methodologyNormaliseHost;

function unwrapAmpCache(url: URL): URL {
  if (!url.hostname.endsWith('.cdn.ampproject.org')) return url;
  // /c/s/example.com/path (s = https) or /c/example.com/path (http); also /v/…
  const match = /^\/[cv](\/s)?\/(.+)$/.exec(url.pathname);
  if (!match) return url;
  return new URL(`https://${match[2]}${url.search}`);
}

/**
 * The canonical form of an article URL (rules in the module comment).
 *
 * @throws InvalidArticleUrlError for anything but an absolute http(s) URL.
 * @example
 * canonicalUrl('http://www.ElPais.com/espana/2026-04-27/nota.html?utm_source=tw&id=3#comentarios');
 * // 'https://elpais.com/espana/2026-04-27/nota.html?id=3'
 * canonicalUrl('https://g1.globo.com/politica/noticia/2026/04/27/x.ghtml/amp/'); // 'https://g1.globo.com/politica/noticia/2026/04/27/x.ghtml'
 */
export function canonicalUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch (error) {
    throw new InvalidArticleUrlError(`"${input}" is not an absolute URL`, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArticleUrlError(`"${input}" is not an http(s) URL`);
  url = unwrapAmpCache(url);
  const host = methodologyNormaliseHost(url.hostname);
  const segments = url.pathname.split('/').filter((segment) => segment.length > 0 && segment.toLowerCase() !== 'amp');
  let path = `/${segments.join('/')}`;
  path = path.replace(/\.amp(\.html?)?$/i, (_match, extension: string | undefined) => extension ?? '');
  const parameters = [...url.searchParams.entries()].filter(([name, value]) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower)) return false;
    if (AMP_PARAMETERS.has(lower) && (lower === 'amp' || value.toLowerCase() === 'amp')) return false;
    return true;
  });
  parameters.sort(([leftName, leftValue], [rightName, rightValue]) =>
    leftName < rightName ? -1 : leftName > rightName ? 1 : leftValue < rightValue ? -1 : leftValue > rightValue ? 1 : 0,
  );
  const query = new URLSearchParams(parameters).toString();
  return `https://${host}${path}${query ? `?${query}` : ''}`;
}

/**
 * The domain an article belongs to: the longest roster domain that the host is, or is under
 * (`g1.globo.com` matches a roster entry `g1.globo.com` before `globo.com`); otherwise the
 * normalised host itself.
 *
 * @example
 * domainForHost('www.clarin.com', new Set(['clarin.com'])); // 'clarin.com'
 * domainForHost('edicion.clarin.com', new Set(['clarin.com'])); // 'clarin.com'
 * domainForHost('www.diariolibre.com', new Set()); // 'diariolibre.com'
 */
export function domainForHost(host: string, rosterDomains: ReadonlySet<string>): string {
  const normalised = methodologyNormaliseHost(host);
  const labels = normalised.split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    const candidate = labels.slice(start).join('.');
    if (rosterDomains.has(candidate)) return candidate;
  }
  return normalised;
}
