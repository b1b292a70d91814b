/**
 * Text helpers: HTML to plain text (htmlparser2) and HTML entities (`entities`), title
 * normalisation for near-duplicate detection, and dates as feeds write them (RFC 822 with two- or
 * four-digit years, ISO 8601, and Spanish/Portuguese month and day names).
 */
import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import { foldToWords } from '@espectro/methodology';

/**
 * Decodes HTML character references — every named entity of HTML (`&oacute; &ntilde; &ccedil;
 * &atilde; &laquo; &nbsp;`…, also the legacy ones browsers accept without `;`) and numeric ones —
 * with the `entities` library (the decoder htmlparser2 uses). Unknown names are kept as written.
 *
 * @example
 * decodeEntities('Sánchez &amp; Feijóo &#8220;pactan&#8221; en Le&oacute;n'); // 'Sánchez & Feijóo “pactan” en León'
 */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}

/** Elements whose boundaries separate words (HTML block and line-breaking elements). */
const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'img',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'video',
  'audio',
  'iframe',
  'picture',
  'source',
]);

/** Elements whose content is not text a reader sees. */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'svg', 'math']);

const ESCAPED_TAG = /&lt;\/?[a-z][a-z0-9]*(?:\s[^&]*)?\/?&gt;/i;
const REAL_TAG = /<\/?[a-z][a-z0-9]*[\s/>]/i;
const LEFTOVER_REFERENCE = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

/**
 * Plain text from an HTML fragment, read with htmlparser2 as a browser reads it: tags removed,
 * block boundaries (`</p><p>`, `<br>`, `<li>`, `<td>`…) kept as spaces so words never glue
 * (`January 2016 September 2015`), script/style content dropped, every entity decoded, whitespace
 * collapsed. A fragment whose markup arrives entity-escaped (`&lt;p&gt;…`, a common double-escaping
 * in feeds) is unescaped once first; entities left over after decoding (`&amp;oacute;` written by a
 * CMS that escaped twice) are decoded once more.
 *
 * @example
 * htmlToText('<p>El <b>Congreso</b> aprobó&nbsp;la ley.</p><p>Fin</p><script>x()</script>'); // 'El Congreso aprobó la ley. Fin'
 */
export function htmlToText(html: string): string {
  let markup = html;
  if (!REAL_TAG.test(markup) && ESCAPED_TAG.test(markup)) markup = decodeHTML(markup);
  if (!markup.includes('<')) {
    const plain = collapse(decodeEntities(markup));
    return LEFTOVER_REFERENCE.test(plain) ? collapse(decodeHTML(plain)) : plain;
  }
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (HIDDEN_ELEMENTS.has(name)) hidden += 1;
        if (BLOCK_ELEMENTS.has(name)) parts.push(' ');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name)) hidden = Math.max(0, hidden - 1);
        if (BLOCK_ELEMENTS.has(name)) parts.push(' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(markup);
  parser.end();
  const text = collapse(parts.join(''));
  return LEFTOVER_REFERENCE.test(text) ? collapse(decodeHTML(text)) : text;
}

