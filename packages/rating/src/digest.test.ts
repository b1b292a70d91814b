import { fc, test } from '@fast-check/vitest';
import { canonicalJson as methodologyCanonicalJson } from '@espectro/methodology';
import { describe, expect } from 'vitest';
import { canonicalJson, evidenceDigest } from './digest.js';

describe('evidence seal over methodology canonical JSON', () => {
  test('the seal written by the code before the switch (own canonicalJson + node:crypto, commit 6f28d51) is unchanged', () => {
    const evidence = {
      status: 'rated',
      added_at: '2026-04-24',
      note: undefined,
      ownership: { owner: 'Grupo Clarín', share: 0.51, sources: ['https://example.org/ação?x=1&y="2"'] },
      quotes: ['«Según el ministerio»', 'ñandú — São Paulo 😀', ''],
      score: -0,
      flags: [true, false, null],
    };
    expect(evidenceDigest(evidence)).toBe('sha256:018d92f402cc497b003597986686c977392c6edc1f5e9def554a5e3cba43d5d5');
  });

  test('an undefined property is left out, as the database stores it', () => {
    expect(canonicalJson({ b: 1, a: [true, null], c: undefined })).toBe('{"a":[true,null],"b":1}');
    expect(evidenceDigest({ a: 1, b: undefined })).toBe(evidenceDigest({ a: 1 }));
  });

  test.prop([fc.jsonValue()])('JSON data: the text of methodology canonicalJson, whatever the key order', (value) => {
    expect(canonicalJson(value)).toBe(methodologyCanonicalJson(JSON.parse(JSON.stringify(value))));
    const reversed = JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(Object.entries(item).reverse())
        : item,
    ) as unknown;
    expect(evidenceDigest(reversed)).toBe(evidenceDigest(value));
  });
});
