/**
 * The voices of the open-set report: espeak-ng voices (a language, a variant, a pitch and a speed)
 * and the package's synthetic formant voices, split into three disjoint roles —
 *
 * - **enrolled**: the candidates, enrolled from clean clips;
 * - **impostors**: voices never enrolled and never used for any choice, whose clips must come back
 *   unknown;
 * - **cohort**: other voices whose embeddings serve as the impostor cohort for score normalisation
 *   and per-speaker thresholds (never scored as test clips).
 *
 * No espeak-ng variant appears in two roles (nor twice in one), so an "impostor" is never the
 * enrolled voice with another pitch. Sentences for enrollment and for testing never overlap.
 */
import type { SyntheticSpeaker } from '../testing/synthetic-voice.js';
import type { EspeakVoice } from './audio-tools.js';

/** A voice of the report: espeak-ng or synthetic. */
export type OpenSetVoice =
  { kind: 'espeak'; id: string; espeak: EspeakVoice } | { kind: 'synthetic'; id: string; synthetic: SyntheticSpeaker };

/** Sentences per language family (debate-style, so the phonetic content resembles a debate). */
export const SENTENCES: Record<'pt' | 'es' | 'en', readonly string[]> = {
  pt: [
    'O déficit público cresceu quatro por cento no ano passado, segundo o tesouro.',
    'Nosso governo construiu mais escolas do que qualquer outro na história do país.',
    'O desemprego caiu pelo terceiro trimestre seguido e os salários voltaram a subir.',
    'Meu adversário votou duas vezes contra a lei da saúde e nunca explicou por quê.',
    'Vamos reduzir impostos das pequenas empresas e investir em transporte público.',
    'A criminalidade na capital caiu depois que contratamos dois mil policiais novos.',
    'A inflação de alimentos passou de dez por cento e quem paga é a família pobre.',
    'Em quatro anos levamos água encanada a trezentas cidades do semiárido.',
    'O senhor prometeu um milhão de casas e entregou menos da metade.',
    'A dívida bruta do governo geral chegou a setenta e oito por cento do produto.',
    'Os hospitais federais têm fila de espera de oito meses para uma cirurgia simples.',
    'Quero ver o candidato explicar de onde vai sair o dinheiro para essa promessa.',
  ],
  es: [
    'El déficit fiscal creció un cuatro por ciento el año pasado, según el tesoro.',
    'Nuestro gobierno construyó más escuelas que cualquier otro en la historia del país.',
    'El desempleo bajó por tercer trimestre consecutivo y los salarios por fin suben.',
    'Mi adversario votó dos veces contra la ley de salud y nunca explicó por qué.',
    'Vamos a bajar los impuestos a las pequeñas empresas e invertir en transporte.',
    'La delincuencia en la capital bajó cuando contratamos dos mil policías nuevos.',
    'La inflación de los alimentos superó el diez por ciento y la pagan los más pobres.',
    'En cuatro años llevamos agua potable a trescientas comunas del norte.',
    'Usted prometió un millón de viviendas y entregó menos de la mitad.',
    'La deuda bruta del gobierno central llegó al cuarenta por ciento del producto.',
    'Los hospitales públicos tienen listas de espera de ocho meses para una cirugía.',
    'Quiero que el candidato explique de dónde va a sacar el dinero para esa promesa.',
  ],
  en: [
    'The budget deficit grew by four percent last year, according to the treasury.',
    'Our government built more schools than any other in the history of this country.',
    'Unemployment fell for the third quarter in a row, and wages are finally rising.',
    'My opponent voted against the health bill twice and never explained why.',
    'We will cut taxes for small businesses and invest in public transport.',
    'Crime in the capital dropped after we hired two thousand new police officers.',
    'Food inflation passed ten percent, and the poorest families are paying for it.',
    'In four years we brought running water to three hundred towns in the north.',
    'You promised a million homes and delivered fewer than half of them.',
    'Gross government debt reached seventy eight percent of national output.',
    'Public hospitals have waiting lists of eight months for a simple operation.',
    'I want the candidate to explain where the money for that promise will come from.',
  ],
};

/** Sentence indexes used for enrollment clips (two sentences per clip); tests use the others. */
export const ENROLLMENT_SENTENCE_PAIRS: readonly (readonly [number, number])[] = [
  [0, 1],
  [2, 3],
  [4, 5],
];

