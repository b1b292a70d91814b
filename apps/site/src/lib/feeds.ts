/**
 * The site's syndication feeds for newsrooms (issue 18 §6): RSS 2.0 and Atom 1.0 of the published
 * stories — all of them, one per topic, and one per blindspot side (Prisma: the bucket that is
 * missing, BS-PR; Fuja da Bolha: the side whose readers miss the story, BS-BR) — in both locales.
 * The XML is written by the `feed` library (RSS 2.0 and RFC 4287 serialisers); this module only
 * picks the stories (the blindspots through {@link blindspotsOf}, the same computation as the
 * pages) and says what each entry carries. Every feed is dated by the data's own clock, never by
 * the wall clock, so the static export and the served site answer the same bytes.
 */
import { Feed, type Item } from 'feed';
import { TOPICS, type Bucket, type FujaDaBolhaSide, type Topic } from '@espectro/methodology';
import { BIAS_LABELS, formatList, t, TOPIC_LABELS, TOPIC_SLUGS, type Locale } from '../i18n.js';
import { blindspotsOf } from './blindspots.js';
import { escapeHtml } from './debate-html.js';
import { externalHref } from './links.js';
import { localeHref } from './locales.js';
import type { SiteData, SiteStorySummary } from './types.js';

/** The two serialisations of every feed. */
export const FEED_FORMATS = ['rss', 'atom'] as const;

/** RSS 2.0 or Atom 1.0. */
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Newest stories per feed (a feed is a window on the latest news, not an archive: layout, not a rule). */
export const FEED_SIZE = 50;

/** The file-name suffix and media type of each format. */
export const FEED_FORMAT_FILES: Record<FeedFormat, { suffix: string; mediaType: string }> = {
  rss: { suffix: '.rss.xml', mediaType: 'application/rss+xml' },
  atom: { suffix: '.atom.xml', mediaType: 'application/atom+xml' },
};

/** URL slugs of the blindspot sides (`/feeds/prisma/izquierda.rss.xml`). */
export const FEED_SIDE_SLUGS: Record<Bucket, string> = { left: 'izquierda', center: 'centro', right: 'derecha' };

/** Which stories a feed carries. */
export type FeedSelection =
  | { kind: 'all' }
  | { kind: 'topic'; topic: Topic }
  | { kind: 'prisma'; missing: Bucket }
  | { kind: 'fuja'; side: FujaDaBolhaSide };

/** A feed: its path without the format suffix (`historias`, `temas/politica`, `prisma/izquierda`) and its stories. */
export interface FeedDefinition {
  slug: string;
  selection: FeedSelection;
}

const FUJA_SIDES: readonly FujaDaBolhaSide[] = ['left', 'right'];
const BUCKETS: readonly Bucket[] = ['left', 'center', 'right'];

/** Every feed the site offers, in a fixed order (the same list for every dataset: a subscribed URL never disappears). */
export function feedDefinitions(): FeedDefinition[] {
  const selections: FeedSelection[] = [
    { kind: 'all' },
    ...TOPICS.map((topic) => ({ kind: 'topic', topic }) as const),
    ...BUCKETS.map((missing) => ({ kind: 'prisma', missing }) as const),
    ...FUJA_SIDES.map((side) => ({ kind: 'fuja', side }) as const),
  ];
  return selections.map((selection) => ({ slug: feedSlugOf(selection), selection }));
}

/** The slug of the feed of a selection (`{ kind: 'topic', topic: 'politics' }` → `temas/politica`). */
export function feedSlugOf(selection: FeedSelection): string {
  switch (selection.kind) {
    case 'all':
      return 'historias';
    case 'topic':
      return `temas/${TOPIC_SLUGS[selection.topic]}`;
    case 'prisma':
      return `prisma/${FEED_SIDE_SLUGS[selection.missing]}`;
    case 'fuja':
      return `fuja-da-bolha/${FEED_SIDE_SLUGS[selection.side]}`;
  }
}

