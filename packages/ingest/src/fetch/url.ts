/**
 * Feed addresses: only `http:` and `https:` are fetched (issue 21: no `file:`, `ftp:`, `data:` or
 * `javascript:` address ever reaches the client, not even through a redirect); credentials are
 * kept out of the database with `${NAME}` placeholders filled from the environment at fetch time;
 * addresses shown to people have secrets masked.
 */

/** A feed address that cannot be used, with why. */
export class FeedUrlError extends Error {
  override name = 'FeedUrlError';
  /** `bad_url`: not http(s) or unparseable; `config`: a `${NAME}` placeholder has no value. */
  readonly errorClass: 'bad_url' | 'config';

  constructor(errorClass: 'bad_url' | 'config', message: string) {
    super(message);
    this.errorClass = errorClass;
  }
}

const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}/g;
const SECRET_PARAMETER = /^(api[-_]?key|apikey|key|token|access[-_]?token|secret|password|auth)$/i;

/**
 * Parses an http(s) URL.
 *
 * @throws FeedUrlError `bad_url` for any other scheme or an unparseable address.
 * @example
 * httpUrl('https://elpais.com/rss').hostname; // 'elpais.com'
 */
export function httpUrl(address: string, base?: string | URL): URL {
  let parsed: URL;
  try {
    parsed = new URL(address, base);
  } catch {
    throw new FeedUrlError('bad_url', `"${address.slice(0, 200)}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FeedUrlError(
      'bad_url',
      `only http: and https: addresses are fetched, not ${parsed.protocol} (${address.slice(0, 200)})`,
    );
  }
  return parsed;
}

/** The `${NAME}` placeholders of an address, in order of appearance. */
export function urlPlaceholders(address: string): string[] {
  return [...address.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/**
 * Fills `${NAME}` placeholders from `env` (URL-encoded), e.g. a news API key kept out of the
 * database: `https://newsapi.org/v2/everything?q=chile&apiKey=${NEWSAPI_KEY}`.
 *
 * @throws FeedUrlError `config` naming the missing variable.
 * @example
 * expandUrlPlaceholders('https://x.test/?k=${X_KEY}', { X_KEY: 'a b' }); // 'https://x.test/?k=a%20b'
 */
export function expandUrlPlaceholders(address: string, env: Record<string, string | undefined>): string {
  return address.replace(PLACEHOLDER, (_match, name: string) => {
    const value = env[name];
    if (value === undefined || value === '')
      throw new FeedUrlError('config', `the feed address needs the environment variable ${name}, which is not set`);
    return encodeURIComponent(value);
  });
}

/**
 * The address with a password and secret-looking query parameters (`apiKey`, `token`, …) masked,
 * for logs and listings. Placeholders are kept as they are (they hold no secret).
 *
 * @example
 * redactFeedUrl('https://api.test/a?apiKey=123&q=x'); // 'https://api.test/a?apiKey=***&q=x'
 */
export function redactFeedUrl(address: string): string {
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return address;
  }
  if (parsed.password) parsed.password = '***';
  for (const [name, value] of [...parsed.searchParams]) {
    if (SECRET_PARAMETER.test(name) && !/^\$\{[A-Z][A-Z0-9_]*\}$/.test(value)) parsed.searchParams.set(name, '***');
  }
  // URLSearchParams encodes `${X}` as `%24%7BX%7D`; keep placeholders readable.
  return parsed.toString().replace(/%24%7B([A-Z][A-Z0-9_]*)%7D/g, '${$1}');
}
