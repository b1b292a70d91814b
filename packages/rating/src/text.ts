/**
 * Text helpers shared by the analysers: verbatim-quote location (whitespace and quotation marks
 * normalised, nothing else), accent/case folding with a 1:1 index map, word tokens and sentences.
 */

/** A half-open character range `[start, end)` in the original text. */
export interface TextSpan {
  start: number;
  end: number;
}

const DOUBLE_QUOTES = new Set([
  '"',
  '\u201C',
  '\u201D',
  '\u201E',
  '\u201F',
  '\u00AB',
  '\u00BB',
  '\u2033',
  '\u301D',
  '\u301E',
  '\uFF02',
]);
const SINGLE_QUOTES = new Set([
  "'",
  '\u2018',
  '\u2019',
  '\u201A',
  '\u201B',
  '\u2039',
  '\u203A',
  '\u2032',
  '\u00B4',
  '`',
  '\uFF07',
]);

/** True for the Unicode whitespace that quote normalisation and sentence splitting treat as a space. @internal */
export function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Text with whitespace runs collapsed to one space and quotation marks unified, plus a map to the original. */
interface NormalisedText {
  text: string;
  /** `origin[i]` = index in the original text of normalised character `i`; `origin[text.length]` = original length. */
  origin: number[];
}

/**
 * Normalises for verbatim comparison: every run of whitespace (any Unicode space, tabs, line
 * breaks) becomes one space, typographic double quotes (“ ” „ « » …) become `"`, single quotes and
 * apostrophes (‘ ’ ‚ ‹ › ´ `) become `'`. Case, accents, punctuation and words are untouched.
 */
function normaliseWithMap(text: string, trim: boolean): NormalisedText {
  const chars: string[] = [];
  const origin: number[] = [];
  let pendingSpace = -1;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) {
      if (pendingSpace < 0) pendingSpace = index;
      continue;
    }
    if (pendingSpace >= 0) {
      if (!trim || chars.length > 0) {
        chars.push(' ');
        origin.push(pendingSpace);
      }
      pendingSpace = -1;
    }
    const char = text[index]!;
    chars.push(DOUBLE_QUOTES.has(char) ? '"' : SINGLE_QUOTES.has(char) ? "'" : char);
    origin.push(index);
  }
  if (pendingSpace >= 0 && !trim) {
    chars.push(' ');
    origin.push(pendingSpace);
  }
  origin.push(text.length);
  return { text: chars.join(''), origin };
}

/**
 * The normalised form used to compare quotes: whitespace collapsed and trimmed, quotation marks
 * unified. Nothing else changes (no case or accent folding: a quote must be verbatim).
 *
 * @example
 * normaliseQuote('  «Hola”\n mundo ');  // '"Hola" mundo'
 */
export function normaliseQuote(text: string): string {
  return normaliseWithMap(text, true).text;
}

const EDGE_ELLIPSIS =
  /^(?:\s|\.\.\.|\u2026|\[\s*(?:\.\.\.|\u2026)\s*\])+|(?:\s|\.\.\.|\u2026|\[\s*(?:\.\.\.|\u2026)\s*\])+$/g;

/** A text prepared once for repeated verbatim lookups. */
export interface VerbatimIndex {
  readonly original: string;
  /** Finds `quote` verbatim (see {@link locateVerbatim}); `null` when it does not occur. */
  locate(quote: string): TextSpan | null;
}

/**
 * Prepares `text` for repeated {@link locateVerbatim} lookups (the normalisation runs once).
 *
 * @example
 * const index = verbatimIndex(article.text);
 * index.locate('la reforma laboral'); // { start: 120, end: 138 } or null
 */
export function verbatimIndex(text: string): VerbatimIndex {
  const normalised = normaliseWithMap(text, false);
  return {
    original: text,
    locate(quote: string): TextSpan | null {
      const cleaned = quote.replace(EDGE_ELLIPSIS, '');
      // An ellipsis inside a quote marks an omission: each part must occur, in order.
      const parts = cleaned
        .split(/\s*\[?\s*(?:\.\.\.|\u2026)\s*\]?\s*/)
        .map((part) => normaliseQuote(part))
        .filter((part) => part.length > 0);
      if (parts.length === 0) return null;
      let from = 0;
      let start = -1;
      let end = -1;
      for (const part of parts) {
        const found = normalised.text.indexOf(part, from);
        if (found < 0) return null;
        if (start < 0) start = found;
        end = found + part.length;
        from = end;
      }
      return { start: normalised.origin[start]!, end: normalised.origin[end - 1]! + 1 };
    },
  };
}

