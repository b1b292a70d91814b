/**
 * Throughput of `@espectro/synthesis` (built dist): story assembly (coverage, tier, publish guard,
 * both blindspots, ownership mix, audit) over 10 000 stories whose synthesis was prepared
 * beforehand by the offline extractive path, and the extractive synthesiser itself on stories of
 * 10 articles with a 350-outlet roster (SYN-4 checked against every named outlet).
 * Targets: ≥ 2 000 assembled stories/s; ≤ 5 ms per extractive synthesis.
 *
 * Run: `pnpm --filter @espectro/methodology --filter @espectro/llm --filter @espectro/synthesis build && node --import tsx bench/run.ts synthesis`.
 */
import { mulberry32, type Bucket, type Factuality, type OwnerType, type Topic } from '@espectro/methodology';
import {
  assembleStory,
  createRoster,
  synthesizeExtractive,
  type AssembledStory,
  type RosterOutletInput,
  type StoryCluster,
  type StorySynthesis,
} from '@espectro/synthesis';
import type { BenchSuite } from './harness.js';

const STORIES = Number(process.env.BENCH_SYNTHESIS_STORIES ?? 10_000);
const ASSEMBLY_BATCH = 500;
const EXTRACTIVE_SAMPLE = 200;

/** Seeded (methodology's mulberry32) so every run measures the same stories. */
const random = mulberry32(20261130);
const integer = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
const pick = <Value>(values: readonly Value[]): Value => values[Math.floor(random() * values.length)]!;

const SYLLABLES = ['ka', 're', 'lo', 'mi', 'ta', 'su', 'no', 'va', 'ri', 'del', 'mar', 'sol', 'pe', 'qui', 'ro', 'zan'];
const word = (parts: number): string => Array.from({ length: parts }, () => pick(SYLLABLES)).join('');
const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const BUCKETS: readonly Bucket[] = ['left', 'center', 'right'];
const FACTUALITIES: readonly (Factuality | null)[] = [
  'very-high',
  'high',
  'high',
  'mixed',
  'mixed',
  'low',
  'very-low',
  null,
];
const OWNERS: readonly (OwnerType | null)[] = [
  'corporate-conglomerate',
  'family-controlled',
  'independent-private',
  'state-public-broadcaster',
  'ngo-foundation',
  null,
];
const COUNTRIES = ['AR', 'CL', 'MX', 'CO', 'PE', 'ES'];
const TOPICS: readonly (Topic | null)[] = [
  'politics',
  'politics',
  'economy',
  'international',
  'society',
  'sports',
  'culture',
  'health',
  null,
];

/** 350 outlets, as in seed 003, each with a distinctive name (SYN-4 has to look for all of them). */
const rosterOutlets: RosterOutletInput[] = Array.from({ length: 350 }, (_, index): RosterOutletInput => {
  const roll = random();
  const base = {
    domain: `${word(3)}-${index}.example`,
    name: `${capital(word(3))} ${pick(['Noticias', 'Diario', 'Hoy', 'Digital', 'Informa'])}`,
    factuality: pick(FACTUALITIES),
    factualityScore: random() < 0.1 ? null : integer(30, 95),
    ownerType: pick(OWNERS),
    country: pick(COUNTRIES),
  };
  if (roll < 0.8) return { ...base, scope: 'political', bias: random() < 0.9 ? pick(BUCKETS) : null };
  return { ...base, scope: 'non_political' };
});
const roster = createRoster(rosterOutlets);

const TEMPLATES = [
  '{Subject} anunció este {day} un plan de {thing} por {n} millones de dólares para {place}.',
  'El ministro {person} afirmó que la medida beneficiará a unas {m} familias de {place}.',
  'La oposición criticó el anuncio y pidió que el Congreso revise el plan de {thing} antes de junio.',
  'Según el comunicado oficial, la primera etapa del plan comenzará en {month} y durará {k} meses.',
  'Los gobernadores de {place} reclamaron una mayor participación en el reparto de los fondos.',
  'Economistas consultados advirtieron que el costo fiscal podría superar el {p},5 % del producto.',
  'El Sr. {person} explicó que el financiamiento provendrá de organismos internacionales y de EE.UU.',
  'Organizaciones sociales de {place} convocaron a una marcha para el próximo {day} frente a la sede del Gobierno.',
  'El plan de {thing} incluye la construcción de {k} obras en las provincias del norte y del sur.',
  'Fuentes oficiales indicaron que la licitación se abrirá durante el mes de {month}.',
  'La Cámara de Comercio de {place} celebró la iniciativa y pidió reglas claras para los inversores.',
  'Los sindicatos advirtieron que vigilarán el cumplimiento de los compromisos laborales del plan.',
  'El anuncio se produjo tras una reunión de {k} horas entre el presidente y su gabinete.',
  'Analistas privados estimaron que el impacto en el empleo se verá recién a fines de año.',
  'En {place}, los vecinos recibieron la noticia con cautela tras varios anuncios incumplidos.',
  'La Dra. {person}, especialista en finanzas públicas, dijo que el plan carece de metas verificables.',
  'El Gobierno aseguró que publicará un informe trimestral sobre el avance de las obras.',
  'Las acciones de las constructoras subieron hasta un {p},2 % en la bolsa local tras el anuncio.',
];

function fill(template: string, facts: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_match, key: string) => facts[key] ?? key);
}

