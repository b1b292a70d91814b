/**
 * Text utilities for Spanish and Portuguese news: accent folding, content-word tokens and a
 * sentence splitter that keeps abbreviations ("Sr.", "EE.UU.", "EE. UU.", "Dra."), initials
 * ("J. Pérez"), decimals ("3,5", "3.5") and thousands ("1.500") inside their sentence.
 */
import { foldAccents } from '@espectro/methodology';

/**
 * @deprecated Import `foldAccents` from `@espectro/methodology` (the project's text folds); this
 * re-export keeps `@espectro/synthesis`'s public API.
 */
export const foldText = foldAccents;

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/**
 * Spanish and Portuguese function words (folded) left out of content-word tokens.
 *
 * @example
 * STOPWORDS.has('para'); // true
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  // es
  'a',
  'al',
  'algo',
  'algun',
  'alguna',
  'algunas',
  'alguno',
  'algunos',
  'ante',
  'antes',
  'aqui',
  'asi',
  'aun',
  'bajo',
  'cada',
  'casi',
  'como',
  'con',
  'contra',
  'cual',
  'cuales',
  'cuando',
  'cuanto',
  'de',
  'del',
  'desde',
  'donde',
  'durante',
  'e',
  'el',
  'ella',
  'ellas',
  'ello',
  'ellos',
  'en',
  'entre',
  'era',
  'eran',
  'es',
  'esa',
  'esas',
  'ese',
  'eso',
  'esos',
  'esta',
  'estaba',
  'estan',
  'estas',
  'este',
  'esto',
  'estos',
  'fue',
  'fueron',
  'ha',
  'habia',
  'han',
  'hasta',
  'hay',
  'la',
  'las',
  'le',
  'les',
  'lo',
  'los',
  'mas',
  'me',
  'mi',
  'mientras',
  'muy',
  'nada',
  'ni',
  'no',
  'nos',
  'o',
  'otra',
  'otras',
  'otro',
  'otros',
  'para',
  'pero',
  'poco',
  'por',
  'porque',
  'que',
  'quien',
  'quienes',
  'se',
  'sea',
  'segun',
  'ser',
  'si',
  'sido',
  'sin',
  'sino',
  'sobre',
  'son',
  'su',
  'sus',
  'tambien',
  'tan',
  'tanto',
  'te',
  'tiene',
  'tienen',
  'todo',
  'todos',
  'toda',
  'todas',
  'tras',
  'u',
  'un',
  'una',
  'unas',
  'uno',
  'unos',
  'y',
  'ya',
  'yo',
  'dijo',
  'afirmo',
  'senalo',
  'hoy',
  'ayer',
  'dia',
  'ano',
  'anos',
  'puede',
  'pueden',
  'haber',
  'hace',
  // pt
  'ao',
  'aos',
  'as',
  'ate',
  'com',
  'da',
  'das',
  'do',
  'dos',
  'ele',
  'eles',
  'em',
  'essa',
  'esse',
  'isso',
  'foi',
  'ja',
  'mais',
  'mas',
  'na',
  'nas',
  'nao',
  'no',
  'nos',
  'num',
  'numa',
  'os',
  'ou',
  'pela',
  'pelas',
  'pelo',
  'pelos',
  'quando',
  'sao',
  'seu',
  'seus',
  'sua',
  'suas',
  'tem',
  'um',
  'uma',
  'umas',
  'uns',
  'ser',
  'seria',
  'disse',
  'segundo',
  'sobre',
  'tambem',
  'muito',
  'entre',
  'apos',
  'onde',
  'qual',
  'quais',
  'pois',
  'ainda',
  'estao',
  'esta',
  'este',
]);

const TOKEN = /[\p{L}\p{N}]+/gu;
const ASCII_TOKEN = /[a-z0-9]+/g;
const DIGITS_ONLY = /^\p{N}+$/u;
const ASCII_DIGITS = /^[0-9]+$/;

/** Length at which content words are cut: a light stem shared by Spanish and Portuguese inflections. */
export const STEM_LENGTH = 6;

/**
 * Content-word stems of a text: folded, function words and one- or two-letter words removed (numbers
 * kept), each cut to {@link STEM_LENGTH} characters ("gobiernos" → "gobier").
 *
 * @example
 * contentStems('El Gobierno aprobó 3 reformas.'); // ['gobier', 'aprobo', '3', 'reform']
 */
export function contentStems(text: string): string[] {
  const stems: string[] = [];
  const folded = foldAccents(text);
  const words = isAscii(folded) ? folded.match(ASCII_TOKEN) : folded.match(TOKEN);
  if (words === null) return stems;
  for (const word of words) {
    const code = word.charCodeAt(0);
    if (code >= 0x30 && code <= 0x39 ? ASCII_DIGITS.test(word) : DIGITS_ONLY.test(word)) {
      stems.push(word);
      continue;
    }
    if (word.length < 3 || STOPWORDS.has(word)) continue;
    stems.push(word.length > STEM_LENGTH ? word.slice(0, STEM_LENGTH) : word);
  }
  return stems;
}

// ── Sentence splitting ───────────────────────────────────────────────────────────────────────────

/**
 * Folded words that end with a period without ending the sentence (es, pt): titles, honorifics,
 * address and reference abbreviations, and the halves of spaced acronyms ("EE. UU.", "FF. AA.").
 *
 * @example
 * SENTENCE_ABBREVIATIONS.has('sr'); // true
 */
