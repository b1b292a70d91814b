import { IngestError, parseFeed, type FeedItem } from '@espectro/ingest';
import {
  MAX_HEADLINE_DESCRIPTION_LENGTH,
  MAX_HEADLINE_TITLE_LENGTH,
  parseStoredHeadline,
  sha256Hex,
  type StoredHeadline,
} from '@espectro/methodology';
import { HeadlineClassifierError } from '../errors.js';
import type { Outlet } from './outlets.js';

/** Why one feed item was not stored. */
export interface SkippedItem {
  /** 0-based position of the item (`<item>` or `<entry>`) in the feed. */
  index: number;
  reason: string;
}

/** The result of reading one feed: stored headlines (HC-2 records) and what was left out. */
export interface FeedIngestion {
  outlet: string;
  headlines: StoredHeadline[];
  skipped: SkippedItem[];
  /** Body-carrying fields present in the feed and dropped unread (HC-2), with how many items had each. */
  droppedFields: Record<string, number>;
  /** Descriptions dropped because they were longer than a bajada can be (HC-2 guard). */
  droppedDescriptions: number;
  /** The feed parser's notes: encoding corrections, XML repaired while reading, a feed without items. */
  warnings: string[];
}

/** Options of {@link readHeadlineFeed}. */
export interface ReadHeadlineFeedOptions {
  /** HTTP Content-Type, whose charset decides how bytes are decoded (RFC 7303). */
  contentType?: string | null;
  /** The feed's address: relative item links are resolved against it (after `xml:base`). */
  url?: string | null;
}

function feedError(code: 'feed_xml_invalid' | 'feed_not_rss', outlet: string, message: string, cause?: unknown): never {
  throw new HeadlineClassifierError({ code, stage: `ingest ${outlet}`, message, cause });
}

/** Reads the document with ingest's feed parser (the one parser), body fields left unread (HC-2). */
function parseDocument(document: string | Uint8Array, outlet: string, options: ReadHeadlineFeedOptions) {
  try {
    return parseFeed(document, {
      source: outlet,
      readBody: false,
      ...(options.contentType ? { contentType: options.contentType } : {}),
      ...(options.url ? { url: options.url } : {}),
    });
  } catch (error) {
    if (!(error instanceof IngestError)) throw error;
    const message = error.message.replace(/^@espectro\/ingest [^:]*: /, '');
    if (error.code === 'not_a_feed') feedError('feed_not_rss', outlet, message, error);
    const where = error.line === undefined ? '' : ` (line ${error.line}, column ${error.column ?? 1})`;
    feedError(
      'feed_xml_invalid',
      outlet,
      `the feed is not well-formed XML${where}: ${message.replace(/^not well-formed XML: /, '')}`,
      error,
    );
  }
}

/** The feed's items with their positions in the document (the parser lists skipped ones apart). */
function positioned(items: readonly FeedItem[], skipped: readonly SkippedItem[]): { item: FeedItem; index: number }[] {
  const skippedIndices = new Set(skipped.map((entry) => entry.index));
  const result: { item: FeedItem; index: number }[] = [];
  let index = 0;
  for (const item of items) {
    while (skippedIndices.has(index)) index += 1;
    result.push({ item, index });
    index += 1;
  }
  return result;
}

/**
 * Reads one feed with `@espectro/ingest`'s parser (RSS, RDF or Atom, read leniently, every entity
 * decoded, HTML stripped) and keeps, per item, only what HC-2 allows: title and description
 * (bajada), with id, outlet, URL and publication time, validated by `parseStoredHeadline`
 * (@espectro/methodology). `content:encoded` and other body fields are dropped unread and
 * counted. Items without a title, an http(s) link or a readable date are skipped with a reason; a
 * description longer than a bajada is dropped. Throws `HeadlineClassifierError`
 * `feed_xml_invalid` when no element can be read at all and `feed_not_rss` when the document is
 * not a feed (an HTML error page). Damage the parser repaired is listed in `warnings`.
 *
 * @param document the feed as text, or as bytes (then `options.contentType` gives the HTTP charset, RFC 7303).
 * @example
 * const { headlines, skipped } = readHeadlineFeed(xml, MONITORED_OUTLETS[0], { url: MONITORED_OUTLETS[0].feedUrl });
 */
