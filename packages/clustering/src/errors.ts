/** Stable, machine-readable failure classes of `@espectro/clustering`. */
export type ClusteringErrorCode =
  /** An article, option or file failed validation (the message names the field). */
  | 'invalid_input'
  /** Two articles share an id: ids are the stable key that makes results order independent. */
  | 'duplicate_id'
  /** A model folder or model file is missing or unreadable. */
  | 'model_missing'
  /** An optional runtime package (`@huggingface/transformers`) is not installed or does not load. */
  | 'backend_unavailable'
  /** The model loaded but produced something unexpected (shape, dtype). */
  | 'model_output'
  /** An embedder was used in a way its contract forbids (e.g. dimension mismatch). */
  | 'embedder_contract';

/** Where in the package the failure happened; part of every {@link ClusteringError} message. */
export type ClusteringStage = 'validate' | 'embed' | 'load_model' | 'index' | 'cluster' | 'judge' | 'evaluate';

/** Everything a {@link ClusteringError} is built from. */
export interface ClusteringErrorDetails {
  code: ClusteringErrorCode;
  stage: ClusteringStage;
  /** What went wrong, in a sentence naming the field; the constructor prefixes package and stage. */
  message: string;
  /** The offending field, e.g. `articles[3].date`. */
  field?: string;
  cause?: unknown;
}

/**
 * The one error type of `@espectro/clustering`: a stable `code`, the `stage` and `field`, and the
 * original `cause`. Messages read `@espectro/clustering validate: articles[3].date must be an ISO date`.
 *
 * @example
 * try { clusterArticles(articles, options) } catch (error) {
 *   if (error instanceof ClusteringError && error.code === 'duplicate_id') …
 * }
 */
export class ClusteringError extends Error {
  override name = 'ClusteringError';
  /** Stable failure class. */
  readonly code: ClusteringErrorCode;
  /** Where the failure happened. */
  readonly stage: ClusteringStage;
  /** The offending field, when there is one. */
  readonly field: string | undefined;

  constructor(details: ClusteringErrorDetails) {
    super(`@espectro/clustering ${details.stage}: ${details.message}`, { cause: details.cause });
    this.code = details.code;
    this.stage = details.stage;
    this.field = details.field;
  }
}
