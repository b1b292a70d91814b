/**
 * The one JSON Lines reader and writer (https://jsonlines.org/): every package that reads a
 * `.jsonl` file — articles, golden-set annotations, evaluation sets, CLI inputs — splits, parses
 * and names a bad line the same way. Written by hand because the format is one `JSON.parse` per
 * line; what matters is that the error names the file and the line as the user numbers them.
 */
import type { z } from 'zod';
import { formatZodIssues } from './zod-issues.js';

/** One non-blank line of a JSON Lines text, with its 1-based number in the file. */
export interface JsonLine {
  /** 1-based, counting blank lines too, as an editor numbers them. */
  number: number;
  /** The line without its line ending. */
  text: string;
}

/** One parsed line: its number and its value. */
export interface ParsedJsonLine<Value> {
  number: number;
  value: Value;
}

/** A line that is not JSON, or not what the caller's schema accepts. */
export class JsonLinesError extends Error {
  /** `not_json` (JSON.parse failed) or `invalid_row` (the schema rejected the value). */
  readonly reason: 'not_json' | 'invalid_row';
  /** The 1-based number of the offending line. */
  readonly lineNumber: number;

  constructor(details: { reason: 'not_json' | 'invalid_row'; lineNumber: number; message: string; cause?: unknown }) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'JsonLinesError';
    this.reason = details.reason;
    this.lineNumber = details.lineNumber;
  }
}

/**
 * The non-blank lines of a JSON Lines text: LF or CRLF endings, a leading byte-order mark
 * removed, lines of only whitespace left out (their numbers are still counted).
 *
 * @example
 * jsonLines('{"a":1}\r\n\n{"a":2}\n'); // [{ number: 1, text: '{"a":1}' }, { number: 3, text: '{"a":2}' }]
 */
export function jsonLines(text: string): JsonLine[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines: JsonLine[] = [];
  body.split('\n').forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() !== '') lines.push({ number: index + 1, text: line });
  });
  return lines;
}

/**
 * Parses one line as JSON, then through `schema` when one is given. Throws a
 * {@link JsonLinesError} whose message is `<label> line <n> is not valid JSON: …` or
 * `<label> line <n>: <field>: <problem>`.
 *
 * @example
 * parseJsonLine({ number: 4, text: '{"id":"a"}' }, 'articles.jsonl'); // { id: 'a' }
 */
export function parseJsonLine<Schema extends z.ZodType = z.ZodType<unknown>>(
  line: JsonLine,
  label: string,
  schema?: Schema,
): z.output<Schema> {
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    throw new JsonLinesError({
      reason: 'not_json',
      lineNumber: line.number,
      message: `${label} line ${line.number} is not valid JSON: ${(error as Error).message}`,
      cause: error,
    });
  }
  if (schema === undefined) return value as z.output<Schema>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new JsonLinesError({
      reason: 'invalid_row',
      lineNumber: line.number,
      message: `${label} line ${line.number}: ${formatZodIssues(parsed.error.issues, { whole: '(line)' })}`,
      cause: parsed.error,
    });
  }
  return parsed.data as z.output<Schema>;
}

/**
 * Parses every non-blank line of a JSON Lines text ({@link jsonLines}, {@link parseJsonLine});
 * the first bad line throws a {@link JsonLinesError} naming `label` and the line.
 *
 * @example
 * const rows = parseJsonLines(text, 'annotator-a.jsonl', AnnotationSchema).map((line) => line.value);
 */
export function parseJsonLines<Schema extends z.ZodType = z.ZodType<unknown>>(
  text: string,
  label: string,
  schema?: Schema,
): ParsedJsonLine<z.output<Schema>>[] {
  return jsonLines(text).map((line) => ({ number: line.number, value: parseJsonLine(line, label, schema) }));
}

/**
 * Rows as JSON Lines: one compact JSON value per line, LF endings, a trailing newline (none for
 * no rows).
 *
 * @example
 * toJsonLines([{ a: 1 }, { a: 2 }]); // '{"a":1}\n{"a":2}\n'
 */
export function toJsonLines(rows: readonly unknown[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length > 0 ? '\n' : '');
}
