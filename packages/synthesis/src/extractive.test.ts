import { attributionCheck } from '@espectro/methodology';
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { RATE_CLUSTER, ROSTER_OUTLETS, SMALL_CLUSTER } from './__fixtures__/clusters.js';
import { EXTRACTIVE_BACKEND, EXTRACTIVE_METHOD, synthesizeExtractive } from './extractive.js';
import { createRoster, type ClusterArticle, type StoryCluster, type StorySynthesis } from './types.js';

const roster = createRoster(ROSTER_OUTLETS);

function sourcesOf(article: ClusterArticle): string[] {
  return [article.title, article.description ?? '', article.body ?? ''];
}

/** Every sentence and the summary occur verbatim in a cited article; every id is the cluster's. */
function expectExtractive(synthesis: StorySynthesis, cluster: StoryCluster): void {
  const byId = new Map(cluster.articles.map((article) => [article.id, article]));
  const everything = cluster.articles.flatMap(sourcesOf);
  expect(synthesis.backend).toBe(EXTRACTIVE_BACKEND);
  if (synthesis.summary !== '') expect(everything.some((source) => source.includes(synthesis.summary))).toBe(true);
  const seen = new Set<string>();
  for (const sentence of synthesis.sentences) {
    expect(sentence.articleIds.length).toBeGreaterThan(0);
    expect(new Set(sentence.articleIds).size).toBe(sentence.articleIds.length);
    for (const id of sentence.articleIds) expect(byId.has(id)).toBe(true);
    expect(
      sentence.articleIds.some((id) => sourcesOf(byId.get(id)!).some((source) => source.includes(sentence.text))),
    ).toBe(true);
    expect(seen.has(sentence.text)).toBe(false);
    seen.add(sentence.text);
  }
}

describe('synthesizeExtractive', () => {
  const synthesis = synthesizeExtractive(RATE_CLUSTER, { roster });

  test('returns only sentences that occur in the sources, each citing where it came from', () => {
    expectExtractive(synthesis, RATE_CLUSTER);
    expect(synthesis.sentences.length).toBeGreaterThanOrEqual(8);
    expect(synthesis.sentences.length).toBeLessThanOrEqual(14);
    expect(synthesis.provenance).toMatchObject({ provider: null, model: null, costUsd: 0, method: EXTRACTIVE_METHOD });
  });

  test('merges near-duplicates across outlets into one sentence citing all of them', () => {
    const lead = synthesis.sentences.find((sentence) =>
      sentence.text.startsWith('El Banco Central de la República Argentina elevó'),
    );
    expect(lead?.articleIds).toEqual(['a-clarin', 'a-pagina12', 'a-infobae', 'a-unrostered']);
    const fixedTerm = synthesis.sentences.filter((sentence) =>
      sentence.text.startsWith('Los plazos fijos tradicionales'),
    );
    expect(fixedTerm).toHaveLength(1);
    expect(fixedTerm[0]!.articleIds).toEqual(['a-lanacion', 'a-ambito-2']);
  });

  test('never keeps a sentence that names an outlet of the roster (SYN-4), boilerplate or questions', () => {
    const texts = synthesis.sentences.map((sentence) => sentence.text);
    expect(attributionCheck([synthesis.summary, ...texts], roster.attributionEntries)).toEqual([]);
    expect(texts.join(' ')).not.toMatch(/Lee también|\?/);
  });

  test('orders sentences by article time, then position', () => {
    const published = new Map(RATE_CLUSTER.articles.map((article) => [article.id, Date.parse(article.publishedAt)]));
    // The first cited article of each sentence is not necessarily its representative, but the first
    // sentence comes from the earliest article.
    expect(synthesis.sentences[0]!.articleIds).toContain('a-clarin');
    const firstTimes = synthesis.sentences.map((sentence) =>
      Math.min(...sentence.articleIds.map((id) => published.get(id)!)),
    );
    expect(firstTimes[0]).toBe(Math.min(...published.values()));
  });

  test('respects maxSentences and works without a roster', () => {
    const short = synthesizeExtractive(SMALL_CLUSTER, { maxSentences: 3 });
    expect(short.sentences).toHaveLength(3);
    expectExtractive(short, SMALL_CLUSTER);
  });

  test('a cluster of titles only still gives a verbatim summary', () => {
    const cluster: StoryCluster = {
      id: 'titles',
      articles: [
        {
          id: 't1',
          domain: 'a.com',
          title: 'Un sismo de magnitud 6,1 sacude el sur de Chile',
          publishedAt: '2026-04-27T10:00:00Z',
          url: 'u1',
        },
        {
          id: 't2',
          domain: 'b.com',
          title: 'Fuerte sismo de magnitud 6,1 en el sur de Chile',
          publishedAt: '2026-04-27T10:05:00Z',
          url: 'u2',
        },
      ],
    };
    const result = synthesizeExtractive(cluster);
    expectExtractive(result, cluster);
    expect(result.summary).toBe('Un sismo de magnitud 6,1 sacude el sur de Chile');
  });

  test('deterministic: same input, same output', () => {
    expect(synthesizeExtractive(RATE_CLUSTER, { roster })).toEqual(synthesis);
  });
});

