import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { numericVerdict } from './numeric.js';

describe('numericVerdict (JR-1/4)', () => {
  it('"11 trilhões" when the figure is 10,8 trilhões is true', () => {
    expect(numericVerdict(11e12, 10.8e12)).toBe('true');
  });

  it('is true at exactly 5 % and imprecise just above', () => {
    expect(numericVerdict(105, 100)).toBe('true');
    expect(numericVerdict(95, 100)).toBe('true');
    expect(numericVerdict(0.105, 0.1)).toBe('true'); // 0.05 after floating-point noise
    expect(numericVerdict(105.0001, 100)).toBe('imprecise');
    expect(numericVerdict(94.999, 100)).toBe('imprecise');
  });

  it('is imprecise at exactly 50 % and false above', () => {
    expect(numericVerdict(150, 100)).toBe('imprecise');
    expect(numericVerdict(50, 100)).toBe('imprecise');
    expect(numericVerdict(150.001, 100)).toBe('false');
    expect(numericVerdict(49.999, 100)).toBe('false');
  });

  it('an opposite sign is false, even with a generous falseDeviation', () => {
    expect(numericVerdict(-2, 2)).toBe('false');
    expect(numericVerdict(-0.5, 2, { falseDeviation: 5 })).toBe('false');
    expect(numericVerdict(0.5, 2, { falseDeviation: 5 })).toBe('imprecise');
  });

  it('reference 0: claimed 0 is true, anything else false', () => {
    expect(numericVerdict(0, 0)).toBe('true');
    expect(numericVerdict(1e-12, 0)).toBe('false');
    expect(numericVerdict(-3, 0)).toBe('false');
  });

  it('honours custom options and defaults', () => {
    expect(numericVerdict(110, 100, { tolerance: 0.1 })).toBe('true');
    expect(numericVerdict(180, 100, { falseDeviation: 0.8 })).toBe('imprecise');
  });

  it('rejects bad input naming rule and field', () => {
    expect(() => numericVerdict(Number.NaN, 1)).toThrow(/JR-1\/4.*claimed/);
    expect(() => numericVerdict(1, Number.POSITIVE_INFINITY)).toThrow(/reference/);
    expect(() => numericVerdict(1, 1, { tolerance: -1 })).toThrow(/options\.tolerance/);
    expect(() => numericVerdict(1, 1, { tolerance: 0.6 })).toThrow(/falseDeviation/);
    expect(() => numericVerdict(1, 1, { tolerence: 0.1 } as never)).toThrow(MethodologyInputError);
    expect(() => numericVerdict('1' as never, 1)).toThrow(MethodologyInputError);
  });
});

const magnitude = fc.integer({ min: -1_000_000, max: 1_000_000 });
const factor = fc.integer({ min: 1, max: 10_000 });

describe('numericVerdict properties (JR-1/4)', () => {
  test.prop([magnitude, magnitude, factor, fc.constantFrom(1, 1e-3, 1e3, 1e9)])(
    'is scale-invariant: multiplying both by k > 0 gives the same verdict',
    (claimed, reference, k, unit) => {
      expect(numericVerdict(claimed * k * unit, reference * k * unit)).toBe(numericVerdict(claimed, reference));
    },
  );

  test.prop([magnitude, magnitude])('is symmetric under flipping the sign of both', (claimed, reference) => {
    expect(numericVerdict(-claimed, -reference)).toBe(numericVerdict(claimed, reference));
  });

  test.prop([
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
  ])('never returns no_data and never true for opposite signs', (claimed, reference) => {
    const verdict = numericVerdict(claimed, reference);
    expect(['true', 'imprecise', 'false']).toContain(verdict);
    if (claimed * reference < 0) expect(verdict).toBe('false');
  });
});
