/**
 * Text normalisation shared by the offline embedder and the synthetic corpora: accent folding
 * (NFKD, combining marks removed), lower case, every run of characters that is neither a letter nor
 * a digit turned into one space.
 */
import { fnv1a32, foldToWords } from '@espectro/methodology';

/**
 * Folds accents and case and keeps only letters and digits, separated by single spaces: methodology's
 * `foldToWords` under the name this package has always exported.
 *
 * @deprecated Use `foldToWords` from `@espectro/methodology` (the one home of the text folds).
 * @example
 * foldText('¿Sánchez, dispuesto a un «congreso exprés»?'); // 'sanchez dispuesto a un congreso expres'
 */
export const foldText: (text: string) => string = foldToWords;

/** The words of methodology's `foldToWords` output. */
export function foldedWords(text: string): string[] {
  const folded = foldToWords(text);
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

/**
 * 32-bit FNV-1a hash of a string's UTF-16 code units: methodology's `fnv1a32` under this package's
 * old name.
 *
 * @deprecated Use `fnv1a32` from `@espectro/methodology`.
 */
export const fnv1a: (text: string) => number = fnv1a32;
