import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { figure } from './figure.js';
import { perClassMeasurability, perClassPrecision } from './precision.js';
import { wilsonInterval } from './wilson.js';
import { agreementRules } from './rules.js';
import { MACRO_ACCURACY_MIN_CASES, MIN_PRECISION_CASES } from './constants.js';

describe('perClassMeasurability (rule AGR-3)', () => {
  it('marks classes with fewer than 25 gold cases as not measurable', () => {
    expect(perClassMeasurability({ legislative_process: 14, parliamentary_activity: 24, non_legislative: 25 })).toEqual(
      {
        legislative_process: { goldCases: 14, measurable: false },
        parliamentary_activity: { goldCases: 24, measurable: false },
        non_legislative: { goldCases: 25, measurable: true },
      },
    );
    expect(perClassMeasurability({ x: 10 }, 10).x!.measurable).toBe(true);
  });
  it('rejects negative or fractional counts', () => {
    expect(() => perClassMeasurability({ x: -1 })).toThrow(MethodologyInputError);
    expect(() => perClassMeasurability({ x: 2.5 })).toThrow(/AGR-3.*goldCounts\.x/);
  });
});

describe('perClassPrecision (rules AGR-3, AGR-5)', () => {
  const gold = [...Array<string>(30).fill('a'), ...Array<string>(10).fill('b')];
  const predicted = [
    ...Array<string>(27).fill('a'),
    ...Array<string>(3).fill('b'),
    ...Array<string>(6).fill('b'),
    ...Array<string>(4).fill('a'),
  ];
  it('reports precision with n and interval only where measurable', () => {
    const [rowA, rowB] = perClassPrecision(gold, predicted);
    expect(rowA).toEqual({
      class: 'a',
      goldCases: 30,
      measurable: true,
      n: 31,
      truePositives: 27,
      value: 27 / 31,
      interval: wilsonInterval(27, 31),
      level: 0.95,
    });
    expect(rowB).toMatchObject({
      class: 'b',
      goldCases: 10,
      measurable: false,
      n: 9,
      truePositives: 6,
      value: null,
      interval: null,
    });
  });
  it('has no value for a measurable class that was never predicted', () => {
    const rows = perClassPrecision(gold, Array<string>(40).fill('b'));
    expect(rows[0]).toMatchObject({ class: 'a', measurable: true, n: 0, value: null, interval: null });
  });
});

describe('figure (rule AGR-5)', () => {
  it('requires n and interval with every value', () => {
    expect(figure(0.8766, 159, [0.813, 0.918])).toEqual({
      value: 0.8766,
      n: 159,
      interval: [0.813, 0.918],
      level: 0.95,
    });
    expect(() => figure(0.8, undefined as unknown as number, [0.7, 0.9])).toThrow(/AGR-5.*n/);
    expect(() => figure(0.8, 10, null as unknown as [number, number])).toThrow(/AGR-5.*interval/);
    expect(() => figure(0.8, 10, [0.9, 0.7])).toThrow(/lower bound exceeds/);
    expect(() => figure(Number.NaN, 10, [0.7, 0.9])).toThrow(MethodologyInputError);
  });
});

describe('agreementRules', () => {
  it('lists AGR-1, AGR-2, AGR-3 and AGR-5 with the defaults the code uses', () => {
    expect(agreementRules.map((rule) => rule.id)).toEqual(['AGR-1', 'AGR-2', 'AGR-3', 'AGR-5']);
    const parameter = (id: string, name: string) =>
      agreementRules.find((rule) => rule.id === id)!.parameters.find((entry) => entry.name === name)!.default;
    expect(parameter('AGR-2', 'minCases')).toBe(MACRO_ACCURACY_MIN_CASES);
    expect(parameter('AGR-3', 'minPrecisionCases')).toBe(MIN_PRECISION_CASES);
    expect(MACRO_ACCURACY_MIN_CASES).toBe(8);
    expect(MIN_PRECISION_CASES).toBe(25);
  });
});
