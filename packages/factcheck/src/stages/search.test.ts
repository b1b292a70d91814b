import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLoopback, type LoopbackRequest } from '../__fixtures__/loopback.js';
import { testContext } from '../__fixtures__/context.js';
import type { EvidenceItem, SearchResponse } from '../schemas.js';
import {
  cachedSearch,
  combineSearches,
  createGoogleFactCheckSearch,
  createSonarSearch,
  gatherEvidence,
} from './search.js';
import type { SearchQuery, WebSearch } from './types.js';

const query: SearchQuery = {
  text: 'O desemprego caiu para 7,8%.',
  datum: 'taxa de desemprego 7,8%',
  query: 'desemprego Serra Clara 2026',
  speaker: 'Helena Valadares',
  claimAt: '2026-09-17T23:00:30Z',
};

describe('createGoogleFactCheckSearch (loopback fake of claims:search)', () => {
  let fake: Awaited<ReturnType<typeof startLoopback>>;
  beforeAll(async () => {
    fake = await startLoopback((request) => {
      if (!request.path.startsWith('/v1alpha1/claims:search'))
        return { status: 404, body: { error: { message: 'not found' } } };
      if (request.url.searchParams.get('key') !== 'fake-key')
        return { status: 403, body: { error: { code: 403, message: 'API key not valid' } } };
      return {
        body: {
          claims: [
            {
              text: 'O pedágio da Rodovia Serrana é o mais caro do país',
              claimant: 'Helena Valadares',
              claimDate: '2026-08-20T00:00:00Z',
              claimReview: [
                {
                  publisher: { name: 'Checagem Exemplo', site: 'checagem.example' },
                  url: 'https://checagem.example/2026/08/pedagio',
                  title: 'Não é o mais caro',
                  reviewDate: '2026-08-22T10:00:00Z',
                  textualRating: 'Falso',
                  languageCode: 'pt',
                },
                { publisher: { name: 'Sem URL' }, title: 'ignorado' },
              ],
            },
          ],
        },
      };
    });
  });
  afterAll(() => fake.close());

  test('turns claimReview entries into fact_check evidence dated by review date', async () => {
    const search = createGoogleFactCheckSearch({ apiKey: 'fake-key', baseURL: fake.url });
    const answer = await search.search(query, testContext('30.0'));
    expect(answer.results).toEqual([
      {
        url: 'https://checagem.example/2026/08/pedagio',
        title: 'Não é o mais caro',
        publishedAt: '2026-08-22T10:00:00.000Z',
        snippet:
          'Checagem Exemplo classificou como "Falso" a afirmação de Helena Valadares: O pedágio da Rodovia Serrana é o mais caro do país',
        provider: 'google_fact_check',
        kind: 'fact_check',
      },
    ]);
    const sent = fake.requests.at(-1) as LoopbackRequest;
    expect(sent.url.searchParams.get('query')).toBe(query.datum);
    expect(sent.url.searchParams.get('languageCode')).toBe('pt-BR');
  });

  test('HTTP errors become stage_failed naming the search', async () => {
    const search = createGoogleFactCheckSearch({ apiKey: 'wrong', baseURL: fake.url });
    await expect(search.search(query, testContext('1.0'))).rejects.toMatchObject({
      code: 'stage_failed',
      stage: 'search',
      message: expect.stringContaining('HTTP 403'),
    });
  });

  test('no key → missing_configuration', async () => {
    const previous = [process.env.GOOGLE_FACTCHECK_API_KEY, process.env.GOOGLE_API_KEY];
    delete process.env.GOOGLE_FACTCHECK_API_KEY;
    delete process.env.GOOGLE_API_KEY;
    try {
      await expect(
        createGoogleFactCheckSearch({ baseURL: fake.url }).search(query, testContext()),
      ).rejects.toMatchObject({ code: 'missing_configuration' });
    } finally {
      if (previous[0] !== undefined) process.env.GOOGLE_FACTCHECK_API_KEY = previous[0];
      if (previous[1] !== undefined) process.env.GOOGLE_API_KEY = previous[1];
    }
  });
});