/** Sentence pairs of the test clips (never used for enrollment). */
export const TEST_SENTENCE_PAIRS: readonly (readonly [number, number])[] = [
  [6, 7],
  [8, 9],
  [10, 11],
  [7, 10],
  [9, 6],
  [11, 8],
];

/** The language family of an espeak-ng language code. */
export function sentenceFamily(language: string): 'pt' | 'es' | 'en' {
  if (language.startsWith('pt')) return 'pt';
  if (language.startsWith('es')) return 'es';
  return 'en';
}

/** The text of a clip made of two sentences. */
export function clipText(language: string, pair: readonly [number, number]): string {
  const sentences = SENTENCES[sentenceFamily(language)];
  return `${sentences[pair[0]]!} ${sentences[pair[1]]!}`;
}

/**
 * espeak-ng variants (files of `espeak-ng-data/voices/!v`) that sound like one human speaker each.
 * Left out: whispering, robotic and effect voices, and the numbered copies of one family
 * (`iven2`–`iven4`, `klatt2`–`klatt6`, `steph2`/`steph3`, `Gene2`, `edward2`) that share its settings.
 */
export const ESPEAK_VARIANTS = [
  'm3',
  'f2',
  'Diogo',
  'steph',
  'm7',
  'Andrea',
  'marcelo',
  'f4',
  'Henrique',
  'Alicia',
  'm1',
  'f1',
  'm2',
  'f3',
  'm4',
  'f5',
  'm5',
  'm6',
  'm8',
  'Alex',
  'Andy',
  'Annie',
  'AnxiousAndy',
  'Denis',
  'Gene',
  'Hugo',
  'Jacky',
  'Lee',
  'Marco',
  'Mario',
  'Michael',
  'Mike',
  'Nguyen',
  'Storm',
  'adam',
  'anika',
  'antonio',
  'aunty',
  'belinda',
  'benjamin',
  'boris',
  'caleb',
  'david',
  'ed',
  'edward',
  'grandma',
  'grandpa',
  'gustave',
  'iven',
  'john',
  'kaukovalta',
  'klatt',
  'linda',
  'max',
  'michel',
  'miguel',
  'norbert',
  'pablo',
  'paul',
  'pedro',
  'quincy',
  'rob',
  'robert',
  'sandro',
  'shelby',
  'travis',
  'victor',
] as const;

const LANGUAGES = ['pt-br', 'es-419', 'pt-br', 'es', 'pt', 'en-us'] as const;

/** The fractional part of `index` × the golden ratio: a well-spread, deterministic sequence in [0, 1). */
function spread(index: number, offset = 0): number {
  const value = (index + 1) * 0.6180339887498949 + offset;
  return value - Math.floor(value);
}

/** The espeak-ng voice made from the `index`-th variant: language round-robin, spread pitch and speed. */
export function espeakVoice(index: number): OpenSetVoice {
  const variant = ESPEAK_VARIANTS[index]!;
  const language = LANGUAGES[index % LANGUAGES.length]!;
  const pitch = Math.round(25 + 50 * spread(index));
  const speed = Math.round(140 + 35 * spread(index, 0.37));
  const id = `${language}+${variant}@p${pitch}s${speed}`;
  return { kind: 'espeak', id, espeak: { id, language, variant, pitch, speed } };
}

/**
 * The `index`-th synthetic voice: pitch from 95 to 245 Hz and four formants spread over their
 * usual ranges (F1 300–900, F2 900–2300, F3 2300–3300, F4 3300–4500 Hz).
 */
export function syntheticOpenSetVoice(index: number): OpenSetVoice {
  const pitch = Math.round(95 + 150 * spread(index, 0.11));
  const formants = [
    Math.round(300 + 600 * spread(index, 0.23)),
    Math.round(900 + 1400 * spread(index, 0.41)),
    Math.round(2300 + 1000 * spread(index, 0.59)),
    Math.round(3300 + 1200 * spread(index, 0.77)),
  ];
  return { kind: 'synthetic', id: `synthetic-${index}@${pitch}Hz`, synthetic: { pitch, formants } };
}

