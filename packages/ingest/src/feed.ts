/**
 * RSS 2.0, RSS 1.0 (RDF) and Atom feeds, parsed with fast-xml-parser after decoding the bytes
 * (`decodeFeedBytes`). A feed that is not well-formed XML, not a feed, or over the size limit is an
 * {@link IngestError} naming the problem (with line and column for XML errors); an item without a
 * title or link is skipped with its reason; an item without a usable date is kept with
 * `publishedAt: null`.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeFeedBytes } from './encoding.js';
import { IngestError } from './errors.js';
import { htmlToText, parseFeedDate } from './text.js';

/** Default largest feed accepted, in bytes (32 MiB). */
export const DEFAULT_MAX_FEED_BYTES = 32 * 1024 * 1024;

/** One item of a feed, as text. */
export interface FeedItem {
  title: string;
  /** The item's link as given (not canonicalised); `null` when the item has none. */
  link: string | null;
  description: string | null;
  /** `content:encoded` / Atom `content`, as text; stored only where the outlet's licence allows. */
  body: string | null;
  publishedAt: string | null;
  /** The date text when present but unreadable. */
  unreadableDate: string | null;
  imageUrl: string | null;
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
  title: string | null;
  /** The site's link from the channel, when given. */
  link: string | null;
  language: string | null;
  items: FeedItem[];
  skipped: SkippedItem[];
  encoding: string;
  /** Notes about the feed itself (encoding corrections). */
  warnings: string[];
}

/** Options of {@link parseFeed}. */
export interface ParseFeedOptions {
  /** Name used in errors (file name or URL). */
  source?: string;
  /** HTTP Content-Type, for the charset. */
  contentType?: string;
  /** Largest feed accepted, in bytes (default {@link DEFAULT_MAX_FEED_BYTES}). */
  maxBytes?: number;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  cdataPropName: false,
  isArray: (name) =>
    name === 'item' ||
    name === 'entry' ||
    name === 'link' ||
    name === 'media:content' ||
    name === 'enclosure' ||
    name === 'category',
});

type Node = Record<string, unknown>;

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object') return text((value as Node)['#text']);
  return null;
}

function plain(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const result = htmlToText(raw);
  return result.length > 0 ? result : null;
}

function attribute(value: unknown, name: string): string | null {
  const node = Array.isArray(value) ? value[0] : value;
  if (node && typeof node === 'object') {
    const found = (node as Node)[`@_${name}`];
    return typeof found === 'string' && found.length > 0 ? found : null;
  }
  return null;
}

function imageOf(item: Node): string | null {
  for (const key of ['media:content', 'media:thumbnail', 'enclosure']) {
    const value = item[key];
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    for (const entry of list) {
      const url = attribute(entry, 'url');
      const type = attribute(entry, 'type') ?? attribute(entry, 'medium') ?? 'image';
      if (url && /image/.test(type)) return url;
    }
  }
  return null;
}

function atomLink(links: unknown): string | null {
  const list = Array.isArray(links) ? links : links === undefined ? [] : [links];
  let fallback: string | null = null;
  for (const link of list) {
    if (typeof link === 'string') return link;
    const href = attribute(link, 'href');
    const rel = attribute(link, 'rel');
    if (href && (rel === null || rel === 'alternate')) return href;
    fallback ??= href;
  }
  return fallback;
}

function finishItem(
  index: number,
  fields: {
    title: string | null;
    link: string | null;
    description: string | null;
    body: string | null;
    date: string | null;
    imageUrl: string | null;
    guid: string | null;
    language: string | null;
  },
  items: FeedItem[],
  skipped: SkippedItem[],
): void {
  if (fields.title === null) {
    skipped.push({ index, reason: 'item has no title' });
    return;
  }
  const publishedAt = parseFeedDate(fields.date);
  items.push({
    title: fields.title,
    link: fields.link?.trim() || null,
    description: fields.description,
    body: fields.body,
    publishedAt,
    unreadableDate: publishedAt === null && fields.date ? fields.date : null,
    imageUrl: fields.imageUrl,
    guid: fields.guid,
    language: fields.language,
  });
}

