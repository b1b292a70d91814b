/**
 * The "Fuja da Bolha" blindspot (RULES.md §4, seed 000 "Ponto cego"): per article, exact integer
 * inequalities, at most one side.
 */
import { lessThan } from '../shared/exact.js';
import type { Bucket } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import {
  BS_BR_GAP_COEFFICIENTS,
  BS_BR_LOW_FACTUALITY_SCORE,
  BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE,
  BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE,
  BS_BR_MIN_ARTICLES_WITH_BIAS,
  BS_BR_MIN_OPPOSITE_PERCENT,
} from './constants.js';
import { isBucket, isObjectRecord } from './internal.js';
import { BlindspotFujaDaBolhaInputSchema, type FujaDaBolhaArticle, type FujaDaBolhaSide } from './schemas.js';

/**
 * Which side of a story is a Fuja da Bolha blindspot, if any. Counts are per article (several
 * articles of one outlet count individually). With n = articles whose outlet bias is known and
 * cF / cO = articles of the focus / opposite side, `focus` is a blindspot iff
 * BS-BR-1 n ≥ 5 · BS-BR-2 cF < 10 · BS-BR-3 100·cO ≥ 33·n · BS-BR-4 370·cF < 300·cO − 99·n ·
 * BS-BR-5 100·lowFact < 35·total, where lowFact counts articles (of any bias, known or not) whose
 * outlet factuality score is < 55 (exactly 55, or an unknown score, is not low) and total counts
 * every article. Center has no blindspot; at most one side can qualify (BS-BR-4 for both sides
 * would need 70·(cL + cR) < −198·n).
 *
 * @example
 * const right = { bias: 'right', factualityScore: 80 } as const;
 * blindspotFujaDaBolha([right, right, right, right, right]); // 'left'
 * blindspotFujaDaBolha([right, right, right, right]);        // null (n = 4 < 5, BS-BR-1)
 */
export function blindspotFujaDaBolha(articles: readonly FujaDaBolhaArticle[]): FujaDaBolhaSide | null {
  const valid = isFujaDaBolhaInput(articles)
    ? articles
    : parseInput(BlindspotFujaDaBolhaInputSchema, articles, 'BS-BR', 'blindspotFujaDaBolha');
  return blindspotFujaDaBolhaUnchecked(valid);
}

/**
 * {@link blindspotFujaDaBolha} without schema validation, for bulk input already validated.
 *
 * @example
 * blindspotFujaDaBolhaUnchecked(articlesReadFromTheStore); // 'left' | 'right' | null
 */
export function blindspotFujaDaBolhaUnchecked(articles: readonly FujaDaBolhaArticle[]): FujaDaBolhaSide | null {
  let withBias = 0;
  let left = 0;
  let right = 0;
  let lowFactuality = 0;
  const total = articles.length;
  for (let index = 0; index < total; index += 1) {
    const article = articles[index]!;
    const bias = article.bias;
    if (bias !== null) {
      withBias += 1;
      if (bias === 'left') left += 1;
      else if (bias === 'right') right += 1;
    }
    const score = article.factualityScore;
    // rule BS-BR-5: an unknown score is not low; a score within 1e-9 of 55 counts as 55 (not low).
    if (score !== null && lessThan(score, BS_BR_LOW_FACTUALITY_SCORE)) lowFactuality += 1;
  }
  // rule BS-BR-1 and rule BS-BR-5 do not depend on the side.
  if (withBias < BS_BR_MIN_ARTICLES_WITH_BIAS) return null;
  if (!(100 * lowFactuality < BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE * total)) return null;
  if (sideQualifies(left, right, withBias)) return 'left';
  if (sideQualifies(right, left, withBias)) return 'right';
  return null;
}

/** rules BS-BR-2, BS-BR-3 and BS-BR-4 for one focus side. */
function sideQualifies(focus: number, opposite: number, withBias: number): boolean {
  return (
    focus < BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE && // rule BS-BR-2
    100 * opposite >= BS_BR_MIN_OPPOSITE_PERCENT * withBias && // rule BS-BR-3
    BS_BR_GAP_COEFFICIENTS.focus * focus <
      BS_BR_GAP_COEFFICIENTS.opposite * opposite - BS_BR_GAP_COEFFICIENTS.total * withBias // rule BS-BR-4
  );
}

/**
 * The outcome of each BS-BR criterion for one focus side.
 *
 * @example
 * const side: FujaDaBolhaSideExplanation = explainBlindspotFujaDaBolha(articles).left;
 * side.criteria['BS-BR-4']; // true when 370·cF < 300·cO − 99·n
 */
