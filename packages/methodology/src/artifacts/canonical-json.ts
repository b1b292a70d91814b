import { inputError } from '../errors.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function fail(path: (string | number)[], message: string): never {
  inputError('AGR-4', 'canonicalJson', path, message);
}

function serialiseString(text: string, path: (string | number)[]): string {
  if (LONE_SURROGATE.test(text)) fail(path, 'strings with lone surrogates are not I-JSON and cannot be canonicalised');
  return JSON.stringify(text);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  return prototype?.constructor?.name ?? 'object';
}

function serialise(value: unknown, path: (string | number)[], ancestors: Set<object>, parts: string[]): void {
  switch (typeof value) {
    case 'string':
      parts.push(serialiseString(value, path));
      return;
    case 'boolean':
      parts.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) fail(path, `${String(value)} is not a JSON number`);
      // ECMAScript Number::toString: the shortest round-tripping form; -0 serialises as 0.
      parts.push(JSON.stringify(value));
      return;
    case 'undefined':
      return fail(path, 'undefined is not a JSON value (omit the key or use null)');
    case 'bigint':
      return fail(path, 'bigint is not a JSON value (use a number or a string)');
    case 'function':
      return fail(path, 'functions are not JSON values');
    case 'symbol':
      return fail(path, 'symbols are not JSON values');
    case 'object':
      break;
  }
  if (value === null) {
    parts.push('null');
    return;
  }
  if (ancestors.has(value)) fail(path, 'circular reference');
  ancestors.add(value);
  if (Array.isArray(value)) {
    parts.push('[');
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) parts.push(',');
      if (!(index in value)) fail([...path, index], 'sparse arrays are not JSON (hole at this index)');
      serialise(value[index], [...path, index], ancestors, parts);
    }
    parts.push(']');
  } else {
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) {
      fail(path, `${describe(value)} is not a plain object; convert it to JSON data first`);
    }
    if (Object.getOwnPropertySymbols(value).length > 0) fail(path, 'symbol keys are not JSON');
    const record = value as Record<string, unknown>;
    // RFC 8785 §3.2.3: keys sorted by their UTF-16 code units (the default string order).
    const keys = Object.keys(record).sort();
    parts.push('{');
    keys.forEach((key, position) => {
      if (position > 0) parts.push(',');
      parts.push(serialiseString(key, [...path, key]), ':');
      serialise(record[key], [...path, key], ancestors, parts);
    });
    parts.push('}');
  }
  ancestors.delete(value);
}

/**
 * Canonical JSON (rule AGR-4), in the manner of RFC 8785 (JCS): object keys sorted by UTF-16 code
 * units, no whitespace, strings escaped as ECMAScript `JSON.stringify` does, numbers in
 * ECMAScript's shortest round-tripping form (`-0` → `0`). Only JSON data is accepted: NaN,
 * ±Infinity, `undefined` (also as a property value), functions, bigint, symbols, sparse arrays,
 * lone surrogates, cycles and non-plain objects (Date, Map, class instances) throw a
 * `MethodologyInputError` naming the path of the offending value.
 *
 * @example
 * canonicalJson({ b: [1, 2.50, -0], a: 'é' }); // '{"a":"é","b":[1,2.5,0]}'
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  serialise(value, [], new Set(), parts);
  return parts.join('');
}
