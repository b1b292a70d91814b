import { z } from 'zod';
import { inputError } from '../errors.js';
import { parseInput } from '../shared/validate.js';
import { isAbbreviation, readNumberAt, tokenize, type NumberLanguage, type Token } from './numbers.js';
import { AUD_DEFAULT_LANGUAGE, AUD_MAX_TRANSCRIPTS, AUD_MIN_DISTINCT_VENDORS } from './parameters.js';

/**
 * AUD-1: the language whose number words are read (`pt` Portuguese, `es` Spanish). Digits are read
 * the same way in both (decimal comma, thousands dot).
 *
 * @example
 * TranscriptLanguageSchema.parse('es');
 */
export const TranscriptLanguageSchema = z.enum(['pt', 'es']);
export type TranscriptLanguage = z.infer<typeof TranscriptLanguageSchema>;

/**
 * AUD-1: options of the key-fact functions.
 *
 * @example
 * KeyFactOptionsSchema.parse({ language: 'es' });
 */
export const KeyFactOptionsSchema = z.strictObject({
  /** Default `pt`. */
  language: TranscriptLanguageSchema.optional(),
});
export type KeyFactOptions = z.infer<typeof KeyFactOptionsSchema>;

/**
 * AUD-1: one number read from a transcript, with its magnitude.
 *
 * @example
 * KeyNumberSchema.parse({ value: 7.5, unit: 'percent', text: 'sete e meio por cento' });
 */
export const KeyNumberSchema = z.strictObject({
  value: z.number(),
  /** `percent` when followed by "%", "por cento" or "por ciento". */
  unit: z.literal('percent').nullable(),
  /** The words or digits as written. */
  text: z.string(),
});
export type KeyNumber = z.infer<typeof KeyNumberSchema>;

/**
 * AUD-1: one proper name read from a transcript.
 *
 * @example
 * KeyNameSchema.parse({ text: 'Irã', key: 'ira' });
 */
export const KeyNameSchema = z.strictObject({
  text: z.string(),
  /** Lowercased, accent-folded form used for comparison. */
  key: z.string(),
});
export type KeyName = z.infer<typeof KeyNameSchema>;

/**
 * AUD-1: the key facts of a transcript, in order of appearance.
 *
 * @example
 * KeyFactsSchema.parse({ numbers: [], names: [] });
 */
export const KeyFactsSchema = z.strictObject({ numbers: z.array(KeyNumberSchema), names: z.array(KeyNameSchema) });
export type KeyFacts = z.infer<typeof KeyFactsSchema>;

const TextInputSchema = z.strictObject({ text: z.string(), options: KeyFactOptionsSchema.optional() });
const PairInputSchema = z.strictObject({ a: z.string(), b: z.string(), options: KeyFactOptionsSchema.optional() });

interface Analysis {
  facts: KeyFacts;
  /** Every word of the transcript, folded. */
  words: Set<string>;
}

function analyse(text: string, language: NumberLanguage): Analysis {
  const tokens = tokenize(text);
  const numbers: KeyNumber[] = [];
  const names: KeyName[] = [];
  const words = new Set<string>();
  const inNumber = new Array<boolean>(tokens.length).fill(false);
  for (let index = 0; index < tokens.length;) {
    const read = readNumberAt(tokens, index, language);
    if (read === null) {
      index += 1;
      continue;
    }
    const first = tokens[read.startToken] as Token;
    const last = tokens[read.endToken - 1] as Token;
    numbers.push({ value: read.value, unit: read.unit, text: text.slice(first.start, last.end) });
    for (let covered = read.startToken; covered < read.endToken; covered += 1) inNumber[covered] = true;
    index = read.endToken;
  }
  tokens.forEach((token, index) => {
    if (token.kind !== 'word') return;
    words.add(token.folded);
    if (inNumber[index] === true || !isProperName(token)) return;
    names.push({ text: token.text, key: token.folded });
  });
  return { facts: { numbers, names }, words };
}

/**
 * Ordinary Portuguese and Spanish words that often open a spoken sentence (accent-folded,
 * lowercase). A capitalised word opening a sentence counts as a name candidate unless it is one of
 * these, so that "Eletrobras foi privatizada" vs "Petrobras foi privatizada" still disagree
 * (AUD-1 cites exactly this transcription error), while "O governo…" never looks like a name.
 * Two transcripts whose first words differ otherwise are reported as disagreeing — a third
 * transcription costs little; publishing a misheard name costs a false verdict.
 */
