/**
 * Every label the site shows, in Spanish (default) and Brazilian Portuguese, in one dictionary.
 * Enum labels follow the table of RULES.md; contestation and rating-change labels are the
 * methodology's own (`CONTESTATION_LABELS`, `RATING_CHANGE_CAUSE_LABELS`), re-exported here so that
 * pages import labels from this file only.
 */
import {
  CONTESTATION_LABELS,
  RATING_CHANGE_CAUSE_LABELS,
  RATING_PARAMETERS,
  type Bucket,
  type CheckStatus,
  type CountryRegime,
  type FundingModel,
  type RatingSignal,
  type ContestationDimension,
  type ContestationStatus,
  type Factuality,
  type GuardReason,
  type OwnerType,
  type RatingChangeCause,
  type RatingConfidence,
  type Topic,
  type Verdict,
} from '@espectro/methodology';
import type { Locale } from './lib/types.js';

export type { Locale };

/** A label in both locales. */
export type Label = Record<Locale, string>;

/** Value of the `lang` attribute for a locale. */
export function htmlLang(locale: Locale): string {
  return locale;
}

/**
 * The `lang` attribute of a story's own text (title, sentences) on a page in `locale`: the story's
 * language tag when it differs from the page's, else `undefined` (the page's `lang` applies).
 *
 * @example
 * storyTextLang('es', 'pt'); // 'pt-BR'
 * storyTextLang('es', 'es'); // undefined
 */
export function storyTextLang(locale: Locale, language: string): string | undefined {
  const tag = language === 'pt' ? 'pt-BR' : language;
  return tag !== locale ? tag : undefined;
}

/**
 * The locale of a story's own page: pt-BR for a story in Portuguese, es otherwise (every story
 * page follows its story's language).
 *
 * @example
 * storyLocale('pt'); // 'pt-BR'
 */
export function storyLocale(language: string): Locale {
  return language === 'pt' ? 'pt-BR' : 'es';
}

/** Bias buckets (RULES labels table). */
export const BIAS_LABELS: Record<Bucket, Label> = {
  left: { es: 'Izquierda', 'pt-BR': 'Esquerda' },
  center: { es: 'Centro', 'pt-BR': 'Centro' },
  right: { es: 'Derecha', 'pt-BR': 'Direita' },
};

/** Factuality levels (RULES labels table). */
export const FACTUALITY_LABELS: Record<Factuality, Label> = {
  'very-high': { es: 'Muy alta', 'pt-BR': 'Muito alta' },
  high: { es: 'Alta', 'pt-BR': 'Alta' },
  mixed: { es: 'Mixta', 'pt-BR': 'Mista' },
  low: { es: 'Baja', 'pt-BR': 'Baixa' },
  'very-low': { es: 'Muy baja', 'pt-BR': 'Muito baixa' },
};

/** Rating confidence (RULES labels table). */
export const CONFIDENCE_LABELS: Record<RatingConfidence, Label> = {
  high: { es: 'alta', 'pt-BR': 'alta' },
  medium: { es: 'media', 'pt-BR': 'média' },
  low: { es: 'baja', 'pt-BR': 'baixa' },
  preliminary: { es: 'preliminar', 'pt-BR': 'preliminar' },
};

/** Debate verdicts (RULES labels table). */
export const VERDICT_LABELS: Record<Verdict, Label> = {
  true: { es: 'Verdadero', 'pt-BR': 'Verdadeiro' },
  imprecise: { es: 'Impreciso', 'pt-BR': 'Impreciso' },
  false: { es: 'Falso', 'pt-BR': 'Falso' },
  no_data: { es: 'Sin datos', 'pt-BR': 'Sem dados' },
};

/** Check statuses (RULES labels table; `published` has no label of its own). */
export const CHECK_STATUS_LABELS: Record<CheckStatus, Label> = {
  published: { es: 'publicada', 'pt-BR': 'publicada' },
  discarded: { es: 'descartada', 'pt-BR': 'descartada' },
  under_review: { es: 'en revisión', 'pt-BR': 'em revisão' },
  removed: { es: 'retirada', 'pt-BR': 'removida' },
};

/** Topics (RULES labels table). */
export const TOPIC_LABELS: Record<Topic, Label> = {
  politics: { es: 'política', 'pt-BR': 'política' },
  economy: { es: 'economía', 'pt-BR': 'economia' },
  international: { es: 'internacional', 'pt-BR': 'internacional' },
  society: { es: 'sociedad', 'pt-BR': 'sociedade' },
  culture: { es: 'cultura', 'pt-BR': 'cultura' },
  sports: { es: 'deportes', 'pt-BR': 'esportes' },
  technology: { es: 'tecnología', 'pt-BR': 'tecnologia' },
  science: { es: 'ciencia', 'pt-BR': 'ciência' },
  health: { es: 'salud', 'pt-BR': 'saúde' },
  environment: { es: 'medio ambiente', 'pt-BR': 'meio ambiente' },
};

/** URL slug of each topic under `/temas/`. */
export const TOPIC_SLUGS: Record<Topic, string> = {
  politics: 'politica',
  economy: 'economia',
  international: 'internacional',
  society: 'sociedad',
  culture: 'cultura',
  sports: 'deportes',
  technology: 'tecnologia',
  science: 'ciencia',
  health: 'salud',
  environment: 'medio-ambiente',
};

const TOPICS_BY_SLUG = new Map(Object.entries(TOPIC_SLUGS).map(([topic, slug]) => [slug, topic as Topic]));

/**
 * The topic whose `/temas/` slug is `slug`, or `undefined` for any other text.
 *
 * @example
 * topicOfSlug('medio-ambiente'); // 'environment'
 * topicOfSlug('environment'); // undefined
 */
export function topicOfSlug(slug: string): Topic | undefined {
  return TOPICS_BY_SLUG.get(slug);
}

/** Publish-guard reasons (PG). */
export const GUARD_REASON_LABELS: Record<GuardReason, Label> = {
  no_coverage: { es: 'menos de 2 medios', 'pt-BR': 'menos de 2 veículos' },
  no_synthesis: { es: 'sin síntesis', 'pt-BR': 'sem síntese' },
  insufficient_synthesis: { es: 'síntesis insuficiente (1–4 frases)', 'pt-BR': 'síntese insuficiente (1–4 frases)' },
  few_sentences: { es: 'pocas frases para su nivel', 'pt-BR': 'poucas frases para o nível' },
  no_image: { es: 'sin imagen', 'pt-BR': 'sem imagem' },
  low_coverage: { es: 'menos de 3 medios calificados', 'pt-BR': 'menos de 3 veículos classificados' },
  low_diversity: {
    es: 'todos los medios políticos en un mismo lado',
    'pt-BR': 'todos os veículos políticos do mesmo lado',
  },
  suspect_sources: { es: 'solo fuentes de baja veracidad', 'pt-BR': 'só fontes de baixa factualidade' },
  filtered_content: { es: 'tema de bajo valor con pocos medios', 'pt-BR': 'tema de baixo valor com poucos veículos' },
  country_cap: { es: 'tope diario de historias del país', 'pt-BR': 'limite diário de histórias do país' },
};

/** Owner types (seed 002 §5). */
export const OWNER_TYPE_LABELS: Record<OwnerType, Label> = {
  'corporate-conglomerate': { es: 'conglomerado empresarial', 'pt-BR': 'conglomerado empresarial' },
  'family-controlled': { es: 'control familiar', 'pt-BR': 'controle familiar' },
  'state-public-broadcaster': { es: 'medio público estatal', 'pt-BR': 'emissora pública estatal' },
  'state-captured': { es: 'capturado por el Estado', 'pt-BR': 'capturado pelo Estado' },
  'political-party': { es: 'partido político', 'pt-BR': 'partido político' },
  religious: { es: 'religioso', 'pt-BR': 'religioso' },
  'ngo-foundation': { es: 'ONG o fundación', 'pt-BR': 'ONG ou fundação' },
  cooperative: { es: 'cooperativa', 'pt-BR': 'cooperativa' },
  'independent-private': { es: 'privado independiente', 'pt-BR': 'privado independente' },
  unknown: { es: 'desconocido', 'pt-BR': 'desconhecido' },
};

/** Country regimes (FUN-3). */
export const REGIME_LABELS: Record<CountryRegime, Label> = {
  democracy: { es: 'democracia', 'pt-BR': 'democracia' },
  hybrid: { es: 'régimen híbrido', 'pt-BR': 'regime híbrido' },
  authoritarian: { es: 'régimen autoritario', 'pt-BR': 'regime autoritário' },
};

/** Funding models (seed 002 §5). */
export const FUNDING_LABELS: Record<FundingModel, Label> = {
  subscription: { es: 'suscripciones', 'pt-BR': 'assinaturas' },
  advertising: { es: 'publicidad', 'pt-BR': 'publicidade' },
  'state-subsidy': { es: 'subsidio estatal', 'pt-BR': 'subsídio estatal' },
  'patronage-donor': { es: 'mecenazgo o donantes', 'pt-BR': 'mecenato ou doadores' },
  'political-party-funded': { es: 'financiado por un partido', 'pt-BR': 'financiado por partido' },
  mixed: { es: 'mixto', 'pt-BR': 'misto' },
  unknown: { es: 'desconocido', 'pt-BR': 'desconhecido' },
};

/** The three signals of the rating funnel. */
export const SIGNAL_LABELS: Record<RatingSignal, Label> = {
  ownership: { es: 'propiedad', 'pt-BR': 'propriedade' },
  academic: { es: 'académica', 'pt-BR': 'acadêmica' },
  content: { es: 'contenido', 'pt-BR': 'conteúdo' },
};

