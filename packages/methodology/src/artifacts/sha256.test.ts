import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { sha256Hex } from './sha256.js';

const nodeSha256 = (input: string | Uint8Array): string => createHash('sha256').update(input).digest('hex');

describe('sha256Hex (rule AGR-4)', () => {
  it('matches the FIPS 180-2 vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    // One million 'a' (1 MB).
    expect(sha256Hex('a'.repeat(1_000_000))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('matches node:crypto around the padding boundaries and on a 1 MiB string', () => {
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129]) {
      const text = 'é'.repeat(length).slice(0, length);
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
    const large = Array.from({ length: 1 << 20 }, (_, index) => String.fromCharCode(32 + (index % 90))).join('');
    expect(sha256Hex(large)).toBe(nodeSha256(large));
  });

  it('hashes bytes as given and strings as UTF-8', () => {
    expect(sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(sha256Hex('abc'));
    expect(sha256Hex('ñ😀')).toBe(nodeSha256(Buffer.from('ñ😀', 'utf8')));
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 300 })])(
    'equals node:crypto on random Unicode (incl. non-BMP)',
    (text) => {
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    },
  );

  test.prop([
    fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 200 }),
  ])('equals node:crypto on arbitrary UTF-16 (lone surrogates become U+FFFD in both)', (text) => {
    expect(sha256Hex(text)).toBe(nodeSha256(text));
  });

  test.prop([fc.uint8Array({ maxLength: 1000 })])('equals node:crypto on random bytes', (bytes) => {
    expect(sha256Hex(bytes)).toBe(nodeSha256(bytes));
  });

  it('rejects other inputs', () => {
    expect(() => sha256Hex(42 as unknown as string)).toThrow(MethodologyInputError);
    expect(() => sha256Hex(null as unknown as string)).toThrow(/AGR-4/);
  });
});