/**
 * Parses an RSS 2.0, RSS 1.0 (RDF) or Atom feed.
 *
 * @throws IngestError `too_large`, `invalid_xml` (with line and column) or `not_a_feed`.
 * @example
 * const feed = parseFeed(await readFile('elpais.xml'), { source: 'elpais.xml' });
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
      ? { text: input, encoding: 'utf-16 (string)', warning: null }
      : decodeFeedBytes(input, options.contentType);
  const warnings = decoded.warning ? [decoded.warning] : [];
  const xml = decoded.text;
  const validation = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (validation !== true) {
    throw new IngestError({
      code: 'invalid_xml',
      source,
      line: validation.err.line,
      column: validation.err.col,
      message: `not well-formed XML at line ${validation.err.line}, column ${validation.err.col}: ${validation.err.msg}`,
    });
  }
  let document: Node;
  try {
    document = parser.parse(xml) as Node;
  } catch (error) {
    throw new IngestError({
      code: 'invalid_xml',
      source,
      message: `cannot parse the XML: ${(error as Error).message}`,
      cause: error,
    });
  }
  const items: FeedItem[] = [];
  const skipped: SkippedItem[] = [];
  const rss = document.rss as Node | undefined;
  if (rss && typeof rss === 'object') {
    const channel = (Array.isArray(rss.channel) ? rss.channel[0] : rss.channel) as Node | undefined;
    if (!channel || typeof channel !== 'object')
      throw new IngestError({ code: 'not_a_feed', source, message: 'an <rss> document without a <channel>' });
    const language = text(channel.language);
    ((channel.item as Node[] | undefined) ?? []).forEach((item, index) =>
      finishItem(
        index,
        {
          title: plain(item.title),
          link: text(item.link) ?? (attribute(item.guid, 'isPermaLink') !== 'false' ? text(item.guid) : null),
          description: plain(item.description),
          body: plain(item['content:encoded']),
          date: text(item.pubDate) ?? text(item['dc:date']),
          imageUrl: imageOf(item),
          guid: text(item.guid),
          language,
        },
        items,
        skipped,
      ),
    );
    return {
      format: 'rss',
      title: plain(channel.title),
      link: text(channel.link),
      language,
      items,
      skipped,
      encoding: decoded.encoding,
      warnings,
    };
  }
  const rdf = document['rdf:RDF'] as Node | undefined;
  if (rdf && typeof rdf === 'object') {
    const channel = rdf.channel as Node | undefined;
    const language = channel ? text(channel['dc:language']) : null;
    ((rdf.item as Node[] | undefined) ?? []).forEach((item, index) =>
      finishItem(
        index,
        {
          title: plain(item.title),
          link: text(item.link),
          description: plain(item.description),
          body: plain(item['content:encoded']),
          date: text(item['dc:date']),
          imageUrl: null,
          guid: attribute(item, 'rdf:about'),
          language,
        },
        items,
        skipped,
      ),
    );
    return {
      format: 'rdf',
      title: channel ? plain(channel.title) : null,
      link: channel ? text(channel.link) : null,
      language,
      items,
      skipped,
      encoding: decoded.encoding,
      warnings,
    };
  }
  const feed = document.feed as Node | undefined;
  if (feed && typeof feed === 'object') {
    const language = attribute(feed, 'xml:lang');
    ((feed.entry as Node[] | undefined) ?? []).forEach((entry, index) =>
      finishItem(
        index,
        {
          title: plain(entry.title),
          link: atomLink(entry.link),
          description: plain(entry.summary),
          body: plain(entry.content),
          date: text(entry.published) ?? text(entry.updated),
          imageUrl: imageOf(entry),
          guid: text(entry.id),
          language: attribute(entry, 'xml:lang') ?? language,
        },
        items,
        skipped,
      ),
    );
    return {
      format: 'atom',
      title: plain(feed.title),
      link: atomLink(feed.link),
      language,
      items,
      skipped,
      encoding: decoded.encoding,
      warnings,
    };
  }
  const root = Object.keys(document).find((key) => !key.startsWith('?')) ?? '(empty)';
  throw new IngestError({
    code: 'not_a_feed',
    source,
    message: `well-formed XML but not a feed: the root element is <${root}>, expected <rss>, <rdf:RDF> or <feed>`,
  });
}
