/**
 * Kaldi-compatible log-mel filterbank ("fbank") features, in TypeScript.
 *
 * The defaults reproduce what sherpa-onnx (kaldi-native-fbank) computes for CAM++ and the other
 * 3D-Speaker/WeSpeaker models: 16 kHz, 80 mel bins, 25 ms Povey window, 10 ms shift, DC offset
 * removed per frame, pre-emphasis 0.97, dither 0 (deterministic), power spectrum of a 512-point
 * FFT, mel bins from 20 Hz to Nyquist − 400 Hz (7600 Hz), `snip_edges = false` (frames centred on
 * multiples of the shift, edges reflected), natural log floored at float epsilon. A test feeds the
 * same signal to sherpa-onnx through a fixture model that averages its input features and checks
 * that the two agree.
 */
import { Fft } from './fft.js';

/** Fbank options; every default is Kaldi's / sherpa-onnx's value for speaker models. */
export interface FbankOptions {
  /** Sample rate of the input in Hz (default 16000). */
  sampleRate?: number;
  /** Number of mel bins (default 80). */
  melBins?: number;
  /** Window length in milliseconds (default 25). */
  frameLengthMs?: number;
  /** Hop in milliseconds (default 10). */
  frameShiftMs?: number;
  /** Lowest mel-filter edge in Hz (default 20). */
  lowFrequency?: number;
  /** Highest mel-filter edge in Hz; ≤ 0 means Nyquist + value (default −400 → 7600 Hz at 16 kHz). */
  highFrequency?: number;
  /** Pre-emphasis coefficient (default 0.97). */
  preemphasis?: number;
  /** Subtract each frame's mean before windowing (default true). */
  removeDcOffset?: boolean;
  /** Kaldi `snip_edges`: true drops partial frames; false (default, as sherpa-onnx) centres frames and reflects edges. */
  snipEdges?: boolean;
  /** Multiplier applied to samples first: 1 for [-1, 1] input as sherpa-onnx's 3D-Speaker models (default), 32768 for Kaldi's int16 scale. */
  sampleScale?: number;
}

/** A matrix of log-mel frames plus each frame's energy (for the energy VAD). */
export interface Fbank {
  /** Number of frames. */
  frames: number;
  /** Number of mel bins per frame. */
  bins: number;
  /** Row-major `frames × bins` log-mel energies. */
  data: Float32Array;
  /** Per-frame mean-square energy of the raw frame (after DC removal, before pre-emphasis), in dB re full scale 1.0. */
  energyDb: Float32Array;
}

interface ResolvedFbankOptions {
  sampleRate: number;
  melBins: number;
  frameLength: number;
  frameShift: number;
  lowFrequency: number;
  highFrequency: number;
  preemphasis: number;
  removeDcOffset: boolean;
  snipEdges: boolean;
  sampleScale: number;
}

/** Kaldi's mel scale: 1127 · ln(1 + f / 700). */
export function melScale(frequency: number): number {
  return 1127 * Math.log(1 + frequency / 700);
}

function resolveOptions(options: FbankOptions): ResolvedFbankOptions {
  const sampleRate = options.sampleRate ?? 16000;
  const nyquist = sampleRate / 2;
  const highSetting = options.highFrequency ?? -400;
  const resolved: ResolvedFbankOptions = {
    sampleRate,
    melBins: options.melBins ?? 80,
    frameLength: Math.round((sampleRate * (options.frameLengthMs ?? 25)) / 1000),
    frameShift: Math.round((sampleRate * (options.frameShiftMs ?? 10)) / 1000),
    lowFrequency: options.lowFrequency ?? 20,
    highFrequency: highSetting > 0 ? highSetting : nyquist + highSetting,
    preemphasis: options.preemphasis ?? 0.97,
    removeDcOffset: options.removeDcOffset ?? true,
    snipEdges: options.snipEdges ?? false,
    sampleScale: options.sampleScale ?? 1,
  };
  if (!(
    resolved.lowFrequency >= 0 &&
    resolved.highFrequency > resolved.lowFrequency &&
    resolved.highFrequency <= nyquist
  )) {
    throw new RangeError(`fbank: need 0 ≤ lowFrequency < highFrequency ≤ Nyquist (${nyquist} Hz)`);
  }
  if (resolved.frameLength < 2 || resolved.frameShift < 1 || resolved.melBins < 1) {
    throw new RangeError('fbank: frame length, shift and mel bins must be positive');
  }
  return resolved;
}

/** Number of frames Kaldi produces for `sampleCount` samples. */
export function frameCount(sampleCount: number, frameLength: number, frameShift: number, snipEdges: boolean): number {
  if (snipEdges) return sampleCount < frameLength ? 0 : 1 + Math.floor((sampleCount - frameLength) / frameShift);
  return Math.floor((sampleCount + Math.floor(frameShift / 2)) / frameShift);
}

/** First sample of frame `frame` (may be negative when `snipEdges` is false). */
export function frameStart(frame: number, frameLength: number, frameShift: number, snipEdges: boolean): number {
  return snipEdges ? frame * frameShift : frame * frameShift + Math.floor(frameShift / 2) - Math.floor(frameLength / 2);
}

/** Copies one frame out of `samples`, reflecting indices outside the signal as Kaldi does. */
export function extractFrame(samples: ArrayLike<number>, start: number, output: Float64Array, scale = 1): void {
  const count = samples.length;
  for (let offset = 0; offset < output.length; offset += 1) {
    let index = start + offset;
    while (index < 0 || index >= count) index = index < 0 ? -index - 1 : 2 * count - 1 - index;
    output[offset] = samples[index]! * scale;
  }
}

