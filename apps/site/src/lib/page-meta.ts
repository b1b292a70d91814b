/**
 * What a page tells link previews and crawlers (issue 18 §6): its canonical address, OpenGraph
 * (`og:*`, `article:*`) and Twitter-card metadata, and the feeds it offers for autodiscovery. The
 * layout renders these tags for every page from {@link pageMeta}; the story page passes its
 * headline, summary and cover image.
 */
import { t, type Locale } from '../i18n.js';
import {
  absoluteHttpUrl,
  absoluteUrl,
  feedPath,
  feedSlugOf,
  feedTitle,
  FEED_FORMAT_FILES,
  FEED_FORMATS,
  type FeedSelection,
} from './feeds.js';
import type { SiteImage } from './types.js';

/** OpenGraph locale of each UI locale (`language_TERRITORY`; `es_LA` is Latin-American Spanish). */
export const OG_LOCALES: Record<Locale, string> = { es: 'es_LA', 'pt-BR': 'pt_BR' };

/** What a page says about itself. */
export interface PageMetaInput {
  /** The page's own title, without the site's name. */
  title: string;
  description: string | undefined;
  locale: Locale;
  /** The page's path (`/historia/h00001`); `null` for a page without an address of its own (not found). */
  path: string | null;
  /** The site's origin (`https://espectro.example`). */
  site: string;
  /** A story page's cover image, as the feed gave it. */
  image?: SiteImage | null;
  /** `article` for a story page. */
  type?: 'website' | 'article';
  /** A story's publication instant (`article:published_time`). */
  publishedAt?: string;
}

/** One `<meta>`: OpenGraph tags use `property`, Twitter cards `name`. */
export type MetaTag = { property: string; content: string } | { name: string; content: string };

/** A page's canonical address and its `<meta>` tags. */
export interface PageMeta {
  /** `null` for a page without an address of its own. */
  canonical: string | null;
  tags: MetaTag[];
}

/**
 * The canonical URL and the OpenGraph / Twitter-card tags of a page. Without a description the
 * site's own introduction is used (a preview always says something); without an image the card
 * is a plain `summary` (no placeholder image is ever announced as the story's).
 *
 * @example
 * pageMeta({ title: 'Portada', description: undefined, locale: 'es', path: '/', site: 'https://espectro.example' }).canonical;
 * // 'https://espectro.example/'
 */
export function pageMeta(input: PageMetaInput): PageMeta {
  // One address per page whatever the route mode: `/historia/h1/` (a prerendered folder) is `/historia/h1`.
  const path = input.path === null || input.path.length <= 1 ? input.path : input.path.replace(/\/+$/, '');
  const canonical = path === null ? null : absoluteUrl(path, input.site);
  const description = input.description?.trim() || t(input.locale, 'homeIntro');
  const siteName = t(input.locale, 'siteName');
  const image = input.image ?? null;
  const imageUrl = image === null ? null : absoluteHttpUrl(image.url, input.site);
  const tags: MetaTag[] = [
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: OG_LOCALES[input.locale] },
  ];
  if (canonical !== null) tags.push({ property: 'og:url', content: canonical });
  if (image !== null && imageUrl !== null) {
    tags.push({ property: 'og:image', content: imageUrl });
    if (image.alt !== null && image.alt.trim() !== '') tags.push({ property: 'og:image:alt', content: image.alt });
  }
  if (input.type === 'article' && input.publishedAt !== undefined)
    tags.push({ property: 'article:published_time', content: input.publishedAt });
  tags.push(
    { name: 'twitter:card', content: imageUrl === null ? 'summary' : 'summary_large_image' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: description },
  );
  if (image !== null && imageUrl !== null) {
    tags.push({ name: 'twitter:image', content: imageUrl });
    if (image.alt !== null && image.alt.trim() !== '') tags.push({ name: 'twitter:image:alt', content: image.alt });
  }
  return { canonical, tags };
}

/** A feed a page announces (`<link rel="alternate" type="application/rss+xml">`). */
export interface FeedLink {
  href: string;
  type: string;
  title: string;
}

/**
 * The autodiscovery links of a feed in both formats: every page announces the feed of all
 * stories; a topic page or a blindspot page also its own.
 */
export function feedLinks(locale: Locale, selection: FeedSelection): FeedLink[] {
  return FEED_FORMATS.map((format) => ({
    href: feedPath(locale, feedSlugOf(selection), format),
    type: FEED_FORMAT_FILES[format].mediaType,
    title: `${feedTitle(locale, selection)} (${format === 'rss' ? 'RSS' : 'Atom'})`,
  }));
}
