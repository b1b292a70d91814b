/**
 * Text normalisation shared by the offline embedder and the synthetic corpora: accent folding
 * (NFKD, combining marks removed), lower case, every run of characters that is neither a letter nor
 * a digit turned into one space.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/**
 * Folds accents and case and keeps only letters and digits, separated by single spaces.
 *
 * @example
 * foldText('¿Sánchez, dispuesto a un «congreso exprés»?'); // 'sanchez dispuesto a un congreso expres'
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase().replace(NOT_WORD, ' ').trim();
}

/** The words of {@link foldText}'s output. */
export function foldedWords(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * Character n-grams of each word padded with one space on either side (`char_wb` in scikit-learn's
 * terms), for every n in `[minimum, maximum]`. A word shorter than n contributes its padded form once.
 *
 * @example
 * wordBoundaryNgrams(['gol'], 3, 4); // [' go', 'gol', 'ol ', ' gol', 'gol ']
 */
export function wordBoundaryNgrams(words: readonly string[], minimum: number, maximum: number): string[] {
  const grams: string[] = [];
  for (const word of words) {
    const padded = ` ${word} `;
    for (let size = minimum; size <= maximum; size += 1) {
      if (padded.length < size) {
        if (size === minimum) grams.push(padded);
        continue;
      }
      for (let start = 0; start + size <= padded.length; start += 1) grams.push(padded.slice(start, start + size));
    }
  }
  return grams;
}

/** 32-bit FNV-1a hash of a string's UTF-16 code units (deterministic across platforms). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