export const AUD_SENTENCE_OPENERS: ReadonlySet<string> = new Set(
  (
    'o a os as um uma uns umas e mas ou que se eu nos nós ele ela eles elas voce voces isso isto aquilo este esta ' +
    'esse essa aqui ali hoje ontem amanha agora entao porque quando como nao sim ja tambem para pra por com sem em ' +
    'no na nos nas num numa do da dos das de ao aos a à é e foi era sao ha tem temos vamos vai quem onde qual quais ' +
    'mais menos muito muita muitos muitas todo toda todos todas cada nosso nossa meu minha seu sua olha veja bom ' +
    'bem entao sobre depois antes enquanto ate desde primeiro segundo senhor senhora candidato candidata presidente ' +
    'el la los las un una unos unas y pero o si yo nosotros el ella ellos ellas usted ustedes eso esto este esta ' +
    'ese esa aqui alli hoy ayer manana ahora entonces porque cuando como no si ya tambien para por con sin en ' +
    'del al es fue era son hay tiene tenemos vamos va quien donde cual cuales mas menos mucho mucha muchos muchas ' +
    'todo toda todos todas cada nuestro nuestra mi su mire bueno bien sobre despues antes mientras hasta desde'
  )
    .split(' ')
    .filter((word) => word.length > 0),
);

/**
 * The proper-name heuristic of AUD-1: a word of two or more letters that is an all-capitals
 * acronym ("IBGE", "STF", anywhere), or that starts with a capital letter — inside a sentence, or
 * opening one when it is not an ordinary sentence opener ({@link AUD_SENTENCE_OPENERS}). Sentences
 * end at `.`, `!`, `?`, `…` or a line break; abbreviations such as "Sr." and initials do not end a
 * sentence, and titles such as "Sr"/"Dra" are not names.
 */
function isProperName(token: Token): boolean {
  const letters = token.text.replace(/[^\p{L}]/gu, '');
  if (letters.length < 2 || isAbbreviation(token.folded)) return false;
  if (/^\p{Lu}+$/u.test(letters)) return true;
  if (!/^\p{Lu}/u.test(token.text)) return false;
  return !token.sentenceStart || !AUD_SENTENCE_OPENERS.has(token.folded);
}

function language(options: KeyFactOptions | undefined): NumberLanguage {
  return options?.language ?? AUD_DEFAULT_LANGUAGE;
}

/**
 * Extracts the key facts AUD-1 compares: numbers with their magnitude — digits (decimal comma,
 * thousands dot: "10,5%" = 10.5 %, "1.234.567") and Portuguese or Spanish number words
 * ("sete e meio por cento" = 7.5 %, "cento e trinta e quatro", "dois mil e vinte e três" = 2023,
 * "um milhão e meio", "134 milhões" = 1.34e8 ≠ "134 mil", "11 trilhões" = 1.1e13; Spanish
 * "siete y medio por ciento", "ciento treinta y cuatro millones", "mil millones" = 1e9), a
 * percentage flagged as `unit: 'percent'` — and proper names (capitalised words not opening a
 * sentence, plus acronyms). A lone "um"/"uma"/"un"/"una" ("um candidato") or "meio" ("meio
 * ambiente") is not a number.
 *
 * @example
 * extractKeyFacts('A inflação foi de sete e meio por cento, disse o IBGE.');
 * // → { numbers: [{ value: 7.5, unit: 'percent', text: 'sete e meio por cento' }],
 * //     names: [{ text: 'IBGE', key: 'ibge' }] }
 * extractKeyFacts('Son ciento treinta y cuatro millones de personas', { language: 'es' }).numbers[0]?.value; // 134000000
 */
export function extractKeyFacts(text: string, options?: KeyFactOptions): KeyFacts {
  const input = parseInput(TextInputSchema, { text, options }, 'AUD-1', 'extractKeyFacts');
  return analyse(input.text, language(input.options)).facts;
}

/** Comparison key of a number: 12 significant digits (absorbs floating-point noise) and the unit. */
function numberKey(number: KeyNumber): string {
  return `${number.unit ?? ''}:${Number(number.value.toPrecision(12))}`;
}

/**
 * AUD-1: how two transcripts' key facts differ.
 *
 * @example
 * TranscriptComparisonSchema.parse({ agree: true, numbers: { onlyInA: [], onlyInB: [] }, names: { onlyInA: [], onlyInB: [] } });
 */
export const TranscriptComparisonSchema = z.strictObject({
  agree: z.boolean(),
  numbers: z.strictObject({ onlyInA: z.array(KeyNumberSchema), onlyInB: z.array(KeyNumberSchema) }),
  names: z.strictObject({ onlyInA: z.array(KeyNameSchema), onlyInB: z.array(KeyNameSchema) }),
});
export type TranscriptComparison = z.infer<typeof TranscriptComparisonSchema>;

