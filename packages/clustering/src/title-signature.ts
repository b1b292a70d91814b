/**
 * What two headlines must agree on to report one event: the figures they quote and the names they
 * mention. Two headlines about a vote that both quote a count but no count in common, or that both
 * name people or places but no name in common, are most often two events of one news cycle (the
 * first round and the runoff, two ministers sworn in on one day). Rules of thumb for Spanish and
 * Portuguese headlines, written here because no library extracts entities from eight-word
 * headlines offline.
 */
import { agreementFactorUnchecked, foldToWords, type AgreementFactors } from '@espectro/methodology';

export type { AgreementFactors } from '@espectro/methodology';

/** The figures and names of one headline, accent-folded and lower-cased. */
export interface TitleSignature {
  /** Numbers as written, without thousands separators: `1.085` and `1085` are both `1085`. */
  readonly numbers: ReadonlySet<string>;
  /**
   * Capitalised words that are not sentence-initial common words (people, places, parties,
   * acronyms). With {@link TitleSignatureOptions.nameRuns} each run of consecutive such words is
   * one name keyed by its last word instead.
   */
  readonly names: ReadonlySet<string>;
  /**
   * Content-word stems (function words left out), when the embedder's overlap check is on
   * (`OfflineEmbedderOptions.thinOverlap`); otherwise absent.
   */
  readonly stems?: ReadonlySet<string>;
}

/** Options of {@link titleSignature}. */
export interface TitleSignatureOptions {
  /**
   * Treat each run of consecutive capitalised words as one name keyed by its last word —
   * `Carlos Bolsonaro` is `bolsonaro`, `Carlos Martins` is `martins`, so the two do not agree on a
   * name merely by sharing `Carlos` (default false; measured in the README, not adopted).
   */
  readonly nameRuns?: boolean;
}

const NUMBER = /\d+(?:[.,]\d+)*/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const SENTENCE_BREAK = /[:.;!?¿¡"“”«»'‘’|—–(]\s*$/u;
const UPPER_START = /^\p{Lu}/u;
const LOWER = /\p{Ll}/u;

/** The folded word at `match` if it reads as (part of) a name, else `undefined`. */
function nameAt(text: string, match: RegExpMatchArray, isCommonWord: (folded: string) => boolean): string | undefined {
  const word = match[0];
  if (!UPPER_START.test(word)) return undefined;
  const folded = foldToWords(word).replace(/\s+/gu, '');
  if (folded.length < 2 || /^\d/u.test(folded)) return undefined;
  const before = text.slice(0, match.index ?? 0);
  const sentenceStart = before.trim() === '' || SENTENCE_BREAK.test(before);
  return sentenceStart && isCommonWord(folded) ? undefined : folded;
}

/**
 * The signature of one headline. `isCommonWord(folded)` tells a word that also appears in lower
 * case in ordinary text (so a capital at the start of a sentence proves nothing) from a name.
 *
 * @example
 * titleSignature('Milei gana con el 55,7 % y Sergio Massa reconoce', () => false);
 * // { numbers: {'557'}, names: {'milei', 'sergio', 'massa'} }
 * titleSignature('Milei gana con el 55,7 % y Sergio Massa reconoce', () => false, { nameRuns: true });
 * // { numbers: {'557'}, names: {'milei', 'massa'} }
 */
export function titleSignature(
  text: string,
  isCommonWord: (folded: string) => boolean,
  options: TitleSignatureOptions = {},
): TitleSignature {
  const nameRuns = options.nameRuns ?? false;
  const numbers = new Set<string>();
  for (const match of text.matchAll(NUMBER)) numbers.add(match[0].replace(/[.,]/gu, ''));
  const names = new Set<string>();
  const words = [...text.matchAll(WORD)];
  const letters = words.filter((match) => /\p{L}/u.test(match[0]));
  // A headline set in capitals says nothing about names.
  const shouting = letters.length > 0 && letters.filter((match) => !LOWER.test(match[0])).length > letters.length / 2;
  if (!shouting) {
    // With name runs: the current run of capitalised words — its last word, and where it ends.
    let runName: string | undefined;
    let runEnd = -1;
    for (const match of words) {
      const name = nameAt(text, match, isCommonWord);
      if (!nameRuns) {
        if (name !== undefined) names.add(name);
        continue;
      }
      const continuesRun = runName !== undefined && /^\s+$/u.test(text.slice(runEnd, match.index ?? 0));
      if (name !== undefined) {
        if (runName !== undefined && !continuesRun) names.add(runName);
        runName = name;
        runEnd = (match.index ?? 0) + match[0].length;
      } else if (runName !== undefined) {
        names.add(runName);
        runName = undefined;
      }
    }
    if (runName !== undefined) names.add(runName);
  }
  return { numbers, names };
}

function disjoint(left: ReadonlySet<string>, right: ReadonlySet<string>): boolean {
  if (left.size === 0 || right.size === 0) return false;
  for (const value of left) if (right.has(value)) return false;
  return true;
}

/**
 * The factor (≤ 1) a pair's cosine is multiplied by: `numberConflict` when both quote numbers and
 * share none, `nameConflict` when both name someone or somewhere and share no name, both when both.
 * Symmetric, and 1 when the headlines agree or one of them is silent.
 *
 * @example
 * agreementFactor(signatureA, signatureB, OFFLINE_AGREEMENT_FACTORS); // 0.6, 0.7, 0.42 or 1
 */
export function agreementFactor(left: TitleSignature, right: TitleSignature, factors: AgreementFactors): number {
  // rule CLU-2-OFFLINE
  return agreementFactorUnchecked(disjoint(left.numbers, right.numbers), disjoint(left.names, right.names), factors);
}
