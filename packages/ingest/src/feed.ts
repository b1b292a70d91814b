/**
 * The one feed parser of Espectro: RSS 0.9x/2.0, RSS 1.0 and 0.90 (RDF) and Atom 0.3/1.0, read from
 * bytes (`decodeFeedBytes`, RFC 7303 order) into a lenient namespace-aware tree (`xml-tree.ts`) and
 * mapped by the readers in `feed-dialects.ts`. What it does for the feeds outlets really publish:
 * elements matched by namespace (`<a:feed>`, `media:` undeclared), every HTML entity decoded inside
 * and outside CDATA, Atom `type="xhtml"`/`html`/`text` content, Media RSS (`media:group`,
 * `media:content`, `media:thumbnail`, `media:description`), enclosures, relative links resolved
 * against `xml:base` and the feed's address, and recoverable damage (whitespace before `<?xml`, a
 * stray `&`, an unclosed tag) repaired with a warning naming the line.
 *
 * Honest results: a document that is not a feed, or has no element at all, is an
 * {@link IngestError}; an item without a title is skipped with its reason; a feed with no items says
 * so in `warnings` (never a silent empty list); only http(s) links leave the parser (any other
 * scheme, e.g. `javascript:`, is reported in `rejectedLink`).
 */
import { decodeFeedBytes } from './encoding.js';
import { IngestError } from './errors.js';
import { detectDialect, readChannel, readEntry, type EntryFields } from './feed-dialects.js';
import { parseFeedDate } from './text.js';
import { parseXmlTree } from './xml-tree.js';

/** Default largest feed accepted, in bytes (32 MiB). */
export const DEFAULT_MAX_FEED_BYTES = 32 * 1024 * 1024;

/** One item of a feed, as text. */
export interface FeedItem {
  title: string;
  /** The item's absolute http(s) link (relative ones resolved), not canonicalised; `null` when it has none. */
  link: string | null;
  /** A link the item gave that is not an http(s) URL once resolved (`javascript:…`, `tag:…`), kept for the report. */
  rejectedLink: string | null;
  description: string | null;
  /** `content:encoded` / Atom `content`, as text; stored only where the outlet's licence allows. */
  body: string | null;
  publishedAt: string | null;
  /** The date text when present but unreadable. */
  unreadableDate: string | null;
  /** An http(s) image for the item (Media RSS, enclosure, `itunes:image`). */
  imageUrl: string | null;
  /**
   * The image's alt text as the feed gave it (Media RSS `media:description` of the image, Atom
   * enclosure `title`); null when it gave none. Never invented from the headline.
   */
  imageAlt: string | null;
  guid: string | null;
  language: string | null;
}

/** An item that was left out, with why. */
export interface SkippedItem {
  /** 0-based position in the feed. */
  index: number;
  reason: string;
}

/** A parsed feed. */
export interface ParsedFeed {
  format: 'rss' | 'rdf' | 'atom';
  /** Dialect version: `2.0`, `0.91`, `0.92`, `1.0` (RSS 1.0 or Atom 1.0), `0.90`, `0.3`; null when unstated. */
  version: string | null;
  title: string | null;
  /** The site's link from the channel, when given (absolute when it could be resolved). */
  link: string | null;
  language: string | null;
  items: FeedItem[];
  skipped: SkippedItem[];
  encoding: string;
  /** Body-carrying fields present in the items (`content:encoded`, `content`, `body`…), by name, with how many items had each. */
  bodyFields: Record<string, number>;
  /** Notes about the feed itself: encoding corrections, repaired XML, no items. */
  warnings: string[];
}

/** Options of {@link parseFeed}. */
export interface ParseFeedOptions {
  /** Name used in errors (file name or URL). */
  source?: string;
  /** The feed's own address: the base of relative links (after `xml:base`). */
  url?: string;
  /** HTTP Content-Type, for the charset. */
  contentType?: string;
  /** Largest feed accepted, in bytes (default {@link DEFAULT_MAX_FEED_BYTES}). */
  maxBytes?: number;
  /** Read item bodies (default true). False leaves `body` null without decoding it (seed 004 HC-2). */
  readBody?: boolean;
}

