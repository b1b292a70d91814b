/**
 * The offline statistics embedder: a speaker "embedding" that needs no weights.
 *
 * 1. Kaldi fbank (80 log-mel bins, 25 ms / 10 ms, Povey, pre-emphasis 0.97, dither 0) of the clip.
 * 2. Energy VAD keeps the speech frames (all frames when there are too few).
 * 3. Statistics over those frames, per mel bin: the mean, the standard deviation, and the standard
 *    deviation of the Kaldi deltas (±2-frame regression) — the long-term spectral envelope
 *    (vocal-tract length, formant placement, spectral tilt, pitch region) and how much it moves.
 * 4. CMVN-style normalisation of each block across its bins (mean removed, unit variance), which
 *    cancels recording gain and keeps one block from dominating; the blocks are weighted and the
 *    whole vector is L2-normalised.
 *
 * Deterministic (no dithering, no randomness). It is a weak stand-in for a trained model: it
 * separates clearly different voices recorded the same way, but channel, microphone and room
 * change it as much as the speaker does. See the README's accuracy section.
 */
import { STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND, type Embedder } from './embedder.js';
import { computeFbank, type FbankOptions } from './fbank.js';
import { applyProjection, type LinearProjection } from './projection.js';
import { STATISTICS_PROJECTION } from './statistics-projection.data.js';
import { speechFrameMask, type VadOptions } from './vad.js';
import { l2Normalize } from './vectors.js';

/** Statistics-embedder parameters. */
export interface StatisticsEmbedderOptions {
  /** Fbank options (defaults as sherpa-onnx / Kaldi). */
  fbank?: FbankOptions;
  /** Energy-VAD options for picking speech frames. */
  vad?: VadOptions;
  /** Use all frames when the VAD finds fewer speech frames than this (default 10). */
  minimumFrames?: number;
  /** Weights of the mean / std / delta-std blocks (default 1 / 0.5 / 0.1). */
  blockWeights?: { mean?: number; deviation?: number; deltaDeviation?: number };
  /**
   * A trained projection applied to the statistics (e.g. the shipped LDA, see `projection.ts`);
   * the backend label then becomes {@link STATISTICS_PROJECTED_BACKEND}.
   */
  projection?: LinearProjection;
}

/** Kaldi delta features (window 2): d_t = Σ_{n=1..2} n (c_{t+n} − c_{t−n}) / 10, edges replicated. */
export function deltaFeatures(data: Float32Array, frames: number, bins: number): Float32Array {
  const output = new Float32Array(frames * bins);
  const clamp = (frame: number) => Math.min(frames - 1, Math.max(0, frame));
  for (let frame = 0; frame < frames; frame += 1) {
    for (let bin = 0; bin < bins; bin += 1) {
      let sum = 0;
      for (let n = 1; n <= 2; n += 1)
        sum += n * (data[clamp(frame + n) * bins + bin]! - data[clamp(frame - n) * bins + bin]!);
      output[frame * bins + bin] = sum / 10;
    }
  }
  return output;
}

function standardise(block: Float64Array, weight: number): Float64Array {
  let mean = 0;
  for (const value of block) mean += value;
  mean /= block.length;
  let variance = 0;
  for (const value of block) variance += (value - mean) ** 2;
  const deviation = Math.sqrt(variance / block.length);
  const output = new Float64Array(block.length);
  if (deviation === 0) return output;
  for (let index = 0; index < block.length; index += 1) output[index] = ((block[index]! - mean) / deviation) * weight;
  return output;
}

