import {
  articleConfidence,
  classificationAudit,
  METHODOLOGY_VERSION,
  outletTendency,
  TENDENCY_PARAMETERS,
  type ArticleConfidenceLevel,
  type Bucket,
  type ClassificationAudit,
  type OutletTendencyResult,
  type TendencyArticle,
} from '@espectro/methodology';
import { dayNumber } from '../dates.js';
import { RatingError } from '../errors.js';
import type { ArticleAnalysis } from './types.js';

/** One article's classification: the estimate, its ART-1 confidence and the AUDIT record. */
export interface ArticleClassification {
  articleId: string;
  bias: Bucket | null;
  politicallyRelevant: boolean;
  /** Rule ART-1, computed by `articleConfidence` — never by the model. */
  confidence: ArticleConfidenceLevel;
  /** True when the outlet has fewer than 10 analysed articles in the window (ART-1). */
  preliminary: boolean;
  /** Rule AUDIT: model, prompt version, tokens, score, confidence, indicators, methodology version. */
  audit: ClassificationAudit;
}

/**
 * The lean score stored in the audit record: (right indicators − left indicators) / indicators,
 * in [−1, 1] (0 without indicators). It documents the evidence; it decides nothing.
 *
 * @example
 * leanScore(analysis); // -0.5 → leaning left
 */
export function leanScore(analysis: Pick<ArticleAnalysis, 'indicators'>): number {
  if (analysis.indicators.length === 0) return 0;
  let score = 0;
  for (const indicator of analysis.indicators)
    score += indicator.side === 'right' ? 1 : indicator.side === 'left' ? -1 : 0;
  return score / analysis.indicators.length;
}

/**
 * Classifies one analysed article (seed 000 "Confiança e amostra"): its bias is the analysis's
 * estimate, its confidence comes from rule ART-1 (`articleConfidence` of @espectro/methodology:
 * words, verified indicators, political relevance, and `outletSample` = analysed articles of the
 * outlet in the 90-day window), and the AUDIT record is validated by `classificationAudit`.
 * Only `ok` analyses can be classified.
 *
 * @example
 * classifyArticle(analysis, { outletSample: 12 });
 * // { bias: 'left', confidence: 'medium', preliminary: false, audit: { model: 'gemini-2.5-flash', promptVersion: '2026-05-01.1', … } }
 */
export function classifyArticle(
  analysis: ArticleAnalysis,
  options: { outletSample: number; classifiedAt?: string },
): ArticleClassification {
  if (analysis.status !== 'ok') {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'classify',
      message: `article ${analysis.articleId} has no usable analysis (${analysis.status}: ${analysis.rejection ?? ''})`,
    });
  }
  // rule ART-1
  const { confidence, preliminary } = articleConfidence({
    words: analysis.words,
    indicators: analysis.indicators.length,
    politicallyRelevant: analysis.politicallyRelevant,
    outletSample: options.outletSample,
  });
  // rule AUDIT
  const audit = classificationAudit({
    model: analysis.model ?? `${analysis.promptId}@${analysis.promptVersion}`,
    vendor: analysis.vendor ?? analysis.backend,
    promptVersion: analysis.promptVersion,
    tokens: { input: analysis.usage.inputTokens, output: analysis.usage.outputTokens },
    score: leanScore(analysis),
    confidence,
    indicators: analysis.indicators.map((indicator) => indicator.quote),
    methodologyVersion: METHODOLOGY_VERSION,
    costUsd: analysis.costUsd,
    ...(options.classifiedAt === undefined ? {} : { classifiedAt: options.classifiedAt }),
  });
  return {
    articleId: analysis.articleId,
    bias: analysis.bias,
    politicallyRelevant: analysis.politicallyRelevant,
    confidence,
    preliminary,
    audit,
  };
}

/**
 * The Brazilian outlet tendency (seed 000, rules OT-1..3) from article analyses: every `ok`
 * analysis published within the 90 days up to `asOf` is classified with ART-1 (`outletSample` =
 * their number), then `outletTendency` of @espectro/methodology takes the mode of the politically
 * relevant `medium`/`high` ones (n < 10 → no tendency; tie → no tendency).
 *
 * @example
 * const { tendency } = tendencyFromAnalyses(analyses, '2026-04-27');
 * tendency; // { bias: 'left', confidence: 'medium', n: 14 } or { bias: null, reason: 'insufficient_sample', … }
 */
export function tendencyFromAnalyses(
  analyses: readonly ArticleAnalysis[],
  asOf: string,
): { tendency: OutletTendencyResult; classifications: ArticleClassification[] } {
  const asOfDay = dayNumber(asOf);
  const inWindow = analyses.filter((analysis) => {
    if (analysis.status !== 'ok') return false;
    const day = dayNumber(analysis.publishedAt);
    return day <= asOfDay && day >= asOfDay - TENDENCY_PARAMETERS.windowDays;
  });
  const classifications = inWindow.map((analysis) => classifyArticle(analysis, { outletSample: inWindow.length }));
  const articles: TendencyArticle[] = inWindow.map((analysis, index) => ({
    bias: analysis.bias,
    confidence: classifications[index]!.confidence,
    politicallyRelevant: analysis.politicallyRelevant,
    publishedAt: analysis.publishedAt,
  }));
  return { tendency: outletTendency(articles, { asOf }), classifications };
}
