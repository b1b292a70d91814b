/**
 * The JSON API of `/datos` (issue 18 §6): one zod schema per endpoint, with the meaning of every
 * field in both locales. The endpoints serialise through these schemas ({@link openDataDocument}
 * parses each record before it is written, so a record can carry no field the schema does not
 * describe), `/datos/api` is generated from them, and `/datos/esquemas/<name>.json` publishes each
 * as JSON Schema. Enums and methodology records are the methodology's own schemas.
 */
import {
  AcademicSignalSchema,
  BucketSchema,
  CheckStatusSchema,
  ContentSignalSchema,
  CoverageResultSchema,
  EditorialScopeSchema,
  FactualitySchema,
  OutletOwnershipSchema,
  OwnershipHistoryEntrySchema,
  OwnerTypeSchema,
  RatingChangeRecordSchema,
  RatingConfidenceSchema,
  StoryTierSchema,
  TopicSchema,
  VerdictHistoryEntrySchema,
  VerdictSchema,
} from '@espectro/methodology';
import { z } from 'zod';
import type { Label, Locale } from '../i18n.js';
import { checkRecords, outletRecord, storyRecord } from './open-data.js';
import type { SiteData } from './types.js';

/** The metadata key of a field's Portuguese description (the Spanish one is `description`). */
export const PT_DESCRIPTION_KEY = 'x-description-pt-BR';

/** `schema` with its meaning in Spanish and Portuguese. */
function described<Schema extends z.ZodType>(schema: Schema, es: string, pt: string): Schema {
  return schema.meta({ description: es, [PT_DESCRIPTION_KEY]: pt }) as Schema;
}

const isoInstant = z.string();

/** Where the data of a response come from (every response has it). */
export const DataSourceRecordSchema = described(
  z.strictObject({
    kind: described(
      z.enum(['snapshot', 'store']),
      'Origen: instantánea JSON o base de datos.',
      'Origem: instantâneo JSON ou banco de dados.',
    ),
    description: described(z.string(), 'Descripción legible del origen.', 'Descrição legível da origem.'),
    generatedAt: described(
      isoInstant,
      'Instante ISO 8601 en que se produjeron los datos.',
      'Instante ISO 8601 em que os dados foram produzidos.',
    ),
    fixture: described(
      z.boolean(),
      'true si son datos de prueba inventados, no noticias.',
      'true se são dados de teste inventados, não notícias.',
    ),
    illustrativeRatings: described(
      z.boolean().optional(),
      'true si las calificaciones de medios usan evidencia ilustrativa (inventada).',
      'true se as classificações dos veículos usam evidência ilustrativa (inventada).',
    ),
    replayedDemo: described(
      z.boolean().optional(),
      'true si las historias vienen de la repetición del corpus de demostración: artículos reales con sus fechas reales, en un reloj que arranca justo después del artículo más reciente (generatedAt es ese reloj).',
      'true se as histórias vêm da repetição do corpus de demonstração: artigos reais com suas datas reais, num relógio que começa logo depois do artigo mais recente (generatedAt é esse relógio).',
    ),
  }),
  'De dónde vienen los datos de la respuesta.',
  'De onde vêm os dados da resposta.',
);

/** A published story (`/datos/historias.json`). */
export const StoryRecordSchema = z.strictObject({
  id: described(
    z.string(),
    'Identificador estable de la historia; no cambia al crecer la historia.',
    'Identificador estável da história; não muda quando a história cresce.',
  ),
  url: described(z.string(), 'Dirección de la página de la historia.', 'Endereço da página da história.'),
  title: described(
    z.string(),
    'Titular, en el idioma de la historia (texto, nunca HTML).',
    'Manchete, no idioma da história (texto, nunca HTML).',
  ),
  language: described(
    z.string(),
    'Idioma del titular y del texto (es, pt).',
    'Idioma da manchete e do texto (es, pt).',
  ),
  country: described(z.string().nullable(), 'País (ISO 3166 alfa-2).', 'País (ISO 3166 alfa-2).'),
  topic: described(TopicSchema.nullable(), 'Tema (TOPIC).', 'Tema (TOPIC).'),
  tier: described(
    StoryTierSchema,
    'Nivel: main (cobertura amplia) o limited (TIER).',
    'Nível: main (cobertura ampla) ou limited (TIER).',
  ),
  publishedAt: described(isoInstant, 'Instante de publicación en Espectro.', 'Instante de publicação no Espectro.'),
  coverage: described(
    CoverageResultSchema,
    'Cobertura por dominio único: totales y por lado, con porcentajes de restos mayores que suman 100 (COV-1, COV-2).',
    'Cobertura por domínio único: totais e por lado, com percentuais de maiores restos que somam 100 (COV-1, COV-2).',
  ),
  outlets: described(
    z.array(z.string()),
    'Dominios de los medios que la cubren.',
    'Domínios dos veículos que a cobrem.',
  ),
  blindspotPrisma: described(
    z.array(BucketSchema),
    'Lados con poca cobertura (punto ciego Prisma, BS-PR); vacío si no lo es.',
    'Lados com pouca cobertura (ponto cego Prisma, BS-PR); vazio se não é.',
  ),
  fixture: described(
    z.boolean(),
    'true si la historia es inventada (datos de prueba).',
    'true se a história é inventada (dados de teste).',
  ),
});