describe('createSonarSearch (loopback fake in Perplexity’s wire format)', () => {
  let fake: Awaited<ReturnType<typeof startLoopback>>;
  let answerWith: 'search_results' | 'citations' = 'search_results';
  beforeAll(async () => {
    fake = await startLoopback(() => ({
      body: {
        id: 'pplx-1',
        object: 'chat.completion',
        created: 0,
        model: 'sonar',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'A desocupação foi de 7,6% no 2º trimestre de 2026 [1].' },
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
        ...(answerWith === 'search_results'
          ? {
              search_results: [
                {
                  title: 'Desocupação 2026',
                  url: 'https://dados.serraclara.gov.br/trabalho/desocupacao',
                  date: '2026-08-14',
                  snippet: 'Taxa de 7,6%.',
                },
                { title: 'Sem data', url: 'https://gazeta.example/x', date: null },
                { title: 'Inválida', url: 'javascript:alert(1)' },
              ],
            }
          : { citations: ['https://dados.serraclara.gov.br/trabalho/desocupacao', 'not a url'] }),
      },
    }));
  });
  afterAll(() => fake.close());

  test('search_results become evidence; the request carries the date cut-off and the excluded domains; the ledger records the call', async () => {
    answerWith = 'search_results';
    const context = testContext('3.0');
    const search = createSonarSearch({ apiKey: 'fake-pplx', baseURL: `${fake.url}/v1`, maxRetries: 0 });
    const answer = await search.search(query, context);
    expect(answer.summary).toContain('7,6%');
    expect(answer.results.map((item) => [item.url, item.publishedAt ?? null])).toEqual([
      ['https://dados.serraclara.gov.br/trabalho/desocupacao', '2026-08-14'],
      ['https://gazeta.example/x', null],
    ]);
    const body = JSON.parse((fake.requests.at(-1) as LoopbackRequest).body) as Record<string, unknown>;
    expect(body.model).toBe('sonar');
    expect(body.search_before_date_filter).toBe('9/17/2026');
    expect(body.search_domain_filter).toContain('-brasil247.com');
    expect(context.ledger.entries()).toMatchObject([
      {
        vendor: 'perplexity',
        model: 'sonar',
        promptId: 'factcheck.search',
        jobId: 'teste-2026-09-17',
        usage: { inputTokens: 120, outputTokens: 40 },
      },
    ]);
    expect(context.ledger.totals().costUsd).toBeCloseTo((120 + 40) / 1e6, 12);
  });

  test('falls back to `citations` (undated) when there are no search_results', async () => {
    answerWith = 'citations';
    const search = createSonarSearch({ apiKey: 'fake-pplx', baseURL: `${fake.url}/v1`, maxRetries: 0 });
    const answer = await search.search(query, testContext('3.0'));
    expect(answer.results).toEqual([
      {
        url: 'https://dados.serraclara.gov.br/trabalho/desocupacao',
        publishedAt: null,
        provider: 'sonar',
        kind: 'web',
      },
    ]);
  });
});

function fixedSearch(
  name: string,
  results: EvidenceItem[],
  summary: string | null = null,
): WebSearch & { calls: number } {
  const search = {
    name,
    calls: 0,
    async search(): Promise<SearchResponse> {
      search.calls += 1;
      return { results, summary };
    },
  };
  return search;
}

const item = (url: string, publishedAt: string | null, provider = 'web'): EvidenceItem => ({
  url,
  publishedAt,
  provider,
  kind: 'web',
});

describe('evidence rules', () => {
  test('gatherEvidence: DEB-3 drops excluded domains, later pages and undated ones; DEB-4 puts official sources first', () => {
    const { kept, dropped } = gatherEvidence(
      [
        item('https://gazeta.example/a', '2026-09-01'),
        item('https://blog.pt.org.br/x', '2026-09-01'),
        item('https://dados.serraclara.gov.br/b', '2026-08-01'),
        item('https://gazeta.example/depois', '2026-09-18'),
        item('https://semdata.example/c', null),
        item('https://gazeta.example/a', '2026-09-30'),
        item('https://www.al.serraclara.leg.br/d', '2026-09-17'),
      ],
      '2026-09-17T23:00:00Z',
    );
    expect(kept.map((evidence) => evidence.url)).toEqual([
      'https://dados.serraclara.gov.br/b',
      'https://www.al.serraclara.leg.br/d',
      'https://gazeta.example/a',
    ]);
    expect(dropped).toEqual([
      { url: 'https://blog.pt.org.br/x', reason: 'excluded_domain' },
      { url: 'https://gazeta.example/depois', reason: 'published_after_claim' },
      { url: 'https://semdata.example/c', reason: 'undated' },
    ]);
    expect(
      gatherEvidence([item('https://semdata.example/c', null)], '2026-09-17', { allowUndated: true }).kept,
    ).toHaveLength(1);
  });

  test('combineSearches merges by normalised URL and survives one failing search', async () => {
    const failing: WebSearch = {
      name: 'down',
      search: () => Promise.reject(new Error('down')),
    };
    const combined = combineSearches([
      fixedSearch('a', [item('https://www.gazeta.example/a/', '2026-01-01')], 'resumo a'),
      failing,
      fixedSearch(
        'b',
        [item('https://gazeta.example/a', '2026-01-01'), item('https://dados.serraclara.gov.br/b', '2026-01-01')],
        'resumo b',
      ),
    ]);
    const answer = await combined.search(query, testContext());
    expect(answer.results.map((evidence) => evidence.url)).toEqual([
      'https://www.gazeta.example/a/',
      'https://dados.serraclara.gov.br/b',
    ]);
    expect(answer.summary).toBe('resumo a\n\nresumo b');
    await expect(combineSearches([failing]).search(query, testContext())).rejects.toThrow('down');
  });

  test('cachedSearch answers a repeated claim from the cache and records the hit in the ledger', async () => {
    const inner = fixedSearch('sonar', [item('https://dados.serraclara.gov.br/b', '2026-01-01')]);
    const context = testContext();
    const search = cachedSearch(inner, { vendor: 'perplexity', model: 'sonar' });
    await search.search(query, context);
    await search.search({ ...query, text: 'Desemprego: 7,8 %!', datum: 'Taxa de desemprego, 7,8%' }, context);
    expect(inner.calls).toBe(1);
    expect(context.ledger.entries()).toMatchObject([{ outcome: 'cache_hit', vendor: 'perplexity', costUsd: 0 }]);
  });
});
