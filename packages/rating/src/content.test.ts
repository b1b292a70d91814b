import { readFileSync } from 'node:fs';
import * as methodology from '@espectro/methodology';
import { contentBucket, contentFactuality, explainContentBucket } from '@espectro/methodology';
import { createMemoryLedger } from '@espectro/llm';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { actorContext, type PoliticalActorMap } from './actors.js';
import { createMemoryArticleSource, parseArticlesJsonl, type Article } from './articles.js';
import { createLexiconArticleAnalyzer } from './analysis/lexicon-analyzer.js';
import { createLlmArticleAnalyzer } from './analysis/llm-analyzer.js';
import type { ArticleAnalysis, ArticleAnalyzer } from './analysis/types.js';
import { AS_OF, DEMO_DIRECTORY, spain } from './__fixtures__/fixtures.js';
import * as content from './content.js';
import { analyzeOutletContent, contentMetricsFromAnalyses } from './content.js';
import { ContentEvidenceSchema } from '@espectro/methodology';

let map: PoliticalActorMap;
let server: FakeLlmServer;
const demoArticles = parseArticlesJsonl(readFileSync(`${DEMO_DIRECTORY}articles.jsonl`, 'utf8'));
beforeAll(async () => {
  map = (await spain()).map;
  server = await startFakeLlmServer();
});
afterAll(async () => {
  await server.close();
});

function countingAnalyzer(): ArticleAnalyzer & { calls: number } {
  const inner = createLexiconArticleAnalyzer();
  const analyzer = {
    backend: inner.backend,
    calls: 0,
    async analyze(...args: Parameters<ArticleAnalyzer['analyze']>) {
      analyzer.calls += 1;
      return inner.analyze(...args);
    },
  };
  return analyzer;
}

function syntheticArticles(count: number, overrides: (index: number) => Partial<Article> = () => ({})): Article[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `s${index}`,
    outlet: 'sintetico.example',
    title: 'Debate sobre la reforma',
    text: 'Según el PP, la presión fiscal asfixia a los emprendedores. El Gobierno acumula otro fracaso. (Texto sintético.)',
    publishedAt: `2026-04-${String(1 + (index % 26)).padStart(2, '0')}`,
    language: 'es',
    topic: index % 2 === 0 ? 'politics' : 'economy',
    byline: 'Redacción',
    ...overrides(index),
  }));
}