/** The path of a feed under a locale's root (`/feeds/…` for es, `/pt/feeds/…` for pt-BR). */
export function feedPath(locale: Locale, slug: string, format: FeedFormat): string {
  return `${locale === 'es' ? '' : '/pt'}/feeds/${slug}${FEED_FORMAT_FILES[format].suffix}`;
}

/** Every feed file's rest parameter (`historias.rss.xml`, `temas/politica.atom.xml`), for `getStaticPaths`. */
export function feedFileNames(): string[] {
  return feedDefinitions().flatMap((definition) =>
    FEED_FORMATS.map((format) => `${definition.slug}${FEED_FORMAT_FILES[format].suffix}`),
  );
}

/** The feed and format a rest parameter names, or `undefined` (the route answers 404). */
export function feedOfFileName(fileName: string): { definition: FeedDefinition; format: FeedFormat } | undefined {
  for (const format of FEED_FORMATS) {
    const { suffix } = FEED_FORMAT_FILES[format];
    if (!fileName.endsWith(suffix)) continue;
    const slug = fileName.slice(0, -suffix.length);
    const definition = feedDefinitions().find((entry) => entry.slug === slug);
    return definition === undefined ? undefined : { definition, format };
  }
  return undefined;
}

/** The stories of a feed, newest first, at most {@link FEED_SIZE}. */
export function feedStories(stories: readonly SiteStorySummary[], selection: FeedSelection): SiteStorySummary[] {
  const blindspots = blindspotsOf(stories);
  const selected = (() => {
    switch (selection.kind) {
      case 'all':
        return [...stories];
      case 'topic':
        return stories.filter((story) => story.topic === selection.topic);
      case 'prisma':
        return blindspots.prisma
          .filter((view) => view.explanation.result.includes(selection.missing))
          .map((view) => view.story);
      case 'fuja':
        return blindspots.fuja.filter((view) => view.side === selection.side).map((view) => view.story);
    }
  })();
  return selected.slice(0, FEED_SIZE);
}

/** A feed's title in the reader's language. */
export function feedTitle(locale: Locale, selection: FeedSelection): string {
  switch (selection.kind) {
    case 'all':
      return t(locale, 'feedAllTitle');
    case 'topic':
      return t(locale, 'feedTopicTitle', { topic: TOPIC_LABELS[selection.topic][locale] });
    case 'prisma':
      return t(locale, 'feedPrismaTitle', { bucket: BIAS_LABELS[selection.missing][locale].toLowerCase() });
    case 'fuja':
      return t(locale, 'feedFujaTitle', { side: BIAS_LABELS[selection.side][locale].toLowerCase() });
  }
}

/** The page a feed mirrors (its channel link). */
function feedPagePath(selection: FeedSelection): string {
  switch (selection.kind) {
    case 'all':
      return '/archivo';
    case 'topic':
      return `/temas/${TOPIC_SLUGS[selection.topic]}`;
    case 'prisma':
      return '/prisma';
    case 'fuja':
      return '/fuja-da-bolha';
  }
}

/** Image media types by file extension; an image of another or no extension is left out of the RSS enclosure. */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The media type of an (absolute) image URL from its extension, `null` when unknown (an enclosure must state its type). */
export function imageMediaType(url: string): string | null {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return extension === undefined ? null : (IMAGE_TYPES[extension] ?? null);
}

/**
 * An address on the site made absolute (`/ficticio/a.svg` → `https://espectro.example/ficticio/a.svg`);
 * an absolute one (an outlet's image) is returned as it is.
 */
export function absoluteUrl(url: string, origin: string): string {
  return new URL(url, `${origin.replace(/\/+$/, '')}/`).href;
}

/**
 * {@link absoluteUrl} of an image or link that leaves the page in metadata (a feed enclosure, an
 * `og:image`), or `null` when the result is not http(s): a `javascript:` address must reach no
 * attribute, not even a `<meta content>` (issue 21 §2).
 */