interface MelFilter {
  firstBin: number;
  weights: Float64Array;
}

const filterCache = new Map<string, MelFilter[]>();

function melFilters(
  sampleRate: number,
  paddedLength: number,
  melBins: number,
  lowFrequency: number,
  highFrequency: number,
): MelFilter[] {
  const key = `${sampleRate}/${paddedLength}/${melBins}/${lowFrequency}/${highFrequency}`;
  const cached = filterCache.get(key);
  if (cached) return cached;
  const fftBins = paddedLength / 2;
  const binWidth = sampleRate / paddedLength;
  const melLow = melScale(lowFrequency);
  const melHigh = melScale(highFrequency);
  const melDelta = (melHigh - melLow) / (melBins + 1);
  const filters: MelFilter[] = [];
  for (let bin = 0; bin < melBins; bin += 1) {
    const left = melLow + bin * melDelta;
    const centre = melLow + (bin + 1) * melDelta;
    const right = melLow + (bin + 2) * melDelta;
    let firstBin = -1;
    const weights: number[] = [];
    for (let fftBin = 0; fftBin < fftBins; fftBin += 1) {
      const mel = melScale(binWidth * fftBin);
      if (mel > left && mel < right) {
        if (firstBin < 0) firstBin = fftBin;
        weights.push(mel <= centre ? (mel - left) / (centre - left) : (right - mel) / (right - centre));
      } else if (firstBin >= 0) {
        break;
      }
    }
    filters.push({ firstBin: Math.max(firstBin, 0), weights: Float64Array.from(weights) });
  }
  filterCache.set(key, filters);
  return filters;
}

const windowCache = new Map<number, Float64Array>();

/** Kaldi's Povey window: (0.5 − 0.5 cos(2πn / (N − 1)))^0.85. */
export function poveyWindow(length: number): Float64Array {
  const cached = windowCache.get(length);
  if (cached) return cached;
  const window = new Float64Array(length);
  const step = (2 * Math.PI) / (length - 1);
  for (let index = 0; index < length; index += 1) window[index] = (0.5 - 0.5 * Math.cos(step * index)) ** 0.85;
  windowCache.set(length, window);
  return window;
}

const fftCache = new Map<number, Fft>();

/** Float epsilon (2⁻²³), Kaldi's floor before the log. */
const FLOAT_EPSILON = 1.1920928955078125e-7;
/** Energy floor for `energyDb` so digital silence gives a finite, very low value. */
const ENERGY_FLOOR = 1e-12;

/**
 * Computes Kaldi fbank features of mono samples.
 *
 * @example
 * const features = computeFbank(samples16k); // features.frames × 80 log-mel values
 */
export function computeFbank(samples: Float32Array, options: FbankOptions = {}): Fbank {
  const resolved = resolveOptions(options);
  const { frameLength, frameShift, melBins, snipEdges, preemphasis, removeDcOffset, sampleScale } = resolved;
  const frames = samples.length === 0 ? 0 : frameCount(samples.length, frameLength, frameShift, snipEdges);
  let paddedLength = 1;
  while (paddedLength < frameLength) paddedLength <<= 1;
  let fft = fftCache.get(paddedLength);
  if (!fft) {
    fft = new Fft(paddedLength);
    fftCache.set(paddedLength, fft);
  }
  const filters = melFilters(resolved.sampleRate, paddedLength, melBins, resolved.lowFrequency, resolved.highFrequency);
  const window = poveyWindow(frameLength);
  const data = new Float32Array(frames * melBins);
  const energyDb = new Float32Array(frames);
  const frame = new Float64Array(frameLength);
  const power = new Float64Array(paddedLength / 2 + 1);
  const scratchReal = new Float64Array(paddedLength);
  const scratchImaginary = new Float64Array(paddedLength);
  for (let frameIndex = 0; frameIndex < frames; frameIndex += 1) {
    extractFrame(samples, frameStart(frameIndex, frameLength, frameShift, snipEdges), frame, sampleScale);
    if (removeDcOffset) {
      let mean = 0;
      for (let index = 0; index < frameLength; index += 1) mean += frame[index]!;
      mean /= frameLength;
      for (let index = 0; index < frameLength; index += 1) frame[index] = frame[index]! - mean;
    }
    let energy = 0;
    for (let index = 0; index < frameLength; index += 1) energy += frame[index]! * frame[index]!;
    energyDb[frameIndex] = 10 * Math.log10(Math.max(energy / frameLength / (sampleScale * sampleScale), ENERGY_FLOOR));
    if (preemphasis !== 0) {
      for (let index = frameLength - 1; index > 0; index -= 1)
        frame[index] = frame[index]! - preemphasis * frame[index - 1]!;
      frame[0] = frame[0]! - preemphasis * frame[0]!;
    }
    for (let index = 0; index < frameLength; index += 1) frame[index] = frame[index]! * window[index]!;
    fft.powerSpectrum(frame, power, scratchReal, scratchImaginary);
    const rowOffset = frameIndex * melBins;
    for (let bin = 0; bin < melBins; bin += 1) {
      const filter = filters[bin]!;
      let sum = 0;
      for (let weightIndex = 0; weightIndex < filter.weights.length; weightIndex += 1) {
        sum += filter.weights[weightIndex]! * power[filter.firstBin + weightIndex]!;
      }
      data[rowOffset + bin] = Math.log(Math.max(sum, FLOAT_EPSILON));
    }
  }
  return { frames, bins: melBins, data, energyDb };
}
