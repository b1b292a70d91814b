import { canonicalJson, formatZodIssues, sha256Hex } from '@espectro/methodology';
import { z } from 'zod';

/** A zod schema converted for vendors, with a stable hash for cache keys. */
export interface PreparedSchema {
  /** JSON Schema (draft 2020-12, input side, without `$schema`). */
  jsonSchema: Record<string, unknown>;
  /** True when the root is `type: "object"` (OpenAI json_schema and Anthropic tools require that). */
  objectRoot: boolean;
  /**
   * sha256 (hex) of the JSON Schema as the vendor receives it ({@link requestJsonHash}: the JSON
   * data the request body carries, written as methodology's canonical JSON).
   */
  hash: string;
}

const prepared = new WeakMap<z.ZodType, PreparedSchema>();

/** A lone (unpaired) UTF-16 surrogate: with the `u` flag, `\p{Cs}` matches only those. */
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * The JSON data a vendor request carries for `value`, ready for methodology's `canonicalJson`:
 * what `JSON.stringify` writes (an `undefined` property is absent, NaN is `null`, a Date is its
 * ISO string), read back, with lone surrogates in string values as U+FFFD (what a UTF-8 decoder
 * makes of them; canonical JSON refuses them).
 */
export function requestJsonData(value: unknown): unknown {
  const text = JSON.stringify(value) as string | undefined;
  if (text === undefined) return null;
  return JSON.parse(text, (_key, item: unknown) =>
    typeof item === 'string' ? item.replace(LONE_SURROGATE, '\uFFFD') : item,
  ) as unknown;
}

/** sha256 (hex) of the canonical JSON of {@link requestJsonData}: the one hash behind cache keys. */
export function requestJsonHash(value: unknown): string {
  return sha256Hex(canonicalJson(requestJsonData(value)));
}

/** Converts (once per schema object) a zod schema to the JSON Schema sent to vendors. */
export function prepareSchema(schema: z.ZodType): PreparedSchema {
  const cached = prepared.get(schema);
  if (cached !== undefined) return cached;
  const converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  const { $schema: _dialect, ...jsonSchema } = converted;
  const result: PreparedSchema = {
    jsonSchema,
    objectRoot: jsonSchema.type === 'object',
    hash: requestJsonHash(jsonSchema),
  };
  prepared.set(schema, result);
  return result;
}

/** zod issues as `path: message` lines (the path written by methodology's one formatter). */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => formatZodIssues([issue], { whole: '(root)' }));
}
