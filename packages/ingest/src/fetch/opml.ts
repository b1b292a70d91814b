/**
 * OPML 2.0 feed lists (http://opml.org/spec2.opml) — how newsrooms and feed readers move
 * subscriptions. Read and written with fast-xml-parser, the XML library this package already
 * uses (its validator reports line and column; entities are not expanded beyond the XML ones).
 * The OPML-specific packages on npm were weighed and not taken: `opml` and `opmlparser` are
 * little used and unmaintained, `feedsmith` pins an older fast-xml-parser and would bring a second
 * feed parser next to ingest's own.
 *
 * Reading: every `<outline>` with an `xmlUrl` is a feed, at any depth; the titles of the folders
 * around it become its categories. `type` (`rss`, `atom`, …) gives the kind. Espectro's own
 * attributes, in their namespace, carry what OPML has no word for: `espectro:outlet`,
 * `espectro:kind`, `espectro:preset`, `espectro:interval` (seconds). A feed whose categories
 * include `/espectro/unverified` is marked unverified. Writing produces the same shape, so a
 * list exported and imported again is unchanged.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { IngestError } from '../errors.js';
import { DEFAULT_MAX_FEED_BYTES } from '../feed.js';
import { FeedKindSchema, type FeedKind } from './feed-kind.js';
import { httpUrl } from './url.js';

/** The namespace of Espectro's OPML attributes. */
export const ESPECTRO_OPML_NAMESPACE = 'https://github.com/espectro/espectro/opml';
/** The category that marks a feed address nobody has checked. */
export const UNVERIFIED_CATEGORY = '/espectro/unverified';

/** One feed of an OPML list. */
export interface OpmlFeed {
  /** `xmlUrl`: the feed's address. */
  url: string;
  /** `text` (or `title`). */
  title: string | null;
  /** `htmlUrl`: the site. */
  siteUrl: string | null;
  kind: FeedKind;
  preset: string | null;
  /** Outlet domain (`espectro:outlet`), when given. */
  outlet: string | null;
  /** Poll interval in seconds (`espectro:interval`), when given. */
  intervalSeconds: number | null;
  /** Folder titles and `category` values, `/espectro/unverified` excluded. */
  categories: string[];
  /** False when the list marks the address as unverified. */
  verified: boolean;
}

/** An OPML list. */
export interface OpmlDocument {
  title: string | null;
  feeds: OpmlFeed[];
  /** Outlines that look like feeds but cannot be used, with why. */
  skipped: { title: string | null; reason: string }[];
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'outline',
});

