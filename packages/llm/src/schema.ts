import { createHash } from 'node:crypto';
import { formatZodIssues } from '@espectro/methodology';
import { z } from 'zod';

/** A zod schema converted for vendors, with a stable hash for cache keys. */
export interface PreparedSchema {
  /** JSON Schema (draft 2020-12, input side, without `$schema`). */
  jsonSchema: Record<string, unknown>;
  /** True when the root is `type: "object"` (OpenAI json_schema and Anthropic tools require that). */
  objectRoot: boolean;
  /** sha256 of the JSON Schema, hex. */
  hash: string;
}

const prepared = new WeakMap<z.ZodType, PreparedSchema>();

/** Deterministic JSON: object keys sorted. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(',')}}`;
}

/** sha256 hex of a string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
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
    hash: sha256(stableStringify(jsonSchema)),
  };
  prepared.set(schema, result);
  return result;
}

/** zod issues as `path: message` lines (the path written by methodology's one formatter). */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => formatZodIssues([issue], { whole: '(root)' }));
}