const OutletRatingRecordSchema = z.strictObject({
  bias: described(
    BucketSchema.nullable(),
    'Sesgo: left, center o right; null si no tiene.',
    'Viés: left, center ou right; null se não tem.',
  ),
  factuality: described(
    FactualitySchema.nullable(),
    'Factualidad; null para un medio preliminar.',
    'Factualidade; null para um veículo preliminar.',
  ),
  confidence: described(
    RatingConfidenceSchema,
    'Confianza de la calificación (CONF).',
    'Confiança da classificação (CONF).',
  ),
  appliedRule: described(
    z.enum(['R1', 'R2', 'R3', 'R4']).nullable(),
    'Regla de propiedad aplicada (FUN).',
    'Regra de propriedade aplicada (FUN).',
  ),
  dissent: described(
    z.array(z.strictObject({ signal: z.enum(['ownership', 'academic', 'content']), bucket: BucketSchema })),
    'Señales que discrepan del sesgo asignado.',
    'Sinais que discordam do viés atribuído.',
  ),
  flags: described(
    z.array(z.string()),
    'Marcas de la calificación (p. ej. CONF-SPLIT).',
    'Marcas da classificação (p. ex. CONF-SPLIT).',
  ),
  trace: described(z.array(z.string()), 'Reglas recorridas, en orden.', 'Regras percorridas, em ordem.'),
  methodologyVersion: described(
    z.string(),
    'Versión de la metodología que calificó.',
    'Versão da metodologia que classificou.',
  ),
  ratedAt: described(z.string(), 'Fecha de la calificación.', 'Data da classificação.'),
});

/** An outlet with its rating and evidence (`/datos/fuentes.json`). */
export const OutletRecordSchema = z.strictObject({
  domain: described(
    z.string(),
    'Identificador estable del medio: su dominio.',
    'Identificador estável do veículo: seu domínio.',
  ),
  name: described(z.string(), 'Nombre del medio.', 'Nome do veículo.'),
  country: described(z.string().nullable(), 'País (ISO 3166 alfa-2).', 'País (ISO 3166 alfa-2).'),
  scope: described(
    EditorialScopeSchema.nullable(),
    'Alcance editorial: political o non_political; null si no está en el registro.',
    'Escopo editorial: political ou non_political; null se não está no cadastro.',
  ),
  rating: described(OutletRatingRecordSchema, 'Calificación vigente.', 'Classificação vigente.'),
  factualityScore: described(
    z.number().nullable(),
    'Puntaje de factualidad 0–100 (BS-BR-5).',
    'Pontuação de factualidade 0–100 (BS-BR-5).',
  ),
  ownerType: described(OwnerTypeSchema.nullable(), 'Tipo de propietario.', 'Tipo de proprietário.'),
  evidence: described(
    z
      .strictObject({
        asOf: z.string(),
        ownership: OutletOwnershipSchema.optional(),
        academic: AcademicSignalSchema.optional(),
        content: ContentSignalSchema.optional(),
      })
      .nullable(),
    'Evidencia de la calificación (propiedad, fuentes académicas, análisis de contenido); null para un medio preliminar.',
    'Evidência da classificação (propriedade, fontes acadêmicas, análise de conteúdo); null para um veículo preliminar.',
  ),
  ownershipHistory: described(
    z.array(OwnershipHistoryEntrySchema),
    'Historia de la propiedad que leyó la calificación vigente (ownership_history de su evidencia, seed 002 §2), de la más antigua a la más reciente: cada cambio con su fecha (YYYY, YYYY-MM o YYYY-MM-DD) y control_change: true si cambió quién controla la línea editorial (regla CONF-CHANGE). Un cambio registrado después, o retirado, se refleja en la próxima recalificación. Vacía para un medio preliminar.',
    'Histórico da propriedade que a classificação vigente leu (ownership_history da sua evidência, seed 002 §2), da mais antiga à mais recente: cada mudança com sua data (YYYY, YYYY-MM ou YYYY-MM-DD) e control_change: true se mudou quem controla a linha editorial (regra CONF-CHANGE). Uma mudança registrada depois, ou retirada, aparece na próxima reclassificação. Vazia para um veículo preliminar.',
  ),
  preliminary: described(
    z.strictObject({ reason: z.string(), addedAt: z.string() }).nullable(),
    'Motivo y fecha si el medio espera su primera calificación (PRELIM).',
    'Motivo e data se o veículo espera sua primeira classificação (PRELIM).',
  ),
  history: described(
    z.array(RatingChangeRecordSchema),
    'Cada cambio de calificación con su causa (CON-4).',
    'Cada mudança de classificação com sua causa (CON-4).',
  ),
  illustrative: described(
    z.boolean().optional(),
    'true si la calificación usa evidencia inventada (ilustrativa).',
    'true se a classificação usa evidência inventada (ilustrativa).',
  ),
});