// ── Property: random clusters built from a pool of sentences, some shared across outlets ─────────

const POOL = [
  'El Congreso aprobó este martes la reforma del sistema de pensiones con 140 votos a favor.',
  'La oposición anunció que recurrirá la ley ante el Tribunal Constitucional en los próximos días.',
  'El Sr. Ramírez, ministro del Trabajo, afirmó que la reforma garantiza pensiones más altas.',
  'Según El País, la votación se extendió durante más de diez horas.',
  'Miles de personas se manifestaron frente al edificio del Congreso durante la sesión.',
  'La reforma eleva la edad de jubilación de 65 a 67 años de forma gradual hasta 2035.',
  'Los sindicatos convocaron a una huelga general para el próximo jueves en todo el país.',
  'El costo fiscal de la reforma se estima en 3,5 puntos del producto interno bruto.',
  'Lee también: las claves de la reforma de pensiones',
  '¿Qué cambia para los jubilados actuales?',
  'EE.UU. y la Unión Europea siguieron con atención el debate parlamentario del país.',
  'La ley entrará en vigor seis meses después de su publicación en el diario oficial.',
];
const DOMAINS = [...ROSTER_OUTLETS.map((outlet) => outlet.domain), 'desconocido.example'];

const articleArbitrary = fc.record({
  domain: fc.constantFrom(...DOMAINS),
  title: fc.constantFrom(...POOL),
  description: fc.option(fc.constantFrom(...POOL), { nil: undefined }),
  body: fc.option(
    fc
      .array(fc.constantFrom(...POOL), { minLength: 1, maxLength: 8 })
      .chain((sentences) => fc.constantFrom(' ', '\n').map((separator) => sentences.join(separator))),
    { nil: undefined },
  ),
  minute: fc.integer({ min: 0, max: 59 }),
});

const clusterArbitrary = fc.array(articleArbitrary, { minLength: 1, maxLength: 10 }).map((articles): StoryCluster => ({
  id: 'random',
  articles: articles.map((article, index) => ({
    id: `art-${index}`,
    domain: article.domain,
    title: article.title,
    ...(article.description !== undefined ? { description: article.description } : {}),
    ...(article.body !== undefined ? { body: article.body } : {}),
    publishedAt: `2026-04-27T10:${String(article.minute).padStart(2, '0')}:00Z`,
    url: `https://example.org/${index}`,
  })),
}));

test.prop([clusterArbitrary, fc.integer({ min: 1, max: 14 })])(
  'extractive output never invents text, cites only its cluster and names no outlet',
  (cluster, maxSentences) => {
    const result = synthesizeExtractive(cluster, { roster, maxSentences });
    expectExtractive(result, cluster);
    expect(result.sentences.length).toBeLessThanOrEqual(maxSentences);
    expect(
      attributionCheck(
        result.sentences.map((sentence) => sentence.text),
        roster.attributionEntries,
      ),
    ).toEqual([]);
  },
);
