import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { closeTruncatedJson, removeTrailingCommas, repairJson } from './json-repair.js';

const jsonObject = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });

/** Every string anywhere in a JSON value (keys and values). */
function strings(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      strings(item, into);
    }
  }
  return into;
}

/** JSON text with a comma after the last element of every non-empty object and array. */
/** What JSON text can carry of a value (JSON has no -0: `JSON.stringify(-0)` is `"0"`). */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function withTrailingCommas(value: unknown): string {
  if (Array.isArray(value))
    return value.length === 0 ? '[]' : `[${value.map((item) => `${withTrailingCommas(item)},`).join('')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${withTrailingCommas(item)},`).join('')}}`;
  }
  return JSON.stringify(value);
}

describe('repairJson', () => {
  test('valid JSON parses without repairs', () => {
    expect(repairJson(' {"a": 1} ')).toEqual({ ok: true, value: { a: 1 }, repairs: [] });
  });

  test('code fences, prose and trailing commas', () => {
    expect(repairJson('Claro:\n```json\n{"a": [1, 2,], "b": {"c": true,},}\n```\nEspero que ayude.')).toEqual({
      ok: true,
      value: { a: [1, 2], b: { c: true } },
      repairs: ['stripped_code_fence', 'removed_trailing_commas'],
    });
    expect(repairJson('The answer is {"verdict": "same"} as requested.')).toEqual({
      ok: true,
      value: { verdict: 'same' },
      repairs: ['stripped_prose'],
    });
    expect(repairJson('<think>hmm {maybe}</think>\n{"ok": true}')).toMatchObject({ ok: true, value: { ok: true } });
  });

  test('a comma inside a string is not a trailing comma', () => {
    expect(removeTrailingCommas('{"a": "x,}", "b": [1,]}')).toBe('{"a": "x,}", "b": [1]}');
  });

  test('truncation keeps complete elements only', () => {
    expect(repairJson('{"sentences": ["Uno.", "Dos.", "Tr')).toEqual({
      ok: true,
      value: { sentences: ['Uno.', 'Dos.'] },
      repairs: ['closed_truncated_json'],
    });
    expect(repairJson('{"a": 1, "b": 12')).toMatchObject({ value: { a: 1 } });
    expect(repairJson('{"a": 1, "b": tr')).toMatchObject({ value: { a: 1 } });
    expect(repairJson('{"a": {"b": [1, {"c": "d"}')).toMatchObject({ value: { a: { b: [1, { c: 'd' }] } } });
    expect(repairJson('{"a": 1, "key_without_value"')).toMatchObject({ value: { a: 1 } });
  });

  test('unrepairable text fails with a reason', () => {
    expect(repairJson('no json here')).toMatchObject({ ok: false, error: 'no JSON object or array in the text' });
    expect(repairJson('{answer: yes}').ok).toBe(false);
    expect(closeTruncatedJson('{"a": 1}')).toBeUndefined();
    expect(closeTruncatedJson('{answer: ')).toBeUndefined();
  });

  it('keeps a fenced object whose strings contain ``` themselves (found by the property below)', () => {
    const value = { '': { '```': {} }, note: 'use ```ts blocks```' };
    const result = repairJson(`Here:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\nDone.`);
    expect(result.ok && result.value).toEqual(value);
  });

  test.prop([jsonObject, fc.string({ maxLength: 20 }).filter((text) => !/[{}[\]`]/.test(text))])(
    'any object survives a code fence and surrounding prose unchanged',
    (value, prose) => {
      const result = repairJson(`${prose}\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n${prose}`);
      expect(result.ok).toBe(true);
      expect(result.ok && result.value).toEqual(asJson(value));
    },
  );

  test.prop([jsonObject])('trailing commas after every element are removed without changing the value', (value) => {
    const result = repairJson(withTrailingCommas(value));
    expect(result.ok && result.value).toEqual(asJson(value));
  });

  it('reads -0 written by JSON.stringify as 0, like JSON.parse (property counterexample [{"":-0}])', () => {
    const result = repairJson(withTrailingCommas([{ '': -0 }]));
    expect(result.ok && result.value).toEqual(JSON.parse('[{"":0}]'));
  });

  test.prop([jsonObject.filter((value) => Object.keys(value).length > 0), fc.double({ min: 0, max: 1, noNaN: true })])(
    'a truncated object is either rejected or repaired into strings that all occur whole in the original',
    (value, fraction) => {
      const text = JSON.stringify(value);
      const cut = text.slice(0, Math.floor(text.length * fraction));
      const result = repairJson(cut);
      if (!result.ok) return;
      const original = strings(value);
      for (const piece of strings(result.value)) expect(original.has(piece)).toBe(true);
    },
  );
});
