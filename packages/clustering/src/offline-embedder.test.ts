import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createOfflineEmbedder, STOPWORDS } from './offline-embedder.js';
import { OFFLINE_THRESHOLDS } from './offline-thresholds.js';
import { sparseDot, sparseNorm } from './sparse.js';
import { embedderContract } from './testing/embedder-contract.js';
import { loadDevSet } from './__fixtures__/dev-set.js';

const corpus = loadDevSet().map((row) => row.title);

describe('offline embedder: the Embedder contract', () => {
  for (const check of embedderContract(() => createOfflineEmbedder({ corpus }))) it(check.name, check.run);
});

describe('createOfflineEmbedder', () => {
  const embedder = createOfflineEmbedder({ corpus });

  it('uses the calibrated thresholds and names its backend', () => {
    expect(embedder.backend).toBe('offline-char-ngram-tfidf');
    expect(embedder.thresholds).toBe(OFFLINE_THRESHOLDS);
    expect(embedder.model).toBe('char-ngram-3-5+words-nostop-tfidf');
    expect(embedder.fittedDocuments).toBe(corpus.length);
  });

  it('folds accents and case: spellings differing only in them embed identically', () => {
    const [plain, accented] = embedder.vectorize(['Sanchez pierde la mayoria', 'SÁNCHEZ PIERDE LA MAYORÍA']);
    expect(sparseDot(plain!, accented!)).toBeCloseTo(1, 6);
  });

  it('scores a same-event pair above an unrelated pair', () => {
    const [a, b, c] = embedder.vectorize([
      'Junts rompe con Sánchez: "No tendrá capacidad para gobernar"',
      'Junts consuma la ruptura y deja a Sánchez sin mayoría',
      'Furacão Dorian deixa 5 mortos e destrói 13 mil casas nas Bahamas',
    ]);
    expect(sparseDot(a!, b!)).toBeGreaterThan(sparseDot(a!, c!) + 0.1);
  });

  it('ignores function words and embeds a text of only function words as the zero vector', () => {
    expect(STOPWORDS.has('de')).toBe(true);
    const [empty] = embedder.vectorize(['de la y en']);
    expect(empty!.indices).toHaveLength(0);
  });

  it('is frozen after fitting: new texts do not change existing vectors', () => {
    const first = embedder.vectorize([corpus[0]!])[0]!;
    embedder.vectorize(['Un titular completamente nuevo sobre la vendimia en Mendoza']);
    const again = embedder.vectorize([corpus[0]!])[0]!;
    expect(Array.from(again.values)).toEqual(Array.from(first.values));
  });

  const reversed = createOfflineEmbedder({ corpus: [...corpus].reverse() });
  test.prop([fc.array(fc.string({ maxLength: 60 }), { maxLength: 12 })])(
    'is deterministic, independent of corpus order and unit-length for any text',
    (texts) => {
      const left = embedder.vectorize(texts);
      const right = reversed.vectorize(texts);
      left.forEach((vector, index) => {
        expect(Array.from(vector.indices)).toEqual(Array.from(right[index]!.indices));
        expect(Array.from(vector.values)).toEqual(Array.from(right[index]!.values));
        expect(sparseNorm(vector)).toBeCloseTo(vector.indices.length === 0 ? 0 : 1, 5);
      });
    },
  );

  it('rejects nonsensical options', () => {
    expect(() => createOfflineEmbedder({ ngramRange: [4, 2] })).toThrow(/ngramRange/);
    expect(() => createOfflineEmbedder({ dimension: 1 })).toThrow(/dimension/);
  });
});
