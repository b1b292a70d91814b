/**
 * Reading the files a command is given, with bounded resources: the size is checked with `stat`
 * before a byte is read, a JSON-lines file is refused at its first line over the per-line limit,
 * and text files must be UTF-8 (a byte that is not is an error naming the line, never a silent
 * U+FFFD). Feed files (XML) are read as bytes and decoded by `@espectro/ingest`'s
 * `decodeFeedBytes`, which honours their declared encoding.
 */
import { stat, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isUtf8 } from 'node:buffer';
import { DEFAULT_MAX_FEED_BYTES } from '@espectro/ingest';
import { InputFileError } from './errors.js';
import { JsonLinesError, jsonLines, parseJsonLine, type JsonLine, type ParsedJsonLine } from '@espectro/methodology';
import type { z } from 'zod';

/**
 * Size limits of the files the CLI reads (issue 21 §5: "size caps on every file a command reads").
 * A legitimate input sits far below each; a file over one is refused with a message naming it.
 */
export const INPUT_LIMITS = {
  /** Largest JSON-lines file (`cluster`, `hc classify`): 64 MiB, about 200,000 article lines. */
  jsonLinesFileBytes: 64 * 1024 * 1024,
  /**
   * Longest line of a JSON-lines file: 64 KiB. A line is one article or headline (id, title,
   * date, a description); a headline is at most 500 characters (HC-2), so 64 KiB leaves room for
   * any description while a 10 MB "title" is refused before it is embedded.
   */
  jsonLinesLineBytes: 64 * 1024,
  /** Largest feed file (`hc ingest`): the fetcher's and the run's limit, 32 MiB. */
  feedFileBytes: DEFAULT_MAX_FEED_BYTES,
  /** Largest JSON document (evidence, debate, replay files): 32 MiB. */
  jsonFileBytes: 32 * 1024 * 1024,
} as const;

/** A size for a message: round limits exactly (`64 KiB`), large sizes in MiB, small ones in bytes. */
function mebibytes(bytes: number): string {
  if (bytes >= 1_048_576 && bytes % 1_048_576 === 0) return `${bytes / 1_048_576} MiB`;
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes.toLocaleString('en')} bytes`;
}

/**
 * Reads `path` (relative to `cwd`) as bytes after checking its size against `maxBytes`; `what`
 * names the kind of file in the message (`a JSON-lines file`, `a feed file`).
 *
 * @example
 * const bytes = await readInputBytes('feed.xml', process.cwd(), INPUT_LIMITS.feedFileBytes, 'a feed file');
 */
export async function readInputBytes(path: string, cwd: string, maxBytes: number, what: string): Promise<Buffer> {
  const absolute = resolve(cwd, path);
  try {
    const info = await stat(absolute);
    if (info.isDirectory()) throw new InputFileError(`${path} is a folder, not a file`);
    if (info.size > maxBytes)
      throw new InputFileError(
        `${path} is ${mebibytes(info.size)}, over the ${mebibytes(maxBytes)} limit for ${what}; nothing was read`,
      );
    const bytes = await readFile(absolute);
    // A file that grew between stat and read (or a device that reports size 0) is checked again.
    if (bytes.length > maxBytes)
      throw new InputFileError(`${path} is over the ${mebibytes(maxBytes)} limit for ${what}`);
    return bytes;
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(
      code === 'ENOENT' ? `file not found: ${path}` : `cannot read ${path}: ${code ?? (error as Error).message}`,
    );
  }
}

/**
 * Decodes `bytes` as UTF-8 (a leading BOM dropped), refusing bytes that are not UTF-8 with the
 * number of the first line that holds one.
 *
 * @example
 * strictUtf8(Buffer.from('hola\n'), 'titles.jsonl'); // 'hola\n'
 */
export function strictUtf8(bytes: Buffer, path: string): string {
  if (!isUtf8(bytes)) {
    let line = 1;
    let start = 0;
    for (let index = 0; index <= bytes.length; index += 1) {
      if (index === bytes.length || bytes[index] === 0x0a) {
        if (!isUtf8(bytes.subarray(start, index)))
          throw new InputFileError(
            `${path} line ${line} is not valid UTF-8 (save the file as UTF-8; nothing was read from it)`,
          );
        line += 1;
        start = index + 1;
      }
    }
  }
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Reads a UTF-8 text file with a size limit ({@link readInputBytes}, {@link strictUtf8}).
 *
 * @example
 * const text = await readInputText('thresholds.json', cwd, INPUT_LIMITS.jsonFileBytes, 'a JSON file');
 */
export async function readInputText(path: string, cwd: string, maxBytes: number, what: string): Promise<string> {
  return strictUtf8(await readInputBytes(path, cwd, maxBytes, what), path);
}

/**
 * Reads a JSON-lines file: the file limit, UTF-8, and the per-line limit
 * ({@link INPUT_LIMITS}); blank lines are left out, the others keep their line numbers
 * (`@espectro/methodology`'s `jsonLines`).
 *
 * @example
 * for (const line of await readJsonLines('articles.jsonl', cwd)) parseJsonLine(line, 'articles.jsonl');
 */
export async function readJsonLines(
  path: string,
  cwd: string,
  limits: { fileBytes?: number; lineBytes?: number } = {},
): Promise<JsonLine[]> {
  const lineBytes = limits.lineBytes ?? INPUT_LIMITS.jsonLinesLineBytes;
  const text = await readInputText(path, cwd, limits.fileBytes ?? INPUT_LIMITS.jsonLinesFileBytes, 'a JSON-lines file');
  const lines = jsonLines(text);
  for (const line of lines) {
    // Byte length is at least the UTF-16 length / 2 … at most 3× it: measure only near the limit.
    if (line.text.length > lineBytes / 3 && Buffer.byteLength(line.text) > lineBytes)
      throw new InputFileError(
        `${path} line ${line.number} is ${mebibytes(Buffer.byteLength(line.text))}, over the ${mebibytes(lineBytes)} limit for one line; nothing was processed`,
      );
  }
  return lines;
}

/**
 * Reads a JSON-lines file ({@link readJsonLines}) and parses each line, through `schema` when one
 * is given; a line that is not JSON or not what the schema accepts is an {@link InputFileError}
 * naming the file, the line and the field.
 *
 * @example
 * const labels = (await readJsonLinesValues('labels.jsonl', cwd, LabelSchema)).map((line) => line.value);
 */
export async function readJsonLinesValues<Schema extends z.ZodType = z.ZodType<unknown>>(
  path: string,
  cwd: string,
  schema?: Schema,
): Promise<ParsedJsonLine<z.output<Schema>>[]> {
  return (await readJsonLines(path, cwd)).map((line) => {
    try {
      return { number: line.number, value: parseJsonLine(line, path, schema) };
    } catch (error) {
      if (error instanceof JsonLinesError) throw new InputFileError(error.message);
      throw error;
    }
  });
}
