/** Stable error codes of `@espectro/headline-classifier`. */
export type HeadlineClassifierErrorCode =
  /** No element of a feed could be read, even leniently (a body cut off inside its first tag). */
  | 'feed_xml_invalid'
  /** A document that is not a feed (RSS, RDF or Atom), e.g. an HTML error page. */
  | 'feed_not_rss'
  /** A JSONL/JSON input file has a line or field that does not match its schema. */
  | 'invalid_input'
  /** The golden set is inconsistent (unknown ids, a disagreement without arbitration, …). */
  | 'golden_set_invalid'
  /** Thresholds, taxonomy or golden set differ from the ones frozen in the registration (AGR-4). */
  | 'not_registered'
  /** The registration was made after the classifier's first run (pre-registration violated). */
  | 'registration_after_first_run'
  /** Predictions do not cover the golden set. */
  | 'predictions_incomplete'
  /** The language model failed or never produced a valid, grounded answer. */
  | 'llm_failed';

/**
 * The one error class of this package: a stable `code`, a message naming the package, the stage
 * and the field, and the underlying `cause` when there is one.
 *
 * @example
 * try { readHeadlineFeed(xml, findOutlet('latercera')!) } catch (error) {
 *   if (error instanceof HeadlineClassifierError && error.code === 'feed_xml_invalid') console.error(error.message);
 * }
 */
export class HeadlineClassifierError extends Error {
  override name = 'HeadlineClassifierError';
  /** Stable machine-readable code. */
  readonly code: HeadlineClassifierErrorCode;
  /** Where it happened: `ingest`, `golden`, `register`, `evaluate`, `classify`. */
  readonly stage: string;

  constructor(details: { code: HeadlineClassifierErrorCode; stage: string; message: string; cause?: unknown }) {
    super(
      `@espectro/headline-classifier ${details.stage}: ${details.message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.code = details.code;
    this.stage = details.stage;
  }
}
