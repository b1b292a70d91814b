import { z } from 'zod';
import { parseInput } from '../shared/validate.js';

/**
 * Rule LINK-1 — boletín numbers of the Chilean Congress ("Boletín N° 12.345-07"): a bill number
 * and, after a dash, the 2-digit code of the committee/topic.
 *
 * Reading (documented **[choice]**): a number counts only when it is introduced by the word
 * `boletín`/`boletines` (any case, with or without accent), optionally followed by `:`/`#` and a
 * number marker (`N°`, `Nº`, `N.º`, `N°s`, `Nos.`, `nro.`, `núm.`, `número(s)`). After the first
 * number a list may continue with `,` `;` `y` `e` `o` `u` `&` (each item may repeat a marker).
 * A number is 1–6 digits, or `d{1,3}.ddd` with a dot as thousands separator, then a dash
 * (hyphen, en/em dash, minus; spaces allowed around it) and exactly 2 digits, not followed by
 * another digit, by `-digit` (dates such as 12-05-2024) or by `.digit`/`/digit`.
 * Consequences: dates, phone numbers, amounts and RUTs never match — a RUT (12.345.678-9) has a
 * 7–8 digit body with two dot groups and a 1-character check digit, and outside the keyword no
 * number is ever read, so a RUT can never be taken for a boletín.
 * Normal form: digits without dots or leading zeros, a hyphen, the 2-digit suffix (`12345-07`).
 */
const DASH = '[-\u2010\u2011\u2012\u2013\u2014\u2212]';
const INLINE_SPACE = '[ \\t\\u00A0\\u2009\\u202F]*';
const MARKER = String.raw`(?:n[úu]m(?:ero)?s?\.?|nros?\.?|n\s?\.?\s?[°º˚ᵒo]\s?s?\.?)`;
const NUMBER = String.raw`(\d{1,3}\.\d{3}|\d{1,6})${INLINE_SPACE}${DASH}${INLINE_SPACE}(\d{2})(?!\d)(?!${INLINE_SPACE}${DASH}${INLINE_SPACE}\d)(?![./]\d)`;
const SEPARATOR = String.raw`\s*(?:[,;]\s*(?:(?:y|e|o|u)\s+)?|\s(?:y|e|o|u)\s+|&\s*)`;

const KEYWORD_PATTERN = /(?<![\p{L}\p{N}_])bolet[ií]n(?:es)?(?![\p{L}\p{N}_])/giu;
const FIRST_NUMBER_PATTERN = new RegExp(String.raw`\s*[:#]?\s*(?:${MARKER}\s*)?${NUMBER}`, 'iuy');
const NEXT_NUMBER_PATTERN = new RegExp(String.raw`${SEPARATOR}(?:${MARKER}\s*)?${NUMBER}`, 'iuy');

/**
 * Input of {@link extractBoletines}: any text (a title, a description, or both).
 *
 * @example
 * ExtractBoletinesInputSchema.parse('Boletín N° 12.345-07');
 */
export const ExtractBoletinesInputSchema = z.string();

/**
 * A normalised boletín number: `NNNNN-NN`.
 *
 * @example
 * BoletinNumberSchema.parse('12345-07');
 */
export const BoletinNumberSchema = z.string().regex(/^[1-9]\d{0,5}-\d{2}$/);

function normalise(body: string, suffix: string): string | null {
  const digits = body.replace('.', '').replace(/^0+/, '');
  return digits.length === 0 ? null : `${digits}-${suffix}`;
}

/**
 * Extraction without validation, used by {@link linkHeadline}.
 * @internal
 */
export function scanBoletines(text: string): string[] {
  const normalised = text.normalize('NFC');
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (match: RegExpExecArray): void => {
    const number = normalise(match[1]!, match[2]!);
    if (number !== null && !seen.has(number)) {
      seen.add(number);
      found.push(number);
    }
  };
  KEYWORD_PATTERN.lastIndex = 0;
  for (let keyword = KEYWORD_PATTERN.exec(normalised); keyword !== null; keyword = KEYWORD_PATTERN.exec(normalised)) {
    FIRST_NUMBER_PATTERN.lastIndex = KEYWORD_PATTERN.lastIndex;
    let match = FIRST_NUMBER_PATTERN.exec(normalised);
    if (match === null) continue;
    add(match);
    let position = FIRST_NUMBER_PATTERN.lastIndex;
    for (;;) {
      NEXT_NUMBER_PATTERN.lastIndex = position;
      match = NEXT_NUMBER_PATTERN.exec(normalised);
      if (match === null) break;
      add(match);
      position = NEXT_NUMBER_PATTERN.lastIndex;
    }
    KEYWORD_PATTERN.lastIndex = position;
  }
  return found;
}

/**
 * Extracts the boletín numbers written in a text (rule LINK-1), normalised to `NNNNN-NN`,
 * unique, in order of first appearance. Only numbers introduced by the word boletín/boletines
 * count (see the module notes for the exact grammar).
 *
 * @example
 * extractBoletines('Senado despacha el Boletín N° 12.345-07'); // ['12345-07']
 * extractBoletines('Boletines N°s 1234-05, 5678-06 y 9012-07'); // ['1234-05', '5678-06', '9012-07']
 * extractBoletines('RUT 12.345.678-9, fono +56 9 1234 5678');   // []
 */
export function extractBoletines(text: string): string[] {
  return scanBoletines(parseInput(ExtractBoletinesInputSchema, text, 'LINK-1', 'extractBoletines'));
}