/** Rating flags (rateOutlet). */
export const RATING_FLAG_LABELS: Record<string, Label> = {
  no_signal: {
    es: 'sin señal válida: fuera de las barras de cobertura',
    'pt-BR': 'sem sinal válido: fora das barras de cobertura',
  },
  split_outlet: { es: 'noticias y opinión en lados distintos', 'pt-BR': 'notícias e opinião em lados diferentes' },
  content_predates_control_change: {
    es: 'contenido anterior al cambio de control',
    'pt-BR': 'conteúdo anterior à troca de controle',
  },
  post_change_sample_insufficient: {
    es: 'muestra insuficiente tras el cambio de control',
    'pt-BR': 'amostra insuficiente após a troca de controle',
  },
  r1_content_override: { es: 'el contenido corrigió la regla R1', 'pt-BR': 'o conteúdo corrigiu a regra R1' },
  r3_clamped: { es: 'sesgo acotado por la regla R3', 'pt-BR': 'viés limitado pela regra R3' },
};

/** Contestation dimensions and states: the methodology's labels (CON-1, CON-2). */
export const CONTESTATION_DIMENSION_LABELS: Record<ContestationDimension, Label> = CONTESTATION_LABELS.dimension;
export const CONTESTATION_STATUS_LABELS: Record<ContestationStatus, Label> = CONTESTATION_LABELS.status;
/** Causes of a rating change: the methodology's labels (CON-4). */
export const RATING_CHANGE_LABELS: Record<RatingChangeCause, Label> = RATING_CHANGE_CAUSE_LABELS;

