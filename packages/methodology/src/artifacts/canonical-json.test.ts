import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { canonicalJson } from './canonical-json.js';

function pathOf(run: () => unknown): (string | number)[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(MethodologyInputError);
    expect((error as MethodologyInputError).rule).toBe('AGR-4');
    return (error as MethodologyInputError).issues[0]!.path as (string | number)[];
  }
  throw new Error('expected an error');
}

/** Rebuilds every object with its keys in a shuffled order. */
function reorder(value: unknown, random: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => reorder(item, random));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(() => random() - 0.5);
    return Object.fromEntries(entries.map(([key, item]) => [key, reorder(item, random)]));
  }
  return value;
}

describe('canonicalJson (rule AGR-4)', () => {
  it('sorts keys by UTF-16 code units with no whitespace (RFC 8785 §3.2.3 example)', () => {
    const value = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const keys = Object.keys(JSON.parse(canonicalJson(value)) as object);
    // JSON.parse re-orders integer-like keys first, so compare the serialised order directly.
    expect(canonicalJson(value)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(keys).toHaveLength(7);
  });

  it('writes numbers in ECMAScript shortest form (RFC 8785 appendix B)', () => {
    // 333333333.33333329 is RFC 8785's own input literal (more digits than a double holds, on purpose).
    // eslint-disable-next-line no-loss-of-precision
    expect(canonicalJson([0, -0, 1e21, 1e-7, 0.000001, 333333333.33333329, 1e23, 5e-324, 4.5, 2 ** 53, -1.5e300])).toBe(
      '[0,0,1e+21,1e-7,0.000001,333333333.3333333,1e+23,5e-324,4.5,9007199254740992,-1.5e+300]',
    );
  });

  it('escapes strings as JSON.stringify does', () => {
    expect(canonicalJson({ text: 'a"b\\c\n\u000f\u007f€😀' })).toBe('{"text":"a\\"b\\\\c\\n\\u000f\u007f€😀"}');
    expect(canonicalJson({ nested: { b: [true, false, null], a: {} }, empty: [] })).toBe(
      '{"empty":[],"nested":{"a":{},"b":[true,false,null]}}',
    );
  });

  it('rejects non-JSON values, naming their path', () => {
    expect(pathOf(() => canonicalJson({ a: [1, Number.NaN] }))).toEqual(['a', 1]);
    expect(pathOf(() => canonicalJson({ a: Number.POSITIVE_INFINITY }))).toEqual(['a']);
    expect(pathOf(() => canonicalJson({ a: undefined }))).toEqual(['a']);
    expect(pathOf(() => canonicalJson(undefined))).toEqual([]);
    expect(pathOf(() => canonicalJson({ f: () => 1 }))).toEqual(['f']);
    expect(pathOf(() => canonicalJson({ big: 10n }))).toEqual(['big']);
    expect(pathOf(() => canonicalJson({ when: new Date(0) }))).toEqual(['when']);
    expect(pathOf(() => canonicalJson({ map: new Map() }))).toEqual(['map']);
    expect(pathOf(() => canonicalJson({ s: Symbol('x') }))).toEqual(['s']);
    expect(pathOf(() => canonicalJson([1, , 3]))).toEqual([1]); // eslint-disable-line no-sparse-arrays
    expect(pathOf(() => canonicalJson({ text: 'a\ud800b' }))).toEqual(['text']);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(pathOf(() => canonicalJson(cyclic))).toEqual(['self']);
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(/NaN is not a JSON number/);
  });

  it('accepts shared (non-cyclic) references and null-prototype objects', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    const bare = Object.create(null) as Record<string, unknown>;
    bare.z = 1;
    expect(canonicalJson(bare)).toBe('{"z":1}');
  });

  test.prop([fc.jsonValue()])('is idempotent through JSON.parse', (value) => {
    const canonical = canonicalJson(value);
    expect(canonicalJson(JSON.parse(canonical))).toBe(canonical);
  });

  test.prop([fc.jsonValue(), fc.integer()])('does not depend on key order', (value, seed) => {
    let state = seed;
    const random = (): number => {
      state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
      return (state >>> 0) / 2 ** 32;
    };
    expect(canonicalJson(reorder(value, random))).toBe(canonicalJson(value));
  });
});
