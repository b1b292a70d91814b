/**
 * Readers of the feed dialects over the element tree of `xml-tree.ts`: which root is which dialect,
 * where the channel's title, link and language are, which elements are the entries, and the fields
 * of one entry (title, link, summary, body, date, image, id, language). Fields are matched by
 * namespace; each has an ordered list of fallbacks that real feeds need (documented per field).
 */
import { htmlToText, decodeEntities } from './text.js';
import {
  attributeOf,
  childOf,
  childrenOf,
  descendantsOf,
  innerMarkup,
  NS,
  type XmlDocument,
  type XmlElement,
} from './xml-tree.js';

/** Which dialect a document is, and the namespace of its own elements. */
export interface Dialect {
  format: 'rss' | 'rdf' | 'atom';
  version: string | null;
  /** Namespaces whose `item`/`entry` elements are entries (the dialect's own, and sloppy variants). */
  entryNamespaces: readonly string[];
  /** Namespace of channel-level elements (`title`, `link`). */
  ns: string;
  /** Name in messages (`RSS 2.0`). */
  label: string;
}

/** What the channel gives the entries. */
export interface Channel {
  title: string | null;
  link: string | null;
  language: string | null;
  entries: XmlElement[];
  /** Base for relative links when no `xml:base` or feed address is known: the feed's self link or the site link. */
  fallbackBase: string | null;
}

/** The fields of one entry, before dates are read. */
export interface EntryFields {
  title: string | null;
  link: string | null;
  rejectedLink: string | null;
  description: string | null;
  body: string | null;
  date: string | null;
  imageUrl: string | null;
  /** The image's alt text from the feed (see `imageOf`); null when it gave none or there is no image. */
  imageAlt: string | null;
  guid: string | null;
  language: string | null;
}

/** Identifies the dialect from the root element, or null when it is not a feed. */
export function detectDialect(root: XmlElement): Dialect | null {
  if (root.local === 'rss' && (root.ns === '' || root.ns === NS.rss10)) {
    const version = attributeOf(root, 'version');
    return {
      format: 'rss',
      version,
      entryNamespaces: [''],
      ns: '',
      label: `RSS ${version ?? ''}`.trim(),
    };
  }
  if (root.local === 'RDF' && root.ns === NS.rdf) {
    const ns = [NS.rss10, NS.rss090].find((candidate) => root.children.some((child) => child.ns === candidate)) ?? '';
    return {
      format: 'rdf',
      version: ns === NS.rss090 ? '0.90' : '1.0',
      entryNamespaces: [ns, NS.rss10, NS.rss090, ''],
      ns,
      label: ns === NS.rss090 ? 'RSS 0.90' : 'RSS 1.0',
    };
  }
  if (root.local === 'feed' && (root.ns === NS.atom || root.ns === NS.atom03 || root.ns === '')) {
    const old = root.ns === NS.atom03 || attributeOf(root, 'version') === '0.3';
    return {
      format: 'atom',
      version: old ? '0.3' : '1.0',
      entryNamespaces: [root.ns, NS.atom, NS.atom03, ''],
      ns: root.ns,
      label: old ? 'Atom 0.3' : 'Atom 1.0',
    };
  }
  return null;
}

const HTML_ELEMENTS = new Set(
  (
    'a abbr acronym address article aside b bdi bdo big blockquote br caption center cite code col colgroup dd del ' +
    'details dfn div dl dt em figcaption figure font footer h1 h2 h3 h4 h5 h6 header hr i iframe img ins kbd li main ' +
    'mark nav ol p picture pre q s samp section small source span strike strong sub summary sup table tbody td tfoot ' +
    'th thead time tr tt u ul var video audio embed object param script style noscript'
  ).split(' '),
);

/** Markup inside an element whose HTML arrived unescaped (no CDATA), with CDATA sections unwrapped. */
function markupOf(document: XmlDocument, element: XmlElement): string {
  return innerMarkup(document, element).replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1');
}