/** A debate check (`/datos/checagens.json`). */
export const CheckRecordSchema = z.strictObject({
  debateId: described(z.string(), 'Identificador estable del debate.', 'Identificador estável do debate.'),
  debate: described(z.string(), 'Nombre del debate.', 'Nome do debate.'),
  fixture: described(z.boolean(), 'true si el debate es inventado.', 'true se o debate é inventado.'),
  id: described(
    z.string(),
    'Identificador estable del chequeo dentro del debate.',
    'Identificador estável da checagem dentro do debate.',
  ),
  candidate: described(z.string(), 'Quién lo dijo.', 'Quem disse.'),
  spokenAt: described(isoInstant, 'Cuándo lo dijo.', 'Quando disse.'),
  phrase: described(z.string(), 'La frase tal como se dijo.', 'A frase como foi dita.'),
  datum: described(z.string(), 'El dato concreto chequeado (DEB-2).', 'O dado concreto checado (DEB-2).'),
  verdict: described(VerdictSchema, 'Veredicto vigente.', 'Veredito vigente.'),
  status: described(CheckStatusSchema, 'Estado vigente.', 'Estado vigente.'),
  reason: described(z.string().nullable(), 'Razón del veredicto.', 'Razão do veredito.'),
  citations: described(z.array(z.string()), 'Fuentes citadas válidas (DEB-5).', 'Fontes citadas válidas (DEB-5).'),
  evidence: described(
    z.array(z.strictObject({ url: z.string(), title: z.string().nullable(), publishedAt: z.string().nullable() })),
    'Evidencia que cita el chequeo.',
    'Evidência que a checagem cita.',
  ),
  repeatOf: described(
    z.strictObject({ debate: z.string(), label: z.string(), checkId: z.string().optional() }).nullable(),
    'Chequeo anterior de la misma frase (REP-1).',
    'Checagem anterior da mesma frase (REP-1).',
  ),
  history: described(
    z.array(VerdictHistoryEntrySchema),
    'Historia de veredictos, solo agregada (REV-D).',
    'Histórico de veredictos, só acrescentado (REV-D).',
  ),
});

/** One JSON endpoint of `/datos`. */
export interface OpenDataEndpoint {
  /** File name under `/datos/` and under `/datos/esquemas/` (for the JSON Schema). */
  name: 'historias' | 'fuentes' | 'checagens';
  /** The list's key in the response (`stories`). */
  list: 'stories' | 'outlets' | 'checks';
  schema: z.ZodObject;
  /** The field that identifies a record, stable across updates. */
  id: string;
  title: Label;
}

/** The JSON endpoints, in the order `/datos/api` documents them. */
export const OPEN_DATA_ENDPOINTS: readonly OpenDataEndpoint[] = [
  {
    name: 'historias',
    list: 'stories',
    schema: StoryRecordSchema,
    id: 'id',
    title: { es: 'Historias publicadas', 'pt-BR': 'Histórias publicadas' },
  },
  {
    name: 'fuentes',
    list: 'outlets',
    schema: OutletRecordSchema,
    id: 'domain',
    title: { es: 'Medios y sus calificaciones', 'pt-BR': 'Veículos e suas classificações' },
  },
  {
    name: 'checagens',
    list: 'checks',
    schema: CheckRecordSchema,
    id: 'debateId + id',
    title: { es: 'Chequeos de debates', 'pt-BR': 'Checagens de debates' },
  },
];

/**
 * The licence of the open data (an Espectro choice, stated once here and on `/datos/api`): what
 * Espectro computes is CC BY 4.0; headlines, links and images belong to their outlets.
 */