export const SENTENCE_ABBREVIATIONS: ReadonlySet<string> = new Set([
  // titles and honorifics
  'sr',
  'sra',
  'srta',
  'sres',
  'sras',
  'dr',
  'dra',
  'dres',
  'lic',
  'licda',
  'ing',
  'arq',
  'prof',
  'profa',
  'mtro',
  'mtra',
  'gral',
  'gen',
  'cnel',
  'tte',
  'sgto',
  'cap',
  'cmdt',
  'alm',
  'mons',
  'sto',
  'sta',
  'fr',
  'pbro',
  'exmo',
  'exma',
  'ilmo',
  'ilma',
  'dep',
  'dip',
  'sen',
  'pres',
  'vto',
  'mr',
  'mrs',
  'ms',
  'jr',
  'sr',
  'st',
  'ud',
  'uds',
  'vd',
  'vds',
  // references and units
  'art',
  'arts',
  'inc',
  'num',
  'nro',
  'pag',
  'pags',
  'pp',
  'vol',
  'fig',
  'tel',
  'ej',
  'aprox',
  'max',
  'min',
  'cia',
  'ltda',
  'av',
  'avda',
  'depto',
  'dpto',
  'col',
  'km',
  'kg',
  'hs',
  'hrs',
  'vs',
  'cf',
  'op',
  'cit',
  'ed',
  'eds',
  'co',
  // halves of spaced acronyms
  'ee',
  'uu',
  'ff',
  'aa',
  'cc',
  'oo',
  'jj',
  'rr',
  'hh',
  'pp',
  'ss',
]);

const TERMINATORS = new Set(['.', '!', '?', '…']);
/** Where a sentence may end: a terminator or a line break. */
const BOUNDARY = /[.!?…\n\r\u2029]/;
const CLOSERS = new Set(['"', '”', '’', '»', ')', ']', "'"]);
const OPENERS = new Set(['"', '“', '‘', '«', '(', '[', '¿', '¡', "'", '—', '–']);
const UPPER = /\p{Lu}/u;
const DIGIT = /\p{N}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;
/** A dotted acronym before its last period: "EE.UU", "S.A", "a.m", "p.ej". */
const DOTTED_ACRONYM = /^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u;

/** A sentence found by {@link splitSentences}: its verbatim text and UTF-16 offsets in the source. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/** The word (letters, digits and inner periods) that ends just before `index`. */
function wordBefore(text: string, index: number): string {
  let start = index;
  while (start > 0) {
    const character = text[start - 1]!;
    if (LETTER_OR_DIGIT.test(character) || character === '.') start -= 1;
    else break;
  }
  return text.slice(start, index);
}

/** Whether the period at `index` belongs to an abbreviation, initial or acronym (no boundary). */
function isAbbreviationPeriod(text: string, index: number): boolean {
  const word = wordBefore(text, index);
  if (word === '') return false;
  if (DOTTED_ACRONYM.test(word)) return true;
  const lastPart = word.slice(word.lastIndexOf('.') + 1);
  if (lastPart.length === 1 && UPPER.test(lastPart)) return true; // an initial: "J. Pérez"
  return SENTENCE_ABBREVIATIONS.has(foldAccents(lastPart));
}

/**
 * Splits Spanish or Portuguese text into sentences. A sentence ends at `.`, `!`, `?` or `…` (with
 * any closing quotes or brackets) followed by white space and then a capital letter, a digit or an
 * opening quote, bracket, `¿`, `¡` or dash; a line break always ends one. A period does not end a
 * sentence after an abbreviation in {@link SENTENCE_ABBREVIATIONS}, a single capital initial or a
 * dotted acronym ("EE.UU.", "S.A."); periods and commas between digits ("3,5", "1.500") never do.
 * Every returned `text` is exactly `source.slice(start, end)`, trimmed of surrounding white space.
 *
 * @example
 * splitSentences('El Sr. Pérez viajó a EE.UU. con 3,5 millones. ¿Volverá? Sí.').map((s) => s.text);
 * // ['El Sr. Pérez viajó a EE.UU. con 3,5 millones.', '¿Volverá?', 'Sí.']
 */
export function splitSentences(source: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  const push = (end: number): void => {
    let from = start;
    let to = end;
    while (from < to && SPACE.test(source[from]!)) from += 1;
    while (to > from && SPACE.test(source[to - 1]!)) to -= 1;
    if (to > from) spans.push({ text: source.slice(from, to), start: from, end: to });
  };
  const length = source.length;
  const boundary = new RegExp(BOUNDARY.source, 'g');
  let match: RegExpExecArray | null;
  while ((match = boundary.exec(source)) !== null) {
    const index = match.index;
    const character = source[index]!;
    if (character === '\n' || character === '\r' || character === '\u2029') {
      push(index);
      start = index + 1;
      continue;
    }
    // Absorb a run of terminators ("?!", "...") and closing quotes or brackets.
    let end = index + 1;
    while (end < length && TERMINATORS.has(source[end]!)) end += 1;
    while (end < length && CLOSERS.has(source[end]!)) end += 1;
    boundary.lastIndex = end;
    if (end < length && !SPACE.test(source[end]!)) continue;
    let next = end;
    while (next < length && SPACE.test(source[next]!) && source[next] !== '\n') next += 1;
    const following = next < length ? source[next]! : '';
    const startsSentence =
      following === '' ||
      following === '\n' ||
      UPPER.test(following) ||
      DIGIT.test(following) ||
      OPENERS.has(following);
    const singlePeriod = character === '.' && end - index === 1 + countClosers(source, index + 1, end);
    if (startsSentence && !(singlePeriod && isAbbreviationPeriod(source, index))) {
      push(end);
      start = end;
    }
  }
  push(length);
  return spans;
}

function countClosers(source: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index += 1) if (CLOSERS.has(source[index]!)) count += 1;
  return count;
}

/**
 * Number of sentences of a text by {@link splitSentences}.
 *
 * @example
 * countSentences('Una frase. Otra frase.'); // 2
 */
export function countSentences(text: string): number {
  return splitSentences(text).length;
}
