/** Named HTML entities that Chilean feeds use in titles and bajadas (plus the XML five). */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  yacute: 'ý',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  Yacute: 'Ý',
  agrave: 'à',
  egrave: 'è',
  igrave: 'ì',
  ograve: 'ò',
  ugrave: 'ù',
  Agrave: 'À',
  Egrave: 'È',
  Igrave: 'Ì',
  Ograve: 'Ò',
  Ugrave: 'Ù',
  auml: 'ä',
  euml: 'ë',
  iuml: 'ï',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Euml: 'Ë',
  Iuml: 'Ï',
  Ouml: 'Ö',
  Uuml: 'Ü',
  acirc: 'â',
  ecirc: 'ê',
  icirc: 'î',
  ocirc: 'ô',
  ucirc: 'û',
  atilde: 'ã',
  otilde: 'õ',
  ntilde: 'ñ',
  Ntilde: 'Ñ',
  ccedil: 'ç',
  Ccedil: 'Ç',
  iexcl: '¡',
  iquest: '¿',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  bdquo: '„',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  middot: '·',
  bull: '•',
  deg: '°',
  ordm: 'º',
  ordf: 'ª',
  euro: '€',
  cent: '¢',
  pound: '£',
  copy: '©',
  reg: '®',
  trade: '™',
  sect: '§',
  para: '¶',
  shy: '',
  zwnj: '',
  zwj: '',
  lrm: '',
  rlm: '',
  thinsp: '\u2009',
  ensp: '\u2002',
  emsp: '\u2003',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

/**
 * Decodes HTML character references: numeric (`&#243;`, `&#xF3;`) and the named entities used by
 * Spanish-language feeds (`&oacute;`, `&ntilde;`, `&laquo;`, `&nbsp;`…). Unknown names and invalid
 * code points are left as written.
 *
 * @example
 * decodeEntities('Comisi&oacute;n aprob&#243; &laquo;idea de legislar&raquo;'); // 'Comisión aprobó «idea de legislar»'
 */
export function decodeEntities(text: string): string {
  return text.replace(
    ENTITY,
    (whole, decimal: string | undefined, hexadecimal: string | undefined, name: string | undefined) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? whole;
      const codePoint = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hexadecimal!, 16);
      if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return whole;
      return String.fromCodePoint(codePoint);
    },
  );
}

/**
 * Turns a feed description (often HTML inside CDATA, sometimes entity-escaped HTML) into plain
 * text: drops `<script>`/`<style>` blocks and comments, turns block tags and `<br>` into spaces,
 * strips every other tag, decodes entities (twice at most, for double-escaped feeds) and
 * collapses whitespace.
 *
 * @example
 * htmlToText('<p>La <strong>Sala</strong> despach&oacute; el proyecto.</p><img src="x.jpg">'); // 'La Sala despachó el proyecto.'
 * htmlToText('&lt;p&gt;Texto &amp;amp; más&lt;/p&gt;'); // 'Texto & más'
 */
export function htmlToText(html: string): string {
  let text = html;
  // Entity-escaped markup (`&lt;p&gt;`) is decoded first so that its tags can be stripped.
  if (/&lt;\/?[a-zA-Z][^&]*&gt;/.test(text)) text = decodeEntities(text);
  text = text
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|iframe|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|figure|figcaption|table|tr|td|section|article)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  text = decodeEntities(text);
  // A second pass for double-escaped feeds (`&amp;oacute;`), never creating markup.
  if (/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text)) text = decodeEntities(text);
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}
