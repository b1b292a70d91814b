import type { z } from 'zod';
import { HeadlineClassifierError } from './errors.js';
import { JsonLinesError, parseJsonLines, toJsonLines } from '@espectro/methodology';

/**
 * Parses JSON Lines (`@espectro/methodology`'s one reader): one JSON value per non-empty line,
 * each validated by `schema`. Errors are {@link HeadlineClassifierError}s naming the file label,
 * the line number and the offending field.
 *
 * @example
 * parseJsonl('{"id":"1","class":"non_legislative","annotator":"A"}\n', AnnotationSchema, 'annotator-a.jsonl');
 */
export function parseJsonl<Schema extends z.ZodType>(
  text: string,
  schema: Schema,
  label: string,
  stage = 'read',
): z.output<Schema>[] {
  try {
    return parseJsonLines(text, label, schema).map((line) => line.value);
  } catch (error) {
    if (!(error instanceof JsonLinesError)) throw error;
    throw new HeadlineClassifierError({ code: 'invalid_input', stage, message: error.message, cause: error.cause });
  }
}

/**
 * Serialises rows as JSON Lines (one compact JSON object per line, trailing newline).
 * @deprecated Use `toJsonLines` from `@espectro/methodology` (this is the same function).
 */
export const toJsonl: (rows: readonly unknown[]) => string = toJsonLines;
