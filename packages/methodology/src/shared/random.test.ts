import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { fnv1a32, mulberry32 } from './random.js';

describe('mulberry32 and fnv1a32', () => {
  it('give the published reference values', () => {
    expect(mulberry32(42)()).toBe(0.6011037519201636);
    // FNV-1a 32: the empty string is the offset basis; "a" is 0xe40c292c (the reference test vector).
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
  });

  test.prop([fc.integer(), fc.integer({ min: 1, max: 50 })])(
    'the same seed draws the same sequence, every value in [0, 1)',
    (seed, length) => {
      const first = mulberry32(seed);
      const second = mulberry32(seed);
      for (let step = 0; step < length; step += 1) {
        const value = first();
        expect(second()).toBe(value);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(1);
      }
    },
  );
});