describe('analyzeOutletContent', () => {
  test('fewer than 20 articles in the window → insufficient, and no analysis call is made (CB-0)', async () => {
    const analyzer = countingAnalyzer();
    const result = await analyzeOutletContent({
      outlet: 'sintetico.example',
      asOf: AS_OF,
      actors: map,
      source: createMemoryArticleSource(syntheticArticles(19)),
      analyzer,
    });
    expect(analyzer.calls).toBe(0);
    expect(result.evidence).toMatchObject({
      status: 'insufficient',
      sample_size: 19,
      window_days: 90,
      window_start: '2026-01-27',
    });
    expect(result.analyses).toEqual([]);
    expect(ContentEvidenceSchema.parse(result.evidence)).toEqual(result.evidence);
  });

  test('offline run on the demo corpus: the bucket is contentBucket of the stored metrics, sample stored', async () => {
    const analyzer = countingAnalyzer();
    const result = await analyzeOutletContent({
      outlet: 'periodico-a.example',
      asOf: AS_OF,
      actors: map,
      source: createMemoryArticleSource(demoArticles),
      analyzer,
      seed: 7,
    });
    const evidence = result.evidence;
    if (evidence.status === 'insufficient') throw new Error('expected an analysed sample');
    expect(analyzer.calls).toBe(result.sample.ids.length);
    expect(result.sample.ids.length).toBeLessThanOrEqual(60);
    expect(evidence.sample).toMatchObject({
      seed: 7,
      ids: result.sample.ids,
      analysed: evidence.sample_size,
      rejected: 0,
      failed: 0,
    });
    expect(evidence.backend).toBe('lexicon-baseline (offline)');
    expect(evidence.prompt_id).toBe('lexicon-es');
    expect(evidence.incumbent).toBe('left');
    expect(evidence.content_only_sesgo).toBe('left');
    expect(contentBucket(result.metrics!.bucketInput)).toBe(evidence.content_only_sesgo);
    expect(result.explanation).toEqual(explainContentBucket(result.metrics!.bucketInput));
    expect(
      evidence.quote_distribution!.izq + evidence.quote_distribution!.centro + evidence.quote_distribution!.der,
    ).toBeCloseTo(1, 12);
    expect(ContentEvidenceSchema.parse(evidence)).toEqual(evidence);
    // same seed, same evidence
    const again = await analyzeOutletContent({
      outlet: 'periodico-a.example',
      asOf: AS_OF,
      actors: map,
      source: createMemoryArticleSource(demoArticles),
      analyzer,
      seed: 7,
    });
    expect(again.evidence).toEqual(evidence);
  });

  test('LLM run (fake server): cost from the ledger, rejected answers excluded from the sample size', async () => {
    server.reset();
    const answer = {
      politically_relevant: true,
      bias: 'right',
      evidence: 'Encuadre de carga fiscal.',
      indicators: [
        {
          quote: 'la presión fiscal asfixia a los emprendedores',
          points_to: 'right',
          kind: 'loaded_language',
          explanation: 'marco',
        },
      ],
      framing: 'pro_opposition',
      framing_quotes: ['El Gobierno acumula otro fracaso.'],
      figures: [],
      topics: [{ topic: 'economy', position: 'conservative', quote: 'la presión fiscal asfixia a los emprendedores' }],
      quoted_sources: [{ name: 'PP', actor_id: 'partido-popular', quote: 'Según el PP' }],
      correction_quote: null,
      primary_source_quotes: [],
      unattributed_claim_quotes: [],
      viral_content_quotes: [],
    };
    const invented = {
      ...answer,
      indicators: [{ quote: 'una frase que no existe', points_to: 'right', kind: 'x', explanation: 'x' }],
    };
    // two articles get invented quotes twice (rejected); everything else is grounded
    server.enqueueFor(
      { vendor: 'gemini' },
      reply.json(invented),
      reply.json(invented),
      reply.json(invented),
      reply.json(invented),
    );
    server.setDefault(reply.json(answer, { inputTokens: 1500, outputTokens: 350 }));
    const ledger = createMemoryLedger();
    const result = await analyzeOutletContent({
      outlet: 'sintetico.example',
      asOf: AS_OF,
      actors: map,
      source: createMemoryArticleSource(syntheticArticles(30)),
      analyzer: createLlmArticleAnalyzer({ model: server.model('gemini'), ledger }),
      concurrency: 1,
    });
    const evidence = result.evidence;
    if (evidence.status === 'insufficient') throw new Error('expected an analysed sample');
    expect(evidence.sample).toMatchObject({ analysed: 28, rejected: 2, failed: 0 });
    expect(evidence.sample_size).toBe(28);
    expect(evidence.backend).toBe('llm:gemini/gemini-2.5-flash');
    expect(evidence.prompt_version).toBe('2026-05-01.1');
    expect(evidence.content_only_sesgo).toBe('right'); // incumbent left, ratio < 0.6, quotes right, topics conservative
    const totals = ledger.totals({ jobId: `content:sintetico.example:${AS_OF}` });
    expect(totals.calls).toBe(32);
    expect(result.costUsd).toBeCloseTo(totals.costUsd, 12);
    expect(evidence.cost_usd).toBeCloseTo(totals.costUsd, 12);
  });

  test('news and opinion buckets are recorded when both reach a bucket (CONF-SPLIT input)', async () => {
    const news = syntheticArticles(20);
    const opinion = syntheticArticles(20, (index) => ({
      id: `o${index}`,
      section: 'opinion',
      text: 'Según el PSOE, la reducción de jornada es justicia social. El Gobierno celebra un avance histórico. La transición energética avanza. (Texto sintético.)',
    }));
    const result = await analyzeOutletContent({
      outlet: 'sintetico.example',
      asOf: AS_OF,
      actors: map,
      source: createMemoryArticleSource([
        ...news.map((article) => ({ ...article, section: 'news' as const })),
        ...opinion,
      ]),
      analyzer: createLexiconArticleAnalyzer(),
    });
    expect(result.evidence).toMatchObject({ news_sesgo: 'right', opinion_sesgo: 'left' });
  });
});

