/**
 * `pnpm bench rating`: the evidence side of outlet ratings (@espectro/rating, built package).
 *
 * Suite `rating-offline-baseline` — the transparent lexicon baseline on 200 synthetic Spanish
 * articles (at least 700 words each) per call. `notes.cpuArticlesPerSecond` also measures it in
 * process CPU time (`process.cpuUsage`), which a busy machine disturbs less than wall time. Target (issue 11): ≥ 2 000 articles/s. Baseline: counting the
 * words of the same articles (one plain pass over the text).
 *
 * Suite `rating-content-analysis` — one outlet's content analysis (60 sampled of 120 articles in the
 * window) end to end: sampling, 60 rubric calls through the real Gemini adapter to the loopback fake
 * server (answering instantly, tokens estimated from the prompt and answer as the fake server does:
 * characters / 4), quote verification, metrics and CB-*. Baseline: the same run with the lexicon
 * baseline. `notes` report the USD cost per outlet from the cost ledger with the default price
 * table (Gemini 2.5 Flash), the same tokens priced for the other default-chain models, and the wall
 * time per outlet.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createMemoryLedger, defaultPrices, priceCall } from '@espectro/llm';
import { reply, startFakeLlmServer } from '@espectro/llm/testing';
import {
  actorContext,
  analyzeOutletContent,
  analyzeWithLexicon,
  BUNDLED_LEXICONS,
  countWords,
  createLexiconArticleAnalyzer,
  createLlmArticleAnalyzer,
  createMemoryArticleSource,
  parseArticlesJsonl,
  parsePoliticalActorMap,
  type Article,
} from '@espectro/rating';
import type { BenchSuite } from './harness.js';

const AS_OF = '2026-04-27';
const OUTLET = 'bench.example';
const root = new URL('../', import.meta.url);
const map = parsePoliticalActorMap(JSON.parse(readFileSync(new URL('data/political-actors/es.json', root), 'utf8')));
const context = actorContext(map, AS_OF);
const demo = parseArticlesJsonl(
  readFileSync(fileURLToPath(new URL('packages/rating/demo/articles.jsonl', root)), 'utf8'),
).filter((article) => article.language === 'es');

/** The shared sentence every bench article contains (the fake model quotes it). */
const ANCHOR = 'Según el PP, la presión fiscal asfixia a los emprendedores.';

/** Synthetic articles of at least 700 words built from the demo texts (SYNTHETIC, not real news). */
function benchArticles(count: number): Article[] {
  return Array.from({ length: count }, (_, index) => {
    const parts: string[] = [ANCHOR];
    let words = 0;
    for (let offset = 0; words < 700; offset += 1) {
      const source = demo[(index * 7 + offset) % demo.length]!;
      parts.push(source.text);
      words += countWords(source.text);
    }
    return {
      id: `bench-${index}`,
      outlet: OUTLET,
      title: `[Demo sintética] Artículo ${index}`,
      text: parts.join(' '),
      publishedAt: new Date(Date.parse(`${AS_OF}T00:00:00Z`) - (index % 90) * 86_400_000).toISOString().slice(0, 10),
      language: 'es',
      topic: (['politics', 'economy', 'society'] as const)[index % 3],
      section: index % 4 === 0 ? 'opinion' : 'news',
      byline: 'Redacción Demo',
    };
  });
}

/** A realistic rubric answer grounded in every bench article. */
const ANSWER = {
  politically_relevant: true,
  bias: 'right',
  evidence:
    'El artículo adopta el marco de la presión fiscal y cita al PP sin contraparte; los indicadores apuntan a la derecha.',
  indicators: [
    {
      quote: 'la presión fiscal asfixia a los emprendedores',
      points_to: 'right',
      kind: 'loaded_language',
      explanation: 'marco de carga fiscal sobre emprendedores',
    },
    {
      quote: 'Según el PP',
      points_to: 'right',
      kind: 'one_sided_sourcing',
      explanation: 'única fuente partidaria citada',
    },
  ],
  framing: 'pro_opposition',
  framing_quotes: ['la presión fiscal asfixia a los emprendedores'],
  figures: [],
  topics: [{ topic: 'economy', position: 'conservative', quote: 'la presión fiscal asfixia a los emprendedores' }],
  quoted_sources: [{ name: 'Partido Popular', actor_id: 'partido-popular', quote: 'Según el PP' }],
  correction_quote: null,
  primary_source_quotes: [],
  unattributed_claim_quotes: [],
  viral_content_quotes: [],
};

