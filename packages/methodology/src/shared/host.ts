/**
 * The one host normaliser of the project: ingest's URL canonicaliser keys articles by it and the
 * debate rules (DEB-3 excluded domains, official sources) compare hosts with it, so an outlet's
 * mobile or AMP host is the same outlet everywhere.
 */

/** Leading labels that name a variant of the same site, removed by {@link normaliseHost}. */
export const STRIPPED_HOST_PREFIXES: readonly string[] = ['www.', 'm.', 'mobile.', 'amp.'];

/**
 * Lowercases a host or domain, drops a trailing dot, and strips leading `www.`, `m.`, `mobile.` and
 * `amp.` labels while at least two labels remain.
 *
 * @example
 * normaliseHost('www.elpais.com'); // 'elpais.com'
 * normaliseHost('m.folha.uol.com.br'); // 'folha.uol.com.br'
 * normaliseHost('www.com'); // 'www.com' (one label would remain)
 */
export function normaliseHost(host: string): string {
  let result = host.toLowerCase().replace(/\.$/, '');
  for (let changed = true; changed;) {
    changed = false;
    for (const prefix of STRIPPED_HOST_PREFIXES) {
      if (result.startsWith(prefix) && result.slice(prefix.length).includes('.')) {
        result = result.slice(prefix.length);
        changed = true;
      }
    }
  }
  return result;
}