describe('content metrics and factuality', () => {
  function analysis(overrides: Partial<ArticleAnalysis>): ArticleAnalysis {
    return {
      articleId: 'x',
      outlet: 'o.example',
      publishedAt: AS_OF,
      language: 'es',
      section: null,
      backend: 'test',
      promptId: 'p',
      promptVersion: '1',
      vendor: null,
      model: null,
      status: 'ok',
      words: 200,
      politicallyRelevant: true,
      bias: 'center',
      indicators: [],
      evidence: '',
      framing: 'neutral',
      framingEvidence: [],
      figures: [],
      topics: [],
      quotedSources: [],
      factuality: { byline: true, correction: null, primarySources: [], primaryLinks: [], unattributed: [], viral: [] },
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
      reasked: false,
      ...overrides,
    };
  }

  test('ratio with the ½ correction, only from 5 framed articles; failed analyses ignored', async () => {
    const context = actorContext(map, AS_OF);
    const four = [...Array(3)]
      .map(() => analysis({ framing: 'pro_government' }))
      .concat([analysis({ framing: 'pro_opposition' })]);
    expect(contentMetricsFromAnalyses(four, context).govOpp.ratio).toBeNull();
    const five = [...four, analysis({ framing: 'pro_government' })];
    expect(contentMetricsFromAnalyses(five, context).govOpp.ratio).toBeCloseTo(4.5 / 1.5, 12);
    const withFailed = [...five, analysis({ status: 'failed', framing: 'pro_opposition' })];
    expect(contentMetricsFromAnalyses(withFailed, context).sampleSize).toBe(5);
  });

  test('topic positions need 3 articles and an exact 2/3 majority', async () => {
    const context = actorContext(map, AS_OF);
    const stance = (position: 'progressive' | 'neutral' | 'conservative') =>
      analysis({ topics: [{ topic: 'labour', position, evidence: [] }] });
    expect(
      contentMetricsFromAnalyses([stance('progressive'), stance('progressive')], context).topics.labour.position,
    ).toBe('n/a');
    expect(
      contentMetricsFromAnalyses([stance('progressive'), stance('progressive'), stance('neutral')], context).topics
        .labour.position,
    ).toBe('progressive');
    expect(
      contentMetricsFromAnalyses([stance('progressive'), stance('conservative'), stance('neutral')], context).topics
        .labour.position,
    ).toBe('mixed');
  });

  test('content factuality follows the documented order (rule CF-1 of @espectro/methodology)', () => {
    const base = {
      articles: 40,
      bylined: 38,
      withPrimarySources: 25,
      withCorrections: 2,
      withUnattributed: 1,
      withViral: 0,
    };
    expect(contentFactuality(base)).toBe('very-high');
    expect(contentFactuality({ ...base, withViral: 1 })).toBe('high');
    expect(contentFactuality({ ...base, bylined: 27 })).toBe('mixed');
    expect(contentFactuality({ ...base, withCorrections: 0, withUnattributed: 12 })).toBe('low');
    expect(contentFactuality({ ...base, withCorrections: 0, withViral: 8 })).toBe('low');
    expect(contentFactuality({ ...base, articles: 19, bylined: 18, withPrimarySources: 12 })).toBeNull();
    // counts that cannot come from 19 articles (38 of them signed) are an input error now, not a level
    expect(() => contentFactuality({ ...base, articles: 19 })).toThrow(methodology.MethodologyInputError);
  });

  test('the metrics carry the CF-1 level of their factuality counts', () => {
    const context = actorContext(map, AS_OF);
    const signed = [...Array(20)].map(() => analysis({}));
    const metrics = contentMetricsFromAnalyses(signed, context);
    const { level, ...counts } = metrics.factuality;
    expect(level).toBe(contentFactuality(counts));
    expect(contentMetricsFromAnalyses(signed.slice(0, 19), context).factuality.level).toBeNull();
  });

  test('the deprecated exports are the methodology ones, with unchanged values', () => {
    expect(content.CONTENT_METRIC_PARAMETERS).toBe(methodology.CONTENT_METRIC_PARAMETERS);
    expect(content.CONTENT_FACTUALITY_PARAMETERS).toBe(methodology.CONTENT_FACTUALITY_PARAMETERS);
    expect(content.contentFactuality).toBe(methodology.contentFactuality);
    expect(content.CONTENT_METRIC_PARAMETERS).toEqual({
      minFramedArticles: 5,
      ratioContinuityCorrection: 0.5,
      minFigureArticles: 3,
      minTopicArticles: 3,
      topicMajorityNumerator: 2,
      topicMajorityDenominator: 3,
      minMappedQuotes: 5,
    });
    expect(content.CONTENT_FACTUALITY_PARAMETERS).toEqual({
      lowUnattributedPercent: 30,
      lowViralPercent: 20,
      veryHighBylinePercent: 90,
      veryHighPrimaryPercent: 50,
      veryHighMinCorrections: 1,
      highBylinePercent: 70,
      highPrimaryPercent: 30,
    });
  });
});