export const OPEN_DATA_LICENCE: Label & { url: string } = {
  url: 'https://creativecommons.org/licenses/by/4.0/',
  es: 'Las cifras, calificaciones, coberturas y chequeos que calcula Espectro se publican bajo CC BY 4.0 (cita «Espectro» y la dirección del dato). Los titulares, enlaces e imágenes son de sus medios: se dan como cita, no se relicencian.',
  'pt-BR':
    'Os números, classificações, coberturas e checagens que o Espectro calcula são publicados sob CC BY 4.0 (cite «Espectro» e o endereço do dado). As manchetes, links e imagens são dos seus veículos: são dados como citação, não relicenciados.',
};

/**
 * The body of a JSON endpoint: the data's source and the list, every record parsed through the
 * endpoint's schema (an undocumented field is an error here, not a silent extra in the API).
 */
export async function openDataDocument(
  data: SiteData,
  name: OpenDataEndpoint['name'],
  siteUrl: string,
): Promise<Record<string, unknown>> {
  const endpoint = OPEN_DATA_ENDPOINTS.find((entry) => entry.name === name)!;
  const records: unknown[] =
    name === 'historias'
      ? (await data.listStories()).map((story) => storyRecord(story, siteUrl))
      : name === 'fuentes'
        ? (await data.listOutlets()).map(outletRecord)
        : checkRecords(await data.listDebates());
  return {
    source: DataSourceRecordSchema.parse(data.source),
    [endpoint.list]: records.map((record) => endpoint.schema.parse(record)),
  };
}

/** The JSON Schema of an endpoint's record (what `/datos/esquemas/<name>.json` serves). */
export function endpointJsonSchema(endpoint: OpenDataEndpoint): Record<string, unknown> {
  return z.toJSONSchema(endpoint.schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
}

/** One documented field of a record, as `/datos/api` lists it. */
export interface DocumentedField {
  /** Dotted path (`coverage.percent.left`, `history[].cause`). */
  path: string;
  /** JSON type(s), e.g. `string`, `string | null`, `"left" | "center" | "right"`. */
  type: string;
  optional: boolean;
  /** Meaning in the page's locale, `null` when the schema's own field has none (nested methodology records). */
  description: string | null;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  description?: string;
  [PT_DESCRIPTION_KEY]?: string;
};

/** The JSON type of a schema node as a reader writes it. */
function typeText(node: JsonSchema): string {
  if (node.enum !== undefined) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (node.const !== undefined) return JSON.stringify(node.const);
  const union = node.anyOf ?? node.oneOf;
  if (union !== undefined) return [...new Set(union.map(typeText))].join(' | ');
  if (Array.isArray(node.type)) return node.type.join(' | ');
  if (node.type === 'array') {
    const item = node.items === undefined ? 'unknown' : typeText(node.items);
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  return node.type ?? 'unknown';
}

/** The object schema inside a node (through `| null` and arrays), if any. */
function objectOf(node: JsonSchema): { object: JsonSchema; suffix: string } | undefined {
  if (node.properties !== undefined) return { object: node, suffix: '' };
  if (node.type === 'array' && node.items !== undefined) {
    const inner = objectOf(node.items);
    return inner === undefined ? undefined : { object: inner.object, suffix: `[]${inner.suffix}` };
  }
  for (const member of node.anyOf ?? node.oneOf ?? []) {
    const inner = objectOf(member);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * Every field of an endpoint's record down to `depth` levels, from its JSON Schema, with its type
 * and its meaning in `locale` — the table of `/datos/api`.
 */
export function documentedFields(endpoint: OpenDataEndpoint, locale: Locale, depth = 2): DocumentedField[] {
  const fields: DocumentedField[] = [];
  const walk = (object: JsonSchema, prefix: string, level: number) => {
    const required = new Set(object.required ?? []);
    for (const [key, node] of Object.entries(object.properties ?? {})) {
      const path = `${prefix}${key}`;
      const description = (locale === 'es' ? node.description : node[PT_DESCRIPTION_KEY]) ?? null;
      const inner = objectOf(node);
      fields.push({
        path,
        type:
          inner === undefined
            ? typeText(node)
            : `object${inner.suffix}${typeText(node).includes('null') ? ' | null' : ''}`,
        optional: !required.has(key),
        description,
      });
      if (inner !== undefined && level < depth) walk(inner.object, `${path}${inner.suffix}.`, level + 1);
    }
  };
  walk(endpointJsonSchema(endpoint) as JsonSchema, '', 1);
  return fields;
}
