/**
 * The deterministic pseudo-random generator of the AGR-2 bootstrap: xoshiro128** (Blackman &
 * Vigna, 2018), a 128-bit-state generator of 32-bit outputs, seeded from one 32-bit integer by
 * four steps of SplitMix32. Same seed → same stream on every platform (pure 32-bit integer maths).
 */

/**
 * A generator of unsigned 32-bit integers.
 *
 * @example
 * const next: Uint32Generator = createXoshiro128StarStar(7);
 */
export type Uint32Generator = () => number;

function splitMix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/**
 * Creates a xoshiro128** generator seeded (via SplitMix32) from a 32-bit unsigned integer.
 *
 * @example
 * const next = createXoshiro128StarStar(42);
 * next(); // an unsigned 32-bit integer, the same for seed 42 on every run
 */
export function createXoshiro128StarStar(seed: number): Uint32Generator {
  const seeder = splitMix32(seed);
  let s0 = seeder();
  let s1 = seeder();
  let s2 = seeder();
  let s3 = seeder();
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1; // the all-zero state is a fixed point
  return () => {
    const result = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotateLeft(s3, 11);
    return result;
  };
}

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

/**
 * A uniform index in [0, size) from one 32-bit output by multiply-and-shift (Lemire's method
 * without rejection; bias ≤ size / 2³², below 3·10⁻⁴ for a million cases).
 * @internal
 */
export function uniformIndex(next: Uint32Generator, size: number): number {
  const index = Math.floor((next() * size) / 4294967296);
  return index < size ? index : size - 1;
}
