/**
 * Stable error codes of `@espectro/factcheck`.
 *
 * - `invalid_audio`: the audio is not 16 kHz mono 16-bit PCM (WAV or raw).
 * - `invalid_replay`: a replay file does not match {@link DebateReplaySchema}, or lacks a recorded output.
 * - `stage_failed`: a stage adapter failed (the `cause` holds the adapter's error).
 * - `missing_configuration`: an adapter was asked to run without what it needs (an API key, a voices file).
 * - `invalid_input`: a pipeline input does not match its schema.
 */
export type FactcheckErrorCode =
  'invalid_audio' | 'invalid_replay' | 'stage_failed' | 'missing_configuration' | 'invalid_input';

/** The pipeline stage an error or event belongs to. */
export type PipelineStage =
  | 'chunk'
  | 'transcription'
  | 'speaker'
  | 'tone'
  | 'claims'
  | 'repeat'
  | 'search'
  | 'judge'
  | 'audio_check'
  | 'arbiter'
  | 'review_transcription'
  | 'review'
  | 'replay'
  | 'output';

/**
 * The one error class of `@espectro/factcheck`: a stable `code`, the `stage`, a message that names
 * the package, stage and field, and the underlying `cause`.
 *
 * @example
 * try { await pipeline.run(...) } catch (error) {
 *   if (error instanceof FactcheckError && error.code === 'invalid_audio') console.error(error.message);
 * }
 */
export class FactcheckError extends Error {
  override name = 'FactcheckError';
  readonly code: FactcheckErrorCode;
  readonly stage: PipelineStage;
  /** The field or key the error is about, when there is one (`chunks[3].transcript`, `judge["12.0#1"]`). */
  readonly field: string | undefined;

  constructor(details: {
    code: FactcheckErrorCode;
    stage: PipelineStage;
    message: string;
    field?: string;
    cause?: unknown;
  }) {
    super(
      `@espectro/factcheck ${details.stage}${details.field !== undefined ? ` (${details.field})` : ''}: ${details.message}`,
      details.cause !== undefined ? { cause: details.cause } : undefined,
    );
    this.code = details.code;
    this.stage = details.stage;
    this.field = details.field;
  }
}

/** True when `error` is a {@link FactcheckError}. */
export function isFactcheckError(error: unknown): error is FactcheckError {
  return error instanceof FactcheckError;
}

/** A readable one-line message of any thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