export default async function ratingBench(): Promise<BenchSuite[]> {
  // --- offline baseline throughput ---
  const batch = benchArticles(200);
  const lexicon = BUNDLED_LEXICONS.es;
  analyzeWithLexicon(batch[0]!, context, lexicon); // compile the matcher once
  for (let round = 0; round < 3; round += 1) for (const article of batch) analyzeWithLexicon(article, context, lexicon);
  const cpuBefore = process.cpuUsage();
  const rounds = 10;
  for (let round = 0; round < rounds; round += 1)
    for (const article of batch) analyzeWithLexicon(article, context, lexicon);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuArticlesPerSecond = Math.round((rounds * batch.length) / ((cpu.user + cpu.system) / 1e6));
  const offline: BenchSuite = {
    name: 'rating-offline-baseline',
    baseline: {
      name: 'countWords over the same 200 articles',
      operationsPerCall: batch.length,
      run: () => {
        let total = 0;
        for (const article of batch) total += countWords(article.title) + countWords(article.text);
        return total;
      },
    },
    cases: [
      {
        name: 'analyzeWithLexicon (es), 200 articles of ≥ 700 words',
        operationsPerCall: batch.length,
        targetOperationsPerSecond: 2_000,
        run: () => {
          for (const article of batch) analyzeWithLexicon(article, context, lexicon);
        },
      },
    ],
    notes: {
      articleWords: Math.round(batch.reduce((sum, article) => sum + countWords(article.text), 0) / batch.length),
      cpuArticlesPerSecond,
      backend: 'lexicon-baseline (offline)',
      lexicon: `${lexicon.id}@${lexicon.version}`,
    },
  };

  // --- content analysis of one outlet: cost and wall time ---
  const server = await startFakeLlmServer({ defaultStep: reply.json(ANSWER) });
  server.unref();
  const corpus = createMemoryArticleSource(benchArticles(120));
  const ledger = createMemoryLedger();
  const llm = createLlmArticleAnalyzer({ model: server.model('gemini', { timeoutMs: 30_000 }), ledger });
  const lexiconAnalyzer = createLexiconArticleAnalyzer();
  let run = 0;
  const contentRun = async (analyzer: typeof llm) =>
    analyzeOutletContent({
      outlet: OUTLET,
      asOf: AS_OF,
      actors: map,
      source: corpus,
      analyzer,
      jobId: `bench-${(run += 1)}`,
      concurrency: 4,
    });

  // one measured run for the notes (cost from the ledger, wall time)
  const started = performance.now();
  const measured = await contentRun(llm);
  const wallMilliseconds = performance.now() - started;
  const totals = ledger.totals({ jobId: `bench-${run}` });
  const perModel: Record<string, number> = {};
  for (const key of [
    'gemini:gemini-2.5-flash',
    'groq:llama-3.3-70b-versatile',
    'anthropic:claude-sonnet-4-6',
    'openai:gpt-4o-mini',
  ]) {
    const [vendor, model] = key.split(':') as [string, string];
    perModel[key] = priceCall(defaultPrices, {
      vendor,
      model,
      usage: { inputTokens: totals.inputTokens, outputTokens: totals.outputTokens },
    }).costUsd;
  }
  const evidence = measured.evidence;
  const content: BenchSuite = {
    name: 'rating-content-analysis',
    baseline: { name: 'content analysis, lexicon baseline (60 articles)', run: () => contentRun(lexiconAnalyzer) },
    cases: [{ name: 'content analysis, LLM rubric via fake Gemini (60 calls)', run: () => contentRun(llm) }],
    notes: {
      sampledArticles: measured.sample.ids.length,
      analysedArticles: evidence.sample_size,
      bucket: evidence.status === 'insufficient' ? 'insufficient' : evidence.content_only_sesgo,
      calls: totals.calls,
      inputTokens: totals.inputTokens,
      outputTokens: totals.outputTokens,
      inputTokensPerArticle: Math.round(totals.inputTokens / Math.max(1, totals.calls)),
      costUsdPerOutletFromLedger: Number(totals.costUsd.toFixed(6)),
      costUsdPerOutletByModel: Object.fromEntries(
        Object.entries(perModel).map(([key, value]) => [key, Number(value.toFixed(6))]),
      ),
      wallMillisecondsPerOutletFakeServer: Math.round(wallMilliseconds),
      tokenEstimate: 'fake server: ceil(characters / 4) of prompt and answer',
    },
  };
  console.log(
    `rating-content-analysis: ${totals.calls} calls, ${totals.inputTokens} in / ${totals.outputTokens} out tokens, $${totals.costUsd.toFixed(4)} per outlet (gemini-2.5-flash), wall ${Math.round(wallMilliseconds)} ms with the fake server`,
  );
  return [offline, content];
}
