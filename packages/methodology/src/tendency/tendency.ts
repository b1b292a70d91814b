import { inputError } from '../errors.js';
import { toDayNumber } from '../shared/dates.js';
import { parseInput } from '../shared/validate.js';
import { TENDENCY_PARAMETERS } from './parameters.js';
import {
  ArticleConfidenceInputSchema,
  OutletTendencyInputSchema,
  type ArticleConfidenceInput,
  type ArticleConfidenceLevel,
  type ArticleConfidenceResult,
  type OutletTendencyOptions,
  type OutletTendencyResult,
  type TendencyArticle,
} from './schemas.js';

const ONE_LEVEL_DOWN: Readonly<Record<ArticleConfidenceLevel, ArticleConfidenceLevel>> = {
  high: 'medium',
  medium: 'low',
  low: 'low',
};

/**
 * ART-1 **[choice]** (seed 000 "Confiança e amostra"): the confidence of one article's
 * classification — `high` if politically relevant, ≥ 300 words and ≥ 3 explicit indicators;
 * `medium` if politically relevant, ≥ 120 words and ≥ 1 indicator; else `low`. When the outlet has
 * fewer than 10 analysed articles in the window the level drops one step and the article is
 * marked `preliminary` (always, even when the level is already `low`).
 *
 * @example
 * articleConfidence({ words: 300, indicators: 3, politicallyRelevant: true, outletSample: 10 });
 * // { confidence: 'high', preliminary: false }
 * articleConfidence({ words: 300, indicators: 3, politicallyRelevant: true, outletSample: 9 });
 * // { confidence: 'medium', preliminary: true }
 */
export function articleConfidence(article: ArticleConfidenceInput): ArticleConfidenceResult {
  const parsed = parseInput(ArticleConfidenceInputSchema, article, 'ART-1', 'articleConfidence');
  const parameters = TENDENCY_PARAMETERS;
  // rule ART-1
  let confidence: ArticleConfidenceLevel = 'low';
  if (parsed.politicallyRelevant) {
    if (parsed.words >= parameters.highMinWords && parsed.indicators >= parameters.highMinIndicators)
      confidence = 'high';
    else if (parsed.words >= parameters.mediumMinWords && parsed.indicators >= parameters.mediumMinIndicators)
      confidence = 'medium';
  }
  const preliminary = parsed.outletSample < parameters.minOutletSample;
  if (preliminary) confidence = ONE_LEVEL_DOWN[confidence];
  return { confidence, preliminary };
}

/**
 * OT-1..3 (seed 000 "Tendência editorial"): an outlet's tendency is the mode of the bias of its
 * politically relevant articles analysed with `medium`/`high` confidence and published within the
 * 90 days up to `options.asOf` (0–90 days inclusive, calendar dates in UTC). Articles with
 * `bias: null` are not counted in `n`. n < 10 → no tendency (`insufficient_sample`, "sem amostra
 * suficiente", checked before ties); a tie for the mode → no tendency (`tie`, **[choice]**);
 * otherwise `medium` for 10–24 and `high` for ≥ 25. An article published after `asOf` is an input
 * error. The result does not depend on the order of the articles.
 *
 * @example
 * const day = (d: number) => `2026-04-${String(d).padStart(2, '0')}`;
 * const articles = Array.from({ length: 12 }, (_, i) => ({
 *   bias: i < 7 ? 'left' : 'right', confidence: 'medium', politicallyRelevant: true, publishedAt: day(i + 1),
 * }) as const);
 * outletTendency([...articles], { asOf: '2026-04-27' }); // { bias: 'left', confidence: 'medium', n: 12 }
 */
export function outletTendency(articles: TendencyArticle[], options: OutletTendencyOptions): OutletTendencyResult {
  const functionName = 'outletTendency';
  const parsed = parseInput(OutletTendencyInputSchema, { articles, options }, 'OT-1', functionName);
  const parameters = TENDENCY_PARAMETERS;
  const asOfDay = toDayNumber(parsed.options.asOf);
  const windowStartDay = asOfDay - parameters.windowDays;
  let left = 0;
  let center = 0;
  let right = 0;
  const list = parsed.articles;
  for (let index = 0; index < list.length; index += 1) {
    const article = list[index]!;
    const day = toDayNumber(article.publishedAt);
    if (day > asOfDay)
      inputError('OT-1', functionName, ['articles', index, 'publishedAt'], 'article published after asOf');
    // rule OT-1
    if (day < windowStartDay || !article.politicallyRelevant || article.confidence === 'low') continue;
    if (article.bias === 'left') left += 1;
    else if (article.bias === 'center') center += 1;
    else if (article.bias === 'right') right += 1;
  }
  const n = left + center + right;
  // rule OT-2
  if (n < parameters.mediumSample) return { bias: null, confidence: null, n, reason: 'insufficient_sample' };
  // rule OT-3
  const top = Math.max(left, center, right);
  const leaders = (left === top ? 1 : 0) + (center === top ? 1 : 0) + (right === top ? 1 : 0);
  if (leaders > 1) return { bias: null, confidence: null, n, reason: 'tie' };
  const bias = left === top ? 'left' : center === top ? 'center' : 'right';
  // rule OT-2
  return { bias, confidence: n >= parameters.highSample ? 'high' : 'medium', n };
}