/** A story of 10 articles: shared agency sentences, outlet-specific ones, a few repeated outlets. */
function makeCluster(index: number): StoryCluster {
  const facts: Record<string, string> = {
    Subject: pick(['El Gobierno nacional', 'La Presidencia', 'El Ministerio de Obras Públicas']),
    day: pick(['lunes', 'martes', 'miércoles', 'jueves', 'viernes']),
    thing: pick(['infraestructura', 'vivienda', 'energía', 'transporte', 'agua potable']),
    n: String(integer(100, 9000)),
    m: `${integer(10, 900)}.000`,
    k: String(integer(2, 40)),
    p: String(integer(0, 4)),
    place: capital(word(3)),
    person: `${capital(word(2))} ${capital(word(3))}`,
    month: pick(['marzo', 'abril', 'mayo', 'junio', 'julio']),
  };
  const shared = Array.from({ length: 4 }, () => fill(pick(TEMPLATES), facts));
  const domains = Array.from({ length: 8 }, () => pick(rosterOutlets).domain);
  domains.push(domains[0]!, `independiente-${index % 50}.example`);
  return {
    id: `story-${index}`,
    articles: domains.map((domain, articleIndex) => {
      const own = Array.from({ length: integer(6, 10) }, () => fill(pick(TEMPLATES), facts));
      const body = [...shared.filter(() => random() < 0.6), ...own];
      return {
        id: `story-${index}-a${articleIndex}`,
        domain,
        title: `${facts.Subject} lanza un plan de ${facts.thing} por ${facts.n} millones`,
        description: shared[0]!,
        body: body.join(random() < 0.5 ? ' ' : '\n'),
        publishedAt: `2026-04-${String(1 + (index % 28)).padStart(2, '0')}T${String(8 + articleIndex).padStart(2, '0')}:${String(integer(0, 59)).padStart(2, '0')}:00Z`,
        url: `https://${domain}/${index}/${articleIndex}`,
        ...(random() < 0.7 ? { imageUrl: `https://${domain}/img/${index}.jpg` } : {}),
      };
    }),
  };
}

const clusters = Array.from({ length: STORIES }, (_, index) => makeCluster(index));
const preparationStart = performance.now();
const syntheses: StorySynthesis[] = clusters.map((cluster) => synthesizeExtractive(cluster, { roster }));
const preparationMs = performance.now() - preparationStart;
const topics = clusters.map(() => pick(TOPICS));
const countryCounts = clusters.map(() => integer(0, 10));

function assemble(index: number): AssembledStory {
  return assembleStory({
    cluster: clusters[index]!,
    roster,
    synthesis: syntheses[index]!,
    topic: topics[index]!,
    countryStoriesLast24h: countryCounts[index]!,
  });
}

const assembled = clusters.map((_, index) => assemble(index));
const typicalStory = assembled[0]!;

let sink = 0;
let assemblyCursor = 0;
let extractiveCursor = 0;

const suite: BenchSuite = {
  name: 'synthesis',
  baseline: {
    name: 'JSON.parse(JSON.stringify(assembled story))',
    run: () => JSON.parse(JSON.stringify(typicalStory)),
  },
  cases: [
    {
      name: `assembleStory (10 articles, batches of ${ASSEMBLY_BATCH} over ${STORIES})`,
      run: () => {
        for (let count = 0; count < ASSEMBLY_BATCH; count += 1) {
          if (assemble(assemblyCursor).publishGuard.publish) sink += 1;
          assemblyCursor = (assemblyCursor + 1) % STORIES;
        }
        return sink;
      },
      operationsPerCall: ASSEMBLY_BATCH,
      targetOperationsPerSecond: 2_000,
    },
    {
      name: 'synthesizeExtractive (10 articles, 350-outlet roster)',
      run: () => {
        const synthesis = synthesizeExtractive(clusters[extractiveCursor]!, { roster });
        extractiveCursor = (extractiveCursor + 1) % EXTRACTIVE_SAMPLE;
        sink += synthesis.sentences.length;
        return sink;
      },
      targetMillisecondsPerOperation: 5,
    },
  ],
  notes: {
    stories: STORIES,
    articlesPerStory: 10,
    rosterOutlets: rosterOutlets.length,
    meanBodyCharacters: Math.round(
      clusters
        .slice(0, 500)
        .reduce(
          (sum, cluster) => sum + cluster.articles.reduce((inner, article) => inner + (article.body?.length ?? 0), 0),
          0,
        ) /
        (500 * 10),
    ),
    extractivePreparationMsPerStory: preparationMs / STORIES,
    meanSentences: syntheses.reduce((sum, synthesis) => sum + synthesis.sentences.length, 0) / STORIES,
    meanCitationsPerSentence:
      syntheses.reduce(
        (sum, synthesis) =>
          sum + synthesis.sentences.reduce((inner, sentence) => inner + sentence.articleIds.length, 0),
        0,
      ) / syntheses.reduce((sum, synthesis) => sum + synthesis.sentences.length, 0),
    published: assembled.filter((story) => story.publishGuard.publish).length,
    tiers: {
      main: assembled.filter((story) => story.tier === 'main').length,
      limited: assembled.filter((story) => story.tier === 'limited').length,
      none: assembled.filter((story) => story.tier === null).length,
    },
    prismaBlindspots: assembled.filter((story) => story.blindspots.prisma.length > 0).length,
    fujaBlindspots: assembled.filter((story) => story.blindspots.fujaDaBolha !== null).length,
    assemblyIncludes:
      'cluster validation (zod), SYN-3 citation check, coverage, tier, low-value detector, publish guard, Prisma and Fuja blindspots, ownership mix, audit',
  },
};

export default suite;