function compareAnalyses(a: Analysis, b: Analysis): TranscriptComparison {
  const keysA = new Set(a.facts.numbers.map(numberKey));
  const keysB = new Set(b.facts.numbers.map(numberKey));
  const numbersOnlyInA = a.facts.numbers.filter((number) => !keysB.has(numberKey(number)));
  const numbersOnlyInB = b.facts.numbers.filter((number) => !keysA.has(numberKey(number)));
  // A name agrees when the other transcript has the same word (folded), capitalised or not, so that
  // a name opening a sentence in one transcript still matches.
  const namesOnlyInA = a.facts.names.filter((name) => !b.words.has(name.key));
  const namesOnlyInB = b.facts.names.filter((name) => !a.words.has(name.key));
  return {
    agree: numbersOnlyInA.length + numbersOnlyInB.length + namesOnlyInA.length + namesOnlyInB.length === 0,
    numbers: { onlyInA: numbersOnlyInA, onlyInB: numbersOnlyInB },
    names: { onlyInA: namesOnlyInA, onlyInB: namesOnlyInB },
  };
}

/**
 * Compares the key facts of two transcripts of the same chunk (rule AUD-1): the sets of numbers
 * (value to 12 significant digits, and unit) must be equal, and every proper name of each must
 * occur as a word (case- and accent-insensitive) in the other. Repetitions and word order do not
 * matter; anything that is not a key fact is ignored.
 *
 * @example
 * compareTranscripts('a privatização da Eletrobras', 'a privatização da Petrobras').names;
 * // → { onlyInA: [{ text: 'Eletrobras', key: 'eletrobras' }], onlyInB: [{ text: 'Petrobras', key: 'petrobras' }] }
 */
export function compareTranscripts(a: string, b: string, options?: KeyFactOptions): TranscriptComparison {
  const input = parseInput(PairInputSchema, { a, b, options }, 'AUD-1', 'compareTranscripts');
  const chosen = language(input.options);
  return compareAnalyses(analyse(input.a, chosen), analyse(input.b, chosen));
}

/**
 * True when two transcripts agree on their key facts (rule AUD-1; see {@link compareTranscripts}).
 * Reflexive and symmetric.
 *
 * @example
 * transcriptsAgree('a inflação foi de sete e meio por cento', 'a inflação foi de 7,5%'); // true
 * transcriptsAgree('a inflação foi de sete e meio por cento', 'a inflação foi de 10,5%'); // false
 * transcriptsAgree('são 134 milhões de pessoas', 'são 134 mil pessoas');                 // false
 */
export function transcriptsAgree(a: string, b: string, options?: KeyFactOptions): boolean {
  return compareTranscripts(a, b, options).agree;
}

/**
 * AUD-1: one re-transcription of the chunk.
 *
 * @example
 * AudioTranscriptSchema.parse({ vendor: 'openai', model: 'gpt-audio-mini', text: '…' });
 */
export const AudioTranscriptSchema = z.strictObject({
  vendor: z.string().min(1),
  model: z.string().min(1),
  text: z.string(),
});
export type AudioTranscript = z.infer<typeof AudioTranscriptSchema>;

/**
 * AUD-1: the arbiter's choice when the transcripts have no majority.
 *
 * @example
 * ArbiterChoiceSchema.parse('under_review');
 */
export const ArbiterChoiceSchema = z.enum(['publish', 'correct', 'under_review']);
export type ArbiterChoice = z.infer<typeof ArbiterChoiceSchema>;

/**
 * AUD-1: input of {@link reverifyAudio}.
 *
 * @example
 * ReverifyAudioInputSchema.parse({ transcripts: [t1, t2], original: 'frase julgada' });
 */
export const ReverifyAudioInputSchema = z.strictObject({
  /** Two re-transcriptions (the first two of different vendors), then optionally the tie-breaker. */
  transcripts: z.array(AudioTranscriptSchema).min(2).max(AUD_MAX_TRANSCRIPTS),
  /** The sentence as transcribed live and judged; when given, a winner that disagrees with it asks for a correction. */
  original: z.string().optional(),
  /** The arbiter's decision, once asked. */
  arbiterChoice: ArbiterChoiceSchema.optional(),
  language: TranscriptLanguageSchema.optional(),
});
export type ReverifyAudioInput = z.infer<typeof ReverifyAudioInputSchema>;

/**
 * AUD-1: the decision on a re-transcribed chunk.
 *
 * @example
 * AudioReverificationSchema.parse({ outcome: 'confirmed', winner: 0, agreeing: [0, 1], action: 'publish', checkStatus: 'published', trace: ['AUD-1'] });
 */
