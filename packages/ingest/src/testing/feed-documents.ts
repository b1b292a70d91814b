/**
 * The documents the loopback newsroom serves, written the way outlets' CMSs write them: RSS 2.0
 * (with `media:content` images and RFC 822 dates), Atom 1.0 and JSON Feed 1.1.
 */
import { XMLBuilder } from 'fast-xml-parser';

/** One article in a served feed. */
export interface NewsroomItem {
  title: string;
  link: string;
  description?: string | null;
  /** ISO instant of publication (what the feed says). */
  publishedAt: string;
  imageUrl?: string | null;
  /** When the item appears in the feed, on the newsroom's clock (default: always there). */
  appearsAt?: string;
}

/** The channel of a served feed. */
export interface FeedChannel {
  title: string;
  siteUrl: string;
  language: string | null;
  items: readonly NewsroomItem[];
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
  processEntities: true,
});

/** An RSS 2.0 document. */
export function rssDocument(channel: FeedChannel): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:media': 'http://search.yahoo.com/mrss/',
      channel: {
        title: channel.title,
        link: channel.siteUrl,
        description: `${channel.title} — portada`,
        ...(channel.language ? { language: channel.language } : {}),
        item: channel.items.map((item) => ({
          title: item.title,
          link: item.link,
          guid: { '@_isPermaLink': 'true', '#text': item.link },
          ...(item.description ? { description: item.description } : {}),
          pubDate: new Date(item.publishedAt).toUTCString(),
          ...(item.imageUrl ? { 'media:content': { '@_url': item.imageUrl, '@_medium': 'image' } } : {}),
        })),
      },
    },
  }) as string;
}

/** An Atom 1.0 document. */
export function atomDocument(channel: FeedChannel): string {
  const updated = channel.items.reduce((latest, item) => (item.publishedAt > latest ? item.publishedAt : latest), '');
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      ...(channel.language ? { '@_xml:lang': channel.language } : {}),
      title: channel.title,
      id: channel.siteUrl,
      link: { '@_href': channel.siteUrl },
      updated: new Date(updated || 0).toISOString(),
      entry: channel.items.map((item) => ({
        title: item.title,
        id: item.link,
        link: { '@_href': item.link, '@_rel': 'alternate' },
        published: new Date(item.publishedAt).toISOString(),
        updated: new Date(item.publishedAt).toISOString(),
        ...(item.description ? { summary: item.description } : {}),
      })),
    },
  }) as string;
}

/** A JSON Feed 1.1 document. */
export function jsonFeedDocument(channel: FeedChannel): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: channel.title,
    home_page_url: channel.siteUrl,
    ...(channel.language ? { language: channel.language } : {}),
    items: channel.items.map((item) => ({
      id: item.link,
      url: item.link,
      title: item.title,
      ...(item.description ? { summary: item.description } : {}),
      date_published: new Date(item.publishedAt).toISOString(),
      ...(item.imageUrl ? { image: item.imageUrl } : {}),
    })),
  });
}
