/**
 * A radix-2 complex FFT with precomputed twiddles and bit-reversal table, used for the Kaldi
 * fbank power spectrum (512 points for 25 ms frames at 16 kHz). Plain TypeScript, no dependency.
 */
export class Fft {
  /** Transform length (a power of two). */
  readonly size: number;
  private readonly cosines: Float64Array;
  private readonly sines: Float64Array;
  private readonly reversed: Uint32Array;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 2 || (size & (size - 1)) !== 0) {
      throw new RangeError(`FFT size must be a power of two ≥ 2, got ${size}`);
    }
    this.size = size;
    this.cosines = new Float64Array(size / 2);
    this.sines = new Float64Array(size / 2);
    for (let index = 0; index < size / 2; index += 1) {
      this.cosines[index] = Math.cos((2 * Math.PI * index) / size);
      this.sines[index] = -Math.sin((2 * Math.PI * index) / size);
    }
    this.reversed = new Uint32Array(size);
    const bits = Math.log2(size);
    for (let index = 0; index < size; index += 1) {
      let reversedIndex = 0;
      for (let bit = 0; bit < bits; bit += 1) reversedIndex = (reversedIndex << 1) | ((index >> bit) & 1);
      this.reversed[index] = reversedIndex;
    }
  }

  /** In-place forward transform of `real` + i·`imaginary` (both of length `size`). */
  transform(real: Float64Array, imaginary: Float64Array): void {
    const size = this.size;
    const reversed = this.reversed;
    for (let index = 0; index < size; index += 1) {
      const target = reversed[index]!;
      if (target > index) {
        const swapReal = real[index]!;
        real[index] = real[target]!;
        real[target] = swapReal;
        const swapImaginary = imaginary[index]!;
        imaginary[index] = imaginary[target]!;
        imaginary[target] = swapImaginary;
      }
    }
    for (let half = 1; half < size; half <<= 1) {
      const step = size / (half * 2);
      for (let start = 0; start < size; start += half * 2) {
        for (let offset = 0; offset < half; offset += 1) {
          const twiddleReal = this.cosines[offset * step]!;
          const twiddleImaginary = this.sines[offset * step]!;
          const even = start + offset;
          const odd = even + half;
          const oddReal = real[odd]! * twiddleReal - imaginary[odd]! * twiddleImaginary;
          const oddImaginary = real[odd]! * twiddleImaginary + imaginary[odd]! * twiddleReal;
          real[odd] = real[even]! - oddReal;
          imaginary[odd] = imaginary[even]! - oddImaginary;
          real[even] = real[even]! + oddReal;
          imaginary[even] = imaginary[even]! + oddImaginary;
        }
      }
    }
  }

  /**
   * Power spectrum |X[k]|² for k = 0 … size/2 of a real signal (zero-padded to `size`).
   * `output` must have length ≥ size/2 + 1.
   */
  powerSpectrum(
    signal: ArrayLike<number>,
    output: Float64Array,
    scratchReal: Float64Array,
    scratchImaginary: Float64Array,
  ): void {
    scratchReal.fill(0);
    scratchImaginary.fill(0);
    const length = Math.min(signal.length, this.size);
    for (let index = 0; index < length; index += 1) scratchReal[index] = signal[index]!;
    this.transform(scratchReal, scratchImaginary);
    for (let bin = 0; bin <= this.size / 2; bin += 1) {
      output[bin] = scratchReal[bin]! * scratchReal[bin]! + scratchImaginary[bin]! * scratchImaginary[bin]!;
    }
  }
}