export function readHeadlineFeed(
  document: string | Uint8Array,
  outlet: Pick<Outlet, 'id' | 'domain'>,
  options: ReadHeadlineFeedOptions = {},
): FeedIngestion {
  const feed = parseDocument(document, outlet.id, options);
  const headlines: StoredHeadline[] = [];
  const skipped: SkippedItem[] = [...feed.skipped];
  // rule HC-2: the body is never read or stored; the parser only counts the fields that carry it.
  const droppedFields: Record<string, number> = { ...feed.bodyFields };
  let droppedDescriptions = 0;
  const seen = new Set<string>();
  for (const { item, index } of positioned(feed.items, feed.skipped)) {
    if (item.title.length > MAX_HEADLINE_TITLE_LENGTH) {
      skipped.push({ index, reason: `title longer than ${MAX_HEADLINE_TITLE_LENGTH} characters` });
      continue;
    }
    if (item.link === null) {
      skipped.push({
        index,
        reason: item.rejectedLink
          ? `link is not an http(s) URL: ${item.rejectedLink.slice(0, 120)}`
          : 'missing link (no http(s) URL in <link> or a permalink <guid>)',
      });
      continue;
    }
    if (item.publishedAt === null) {
      skipped.push({
        index,
        reason: item.unreadableDate ? `unreadable date "${item.unreadableDate}"` : 'missing date',
      });
      continue;
    }
    let description = item.description;
    if (description !== null && description.length > MAX_HEADLINE_DESCRIPTION_LENGTH) {
      // rule HC-2: a text this long is not a bajada; it is dropped rather than stored or cut.
      description = null;
      droppedDescriptions += 1;
    }
    const guid = item.guid ?? '';
    const id = `${outlet.id}:${sha256Hex(guid === '' ? item.link : guid).slice(0, 16)}`;
    if (seen.has(id)) {
      skipped.push({ index, reason: `duplicate item (${guid === '' ? 'link' : 'guid'} already read)` });
      continue;
    }
    seen.add(id);
    const publishedAt = item.publishedAt.replace(/\.000Z$/, 'Z');
    try {
      headlines.push(
        parseStoredHeadline({ id, outlet: outlet.domain, url: item.link, publishedAt, title: item.title, description }),
      );
    } catch (error) {
      skipped.push({ index, reason: `rejected by HC-2: ${(error as Error).message}` });
    }
  }
  skipped.sort((left, right) => left.index - right.index);
  return { outlet: outlet.id, headlines, skipped, droppedFields, droppedDescriptions, warnings: feed.warnings };
}

/** One feed's outcome in {@link ingestFeeds}: its headlines, or a clear per-feed error. */
export type FeedOutcome =
  ({ ok: true } & FeedIngestion) | { ok: false; outlet: string; error: { code: string; message: string } };

/**
 * Reads several feeds; a broken feed gives a per-feed error and never stops the others.
 *
 * @example
 * const outcomes = ingestFeeds([{ outlet: MONITORED_OUTLETS[0], xml }]);
 * outcomes[0].ok ? outcomes[0].headlines : outcomes[0].error.message;
 */
export function ingestFeeds(feeds: readonly { outlet: Pick<Outlet, 'id' | 'domain'>; xml: string }[]): FeedOutcome[] {
  return feeds.map(({ outlet, xml }) => {
    try {
      return { ok: true as const, ...readHeadlineFeed(xml, outlet) };
    } catch (error) {
      if (error instanceof HeadlineClassifierError) {
        return { ok: false as const, outlet: outlet.id, error: { code: error.code, message: error.message } };
      }
      throw error;
    }
  });
}
