/**
 * An energy voice-activity detector on the fbank framing (25 ms / 10 ms): a frame is speech when
 * its energy is above an absolute floor and within a range of the clip's loud frames. It is only
 * used for quality checks (silent / too little speech) and to pick the frames the statistics
 * embedder summarises; it is not a speech/music classifier.
 */
import { extractFrame, frameCount, frameStart } from './fbank.js';

/** Energy-VAD parameters. */
export interface VadOptions {
  /** Frames quieter than this (dB re full scale, mean square) are never speech (default −55 dBFS). */
  absoluteFloorDb?: number;
  /** Frames more than this many dB below the reference level are not speech (default 30 dB). */
  relativeRangeDb?: number;
  /** Percentile (0–1) of frame energies that sets the reference level (default 0.95). */
  referencePercentile?: number;
}

/** Default energy-VAD parameters. */
export const defaultVadOptions: Required<VadOptions> = {
  absoluteFloorDb: -55,
  relativeRangeDb: 30,
  referencePercentile: 0.95,
};

/** Frame hop of the VAD in seconds (10 ms at 16 kHz). */
export const VAD_FRAME_SECONDS = 0.01;

/** Per-frame mean-square energy in dBFS with the fbank framing (400-sample window, 160 hop, Kaldi edges). */
export function frameEnergiesDb(
  samples: Float32Array,
  frameLength = 400,
  frameShift = 160,
  snipEdges = false,
): Float32Array {
  const frames = samples.length === 0 ? 0 : frameCount(samples.length, frameLength, frameShift, snipEdges);
  const energies = new Float32Array(frames);
  const frame = new Float64Array(frameLength);
  for (let frameIndex = 0; frameIndex < frames; frameIndex += 1) {
    extractFrame(samples, frameStart(frameIndex, frameLength, frameShift, snipEdges), frame);
    let mean = 0;
    for (let index = 0; index < frameLength; index += 1) mean += frame[index]!;
    mean /= frameLength;
    let energy = 0;
    for (let index = 0; index < frameLength; index += 1) energy += (frame[index]! - mean) ** 2;
    energies[frameIndex] = 10 * Math.log10(Math.max(energy / frameLength, 1e-12));
  }
  return energies;
}

/** Marks speech frames (1) given per-frame energies in dBFS. */
export function speechFrameMask(energyDb: Float32Array, options: VadOptions = {}): Uint8Array {
  const { absoluteFloorDb, relativeRangeDb, referencePercentile } = { ...defaultVadOptions, ...options };
  const mask = new Uint8Array(energyDb.length);
  if (energyDb.length === 0) return mask;
  const sorted = Float32Array.from(energyDb).sort();
  const reference =
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(referencePercentile * sorted.length) - 1))]!;
  const threshold = Math.max(absoluteFloorDb, reference - relativeRangeDb);
  for (let index = 0; index < energyDb.length; index += 1) mask[index] = energyDb[index]! > threshold ? 1 : 0;
  return mask;
}

/** How much speech a 16 kHz clip holds, by the energy VAD. */
export interface SpeechAnalysis {
  /** Total frames (10 ms each). */
  frames: number;
  /** Frames marked as speech. */
  speechFrames: number;
  /** speechFrames × 10 ms. */
  speechSeconds: number;
  /** Per-frame speech flags. */
  mask: Uint8Array;
}

/** Runs the energy VAD over 16 kHz mono samples. */
export function analyseSpeech(samples16k: Float32Array, options: VadOptions = {}): SpeechAnalysis {
  return summariseMask(speechFrameMask(frameEnergiesDb(samples16k), options));
}

/** Counts the speech frames of a VAD mask. */
export function summariseMask(mask: Uint8Array): SpeechAnalysis {
  let speechFrames = 0;
  for (const flag of mask) speechFrames += flag;
  return { frames: mask.length, speechFrames, speechSeconds: speechFrames * VAD_FRAME_SECONDS, mask };
}
