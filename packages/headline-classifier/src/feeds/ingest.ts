import {
  MAX_HEADLINE_DESCRIPTION_LENGTH,
  MAX_HEADLINE_TITLE_LENGTH,
  parseStoredHeadline,
  sha256Hex,
  type StoredHeadline,
} from '@espectro/methodology';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { HeadlineClassifierError } from '../errors.js';
import { htmlToText } from './html.js';
import type { Outlet } from './outlets.js';

/** Item fields that may carry the article body: never read, never stored (HC-2). */
export const BODY_FIELDS = ['content:encoded', 'content', 'body', 'fullText', 'articleBody'] as const;

/** Why one feed item was not stored. */
export interface SkippedItem {
  /** 0-based position of the `<item>` in the feed. */
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
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (_name, jpath) => jpath === 'rss.channel.item' || jpath === 'rdf:RDF.item',
});

function textOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object' && '#text' in value) return textOf((value as Record<string, unknown>)['#text']);
  return null;
}

function feedError(code: 'feed_xml_invalid' | 'feed_not_rss', outlet: string, message: string, cause?: unknown): never {
  throw new HeadlineClassifierError({ code, stage: `ingest ${outlet}`, message, cause });
}

function isoInstant(value: string | null): string | null {
  if (value === null) return null;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().replace(/\.000Z$/, 'Z');
}

/**
 * Reads one RSS 2.0 feed and keeps, per item, only what HC-2 allows: title and description
 * (bajada), with id, outlet, URL and publication time, validated by `parseStoredHeadline`
 * (@espectro/methodology). HTML is stripped from descriptions and entities are decoded;
 * `content:encoded` and other body fields are dropped unread. Items without a title, a link or a
 * readable date are skipped with a reason; a description longer than a bajada is dropped.
 * Throws `HeadlineClassifierError` `feed_xml_invalid` (with line and column) for broken XML and
 * `feed_not_rss` when the document is not an RSS 2.0 channel.
 *
 * @example
 * const { headlines, skipped } = parseFeed(xml, MONITORED_OUTLETS[0]);
 */
export function parseFeed(xml: string, outlet: Pick<Outlet, 'id' | 'domain'>): FeedIngestion {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    feedError('feed_xml_invalid', outlet.id, `the feed is not well-formed XML (line ${line}, column ${col}): ${msg}`);
  }
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    feedError('feed_xml_invalid', outlet.id, `the feed could not be parsed: ${(error as Error).message}`, error);
  }
  const root = Object.keys(document).find((key) => key !== '?xml');
  const rss = document.rss as Record<string, unknown> | undefined;
  if (rss === undefined || typeof rss !== 'object') {
    feedError(
      'feed_not_rss',
      outlet.id,
      `expected an RSS 2.0 document (<rss><channel>…), found <${root ?? 'nothing'}>`,
    );
  }
  const channel = rss.channel as Record<string, unknown> | undefined;
  if (channel === undefined || typeof channel !== 'object') {
    feedError('feed_not_rss', outlet.id, 'the <rss> element has no <channel>');
  }
  const items = (channel.item as Record<string, unknown>[] | undefined) ?? [];
  const headlines: StoredHeadline[] = [];
  const skipped: SkippedItem[] = [];
  const droppedFields: Record<string, number> = {};
  let droppedDescriptions = 0;
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (item === null || typeof item !== 'object') {
      skipped.push({ index, reason: 'empty <item>' });
      return;
    }
    for (const field of BODY_FIELDS) {
      // rule HC-2: the body is never read or stored.
      if (field in item) droppedFields[field] = (droppedFields[field] ?? 0) + 1;
    }
    const rawTitle = textOf(item.title);
    const title = rawTitle === null ? '' : htmlToText(rawTitle);
    if (title === '') {
      skipped.push({ index, reason: 'missing <title>' });
      return;
    }
    if (title.length > MAX_HEADLINE_TITLE_LENGTH) {
      skipped.push({ index, reason: `<title> longer than ${MAX_HEADLINE_TITLE_LENGTH} characters` });
      return;
    }
    const link = textOf(item.link)?.trim() ?? '';
    const guid = textOf(item.guid)?.trim() ?? '';
    const url = /^https?:\/\//i.test(link) ? link : /^https?:\/\//i.test(guid) ? guid : '';
    if (url === '') {
      skipped.push({ index, reason: 'missing <link> (no http(s) URL in <link> or <guid>)' });
      return;
    }
    const publishedAt = isoInstant(textOf(item.pubDate) ?? textOf(item['dc:date']));
    if (publishedAt === null) {
      skipped.push({ index, reason: 'missing or unreadable <pubDate>' });
      return;
    }
    const rawDescription = textOf(item.description);
    let description = rawDescription === null ? null : htmlToText(rawDescription);
    if (description === '') description = null;
    if (description !== null && description.length > MAX_HEADLINE_DESCRIPTION_LENGTH) {
      // rule HC-2: a text this long is not a bajada; it is dropped rather than stored or cut.
      description = null;
      droppedDescriptions += 1;
    }
    const id = `${outlet.id}:${sha256Hex(guid === '' ? url : guid).slice(0, 16)}`;
    if (seen.has(id)) {
      skipped.push({ index, reason: `duplicate item (${guid === '' ? 'link' : 'guid'} already read)` });
      return;
    }
    seen.add(id);
    try {
      headlines.push(parseStoredHeadline({ id, outlet: outlet.domain, url, publishedAt, title, description }));
    } catch (error) {
      skipped.push({ index, reason: `rejected by HC-2: ${(error as Error).message}` });
    }
  });
  return { outlet: outlet.id, headlines, skipped, droppedFields, droppedDescriptions };
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
      return { ok: true as const, ...parseFeed(xml, outlet) };
    } catch (error) {
      if (error instanceof HeadlineClassifierError) {
        return { ok: false as const, outlet: outlet.id, error: { code: error.code, message: error.message } };
      }
      throw error;
    }
  });
}
