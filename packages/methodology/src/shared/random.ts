/**
 * The project's seeded pseudo-random generator and string hash, for samples that must be drawn again
 * exactly (the rating sampler stores its seed) and for deterministic fixtures and benchmarks. The AGR-2
 * bootstrap keeps its own xoshiro128** (`createXoshiro128StarStar`), whose stream its rule fixes.
 */

/**
 * mulberry32: a 32-bit seeded generator returning floats in [0, 1). Same seed → same sequence, on
 * every platform.
 *
 * @example
 * const random = mulberry32(42);
 * random(); // 0.6011037519201636
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * FNV-1a 32-bit hash of a string's UTF-16 code units, as an unsigned integer.
 *
 * @example
 * fnv1a32('elpais.com|2026-04-27'); // a number in [0, 2^32)
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
