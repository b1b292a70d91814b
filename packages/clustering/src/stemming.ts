import { stemmer as portugueseStemmer } from '@orama/stemmers/portuguese';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import type { HeadlineLanguage } from './language.js';

/**
 * Portuguese plural nasal endings that the Snowball Portuguese stemmer (as ported by
 * `@orama/stemmers`) leaves apart from their singular — `eleições` and `eleição` would stem to
 * different forms — folded to the singular before stemming.
 */
const PORTUGUESE_NASAL_PLURALS: readonly (readonly [RegExp, string])[] = [
  [/ções$/u, 'ção'],
  [/cões$/u, 'cão'],
  [/ões$/u, 'ão'],
  [/ães$/u, 'ão'],
  // the same endings once accents are folded
  [/coes$/u, 'cao'],
  [/oes$/u, 'ao'],
  [/aes$/u, 'ao'],
];

/**
 * The Snowball stem of one lower-case word (accented or accent-folded) in the given language:
 * `condenado`, `condena` and `condenan` all give `conden`.
 *
 * @example
 * stemWord('elecciones', 'es'); // 'eleccion'
 * stemWord('eleições', 'pt') === stemWord('eleição', 'pt'); // true
 */
export function stemWord(word: string, language: HeadlineLanguage): string {
  if (language === 'pt') {
    let singular = word;
    for (const [plural, replacement] of PORTUGUESE_NASAL_PLURALS) singular = singular.replace(plural, replacement);
    return portugueseStemmer(singular);
  }
  return spanishStemmer(word);
}
