/**
 * A cheap grounding check of synthesised text: numbers and quotations that do not occur in the
 * cited articles are reported as warnings (the prompt forbids invented dates, figures and quotes,
 * SYN-3; this makes a slip visible in the audit record without failing the story).
 */
import { foldText } from './text.js';
import type { CitedSentence, ClusterArticle, SynthesisWarning } from './types.js';

const NUMBER = /\p{N}(?:[\p{N}.,\u00a0\u202f]*\p{N})?/gu;
const SEPARATORS = /[^\p{N}]/gu;
const QUOTE = /[«“"]([^«»“”"]{12,})[»”"]/gu;

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
 * Warnings for numbers and quotations (≥ 12 characters between «», “” or "") of each sentence
 * that occur in none of the articles it cites. Numbers are compared as digit strings; quotations
 * accent- and case-insensitively.
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
      folded = article === undefined ? '' : foldText(articleText(article)).replace(/\s+/g, ' ');
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
    for (const match of sentence.text.matchAll(QUOTE)) {
      const quoted = foldText(match[1]!).replace(/\s+/g, ' ').trim();
      if (!sentence.articleIds.some((id) => foldedArticle(id).includes(quoted))) {
        warnings.push({ kind: 'unsupported_quote', sentenceIndex, value: match[1]! });
      }
    }
  });
  return warnings;
}
