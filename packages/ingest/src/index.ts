/**
 * @espectro/ingest — news ingestion: RSS/RDF/Atom feeds with encoding detection, a generic JSON
 * news-API adapter (NewsAPI.ai, Webz, NewsAPI.org presets), URL canonicalisation, deduplication by
 * canonical URL and near-identical title, and the list of unrostered domains to add as
 * preliminary outlets.
 *
 * @packageDocumentation
 */
export { IngestError, type IngestErrorCode } from './errors.js';
export { canonicalUrl, domainForHost, normaliseHost, InvalidArticleUrlError } from './canonical-url.js';
export { decodeFeedBytes, type DecodedText } from './encoding.js';
export {
  DEFAULT_MAX_FEED_BYTES,
  parseFeed,
  type FeedItem,
  type ParsedFeed,
  type ParseFeedOptions,
  type SkippedItem,
} from './feed.js';
export { keptImageAlt, MAX_FEED_IMAGE_ALT_CHARS } from './feed-dialects.js';
export {
  NEWS_API_PRESETS,
  parseNewsApiPayload,
  type FieldPath,
  type NewsApiItem,
  type NewsApiMapping,
  type NewsApiPreset,
  type ParsedNewsApiPayload,
} from './news-api.js';
export { decodeEntities, foldForComparison, htmlToText, parseFeedDate, titleKey } from './text.js';
export {
  headlineUrn,
  ingestSources,
  type IngestedArticle,
  type IngestOptions,
  type IngestResult,
  type IngestSource,
  type NewOutlet,
  type RosterOutletRef,
  type SourceReport,
} from './ingest.js';
export * from './fetch/index.js';
