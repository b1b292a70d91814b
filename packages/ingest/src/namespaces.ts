/**
 * The XML namespaces feeds use, and the prefixes feeds conventionally give them. Elements are
 * matched by namespace URI, never by the prefix a document happens to use (`<a:feed>` is Atom when
 * `a` is bound to Atom's URI). A prefix that a document uses without declaring it (common with
 * `media:` and `dc:`) falls back to the conventional binding below, as lenient parsers do.
 */

/** Namespace URIs of the vocabularies the feed parser reads. */
export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  atom03: 'http://purl.org/atom/ns#',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rss10: 'http://purl.org/rss/1.0/',
  rss090: 'http://my.netscape.com/rdf/simple/0.9/',
  dc: 'http://purl.org/dc/elements/1.1/',
  dcterms: 'http://purl.org/dc/terms/',
  content: 'http://purl.org/rss/1.0/modules/content/',
  media: 'http://search.yahoo.com/mrss/',
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  /** The RDF enclosure module (`<enc:enclosure rdf:resource="…" enc:type="image/jpeg"/>`, craigslist). */
  enc: 'http://purl.oclc.org/net/rss_2.0/enc#',
  xhtml: 'http://www.w3.org/1999/xhtml',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const;

/**
 * URIs written in the wild for the same vocabulary (a missing trailing slash, an old RSS 2.0
 * namespace, a content module without its slash), mapped to the one in {@link NS}.
 */
const ALIASES: Record<string, string> = {
  'http://search.yahoo.com/mrss': NS.media,
  'http://tools.search.yahoo.com/mrss/': NS.media,
  'http://purl.org/rss/1.0/modules/content': NS.content,
  'http://purl.org/dc/elements/1.1': NS.dc,
  'http://purl.org/dc/terms': NS.dcterms,
  'http://www.w3.org/2005/atom': NS.atom,
  'http://purl.org/atom/ns': NS.atom03,
  'http://purl.org/rss/1.0': NS.rss10,
  'http://www.itunes.com/dtds/podcast-1.0.dtd/': NS.itunes,
  // RSS 2.0 has no namespace; these two were used for it and mean "plain RSS".
  'http://backend.userland.com/rss2': '',
  'http://blogs.law.harvard.edu/tech/rss': '',
  'http://purl.org/rss/2.0/': '',
};

/** Conventional bindings for prefixes used without a declaration. */
export const CONVENTIONAL_PREFIXES: Record<string, string> = {
  atom: NS.atom,
  atom10: NS.atom,
  rdf: NS.rdf,
  dc: NS.dc,
  dcterms: NS.dcterms,
  content: NS.content,
  media: NS.media,
  itunes: NS.itunes,
  enc: NS.enc,
  xhtml: NS.xhtml,
  xml: NS.xml,
};

/** The canonical form of a namespace URI ('' for no namespace). */
export function canonicalNamespace(uri: string): string {
  const trimmed = uri.trim();
  return ALIASES[trimmed] ?? ALIASES[trimmed.toLowerCase()] ?? trimmed;
}
