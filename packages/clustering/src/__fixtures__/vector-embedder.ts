import { normaliseInPlace, type Embedder, type SimilarityThresholds } from '../embedder.js';

/**
 * A test embedder whose titles carry their vector: `"x 1 0 0.5"` → normalise([1, 0, 0.5]).
 * Anything after ` | ` is ignored, so titles can stay unique.
 */
export function vectorEmbedder(dimension: number, thresholds: SimilarityThresholds = { merge: 0.8, judgeLow: 0.5, source: 'test' }): Embedder {
  return {
    backend: 'test-vectors',
    model: 'literal',
    dimension,
    thresholds,
    async embed(texts) {
      return texts.map((text) => {
        const numbers = text.split(' | ')[0]!.split(' ').slice(1).map(Number);
        const vector = new Float32Array(dimension);
        numbers.forEach((value, index) => (vector[index] = value));
        return normaliseInPlace(vector);
      });
    },
  };
}

/** A unit vector in the plane of the first two axes at `degrees` from the first axis, as a title. */
export function angleTitle(degrees: number, tag: string): string {
  const radians = (degrees * Math.PI) / 180;
  return `x ${Math.cos(radians)} ${Math.sin(radians)} | ${tag}`;
}