function nonEmpty(text: string): string | null {
  return text.length > 0 ? text : null;
}

/**
 * An RSS-style text field, read as HTML (RSS gives no type; outlets put HTML and entities in
 * titles and descriptions). Unescaped HTML children are read as markup; children that are not HTML
 * (a `<link>` swallowed by an unclosed `<title>`) are left to their own fields.
 */
function htmlField(document: XmlDocument, element: XmlElement | undefined): string | null {
  if (element === undefined) return null;
  if (element.children.length > 0 && element.children.every((child) => HTML_ELEMENTS.has(child.local.toLowerCase())))
    return nonEmpty(htmlToText(markupOf(document, element)));
  return nonEmpty(htmlToText(element.text));
}

/** An Atom text construct (RFC 4287 §3.1, with Atom 0.3's `mode` and MIME-type `type`s). */
function atomText(document: XmlDocument, element: XmlElement | undefined): string | null {
  if (element === undefined) return null;
  const type = (attributeOf(element, 'type') ?? 'text').toLowerCase();
  const mode = (attributeOf(element, 'mode') ?? '').toLowerCase();
  let content = element.text;
  if (mode === 'base64') content = Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (type === 'xhtml' || type === 'application/xhtml+xml' || (mode === 'xml' && element.children.length > 0))
    return nonEmpty(htmlToText(markupOf(document, element)));
  if (element.children.length > 0) return nonEmpty(htmlToText(markupOf(document, element)));
  if (type === 'html' || type === 'text/html' || mode === 'escaped') return nonEmpty(htmlToText(content));
  return nonEmpty(decodeEntities(content).replace(/\s+/g, ' ').trim());
}

function plainText(element: XmlElement | undefined): string | null {
  if (element === undefined) return null;
  return nonEmpty(element.text.trim());
}

/** First of `candidates` (elements looked up lazily) that gives a value. */
function firstOf<T>(...candidates: (() => T | null)[]): T | null {
  for (const candidate of candidates) {
    const value = candidate();
    if (value !== null) return value;
  }
  return null;
}

interface ResolvedLink {
  link: string | null;
  rejected: string | null;
}

/** Resolves a written link against the element's base; only http(s) results are links. */
function resolveLink(written: string | null, element: XmlElement, fallbackBase: string | null): ResolvedLink {
  const raw = written?.trim() ?? '';
  if (raw === '') return { link: null, rejected: null };
  let resolved: URL;
  try {
    resolved = new URL(raw, element.base ?? fallbackBase ?? undefined);
  } catch {
    return { link: null, rejected: raw.slice(0, 200) };
  }
  if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:')
    return { link: null, rejected: raw.slice(0, 200) };
  return { link: resolved.href, rejected: null };
}

/** The first candidate that resolves to an http(s) link; otherwise the first rejected one. */
function pickLink(
  candidates: { written: string | null; element: XmlElement }[],
  fallbackBase: string | null,
): ResolvedLink {
  let rejected: string | null = null;
  for (const candidate of candidates) {
    const result = resolveLink(candidate.written, candidate.element, fallbackBase);
    if (result.link !== null) return result;
    rejected ??= result.rejected;
  }
  return { link: null, rejected };
}

const NOT_ALTERNATE = new Set([
  'self',
  'edit',
  'replies',
  'enclosure',
  'hub',
  'license',
  'via',
  'related',
  'next',
  'previous',
]);

/** Atom `<link>`s in order of preference: alternate HTML, alternate of any type, then other non-technical rels. */
function atomLinks(links: XmlElement[]): XmlElement[] {
  const rel = (link: XmlElement) => (attributeOf(link, 'rel') ?? 'alternate').toLowerCase();
  const type = (link: XmlElement) => (attributeOf(link, 'type') ?? 'text/html').toLowerCase();
  const alternates = links.filter((link) => rel(link) === 'alternate');
  return [
    ...alternates.filter((link) => type(link).includes('html')),
    ...alternates.filter((link) => !type(link).includes('html')),
    ...links.filter((link) => rel(link) !== 'alternate' && !NOT_ALTERNATE.has(rel(link))),
  ];
}

