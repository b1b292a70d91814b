import { createHash } from 'node:crypto';

/**
 * JSON with object keys in code-point order and no whitespace: one text per value, whatever the
 * key order it was built or stored with (PostgreSQL's jsonb reorders keys). Written here because
 * the values are zod-validated plain JSON (no cycles, no `undefined`, no non-finite numbers), for
 * which sorting the keys is the whole of canonicalisation.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, null] }); // '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, entry]) => entry !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
}

/**
 * The seal of a `rating_evidence` record: `sha256:` + the SHA-256 of its canonical JSON. Stored
 * with every rating, it lets `verifyRatings` tell that the evidence is still the one the rating
 * was computed from — any edit of any field, even one the funnel does not read (a quote, a URL,
 * a note), changes it.
 *
 * @example
 * evidenceDigest({ status: 'pending', reason: 'visto en un feed', added_at: '2026-04-24' }); // 'sha256:…'
 */
export function evidenceDigest(evidence: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(evidence)).digest('hex')}`;
}
