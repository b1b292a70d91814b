/**
 * What a registered feed address serves and how its body becomes an {@link IngestSource}: an
 * XML feed (`rss`, `atom`, `rdf` — the parser detects the dialect, the kind is what the newsroom
 * declared), a JSON Feed (jsonfeed.org 1.x, read through the generic news-API mapping below), or
 * a news API with one of the `NEWS_API_PRESETS`.
 */
import { z } from 'zod';
import type { IngestSource } from '../ingest.js';
import { NEWS_API_PRESETS, type NewsApiMapping, type NewsApiPreset } from '../news-api.js';

/** Kinds of feed addresses. */
export const FeedKindSchema = z.enum(['rss', 'atom', 'rdf', 'json', 'news-api']);
/** @see {@link FeedKindSchema} */
export type FeedKind = z.infer<typeof FeedKindSchema>;

/**
 * What a feed's bodies are for: `articles` go to the story pipeline; `chile-headlines` only to
 * seed 004's headline classifier (the five monitored Chilean outlets).
 */
export const FeedPurposeSchema = z.enum(['articles', 'chile-headlines']);
/** @see {@link FeedPurposeSchema} */
export type FeedPurpose = z.infer<typeof FeedPurposeSchema>;

/** Names of the news-API presets, for validation. */
export const NewsApiPresetSchema = z.enum(Object.keys(NEWS_API_PRESETS) as [NewsApiPreset, ...NewsApiPreset[]]);

/**
 * JSON Feed 1.0/1.1 (https://www.jsonfeed.org/version/1.1/) as a news-API mapping: `items[]` with
 * `title`, `url` (or `external_url`), `summary`, `content_text`/`content_html`, `date_published`,
 * `image`/`banner_image`, `language`.
 */
export const JSON_FEED_MAPPING: NewsApiMapping = {
  name: 'json-feed',
  items: 'items',
  fields: {
    title: 'title',
    url: ['url', 'external_url'],
    description: 'summary',
    body: ['content_text', 'content_html'],
    publishedAt: ['date_published', 'date_modified'],
    imageUrl: ['image', 'banner_image'],
    language: 'language',
  },
};

/** The parts of a registered feed that decide how its body is read. */
export interface FeedFormat {
  url: string;
  kind: FeedKind;
  /** The news-API preset, for `news-api` feeds. */
  preset: string | null;
  /** Domain of the outlet publishing the feed. */
  outlet: string;
}

/** Whether the kind's bodies are XML or JSON (for the `Accept` header). */
export function bodyFormatOf(kind: FeedKind): 'xml' | 'json' {
  return kind === 'json' || kind === 'news-api' ? 'json' : 'xml';
}

/**
 * The fetched body as an ingest source, named by the feed's address.
 *
 * @example
 * ingestSourceFor({ url, kind: 'rss', preset: null, outlet: 'elpais.com' }, body, 'application/rss+xml; charset=utf-8');
 */
export function ingestSourceFor(feed: FeedFormat, content: Uint8Array, contentType: string | null): IngestSource {
  const common = { name: feed.url, content, outlet: feed.outlet, ...(contentType ? { contentType } : {}) };
  if (feed.kind === 'json') return { ...common, kind: 'json', mapping: JSON_FEED_MAPPING };
  if (feed.kind === 'news-api') {
    const preset = NewsApiPresetSchema.parse(feed.preset);
    return { ...common, kind: 'json', mapping: preset };
  }
  return { ...common, kind: 'feed' };
}
