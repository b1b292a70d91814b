/**
 * Number reading for AUD-1 (private to the module): digits and Portuguese or Spanish number words,
 * with their magnitude ("134 milhões", "mil millones", "um milhão e meio", "sete e meio por
 * cento"). Exposed through `extractKeyFacts` in `transcripts.ts`.
 */
import { foldAccents } from './internal.js';

export type NumberLanguage = 'pt' | 'es';

/** One token of a transcript. */
export interface Token {
  kind: 'number' | 'word' | 'percent' | 'boundary';
  /** The text as written. */
  text: string;
  /** Lowercased, accent-folded (words only; equal to `text` otherwise). */
  folded: string;
  /** First word or number of a sentence. */
  sentenceStart: boolean;
  start: number;
  end: number;
}

/** Abbreviations whose final dot does not end a sentence ("Sr. Lula", "Dra. Ana"). */
const ABBREVIATIONS = new Set([
  'sr',
  'sra',
  'srta',
  'dr',
  'dra',
  'prof',
  'profa',
  'dep',
  'sen',
  'gov',
  'pres',
  'min',
  'exmo',
  'exma',
  'av',
  'art',
  'etc',
  'vs',
  'sto',
  'sta',
  'gen',
  'cel',
  'cap',
  'ud',
  'uds',
  'lic',
  'ing',
  'nº',
  'pag',
  'p',
]);

/**
 * True for a title or abbreviation such as "Sr", "Dra" (never taken as a proper name).
 * @internal Not exported from the package.
 */
export function isAbbreviation(folded: string): boolean {
  return ABBREVIATIONS.has(folded);
}

