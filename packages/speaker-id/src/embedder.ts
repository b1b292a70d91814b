/**
 * The interface every speaker-embedding backend implements, so CAM++, the offline statistics
 * embedder and later models (ECAPA-TDNN, WeSpeaker ResNet) are interchangeable.
 */

/** Backend label of the offline statistics embedder, stored in voices files and printed with results. */
export const STATISTICS_BACKEND = 'statistics (offline, no model)';
/** Backend label of the statistics embedder followed by a trained projection (LDA on synthetic training voices). */
export const STATISTICS_PROJECTED_BACKEND = 'statistics + LDA (offline, trained on synthetic voices)';
/** Backend label of CAM++ run by sherpa-onnx. */
export const CAMPPLUS_BACKEND = 'campplus (sherpa-onnx)';

/** Turns 16 kHz mono speech into a fixed-length speaker embedding (compared by cosine). */
export interface Embedder {
  /** Human-readable backend label, e.g. `'campplus (sherpa-onnx)'`; embeddings from different backends never mix. */
  readonly backend: string;
  /** Length of every embedding. */
  readonly dimension: number;
  /** Identifies the exact model (file name) when the backend has one; stored in voices files. */
  readonly model?: string | undefined;
  /** One embedding for the whole clip. Samples are mono, in [-1, 1], at 16 kHz. */
  embed(samples: Float32Array, sampleRate: 16000): Float32Array | Promise<Float32Array>;
  /** Releases native resources, if any. */
  dispose?(): void;
}
