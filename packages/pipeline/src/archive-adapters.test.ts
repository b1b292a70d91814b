import { fc, test } from '@fast-check/vitest';
import { createOfflineEmbedder } from '@espectro/clustering';
import { describe, expect, it } from 'vitest';
import { decodeVector, encodeVector, withStoredVectors } from './archive-adapters.js';

describe('vector bytes', () => {
  test.prop([fc.array(fc.float({ noNaN: true }), { maxLength: 400 })])(
    'a dense vector survives the round trip',
    (values) => {
      const vector = Float32Array.from(values);
      expect(decodeVector(encodeVector(vector))).toEqual(vector);
    },
  );

  test.prop([fc.uniqueArray(fc.nat({ max: 2 ** 31 }), { maxLength: 200 })])(
    'a sparse vector survives the round trip',
    (ids) => {
      const indices = Uint32Array.from([...ids].sort((left, right) => left - right));
      const values = Float32Array.from(indices, (index) => Math.fround(1 / (index + 1)));
      expect(decodeVector(encodeVector({ indices, values }))).toEqual({ indices, values });
    },
  );

  it('refuses bytes it did not write', () => {
    expect(() => decodeVector(new Uint8Array([9, 0, 0]))).toThrow(RangeError);
    expect(() => decodeVector(new Uint8Array([1, 0, 0]))).toThrow(RangeError);
  });
});

describe('withStoredVectors', () => {
  it('serves known vectors and embeds each missing text once', async () => {
    const inner = createOfflineEmbedder({ corpus: [] });
    const [known] = await inner.embed(['El gran apagón']);
    const wrapped = withStoredVectors(inner, new Map([['El gran apagón', known!]]));
    const vectors = await wrapped.embed(['El gran apagón', 'Junts rompe con Sánchez', 'Junts rompe con Sánchez']);
    expect(vectors[0]).toBe(known);
    expect(vectors[1]).toEqual(vectors[2]);
    expect(wrapped.embeddedTexts).toBe(1);
    await wrapped.embed(['Junts rompe con Sánchez']);
    expect(wrapped.embeddedTexts).toBe(1);
    expect([...wrapped.computed.keys()]).toEqual(['Junts rompe con Sánchez']);
  });
});
