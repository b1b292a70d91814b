/**
 * Band-limited sample-rate conversion by windowed-sinc interpolation (a Kaiser-windowed ideal
 * low-pass evaluated at the exact fractional input position of every output sample).
 *
 * - Rational ratios with few phases (all common rates: 8, 11.025, 16, 22.05, 32, 44.1, 48, 96 kHz)
 *   use a precomputed polyphase table (one filter per output phase). Other ratios (e.g. 191 999 Hz)
 *   read the kernel from a table oversampled 512× per input sample with linear interpolation
 *   (error < 10⁻⁶ of full scale), so no rate costs more than the taps it needs.
 * - The low-pass cuts at `cutoff` × the lower Nyquist (default 0.95 → 7.6 kHz when going to 16 kHz,
 *   the top of the CAM++ fbank), is linear-phase (symmetric kernel, no delay), and has unit DC gain.
 * - Kaiser β = 8.6 (≈ 85 dB stop-band), 32 zero crossings each side: about 2 × 32 × (input / output
 *   Nyquist) taps per output sample (≈ 200 at 48 kHz → 16 kHz).
 * - Samples outside the signal are zero.
 */

/** Resampler parameters. */
export interface ResampleOptions {
  /** Zero crossings of the sinc on each side (default 32). */
  zeroCrossings?: number;
  /** Cut-off as a fraction of the lower of the two Nyquist frequencies (default 0.95). */
  cutoff?: number;
  /** Kaiser window β (default 8.6). */
  kaiserBeta?: number;
}

/** Kernel table resolution (points per input sample) for ratios without a polyphase table. */
const FINE_STEPS = 512;

function greatestCommonDivisor(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** Zeroth-order modified Bessel function of the first kind (power series). */
export function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const half = x / 2;
  for (let k = 1; k < 64; k += 1) {
    term *= (half / k) * (half / k);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/**
 * Resamples mono audio from `fromRate` to `toRate`.
 *
 * @example
 * const samples16k = resample(samples48k, 48000, 16000);
 */
export function resample(
  input: Float32Array,
  fromRate: number,
  toRate: number,
  options: ResampleOptions = {},
): Float32Array {
  if (!(Number.isInteger(fromRate) && fromRate > 0 && Number.isInteger(toRate) && toRate > 0)) {
    throw new RangeError(`resample: sample rates must be positive integers, got ${fromRate} → ${toRate}`);
  }
  if (fromRate === toRate) return Float32Array.from(input);
  const zeroCrossings = options.zeroCrossings ?? 32;
  const cutoff = options.cutoff ?? 0.95;
  const beta = options.kaiserBeta ?? 8.6;
  const divisor = greatestCommonDivisor(fromRate, toRate);
  const up = toRate / divisor;
  const down = fromRate / divisor;
  // Cut-off in cycles per input sample, doubled: the sinc's zero crossings are 1/bandwidth apart.
  const bandwidth = (cutoff * Math.min(fromRate, toRate)) / fromRate;
  const halfWidth = zeroCrossings / bandwidth;
  const reach = Math.ceil(halfWidth);
  const taps = 2 * reach;
  const windowNorm = 1 / besselI0(beta);
  const kernel = (x: number): number => {
    const ratio = x / halfWidth;
    if (ratio <= -1 || ratio >= 1) return 0;
    const argument = bandwidth * x;
    const sinc = argument === 0 ? 1 : Math.sin(Math.PI * argument) / (Math.PI * argument);
    return bandwidth * sinc * besselI0(beta * Math.sqrt(1 - ratio * ratio)) * windowNorm;
  };
  const outputLength = Math.ceil((input.length * up) / down);
  const output = new Float32Array(outputLength);
  const tabulate = up * taps <= 4_000_000;
  const table = tabulate ? new Float64Array(up * taps) : undefined;
  if (table) {
    for (let phase = 0; phase < up; phase += 1) {
      const fraction = phase / up;
      for (let tap = 0; tap < taps; tap += 1) table[phase * taps + tap] = kernel(fraction - (tap - reach + 1));
    }
  }
  // Interpolated kernel for ratios with too many phases to tabulate: kernel(x) for x = −reach … reach
  // in steps of 1 / FINE_STEPS input samples.
  const fine = table ? undefined : new Float64Array(2 * reach * FINE_STEPS + 2);
  if (fine) for (let index = 0; index < fine.length; index += 1) fine[index] = kernel(index / FINE_STEPS - reach);
  const last = input.length - 1;
  for (let index = 0; index < outputLength; index += 1) {
    const numerator = index * down;
    const base = Math.floor(numerator / up);
    const phase = numerator - base * up;
    const first = base - reach + 1;
    const tapStart = Math.max(0, -first);
    const tapEnd = Math.min(taps, last - first + 1);
    let sum = 0;
    if (table) {
      const row = phase * taps;
      for (let tap = tapStart; tap < tapEnd; tap += 1) sum += input[first + tap]! * table[row + tap]!;
    } else {
      const fraction = phase / up;
      for (let tap = tapStart; tap < tapEnd; tap += 1) {
        const position = (fraction - (tap - reach + 1) + reach) * FINE_STEPS;
        const lower = Math.floor(position);
        const weight = position - lower;
        sum += input[first + tap]! * (fine![lower]! * (1 - weight) + fine![lower + 1]! * weight);
      }
    }
    output[index] = sum;
  }
  return output;
}
