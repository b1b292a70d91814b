import { canonicalJson as canonicalJsonOfData, sha256Hex } from '@espectro/methodology';

/**
 * The canonical JSON of the JSON data `value` stands for — what `JSON.stringify` writes and the
 * database stores (an `undefined` property is absent) — written by `@espectro/methodology`'s
 * `canonicalJson` (rule AGR-4: keys in UTF-16 code-unit order, no whitespace). One text per value,
 * whatever the key order it was built or stored with (PostgreSQL's jsonb reorders keys).
 *
 * @deprecated Use `canonicalJson` of `@espectro/methodology` (it refuses `undefined` instead of
 * dropping it); kept so that code importing it from `@espectro/rating` still works.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, null], c: undefined }); // '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(value) as string | undefined;
  return canonicalJsonOfData(text === undefined ? null : JSON.parse(text));
}

/**
 * The seal of a `rating_evidence` record: `sha256:` + the SHA-256 (methodology's `sha256Hex`) of
 * its canonical JSON. Stored with every rating, it lets `verifyRatings` tell that the evidence is
 * still the one the rating was computed from — any edit of any field, even one the funnel does not
 * read (a quote, a URL, a note), changes it.
 *
 * @example
 * evidenceDigest({ status: 'pending', reason: 'visto en un feed', added_at: '2026-04-24' }); // 'sha256:…'
 */
export function evidenceDigest(evidence: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(evidence))}`;
}
