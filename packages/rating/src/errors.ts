import { formatZodIssues as formatIssues, type IssueLike } from '@espectro/methodology';
/**
 * Stable error codes of `@espectro/rating`.
 *
 * - `invalid_input` — an article, sample request, roster or option does not match its schema.
 * - `invalid_evidence` — a `rating_evidence` record does not match its schema or cannot be mapped
 *   to the methodology input (the message names the field).
 * - `actor_map_invalid` — a political-actor map does not match its schema or is inconsistent
 *   (an id referenced but not defined, overlapping government periods, …).
 * - `no_government` — the political-actor map has no government on record for the date asked.
 * - `unsupported_language` — no lexicon for the article's language.
 * - `llm_failed` — the language model cannot be used at all (no key, bad request, missing SDK).
 */
export type RatingErrorCode =
  'invalid_input' | 'invalid_evidence' | 'actor_map_invalid' | 'no_government' | 'unsupported_language' | 'llm_failed';

/**
 * The one error class of this package: a stable `code`, a message naming the package, the stage
 * and the field, and the underlying `cause` when there is one.
 *
 * @example
 * try { parsePoliticalActorMap(json) } catch (error) {
 *   if (error instanceof RatingError && error.code === 'actor_map_invalid') console.error(error.message);
 * }
 */
export class RatingError extends Error {
  override name = 'RatingError';
  /** Stable machine-readable code. */
  readonly code: RatingErrorCode;
  /** Where it happened: `sample`, `analyze`, `content`, `evidence`, `actors`, `verify`, `schedule`, `academic`. */
  readonly stage: string;
  /** Path of the offending field, when there is one. */
  readonly field: string | undefined;

  constructor(details: { code: RatingErrorCode; stage: string; message: string; field?: string; cause?: unknown }) {
    super(
      `@espectro/rating ${details.stage}: ${details.field === undefined ? '' : `${details.field}: `}${details.message}`,
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.code = details.code;
    this.stage = details.stage;
    this.field = details.field;
  }
}

/** The first eight zod issues as `path: message` joined by `; ` (methodology's formatter). @internal */
export function formatZodIssues(issues: readonly IssueLike[]): string {
  return formatIssues(issues, { limit: 8 });
}
