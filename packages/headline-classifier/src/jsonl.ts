import type { z } from 'zod';
import { HeadlineClassifierError } from './errors.js';
import { formatZodIssues } from '@espectro/methodology';

/**
 * Parses JSON Lines: one JSON value per non-empty line, each validated by `schema`. Errors name
 * the file label, the line number and the offending field.
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
  const rows: z.output<Schema>[] = [];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new HeadlineClassifierError({
        code: 'invalid_input',
        stage,
        message: `${label} line ${index + 1} is not valid JSON: ${(error as Error).message}`,
        cause: error,
      });
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issues = formatZodIssues(parsed.error.issues, { whole: '(line)' });
      throw new HeadlineClassifierError({
        code: 'invalid_input',
        stage,
        message: `${label} line ${index + 1}: ${issues}`,
        cause: parsed.error,
      });
    }
    rows.push(parsed.data);
  }
  return rows;
}

/** Serialises rows as JSON Lines (one compact JSON object per line, trailing newline). */
export function toJsonl(rows: readonly unknown[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : '');
}
