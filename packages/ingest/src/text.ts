/**
 * Text helpers: HTML to plain text, title normalisation for near-duplicate detection, and dates
 * as feeds write them (RFC 822, ISO 8601, and Spanish/Portuguese month and day names).
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/**
 * Decodes HTML character references (numeric, and the common named ones; others are kept).
 *
 * @example
 * decodeEntities('Sánchez &amp; Feijóo &#8220;pactan&#8221;'); // 'Sánchez & Feijóo “pactan”'
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? match;
  });
}

/**
 * Plain text from an HTML fragment: tags removed (block tags become spaces), entities decoded,
 * whitespace collapsed.
 *
 * @example
 * htmlToText('<p>El <b>Congreso</b> aprobó&nbsp;la ley.</p><img src="x">'); // 'El Congreso aprobó la ley.'
 */
export function htmlToText(html: string): string {
  const withoutBlocks = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, ' ')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(withoutBlocks).replace(/\s+/g, ' ').trim();
}

/** Lowercase, accent-free text with every run of non-letters/digits turned into one space. */
export function foldForComparison(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

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
    const tail = foldForComparison(suffix[1]!);
    const names = outletNames.flatMap((name) => [
      foldForComparison(name),
      foldForComparison(name.replace(/\.[a-z.]+$/, '')),
    ]);
    if (names.includes(tail)) text = text.slice(0, suffix.index);
  }
  const key = foldForComparison(text);
  return key.length > 0 ? key : foldForComparison(title) || title.trim();
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
  const direct = Date.parse(text);
  if (!Number.isNaN(direct) && /\d{4}/.test(text)) return new Date(direct).toISOString();
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/^[A-Za-z]+\.?,?\s+/, '')
    .replace(/\b([A-Za-z]+)\.?\b/g, (word, name: string) => MONTHS[name.toLowerCase()] ?? word);
  const localised = Date.parse(folded);
  return Number.isNaN(localised) || !/\d{4}/.test(folded) ? null : new Date(localised).toISOString();
}