export interface FujaDaBolhaSideExplanation {
  /** Articles of the focus side (cF) and of the opposite side (cO). */
  focus: number;
  opposite: number;
  /** Outcome of each criterion, keyed by rule ID. */
  criteria: { 'BS-BR-1': boolean; 'BS-BR-2': boolean; 'BS-BR-3': boolean; 'BS-BR-4': boolean; 'BS-BR-5': boolean };
  /** All five criteria hold. */
  blindspot: boolean;
}

/**
 * Every count and criterion behind a Fuja da Bolha decision, for pages and drift logs.
 *
 * @example
 * const explained: FujaDaBolhaExplanation = explainBlindspotFujaDaBolha(articles);
 * explained.withBias; // n
 */
export interface FujaDaBolhaExplanation {
  /** Every article of the story. */
  total: number;
  /** Articles whose outlet bias is known (n). */
  withBias: number;
  /** Articles per bucket. */
  counts: Record<Bucket, number>;
  /** Articles whose outlet factuality score is below 55. */
  lowFactuality: number;
  left: FujaDaBolhaSideExplanation;
  right: FujaDaBolhaSideExplanation;
  /** Same as {@link blindspotFujaDaBolha}. */
  result: FujaDaBolhaSide | null;
}

/**
 * The counts and the outcome of every BS-BR criterion for both sides, so a page can show why a
 * story is (not) a blindspot. `result` always equals {@link blindspotFujaDaBolha} of the same input.
 *
 * @example
 * const right = { bias: 'right', factualityScore: 80 } as const;
 * explainBlindspotFujaDaBolha([right, right, right, right]).left.criteria['BS-BR-1']; // false
 */
export function explainBlindspotFujaDaBolha(articles: readonly FujaDaBolhaArticle[]): FujaDaBolhaExplanation {
  const valid = isFujaDaBolhaInput(articles)
    ? articles
    : parseInput(BlindspotFujaDaBolhaInputSchema, articles, 'BS-BR', 'explainBlindspotFujaDaBolha');
  const counts: Record<Bucket, number> = { left: 0, center: 0, right: 0 };
  let lowFactuality = 0;
  for (const article of valid) {
    if (article.bias !== null) counts[article.bias] += 1;
    if (article.factualityScore !== null && lessThan(article.factualityScore, BS_BR_LOW_FACTUALITY_SCORE))
      lowFactuality += 1;
  }
  const total = valid.length;
  const withBias = counts.left + counts.center + counts.right;
  const side = (focus: number, opposite: number): FujaDaBolhaSideExplanation => {
    const criteria = {
      'BS-BR-1': withBias >= BS_BR_MIN_ARTICLES_WITH_BIAS,
      'BS-BR-2': focus < BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE,
      'BS-BR-3': 100 * opposite >= BS_BR_MIN_OPPOSITE_PERCENT * withBias,
      'BS-BR-4':
        BS_BR_GAP_COEFFICIENTS.focus * focus <
        BS_BR_GAP_COEFFICIENTS.opposite * opposite - BS_BR_GAP_COEFFICIENTS.total * withBias,
      'BS-BR-5': 100 * lowFactuality < BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE * total,
    };
    return { focus, opposite, criteria, blindspot: Object.values(criteria).every(Boolean) };
  };
  const left = side(counts.left, counts.right);
  const right = side(counts.right, counts.left);
  return {
    total,
    withBias,
    counts,
    lowFactuality,
    left,
    right,
    result: left.blindspot ? 'left' : right.blindspot ? 'right' : null,
  };
}

// ── Fast structural check (see internal.ts) ────────────────────────────────────────────────────

/** Sound fast check of `BlindspotFujaDaBolhaInputSchema`. */
export function isFujaDaBolhaInput(value: unknown): value is FujaDaBolhaArticle[] {
  if (!Array.isArray(value)) return false;
  for (let index = 0; index < value.length; index += 1) {
    const article: unknown = value[index];
    if (!isObjectRecord(article)) return false;
    const bias = article.bias;
    if (!(bias === null || isBucket(bias))) return false;
    const score = article.factualityScore;
    if (!(score === null || (typeof score === 'number' && score >= 0 && score <= 100))) return false;
    for (const key in article) {
      if (key !== 'bias' && key !== 'factualityScore') return false;
    }
  }
  return true;
}
