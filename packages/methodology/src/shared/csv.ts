/**
 * The project's one CSV writer (RFC 4180), for every open-data download and export: the site's
 * `/datos` files, `espectro export` and the fact-check `checagens.csv`. Hand-written because the
 * format is a few lines and no CSV library guards spreadsheet formulas the way OWASP's CSV-injection
 * advice asks: a text cell that a spreadsheet would read as a formula (starting with `=`, `+`, `-`,
 * `@`, tab or carriage return) is prefixed with an apostrophe. Numbers and booleans are written as
 * they are, null and undefined as an empty cell, other objects as their JSON. Lines end in CRLF.
 */

/** One cell value: text, a number or boolean, nothing, or an object (written as JSON). */
export type CsvValue = string | number | boolean | bigint | null | undefined | object;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell, escaped and guarded against formula injection.
 *
 * @example
 * csvCell('dijo "no"'); // '"dijo ""no"""'
 * csvCell('=HYPERLINK("x")'); // `"'=HYPERLINK(""x"")"`
 * csvCell(-3); // '-3'
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole CSV document: the header row, then one row per record, every line ended by CRLF.
 *
 * @example
 * toCsv(['a', 'b'], [[1, 'x\ny']]); // 'a,b\r\n1,"x\ny"\r\n'
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