function httpBase(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Why a document gave no element at all, with the 1-based line and column of the trouble. */
function describeStart(text: string): { message: string; line: number; column: number } {
  const start = text.trimStart().slice(0, 40);
  const at = (offset: number) => {
    const before = text.slice(0, offset);
    return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
  };
  if (start === '') return { message: 'the document is empty', ...at(text.length) };
  if (start.startsWith('{') || start.startsWith('['))
    return {
      message: `the body is JSON, not XML (starts with ${JSON.stringify(start.slice(0, 20))}); register it as a JSON feed`,
      ...at(0),
    };
  const unfinished = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(<[A-Za-z_][^>]*)$/.exec(text);
  if (unfinished)
    return {
      message: 'not well-formed XML: the document ends before its first element is complete (truncated?)',
      ...at(text.length - unfinished[1]!.length),
    };
  return {
    message: `not well-formed XML: no element found (the body starts with ${JSON.stringify(start.slice(0, 30))})`,
    ...at(text.length - text.trimStart().length),
  };
}

function finishItem(index: number, fields: EntryFields, items: FeedItem[], skipped: SkippedItem[]): void {
  if (fields.title === null) {
    skipped.push({ index, reason: 'item has no title' });
    return;
  }
  const publishedAt = parseFeedDate(fields.date);
  items.push({
    title: fields.title,
    link: fields.link,
    rejectedLink: fields.rejectedLink,
    description: fields.description,
    body: fields.body,
    publishedAt,
    unreadableDate: publishedAt === null && fields.date ? fields.date : null,
    imageUrl: fields.imageUrl,
    imageAlt: fields.imageAlt,
    guid: fields.guid,
    language: fields.language,
  });
}

/**
 * Parses an RSS, RDF or Atom feed (see the module comment).
 *
 * @throws IngestError `too_large`, `invalid_xml` (no element at all) or `not_a_feed` (another root element).
 * @example
 * const feed = parseFeed(await readFile('elpais.xml'), { source: 'elpais.xml', url: 'https://elpais.com/rss/portada.xml' });
 * feed.items[0]?.title;
 */
export function parseFeed(input: Uint8Array | string, options: ParseFeedOptions = {}): ParsedFeed {
  const source = options.source ?? 'feed';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FEED_BYTES;
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength;
  if (size > maxBytes) {
    throw new IngestError({
      code: 'too_large',
      source,
      message: `the feed is ${(size / 1048576).toFixed(1)} MiB, over the ${(maxBytes / 1048576).toFixed(1)} MiB limit (raise maxFeedBytes if it is legitimate)`,
    });
  }
  const decoded =
    typeof input === 'string'
      ? { text: input.replace(/^\uFEFF/, ''), encoding: 'utf-16 (string)', warning: null }
      : decodeFeedBytes(input, options.contentType);
  const warnings = decoded.warning ? [decoded.warning] : [];
  const document = parseXmlTree(decoded.text, httpBase(options.url));
  const root = document.root;
  if (root === null) {
    const json = /^\s*[[{]/.test(decoded.text);
    const { message, line, column } = describeStart(decoded.text);
    throw new IngestError({ code: json ? 'not_a_feed' : 'invalid_xml', source, line, column, message });
  }
  const dialect = detectDialect(root);
  if (dialect === null) {
    throw new IngestError({
      code: 'not_a_feed',
      source,
      message: `not a feed: the root element is <${root.name}>${root.ns ? ` (namespace ${root.ns})` : ''}, expected <rss>, <rdf:RDF> or an Atom <feed>`,
    });
  }
  warnings.push(...document.diagnostics.map((diagnostic) => `malformed XML read leniently — ${diagnostic}`));
  const channel = readChannel(document, root, dialect);
  const readBody = options.readBody ?? true;
  const items: FeedItem[] = [];
  const skipped: SkippedItem[] = [];
  const bodyFields: Record<string, number> = {};
  channel.entries.forEach((entry, index) => {
    const fields = readEntry(document, entry, dialect, channel, { readBody, bodyFields });
    finishItem(index, fields, items, skipped);
  });
  if (channel.entries.length === 0) {
    const tagName = dialect.format === 'atom' ? 'entry' : 'item';
    const written = (decoded.text.match(new RegExp(`<(?:[\\w.-]+:)?${tagName}[\\s>/]`, 'g')) ?? []).length;
    warnings.push(
      written > 0
        ? `the document has ${written} <${tagName}> element(s) but none is an ${dialect.label} ${tagName} (wrong namespace or position)`
        : `the feed has no ${tagName}s`,
    );
  }
  const rejected = items.filter((item) => item.link === null && item.rejectedLink !== null).length;
  if (rejected > 0)
    warnings.push(`${rejected} item(s) had a link that is not an http(s) URL; their links were dropped`);
  return {
    format: dialect.format,
    version: dialect.version,
    title: channel.title,
    link: channel.link,
    language: channel.language,
    items,
    skipped,
    encoding: decoded.encoding,
    bodyFields,
    warnings,
  };
}