function attribute(node: Node, name: string): string | null {
  const value = node[`@_${name}`];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function kindOf(typeAttribute: string | null, espectroKind: string | null): FeedKind {
  const declared = FeedKindSchema.safeParse(espectroKind ?? typeAttribute?.toLowerCase());
  return declared.success ? declared.data : 'rss';
}

/**
 * Reads an OPML document.
 *
 * @throws IngestError `invalid_xml` (line and column), `not_a_feed` (not OPML) or `too_large`.
 * @example
 * const { feeds } = parseOpml(await readFile('suscripciones.opml', 'utf8'), { source: 'suscripciones.opml' });
 */
export function parseOpml(text: string, options: { source?: string; maxBytes?: number } = {}): OpmlDocument {
  const source = options.source ?? 'OPML';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FEED_BYTES;
  if (Buffer.byteLength(text) > maxBytes)
    throw new IngestError({
      code: 'too_large',
      source,
      message: `the OPML file is over the ${(maxBytes / 1_048_576).toFixed(1)} MiB limit`,
    });
  const validation = XMLValidator.validate(text);
  if (validation !== true)
    throw new IngestError({
      code: 'invalid_xml',
      source,
      line: validation.err.line,
      column: validation.err.col,
      message: `not well-formed XML at line ${validation.err.line}, column ${validation.err.col}: ${validation.err.msg}`,
    });
  const document = parser.parse(text) as Node;
  const opml = document.opml as Node | undefined;
  if (!opml || typeof opml !== 'object')
    throw new IngestError({ code: 'not_a_feed', source, message: 'not an OPML document (no <opml> root element)' });
  const head = (opml.head ?? {}) as Node;
  const body = (opml.body ?? {}) as Node;
  const feeds: OpmlFeed[] = [];
  const skipped: OpmlDocument['skipped'] = [];
  const visit = (outlines: unknown, folders: string[]) => {
    for (const outline of (Array.isArray(outlines) ? outlines : []) as Node[]) {
      if (!outline || typeof outline !== 'object') continue;
      const title = attribute(outline, 'text') ?? attribute(outline, 'title');
      const address = attribute(outline, 'xmlUrl');
      if (address === null) {
        visit(outline.outline, title === null ? folders : [...folders, title]);
        continue;
      }
      try {
        httpUrl(address);
      } catch (error) {
        skipped.push({ title, reason: (error as Error).message });
        continue;
      }
      const listed = (attribute(outline, 'category') ?? '')
        .split(',')
        .map((category) => category.trim())
        .filter((category) => category !== '');
      const interval = attribute(outline, 'espectro:interval');
      const intervalSeconds = interval !== null && /^\d+$/.test(interval) ? Number(interval) : null;
      if (interval !== null && (intervalSeconds === null || intervalSeconds < 1)) {
        skipped.push({ title, reason: `espectro:interval "${interval}" is not a positive number of seconds` });
        continue;
      }
      feeds.push({
        url: address,
        title,
        siteUrl: attribute(outline, 'htmlUrl'),
        kind: kindOf(attribute(outline, 'type'), attribute(outline, 'espectro:kind')),
        preset: attribute(outline, 'espectro:preset'),
        outlet: attribute(outline, 'espectro:outlet')?.toLowerCase() ?? null,
        intervalSeconds,
        categories: [...folders, ...listed.filter((category) => category !== UNVERIFIED_CATEGORY)],
        verified: !listed.includes(UNVERIFIED_CATEGORY),
      });
    }
  };
  visit(body.outline, []);
  const title = head.title;
  return { title: typeof title === 'string' && title !== '' ? title : null, feeds, skipped };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  processEntities: true,
});

/**
 * Writes an OPML 2.0 document (one flat list; categories in the `category` attribute).
 *
 * @example
 * await writeFile('feeds.opml', writeOpml({ title: 'Espectro', feeds }, new Date()));
 */
export function writeOpml(list: { title: string | null; feeds: readonly OpmlFeed[] }, createdAt: Date): string {
  const outline = list.feeds.map((feed) => {
    const categories = [...feed.categories, ...(feed.verified ? [] : [UNVERIFIED_CATEGORY])];
    return {
      '@_text': feed.title ?? feed.url,
      '@_type': feed.kind === 'atom' || feed.kind === 'rdf' || feed.kind === 'json' ? feed.kind : 'rss',
      '@_xmlUrl': feed.url,
      ...(feed.siteUrl ? { '@_htmlUrl': feed.siteUrl } : {}),
      ...(categories.length > 0 ? { '@_category': categories.join(',') } : {}),
      ...(feed.outlet ? { '@_espectro:outlet': feed.outlet } : {}),
      '@_espectro:kind': feed.kind,
      ...(feed.preset ? { '@_espectro:preset': feed.preset } : {}),
      ...(feed.intervalSeconds !== null ? { '@_espectro:interval': String(feed.intervalSeconds) } : {}),
    };
  });
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    opml: {
      '@_version': '2.0',
      '@_xmlns:espectro': ESPECTRO_OPML_NAMESPACE,
      head: { title: list.title ?? 'Espectro feeds', dateCreated: createdAt.toUTCString() },
      body: { outline },
    },
  };
  return `${builder.build(document) as string}`;
}
