/**
 * Generates the SYNTHETIC demo data of `packages/rating/demo/`: articles of three fictional outlets
 * (`periodico-a.example`, `periodico-b.example` in Spain, `jornal-c.example` in Brazil), their
 * evidence records and a roster of stored ratings computed by this package with the offline
 * lexicon baseline. Every article says it is synthetic; none is real news.
 *
 * `pnpm --filter @espectro/rating demo-data`
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  analyzeOutletContent,
  createLexiconArticleAnalyzer,
  createMemoryArticleSource,
  createMemoryRatingStore,
  loadPoliticalActorMap,
  mulberry32,
  recordPreliminary,
  recordRating,
  type Article,
  type StoredRating,
} from '../src/index.js';
import { METHODOLOGY_VERSION, type RatingEvidenceRecord } from '@espectro/methodology';

const AS_OF = '2026-04-27';
const demoDirectory = fileURLToPath(new URL('../demo/', import.meta.url));
const actorsDirectory = fileURLToPath(new URL('../../../data/political-actors/', import.meta.url));
const random = mulberry32(20260427);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

function dayBefore(days: number): string {
  return new Date(Date.parse(`${AS_OF}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

interface Voice {
  outlet: string;
  language: 'es' | 'pt';
  titles: string[];
  framing: string[];
  stance: string[];
  quotes: string[];
  filler: string[];
  correction: string;
  primary: string;
  links: string[];
  note: string;
}

const ES_FILLER = [
  'La iniciativa se debatirá en las próximas semanas en la comisión correspondiente.',
  'El calendario parlamentario prevé varias comparecencias antes del verano.',
  'Los detalles técnicos del texto todavía no se han hecho públicos en su totalidad.',
  'Varias comunidades autónomas han pedido participar en la elaboración del reglamento.',
  'El debate coincide con la negociación de los presupuestos del próximo ejercicio.',
  'Los grupos parlamentarios tienen de plazo hasta final de mes para presentar enmiendas.',
  'La votación final dependerá de los apoyos que consiga el texto en el Congreso.',
];
const PT_FILLER = [
  'A proposta deve ser debatida nas próximas semanas na comissão responsável.',
  'O calendário do Congresso prevê audiências públicas antes do recesso.',
  'Os detalhes técnicos do texto ainda não foram divulgados na íntegra.',
  'Governadores pediram para participar da regulamentação da medida.',
  'O debate coincide com a negociação do orçamento do próximo ano.',
  'A votação final depende dos apoios que o texto conseguir no Congresso.',
];

const voices: Voice[] = [
  {
    outlet: 'periodico-a.example',
    language: 'es',
    titles: [
      'El Gobierno impulsa la reducción de jornada',
      'Nuevo avance del Ejecutivo en vivienda',
      'El Gobierno celebra un récord de empleo',
      'El PP bloquea otra vez la reforma',
    ],
    framing: [
      'El Gobierno celebra un nuevo avance en la reforma laboral.',
      'El Ejecutivo impulsa la ley de vivienda con un respaldo amplio.',
      'El Gobierno consigue mejoras en el salario mínimo.',
      'El PP vuelve a bloquear la reforma, otro error de la oposición.',
      'Vox protagoniza una nueva polémica en el Congreso.',
      'Pedro Sánchez consigue un acuerdo que beneficia a las familias.',
      'Feijóo encadena errores en su estrategia de oposición.',
    ],
    stance: [
      'La medida busca reducir la desigualdad y garantizar el derecho a la vivienda.',
      'La reducción de jornada es una reivindicación histórica de los sindicatos.',
      'La transición energética necesita inversión pública sostenida.',
      'El plan protege a las personas migrantes frente a la precariedad.',
      'Los expertos piden avanzar en justicia tributaria y gravar las grandes fortunas.',
    ],
    quotes: [
      'Según el PSOE, el texto llegará al pleno antes del verano.',
      'Según Sumar, la negociación con los sindicatos sigue abierta.',
      'Según la Fundación Alternativas, el impacto en el empleo será moderado.',
      'Según el Real Instituto Elcano, la medida tiene precedentes en Europa.',
      'Según el PP, la reforma necesita más debate.',
    ],
    filler: ES_FILLER,
    correction: 'Fe de erratas: una versión anterior de esta nota atribuía mal una cifra.',
    primary: 'Según datos del Ministerio de Trabajo publicados en el boletín oficial, la afiliación creció.',
    links: ['https://www.boe.es/diario_boe/txt.php?id=BOE-A-2026-0001', 'https://www.lamoncloa.gob.es/'],
    note: '(Texto sintético de demostración generado por Espectro; no es una noticia real.)',
  },
  {
    outlet: 'periodico-b.example',
    language: 'es',
    titles: [
      'Otro fracaso del Gobierno en vivienda',
      'La presión fiscal asfixia a los emprendedores',
      'El Ejecutivo improvisa con la reforma',
      'El PP logra frenar la subida de impuestos',
    ],
    framing: [
      'El Gobierno acumula otro fracaso con la ley de vivienda.',
      'La improvisación del Ejecutivo provoca caos en la reforma.',
      'El Gobierno rechaza rectificar pese a las críticas.',
      'El PP logra un éxito al frenar la subida de impuestos.',
      'Alberto Núñez Feijóo consigue el respaldo de los empresarios.',
      'Pedro Sánchez encadena errores y nuevas polémicas.',
      'Isabel Díaz Ayuso celebra el crecimiento de Madrid.',
    ],
    stance: [
      'La presión fiscal castiga a las clases medias y a los emprendedores.',
      'La inseguridad jurídica frena la inversión extranjera.',
      'Los expertos reclaman una bajada de impuestos y libre mercado.',
      'La okupación sigue creciendo sin respuesta del Gobierno.',
      'La ideología de género se ha colado en las aulas.',
    ],
    quotes: [
      'Según el PP, la reforma es un error.',
      'Según FAES, el gasto público está fuera de control.',
      'Según Vox, el texto es inaceptable.',
      'Según el Real Instituto Elcano, la medida tiene precedentes en Europa.',
      'Según el PSOE, el texto llegará al pleno antes del verano.',
    ],
    filler: ES_FILLER,
    correction: 'Nota de la redacción: esta información fue corregida para precisar una fecha.',
    primary: 'Según datos del Instituto Nacional de Estadística, la inflación se moderó.',
    links: ['https://www.ine.es/prensa/ipc_prensa.htm'],
    note: '(Texto sintético de demostración generado por Espectro; no es una noticia real.)',
  },
  {
    outlet: 'jornal-c.example',
    language: 'pt',
    titles: [
      'Governo comemora avanço na reforma',
      'Oposição trava votação no Congresso',
      'Planalto consegue apoio para o programa',
    ],
    framing: [
      'O governo comemora um avanço na reforma tributária.',
      'O Planalto consegue apoio para ampliar o programa social.',
      'O governo federal fortalece o investimento em saúde.',
      'O Partido Liberal volta a travar a votação, um erro da oposição.',
      'Jair Bolsonaro acumula críticas e mais uma polêmica.',
    ],
    stance: [
      'A medida enfrenta a desigualdade social e amplia direitos trabalhistas.',
      'Especialistas defendem a taxação dos super-ricos e justiça tributária.',
      'A transição energética exige investimento público.',
      'A demarcação de terras indígenas avança no Congresso.',
    ],
    quotes: [
      'Segundo o PT, o texto será votado ainda neste mês.',
      'Segundo a Fundação Perseu Abramo, o impacto será positivo.',
      'Segundo o PSOL, a proposta pode ir além.',
      'Segundo o Instituto Millenium, o custo fiscal preocupa.',
    ],
    filler: PT_FILLER,
    correction: 'Erramos: uma versão anterior deste texto trazia um número incorreto.',
    primary: 'Segundo dados do IBGE, o desemprego caiu no trimestre.',
    links: ['https://www.ibge.gov.br/estatisticas/'],
    note: '(Texto sintético de demonstração gerado pelo Espectro; não é uma notícia real.)',
  },
];

const TOPICS = ['politics', 'economy', 'society'] as const;

function makeArticles(voice: Voice, count: number, prefix: string): Article[] {
  const articles: Article[] = [];
  for (let index = 0; index < count; index += 1) {
    const sentences: string[] = [];
    const fillers = 10 + Math.floor(random() * 30);
    sentences.push(pick(voice.framing), pick(voice.stance), pick(voice.quotes));
    if (random() < 0.6) sentences.push(pick(voice.framing));
    if (random() < 0.5) sentences.push(pick(voice.stance));
    if (random() < 0.5) sentences.push(voice.primary);
    for (let filler = 0; filler < fillers; filler += 1) sentences.push(pick(voice.filler));
    if (index % 9 === 0) sentences.push(voice.correction);
    sentences.push(voice.note);
    // a few articles fall outside the 90-day window (they must not be sampled)
    const age = index < count - 3 ? Math.floor(random() * 90) : 95 + Math.floor(random() * 60);
    articles.push({
      id: `${prefix}-${String(index + 1).padStart(3, '0')}`,
      outlet: voice.outlet,
      url: `https://${voice.outlet}/${prefix}-${index + 1}`,
      title: `[Demo sintética] ${pick(voice.titles)}`,
      text: sentences.join(' '),
      publishedAt: dayBefore(age),
      language: voice.language,
      topic: pick(TOPICS),
      section: index % 4 === 0 ? 'opinion' : 'news',
      byline: index % 7 === 0 ? null : voice.language === 'pt' ? 'Redação Demo' : 'Redacción Demo',
      links: random() < 0.6 ? voice.links : [],
    });
  }
  return articles;
}

const articles = [
  ...makeArticles(voices[0]!, 44, 'a'),
  ...makeArticles(voices[1]!, 38, 'b'),
  ...makeArticles(voices[2]!, 30, 'c'),
];
articles.sort((a, b) =>
  a.publishedAt < b.publishedAt ? -1 : a.publishedAt > b.publishedAt ? 1 : a.id < b.id ? -1 : 1,
);

const evidence: Record<string, RatingEvidenceRecord> = {
  'periodico-a.example': {
    domain: 'periodico-a.example',
    name: 'Periódico A (ficticio)',
    country: 'ES',
    editorial_scope: 'political',
    ownership: {
      owner_entity: 'Cooperativa de redactores (ficticia)',
      owner_type: 'cooperative',
      funding_model: 'subscription',
      ownership_history: [],
      country_regime: 'democracy',
      country_regime_year: 2024,
      sources: [],
    },
    academic: [],
    not_found: [
      { status: 'not-found', searched: ['APM', 'PDLI', 'Fundación Hay Derecho'], note: 'fictional demo outlet' },
    ],
  },
  'periodico-b.example': {
    domain: 'periodico-b.example',
    name: 'Periódico B (ficticio)',
    country: 'ES',
    editorial_scope: 'political',
    ownership: {
      owner_entity: 'Grupo editorial ficticio',
      owner_type: 'corporate-conglomerate',
      funding_model: 'advertising',
      ownership_history: [
        { date: '2025-11-03', event: 'adquirido por un grupo editorial (ficticio)', control_change: true },
      ],
      country_regime: 'democracy',
      country_regime_year: 2024,
      sources: [],
    },
    academic: [],
    not_found: [{ status: 'not-found', searched: ['APM', 'PDLI'], note: 'fictional demo outlet' }],
  },
  'jornal-c.example': {
    domain: 'jornal-c.example',
    name: 'Jornal C (fictício)',
    country: 'BR',
    editorial_scope: 'political',
    ownership: {
      owner_type: 'independent-private',
      funding_model: 'mixed',
      country_regime: 'democracy',
      country_regime_year: 2024,
    },
    academic: [],
    not_found: [{ status: 'not-found', searched: ['Abraji', 'RSF Brasil 2025'], note: 'fictional demo outlet' }],
  },
};

mkdirSync(`${demoDirectory}evidence`, { recursive: true });
writeFileSync(`${demoDirectory}articles.jsonl`, `${articles.map((article) => JSON.stringify(article)).join('\n')}\n`);
for (const [domain, record] of Object.entries(evidence)) {
  writeFileSync(`${demoDirectory}evidence/${domain}.json`, `${JSON.stringify(record, null, 2)}\n`);
}

// The roster: each outlet rated on its content run (offline lexicon) on the demo date, plus one
// preliminary outlet. The lifecycle (drift series, article counts, contestations) is not part of a
// roster file: it is derived from stored data (`espectro outlets due --db`).
const store = createMemoryRatingStore();
const source = createMemoryArticleSource(articles);
const analyzer = createLexiconArticleAnalyzer();
const roster: StoredRating[] = [];
for (const [domain, record] of Object.entries(evidence)) {
  const map = await loadPoliticalActorMap(record.country, actorsDirectory);
  const control = record.ownership?.ownership_history?.find((entry) => entry.control_change === true)?.date;
  const result = await analyzeOutletContent({
    outlet: domain,
    asOf: AS_OF,
    actors: map,
    source,
    analyzer,
    ...(control === undefined ? {} : { notBefore: control }),
  });
  const full: RatingEvidenceRecord = { ...record, content: result.evidence };
  const { rating } = await recordRating(store, { evidence: full, asOf: AS_OF, changedAt: `${AS_OF}T12:00:00Z` });
  roster.push(rating);
}
roster.push(
  await recordPreliminary(store, {
    domain: 'nuevo-medio.example',
    name: 'Nuevo medio (ficticio)',
    country: 'ES',
    evidence: {
      status: 'pending',
      reason: 'Medio añadido desde la auditoría de dominios huérfanos; en cola para análisis de contenido',
      added_at: '2026-04-10',
    },
    changedAt: '2026-04-10T08:00:00Z',
    methodologyVersion: METHODOLOGY_VERSION,
  }),
);
writeFileSync(
  `${demoDirectory}roster.json`,
  `${JSON.stringify({ note: 'SYNTHETIC demo roster: fictional outlets rated by @espectro/rating with the offline lexicon baseline on synthetic articles. Not ratings of real outlets.', outlets: roster }, null, 2)}\n`,
);
console.log(
  `wrote ${articles.length} articles, ${Object.keys(evidence).length} evidence records, roster of ${roster.length} to ${demoDirectory}`,
);
for (const entry of roster)
  console.log(
    `  ${entry.domain}: ${entry.rating.bias ?? '—'} / ${entry.rating.factuality ?? '—'} / ${entry.rating.confidence}`,
  );
