/**
 * Outlet mentions in synthesised text (rule SYN-4), decided by the methodology's
 * `attributionCheck`. Before calling it, the roster is narrowed to the outlets for which a hit is
 * possible: the check matches a folded name, alias or domain (case- and accent-insensitive, the
 * same folding as here) at word boundaries, so every word of a matched spelling is a whole word of
 * the folded text. Outlets with a spelling whose words all occur in the text are passed on;
 * dropping the others cannot change the result, but a 350-outlet roster is not validated and
 * prepared again for every story.
 */
import { attributionCheck, type AttributionHit, type AttributionRosterEntry, foldAccents } from '@espectro/methodology';

const WHITE_SPACE_RUN = /\s+/gu;

/** Folded, white-space-collapsed form used for the substring pre-filter. */
export function foldForSearch(text: string): string {
  return foldAccents(text).replace(WHITE_SPACE_RUN, ' ');
}

/** A roster entry with the words (per spelling) whose presence makes a SYN-4 hit possible. */
export interface AttributionNeedles {
  entry: AttributionRosterEntry;
  /** Folded spellings (name, aliases, domain, domain without `www.`). */
  needles: string[];
  /** The whole words of each spelling. */
  words: string[][];
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordsOf(folded: string): string[] {
  return folded.match(WORD) ?? [];
}

/**
 * The folded names, aliases and domains (also without `www.`) of each roster entry.
 *
 * @example
 * attributionNeedles([{ name: 'El País', domain: 'www.elpais.com' }])[0].needles; // ['el pais', 'www.elpais.com', 'elpais.com']
 */
export function attributionNeedles(entries: readonly AttributionRosterEntry[]): AttributionNeedles[] {
  return entries.map((entry) => {
    const needles = new Set<string>();
    for (const spelling of [
      entry.name,
      ...(entry.aliases ?? []),
      ...(entry.domain !== undefined ? [entry.domain] : []),
    ]) {
      const folded = foldForSearch(spelling).trim();
      if (folded === '') continue;
      needles.add(folded);
      if (folded.startsWith('www.') && folded.length > 4) needles.add(folded.slice(4));
    }
    return { entry, needles: [...needles], words: [...needles].map(wordsOf) };
  });
}

/**
 * Every outlet of the roster named inside `texts` (rule SYN-4), in the order and shape of the
 * methodology's `attributionCheck` (which decides), after the sound substring pre-filter above.
 *
 * @example
 * findOutletMentions(['Según El País, subió.'], roster.attributionNeedles);
 * // [{ sentenceIndex: 0, outlet: 'El País', phrase: 'Según El País', … }]
 */
export function findOutletMentions(texts: readonly string[], needles: readonly AttributionNeedles[]): AttributionHit[] {
  if (texts.length === 0 || needles.length === 0) return [];
  const present = new Set(wordsOf(foldAccents(texts.join('\n'))));
  const relevant: AttributionRosterEntry[] = [];
  for (const candidate of needles) {
    if (candidate.words.some((words) => words.length > 0 && words.every((word) => present.has(word))))
      relevant.push(candidate.entry);
  }
  return relevant.length === 0 ? [] : attributionCheck(texts, relevant);
}
