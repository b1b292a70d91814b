import {
  FrozenArtifactSchema,
  HEADLINE_TAXONOMY,
  verifyFrozenArtifact,
  type FrozenArtifact,
  type HeadlineClass,
} from '@espectro/methodology';
import frozenTaxonomy from '../data/taxonomy.json' with { type: 'json' };

/** Version of the published taxonomy document; change it whenever a definition, rule or example changes. */
export const TAXONOMY_VERSION = '2026-12-01.1';

/** A real headline from the golden set quoted as an example of a class. */
export interface TaxonomyExample {
  /** Golden-set case id (`data/golden/cases.jsonl`). */
  id: string;
  title: string;
}

/** The taxonomy as published and frozen (AGR-4): HC-1 classes, precedence and examples. */
export interface TaxonomyDocument {
  id: 'espectro.headline-taxonomy';
  version: string;
  seed: '004';
  rule: 'HC-1';
  /** The order in which `applyHeadlinePrecedence` decides a class. */
  precedence: string[];
  /**
   * How the definitions are read on real headlines (the labelling codebook,
   * `data/golden/CODEBOOK.md`): frozen with the taxonomy so that a label can be checked against them.
   */
  readings: { id: string; es: string }[];
  classes: {
    id: HeadlineClass;
    label: { es: string };
    definition: { es: string };
    precedence: string[];
    examples: TaxonomyExample[];
  }[];
}

const EXAMPLES: Record<HeadlineClass, TaxonomyExample[]> = {
  legislative_process: [
    { id: 'hc-003', title: 'Senado aprueba reforma de pensiones: Podría ser ley desde este miércoles' },
    {
      id: 'hc-077',
      title:
        'Tras absolución de Crespo: Ingresan proyecto para derogar legítima defensa privilegiada en Ley Naín-Retamal',
    },
  ],
  parliamentary_activity: [
    { id: 'hc-006', title: 'Diputado Oyarzo anticipa comisión 2.0 por convenios: «Caiga quien caiga»' },
    {
      id: 'hc-017',
      title:
        'Senadora Karol Cariola alerta por recortes presupuestarios del Gobierno y su impacto en derechos sociales',
    },
  ],
  law_in_force: [
    {
      id: 'hc-057',
      title: 'Entró en vigencia Nueva Ley de Delitos Económicos: Importantes implicancias para Empresas de la Región',
    },
    { id: 'hc-005', title: 'A un año de la Ley Karin: avances, límites y tareas pendientes' },
  ],
  non_legislative_politics: [
    { id: 'hc-008', title: 'Encuesta CADEM: Presidente Boric con 28% de aprobación y 67% de desaprobación' },
    { id: 'hc-024', title: 'La “Moneda Chica” será el escenario del anuncio del gabinete de Kast' },
  ],
  non_legislative: [
    { id: 'hc-026', title: 'Hombre en situación de calle fue asesinado con cuatro balazos' },
    { id: 'hc-098', title: 'Universidad Católica cayó ante Cobresal y complica su lucha por el título' },
  ],
  ambiguous: [
    { id: 'hc-029', title: 'Riego acusó "demagogia" de Boric: Que se haga cargo de no haber vetado Naín-Retamal' },
    {
      id: 'hc-076',
      title: 'Psicópata de Alto Hospicio podría ser beneficiado por ley que favorece a exuniformados de Punta Peuco',
    },
  ],
};

