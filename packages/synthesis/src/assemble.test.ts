import {
  blindspotFujaDaBolha,
  blindspotPrisma,
  coverage,
  METHODOLOGY_VERSION,
  storyTier,
  TOPICS,
  type Topic,
} from '@espectro/methodology';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { RATE_CLUSTER, ROSTER_OUTLETS, SMALL_CLUSTER } from './__fixtures__/clusters.js';
import { assembleStory, pickStoryImage, representativeTitle } from './assemble.js';
import { synthesizeExtractive } from './extractive.js';
import { createRoster, type StoryCluster, type StorySynthesis } from './types.js';

const roster = createRoster(ROSTER_OUTLETS);
const extractive = synthesizeExtractive(RATE_CLUSTER, { roster });

describe('assembleStory', () => {
  const story = assembleStory({
    cluster: RATE_CLUSTER,
    roster,
    synthesis: extractive,
    topic: 'economy',
    countryStoriesLast24h: 2,
  });

  test('tier, coverage by unique political domain, publish decision', () => {
    expect(story.tier).toBe('main');
    expect(story.coverage).toEqual({
      total: 7,
      political: 6,
      nonPolitical: 0,
      unrostered: 1,
      rated: 6,
      counts: { left: 2, center: 2, right: 2 },
      percent: { left: 34, center: 33, right: 33 },
    });
    expect(story.publishGuard).toEqual({ publish: true, reasons: [] });
    expect(story.country).toBe('AR');
    // The earliest article's image, with the alt text its feed gave.
    expect(story.image).toEqual({
      url: 'https://images.clarin.com/bcra.jpg',
      articleId: 'a-clarin',
      alt: 'Fachada del Banco Central en Buenos Aires',
    });
  });

  test('outlets: one per domain with their articles and whether their text was used', () => {
    const ambito = story.outlets.find((outlet) => outlet.domain === 'ambito.com');
    expect(ambito).toMatchObject({
      name: 'Ámbito',
      scope: 'political',
      bias: 'right',
      articleIds: ['a-ambito', 'a-ambito-2'],
      contributedText: true,
    });
    expect(story.outlets.find((outlet) => outlet.domain === 'blog-financiero.example')).toMatchObject({
      scope: null,
      name: null,
    });
  });

  test('ownership mix counts unique domains per owner type', () => {
    expect(story.ownershipMix.total).toBe(7);
    expect(story.ownershipMix.counts).toMatchObject({
      'corporate-conglomerate': 2,
      'family-controlled': 2,
      'independent-private': 2,
      unknown: 1,
    });
    expect(Object.values(story.ownershipMix.percent).reduce((sum, value) => sum + value, 0)).toBe(100);
  });

  test('audit record of an extractive story', () => {
    expect(story.audit).toMatchObject({
      backend: 'extractive (offline)',
      provider: null,
      costUsd: 0,
      methodologyVersion: METHODOLOGY_VERSION,
    });
  });

  test('audit record of an LLM story carries provider, model, prompt version, tokens and cost', () => {
    const llm: StorySynthesis = {
      ...extractive,
      backend: 'llm',
      provenance: {
        ...extractive.provenance,
        provider: 'groq',
        model: 'llama-3.3-70b-versatile',
        layer: 1,
        chain: 'gemini:gemini-2.5-flash > groq:llama-3.3-70b-versatile',
        promptId: 'story-synthesis',
        promptVersion: '2026-11-30.1',
        usage: { inputTokens: 1200, outputTokens: 300 },
        costUsd: 0.00095,
        method: null,
      },
    };
    const assembled = assembleStory({
      cluster: RATE_CLUSTER,
      roster,
      synthesis: llm,
      topic: {
        topic: 'economy',
        retryNextRun: false,
        backend: 'llm',
        provider: 'groq',
        model: 'llama-3.3-70b-versatile',
        promptId: 'story-topic',
        promptVersion: '2026-11-30.1',
        usage: { inputTokens: 50, outputTokens: 3 },
        costUsd: 0.00003,
        keywords: null,
        failure: null,
      },
      countryStoriesLast24h: 0,
    });
    expect(assembled.audit).toMatchObject({
      backend: 'llm',
      provider: 'groq',
      model: 'llama-3.3-70b-versatile',
      layer: 1,
      promptId: 'story-synthesis',
      promptVersion: '2026-11-30.1',
      usage: { inputTokens: 1200, outputTokens: 300 },
      costUsd: 0.00095,
      topicBackend: 'llm',
      topicPromptVersion: '2026-11-30.1',
      topicCostUsd: 0.00003,
    });
    expect(assembled.topicRetryNextRun).toBe(false);
  });

  test('the guard returns every failing reason', () => {
    const lowOnly = createRoster(ROSTER_OUTLETS.map((outlet) => ({ ...outlet, factuality: 'low' as const })));
    const hidden = assembleStory({
      cluster: SMALL_CLUSTER,
      roster: lowOnly,
      synthesis: {
        ...synthesizeExtractive(SMALL_CLUSTER, { roster }),
        sentences: synthesizeExtractive(SMALL_CLUSTER, { maxSentences: 3 }).sentences,
      },
      topic: null,
      image: null,
      lowValue: true,
      countryStoriesLast24h: 8,
    });
    expect(hidden.tier).toBe('limited');
    expect(hidden.publishGuard.reasons).toEqual([
      'insufficient_synthesis',
      'few_sentences',
      'no_image',
      'suspect_sources',
      'filtered_content',
      'country_cap',
    ]);
    expect(hidden.topicRetryNextRun).toBe(true);
  });

  test('no synthesis → no_synthesis; a story below tier fails low_coverage', () => {
    const tiny: StoryCluster = {
      id: 'tiny',
      articles: RATE_CLUSTER.articles.filter((article) => article.id === 'a-clarin'),
    };
    const result = assembleStory({ cluster: tiny, roster, synthesis: null, topic: null, countryStoriesLast24h: 0 });
    expect(result.tier).toBeNull();
    expect(result.publishGuard.reasons).toEqual(['no_coverage', 'no_synthesis', 'low_coverage']);
  });

  test('a synthesis citing an article outside the cluster is rejected, never published (SYN-3)', () => {
    const foreign = {
      ...extractive,
      sentences: [{ text: 'Algo.', articleIds: ['otro-articulo'], discrepancy: false }],
    };
    expect(() =>
      assembleStory({ cluster: RATE_CLUSTER, roster, synthesis: foreign, topic: null, countryStoriesLast24h: 0 }),
    ).toThrow(/unknown_article "otro-articulo"/);
    expect(() =>
      assembleStory({ cluster: SMALL_CLUSTER, roster, synthesis: extractive, topic: null, countryStoriesLast24h: 0 }),
    ).toThrow(/synthesis is of story/);
  });

  test('title and image helpers', () => {
    expect(representativeTitle(RATE_CLUSTER)).toBe(story.title);
    expect(
      pickStoryImage({
        ...RATE_CLUSTER,
        articles: RATE_CLUSTER.articles.filter((article) => article.imageUrl === undefined),
      }),
    ).toBeNull();
  });
});

