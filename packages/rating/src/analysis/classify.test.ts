import { articleConfidence, outletTendency } from '@espectro/methodology';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ActorContext } from '../actors.js';
import { brazil, portugueseArticle } from '../__fixtures__/fixtures.js';
import { BUNDLED_LEXICONS } from '../lexicon.js';
import { classifyArticle, leanScore, tendencyFromAnalyses } from './classify.js';
import { analyzeWithLexicon } from './lexicon-analyzer.js';

let context: ActorContext;
beforeAll(async () => {
  context = (await brazil()).context;
});

describe('classifyArticle (ART-1, AUDIT)', () => {
  test('the confidence is articleConfidence of the analysis, never the model', () => {
    const analysis = analyzeWithLexicon(portugueseArticle(), context, BUNDLED_LEXICONS.pt);
    for (const outletSample of [0, 9, 10, 40]) {
      const classification = classifyArticle(analysis, { outletSample });
      expect({ confidence: classification.confidence, preliminary: classification.preliminary }).toEqual(
        articleConfidence({
          words: analysis.words,
          indicators: analysis.indicators.length,
          politicallyRelevant: analysis.politicallyRelevant,
          outletSample,
        }),
      );
      expect(classification.audit).toMatchObject({
        model: 'lexicon-pt@2026-05-01',
        vendor: 'lexicon-baseline (offline)',
        promptVersion: '2026-05-01',
        tokens: { input: 0, output: 0 },
        score: leanScore(analysis),
        indicators: analysis.indicators.map((indicator) => indicator.quote),
        methodologyVersion: 'v1.3-2026-12',
      });
    }
  });

  test('the Brazilian outlet tendency is outletTendency over the classified analyses (OT-*)', () => {
    const analyses = Array.from({ length: 12 }, (_, index) =>
      analyzeWithLexicon(
        portugueseArticle({
          id: `p${index}`,
          publishedAt: `2026-04-${String(index + 1).padStart(2, '0')}`,
          text: `${portugueseArticle().text} ${'Texto de enchimento sem marcadores. '.repeat(30)}`,
        }),
        context,
        BUNDLED_LEXICONS.pt,
      ),
    );
    const { tendency, classifications } = tendencyFromAnalyses(analyses, '2026-04-27');
    expect(classifications.every((classification) => classification.confidence !== 'low')).toBe(true);
    expect(tendency).toEqual(
      outletTendency(
        analyses.map((analysis, index) => ({
          bias: analysis.bias,
          confidence: classifications[index]!.confidence,
          politicallyRelevant: analysis.politicallyRelevant,
          publishedAt: analysis.publishedAt,
        })),
        { asOf: '2026-04-27' },
      ),
    );
    expect(tendency).toMatchObject({ bias: 'left', confidence: 'medium', n: 12 });
    expect(tendencyFromAnalyses(analyses.slice(0, 9), '2026-04-27').tendency).toMatchObject({
      bias: null,
      reason: 'insufficient_sample',
    });
  });
});
