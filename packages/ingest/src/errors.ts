/**
 * The one error class of `@espectro/ingest`: a stable `code`, the feed (or payload) it concerns,
 * and a message a newcomer can act on.
 */

/** What went wrong with one feed or payload. */
export type IngestErrorCode =
  'too_large' | 'invalid_xml' | 'not_a_feed' | 'invalid_json' | 'unknown_mapping' | 'unreadable' | 'invalid_input';

/**
 * An error reading one feed or payload. Ingestion of several sources reports it for that source
 * and goes on with the others.
 *
 * @example
 * if (error instanceof IngestError && error.code === 'invalid_xml') console.log(error.line, error.column);
 */
export class IngestError extends Error {
  override name = 'IngestError';
  readonly code: IngestErrorCode;
  /** Name of the feed or payload (file name, URL or label). */
  readonly source: string;
  /** 1-based position of an XML error, when known. */
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(details: {
    code: IngestErrorCode;
    source: string;
    message: string;
    line?: number;
    column?: number;
    cause?: unknown;
  }) {
    super(
      `@espectro/ingest ${details.source}: ${details.message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.code = details.code;
    this.source = details.source;
    this.line = details.line;
    this.column = details.column;
  }
}