// ── Properties ───────────────────────────────────────────────────────────────────────────────────

const DOMAINS = [...ROSTER_OUTLETS.map((outlet) => outlet.domain), 'otro.example', 'mas.example'];
const SENTENCES = [
  'El Gobierno anunció un nuevo plan de obras públicas para las provincias del norte.',
  'El plan prevé una inversión de 2.000 millones de dólares en cinco años.',
  'Los gobernadores de la oposición reclamaron más fondos para sus distritos.',
  'La primera etapa comenzará en junio con la reparación de rutas nacionales.',
  'Economistas advirtieron sobre el impacto del plan en el déficit fiscal.',
];

const clusterArbitrary = fc
  .array(
    fc.record({
      domain: fc.constantFrom(...DOMAINS),
      body: fc.array(fc.constantFrom(...SENTENCES), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(' ')),
      image: fc.boolean(),
    }),
    { minLength: 1, maxLength: 14 },
  )
  .map((articles): StoryCluster => ({
    id: 'prop',
    articles: articles.map((article, index) => ({
      id: `p-${index}`,
      domain: article.domain,
      title: SENTENCES[index % SENTENCES.length]!,
      body: article.body,
      publishedAt: `2026-04-27T${String(index % 24).padStart(2, '0')}:00:00Z`,
      url: `https://example.org/${index}`,
      ...(article.image ? { imageUrl: `https://example.org/${index}.jpg` } : {}),
    })),
  }));
const topicArbitrary = fc.option(fc.constantFrom<Topic>(...TOPICS), { nil: null });

test.prop([clusterArbitrary, topicArbitrary])(
  'every published sentence cites ids from its own cluster',
  (cluster, topic) => {
    const synthesis = synthesizeExtractive(cluster, { roster });
    const story = assembleStory({ cluster, roster, synthesis, topic, countryStoriesLast24h: 0 });
    const ids = new Set(cluster.articles.map((article) => article.id));
    if (story.publishGuard.publish) expect(story.sentences.length).toBeGreaterThan(0);
    for (const sentence of story.sentences) {
      expect(sentence.articleIds.length).toBeGreaterThan(0);
      for (const id of sentence.articleIds) expect(ids.has(id)).toBe(true);
    }
  },
);

test.prop([clusterArbitrary, fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), topicArbitrary])(
  'coverage, tier, guard and Prisma ignore duplicate articles of one domain (COV-1); Fuja counts articles',
  (cluster, duplicateIndexes, topic) => {
    const duplicated: StoryCluster = {
      ...cluster,
      articles: [
        ...cluster.articles,
        ...duplicateIndexes.map((pick, index) => {
          const source = cluster.articles[pick % cluster.articles.length]!;
          // Same outlet, another article (no image, so the cover stays the same).
          const { imageUrl: _imageUrl, ...rest } = source;
          return { ...rest, id: `dup-${index}`, publishedAt: '2026-04-28T00:00:00Z' };
        }),
      ],
    };
    const input = { roster, synthesis: null, topic, countryStoriesLast24h: 0, lowValue: false };
    const once = assembleStory({ ...input, cluster });
    const twice = assembleStory({ ...input, cluster: duplicated });
    expect(twice.coverage).toEqual(once.coverage);
    expect(twice.tier).toBe(once.tier);
    expect(twice.publishGuard).toEqual(once.publishGuard);
    expect(twice.blindspots.prisma).toEqual(once.blindspots.prisma);
    expect(twice.ownershipMix).toEqual(once.ownershipMix);
    // The assembled values are the methodology's own functions.
    expect(once.tier).toBe(storyTier(once.coverage.rated));
    const outlets = once.outlets.map(
      (outlet) =>
        ({ domain: outlet.domain, scope: outlet.scope, bias: outlet.bias }) as Parameters<typeof coverage>[0][number],
    );
    expect(once.coverage).toEqual(coverage(outlets));
    expect(once.blindspots.prisma).toEqual(blindspotPrisma({ outlets, topic }));
    expect(twice.blindspots.fujaDaBolha).toBe(
      blindspotFujaDaBolha(
        duplicated.articles.map((article) => {
          const outlet = roster.get(article.domain);
          return {
            bias: outlet?.scope === 'political' ? outlet.bias : null,
            factualityScore: outlet?.factualityScore ?? null,
          };
        }),
      ),
    );
  },
);
