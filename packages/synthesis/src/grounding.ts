/**
 * A cheap grounding check of synthesised text: numbers (dates included: their digits), web
 * addresses and quotations that do not occur in the cited articles. The prompt forbids invented
 * dates, figures and quotes (SYN-3). An unsupported number or address is a validation issue of the
 * model's answer (`synthesisOutputSchema`: re-asked once, then the synthesis fails and the story is
 * held, issue 21 §8); an unsupported quotation stays a warning in the audit record.
 */
import { foldAccents } from '@espectro/methodology';
import type { CitedSentence, ClusterArticle, SynthesisWarning } from './types.js';

const NUMBER = /\p{N}(?:[\p{N}.,\u00a0\u202f]*\p{N})?/gu;
const SEPARATORS = /[^\p{N}]/gu;
const QUOTE = /[«“"]([^«»“”"]{12,})[»”"]/gu;
/** A web address as a model would write one: with a scheme, or starting with `www.`. */
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>«»“”"')\]]+/giu;

/** An address without scheme, `www.`, trailing punctuation or case ("https://www.X.cl/a." → "x.cl/a"). */
function normalAddress(address: string): string {
  return address
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[.,;:!?]+$/, '');
}

/** Digit strings of the numbers in `text`, separators removed ("1.500" and "1500" → "1500"). */
function numbersOf(text: string): string[] {
  const numbers: string[] = [];
  for (const match of text.matchAll(NUMBER)) numbers.push(match[0].replace(SEPARATORS, ''));
  return numbers;
}

function articleText(article: ClusterArticle): string {
  return [article.title, article.description ?? '', article.body ?? ''].join('\n');
}

/**
 * Warnings for numbers, web addresses and quotations (≥ 12 characters between «», “” or "") of
 * each sentence that occur in none of the articles it cites. Numbers are compared as digit
 * strings; addresses without scheme, `www.` and case; quotations accent- and case-insensitively.
 *
 * @example
 * groundingWarnings([{ text: 'Murieron 12 personas.', articleIds: ['a1'], discrepancy: false }], articles);
 * // [{ kind: 'unsupported_number', sentenceIndex: 0, value: '12' }] when a1 never says 12
 */
export function groundingWarnings(
  sentences: readonly CitedSentence[],
  articles: readonly ClusterArticle[],
): SynthesisWarning[] {
  const byId = new Map(articles.map((article) => [article.id, article]));
  const numberCache = new Map<string, Set<string>>();
  const addressCache = new Map<string, string>();
  const addressesOfArticle = (id: string): string => {
    let text = addressCache.get(id);
    if (text === undefined) {
      const article = byId.get(id);
      text = article === undefined ? '' : articleText(article).toLowerCase();
      addressCache.set(id, text);
    }
    return text;
  };
  const foldedCache = new Map<string, string>();
  const numbersOfArticle = (id: string): Set<string> => {
    let numbers = numberCache.get(id);
    if (numbers === undefined) {
      const article = byId.get(id);
      numbers = new Set(article === undefined ? [] : numbersOf(articleText(article)));
      numberCache.set(id, numbers);
    }
    return numbers;
  };
  const foldedArticle = (id: string): string => {
    let folded = foldedCache.get(id);
    if (folded === undefined) {
      const article = byId.get(id);
      folded = article === undefined ? '' : foldAccents(articleText(article)).replace(/\s+/g, ' ');
      foldedCache.set(id, folded);
    }
    return folded;
  };
  const warnings: SynthesisWarning[] = [];
  sentences.forEach((sentence, sentenceIndex) => {
    for (const match of sentence.text.matchAll(NUMBER)) {
      const digits = match[0].replace(SEPARATORS, '');
      if (!sentence.articleIds.some((id) => numbersOfArticle(id).has(digits))) {
        warnings.push({ kind: 'unsupported_number', sentenceIndex, value: match[0] });
      }
    }
    for (const match of sentence.text.matchAll(ADDRESS)) {
      const address = normalAddress(match[0]);
      if (!sentence.articleIds.some((id) => addressesOfArticle(id).includes(address))) {
        warnings.push({ kind: 'unsupported_url', sentenceIndex, value: match[0] });
      }
    }
    for (const match of sentence.text.matchAll(QUOTE)) {
      const quoted = foldAccents(match[1]!).replace(/\s+/g, ' ').trim();
      if (!sentence.articleIds.some((id) => foldedArticle(id).includes(quoted))) {
        warnings.push({ kind: 'unsupported_quote', sentenceIndex, value: match[1]! });
      }
    }
  });
  return warnings;
}