/** The codebook readings, in Spanish as the public page shows them (CODEBOOK.md has the full text). */
const READINGS: { id: string; es: string }[] = [
  {
    id: 'texto',
    es: 'Solo se leen el titular y la bajada. El único dato externo permitido es quién era parlamentario en ejercicio en la fecha de publicación; exparlamentarios, electos que aún no asumen, candidatos, ministros, alcaldes y gobernadores no lo son.',
  },
  {
    id: 'tramitacion',
    es: 'Tramitación legislativa exige un acto en el paso de un proyecto de ley o reforma constitucional por el Congreso (ingreso, comisión, Sala, votación, indicaciones, urgencia, veto, despacho, comisión mixta, boletín). Un proyecto solo anunciado o comentado no basta.',
  },
  {
    id: 'no-proyectos',
    es: 'Las votaciones del Congreso sobre asuntos que no son proyectos —acusaciones constitucionales, prórrogas de estados de excepción, censuras, comisiones investigadoras, desafueros, proyectos de resolución— no son actos de tramitación; los órganos constituyentes no son el Congreso.',
  },
  {
    id: 'parlamentario',
    es: 'Actividad parlamentaria exige un parlamentario en ejercicio nombrado (nombre o apellido que lo identifique) y un texto sobre su actuación pública; "un diputado" o "la bancada UDI" sin nombre no cuentan.',
  },
  {
    id: 'ley-vigente',
    es: 'Ley vigente: una norma promulgada o publicada, su reglamento, entrada en vigencia, aplicación, efectos o explicación, sin un acto de tramitación en el mismo texto (una columna sobre una ley vigente cuenta).',
  },
  {
    id: 'politica',
    es: 'Política no legislativa: gobierno, ministros, encuestas, elecciones, partidos, municipios y gobiernos regionales, asuntos del Congreso sin parlamentario nombrado, Contraloría, procesos constituyentes y fallos con contenido institucional. La política de otros países es internacional (no legislativa).',
  },
  {
    id: 'ambiguo',
    es: 'Ambiguo solo cuando el titular y la bajada admiten dos lecturas que llevan a clases distintas y el texto no permite decidir (por ejemplo, una "ley" que puede ser un proyecto o una norma vigente). La dificultad o la falta de bajada no son ambigüedad.',
  },
];

/**
 * Builds the taxonomy document from `HEADLINE_TAXONOMY` (@espectro/methodology, rule HC-1) plus
 * real examples from the golden set. This is what `data/taxonomy.json` freezes.
 *
 * @example
 * taxonomyDocument().classes.map((entry) => entry.id); // ['legislative_process', …, 'ambiguous']
 */
export function taxonomyDocument(): TaxonomyDocument {
  return {
    id: 'espectro.headline-taxonomy',
    version: TAXONOMY_VERSION,
    seed: '004',
    rule: 'HC-1',
    precedence: [
      'ambiguous — only when the title and description cannot decide between two competing classes',
      'legislative_process — any legislative act or boletín number, even for a law in force or a named parliamentarian',
      'parliamentary_activity — a sitting parliamentarian named explicitly',
      'law_in_force — a promulgated or published norm, its regulation, entry into force or effects',
      'non_legislative_politics — contingent political content',
      'non_legislative — everything else',
    ],
    readings: READINGS,
    classes: HEADLINE_TAXONOMY.map((entry) => ({
      id: entry.id,
      label: { es: entry.label.es },
      definition: { es: entry.definition.es },
      precedence: [...entry.precedence],
      examples: EXAMPLES[entry.id],
    })),
  };
}

/**
 * The frozen taxonomy artifact committed in `data/taxonomy.json` (rule AGR-4): canonical JSON of
 * {@link taxonomyDocument} and its sha256. Regenerate with `pnpm --filter @espectro/headline-classifier freeze-taxonomy`.
 */
export const TAXONOMY_ARTIFACT: FrozenArtifact = FrozenArtifactSchema.parse(frozenTaxonomy);

/** The sha256 of the frozen taxonomy (what registrations and verdicts cite). */
export const TAXONOMY_SHA256: string = TAXONOMY_ARTIFACT.sha256;

/**
 * Checks the committed taxonomy artifact: its canonical text hashes to its sha256 (tamper
 * detection) and equals the canonical JSON of the current {@link taxonomyDocument}.
 */
export function verifyTaxonomyArtifact(artifact: FrozenArtifact = TAXONOMY_ARTIFACT): {
  ok: boolean;
  reason: string | null;
} {
  const verification = verifyFrozenArtifact(artifact);
  if (!verification.ok)
    return { ok: false, reason: `sha256 mismatch: ${verification.actual} ≠ ${verification.expected}` };
  if (artifact.kind !== 'taxonomy') return { ok: false, reason: `artifact kind is ${artifact.kind}, not taxonomy` };
  return { ok: true, reason: null };
}