/** The statistics embedding of 16 kHz mono samples (see the module comment). */
export function statisticsEmbedding(samples: Float32Array, options: StatisticsEmbedderOptions = {}): Float32Array {
  const fbank = computeFbank(samples, options.fbank);
  const { frames, bins, data } = fbank;
  const weights = { mean: 1, deviation: 0.5, deltaDeviation: 0.1, ...options.blockWeights };
  const dimension = bins * 3;
  if (frames === 0) return new Float32Array(dimension);
  const mask = speechFrameMask(fbank.energyDb, options.vad);
  let selected = 0;
  for (const flag of mask) selected += flag;
  const useAll = selected < (options.minimumFrames ?? 10);
  const deltas = deltaFeatures(data, frames, bins);
  const sum = new Float64Array(bins);
  const sumSquares = new Float64Array(bins);
  const deltaSum = new Float64Array(bins);
  const deltaSquares = new Float64Array(bins);
  let count = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    if (!useAll && mask[frame] === 0) continue;
    count += 1;
    const offset = frame * bins;
    for (let bin = 0; bin < bins; bin += 1) {
      const value = data[offset + bin]!;
      sum[bin] = sum[bin]! + value;
      sumSquares[bin] = sumSquares[bin]! + value * value;
      const delta = deltas[offset + bin]!;
      deltaSum[bin] = deltaSum[bin]! + delta;
      deltaSquares[bin] = deltaSquares[bin]! + delta * delta;
    }
  }
  const mean = new Float64Array(bins);
  const deviation = new Float64Array(bins);
  const deltaDeviation = new Float64Array(bins);
  for (let bin = 0; bin < bins; bin += 1) {
    mean[bin] = sum[bin]! / count;
    deviation[bin] = Math.sqrt(Math.max(0, sumSquares[bin]! / count - mean[bin]! ** 2));
    const deltaMean = deltaSum[bin]! / count;
    deltaDeviation[bin] = Math.sqrt(Math.max(0, deltaSquares[bin]! / count - deltaMean ** 2));
  }
  const embedding = new Float64Array(dimension);
  embedding.set(standardise(mean, weights.mean), 0);
  embedding.set(standardise(deviation, weights.deviation), bins);
  embedding.set(standardise(deltaDeviation, weights.deltaDeviation), 2 * bins);
  return l2Normalize(embedding);
}

/**
 * Creates the offline statistics embedder (240 dimensions with the default 80 mel bins).
 *
 * @example
 * const embedder = createStatisticsEmbedder();
 * const embedding = embedder.embed(samples16k, 16000);
 */
export function createStatisticsEmbedder(options: StatisticsEmbedderOptions = {}): Embedder {
  const bins = options.fbank?.melBins ?? 80;
  const { projection } = options;
  if (projection && projection.inputDimension !== bins * 3)
    throw new RangeError(
      `statistics embedder: the projection expects ${projection.inputDimension} statistics, the fbank gives ${bins * 3}`,
    );
  return {
    backend: projection ? STATISTICS_PROJECTED_BACKEND : STATISTICS_BACKEND,
    dimension: projection ? projection.dimension : bins * 3,
    model: undefined,
    embed(samples, sampleRate) {
      if (sampleRate !== 16000)
        throw new RangeError(`statistics embedder: expected 16 kHz audio, got ${String(sampleRate)} Hz`);
      const statistics = statisticsEmbedding(samples, options);
      return projection ? applyProjection(projection, statistics) : statistics;
    },
  };
}

/**
 * The statistics embedder followed by the shipped LDA projection ({@link STATISTICS_PROJECTION}:
 * 240 statistics → 40 dimensions, trained on synthetic voices under noise, 8 kHz and MP3
 * conditions). Backend label {@link STATISTICS_PROJECTED_BACKEND}; its voices files never mix
 * with the plain statistics embedder's. See the README's "Unknown voices" section for what it buys.
 *
 * @example
 * const embedder = createProjectedStatisticsEmbedder();
 * const perSpeaker = perSpeakerThresholds(voices.speakers, STATISTICS_PROJECTED_COHORT);
 */
export function createProjectedStatisticsEmbedder(
  options: Omit<StatisticsEmbedderOptions, 'projection' | 'fbank' | 'blockWeights'> = {},
): Embedder {
  return createStatisticsEmbedder({ ...options, projection: STATISTICS_PROJECTION });
}
