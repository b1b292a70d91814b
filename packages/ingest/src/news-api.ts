/**
 * A generic adapter for JSON news APIs: a {@link NewsApiMapping} says where the list of articles
 * is and which (dotted) path holds each field, with fallbacks. Presets cover the payloads of
 * NewsAPI.ai (Event Registry), Webz.io and NewsAPI.org, and `espectro` (the format of the demo
 * corpus: `{ "items": [{ "title", "url", "outlet", "publishedAt", … }] }`).
 */
import { IngestError } from './errors.js';
import { htmlToText, parseFeedDate } from './text.js';

/** A field path (`source.uri`) or a list of paths tried in order. */
export type FieldPath = string | readonly string[];

/** Where things are in one API's JSON. */
export interface NewsApiMapping {
  /** Label used in reports. */
  name: string;
  /** Path(s) of the article array (`articles.results`); the first that holds an array is used. */
  items: FieldPath;
  fields: {
    title: FieldPath;
    url?: FieldPath;
    description?: FieldPath;
    body?: FieldPath;
    publishedAt?: FieldPath;
    /** Outlet domain or URI (`source.uri`); otherwise taken from the URL's host. */
    domain?: FieldPath;
    outletName?: FieldPath;
    imageUrl?: FieldPath;
    /** The image's alt text, when the payload carries one (none of the public APIs above does). */
    imageAlt?: FieldPath;
    language?: FieldPath;
    /** Where the headline was read when `url` is absent (e.g. a press review page). */
    sourceUrl?: FieldPath;
    /** Items with a truthy value here are skipped as duplicates (NewsAPI.ai `isDuplicate`). */
    duplicateFlag?: FieldPath;
  };
}

/** Mappings for the payloads we know. */
export const NEWS_API_PRESETS = {
  /** NewsAPI.ai / Event Registry `getArticles` (`articles.results`) and minute-stream (`recentActivityArticles.activity`). */
  'newsapi-ai': {
    name: 'newsapi-ai',
    items: ['articles.results', 'recentActivityArticles.activity', 'results'],
    fields: {
      title: 'title',
      url: 'url',
      body: 'body',
      publishedAt: ['dateTimePub', 'dateTime', 'date'],
      domain: 'source.uri',
      outletName: 'source.title',
      imageUrl: 'image',
      language: 'lang',
      duplicateFlag: 'isDuplicate',
    },
  },
  /** Webz.io News API (`posts`). */
  webz: {
    name: 'webz',
    items: ['posts', 'docs'],
    fields: {
      title: ['title', 'thread.title'],
      url: ['url', 'thread.url'],
      body: 'text',
      publishedAt: ['published', 'thread.published'],
      domain: ['thread.site', 'thread.site_full'],
      outletName: 'thread.site_full',
      imageUrl: 'thread.main_image',
      language: 'language',
    },
  },
  /** NewsAPI.org (`articles`). */
  'newsapi-org': {
    name: 'newsapi-org',
    items: 'articles',
    fields: {
      title: 'title',
      url: 'url',
      description: 'description',
      body: 'content',
      publishedAt: 'publishedAt',
      outletName: 'source.name',
      imageUrl: 'urlToImage',
    },
  },
  /** The demo corpus format (`items`), one headline per item with its provenance. */
  espectro: {
    name: 'espectro',
    items: 'items',
    fields: {
      title: 'title',
      url: 'url',
      description: 'description',
      body: 'body',
      publishedAt: 'publishedAt',
      domain: 'outlet',
      outletName: 'outletName',
      imageUrl: 'imageUrl',
      imageAlt: 'imageAlt',
      language: 'language',
      sourceUrl: 'sourceUrl',
    },
  },
} as const satisfies Record<string, NewsApiMapping>;

/** Name of a preset mapping. */
export type NewsApiPreset = keyof typeof NEWS_API_PRESETS;

/** One article of a payload, as text. */
export interface NewsApiItem {
  title: string;
  url: string | null;
  sourceUrl: string | null;
  description: string | null;
  body: string | null;
  publishedAt: string | null;
  unreadableDate: string | null;
  domain: string | null;
  outletName: string | null;
  imageUrl: string | null;
  /** The image's alt text from the payload; null when it gave none. */
  imageAlt: string | null;
  language: string | null;
}

