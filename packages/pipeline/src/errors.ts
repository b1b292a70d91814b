/**
 * Stable failure classes of `@espectro/pipeline`.
 * - `input_file`: a data folder, roster file or feed manifest is missing, unreadable or invalid.
 * - `backend_unavailable`: a backend was asked for explicitly (`--embedder minilm`, `--judge llm`)
 *   and is not installed or configured.
 * - `invalid_input`: an argument of a stage function does not match its schema.
 * - `conflict`: other workers kept committing the same kind of step first; running it again is safe.
 */
export type PipelineErrorCode = 'input_file' | 'backend_unavailable' | 'invalid_input' | 'conflict';

/** The stage that failed; part of every {@link PipelineError} message. */
export type PipelineStage =
  'data' | 'backends' | 'rate' | 'ingest' | 'cluster' | 'synthesise' | 'topics' | 'publish' | 'retry' | 'pass';

/** Everything a {@link PipelineError} is built from. */
export interface PipelineErrorDetails {
  code: PipelineErrorCode;
  stage: PipelineStage;
  /** The offending field or file as the user sees it (`outlets.json`, `--embedder`). */
  field?: string | undefined;
  message: string;
  cause?: unknown;
}

/**
 * The one error class of `@espectro/pipeline`: bad input and unavailable backends. A failing feed,
 * a failed synthesis or an unanswered judge call is not thrown — it is recorded in the stage's
 * report (and the retry queue) so that one failure never stops the others.
 *
 * @example
 * try { await readDataFolder('missing/') } catch (error) {
 *   if (error instanceof PipelineError && error.code === 'input_file') console.error(error.message);
 * }
 */
export class PipelineError extends Error {
  /** Stable machine-readable code. */
  readonly code: PipelineErrorCode;
  /** Stage that failed. */
  readonly stage: PipelineStage;
  /** The offending field or file, if known. */
  readonly field: string | undefined;

  constructor(details: PipelineErrorDetails) {
    super(`@espectro/pipeline ${details.stage}: ${details.message}`, { cause: details.cause });
    this.name = 'PipelineError';
    this.code = details.code;
    this.stage = details.stage;
    this.field = details.field;
  }
}