const TOKEN_PATTERN = /(\d+(?:[.,]\d+)*)|(%)|([\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*)|([.!?…\n]+)/gu;

/**
 * Splits a transcript into numbers, words, `%` and sentence boundaries, marking sentence starts.
 * @internal Not exported from the package.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let atSentenceStart = true;
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const raw = match[0];
    const start = match.index;
    const end = start + raw.length;
    if (match[4] !== undefined) {
      const previous = tokens[tokens.length - 1];
      const abbreviation =
        raw === '.' &&
        previous?.kind === 'word' &&
        previous.end === start &&
        (ABBREVIATIONS.has(previous.folded) || /^\p{Lu}$/u.test(previous.text));
      if (!abbreviation) atSentenceStart = true;
      tokens.push({ kind: 'boundary', text: raw, folded: raw, sentenceStart: false, start, end });
      continue;
    }
    const kind = match[1] !== undefined ? 'number' : match[2] !== undefined ? 'percent' : 'word';
    const sentenceStart = kind !== 'percent' && atSentenceStart;
    if (kind !== 'percent') atSentenceStart = false;
    tokens.push({ kind, text: raw, folded: kind === 'word' ? foldAccents(raw) : raw, sentenceStart, start, end });
  }
  return tokens;
}

/**
 * Reads a run of digits with separators, pt/es convention: a comma is the decimal separator; a dot
 * followed by exactly three digits is a thousands separator ("1.234.567", "1.234,5"). Where both
 * separators occur, the last one is the decimal separator ("1,234.5" is also read); a separator that
 * repeats is a thousands separator ("10,500,000"); a single dot not followed by exactly three
 * digits is a decimal point ("10.8").
 * @internal Not exported from the package.
 */
export function parseDigits(text: string): number {
  const commas = (text.match(/,/g) ?? []).length;
  const dots = (text.match(/\./g) ?? []).length;
  if (commas === 0 && dots === 0) return Number(text);
  if (commas > 0 && dots > 0) {
    const decimal = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    return Number(text.split(thousands).join('').replace(decimal, '.'));
  }
  const separator = commas > 0 ? ',' : '.';
  const count = commas + dots;
  if (count > 1) return Number(text.split(separator).join(''));
  if (separator === ',') return Number(text.replace(',', '.'));
  return /^\d{1,3}\.\d{3}$/.test(text) ? Number(text.replace('.', '')) : Number(text);
}

interface Vocabulary {
  /** Values of the words below one thousand. */
  values: Map<string, number>;
  /** Words that say "one" and are also articles ("um candidato"): alone they are not a number. */
  articles: Set<string>;
  /** mil and the large multipliers. */
  multipliers: Map<string, number>;
  /** Abbreviated multipliers, read only right after a value ("R$ 11 tri"). */
  abbreviations: Map<string, number>;
  halves: Set<string>;
  connector: string;
  decimalWord: string;
  percentWords: Set<string>;
  percentSingleWords: Set<string>;
}

function words(entries: Record<string, number>): Map<string, number> {
  return new Map(Object.entries(entries));
}

const HUNDREDS_PT = {
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quatrocentas: 400,
  quinhentos: 500,
  quinhentas: 500,
  seiscentos: 600,
  seiscentas: 600,
  setecentos: 700,
  setecentas: 700,
  oitocentos: 800,
  oitocentas: 800,
  novecentos: 900,
  novecentas: 900,
};
const HUNDREDS_ES = {
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  cuatrocientas: 400,
  quinientos: 500,
  quinientas: 500,
  seiscientos: 600,
  seiscientas: 600,
  setecientos: 700,
  setecientas: 700,
  ochocientos: 800,
  ochocientas: 800,
  novecientos: 900,
  novecientas: 900,
};

const VOCABULARIES: Record<NumberLanguage, Vocabulary> = {
  pt: {
    values: words({
      zero: 0,
      um: 1,
      uma: 1,
      dois: 2,
      duas: 2,
      tres: 3,
      quatro: 4,
      cinco: 5,
      seis: 6,
      sete: 7,
      oito: 8,
      nove: 9,
      dez: 10,
      onze: 11,
      doze: 12,
      treze: 13,
      quatorze: 14,
      catorze: 14,
      quinze: 15,
      dezesseis: 16,
      dezasseis: 16,
      dezessete: 17,
      dezassete: 17,
      dezoito: 18,
      dezenove: 19,
      dezanove: 19,
      vinte: 20,
      trinta: 30,
      quarenta: 40,
      cinquenta: 50,
      sessenta: 60,
      setenta: 70,
      oitenta: 80,
      noventa: 90,
      ...HUNDREDS_PT,
    }),
    articles: new Set(['um', 'uma']),
    multipliers: words({
      mil: 1e3,
      milhao: 1e6,
      milhoes: 1e6,
      bilhao: 1e9,
      bilhoes: 1e9,
      trilhao: 1e12,
      trilhoes: 1e12,
    }),
    abbreviations: words({ mi: 1e6, bi: 1e9, tri: 1e12 }),
    halves: new Set(['meio', 'meia']),
    connector: 'e',
    decimalWord: 'virgula',
    percentWords: new Set(['cento']),
    percentSingleWords: new Set(['porcento']),
  },
  es: {
    values: words({
      cero: 0,
      un: 1,
      uno: 1,
      una: 1,
      dos: 2,
      tres: 3,
      cuatro: 4,
      cinco: 5,
      seis: 6,
      siete: 7,
      ocho: 8,
      nueve: 9,
      diez: 10,
      once: 11,
      doce: 12,
      trece: 13,
      catorce: 14,
      quince: 15,
      dieciseis: 16,
      diecisiete: 17,
      dieciocho: 18,
      diecinueve: 19,
      veinte: 20,
      veintiuno: 21,
      veintiun: 21,
      veintiuna: 21,
      veintidos: 22,
      veintitres: 23,
      veinticuatro: 24,
      veinticinco: 25,
      veintiseis: 26,
      veintisiete: 27,
      veintiocho: 28,
      veintinueve: 29,
      treinta: 30,
      cuarenta: 40,
      cincuenta: 50,
      sesenta: 60,
      setenta: 70,
      ochenta: 80,
      noventa: 90,
      ...HUNDREDS_ES,
    }),
    articles: new Set(['un', 'uno', 'una']),
    multipliers: words({
      mil: 1e3,
      millon: 1e6,
      millones: 1e6,
      millardo: 1e9,
      millardos: 1e9,
      billon: 1e12,
      billones: 1e12,
      trillon: 1e18,
      trillones: 1e18,
    }),
    abbreviations: new Map(),
    halves: new Set(['medio', 'media']),
    connector: 'y',
    decimalWord: 'coma',
    percentWords: new Set(['ciento']),
    percentSingleWords: new Set(['porciento']),
  },
};

/** The place of a number word: the next component of the same number must be smaller than it. */
function placeOf(value: number): number {
  if (value >= 100) return 100;
  if (value >= 20 && value % 10 === 0) return 10;
  return 1;
}

/** A number read from a transcript. */
export interface ReadNumber {
  value: number;
  unit: 'percent' | null;
  /** Index of the first token and one past the last token read. */
  startToken: number;
  endToken: number;
}

/**
 * Reads the decimal part after "vírgula"/"coma": a run of single-digit words ("zero cinco" = .05),
 * a compound number below a thousand ("vinte e cinco" = .25) or plain digits.
 */
function readFraction(
  tokens: readonly Token[],
  start: number,
  vocabulary: Vocabulary,
): { fraction: number; end: number } | null {
  const first = tokens[start];
  if (first === undefined) return null;
  if (first.kind === 'number') {
    return /^\d+$/.test(first.text) ? { fraction: Number(`0.${first.text}`), end: start + 1 } : null;
  }
  let digits = '';
  let index = start;
  for (;;) {
    const token = tokens[index];
    const value = token?.kind === 'word' ? vocabulary.values.get(token.folded) : undefined;
    if (value === undefined || value > 9) break;
    digits += String(value);
    index += 1;
  }
  if (digits.length > 0) return { fraction: Number(`0.${digits}`), end: index };
  // A compound below one thousand.
  let value = 0;
  let place = Number.POSITIVE_INFINITY;
  let end = start;
  index = start;
  for (;;) {
    let next = index;
    if (value > 0 && tokens[next]?.kind === 'word' && tokens[next]?.folded === vocabulary.connector) next += 1;
    const token = tokens[next];
    const word = token?.kind === 'word' ? vocabulary.values.get(token.folded) : undefined;
    if (word === undefined || !(word < place) || word === 0) break;
    value += word;
    place = placeOf(word);
    index = next + 1;
    end = index;
  }
  if (value === 0) return null;
  return { fraction: value / 10 ** String(value).length, end };
}

/**
 * Reads the number that starts at `start`, or `null` if none starts there. Components join while
 * each is smaller than the place of the previous one ("cento e trinta e quatro", "dois mil e
 * vinte e três"), multipliers scale what precedes them ("134 milhões", "mil millones"), "e
 * meio"/"y medio" adds half of the last unit ("um milhão e meio" = 1 500 000, "sete e meio" =
 * 7.5), and "por cento"/"por ciento"/"%" marks a percentage. A lone article-like "um"/"una" or a
 * lone "meio" ("meio ambiente") is not a number.
 * @internal Not exported from the package.
 */
export function readNumberAt(tokens: readonly Token[], start: number, language: NumberLanguage): ReadNumber | null {
  const vocabulary = VOCABULARIES[language];
  let total = 0; // completed groups of the large multipliers
  let group = 0; // the thousands of the current group
  let small = 0; // below one thousand (or a digit value)
  let place = Number.POSITIVE_INFINITY; // the next component must be smaller than this
  let lastLarge = Number.POSITIVE_INFINITY;
  let lastUnit = 1; // the scale "e meio" refers to
  let thousandsInGroup = false;
  let hasValue = false;
  let weak = true; // only article-like or half words so far
  let closed = false; // after "e meio" nothing but a percent sign may follow
  let decimalRead = false;
  let index = start;
  let end = start;

  const accept = (next: number): void => {
    index = next;
    end = next;
  };

  while (index < tokens.length && !closed) {
    let position = index;
    let viaConnector = false;
    const maybeConnector = tokens[position];
    if (hasValue && maybeConnector?.kind === 'word' && maybeConnector.folded === vocabulary.connector) {
      position += 1;
      viaConnector = true;
    }
    const token = tokens[position];
    if (token === undefined || token.kind === 'boundary' || token.kind === 'percent') break;

    if (token.kind === 'number') {
      const value = parseDigits(token.text);
      if (!hasValue) {
        small = value;
        place = 1;
        hasValue = true;
        weak = false;
        accept(position + 1);
        continue;
      }
      // Digits continue a number only after a multiplier ("2 mil e 500").
      if (small === 0 && Number.isInteger(value) && value < place && lastUnit > 1) {
        small = value;
        place = 1;
        accept(position + 1);
        continue;
      }
      break;
    }

    const word = token.folded;
    const value = vocabulary.values.get(word);
    if (value !== undefined) {
      if (hasValue && !(value < place && value > 0)) break;
      small += value;
      place = value === 0 ? 0 : placeOf(value);
      if (!vocabulary.articles.has(word)) weak = false;
      hasValue = true;
      accept(position + 1);
      continue;
    }

    const multiplier =
      vocabulary.multipliers.get(word) ?? (hasValue && !viaConnector ? vocabulary.abbreviations.get(word) : undefined);
    if (multiplier !== undefined && !viaConnector) {
      if (multiplier === 1e3) {
        if (thousandsInGroup || (hasValue && small === 0)) break;
        group += (hasValue ? small : 1) * 1e3;
        small = 0;
        thousandsInGroup = true;
      } else {
        const base = group + small;
        if (!hasValue || base === 0 || multiplier >= lastLarge) break;
        total += base * multiplier;
        group = 0;
        small = 0;
        thousandsInGroup = false;
        lastLarge = multiplier;
      }
      place = multiplier;
      lastUnit = multiplier;
      hasValue = true;
      weak = false;
      accept(position + 1);
      continue;
    }

    if (vocabulary.halves.has(word)) {
      if (hasValue && viaConnector) {
        if (lastUnit === 1) small += 0.5;
        else if (lastUnit === 1e3) group += 500;
        else total += 0.5 * lastUnit;
        weak = false;
        closed = true;
        accept(position + 1);
        continue;
      }
      if (!hasValue) {
        small = 0.5; // "meio milhão"; alone it stays weak and is dropped
        place = 0;
        hasValue = true;
        accept(position + 1);
        continue;
      }
      break;
    }

    if (word === vocabulary.decimalWord && hasValue && !viaConnector && lastUnit === 1 && !decimalRead) {
      const fraction = readFraction(tokens, position + 1, vocabulary);
      if (fraction === null) break;
      small += fraction.fraction;
      decimalRead = true;
      place = 0;
      weak = false;
      accept(fraction.end);
      continue;
    }
    break;
  }

  if (!hasValue) return null;
  let unit: 'percent' | null = null;
  const after = tokens[end];
  const afterNext = tokens[end + 1];
  if (after?.kind === 'percent') {
    unit = 'percent';
    end += 1;
  } else if (after?.kind === 'word' && vocabulary.percentSingleWords.has(after.folded)) {
    unit = 'percent';
    end += 1;
  } else if (
    after?.kind === 'word' &&
    after.folded === 'por' &&
    afterNext?.kind === 'word' &&
    vocabulary.percentWords.has(afterNext.folded)
  ) {
    unit = 'percent';
    end += 2;
  }
  if (weak && unit === null) return null;
  return { value: total + group + small, unit, startToken: start, endToken: end };
}
