/**
 * Chunk identification end to end: 16 kHz samples (or a WAV file) → energy VAD → embedding →
 * scores against a voices file → decision.
 */
import type { Embedder } from './embedder.js';
import { assertCompatible, type VoicesFile } from './enrollment.js';
import {
  decisionRuleFor,
  identifyEmbedding,
  silenceIdentification,
  type Identification,
  type IdentifyOptions,
  type ThresholdRule,
} from './identify.js';
import { analyseSpeech, type VadOptions } from './vad.js';
import { readWavFile, toMono16k } from './wav.js';

/** Options for {@link identifySamples} / {@link identifyFile}. */
export interface ChunkIdentifyOptions extends IdentifyOptions {
  /** The enrolled voices. */
  voices: VoicesFile;
  /** Must be the backend (and model) the voices were enrolled with. */
  embedder: Embedder;
  /** Fewer speech frames (10 ms) than this → unknown with reason 'silence' (default 20). */
  minSpeechFrames?: number;
  /** Energy-VAD parameters. */
  vad?: VadOptions;
  /** Per-candidate thresholds (e.g. from `perSpeakerThresholds`) replacing `unknownThreshold` for those candidates. */
  perSpeaker?: Readonly<Record<string, number>>;
}

/** A chunk's identification with the backend and the threshold rule that produced it. */
export interface ChunkIdentification extends Identification {
  /** Backend label, e.g. 'statistics + LDA (offline, trained on synthetic voices)'. */
  backend: string;
  /** How the unknown threshold was set (see {@link decisionRuleFor}). */
  rule: ThresholdRule;
  /** The threshold the best candidate's score was held to; null for silence or no enrolled voices. */
  threshold: number | null;
  /** Seconds of speech found by the energy VAD. */
  speechSeconds: number;
}

/**
 * Identifies the speaker of one chunk of 16 kHz mono audio.
 *
 * @example
 * const result = await identifySamples(chunk, { voices, embedder: createStatisticsEmbedder() });
 * result.speaker // 'Ana' | null
 */
export async function identifySamples(
  samples16k: Float32Array,
  options: ChunkIdentifyOptions,
): Promise<ChunkIdentification> {
  const { voices, embedder } = options;
  assertCompatible(voices, embedder);
  const { thresholds, rule } = decisionRuleFor(embedder.backend, voices.speakers, options);
  const analysis = analyseSpeech(samples16k, options.vad);
  if (analysis.speechFrames < (options.minSpeechFrames ?? 20)) {
    return {
      ...silenceIdentification(),
      backend: embedder.backend,
      rule,
      threshold: null,
      speechSeconds: analysis.speechSeconds,
    };
  }
  const embedding = await embedder.embed(samples16k, 16000);
  const scoring = {
    ...(options.cohort ? { cohort: options.cohort } : {}),
    ...(options.cohortTopN ? { cohortTopN: options.cohortTopN } : {}),
  };
  const identification = identifyEmbedding(embedding, voices.speakers, thresholds, scoring);
  const best = identification.bestCandidate;
  return {
    ...identification,
    backend: embedder.backend,
    rule,
    threshold: best === null ? null : (thresholds.perSpeaker?.[best] ?? thresholds.unknownThreshold),
    speechSeconds: analysis.speechSeconds,
  };
}

/** Reads a WAV chunk (any PCM/float format, rate and channel count) and identifies its speaker. */
export async function identifyFile(
  path: string,
  options: ChunkIdentifyOptions,
): Promise<ChunkIdentification & { file: string }> {
  const { wav } = await readWavFile(path);
  return { file: path, ...(await identifySamples(toMono16k(wav), options)) };
}
