/**
 * CSV for the open-data downloads (RFC 4180): every text cell is quoted when needed, and a text
 * cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return at
 * the start) is prefixed with an apostrophe. Numbers, booleans and empty values are written as is.
 */

/** One cell value. */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, escaped. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document (header row first, CRLF line ends). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header.map(csvCell).join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\r\n') + '\r\n';
}

/** An HTTP response for a CSV download. */
export function csvResponse(csv: string): Response {
  return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
}