/** How many voices of each kind each role gets. */
export interface RosterSize {
  enrolledEspeak: number;
  enrolledSynthetic: number;
  impostorEspeak: number;
  impostorSynthetic: number;
  cohortEspeak: number;
  cohortSynthetic: number;
}

/** The full report's roster: 8 candidates, 32 impostors, 32 cohort voices. */
export const FULL_ROSTER: RosterSize = {
  enrolledEspeak: 6,
  enrolledSynthetic: 2,
  impostorEspeak: 24,
  impostorSynthetic: 8,
  cohortEspeak: 24,
  cohortSynthetic: 8,
};

/** The three disjoint roles. */
export interface OpenSetRoster {
  enrolled: OpenSetVoice[];
  impostors: OpenSetVoice[];
  cohort: OpenSetVoice[];
}

/**
 * Splits the voices into roles: espeak-ng variants are dealt in the order of
 * {@link ESPEAK_VARIANTS} (enrolled first, then impostors, then cohort), synthetic voices likewise.
 *
 * @throws RangeError when more voices are asked for than there are outside the training voices.
 */
export function openSetRoster(size: RosterSize = FULL_ROSTER): OpenSetRoster {
  const espeakTotal = size.enrolledEspeak + size.impostorEspeak + size.cohortEspeak;
  if (espeakTotal > TRAINING_VARIANT_START)
    throw new RangeError(
      `asked for ${espeakTotal} espeak-ng voices, there are ${TRAINING_VARIANT_START} variants outside the training voices`,
    );
  const syntheticTotal = size.enrolledSynthetic + size.impostorSynthetic + size.cohortSynthetic;
  if (syntheticTotal > TRAINING_SYNTHETIC_START)
    throw new RangeError(
      `asked for ${syntheticTotal} synthetic voices, at most ${TRAINING_SYNTHETIC_START} are outside the training voices`,
    );
  let espeakNext = 0;
  let syntheticNext = 0;
  const take = (espeak: number, synthetic: number): OpenSetVoice[] => {
    const voices: OpenSetVoice[] = [];
    for (let count = 0; count < espeak; count += 1) voices.push(espeakVoice(espeakNext++));
    for (let count = 0; count < synthetic; count += 1) voices.push(syntheticOpenSetVoice(syntheticNext++));
    return voices;
  };
  return {
    enrolled: take(size.enrolledEspeak, size.enrolledSynthetic),
    impostors: take(size.impostorEspeak, size.impostorSynthetic),
    cohort: take(size.cohortEspeak, size.cohortSynthetic),
  };
}

/**
 * The first {@link ESPEAK_VARIANTS} index reserved for training voices: the full report's roles
 * use the variants before it, so the trained projection never hears a candidate, a never-enrolled
 * voice or a cohort voice.
 */
export const TRAINING_VARIANT_START = 54;
/** The first synthetic-voice index reserved for training (the full report uses 0–17). */
export const TRAINING_SYNTHETIC_START = 32;

/**
 * The voices the statistics projection is trained on: every espeak-ng variant from
 * {@link TRAINING_VARIANT_START} on, each in `settingsPerVariant` languages / pitches / speeds
 * (each setting one training class), and `synthetic` synthetic voices from
 * {@link TRAINING_SYNTHETIC_START}.
 */
export function trainingRoster(settingsPerVariant = 3, synthetic = 32): OpenSetVoice[] {
  const voices: OpenSetVoice[] = [];
  for (let index = TRAINING_VARIANT_START; index < ESPEAK_VARIANTS.length; index += 1) {
    for (let setting = 0; setting < settingsPerVariant; setting += 1) {
      const variant = ESPEAK_VARIANTS[index]!;
      const language = LANGUAGES[(index + setting) % LANGUAGES.length]!;
      const pitch = Math.round(20 + 60 * spread(index * 7 + setting, 0.13));
      const speed = Math.round(135 + 45 * spread(index * 7 + setting, 0.71));
      const id = `train:${language}+${variant}@p${pitch}s${speed}`;
      voices.push({ kind: 'espeak', id, espeak: { id, language, variant, pitch, speed } });
    }
  }
  for (let index = 0; index < synthetic; index += 1) {
    const voice = syntheticOpenSetVoice(TRAINING_SYNTHETIC_START + index);
    voices.push({ ...voice, id: `train:${voice.id}` });
  }
  return voices;
}
