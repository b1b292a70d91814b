import { createFallbackChain, createMemoryLedger } from '@espectro/llm';
import { reply, startFakeLlmServer, type FakeLlmServer } from '@espectro/llm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ActorContext } from '../actors.js';
import { spain, spanishArticle } from '../__fixtures__/fixtures.js';
import { RatingError } from '../errors.js';
import { createArticleAnalyzer } from './default.js';
import { createLlmArticleAnalyzer } from './llm-analyzer.js';
import { ARTICLE_RUBRIC_PROMPT, type ArticleRubricAnswer } from './rubric.js';
import { articleDocument, LEXICON_BACKEND } from './types.js';

let server: FakeLlmServer;
let context: ActorContext;
beforeAll(async () => {
  server = await startFakeLlmServer();
  context = (await spain()).context;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const article = spanishArticle();

/** A well-formed answer whose every quote occurs in the fixture article. */
function grounded(overrides: Partial<ArticleRubricAnswer> = {}): ArticleRubricAnswer {
  return {
    politically_relevant: true,
    bias: 'right',
    evidence: 'El texto adopta el marco de la presión fiscal y cita solo al PP.',
    indicators: [
      {
        quote: 'la presión fiscal asfixia a los emprendedores',
        points_to: 'right',
        kind: 'loaded_language',
        explanation: 'marco de carga fiscal',
      },
      {
        quote: 'Vox denunció la inmigración ilegal',
        points_to: 'right',
        kind: 'loaded_language',
        explanation: 'término "ilegal"',
      },
    ],
    framing: 'neutral',
    framing_quotes: ['El Gobierno de Pedro Sánchez celebró el récord de afiliación.'],
    figures: [
      {
        actor_id: 'pedro-sanchez',
        sentiment: 'neutral',
        quote: 'El Gobierno de Pedro Sánchez celebró el récord de afiliación',
      },
      { actor_id: 'alberto-nunez-feijoo', sentiment: 'critical', quote: 'Feijóo encadena errores en su estrategia' },
    ],
    topics: [{ topic: 'labour', position: 'neutral', quote: 'La reducción de jornada avanza en el Congreso' }],
    quoted_sources: [
      {
        name: 'Partido Popular',
        actor_id: 'partido-popular',
        quote: 'Según el PP, la presión fiscal asfixia a los emprendedores.',
      },
      { name: 'Vox', actor_id: 'vox', quote: 'Vox denunció la inmigración ilegal' },
    ],
    correction_quote: null,
    primary_source_quotes: [],
    unattributed_claim_quotes: [],
    viral_content_quotes: [],
    ...overrides,
  };
}

const USAGE = { inputTokens: 1200, outputTokens: 300 };

describe('LLM article rubric (fake server)', () => {
  test('a well-formed, grounded answer becomes an analysis with verified spans', async () => {
    server.enqueueFor({ vendor: 'gemini' }, reply.json(grounded(), USAGE));
    const ledger = createMemoryLedger();
    const analyzer = createLlmArticleAnalyzer({ model: server.model('gemini'), ledger });
    const analysis = await analyzer.analyze(article, context, { jobId: 'content:diario.example:2026-04-27' });
    expect(analysis.status).toBe('ok');
    expect(analysis.backend).toBe('llm:gemini/gemini-2.5-flash');
    expect(analysis.promptId).toBe(ARTICLE_RUBRIC_PROMPT.id);
    expect(analysis.promptVersion).toBe(ARTICLE_RUBRIC_PROMPT.version);
    expect(analysis.bias).toBe('right');
    expect(analysis.reasked).toBe(false);
    const document = articleDocument(article);
    for (const indicator of analysis.indicators)
      expect(document.slice(indicator.start, indicator.end)).toBe(indicator.quote);
    expect(analysis.quotedSources.map((source) => [source.actorId, source.lean])).toEqual([
      ['partido-popular', 'right'],
      ['vox', 'right'],
    ]);
    expect(analysis.figures.map((figure) => [figure.actorId, figure.lean, figure.side, figure.sentiment])).toEqual([
      ['pedro-sanchez', 'left', 'government', 'neutral'],
      ['alberto-nunez-feijoo', 'right', 'opposition', 'critical'],
    ]);
    // words are counted by the backend (ART-1), never taken from the model
    expect(analysis.words).toBeGreaterThan(30);
    // rule COST / AUDIT: the call is in the ledger with its prompt version and price
    const entries = ledger.entries({ jobId: 'content:diario.example:2026-04-27' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      vendor: 'gemini',
      promptId: 'rating.article-rubric',
      promptVersion: ARTICLE_RUBRIC_PROMPT.version,
      outcome: 'ok',
    });
    expect(analysis.costUsd).toBeCloseTo((1200 * 0.3 + 300 * 2.5) / 1e6, 12);
    // the prompt carries the actor context and the article
    const request = server.requests[0]!;
    expect(request.system).toContain('never output a confidence');
    expect(request.messages[0]!.content).toContain('Sitting executive: Pedro Sánchez');
    expect(request.messages[0]!.content).toContain(article.text);
  });

  test('invented quotes are rejected and re-asked; a grounded second answer is accepted', async () => {
    const invented = grounded({
      indicators: [
        {
          quote: 'el Gobierno miente a los españoles',
          points_to: 'right',
          kind: 'loaded_language',
          explanation: 'invented',
        },
      ],
    });
    server.enqueueFor({ vendor: 'openai' }, reply.json(invented, USAGE), reply.json(grounded(), USAGE));
    const analysis = await createLlmArticleAnalyzer({ model: server.model('openai') }).analyze(article, context);
    expect(analysis.status).toBe('ok');
    expect(analysis.reasked).toBe(true);
    expect(analysis.usage).toEqual({ inputTokens: 2400, outputTokens: 600 });
    const reask = server.requests[1]!;
    expect(reask.messages.at(-1)!.content).toContain(
      '«el Gobierno miente a los españoles» does not occur in the article',
    );
  });

  test('invented quotes twice → rejected, never a partial analysis', async () => {
    const invented = grounded({
      figures: [{ actor_id: 'pedro-sanchez', sentiment: 'critical', quote: 'Sánchez fracasa otra vez' }],
    });
    server.enqueueFor({ vendor: 'openai' }, reply.json(invented), reply.json(invented));
    const analysis = await createLlmArticleAnalyzer({ model: server.model('openai') }).analyze(article, context);
    expect(analysis.status).toBe('rejected');
    expect(analysis.rejection).toMatch(/Sánchez fracasa otra vez/);
    expect(analysis.bias).toBeNull();
    expect(analysis.indicators).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  test('ids outside the actor map and inconsistent relevance are re-asked', async () => {
    server.enqueueFor(
      { vendor: 'openai' },
      reply.json(
        grounded({ figures: [{ actor_id: 'someone-else', sentiment: 'critical', quote: 'Feijóo encadena errores' }] }),
      ),
      reply.json(grounded({ politically_relevant: false })),
    );
    const analysis = await createLlmArticleAnalyzer({ model: server.model('openai') }).analyze(article, context);
    expect(analysis.status).toBe('rejected');
    expect(analysis.rejection).toMatch(/bias: must be null/);
    expect(server.requests[1]!.messages.at(-1)!.content).toContain(
      '"someone-else" is not one of the listed figure ids',
    );
  });

  test('malformed output (after the model re-ask) → failed, with the cost of every attempt', async () => {
    server.enqueueFor(
      { vendor: 'openai' },
      reply.malformedJson(undefined, USAGE),
      reply.malformedJson(undefined, USAGE),
    );
    const analysis = await createLlmArticleAnalyzer({ model: server.model('openai') }).analyze(article, context);
    expect(analysis.status).toBe('failed');
    expect(analysis.rejection).toMatch(/malformed_output/);
    expect(analysis.usage).toEqual({ inputTokens: 2400, outputTokens: 600 });
    expect(analysis.costUsd).toBeGreaterThan(0);
  });

  test('a refusal → failed (refused)', async () => {
    server.enqueueFor({ vendor: 'anthropic' }, reply.refusal('I cannot help with political content.'));
    const analysis = await createLlmArticleAnalyzer({ model: server.model('anthropic') }).analyze(article, context);
    expect(analysis.status).toBe('failed');
    expect(analysis.rejection).toMatch(/refused/);
  });

  test('a schema violation is repaired by the model re-ask', async () => {
    server.enqueueFor(
      { vendor: 'openai' },
      reply.schemaViolation({ politically_relevant: 'yes' }),
      reply.json(grounded()),
    );
    const analysis = await createLlmArticleAnalyzer({ model: server.model('openai') }).analyze(article, context);
    expect(analysis.status).toBe('ok');
  });

  test('a configuration error (bad key) throws llm_failed instead of failing every article — also when every chain layer has one', async () => {
    server.enqueueFor({ vendor: 'openai' }, reply.unauthorized());
    await expect(createLlmArticleAnalyzer({ model: server.model('openai') }).analyze(article, context)).rejects.toThrow(
      RatingError,
    );
    server.enqueueFor({ vendor: 'openai' }, reply.unauthorized());
    server.enqueueFor({ vendor: 'groq' }, reply.unauthorized());
    const chain = createFallbackChain([server.model('openai'), server.model('groq')], {
      onFallThrough: () => undefined,
    });
    await expect(createLlmArticleAnalyzer({ model: chain }).analyze(article, context)).rejects.toThrow(
      /cannot analyse articles/,
    );
    // a chain where one layer is rate limited and the other misconfigured is a provider failure, not a configuration one
    server.enqueueFor({ vendor: 'openai' }, reply.rateLimit());
    server.enqueueFor({ vendor: 'groq' }, reply.unauthorized());
    expect((await createLlmArticleAnalyzer({ model: chain }).analyze(article, context)).status).toBe('failed');
  });
});

describe('createArticleAnalyzer', () => {
  test('without provider keys the offline lexicon baseline is used', () => {
    expect(createArticleAnalyzer({ env: {} }).backend).toBe(LEXICON_BACKEND);
    expect(createArticleAnalyzer({ env: { GROQ_API_KEY: '  ' } }).backend).toBe(LEXICON_BACKEND);
  });

  test('with keys the rubric runs on a chain of the keyed providers (SYN-2 order)', () => {
    expect(createArticleAnalyzer({ env: { GROQ_API_KEY: 'k' } }).backend).toBe('llm:groq/llama-3.3-70b-versatile');
    expect(createArticleAnalyzer({ env: { OPENAI_API_KEY: 'k', GEMINI_API_KEY: 'k' } }).backend).toBe(
      'llm:chain/gemini:gemini-2.5-flash > openai:gpt-4o-mini',
    );
    expect(createArticleAnalyzer({ env: { OPENAI_API_KEY: 'k' }, offline: true }).backend).toBe(LEXICON_BACKEND);
  });
});