/** Every other label, by key. `{name}` placeholders are filled by {@link t}. */
export const LABELS = {
  siteName: { es: 'Espectro', 'pt-BR': 'Espectro' },
  skipToContent: { es: 'Saltar al contenido', 'pt-BR': 'Pular para o conteúdo' },
  mainNavigation: { es: 'Navegación principal', 'pt-BR': 'Navegação principal' },
  navStories: { es: 'Historias', 'pt-BR': 'Histórias' },
  navSources: { es: 'Fuentes', 'pt-BR': 'Fontes' },
  navTopics: { es: 'Temas', 'pt-BR': 'Temas' },
  navPrisma: { es: 'Puntos ciegos', 'pt-BR': 'Pontos cegos' },
  navFuja: { es: 'Fuja da Bolha', 'pt-BR': 'Fuja da Bolha' },
  navPlacar: { es: 'Placar', 'pt-BR': 'Placar' },
  navMethodology: { es: 'Metodología', 'pt-BR': 'Metodologia' },
  navContest: { es: 'Impugnar', 'pt-BR': 'Contestar' },
  navData: { es: 'Datos abiertos', 'pt-BR': 'Dados abertos' },
  fixtureNotice: {
    es: 'Datos de prueba: historias, titulares y medios de este sitio son ficticios y no son noticias reales.',
    'pt-BR': 'Dados de teste: histórias, manchetes e veículos deste site são fictícios e não são notícias reais.',
  },
  fixtureBadge: { es: 'ficticio', 'pt-BR': 'fictício' },
  illustrativeRatingsNotice: {
    es: 'Calificaciones de medios ilustrativas (demo): los titulares son reales, pero la evidencia de las calificaciones de los medios es de ejemplo.',
    'pt-BR':
      'Classificações de veículos ilustrativas (demo): as manchetes são reais, mas a evidência das classificações dos veículos é de exemplo.',
  },
  replayNotice: {
    es: 'Repetición de la demostración: artículos reales con sus fechas reales. Aquí «ahora» es {date}, justo después del artículo más reciente del corpus; la barra de temas y los cupos de 24 h se calculan a esa hora.',
    'pt-BR':
      'Repetição da demonstração: artigos reais com suas datas reais. Aqui «agora» é {date}, logo depois do artigo mais recente do corpus; a barra de temas e as cotas de 24 h são calculadas nesse horário.',
  },

  dataSource: {
    es: 'Fuente de datos: {source}, generados el {date}.',
    'pt-BR': 'Fonte dos dados: {source}, gerados em {date}.',
  },
  methodologyVersion: { es: 'Versión de la metodología', 'pt-BR': 'Versão da metodologia' },
  // Home
  homeTitle: { es: 'Historias', 'pt-BR': 'Histórias' },
  homeIntro: {
    es: 'Cada historia reúne la cobertura de varios medios. La barra muestra quién la cubrió, por dominio único.',
    'pt-BR': 'Cada história reúne a cobertura de vários veículos. A barra mostra quem a cobriu, por domínio único.',
  },
  tierMain: { es: 'Historias principales', 'pt-BR': 'Histórias principais' },
  tierLimited: { es: 'Cobertura limitada', 'pt-BR': 'Cobertura limitada' },
  tierMainShort: { es: 'principal', 'pt-BR': 'principal' },
  tierLimitedShort: { es: 'cobertura limitada', 'pt-BR': 'cobertura limitada' },
  outletCount: { es: '{count} medios', 'pt-BR': '{count} veículos' },
  outletCountOne: { es: '1 medio', 'pt-BR': '1 veículo' },
  noTopic: { es: 'sin tema', 'pt-BR': 'sem tema' },
  blindspotBadge: { es: 'Punto ciego: falta {buckets}', 'pt-BR': 'Ponto cego: falta {buckets}' },
  allStories: { es: 'Todas las historias', 'pt-BR': 'Todas as histórias' },
  archiveTitle: { es: 'Archivo de historias, página {page}', 'pt-BR': 'Arquivo de histórias, página {page}' },
  pagination: { es: 'Paginación', 'pt-BR': 'Paginação' },
  previousPage: { es: 'Página anterior', 'pt-BR': 'Página anterior' },
  nextPage: { es: 'Página siguiente', 'pt-BR': 'Próxima página' },
  pageOf: { es: 'Página {page} de {pages}', 'pt-BR': 'Página {page} de {pages}' },
  noStories: { es: 'No hay historias publicadas.', 'pt-BR': 'Não há histórias publicadas.' },
  heldLink: {
    es: 'Ver las historias retenidas por el control de publicación ({count})',
    'pt-BR': 'Ver as histórias retidas pelo controle de publicação ({count})',
  },
  heldTitle: {
    es: 'Historias retenidas por el control de publicación',
    'pt-BR': 'Histórias retidas pelo controle de publicação',
  },
  heldIntro: {
    es: 'Estas historias se sintetizaron, pero el control de publicación (regla PG de la metodología) no las publicó. Se muestran con los motivos que registró, en su orden.',
    'pt-BR':
      'Estas histórias foram sintetizadas, mas o controle de publicação (regra PG da metodologia) não as publicou. Aparecem com os motivos registrados, na ordem dele.',
  },
  heldNone: { es: 'No hay historias retenidas.', 'pt-BR': 'Não há histórias retidas.' },
  heldReasons: { es: 'Motivos', 'pt-BR': 'Motivos' },
  heldDecidedAt: { es: 'Decidido', 'pt-BR': 'Decidido' },
  heldReviewLink: { es: 'Revisar la historia retenida', 'pt-BR': 'Revisar a história retida' },
  heldReviewTitle: { es: 'Historia retenida: {title}', 'pt-BR': 'História retida: {title}' },
  heldBack: { es: 'Todas las historias retenidas', 'pt-BR': 'Todas as histórias retidas' },
  heldNotPublished: { es: 'Esta historia NO está publicada.', 'pt-BR': 'Esta história NÃO está publicada.' },
  heldNotPublishedDetail: {
    es: 'El control de publicación (regla PG de la metodología) la retuvo. Esta página sirve para revisar por qué: no aparece en la portada, los temas, el archivo ni los datos abiertos, y pide a los buscadores no indexarla.',
    'pt-BR':
      'O controle de publicação (regra PG da metodologia) a reteve. Esta página serve para revisar por quê: não aparece na capa, nos temas, no arquivo nem nos dados abertos, e pede aos buscadores que não a indexem.',
  },
  heldReasonsTitle: {
    es: 'Motivos del control, en el orden registrado',
    'pt-BR': 'Motivos do controle, na ordem registrada',
  },
  heldReasonCode: { es: 'código', 'pt-BR': 'código' },
  heldNoTier: { es: 'sin nivel (pocos medios calificados)', 'pt-BR': 'sem nível (poucos veículos classificados)' },
  // Coverage
  coverageTitle: { es: 'Cobertura por sesgo', 'pt-BR': 'Cobertura por viés' },
  coverageSummary: {
    es: '{left} · {center} · {right}, sobre {count} medios políticos con sesgo',
    'pt-BR': '{left} · {center} · {right}, sobre {count} veículos políticos com viés',
  },
  coverageNoBias: {
    es: 'Ningún medio político con sesgo calificado',
    'pt-BR': 'Nenhum veículo político com viés classificado',
  },
  coverageApart: {
    es: '{nonPolitical} apolíticos y {unrated} sin sesgo o fuera del registro (cuentan en el total, no en el sesgo)',
    'pt-BR': '{nonPolitical} apolíticos e {unrated} sem viés ou fora do cadastro (contam no total, não no viés)',
  },
  percentOf: { es: '{label} {percent} % ({count})', 'pt-BR': '{label} {percent} % ({count})' },
  // Story
  storySynthesis: { es: 'Síntesis', 'pt-BR': 'Síntese' },
  storyKeyboardHint: {
    es: 'Cada frase con fuentes es un botón: Tab recorre las frases, Enter o Espacio abre sus fuentes, las flechas saltan entre frases atribuidas y Escape cierra el panel.',
    'pt-BR':
      'Cada frase com fontes é um botão: Tab percorre as frases, Enter ou Espaço abre as fontes, as setas pulam entre frases atribuídas e Esc fecha o painel.',
  },
  sentenceSources: { es: 'Fuentes de la frase', 'pt-BR': 'Fontes da frase' },
  sentenceSourceCount: { es: '{count} fuentes', 'pt-BR': '{count} fontes' },
  sentenceSourceCountOne: { es: '1 fuente', 'pt-BR': '1 fonte' },
  sentenceDiscrepancy: { es: 'las fuentes discrepan', 'pt-BR': 'as fontes divergem' },
  close: { es: 'Cerrar', 'pt-BR': 'Fechar' },
  closeSources: { es: 'Cerrar el panel de fuentes', 'pt-BR': 'Fechar o painel de fontes' },
  storySources: { es: 'Artículos de la historia', 'pt-BR': 'Artigos da história' },
  storyNoSentences: {
    es: 'La síntesis no devolvió ninguna frase: no hay texto que revisar, solo los artículos agrupados.',
    'pt-BR': 'A síntese não devolveu nenhuma frase: não há texto a revisar, só os artigos agrupados.',
  },
  storyNoArticles: { es: 'No hay artículos registrados.', 'pt-BR': 'Não há artigos registrados.' },
  storyAbout: { es: 'Cómo se hizo esta historia', 'pt-BR': 'Como esta história foi feita' },
  writtenBy: { es: 'Escrita por', 'pt-BR': 'Escrita por' },
  extractiveOffline: { es: 'extractivo, sin conexión', 'pt-BR': 'extrativo, sem conexão' },
  promptVersion: { es: 'Versión del prompt', 'pt-BR': 'Versão do prompt' },
  notApplicable: { es: 'no corresponde', 'pt-BR': 'não se aplica' },
  cost: { es: 'Costo del modelo', 'pt-BR': 'Custo do modelo' },
  guardRecord: { es: 'Control de publicación (PG)', 'pt-BR': 'Controle de publicação (PG)' },
  guardPassed: {
    es: 'Publicada: superó todas las reglas del control.',
    'pt-BR': 'Publicada: passou por todas as regras do controle.',
  },
  guardFailed: { es: 'Retenida por: {reasons}', 'pt-BR': 'Retida por: {reasons}' },
  tier: { es: 'Nivel', 'pt-BR': 'Nível' },
  topic: { es: 'Tema', 'pt-BR': 'Tema' },
  ownershipMix: { es: 'Propiedad de los medios', 'pt-BR': 'Propriedade dos veículos' },
  outlet: { es: 'Medio', 'pt-BR': 'Veículo' },
  published: { es: 'Publicado', 'pt-BR': 'Publicado' },
  openArticle: { es: 'Leer en {outlet}', 'pt-BR': 'Ler em {outlet}' },
  noSourcesForSentence: { es: 'Esta frase no tiene fuentes.', 'pt-BR': 'Esta frase não tem fontes.' },
  // Outlets
  sourcesTitle: { es: 'Fuentes', 'pt-BR': 'Fontes' },
  sourcesIntro: {
    es: 'Cada medio con su sesgo, su veracidad y la confianza de la calificación. Los medios apolíticos no reciben sesgo.',
    'pt-BR':
      'Cada veículo com seu viés, sua factualidade e a confiança da classificação. Veículos apolíticos não recebem viés.',
  },
  bias: { es: 'Sesgo', 'pt-BR': 'Viés' },
  factuality: { es: 'Veracidad', 'pt-BR': 'Factualidade' },
  confidence: { es: 'Confianza', 'pt-BR': 'Confiança' },
  country: { es: 'País', 'pt-BR': 'País' },
  apolitical: { es: 'Apolítico', 'pt-BR': 'Apolítico' },
  noBias: { es: 'Sin sesgo asignado', 'pt-BR': 'Sem viés atribuído' },
  noFactuality: { es: 'Sin calificar', 'pt-BR': 'Sem classificação' },
  preliminary: { es: 'Preliminar', 'pt-BR': 'Preliminar' },
  illustrativeMark: { es: 'ilustrativa', 'pt-BR': 'ilustrativa' },
  illustrativeMarkHint: {
    es: 'Calificación de demostración: evidencia inventada, no es una calificación de este medio.',
    'pt-BR': 'Classificação de demonstração: evidências inventadas, não é uma classificação deste veículo.',
  },
  chartBar: { es: 'Barra', 'pt-BR': 'Barra' },
  factualityDistribution: { es: 'Distribución de la veracidad', 'pt-BR': 'Distribuição da factualidade' },
  evidenceRecord: { es: 'Registro de evidencia', 'pt-BR': 'Registro de evidências' },
  ratingResult: { es: 'Calificación', 'pt-BR': 'Classificação' },
  ratedAt: { es: 'Calificado el', 'pt-BR': 'Classificado em' },
  appliedRule: { es: 'Regla de propiedad aplicada', 'pt-BR': 'Regra de propriedade aplicada' },
  none: { es: 'ninguna', 'pt-BR': 'nenhuma' },
  trace: { es: 'Reglas que intervinieron', 'pt-BR': 'Regras que atuaram' },
  dissent: { es: 'Señales en desacuerdo', 'pt-BR': 'Sinais em desacordo' },
  flags: { es: 'Avisos', 'pt-BR': 'Avisos' },
  ownership: { es: 'Propiedad', 'pt-BR': 'Propriedade' },
  ownerType: { es: 'Tipo de propietario', 'pt-BR': 'Tipo de proprietário' },
  countryRegime: { es: 'Régimen del país', 'pt-BR': 'Regime do país' },
  fundingModel: { es: 'Financiamiento', 'pt-BR': 'Financiamento' },
  lastControlChange: { es: 'Último cambio de control', 'pt-BR': 'Última troca de controle' },
  academic: { es: 'Evaluaciones académicas y de ONG', 'pt-BR': 'Avaliações acadêmicas e de ONGs' },
  academicSource: { es: 'Fuente', 'pt-BR': 'Fonte' },
  date: { es: 'Fecha', 'pt-BR': 'Data' },
  weight: { es: 'Peso', 'pt-BR': 'Peso' },
  weightPrimary: { es: 'primaria', 'pt-BR': 'primária' },
  weightSecondary: { es: 'secundaria', 'pt-BR': 'secundária' },
  domestic: { es: 'nacional', 'pt-BR': 'nacional' },
  foreign: { es: 'extranjera', 'pt-BR': 'estrangeira' },
  quote: { es: 'Cita', 'pt-BR': 'Citação' },
  content: { es: 'Análisis de contenido', 'pt-BR': 'Análise de conteúdo' },
  sampleSize: { es: 'Artículos analizados', 'pt-BR': 'Artigos analisados' },
  windowStart: { es: 'Desde', 'pt-BR': 'Desde' },
  contentBucket: { es: 'Sesgo del contenido', 'pt-BR': 'Viés do conteúdo' },
  inconclusive: { es: 'no concluyente', 'pt-BR': 'inconclusivo' },
  newsBucket: { es: 'Noticias', 'pt-BR': 'Notícias' },
  opinionBucket: { es: 'Opinión', 'pt-BR': 'Opinião' },
  noEvidence: { es: 'Sin evidencia registrada.', 'pt-BR': 'Sem evidências registradas.' },
  preliminaryNote: {
    es: 'Medio en espera de calificación desde {date}: {reason}.',
    'pt-BR': 'Veículo aguardando classificação desde {date}: {reason}.',
  },
  ratingHistory: { es: 'Historial de la calificación', 'pt-BR': 'Histórico da classificação' },
  noHistory: { es: 'La calificación no ha cambiado.', 'pt-BR': 'A classificação não mudou.' },
  cause: { es: 'Causa', 'pt-BR': 'Causa' },
  change: { es: 'Cambio', 'pt-BR': 'Mudança' },
  field: { es: 'Campo', 'pt-BR': 'Campo' },
  contestThisOutlet: {
    es: 'Impugnar la calificación de este medio',
    'pt-BR': 'Contestar a classificação deste veículo',
  },
  // Topics
  topicsTitle: { es: 'Temas', 'pt-BR': 'Temas' },
  topicStories: { es: 'Historias de {topic}', 'pt-BR': 'Histórias de {topic}' },
  storyCount: { es: '{count} historias', 'pt-BR': '{count} histórias' },
  // Prisma
  prismaTitle: { es: 'Puntos ciegos', 'pt-BR': 'Pontos cegos' },
  prismaIntro: {
    es: 'Historias que un lado del espectro casi no cubre: al menos 10 medios, al menos 5 políticos con sesgo, y un lado con 15 % o menos de ellos (reglas BS-PR-1 a BS-PR-4, por dominio único). Deportes, cultura, ciencia y tecnología nunca califican.',
    'pt-BR': 'Histórias que um lado do espectro quase não cobre.',
  },
  prismaMissing: { es: 'Falta: {buckets}', 'pt-BR': 'Falta: {buckets}' },
  noBlindspots: { es: 'Ninguna historia es un punto ciego.', 'pt-BR': 'Nenhuma história é um ponto cego.' },
  driftNotice: {
    es: '{count} historias tienen una marca guardada que no coincide con la metodología; quedó un aviso en el registro técnico (regla DRIFT).',
    'pt-BR':
      '{count} histórias têm uma marca gravada que não coincide com a metodologia; ficou um aviso no registro técnico (regra DRIFT).',
  },
  shownOf: { es: 'Se muestran {shown} de {total}.', 'pt-BR': 'Mostrando {shown} de {total}.' },
  criteriaWhy: { es: 'Por qué, criterio por criterio', 'pt-BR': 'Por quê, critério por critério' },
  prismaWhy1: {
    es: '{total} medios cubrieron la historia (se piden al menos {min})',
    'pt-BR': '{total} veículos cobriram a história (são exigidos pelo menos {min})',
  },
  prismaWhy2: {
    es: '{withBias} de ellos son políticos con sesgo calificado (se piden al menos {min})',
    'pt-BR': '{withBias} deles são políticos com viés classificado (são exigidos pelo menos {min})',
  },
  prismaWhy3: {
    es: '{bucket}: {count} de {withBias} medios con sesgo ({percent}\u00a0%), como máximo {max}\u00a0%',
    'pt-BR': '{bucket}: {count} de {withBias} veículos com viés ({percent}\u00a0%), no máximo {max}\u00a0%',
  },
  prismaWhy3None: {
    es: 'Ningún lado queda en {max}\u00a0% o menos de los medios con sesgo',
    'pt-BR': 'Nenhum lado fica em {max}\u00a0% ou menos dos veículos com viés',
  },
  prismaWhy4: {
    es: 'Tema: {topic} (deportes, cultura, ciencia y tecnología nunca cuentan)',
    'pt-BR': 'Tema: {topic} (esportes, cultura, ciência e tecnologia nunca contam)',
  },
  fujaWhy1: {
    es: '{withBias} artículos de medios con sesgo conocido (se piden al menos {min})',
    'pt-BR': '{withBias} artigos de veículos com viés conhecido (são exigidos pelo menos {min})',
  },
  fujaWhy2: {
    es: '{side}: {focus} artículos (menos de {max})',
    'pt-BR': '{side}: {focus} artigos (menos de {max})',
  },
  fujaWhy3: {
    es: '{opposite}: {count} de {withBias} artículos con sesgo ({percent}\u00a0%), al menos {min}\u00a0%',
    'pt-BR': '{opposite}: {count} de {withBias} artigos com viés ({percent}\u00a0%), pelo menos {min}\u00a0%',
  },
  fujaWhy4: {
    es: '{side} con {focusPercent}\u00a0%, por debajo de ({oppositePercent} − 33) × 30/37 = {limit}\u00a0%',
    'pt-BR': '{side} com {focusPercent}\u00a0%, abaixo de ({oppositePercent} − 33) × 30/37 = {limit}\u00a0%',
  },
  fujaWhy5: {
    es: '{low} de {total} artículos de medios de baja veracidad ({percent}\u00a0%), menos de {max}\u00a0%',
    'pt-BR': '{low} de {total} artigos de veículos de baixa factualidade ({percent}\u00a0%), menos de {max}\u00a0%',
  },
  featuredBlindspots: { es: 'Puntos ciegos destacados', 'pt-BR': 'Pontos cegos em destaque' },
  featuredBlindspotsNone: {
    es: 'Ahora ninguna historia publicada es un punto ciego.',
    'pt-BR': 'Agora nenhuma história publicada é um ponto cego.',
  },
  featuredBlindspotsHeld: {
    es: 'Historias con punto ciego retenidas por el control de publicación: {count} (motivos: {reasons}).',
    'pt-BR': 'Histórias com ponto cego retidas pelo controle de publicação: {count} (motivos: {reasons}).',
  },
  featuredBlindspotsIntro: {
    es: 'Historias con amplia cobertura en las que un lado del espectro casi no aparece, con la regla que lo muestra.',
    'pt-BR': 'Histórias com ampla cobertura em que um lado do espectro quase não aparece, com a regra que o mostra.',
  },
  featuredPrisma: { es: 'Prisma: medios que faltan', 'pt-BR': 'Prisma: veículos que faltam' },
  featuredFuja: {
    es: 'Fuja da Bolha: artículos que faltan (Brasil)',
    'pt-BR': 'Fuja da Bolha: artigos que faltam (Brasil)',
  },
  allPrisma: {
    es: 'Todos los puntos ciegos de Prisma ({count})',
    'pt-BR': 'Todos os pontos cegos do Prisma ({count})',
  },
  allFuja: {
    es: 'Todos los puntos ciegos de Fuja da Bolha ({count})',
    'pt-BR': 'Todos os pontos cegos do Fuja da Bolha ({count})',
  },
  fujaMissing: { es: 'Falta: {side}', 'pt-BR': 'Falta: {side}' },
  navTopicsLabel: { es: 'Temas con más cobertura', 'pt-BR': 'Temas com mais cobertura' },
  coverageDates: { es: 'Cobertura', 'pt-BR': 'Cobertura' },
  imageCredit: { es: 'Imagen: {outlet}', 'pt-BR': 'Imagem: {outlet}' },
  // The outlet page's recent stories (components/OutletRecentStories.astro)
  outletStoriesTitle: { es: 'Historias recientes de este medio', 'pt-BR': 'Histórias recentes deste veículo' },
  outletStoriesIntro: {
    es: 'Las {shown} más recientes de {total} historias publicadas que cuentan a este medio, cada una con la cobertura de todos sus medios por sesgo.',
    'pt-BR':
      'As {shown} mais recentes de {total} histórias publicadas que contam este veículo, cada uma com a cobertura de todos os seus veículos por viés.',
  },
  outletStoriesIntroAll: {
    es: 'Las {total} historias publicadas que cuentan a este medio, cada una con la cobertura de todos sus medios por sesgo.',
    'pt-BR':
      'As {total} histórias publicadas que contam este veículo, cada uma com a cobertura de todos os seus veículos por viés.',
  },
  outletStoriesIntroOne: {
    es: 'La única historia publicada que cuenta a este medio, con la cobertura de todos sus medios por sesgo.',
    'pt-BR': 'A única história publicada que conta este veículo, com a cobertura de todos os seus veículos por viés.',
  },
  outletStoriesNone: {
    es: 'Ninguna historia publicada cuenta a este medio todavía.',
    'pt-BR': 'Nenhuma história publicada conta este veículo ainda.',
  },
  // Language switch (pages with a copy in the other locale: src/lib/locales.ts)
  languageSwitchLabel: { es: 'Idioma', 'pt-BR': 'Idioma' },
  languageSwitchTo: { es: 'Leer en español', 'pt-BR': 'Ler em português' },
  // Search
  navSearch: { es: 'Buscar', 'pt-BR': 'Buscar' },
  searchGo: { es: 'Ir', 'pt-BR': 'Ir' },
  searchPlaceholder: { es: 'titular, medio, frase…', 'pt-BR': 'manchete, veículo, frase…' },
  searchTitle: { es: 'Buscar', 'pt-BR': 'Buscar' },
  searchResultsTitle: { es: 'Resultados para «{query}»', 'pt-BR': 'Resultados para «{query}»' },
  searchIntro: {
    es: 'Busca en las historias publicadas, los medios y los chequeos de debates, en español y en portugués: da igual el acento o la forma de la palabra («eleccion» encuentra «elecciones»).',
    'pt-BR':
      'Busque nas histórias publicadas, nos veículos e nas checagens dos debates, em espanhol e em português: tanto faz o acento ou a forma da palavra («eleicao» encontra «eleições»).',
  },
  searchLabel: { es: 'Palabras a buscar', 'pt-BR': 'Palavras a buscar' },
  searchKindLabel: { es: 'Buscar en', 'pt-BR': 'Buscar em' },
  searchKindAll: { es: 'todo', 'pt-BR': 'tudo' },
  searchKindStories: { es: 'historias', 'pt-BR': 'histórias' },
  searchKindOutlets: { es: 'medios', 'pt-BR': 'veículos' },
  searchKindChecks: { es: 'chequeos', 'pt-BR': 'checagens' },
  searchSubmit: { es: 'Buscar', 'pt-BR': 'Buscar' },
  searchCount: { es: '{count} resultados', 'pt-BR': '{count} resultados' },
  searchCountOne: { es: '1 resultado', 'pt-BR': '1 resultado' },
  searchShown: { es: 'Se muestran los {shown} mejores.', 'pt-BR': 'Mostrando os {shown} melhores.' },
  searchNone: {
    es: 'Nada coincide con «{query}». Prueba con menos palabras o con otra forma de la palabra.',
    'pt-BR': 'Nada corresponde a «{query}». Tente menos palavras ou outra forma da palavra.',
  },
  searchInvalid: {
    es: 'Escribe entre 1 y 200 caracteres para buscar.',
    'pt-BR': 'Escreva entre 1 e 200 caracteres para buscar.',
  },
  searchKindStory: { es: 'Historia', 'pt-BR': 'História' },
  searchKindOutlet: { es: 'Medio', 'pt-BR': 'Veículo' },
  searchKindCheck: { es: 'Chequeo', 'pt-BR': 'Checagem' },
  // Story: sides
  headlinesTitle: { es: 'Cómo tituló cada lado', 'pt-BR': 'Como cada lado deu a notícia' },
  headlinesIntro: {
    es: 'Los titulares de los artículos, agrupados por el sesgo de su medio; los medios apolíticos y los que no tienen sesgo calificado van aparte.',
    'pt-BR':
      'As manchetes dos artigos, agrupadas pelo viés do veículo; os veículos apolíticos e os sem viés classificado ficam à parte.',
  },
  sideNonPolitical: { es: 'Apolíticos', 'pt-BR': 'Apolíticos' },
  sideUnrated: { es: 'Sin sesgo o fuera del registro', 'pt-BR': 'Sem viés ou fora do cadastro' },
  sideNone: {
    es: 'Ningún medio de este lado cubrió la historia.',
    'pt-BR': 'Nenhum veículo deste lado cobriu a história.',
  },
  sideApart: { es: 'Aparte', 'pt-BR': 'À parte' },
  timelineTitle: { es: 'Cuándo la cubrió cada lado', 'pt-BR': 'Quando cada lado a cobriu' },
  timelineCaption: {
    es: 'Primer y último artículo de cada lado (hora UTC)',
    'pt-BR': 'Primeiro e último artigo de cada lado (horário UTC)',
  },
  timelineSide: { es: 'Lado', 'pt-BR': 'Lado' },
  timelineFirst: { es: 'Primer artículo', 'pt-BR': 'Primeiro artigo' },
  timelineLatest: { es: 'Último artículo', 'pt-BR': 'Último artigo' },
  timelineArticles: { es: 'Artículos', 'pt-BR': 'Artigos' },
  timelineNone: { es: 'sin artículos', 'pt-BR': 'sem artigos' },
  // Fuja da Bolha
  fujaTitle: { es: 'Fuja da Bolha', 'pt-BR': 'Fuja da Bolha' },
  fujaIntro: {
    es: 'Historias brasileñas que un lado del espectro está ignorando, contadas por artículo.',
    'pt-BR':
      'Histórias que um lado do espectro está ignorando. As contagens são por artigo: vários artigos do mesmo veículo entram individualmente.',
  },
  fujaSide: { es: 'Punto ciego de la {side}', 'pt-BR': 'Ponto cego da {side}' },
  criterionMet: { es: 'cumple', 'pt-BR': 'cumpre' },
  criterionNotMet: { es: 'no cumple', 'pt-BR': 'não cumpre' },
  // Placar
  placarTitle: { es: 'Placar', 'pt-BR': 'Placar da Verdade' },
  placarIntro: {
    es: 'Chequeo en vivo de los debates.',
    'pt-BR':
      'Checagem ao vivo dos debates. O índice de erro de cada candidato é (falsos + metade dos imprecisos) ÷ falas checáveis; "Sem dados" fica de fora.',
  },
  mentirometro: { es: 'Mentirômetro', 'pt-BR': 'Mentirômetro' },
  scoreboardLive: { es: 'Marcador en vivo', 'pt-BR': 'Placar ao vivo' },
  scoreboardRevised: { es: 'Marcador revisado', 'pt-BR': 'Placar revisado' },
  errorIndex: { es: 'Índice de error', 'pt-BR': 'Índice de erro' },
  checkable: { es: 'chequeables', 'pt-BR': 'checáveis' },
  noCheckable: { es: 'sin frases chequeables', 'pt-BR': 'sem falas checáveis' },
  comparison: { es: 'Comparación', 'pt-BR': 'Comparação' },
  comparisonInsufficient: {
    es: 'Datos insuficientes: el puntero solo se mueve con al menos 3 frases chequeables de cada candidato.',
    'pt-BR': 'Dados insuficientes: o ponteiro só se mexe com pelo menos 3 falas checáveis de cada candidato.',
  },
  comparisonTie: {
    es: 'Empate técnico: diferencia menor que 10 puntos.',
    'pt-BR': 'Empate técnico: diferença menor que 10 pontos.',
  },
  comparisonErrsMore: { es: '{candidate} se equivoca más.', 'pt-BR': '{candidate} erra mais.' },
  checks: { es: 'Chequeos', 'pt-BR': 'Checagens' },
  phrase: { es: 'Frase', 'pt-BR': 'Frase' },
  datum: { es: 'Dato chequeado', 'pt-BR': 'Dado checado' },
  verdict: { es: 'Veredicto', 'pt-BR': 'Veredito' },
  reason: { es: 'Motivo', 'pt-BR': 'Motivo' },
  sources: { es: 'Fuentes', 'pt-BR': 'Fontes' },
  noSources: { es: 'Sin fuentes.', 'pt-BR': 'Sem fontes.' },
  alreadyChecked: { es: 'ya chequeado en {debate}', 'pt-BR': 'já checado em {debate}' },
  verdictHistory: { es: 'Historial del veredicto', 'pt-BR': 'Histórico do veredito' },
  phaseLive: { es: 'en vivo', 'pt-BR': 'ao vivo' },
  phaseReview: { es: 'revisión', 'pt-BR': 'revisão' },
  previousVerdict: { es: 'Veredicto anterior', 'pt-BR': 'Veredito anterior' },
  reportError: { es: '¿Encontraste un error en este chequeo?', 'pt-BR': 'Achou erro nesta checagem?' },
  reportMessage: { es: 'Describe el error', 'pt-BR': 'Descreva o erro' },
  reportSend: { es: 'Enviar aviso', 'pt-BR': 'Enviar aviso' },
  reportThanks: {
    es: 'Gracias: tu aviso entra en la revisión posterior al debate.',
    'pt-BR': 'Obrigado: seu aviso entra na revisão depois do debate.',
  },
  candidate: { es: 'Candidato', 'pt-BR': 'Candidato' },
  // Debate pages (issue 17 §3)
  checkPage: { es: 'Página de este chequeo', 'pt-BR': 'Página desta checagem' },
  debateFictional: {
    es: 'Debate ficticio: candidatos y cifras inventados, para mostrar cómo funciona el Placar.',
    'pt-BR': 'Debate fictício: candidatos e números inventados, para mostrar como o Placar funciona.',
  },
  debateLive: {
    es: 'En vivo: los chequeos aparecen a medida que se publican.',
    'pt-BR': 'Ao vivo: as checagens aparecem conforme são publicadas.',
  },
  debateEnded: {
    es: 'Terminado; la revisión posterior aún no se publicó.',
    'pt-BR': 'Encerrado; a revisão depois do debate ainda não foi publicada.',
  },
  debateReviewed: { es: 'Revisado después del debate.', 'pt-BR': 'Revisado depois do debate.' },
  corrections: { es: 'Correcciones de la revisión', 'pt-BR': 'Correções da revisão' },
  speakingTimeByTone: { es: 'Tiempo de habla por tono', 'pt-BR': 'Tempo de fala por tom' },
  tone_proposal: { es: 'Propuesta', 'pt-BR': 'Proposta' },
  tone_attack: { es: 'Ataque', 'pt-BR': 'Ataque' },
  tone_defense: { es: 'Defensa', 'pt-BR': 'Defesa' },
  tone_record: { es: 'Balance', 'pt-BR': 'Balanço' },
  tone_chatter: { es: 'Conversación', 'pt-BR': 'Conversa' },
  officialShare: {
    es: 'Fuentes oficiales: {official} de {total} chequeos con fuente ({percent} %)',
    'pt-BR': 'Fontes oficiais: {official} de {total} checagens com fonte ({percent} %)',
  },
  debateCost: { es: 'Costo de la IA del debate: US$ {usd}', 'pt-BR': 'Custo da IA do debate: US$ {usd}' },
  noChecksYet: { es: 'Todavía no hay chequeos.', 'pt-BR': 'Ainda não há checagens.' },
  openDataJson: { es: 'Datos abiertos (JSON)', 'pt-BR': 'Dados abertos (JSON)' },
  openDebate: { es: 'Ver el debate', 'pt-BR': 'Ver o debate' },
  reviewPublished: {
    es: 'Se publicó la revisión posterior al debate, con el marcador revisado y las correcciones.',
    'pt-BR': 'A revisão depois do debate foi publicada, com o placar revisado e as correções.',
  },
  reviewPublishedLink: { es: 'Ver la revisión', 'pt-BR': 'Ver a revisão' },
  checkOf: { es: 'Chequeo: {candidate}', 'pt-BR': 'Checagem: {candidate}' },
  backToCheck: { es: 'Volver al chequeo', 'pt-BR': 'Voltar à checagem' },
  spokenAt: { es: 'Dicho a las', 'pt-BR': 'Dito às' },
  noDebates: { es: 'No hay debates.', 'pt-BR': 'Não há debates.' },
  // Methodology
  methodologyTitle: { es: 'Metodología', 'pt-BR': 'Metodologia' },
  methodologyIntro: {
    es: 'Esta página se genera del catálogo de reglas del código: cada regla, sus parámetros y valores por defecto son los que el programa usa al calificar, agrupar y publicar.',
    'pt-BR':
      'Esta página é gerada do catálogo de regras do código: cada regra, seus parâmetros e valores padrão são os que o programa usa ao classificar, agrupar e publicar.',
  },
  rule: { es: 'Regla', 'pt-BR': 'Regra' },
  parameters: { es: 'Parámetros', 'pt-BR': 'Parâmetros' },
  parameter: { es: 'Parámetro', 'pt-BR': 'Parâmetro' },
  defaultValue: { es: 'Por defecto', 'pt-BR': 'Padrão' },
  description: { es: 'Descripción', 'pt-BR': 'Descrição' },
  implementedBy: { es: 'Implementada por', 'pt-BR': 'Implementada por' },
  seed: { es: 'Origen', 'pt-BR': 'Origem' },
  choice: { es: 'elección editorial (parámetro)', 'pt-BR': 'escolha editorial (parâmetro)' },
  ruleCount: { es: '{count} reglas', 'pt-BR': '{count} regras' },
  // Contestations
  contestTitle: { es: 'Impugnar una calificación', 'pt-BR': 'Contestar uma classificação' },
  contestIntro: {
    es: 'Cualquier lector puede impugnar el sesgo, la veracidad o la propiedad de un medio. Cada impugnación pasa por Abierta → En revisión → Aceptada o Rechazada. Hay límites por hora, por día y por medio para evitar abusos.',
    'pt-BR': 'Qualquer leitor pode contestar o viés, a factualidade ou a propriedade de um veículo.',
  },
  contestDimension: { es: 'Qué impugnas', 'pt-BR': 'O que você contesta' },
  contestText: { es: 'Explica por qué (hasta 5000 caracteres)', 'pt-BR': 'Explique por quê (até 5000 caracteres)' },
  contestSubmit: { es: 'Enviar impugnación', 'pt-BR': 'Enviar contestação' },
  contestCreated: { es: 'Impugnación registrada: {id}.', 'pt-BR': 'Contestação registrada: {id}.' },
  contestYours: { es: 'Tus impugnaciones', 'pt-BR': 'Suas contestações' },
  contestNone: { es: 'Aún no has enviado impugnaciones.', 'pt-BR': 'Você ainda não enviou contestações.' },
  contestRecent: { es: 'Impugnaciones recientes', 'pt-BR': 'Contestações recentes' },
  status: { es: 'Estado', 'pt-BR': 'Estado' },
  submittedAt: { es: 'Enviada', 'pt-BR': 'Enviada' },
  transitions: { es: 'Registro', 'pt-BR': 'Registro' },
  rateLimited: {
    es: 'Límite alcanzado: {limit} impugnaciones {window}. Podrás volver a intentarlo desde {retryAt} (UTC).',
    'pt-BR': 'Limite atingido: {limit} contestações {window}. Tente de novo a partir de {retryAt} (UTC).',
  },
  windowContesterHour: { es: 'por persona en una hora', 'pt-BR': 'por pessoa em uma hora' },
  windowContesterDay: { es: 'por persona en 24 horas', 'pt-BR': 'por pessoa em 24 horas' },
  windowOutletDay: { es: 'sobre este medio en 24 horas', 'pt-BR': 'sobre este veículo em 24 horas' },
  invalidContestation: {
    es: 'La impugnación no es válida: {problems}',
    'pt-BR': 'A contestação não é válida: {problems}',
  },
  unknownOutlet: {
    es: 'El medio {domain} no está en el registro.',
    'pt-BR': 'O veículo {domain} não está no cadastro.',
  },
  errorTitle: { es: 'No se pudo enviar', 'pt-BR': 'Não foi possível enviar' },
  // A field's problem on a reader or editor form, naming the field as the form labels it (issue 18 §7).
  fieldRequired: { es: '«{field}»: falta; es obligatorio.', 'pt-BR': '«{field}»: está faltando; é obrigatório.' },
  fieldBlank: { es: '«{field}»: está vacío.', 'pt-BR': '«{field}»: está vazio.' },
  fieldTooLong: {
    es: '«{field}»: tiene {received} caracteres y el máximo es {maximum}. No se recortó nada: acórtalo y vuelve a enviarlo.',
    'pt-BR':
      '«{field}»: tem {received} caracteres e o máximo é {maximum}. Nada foi cortado: encurte o texto e envie de novo.',
  },
  fieldNotText: { es: '«{field}»: debe ser un texto.', 'pt-BR': '«{field}»: deve ser um texto.' },
  fieldInvalidOption: {
    es: '«{field}»: elige una de estas opciones: {options}.',
    'pt-BR': '«{field}»: escolha uma destas opções: {options}.',
  },
  fieldInvalidDomain: {
    es: '«{field}»: no es un dominio en minúsculas como latercera.com.',
    'pt-BR': '«{field}»: não é um domínio em minúsculas como folha.uol.com.br.',
  },
  fieldInvalid: { es: '«{field}»: el valor no es válido.', 'pt-BR': '«{field}»: o valor não é válido.' },
  fieldUnknown: {
    es: '«{field}»: este campo no existe en el formulario.',
    'pt-BR': '«{field}»: este campo não existe no formulário.',
  },
  fieldLanguage: { es: 'Idioma de la respuesta', 'pt-BR': 'Idioma da resposta' },
  checkNotFound: { es: 'No existe el chequeo {id}.', 'pt-BR': 'Não existe a checagem {id}.' },
  reportCheck: { es: 'Chequeo', 'pt-BR': 'Checagem' },
  // Editors
  triageTitle: { es: 'Revisión editorial de impugnaciones', 'pt-BR': 'Triagem editorial de contestações' },
  triageToken: { es: 'Clave de edición', 'pt-BR': 'Chave de edição' },
  triageSignIn: { es: 'Entrar', 'pt-BR': 'Entrar' },
  triageDisabled: {
    es: 'La revisión está desactivada: falta la variable ESPECTRO_EDITOR_TOKEN en el servidor.',
    'pt-BR': 'A triagem está desativada: falta a variável ESPECTRO_EDITOR_TOKEN no servidor.',
  },
  triageWrongToken: { es: 'Clave incorrecta.', 'pt-BR': 'Chave incorreta.' },
  triageEditor: { es: 'Editor', 'pt-BR': 'Editor' },
  triageNotes: { es: 'Notas de revisión', 'pt-BR': 'Notas de triagem' },
  triageMove: { es: 'Pasar a «{status}»', 'pt-BR': 'Passar para «{status}»' },
  triageDone: { es: 'Transición registrada.', 'pt-BR': 'Transição registrada.' },
  triageRefused: { es: 'Transición rechazada: {message}', 'pt-BR': 'Transição recusada: {message}' },
  triageEmpty: { es: 'No hay impugnaciones.', 'pt-BR': 'Não há contestações.' },
  triageNotFound: { es: 'No existe la impugnación {id}.', 'pt-BR': 'Não existe a contestação {id}.' },
  invalidTransition: { es: 'La transición no es válida: {problems}', 'pt-BR': 'A transição não é válida: {problems}' },
  triageRefusedTerminal: {
    es: 'una impugnación en estado «{from}» es definitiva',
    'pt-BR': 'uma contestação no estado «{from}» é definitiva',
  },
  triageRefusedInvalid: {
    es: 'no se puede pasar de «{from}» a «{to}»',
    'pt-BR': 'não é possível passar de «{from}» para «{to}»',
  },
  triageRefusedChronological: {
    es: 'la transición es anterior a la última registrada',
    'pt-BR': 'a transição é anterior à última registrada',
  },
  triageRefusedNotes: {
    es: 'pasar a «{to}» exige notas de revisión',
    'pt-BR': 'passar para «{to}» exige notas de triagem',
  },
  // Open data
  dataTitle: { es: 'Datos abiertos', 'pt-BR': 'Dados abertos' },
  dataIntro: {
    es: 'Todo lo que muestra el sitio, para descargar. Úsalo en reportajes, investigaciones o para revisar nuestro trabajo.',
    'pt-BR': 'Tudo o que o site mostra, para baixar.',
  },
  dataStoriesJson: { es: 'Historias (JSON)', 'pt-BR': 'Histórias (JSON)' },
  dataStoriesCsv: { es: 'Historias (CSV)', 'pt-BR': 'Histórias (CSV)' },
  dataOutletsJson: { es: 'Medios y sus calificaciones (JSON)', 'pt-BR': 'Veículos e classificações (JSON)' },
  dataOutletsCsv: { es: 'Medios y sus calificaciones (CSV)', 'pt-BR': 'Veículos e classificações (CSV)' },
  dataChecksJson: { es: 'Chequeos de debates (JSON)', 'pt-BR': 'Checagens dos debates (JSON)' },
  dataChecksCsv: { es: 'Chequeos de debates (CSV)', 'pt-BR': 'Checagens dos debates (CSV)' },
  dataClaimReview: {
    es: 'ClaimReview (JSON-LD de schema.org) de cada chequeo publicado',
    'pt-BR': 'ClaimReview (JSON-LD do schema.org) de cada checagem publicada',
  },
  dataRules: { es: 'Catálogo de reglas (JSON)', 'pt-BR': 'Catálogo de regras (JSON)' },
  // Feeds (RSS 2.0 and Atom) for newsrooms
  feedAllTitle: { es: 'Todas las historias', 'pt-BR': 'Todas as histórias' },
  feedTopicTitle: { es: 'Historias de {topic}', 'pt-BR': 'Histórias de {topic}' },
  feedPrismaTitle: {
    es: 'Puntos ciegos (Prisma), lado poco cubierto: {bucket}',
    'pt-BR': 'Pontos cegos (Prisma), lado pouco coberto: {bucket}',
  },
  feedFujaTitle: {
    es: 'Fuja da Bolha, lado que no la vio: {side}',
    'pt-BR': 'Fuja da Bolha, lado que não a viu: {side}',
  },
  feedDescription: {
    es: '{title}: cada historia publicada por Espectro, con la cobertura de cada lado del espectro político.',
    'pt-BR': '{title}: cada história publicada pelo Espectro, com a cobertura de cada lado do espectro político.',
  },
  feedBucketShare: { es: '{bucket} {percent} %', 'pt-BR': '{bucket} {percent} %' },
  feedCopyright: {
    es: 'Cifras y textos de Espectro bajo CC BY 4.0; titulares, enlaces e imágenes son de sus medios.',
    'pt-BR': 'Números e textos do Espectro sob CC BY 4.0; manchetes, links e imagens são dos seus veículos.',
  },
  feedsTitle: { es: 'Fuentes RSS y Atom', 'pt-BR': 'Feeds RSS e Atom' },
  feedsIntro: {
    es: 'Las historias publicadas, para lectores de noticias y redacciones: todas, por tema y por punto ciego. Cada entrada lleva el identificador estable de la historia (su dirección), el titular, la fecha, el resumen y la cobertura de cada lado.',
    'pt-BR':
      'As histórias publicadas, para leitores de notícias e redações: todas, por tema e por ponto cego. Cada entrada traz o identificador estável da história (seu endereço), a manchete, a data, o resumo e a cobertura de cada lado.',
  },
  feedsSubscribe: { es: 'Suscribirse', 'pt-BR': 'Assinar' },
  // Open data API documentation (/datos/api)
  apiTitle: { es: 'API de datos abiertos', 'pt-BR': 'API de dados abertos' },
  apiIntro: {
    es: 'Cada archivo de /datos es un punto de acceso JSON estable. Esta página se genera de los mismos esquemas con que el sitio escribe cada archivo: lo que dice aquí es lo que contiene.',
    'pt-BR':
      'Cada arquivo de /datos é um ponto de acesso JSON estável. Esta página é gerada dos mesmos esquemas com que o site escreve cada arquivo: o que ela diz é o que ele contém.',
  },
  apiLink: {
    es: 'Documentación de la API (campos, identificadores, licencia)',
    'pt-BR': 'Documentação da API (campos, identificadores, licença)',
  },
  apiEndpoint: { es: 'Punto de acceso', 'pt-BR': 'Ponto de acesso' },
  apiSchema: { es: 'Esquema JSON', 'pt-BR': 'Esquema JSON' },
  apiIds: { es: 'Identificador estable', 'pt-BR': 'Identificador estável' },
  apiField: { es: 'Campo', 'pt-BR': 'Campo' },
  apiType: { es: 'Tipo', 'pt-BR': 'Tipo' },
  apiMeaning: { es: 'Qué es', 'pt-BR': 'O que é' },
  apiOptional: { es: 'puede faltar', 'pt-BR': 'pode faltar' },
  apiNullable: { es: 'o null', 'pt-BR': 'ou null' },
  apiLicenceTitle: { es: 'Licencia', 'pt-BR': 'Licença' },
  apiEnvelope: {
    es: 'Cada respuesta es un objeto con «source» (de dónde vienen los datos y cuándo se produjeron) y la lista «{list}».',
    'pt-BR':
      'Cada resposta é um objeto com «source» (de onde vêm os dados e quando foram produzidos) e a lista «{list}».',
  },
  // Errors
  notFoundTitle: { es: 'Página no encontrada', 'pt-BR': 'Página não encontrada' },
  notFoundBody: { es: 'No existe esta página.', 'pt-BR': 'Esta página não existe.' },
  // Security (issue 21): the editor sign-in throttle, bad characters in a form
  triageLockedOut: {
    es: 'Demasiados intentos fallidos desde esta conexión. Podrás volver a intentarlo desde {retryAt} (UTC).',
    'pt-BR': 'Tentativas falhas demais a partir desta conexão. Tente de novo a partir de {retryAt} (UTC).',
  },
  invalidCharacters: {
    es: '«{field}»: contiene caracteres no admitidos (un carácter nulo, de control o mal codificado). Quítalos y vuelve a enviar.',
    'pt-BR':
      '«{field}»: contém caracteres não aceitos (um caractere nulo, de controle ou mal codificado). Remova-os e envie de novo.',
  },
  // A form sent from another site (src/lib/cross-site.ts)
  crossSiteTitle: { es: 'No aceptamos este envío', 'pt-BR': 'Não aceitamos este envio' },
  crossSiteWhat: {
    es: 'El formulario llegó desde otra página web, no desde Espectro. Para protegerte, solo aceptamos los formularios enviados desde nuestras propias páginas, así que no se guardó nada.',
    'pt-BR':
      'O formulário chegou de outra página da web, não do Espectro. Para proteger você, só aceitamos formulários enviados das nossas próprias páginas, então nada foi salvo.',
  },
  crossSiteRetry: {
    es: 'Si querías enviarlo, abre el formulario en Espectro y envíalo desde ahí:',
    'pt-BR': 'Se você queria enviá-lo, abra o formulário no Espectro e envie de lá:',
  },
  crossSiteRetryLink: { es: 'volver al formulario', 'pt-BR': 'voltar ao formulário' },
  crossSiteNotYou: {
    es: 'Si no enviaste nada, otra página lo intentó en tu nombre: no tienes que hacer nada. Si lo enviaste desde Espectro y aun así ves este aviso, una extensión o un proxy puede estar quitando el origen que manda tu navegador; prueba sin ellos.',
    'pt-BR':
      'Se você não enviou nada, outra página tentou em seu nome: não é preciso fazer nada. Se você enviou pelo Espectro e ainda assim vê este aviso, uma extensão ou um proxy pode estar removendo a origem que o seu navegador envia; tente sem eles.',
  },
  crossSiteApi: {
    es: 'Envío rechazado: llegó desde otro sitio web (su cabecera Origin no es la de Espectro). Envía la solicitud desde el sitio de Espectro o como JSON.',
    'pt-BR':
      'Envio recusado: chegou de outro site (o cabeçalho Origin não é o do Espectro). Envie a solicitação pelo site do Espectro ou como JSON.',
  },
  serverError: {
    es: 'Error interno del servidor. Vuelve a intentarlo en unos minutos.',
    'pt-BR': 'Erro interno do servidor. Tente de novo em alguns minutos.',
  },
} satisfies Record<string, Label>;