function collapse(text: string): string {
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/**
 * Lowercase, accent-free text with every run of non-letters/digits turned into one space.
 * @deprecated Import `foldToWords` from `@espectro/methodology` (the project's text folds); this
 * re-export keeps `@espectro/ingest`'s public API.
 */
export const foldForComparison = foldToWords;

/**
 * The key two titles of one outlet must share to be near-identical: accents, case, punctuation
 * and spacing folded, and a trailing " - Outlet" / " | Outlet" suffix dropped when it names the
 * outlet (its name or domain). Compared by exact equality within a domain.
 *
 * @example
 * titleKey('El Gobierno aprueba la ley | EL PAÍS', ['El País', 'elpais.com']) === titleKey('el gobierno aprueba la ley'); // true
 */
export function titleKey(title: string, outletNames: readonly string[] = []): string {
  let text = title.trim();
  const suffix = /\s+[|–—-]\s+([^|–—-]+)$/.exec(text);
  if (suffix) {
    const tail = foldToWords(suffix[1]!);
    const names = outletNames.flatMap((name) => [foldToWords(name), foldToWords(name.replace(/\.[a-z.]+$/, ''))]);
    if (names.includes(tail)) text = text.slice(0, suffix.index);
  }
  const key = foldToWords(text);
  return key.length > 0 ? key : foldToWords(title) || title.trim();
}

const MONTHS: Record<string, string> = {
  ene: 'Jan',
  enero: 'Jan',
  jan: 'Jan',
  janeiro: 'Jan',
  feb: 'Feb',
  febrero: 'Feb',
  fev: 'Feb',
  fevereiro: 'Feb',
  mar: 'Mar',
  marzo: 'Mar',
  marco: 'Mar',
  abr: 'Apr',
  abril: 'Apr',
  may: 'May',
  mayo: 'May',
  mai: 'May',
  maio: 'May',
  jun: 'Jun',
  junio: 'Jun',
  junho: 'Jun',
  jul: 'Jul',
  julio: 'Jul',
  julho: 'Jul',
  ago: 'Aug',
  agosto: 'Aug',
  sep: 'Sep',
  sept: 'Sep',
  septiembre: 'Sep',
  set: 'Sep',
  setembro: 'Sep',
  oct: 'Oct',
  octubre: 'Oct',
  out: 'Oct',
  outubro: 'Oct',
  nov: 'Nov',
  noviembre: 'Nov',
  novembro: 'Nov',
  dic: 'Dec',
  diciembre: 'Dec',
  dez: 'Dec',
  dezembro: 'Dec',
};

/**
 * RFC 822 allowed two-digit years (`Thu, 07 Dec 17 10:00:29 -0800`); RFC 2822 §4.3 reads 00–49 as
 * 20xx and 50–99 as 19xx.
 */
function withFullYear(text: string): string {
  return text.replace(
    /^((?:[\p{L}]+\.?,?\s+)?\d{1,2}[\s-]+[\p{L}]+\.?[\s-]+)(\d{2})(\s+\d{1,2}:\d{2})/u,
    (_whole, head: string, year: string, time: string) => `${head}${Number(year) < 50 ? '20' : '19'}${year}${time}`,
  );
}

/**
 * A feed date as an ISO instant, or `null` when absent or unreadable. Accepts RFC 822 (RSS),
 * ISO 8601 (Atom; a date-time without offset is read as UTC) and RFC 822 written with Spanish or
 * Portuguese day and month names ("lun, 27 abr 2026 10:00:00 -0300").
 *
 * @example
 * parseFeedDate('Mon, 27 Apr 2026 10:00:00 GMT'); // '2026-04-27T10:00:00.000Z'
 * parseFeedDate('lun, 27 abr 2026 10:00:00 -0300'); // '2026-04-27T13:00:00.000Z'
 */
export function parseFeedDate(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (text === '') return null;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?))?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (iso) {
    const time = iso[2] ?? '00:00:00';
    const offset = iso[3] ?? 'Z';
    const parsed = Date.parse(
      `${iso[1]}T${time}${offset.length === 5 ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset}`,
    );
    return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
  }
  const fullYear = withFullYear(text);
  const direct = Date.parse(fullYear);
  if (!Number.isNaN(direct) && /\d{4}/.test(fullYear)) return new Date(direct).toISOString();
  const folded = fullYear
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/^[A-Za-z]+\.?,?\s+/, '')
    .replace(/\b([A-Za-z]+)\.?\b/g, (word, name: string) => MONTHS[name.toLowerCase()] ?? word);
  const localised = Date.parse(folded);
  return Number.isNaN(localised) || !/\d{4}/.test(folded) ? null : new Date(localised).toISOString();
}