/**
 * Where `quote` occurs verbatim in `text`, comparing after normalising whitespace and quotation
 * marks only (see {@link normaliseQuote}); `null` if it does not occur. A leading or trailing
 * ellipsis (`...`, `…`, `[...]`) is ignored, and an ellipsis inside the quote marks an omission:
 * the parts around it must occur in order. Case and accents must match.
 *
 * @example
 * locateVerbatim('el  “ajuste”', 'Dijo que el "ajuste" sigue.'); // { start: 9, end: 20 }
 * locateVerbatim('el ajuste', 'Dijo que el "ajuste" sigue.');    // null (the quotes are part of the text)
 */
export function locateVerbatim(quote: string, text: string): TextSpan | null {
  return verbatimIndex(text).locate(quote);
}

// ---------------------------------------------------------------------------------------------
// Folding and tokens (lexicon baseline)
// ---------------------------------------------------------------------------------------------

const FOLD_LIMIT = 0x250;
const FOLD_TABLE: Uint16Array = (() => {
  const table = new Uint16Array(FOLD_LIMIT);
  for (let code = 0; code < FOLD_LIMIT; code += 1) {
    const char = String.fromCharCode(code);
    const base = char.normalize('NFD')[0] ?? char;
    const lower = base.toLowerCase();
    table[code] = lower.length === 1 ? lower.charCodeAt(0) : base.charCodeAt(0);
  }
  // letters whose NFD form has no base letter
  table[0xdf] = 0xdf; // ß stays
  table[0xd8] = 0x6f; // Ø → o
  table[0xf8] = 0x6f; // ø → o
  table[0x141] = 0x6c; // Ł → l
  table[0x142] = 0x6c; // ł → l
  return table;
})();

/**
 * Lower-cases and strips accents **keeping the length**, so that an index in the folded text is
 * the same index in the original (`á` → `a`, `Ç` → `c`, `Ñ` → `n`).
 *
 * @example
 * foldText('Ação POLÍTICA'); // 'acao politica'
 */
export function foldText(text: string): string {
  const length = text.length;
  if (foldBuffer.length < Math.min(length, FOLD_CHUNK)) foldBuffer = new Uint16Array(FOLD_CHUNK);
  let result = '';
  for (let chunkStart = 0; chunkStart < length; chunkStart += FOLD_CHUNK) {
    const chunkEnd = Math.min(length, chunkStart + FOLD_CHUNK);
    for (let index = chunkStart; index < chunkEnd; index += 1) {
      const code = text.charCodeAt(index);
      let folded: number;
      if (code < FOLD_LIMIT) folded = FOLD_TABLE[code]!;
      else if (code >= 0xd800 && code <= 0xdfff) folded = code;
      else {
        const lower = String.fromCharCode(code).toLowerCase();
        folded = lower.length === 1 ? lower.charCodeAt(0) : code;
      }
      foldBuffer[index - chunkStart] = folded;
    }
    result += String.fromCharCode.apply(null, foldBuffer.subarray(0, chunkEnd - chunkStart) as unknown as number[]);
  }
  return result;
}

const FOLD_CHUNK = 8192;
let foldBuffer = new Uint16Array(FOLD_CHUNK);

/** One word of a text: its folded form and its span. */
export interface Token {
  word: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The words of an already folded text (letters and digits; everything else separates words).
 *
 * @example
 * tokenize(foldText('Según el Gobierno, la inflación…')).map((token) => token.word);
 * // ['segun', 'el', 'gobierno', 'la', 'inflacion']
 */
export function tokenize(folded: string): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  for (let match = WORD.exec(folded); match !== null; match = WORD.exec(folded)) {
    tokens.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/**
 * Sentence boundaries of a text: the start offset of every sentence, ascending. A sentence ends
 * at `.`, `!`, `?`, `;` or a line break followed by whitespace (or the end of the text).
 *
 * @example
 * sentenceStarts('Uno. Dos! Tres'); // [0, 5, 10]
 */
export function sentenceStarts(text: string): number[] {
  const starts = [0];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const terminal = code === 46 || code === 33 || code === 63 || code === 59 || code === 10;
    if (!terminal) continue;
    let next = index + 1;
    if (code !== 10) {
      if (next < text.length && !isSpace(text.charCodeAt(next))) continue;
    }
    while (next < text.length && isSpace(text.charCodeAt(next))) next += 1;
    if (next < text.length && next !== starts[starts.length - 1]) starts.push(next);
    index = next - 1;
  }
  return starts;
}

/**
 * Number of words (runs of letters or digits) in a text — the word count of rule ART-1.
 *
 * @example
 * countWords('O governo, em 2026, anunciou…'); // 5
 */
export function countWords(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text) !== null) count += 1;
  return count;
}