/** A parsed payload. */
export interface ParsedNewsApiPayload {
  mapping: string;
  items: NewsApiItem[];
  skipped: { index: number; reason: string }[];
}

function at(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function first(value: unknown, paths: FieldPath | undefined): unknown {
  if (paths === undefined) return undefined;
  for (const path of typeof paths === 'string' ? [paths] : paths) {
    const found = at(value, path);
    if (found !== undefined && found !== null && found !== '') return found;
  }
  return undefined;
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') {
    const cleaned = htmlToText(value);
    return cleaned.length > 0 ? cleaned : null;
  }
  if (typeof value === 'number') return String(value);
  return null;
}

function asDomain(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const trimmed = value.trim().toLowerCase();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `https://${trimmed}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Parses a news-API payload with a preset or custom mapping.
 *
 * @throws IngestError `invalid_json`, `unknown_mapping` or `not_a_feed` (no article list found).
 * @example
 * parseNewsApiPayload(await readFile('webz.json'), 'webz', { source: 'webz.json' }).items.length;
 */
export function parseNewsApiPayload(
  input: Uint8Array | string | unknown,
  mapping: NewsApiPreset | NewsApiMapping,
  options: { source?: string } = {},
): ParsedNewsApiPayload {
  const source = options.source ?? 'payload';
  const resolved: NewsApiMapping | undefined =
    typeof mapping === 'string' ? (NEWS_API_PRESETS as Record<string, NewsApiMapping>)[mapping] : mapping;
  if (!resolved) {
    throw new IngestError({
      code: 'unknown_mapping',
      source,
      message: `unknown mapping "${String(mapping)}" (known: ${Object.keys(NEWS_API_PRESETS).join(', ')})`,
    });
  }
  let payload: unknown = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    const textValue = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input);
    try {
      payload = JSON.parse(textValue.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new IngestError({
        code: 'invalid_json',
        source,
        message: `not valid JSON: ${(error as Error).message}`,
        cause: error,
      });
    }
  }
  const list = Array.isArray(payload) ? payload : first(payload, resolved.items);
  if (!Array.isArray(list)) {
    throw new IngestError({
      code: 'not_a_feed',
      source,
      message: `no article list at ${[resolved.items].flat().join(' or ')} (mapping ${resolved.name})`,
    });
  }
  const items: NewsApiItem[] = [];
  const skipped: { index: number; reason: string }[] = [];
  list.forEach((entry: unknown, index: number) => {
    const { fields } = resolved;
    if (fields.duplicateFlag !== undefined && first(entry, fields.duplicateFlag) === true) {
      skipped.push({ index, reason: 'marked as a duplicate by the API' });
      return;
    }
    const title = asText(first(entry, fields.title));
    if (title === null) {
      skipped.push({ index, reason: 'item has no title' });
      return;
    }
    const rawDate = first(entry, fields.publishedAt);
    const dateText =
      typeof rawDate === 'string' ? rawDate : typeof rawDate === 'number' ? new Date(rawDate).toISOString() : null;
    const publishedAt = parseFeedDate(dateText);
    const url = first(entry, fields.url);
    const sourceUrl = first(entry, fields.sourceUrl);
    items.push({
      title,
      url: typeof url === 'string' && url.trim() !== '' ? url.trim() : null,
      sourceUrl: typeof sourceUrl === 'string' && sourceUrl.trim() !== '' ? sourceUrl.trim() : null,
      description: asText(first(entry, fields.description)),
      body: asText(first(entry, fields.body)),
      publishedAt,
      unreadableDate: publishedAt === null && dateText ? dateText : null,
      domain: asDomain(first(entry, fields.domain)),
      outletName: asText(first(entry, fields.outletName)),
      imageUrl: typeof first(entry, fields.imageUrl) === 'string' ? (first(entry, fields.imageUrl) as string) : null,
      imageAlt: asText(first(entry, fields.imageAlt)),
      language: asText(first(entry, fields.language)),
    });
  });
  return { mapping: resolved.name, items, skipped };
}