export const AudioReverificationSchema = z.strictObject({
  /** `confirmed`: the first two agree; `need_third`: they disagree; `majority`: the third agrees with one; `arbiter`: no majority. */
  outcome: z.enum(['confirmed', 'need_third', 'majority', 'arbiter']),
  /** Index of the transcript that prevails (the first of the agreeing ones); `null` without a majority. */
  winner: z.number().int().nonnegative().nullable(),
  /** Indexes of the transcripts that agree with the winner (the winner included). */
  agreeing: z.array(z.number().int().nonnegative()),
  /**
   * What to do next: `publish`; `correct` (re-judge the sentence as the winner or the arbiter has
   * it); `under_review` (kept off the scoreboard); `transcribe_third`; `ask_arbiter`.
   */
  action: z.enum(['publish', 'correct', 'under_review', 'transcribe_third', 'ask_arbiter']),
  /** The check's status when decided by this step: `published` or `under_review`; `null` otherwise. */
  checkStatus: z.enum(['published', 'under_review']).nullable(),
  trace: z.array(z.string()),
});
export type AudioReverification = z.infer<typeof AudioReverificationSchema>;

/**
 * Audio re-verification before a `false`/`imprecise` goes out (rule AUD-1), as a pure decision on
 * the transcripts at hand. The first two must come from different vendors (the tie-breaker may
 * share a vendor: seed 001 uses gpt-audio-mini, Gemini, then gpt-audio). Two that agree →
 * `confirmed`; two that disagree → `need_third`; a third that agrees with one of them → `majority`
 * for that one; no majority → `arbiter`, whose choice (publish, correct the sentence, or
 * `under_review`, kept off the scoreboard) is applied when given. With `original`, a confirmed or
 * majority transcript that disagrees with the judged sentence gives `correct` instead of `publish`.
 *
 * @example
 * reverifyAudio({
 *   transcripts: [
 *     { vendor: 'openai', model: 'gpt-audio-mini', text: 'a inflação foi de sete e meio por cento' },
 *     { vendor: 'google', model: 'gemini-flash-lite', text: 'a inflação foi de 7,5%' },
 *   ],
 * }); // → { outcome: 'confirmed', winner: 0, agreeing: [0, 1], action: 'publish', checkStatus: 'published', trace: ['AUD-1'] }
 */
export function reverifyAudio(input: ReverifyAudioInput): AudioReverification {
  const parsed = parseInput(ReverifyAudioInputSchema, input, 'AUD-1', 'reverifyAudio');
  const [first, second] = parsed.transcripts as [AudioTranscript, AudioTranscript, ...AudioTranscript[]];
  const vendors = new Set([first.vendor, second.vendor]);
  if (vendors.size < AUD_MIN_DISTINCT_VENDORS) {
    inputError(
      'AUD-1',
      'reverifyAudio',
      ['transcripts', 1, 'vendor'],
      'the first two re-transcriptions must come from different vendors',
    );
  }
  const chosen = parsed.language ?? AUD_DEFAULT_LANGUAGE;
  const analyses = parsed.transcripts.map((transcript) => analyse(transcript.text, chosen));
  const trace = ['AUD-1'];
  const agrees = (i: number, j: number): boolean =>
    compareAnalyses(analyses[i] as Analysis, analyses[j] as Analysis).agree;

  const decide = (outcome: 'confirmed' | 'majority', winner: number, agreeing: number[]): AudioReverification => {
    const matchesOriginal =
      parsed.original === undefined ||
      compareAnalyses(analyses[winner] as Analysis, analyse(parsed.original, chosen)).agree;
    return matchesOriginal
      ? { outcome, winner, agreeing, action: 'publish', checkStatus: 'published', trace }
      : { outcome, winner, agreeing, action: 'correct', checkStatus: null, trace };
  };

  if (agrees(0, 1)) return decide('confirmed', 0, parsed.transcripts.length === 3 && agrees(0, 2) ? [0, 1, 2] : [0, 1]);
  if (parsed.transcripts.length === 2) {
    return { outcome: 'need_third', winner: null, agreeing: [], action: 'transcribe_third', checkStatus: null, trace };
  }
  if (agrees(0, 2)) return decide('majority', 0, [0, 2]);
  if (agrees(1, 2)) return decide('majority', 1, [1, 2]);
  const arbiter = parsed.arbiterChoice;
  if (arbiter === undefined)
    return { outcome: 'arbiter', winner: null, agreeing: [], action: 'ask_arbiter', checkStatus: null, trace };
  if (arbiter === 'publish')
    return { outcome: 'arbiter', winner: null, agreeing: [], action: 'publish', checkStatus: 'published', trace };
  if (arbiter === 'under_review') {
    return {
      outcome: 'arbiter',
      winner: null,
      agreeing: [],
      action: 'under_review',
      checkStatus: 'under_review',
      trace,
    };
  }
  return { outcome: 'arbiter', winner: null, agreeing: [], action: 'correct', checkStatus: null, trace };
}

/**
 * Internal: the key numbers of a text (used by REP-1).
 * @internal Not exported from the package.
 */
export function keyNumberKeys(text: string, chosen: NumberLanguage): Set<string> {
  return new Set(analyse(text, chosen).facts.numbers.map(numberKey));
}
