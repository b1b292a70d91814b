import { z } from 'zod';
import { parseInput } from '../shared/validate.js';

/**
 * Input of {@link sha256Hex}: a string (hashed as UTF-8) or bytes.
 *
 * @example
 * Sha256InputSchema.parse(new Uint8Array([1, 2, 3]));
 */
export const Sha256InputSchema = z.union([z.string(), z.instanceof(Uint8Array)]);

/**
 * A SHA-256 digest as 64 lowercase hexadecimal characters.
 *
 * @example
 * Sha256HexSchema.parse(sha256Hex('abc'));
 */
export const Sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hexadecimal characters');

// FIPS 180-4 §4.2.2: first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const ROUND_CONSTANTS = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
// FIPS 180-4 §5.3.3: initial hash value.
const INITIAL_HASH = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function compress(state: Int32Array, schedule: Int32Array, bytes: Uint8Array, offset: number): void {
  for (let index = 0; index < 16; index += 1) {
    const at = offset + index * 4;
    schedule[index] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  }
  for (let index = 16; index < 64; index += 1) {
    const w15 = schedule[index - 15]!;
    const w2 = schedule[index - 2]!;
    const sigma0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const sigma1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    schedule[index] = (schedule[index - 16]! + sigma0 + schedule[index - 7]! + sigma1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let index = 0; index < 64; index += 1) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const choose = (e & f) ^ (~e & g);
    const temporary1 = (h + sum1 + choose + ROUND_CONSTANTS[index]! + schedule[index]!) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const majority = (a & b) ^ (a & c) ^ (b & c);
    const temporary2 = (sum0 + majority) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + temporary1) | 0;
    d = c;
    c = b;
    b = a;
    a = (temporary1 + temporary2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * SHA-256 (FIPS 180-4) of bytes, without validation; returns the 32-byte digest.
 * @internal
 */
export function sha256Digest(bytes: Uint8Array): Uint8Array {
  const state = Int32Array.from(INITIAL_HASH);
  const schedule = new Int32Array(64);
  const length = bytes.length;
  const fullBlocks = Math.floor(length / 64);
  for (let block = 0; block < fullBlocks; block += 1) compress(state, schedule, bytes, block * 64);
  // Padding: 0x80, zeros, then the message length in bits as a 64-bit big-endian integer.
  const remainder = length - fullBlocks * 64;
  const tail = new Uint8Array(remainder < 56 ? 64 : 128);
  tail.set(bytes.subarray(fullBlocks * 64));
  tail[remainder] = 0x80;
  const bitsHigh = Math.floor(length / 0x20000000);
  const bitsLow = (length << 3) >>> 0;
  const end = tail.length;
  tail[end - 8] = bitsHigh >>> 24;
  tail[end - 7] = bitsHigh >>> 16;
  tail[end - 6] = bitsHigh >>> 8;
  tail[end - 5] = bitsHigh;
  tail[end - 4] = bitsLow >>> 24;
  tail[end - 3] = bitsLow >>> 16;
  tail[end - 2] = bitsLow >>> 8;
  tail[end - 1] = bitsLow;
  for (let offset = 0; offset < end; offset += 64) compress(state, schedule, tail, offset);
  const digest = new Uint8Array(32);
  for (let word = 0; word < 8; word += 1) {
    const value = state[word]!;
    digest[word * 4] = value >>> 24;
    digest[word * 4 + 1] = value >>> 16;
    digest[word * 4 + 2] = value >>> 8;
    digest[word * 4 + 3] = value;
  }
  return digest;
}

const encoder = new TextEncoder();

/**
 * SHA-256 hex of a string (UTF-8) or bytes, without validation (internal hot path).
 * @internal
 */
export function sha256HexUnchecked(input: string | Uint8Array): string {
  const digest = sha256Digest(typeof input === 'string' ? encoder.encode(input) : input);
  let hex = '';
  for (const byte of digest) hex += HEX[byte]!;
  return hex;
}

/**
 * SHA-256 (FIPS 180-4) as lowercase hex, pure synchronous TypeScript (no `node:crypto`, so it
 * runs unchanged in browsers) — the hash of rule AGR-4. A string is hashed as its UTF-8 bytes
 * (`TextEncoder`; a lone surrogate becomes U+FFFD, as in `node:crypto`).
 *
 * @example
 * sha256Hex('abc'); // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 * sha256Hex(new Uint8Array([1, 2, 3]));
 */
export function sha256Hex(input: string | Uint8Array): string {
  return sha256HexUnchecked(parseInput(Sha256InputSchema, input, 'AGR-4', 'sha256Hex'));
}
