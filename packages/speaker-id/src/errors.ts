/**
 * Why a speaker-identification operation failed. Each code names one kind of problem a caller can
 * react to (e.g. the CLI maps input problems to exit code 3 and the rest to 1).
 */
export type SpeakerIdErrorCode =
  /** The bytes are not a RIFF/WAVE file, or its header is truncated or inconsistent. */
  | 'invalid_wav'
  /** A well-formed WAV in an encoding this package does not decode (e.g. μ-law, ADPCM, 12-bit). */
  | 'unsupported_format'
  /** Less speech than the minimum (enrollment quality check), or too few samples for one frame. */
  | 'too_short'
  /** No (or almost no) frame above the energy-VAD threshold. */
  | 'silent'
  /** The CAM++ (or other) model file is not installed where it was looked for. */
  | 'model_missing'
  /** The model file exists but lacks what sherpa-onnx needs (metadata, framework) or failed to load. */
  | 'invalid_model'
  /** The native sherpa-onnx-node module could not be loaded on this platform. */
  | 'backend_unavailable'
  /** Embeddings from different backends or dimensions would be mixed. */
  | 'backend_mismatch'
  /** A voices (enrollment) file is not valid JSON of the expected shape and version. */
  | 'invalid_enrollment'
  /** An argument is out of its documented range. */
  | 'invalid_argument'
  /** An input over a documented limit (file size, duration, channels, header size); the message names the limit. */
  | 'input_too_large';

/** The one error class of `@espectro/speaker-id`: a stable `code` plus a message naming the file or field. */
export class SpeakerIdError extends Error {
  override name = 'SpeakerIdError';
  /** Machine-readable reason, stable across versions. */
  readonly code: SpeakerIdErrorCode;
  /** The file the problem is about, when there is one. */
  readonly file: string | undefined;

  constructor(code: SpeakerIdErrorCode, message: string, details: { file?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.file = details.file;
  }
}
