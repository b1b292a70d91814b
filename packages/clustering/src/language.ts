/**
 * A headline's language, Spanish or Portuguese, guessed from its function words and spelling.
 * Written here because language-identification libraries (franc and the like) are trained on long
 * texts and are unreliable on eight-word headlines of two closely related languages, while a few
 * dozen words and letters that exist in only one of them decide almost every headline.
 */
import { foldedWords } from './text.js';

/** The languages the offline embedder stems. */
export type HeadlineLanguage = 'es' | 'pt';

/** Accent-folded words that are common in one language and absent or rare in the other. */
const SPANISH_ONLY = new Set(
  'el los del y al una las por que se con su sus es lo le les mas muy pero tras hasta ya hay sin sobre entre desde este esta estos estas ese esa gobierno ley elecciones eleccion segunda vuelta dice asegura tras anos ano hoy presidente ante contra'.split(
    ' ',
  ),
);
const PORTUGUESE_ONLY = new Set(
  'o os do da dos das no na nos nas em um uma ao aos e pelo pela pelos pelas nao sao mais diz apos como seu sua ja ate tem foi sem governo eleicao eleicoes anos hoje contra'.split(
    ' ',
  ),
);
/** Letters or endings only one of the two languages writes. */
const SPANISH_MARKS = /ñ|ción\b|ciones\b|¿|¡/iu;
const PORTUGUESE_MARKS = /[ãõ]|ção\b|ções\b|\blh|nh[aeiou]/iu;

/**
 * Guesses whether a headline is Spanish or Portuguese (ties and empty texts: Spanish). `hint`
 * (an article's `lang` field, e.g. `pt-BR`) wins when it names one of the two.
 *
 * @example
 * guessLanguage('Lula sanciona lei que amplia isenção do IR'); // 'pt'
 * guessLanguage('Junts rompe con Sánchez'); // 'es'
 */
export function guessLanguage(text: string, hint?: string): HeadlineLanguage {
  const declared = hint?.toLowerCase().slice(0, 2);
  if (declared === 'es' || declared === 'pt') return declared;
  let score = 0;
  if (SPANISH_MARKS.test(text)) score -= 2;
  if (PORTUGUESE_MARKS.test(text)) score += 2;
  for (const word of foldedWords(text)) {
    const spanish = SPANISH_ONLY.has(word);
    const portuguese = PORTUGUESE_ONLY.has(word);
    if (spanish && !portuguese) score -= 1;
    else if (portuguese && !spanish) score += 1;
  }
  return score > 0 ? 'pt' : 'es';
}
