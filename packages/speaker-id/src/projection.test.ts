import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import {
  applyProjection,
  parseProjection,
  symmetricEigen,
  trainLdaProjection,
  type LabelledVector,
} from './projection.js';
import { cosineSimilarity } from './vectors.js';
import { caught } from './__fixtures__/caught.js';

describe('symmetricEigen', () => {
  propertyTest.prop([
    fc
      .integer({ min: 1, max: 6 })
      .chain((size) =>
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: size * size, maxLength: size * size }),
      ),
  ])('reconstructs the matrix from decreasing eigenvalues and orthonormal eigenvectors', (entries) => {
    const size = Math.round(Math.sqrt(entries.length));
    const matrix = Array.from({ length: size }, (_, row) =>
      Float64Array.from(
        { length: size },
        (_, column) => (entries[row * size + column]! + entries[column * size + row]!) / 2,
      ),
    );
    const { values, vectors } = symmetricEigen(matrix);
    for (let index = 1; index < size; index += 1) expect(values[index]!).toBeLessThanOrEqual(values[index - 1]! + 1e-9);
    for (let row = 0; row < size; row += 1) {
      for (let column = 0; column < size; column += 1) {
        let rebuilt = 0;
        let dot = 0;
        for (let k = 0; k < size; k += 1) {
          rebuilt += values[k]! * vectors[k]![row]! * vectors[k]![column]!;
          dot += vectors[row]![k]! * vectors[column]![k]!;
        }
        expect(rebuilt).toBeCloseTo(matrix[row]![column]!, 6);
        expect(dot).toBeCloseTo(row === column ? 1 : 0, 6);
      }
    }
  });
});

describe('trainLdaProjection', () => {
  // Three dimensions: axis 0 carries the voice, axis 1 a large "recording condition" shift shared by
  // every voice, axis 2 small noise. Raw cosine is dominated by the condition; LDA must keep axis 0.
  // Deterministic jitter in [0, 1): the fractional parts of multiples of the golden ratio.
  let draws = 0;
  const random = () => ((draws += 1) * 0.6180339887498949) % 1;
  const sample = (voice: number, condition: number) => [
    voice + 0.05 * (random() - 0.5),
    5 * condition + 0.05 * (random() - 0.5),
    0.3 * (random() - 0.5),
  ];
  const training: LabelledVector[] = [];
  for (let voice = 0; voice < 4; voice += 1)
    for (let condition = 0; condition < 3; condition += 1)
      for (let repeat = 0; repeat < 3; repeat += 1)
        training.push({ label: `voice-${voice}`, vector: sample(voice, condition) });

  test('keeps the voice direction and discards the condition direction', () => {
    const projection = trainLdaProjection(training, { dimension: 1, trainedOn: 'toy' });
    const row = projection.matrix[0]!;
    expect(Math.abs(row[0]!)).toBeGreaterThan(50 * Math.abs(row[1]!));
    // The same voice under two conditions stays together; two voices under one condition stay apart.
    const sameVoice = cosineSimilarity(
      applyProjection(projection, sample(3, 0)),
      applyProjection(projection, sample(3, 2)),
    );
    const otherVoice = cosineSimilarity(
      applyProjection(projection, sample(0, 1)),
      applyProjection(projection, sample(3, 1)),
    );
    expect(sameVoice).toBeCloseTo(1, 6);
    expect(otherVoice).toBeCloseTo(-1, 6);
  });

  test('refuses impossible dimensions and mixed lengths', () => {
    expect(() => trainLdaProjection(training, { dimension: 4, trainedOn: 'toy' })).toThrow(/dimension must be 1…3/);
    expect(() =>
      trainLdaProjection([...training, { label: 'voice-9', vector: [1, 2] }], { dimension: 1, trainedOn: 'toy' }),
    ).toThrow(/lengths differ/);
  });
});

describe('parseProjection', () => {
  test('names the field that is wrong and the file', () => {
    const error = caught(() =>
      parseProjection(
        { dimension: 2, inputDimension: 3, mean: [0, 0, 0], matrix: [[1, 0, 0]], trainedOn: 'x' },
        'p.json',
      ),
    );
    expect(String(error)).toMatch(/p\.json: not a valid projection: matrix: matrix must have dimension rows/);
    expect(() =>
      applyProjection(
        parseProjection({ dimension: 1, inputDimension: 2, mean: [0, 0], matrix: [[1, 0]], trainedOn: 'x' }, 'q.json'),
        [1, 2, 3],
      ),
    ).toThrow(/expected 2 input dimensions, got 3/);
  });
});
