import { z } from 'zod';
import { HeadlineClassSchema, type HeadlineClass } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';

export { HeadlineClassSchema, type HeadlineClass } from '../shared/schemas.js';

/**
 * One class of the HC-1 taxonomy as published data.
 *
 * @example
 * HEADLINE_TAXONOMY.forEach((entry) => HeadlineTaxonomyEntrySchema.parse(entry));
 */
export const HeadlineTaxonomyEntrySchema = z.object({
  id: HeadlineClassSchema,
  label: z.object({ es: z.string() }),
  definition: z.object({ es: z.string() }),
  /** Precedence notes: how this class relates to the others (HC-1). */
  precedence: z.array(z.string()),
});
/**
 * @example
 * const entry: HeadlineTaxonomyEntry = HEADLINE_TAXONOMY[0]!;
 */
export type HeadlineTaxonomyEntry = z.infer<typeof HeadlineTaxonomyEntrySchema>;

/**
 * The six headline classes of rule HC-1, in precedence order, with the Spanish labels and
 * definitions of seed 004 ("La taxonomía"). The classification reads only what the text says,
 * never what a reader could infer about the topic.
 *
 * @example
 * HEADLINE_TAXONOMY.find((entry) => entry.id === 'law_in_force')?.label.es; // 'Ley vigente'
 */
export const HEADLINE_TAXONOMY: readonly HeadlineTaxonomyEntry[] = [
  {
    id: 'legislative_process',
    label: { es: 'Tramitación legislativa' },
    definition: {
      es: 'El texto informa un hecho ocurrido en la tramitación de un proyecto en el Congreso (ingreso, comisión, sala, votación, indicación, urgencia, veto, despacho, o el número de un boletín).',
    },
    precedence: [
      'Takes precedence over every other class: a headline about a law in force that also mentions a legislative act is legislative_process.',
      'A named sitting parliamentarian acting within a legislative act (e.g. filing an amendment) stays legislative_process [choice].',
    ],
  },
  {
    id: 'parliamentary_activity',
    label: { es: 'Actividad parlamentaria' },
    definition: {
      es: 'El texto trata la actuación pública de un parlamentario en ejercicio, nombrado explícitamente: una declaración, una comisión investigadora, lobby o audiencias, patrimonio e intereses, ética y sanciones, o asistencia.',
    },
    precedence: [
      'Requires a sitting parliamentarian named explicitly in the title or description; without the name it is not this class.',
      'Yields to legislative_process when the text also reports a legislative act.',
    ],
  },
  {
    id: 'law_in_force',
    label: { es: 'Ley vigente' },
    definition: {
      es: 'El texto trata una norma ya promulgada o publicada, su reglamento, su entrada en vigencia o sus efectos —sin mencionar además un acto de tramitación, que movería el titular a la clase anterior.',
    },
    precedence: ['Becomes legislative_process as soon as the text also mentions a legislative act.'],
  },
  {
    id: 'non_legislative_politics',
    label: { es: 'Política no legislativa' },
    definition: {
      es: 'Contenido político contingente sin acto de tramitación ni actuación parlamentaria nombrada: elecciones, partidos, gabinete, encuestas, municipios, tribunales no constitucionales, y anuncios del Ejecutivo que el texto no vincula a un trámite concreto.',
    },
    precedence: [
      'Applies only when no legislative act, no named parliamentarian and no law in force decide the headline.',
    ],
  },
  {
    id: 'non_legislative',
    label: { es: 'No legislativa' },
    definition: {
      es: 'Todo lo demás: farándula, deportes, policial, internacional, economía, servicio. Se espera que sea la mayoría de la prensa monitoreada.',
    },
    precedence: ['The residual class.'],
  },
  {
    id: 'ambiguous',
    label: { es: 'Ambiguo' },
    definition: {
      es: 'El titular y la bajada no alcanzan para decidir entre dos clases en competencia. No es "no sé": es que la evidencia disponible en el texto no basta para resolverlo.',
    },
    precedence: [
      'Only when the title and description cannot decide between two competing classes; it is not a fallback for "unknown".',
    ],
  },
];

/**
 * Signals read from a headline's title and description, as input to {@link applyHeadlinePrecedence}.
 *
 * @example
 * HeadlineSignalsSchema.parse({ legislativeAct: false, namedSittingParliamentarian: true, lawInForce: false, politicalContent: true, undecidable: false });
 */
export const HeadlineSignalsSchema = z.strictObject({
  /** The text reports a legislative act: ingreso, comisión, sala, votación, indicación, urgencia, veto, despacho or a boletín number. */
  legislativeAct: z.boolean(),
  /** The text is about the public action of a sitting parliamentarian who is named explicitly. */
  namedSittingParliamentarian: z.boolean(),
  /** The text is about a promulgated or published norm, its regulation, entry into force or effects. */
  lawInForce: z.boolean(),
  /** The text is contingent political content (elections, parties, cabinet, polls, municipalities, …). */
  politicalContent: z.boolean(),
  /** The text cannot decide between two competing classes. */
  undecidable: z.boolean(),
});
/**
 * @example
 * const signals: HeadlineSignals = { legislativeAct: true, namedSittingParliamentarian: false, lawInForce: true, politicalContent: true, undecidable: false };
 */
export type HeadlineSignals = z.infer<typeof HeadlineSignalsSchema>;

/**
 * Applies the HC-1 precedence to the signals a classifier read in a headline:
 * `undecidable` → `ambiguous`; else legislative act → `legislative_process` (also when a law in
 * force or a named parliamentarian is mentioned); else named sitting parliamentarian →
 * `parliamentary_activity`; else law in force → `law_in_force`; else political content →
 * `non_legislative_politics`; else `non_legislative`.
 *
 * @example
 * applyHeadlinePrecedence({ legislativeAct: true, lawInForce: true, namedSittingParliamentarian: false,
 *   politicalContent: true, undecidable: false }); // 'legislative_process'
 */
export function applyHeadlinePrecedence(signals: HeadlineSignals): HeadlineClass {
  const input = parseInput(HeadlineSignalsSchema, signals, 'HC-1', 'applyHeadlinePrecedence');
  if (input.undecidable) return 'ambiguous';
  // rule HC-1: a law in force that also mentions a legislative act is legislative_process.
  if (input.legislativeAct) return 'legislative_process';
  // rule HC-1: parliamentary_activity needs a sitting parliamentarian named explicitly.
  if (input.namedSittingParliamentarian) return 'parliamentary_activity';
  if (input.lawInForce) return 'law_in_force';
  if (input.politicalContent) return 'non_legislative_politics';
  return 'non_legislative';
}
