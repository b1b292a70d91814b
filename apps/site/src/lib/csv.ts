/**
 * CSV for the open-data downloads: the writer is `@espectro/methodology`'s (RFC 4180, formula
 * guarding, CRLF), shared with `espectro export` and the fact-check export; this module adds the
 * HTTP response.
 */
export { csvCell, toCsv, type CsvValue } from '@espectro/methodology';

/** An HTTP response for a CSV download. */
export function csvResponse(csv: string): Response {
  return new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
}