export function absoluteHttpUrl(url: string, origin: string): string | null {
  return externalHref(absoluteUrl(url, origin)) ?? null;
}

/** What one entry says besides its headline: the synthesis summary (when there is one) and the coverage. */
export function entryDescription(locale: Locale, story: SiteStorySummary, summary: string | null): string {
  const { coverage } = story;
  const sides = BUCKETS.map((bucket) =>
    t(locale, 'feedBucketShare', {
      bucket: BIAS_LABELS[bucket][locale].toLowerCase(),
      percent: coverage.percent[bucket],
    }),
  );
  const outlets =
    coverage.total === 1 ? t(locale, 'outletCountOne') : t(locale, 'outletCount', { count: coverage.total });
  const coverageLine = `${outlets}: ${formatList(locale, sides)}.`;
  return summary === null || summary.trim() === '' ? coverageLine : `${summary} ${coverageLine}`;
}

/**
 * The XML of one feed: the newest {@link FEED_SIZE} stories of its selection, each with its stable
 * id (the story's URL), headline, publication instant, summary and coverage, topic and cover image.
 *
 * @example
 * const xml = await renderFeed(await getSiteData(), 'es', feedOfFileName('historias.rss.xml')!, 'https://espectro.example');
 */
export async function renderFeed(
  data: SiteData,
  locale: Locale,
  feed: { definition: FeedDefinition; format: FeedFormat },
  siteUrl: string,
): Promise<string> {
  const origin = siteUrl.replace(/\/+$/, '');
  const { definition, format } = feed;
  const stories = feedStories(await data.listStories(), definition.selection);
  const self = `${origin}${feedPath(locale, definition.slug, format)}`;
  const title = feedTitle(locale, definition.selection);
  const channel = new Feed({
    id: self,
    title: `${title} · ${t(locale, 'siteName')}`,
    description: t(locale, 'feedDescription', { title }),
    link: `${origin}${localeHref(locale, feedPagePath(definition.selection))}`,
    language: locale,
    updated: new Date(stories[0]?.publishedAt ?? data.source.generatedAt),
    generator: `Espectro`,
    feedLinks: format === 'rss' ? { rss: self } : { atom: self },
    author: { name: t(locale, 'siteName'), link: `${origin}${localeHref(locale, '/')}` },
    copyright: t(locale, 'feedCopyright'),
  });
  for (const story of stories) {
    const full = await data.getStory(story.id);
    const url = `${origin}/historia/${story.id}`;
    const item: Item = {
      id: url,
      link: url,
      // Feed readers (and Atom's type="html") read titles and summaries as HTML: a headline is text.
      title: escapeHtml(story.title),
      date: new Date(story.publishedAt),
      description: escapeHtml(entryDescription(locale, story, full?.summary ?? null)),
    };
    if (story.topic !== null) item.category = [{ name: TOPIC_LABELS[story.topic][locale] }];
    const image = story.image === null ? null : absoluteHttpUrl(story.image.url, origin);
    const type = image === null ? null : imageMediaType(image);
    if (image !== null && type !== null) item.image = { url: image, type };
    channel.addItem(item);
  }
  return format === 'rss' ? channel.rss2() : channel.atom1();
}

/** The response of a feed route: the feed a rest parameter names, or `undefined` for an unknown one. */
export async function feedResponse(
  data: SiteData,
  locale: Locale,
  fileName: string,
  siteUrl: string,
): Promise<Response | undefined> {
  const feed = feedOfFileName(fileName);
  if (feed === undefined) return undefined;
  const xml = await renderFeed(data, locale, feed, siteUrl);
  return new Response(xml, {
    headers: { 'Content-Type': `${FEED_FORMAT_FILES[feed.format].mediaType}; charset=utf-8` },
  });
}