export type LabelKey = keyof typeof LABELS;

/**
 * The label `key` in `locale`, with `{name}` placeholders replaced by `values` (as text: the
 * pages escape it when rendering).
 *
 * @example
 * t('es', 'outletCount', { count: 12 }); // '12 medios'
 */
export function t(locale: Locale, key: LabelKey, values: Record<string, string | number> = {}): string {
  return fillPlaceholders(LABELS[key][locale], values);
}

/** `{name}` placeholders of a label filled from `values` (unknown names stay as written). */
function fillPlaceholders(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

/** One formatter per locale and options, built once (Intl constructors are slow; pages call these thousands of times). */
function formatter<Format extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  key: string,
  create: () => Format,
): Format {
  let found = formatters.get(key);
  if (found === undefined) {
    found = create();
    formatters.set(key, found);
  }
  return found as Format;
}

/** Number formatting per locale. */
export function formatNumber(locale: Locale, value: number, fractionDigits = 0): string {
  return formatter(
    `number:${locale}:${fractionDigits}`,
    () =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(value);
}

/** A calendar date (`2026-04-27` or an ISO instant) formatted in UTC for the locale. */
export function formatDate(locale: Locale, iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return formatter(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}

/** An instant formatted with time, in UTC. */
export function formatDateTime(locale: Locale, iso: string): string {
  return formatter(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  ).format(new Date(iso));
}

/**
 * The span of a story's coverage: one date when it all happened on one (UTC) day, else a range
 * the locale's way ("3–5 abr 2026"); `null` without dates.
 *
 * @example
 * formatDateSpan('es', '2026-04-03T10:00:00Z', '2026-04-05T08:00:00Z'); // '3–5 abr 2026'
 */
export function formatDateSpan(locale: Locale, first: string | null, latest: string | null): string | null {
  if (first === null || latest === null) return null;
  const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);
  if (utcDay(first) === utcDay(latest)) return formatDate(locale, latest);
  return formatter(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).formatRange(new Date(first), new Date(latest));
}

/** A list joined the locale's way ("izquierda y centro"). */
export function formatList(locale: Locale, items: readonly string[]): string {
  return formatter(`list:${locale}`, () => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' })).format(
    items,
  );
}

/**
 * Every confidence level of an outlet's rating in plain words (issue 18 §7), for the methodology
 * page. Placeholders are filled from the methodology's parameters (`RATING_PARAMETERS`), so the
 * numbers cannot drift from the code: `{academicYears}`, `{highSample}`, `{minSample}`,
 * `{controlMonths}`, `{preliminaryArticles}`.
 */
/** Heading of the confidence explanations on the methodology page. */
export const CONFIDENCE_EXPLANATIONS_TITLE: Label = {
  es: 'Qué significa cada nivel de confianza',
  'pt-BR': 'O que significa cada nível de confiança',
};

export const CONFIDENCE_EXPLANATIONS: Record<RatingConfidence, Label> = {
  high: {
    es: 'Tres fuentes de evidencia independientes —quién es dueño del medio, los estudios académicos y el análisis de su contenido— dicen lo mismo, al menos un estudio tiene menos de {academicYears} años, se analizaron {highSample} artículos o más y hay dos evaluaciones de veracidad.',
    'pt-BR':
      'Três fontes de evidência independentes — quem é dono do veículo, os estudos acadêmicos e a análise do seu conteúdo — dizem o mesmo, ao menos um estudo tem menos de {academicYears} anos, foram analisados {highSample} artigos ou mais e há duas avaliações de factualidade.',
  },
  medium: {
    es: 'La mayoría de la evidencia apunta al mismo lado, pero falta algo para la confianza alta: una fuente no coincide, el estudio académico es antiguo, la muestra es menor o solo hay una evaluación de veracidad.',
    'pt-BR':
      'A maior parte da evidência aponta para o mesmo lado, mas falta algo para a confiança alta: uma fonte discorda, o estudo acadêmico é antigo, a amostra é menor ou há só uma avaliação de factualidade.',
  },
  low: {
    es: 'La evidencia es escasa o se contradice: las fuentes no coinciden, hay una sola, no hay ninguna evaluación de veracidad, el medio cambió de dueño hace menos de {controlMonths} meses y aún no hay {minSample} artículos analizados desde entonces, o el medio publica noticias y opinión con sesgos distintos. Tómela como una primera aproximación.',
    'pt-BR':
      'A evidência é escassa ou se contradiz: as fontes discordam, há uma só, não há avaliação de factualidade, o veículo mudou de dono há menos de {controlMonths} meses e ainda não há {minSample} artigos analisados desde então, ou o veículo publica notícias e opinião com vieses diferentes. Trate-a como uma primeira aproximação.',
  },
  preliminary: {
    es: 'El medio se incorporó hace poco y todavía no pasó por la calificación: espera a tener {preliminaryArticles} artículos analizados. Sin sesgo asignado hasta entonces.',
    'pt-BR':
      'O veículo foi incorporado há pouco e ainda não passou pela classificação: aguarda ter {preliminaryArticles} artigos analisados. Sem viés atribuído até lá.',
  },
};

/** A {@link CONFIDENCE_EXPLANATIONS} text with its placeholders filled. */
export function confidenceExplanation(
  locale: Locale,
  level: RatingConfidence,
  values: Record<string, string | number>,
): string {
  return fillPlaceholders(CONFIDENCE_EXPLANATIONS[level][locale], values);
}

// ---------------------------------------------------------------------------------------------
// The outlet page's audit (issue 16 §4, lib/outlet-audit.ts): one contiguous block.
// ---------------------------------------------------------------------------------------------

/**
 * The outlet audit's reader-facing strings, in both locales of the site. `{windowDays}`,
 * `{driftDays}` and `{controlChangeMonths}` are filled by {@link auditLabel} from the methodology's
 * REV-1 and CONF-CHANGE parameters (`contentDriftWindowDays`, `contentDriftDays`,
 * `controlChangeMonths`), so the page cannot disagree with the rule.
 */
export const AUDIT_LABELS = {
  lastVerified: { es: 'Última verificación', 'pt-BR': 'Última verificação' },
  neverVerified: {
    es: 'Nunca verificada (espectro outlets verify)',
    'pt-BR': 'Nunca verificada (espectro outlets verify)',
  },
  verification_verified: {
    es: 'reproducida exactamente desde su evidencia sellada',
    'pt-BR': 'reproduzida exatamente a partir da evidência selada',
  },
  verification_mismatch: {
    es: 'la evidencia no respalda la calificación',
    'pt-BR': 'a evidência não sustenta a classificação',
  },
  verification_other_methodology: {
    es: 'hecha con otra versión de la metodología; no re-derivada',
    'pt-BR': 'feita com outra versão da metodologia; não re-derivada',
  },
  verification_unsealed: {
    es: 'calificada antes del sellado de la evidencia',
    'pt-BR': 'classificada antes da selagem da evidência',
  },
  auditUnavailable: {
    es: 'La auditoría completa (verificación, impugnaciones, serie de contenido) se muestra cuando el sitio se sirve desde la base de datos.',
    'pt-BR':
      'A auditoria completa (verificação, contestações, série de conteúdo) aparece quando o site é servido a partir do banco de dados.',
  },
  analysisTitle: { es: 'Análisis de contenido: quién y con qué', 'pt-BR': 'Análise de conteúdo: quem e com quê' },
  backend: { es: 'Modelo o método', 'pt-BR': 'Modelo ou método' },
  prompt: { es: 'Prompt (versión)', 'pt-BR': 'Prompt (versão)' },
  tokens: { es: 'Tokens entrada / salida (llamadas)', 'pt-BR': 'Tokens entrada / saída (chamadas)' },
  cost: { es: 'Costo', 'pt-BR': 'Custo' },
  notRecorded: { es: 'no registrado', 'pt-BR': 'não registrado' },
  days: { es: 'días', 'pt-BR': 'dias' },
  metricsTitle: { es: 'Métricas de contenido', 'pt-BR': 'Métricas de conteúdo' },
  metric: { es: 'Métrica', 'pt-BR': 'Métrica' },
  value: { es: 'Valor', 'pt-BR': 'Valor' },
  govOpp: { es: 'Razón gobierno / oposición', 'pt-BR': 'Razão governo / oposição' },
  quotes: { es: 'Distribución de citas', 'pt-BR': 'Distribuição de citações' },
  insufficient: { es: 'muestra insuficiente', 'pt-BR': 'amostra insuficiente' },
  seriesTitle: {
    es: 'Contenido de los últimos {windowDays} días, día a día',
    'pt-BR': 'Conteúdo dos últimos {windowDays} dias, dia a dia',
  },
  seriesNote: {
    es: 'Cada día se analiza la ventana móvil de {windowDays} días; si difiere de la calificación {driftDays} días seguidos, el medio se recalifica (REV-1).',
    'pt-BR':
      'A cada dia analisa-se a janela móvel de {windowDays} dias; se diferir da classificação por {driftDays} dias seguidos, o veículo é reclassificado (REV-1).',
  },
  seriesEmpty: { es: 'Aún no hay serie de contenido.', 'pt-BR': 'Ainda não há série de conteúdo.' },
  articles: { es: 'Artículos', 'pt-BR': 'Artigos' },
  ratingsTitle: { es: 'Cada calificación y su causa', 'pt-BR': 'Cada classificação e sua causa' },
  kind_preliminary: { es: 'Preliminar', 'pt-BR': 'Preliminar' },
  kind_initial: { es: 'Primera calificación', 'pt-BR': 'Primeira classificação' },
  kind_rerating: { es: 'Recalificación', 'pt-BR': 'Reclassificação' },
  noChange: { es: 'sin cambios', 'pt-BR': 'sem mudanças' },
  queueTitle: { es: 'Recalificaciones en cola', 'pt-BR': 'Reclassificações na fila' },
  status_pending: { es: 'En cola', 'pt-BR': 'Na fila' },
  status_failed: { es: 'No se pudo recalificar', 'pt-BR': 'Não foi possível reclassificar' },
  status_done: { es: 'Hecha', 'pt-BR': 'Feita' },
  contestationsTitle: { es: 'Impugnaciones', 'pt-BR': 'Contestações' },
  noContestations: { es: 'Nadie ha impugnado este medio.', 'pt-BR': 'Ninguém contestou este veículo.' },
  contestation: { es: 'Impugnación', 'pt-BR': 'Contestação' },
  state: { es: 'Estado', 'pt-BR': 'Estado' },
  resolvedBy: { es: 'Quién', 'pt-BR': 'Quem' },
  when: { es: 'Cuándo', 'pt-BR': 'Quando' },
  triageNotes: { es: 'Notas de triaje', 'pt-BR': 'Notas de triagem' },
  contestation_open: { es: 'Abierta', 'pt-BR': 'Aberta' },
  contestation_triage: { es: 'En triaje', 'pt-BR': 'Em triagem' },
  contestation_accepted: { es: 'Aceptada', 'pt-BR': 'Aceita' },
  contestation_rejected: { es: 'Rechazada', 'pt-BR': 'Rejeitada' },
  splitTitle: {
    es: 'En seguimiento: noticias y opinión en lados distintos',
    'pt-BR': 'Em acompanhamento: notícias e opinião em lados diferentes',
  },
  splitNote: {
    es: 'Las notas de noticias y las de opinión se calificarían al menos un sesgo aparte, así que el medio está en la lista de seguimiento (split_outlets, regla CONF-SPLIT): vale la calificación del medio entero, con la confianza un nivel más baja.',
    'pt-BR':
      'As matérias de notícias e as de opinião seriam classificadas com pelo menos um viés de diferença, então o veículo está na lista de acompanhamento (split_outlets, regra CONF-SPLIT): vale a classificação do veículo inteiro, com a confiança um nível abaixo.',
  },
  splitNews: { es: 'Noticias', 'pt-BR': 'Notícias' },
  splitOpinion: { es: 'Opinión', 'pt-BR': 'Opinião' },
  splitSince: { es: 'En la lista desde', 'pt-BR': 'Na lista desde' },
  splitNotes: { es: 'Notas de seguimiento', 'pt-BR': 'Notas de acompanhamento' },
  ownershipTitle: { es: 'Historia de la propiedad', 'pt-BR': 'Histórico da propriedade' },
  ownershipNote: {
    es: 'Cambios de propiedad y de control registrados. Un cambio informado después de la última revisión hace que el medio se vuelva a calificar (regla REV-1); un cambio de control de los últimos {controlChangeMonths} meses deja fuera el contenido anterior a él (regla CONF-CHANGE).',
    'pt-BR':
      'Mudanças de propriedade e de controle registradas. Uma mudança informada depois da última revisão faz o veículo ser reclassificado (regra REV-1); uma mudança de controle dos últimos {controlChangeMonths} meses deixa de fora o conteúdo anterior a ela (regra CONF-CHANGE).',
  },
  ownershipEvent: { es: 'Cambio', 'pt-BR': 'Mudança' },
  ownershipControl: { es: '¿Cambio de control?', 'pt-BR': 'Mudança de controle?' },
  ownershipRecorded: { es: 'Registrado', 'pt-BR': 'Registrada' },
  ownershipInRating: { es: 'En la calificación actual', 'pt-BR': 'Na classificação atual' },
  ownershipPending: { es: 'Pendiente de recalificación', 'pt-BR': 'Aguardando reclassificação' },
  ownershipRetracted: { es: 'Retirado', 'pt-BR': 'Retirada' },
  ownershipRetractedPending: {
    es: 'Retirado; sale de la calificación en la próxima recalificación',
    'pt-BR': 'Retirada; sai da classificação na próxima reclassificação',
  },
  ownershipRetractedBy: {
    es: 'Retirado el {date} por {by}: {reason}',
    'pt-BR': 'Retirada em {date} por {by}: {reason}',
  },
  yes: { es: 'Sí', 'pt-BR': 'Sim' },
  no: { es: 'No', 'pt-BR': 'Não' },
} as const satisfies Record<string, { es: string; 'pt-BR': string }>;

/** Key of {@link AUDIT_LABELS}. */
export type AuditLabelKey = keyof typeof AUDIT_LABELS;

const AUDIT_PARAMETERS = {
  windowDays: RATING_PARAMETERS.contentDriftWindowDays,
  driftDays: RATING_PARAMETERS.contentDriftDays,
  controlChangeMonths: RATING_PARAMETERS.controlChangeMonths,
};

/**
 * One audit string in `locale`, its REV-1 numbers filled from the methodology and any other
 * `{name}` from `values`.
 *
 * @example
 * auditLabel('es', 'seriesTitle'); // 'Contenido de los últimos 30 días, día a día'
 * auditLabel('es', 'ownershipRetractedBy', { date: '4 de mayo de 2026', by: 'editora', reason: 'no se concretó' });
 */
export function auditLabel(locale: Locale, key: AuditLabelKey, values: Record<string, string> = {}): string {
  const label: Label | undefined = AUDIT_LABELS[key];
  return label === undefined ? key : fillPlaceholders(label[locale], { ...AUDIT_PARAMETERS, ...values });
}
