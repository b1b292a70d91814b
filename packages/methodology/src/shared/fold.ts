/**
 * The text-folding behaviours of the project, each under its own name, for matching only (never for
 * output text):
 * - {@link foldAccents}: lower case without diacritics ("Milhões" → "milhoes"); the length may change.
 * - {@link foldToWords}: {@link foldAccents} under compatibility decomposition, with every run of
 *   characters other than letters and digits turned into one space ("¿Sánchez, «exprés»?" →
 *   "sanchez expres").
 * The length-preserving folds that quote evidence at an offset (`@espectro/rating`'s, which folds
 * `ñ`, and `@espectro/headline-classifier`'s, which keeps it) stay beside the code that quotes.
 */

const COMBINING_MARKS = /\p{M}/gu;
/** Accented lower-case Latin letters of Spanish and Portuguese, folded without NFD. */
const LATIN_ACCENTS = /[àáâãäåçèéêëìíîïñòóôõöùúûüýÿ]/g;
const LATIN_BASE: Readonly<Record<string, string>> = {
  à: 'a',
  á: 'a',
  â: 'a',
  ã: 'a',
  ä: 'a',
  å: 'a',
  ç: 'c',
  è: 'e',
  é: 'e',
  ê: 'e',
  ë: 'e',
  ì: 'i',
  í: 'i',
  î: 'i',
  ï: 'i',
  ñ: 'n',
  ò: 'o',
  ó: 'o',
  ô: 'o',
  õ: 'o',
  ö: 'o',
  ù: 'u',
  ú: 'u',
  û: 'u',
  ü: 'u',
  ý: 'y',
  ÿ: 'y',
};

function isAscii(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) > 0x7f) return false;
  return true;
}

/**
 * Lower case without diacritics ("Información" → "informacion"): the same result as NFD, dropping
 * combining marks, then lower case; Spanish and Portuguese letters take a fast path without NFD.
 *
 * @example
 * foldAccents('Política ECONÓMICA'); // 'politica economica'
 */
export function foldAccents(text: string): string {
  const lower = text.toLowerCase();
  if (isAscii(lower)) return lower;
  const common = lower.replace(LATIN_ACCENTS, (letter) => LATIN_BASE[letter]!);
  return isAscii(common) ? common : common.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

const WORD_COMBINING_MARKS = /\p{M}+/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * Lower case without diacritics under compatibility decomposition (NFKD: "ﬁ" → "fi"), every run of
 * characters other than letters and digits turned into one space, trimmed.
 *
 * @example
 * foldToWords('¿Sánchez, dispuesto a un «congreso exprés»?'); // 'sanchez dispuesto a un congreso expres'
 */
export function foldToWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(WORD_COMBINING_MARKS, '')
    .toLowerCase()
    .replace(NOT_LETTER_OR_DIGIT, ' ')
    .trim();
}