function isImage(element: XmlElement): boolean {
  const medium = attributeOf(element, 'medium');
  const type = attributeOf(element, 'type');
  if (medium !== null) return medium.toLowerCase() === 'image';
  if (type !== null) return type.toLowerCase().startsWith('image/');
  return /\.(?:jpe?g|png|gif|webp|avif)(?:[?#]|$)/i.test(attributeOf(element, 'url') ?? '');
}

function widest(elements: XmlElement[]): XmlElement | undefined {
  let best: XmlElement | undefined;
  let bestWidth = -1;
  for (const element of elements) {
    const width = Number(attributeOf(element, 'width') ?? '0') || 0;
    if (best === undefined || width > bestWidth) {
      best = element;
      bestWidth = width;
    }
  }
  return best;
}

/** Longest alt text kept from a feed, in characters: a longer "description" is an article summary, not an alt text. */
export const MAX_FEED_IMAGE_ALT_CHARS = 500;

/** An entry's image and the alt text the feed gave for it. */
export interface EntryImage {
  url: string | null;
  /** The image's own description (see {@link imageOf}); null when the feed gave none. */
  alt: string | null;
}

/** The Media RSS `media:description` of one element (plain or `type="html"`), or null. */
function mediaDescriptionOf(document: XmlDocument, holder: XmlElement | undefined): string | null {
  if (holder === undefined) return null;
  const element = childOf(holder, NS.media, 'description');
  if (element === undefined) return null;
  const type = (attributeOf(element, 'type') ?? 'plain').toLowerCase();
  return type === 'html' ? htmlField(document, element) : atomText(document, element);
}

/**
 * An image's alt text as kept: whitespace collapsed; null when empty or longer than
 * {@link MAX_FEED_IMAGE_ALT_CHARS} (dropped whole, never cut mid-sentence).
 *
 * @example
 * keptImageAlt('  Manifestantes   en la Alameda '); // 'Manifestantes en la Alameda'
 */
export function keptImageAlt(text: string | null): string | null {
  const collapsed = text?.replace(/\s+/g, ' ').trim() ?? '';
  return collapsed === '' || collapsed.length > MAX_FEED_IMAGE_ALT_CHARS ? null : collapsed;
}

/**
 * The entry's image: the widest Media RSS `media:content` image (in the entry or its
 * `media:group`s); else the widest `media:thumbnail` (in the entry, its groups or its contents);
 * else an `image/*` enclosure (RSS `<enclosure>`, the RDF module's `<enc:enclosure rdf:resource>`,
 * Atom `rel="enclosure"`); else `itunes:image`.
 *
 * Its alt text is what the feed says of that image only: the `media:description` of the chosen
 * `media:content`/`media:thumbnail`, else of the `media:content` or `media:group` holding it (Media
 * RSS §5: a group's elements apply to its contents); the `title` of an Atom enclosure link. The
 * entry's own `media:description` describes the article, not the picture, and is never used; plain
 * RSS and RDF enclosures and `itunes:image` carry no text, so their alt is null.
 */
function imageOf(document: XmlDocument, entry: XmlElement, fallbackBase: string | null): EntryImage {
  const groups = childrenOf(entry, NS.media, 'group');
  const contents = [entry, ...groups].flatMap((holder) =>
    childrenOf(holder, NS.media, 'content').map((element) => ({ element, holders: holder === entry ? [] : [holder] })),
  );
  const thumbnails = [
    ...[entry, ...groups].map((holder) => ({ holder, holders: holder === entry ? [] : [holder] })),
    ...contents.map(({ element, holders }) => ({ holder: element, holders: [element, ...holders] })),
  ].flatMap(({ holder, holders }) =>
    childrenOf(holder, NS.media, 'thumbnail').map((element) => ({ element, holders })),
  );
  const describe = (element: XmlElement, holders: XmlElement[]) => () =>
    firstOf(...[element, ...holders].map((holder) => () => mediaDescriptionOf(document, holder)));
  const enclosures = [
    ...childrenOf(entry, '', 'enclosure').map((element) => ({ element, url: attributeOf(element, 'url'), alt: null })),
    ...childrenOf(entry, NS.enc, 'enclosure').map((element) => ({
      element,
      url: attributeOf(element, 'resource'),
      alt: null,
    })),
    ...entry.children
      .filter((child) => child.local === 'link' && (child.ns === NS.atom || child.ns === NS.atom03))
      .filter((link) => attributeOf(link, 'rel') === 'enclosure')
      .map((element) => ({ element, url: attributeOf(element, 'href'), alt: attributeOf(element, 'title') })),
  ].filter(({ element }) => (attributeOf(element, 'type') ?? '').toLowerCase().startsWith('image/'));
  const candidates: { written: string | null; element: XmlElement; alt: () => string | null }[] = [];
  const imageContents = contents.filter(({ element }) => isImage(element));
  const content = widest(imageContents.map(({ element }) => element));
  if (content) {
    const { holders } = imageContents.find(({ element }) => element === content)!;
    candidates.push({ written: attributeOf(content, 'url'), element: content, alt: describe(content, holders) });
  }
  const thumbnail = widest(thumbnails.map(({ element }) => element));
  if (thumbnail) {
    const { holders } = thumbnails.find(({ element }) => element === thumbnail)!;
    candidates.push({ written: attributeOf(thumbnail, 'url'), element: thumbnail, alt: describe(thumbnail, holders) });
  }
  for (const enclosure of enclosures)
    candidates.push({ written: enclosure.url, element: enclosure.element, alt: () => enclosure.alt });
  const itunes = childOf(entry, NS.itunes, 'image');
  if (itunes) candidates.push({ written: attributeOf(itunes, 'href'), element: itunes, alt: () => null });
  for (const candidate of candidates) {
    const resolved = resolveLink(candidate.written, candidate.element, fallbackBase);
    if (resolved.link !== null) return { url: resolved.link, alt: keptImageAlt(candidate.alt()) };
  }
  return { url: null, alt: null };
}

/** A Media RSS text (`media:description`, `media:title`) of the entry or its groups/contents. */
function mediaText(document: XmlDocument, entry: XmlElement, local: string): string | null {
  const groups = childrenOf(entry, NS.media, 'group');
  const holders = [
    entry,
    ...groups,
    ...[entry, ...groups].flatMap((holder) => childrenOf(holder, NS.media, 'content')),
  ];
  for (const holder of holders) {
    const element = childOf(holder, NS.media, local);
    if (element === undefined) continue;
    const type = (attributeOf(element, 'type') ?? 'plain').toLowerCase();
    const text = type === 'html' ? htmlField(document, element) : atomText(document, element);
    if (text !== null) return text;
  }
  return null;
}

const BODY_LOCAL_NAMES = new Set(['body', 'fullText', 'articleBody', 'fulltext']);

/** Whether a child of an entry carries the article body (HC-2 counts these). */
function isBodyField(child: XmlElement, dialect: Dialect): boolean {
  if (child.ns === NS.content && child.local === 'encoded') return true;
  // Atom's <content>, and a bare <content> some RSS feeds carry (not media:content, another namespace).
  if (child.local === 'content' && dialect.entryNamespaces.includes(child.ns)) return true;
  return BODY_LOCAL_NAMES.has(child.local);
}

/** The channel: title, site link, language and the entries, for a detected dialect. */
export function readChannel(document: XmlDocument, root: XmlElement, dialect: Dialect): Channel {
  const isEntry = (element: XmlElement) => dialect.entryNamespaces.includes(element.ns);
  if (dialect.format === 'atom') {
    const entries = [...new Set(dialect.entryNamespaces.flatMap((ns) => descendantsOf(root, ns, 'entry')))].sort(
      (left, right) => left.innerStart - right.innerStart,
    );
    const links = root.children.filter((child) => child.local === 'link' && isEntry(child));
    const self = links.find((link) => attributeOf(link, 'rel') === 'self');
    const selfBase = self ? resolveLink(attributeOf(self, 'href'), self, null).link : null;
    const site = pickLink(
      atomLinks(links).map((element) => ({ written: attributeOf(element, 'href'), element })),
      selfBase,
    ).link;
    return {
      title: atomText(
        document,
        root.children.find((child) => child.local === 'title' && isEntry(child)),
      ),
      link: site,
      language: root.lang,
      entries: entries.filter(isEntry),
      fallbackBase: selfBase ?? site,
    };
  }
  const channel =
    root.children.find((child) => child.local === 'channel' && isEntry(child)) ??
    descendantsOf(root, dialect.ns, 'channel')[0] ??
    root;
  const entries = [...new Set(dialect.entryNamespaces.flatMap((ns) => descendantsOf(root, ns, 'item')))].sort(
    (left, right) => left.innerStart - right.innerStart,
  );
  const self = childrenOf(channel, NS.atom, 'link').find((link) => attributeOf(link, 'rel') === 'self');
  const selfBase = self ? resolveLink(attributeOf(self, 'href'), self, null).link : null;
  const linkElement = channel.children.find((child) => child.local === 'link' && isEntry(child));
  const site = linkElement ? resolveLink(plainText(linkElement), linkElement, selfBase) : { link: null };
  return {
    title: htmlField(
      document,
      channel.children.find((child) => child.local === 'title' && isEntry(child)),
    ),
    link: site.link,
    language:
      plainText(channel.children.find((child) => child.local === 'language' && isEntry(child))) ??
      plainText(childOf(channel, NS.dc, 'language')) ??
      root.lang,
    entries,
    fallbackBase: selfBase ?? site.link,
  };
}

/** Options of {@link readEntry}. */
export interface ReadEntryOptions {
  readBody: boolean;
  /** Counts of body-carrying fields, updated in place. */
  bodyFields: Record<string, number>;
}

/**
 * Looks a field up among the entry's children, then (for damaged documents where an unclosed tag
 * swallowed it) among its descendants outside nested entries.
 */
function fieldOf(entry: XmlElement, namespaces: readonly string[], local: string): XmlElement | undefined {
  for (const ns of namespaces) {
    const direct = childOf(entry, ns, local);
    if (direct) return direct;
  }
  for (const ns of namespaces) {
    const nested = descendantsOf(entry, ns, local)[0];
    if (nested) return nested;
  }
  return undefined;
}

/** The fields of one entry (see each fallback list in the code). */
export function readEntry(
  document: XmlDocument,
  entry: XmlElement,
  dialect: Dialect,
  channel: Channel,
  options: ReadEntryOptions,
): EntryFields {
  for (const child of entry.children) {
    if (isBodyField(child, dialect)) options.bodyFields[child.name] = (options.bodyFields[child.name] ?? 0) + 1;
  }
  const own = dialect.entryNamespaces;
  const body = options.readBody
    ? () =>
        firstOf(
          () => htmlField(document, childOf(entry, NS.content, 'encoded')),
          () => (dialect.format === 'atom' ? atomText(document, fieldOf(entry, own, 'content')) : null),
          () => {
            const xhtmlBody = childOf(entry, NS.xhtml, 'body');
            return xhtmlBody ? nonEmpty(htmlToText(markupOf(document, xhtmlBody))) : null;
          },
        )
    : () => null;
  if (dialect.format === 'atom') {
    const links = entry.children.filter((child) => child.local === 'link' && own.includes(child.ns));
    const id = plainText(fieldOf(entry, own, 'id'));
    const idElement = fieldOf(entry, own, 'id');
    const link = pickLink(
      [
        ...atomLinks(links).map((element) => ({ written: attributeOf(element, 'href'), element })),
        ...(idElement && id && /^https?:/i.test(id) ? [{ written: id, element: idElement }] : []),
      ],
      channel.fallbackBase,
    );
    const image = imageOf(document, entry, channel.fallbackBase);
    return {
      title: firstOf(
        () => atomText(document, fieldOf(entry, own, 'title')),
        () => mediaText(document, entry, 'title'),
      ),
      link: link.link,
      rejectedLink: link.rejected,
      description: firstOf(
        () => atomText(document, fieldOf(entry, own, 'summary')),
        () => mediaText(document, entry, 'description'),
      ),
      body: body(),
      date: firstOf(
        () => plainText(fieldOf(entry, own, 'published')),
        () => plainText(fieldOf(entry, own, 'issued')),
        () => plainText(fieldOf(entry, own, 'created')),
        () => plainText(fieldOf(entry, own, 'updated')),
        () => plainText(fieldOf(entry, own, 'modified')),
        () => plainText(childOf(entry, NS.dc, 'date')),
      ),
      imageUrl: image.url,
      imageAlt: image.alt,
      guid: id,
      language: entry.lang ?? channel.language,
    };
  }
  const guidElement = fieldOf(entry, own, 'guid');
  const permalink = guidElement !== undefined && (attributeOf(guidElement, 'isPermaLink') ?? 'true') !== 'false';
  const linkElement = fieldOf(entry, own, 'link');
  const atomAlternates = atomLinks(childrenOf(entry, NS.atom, 'link'));
  const about = attributeOf(entry, 'about');
  const link = pickLink(
    [
      ...(linkElement ? [{ written: plainText(linkElement), element: linkElement }] : []),
      ...atomAlternates.map((element) => ({ written: attributeOf(element, 'href'), element })),
      ...(permalink && guidElement ? [{ written: plainText(guidElement), element: guidElement }] : []),
      ...(dialect.format === 'rdf' && about ? [{ written: about, element: entry }] : []),
    ],
    channel.fallbackBase,
  );
  const image = imageOf(document, entry, channel.fallbackBase);
  return {
    title: firstOf(
      () => htmlField(document, fieldOf(entry, own, 'title')),
      () => htmlField(document, childOf(entry, NS.dc, 'title')),
      () => mediaText(document, entry, 'title'),
    ),
    link: link.link,
    rejectedLink: link.rejected,
    description: firstOf(
      () => htmlField(document, fieldOf(entry, own, 'description')),
      () => htmlField(document, childOf(entry, NS.dc, 'description')),
      () => mediaText(document, entry, 'description'),
      () => htmlField(document, childOf(entry, NS.itunes, 'summary')),
    ),
    body: body(),
    date: firstOf(
      () => plainText(fieldOf(entry, own, 'pubDate')),
      () => plainText(childOf(entry, NS.dc, 'date')),
      () => plainText(childOf(entry, NS.dcterms, 'issued')),
      () => plainText(childOf(entry, NS.dcterms, 'created')),
      () => plainText(childOf(entry, NS.atom, 'published')),
      () => plainText(childOf(entry, NS.atom, 'updated')),
      () => plainText(childOf(entry, NS.dcterms, 'modified')),
    ),
    imageUrl: image.url,
    imageAlt: image.alt,
    guid: plainText(guidElement) ?? about ?? plainText(childOf(entry, NS.dc, 'identifier')),
    language: plainText(childOf(entry, NS.dc, 'language')) ?? channel.language ?? entry.lang,
  };
}
