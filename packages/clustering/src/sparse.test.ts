import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { SparseSum, sparseFromEntries, type SparseVector } from './sparse.js';

/** A random sparse unit vector over ids below `range` (few ids, so sums overlap). */
const vector = (range: number) =>
  fc
    .uniqueArray(fc.record({ id: fc.nat(range), weight: fc.double({ min: 0.01, max: 1, noNaN: true }) }), {
      selector: (entry) => entry.id,
      minLength: 1,
      maxLength: 12,
    })
    .map((entries): SparseVector => sparseFromEntries(new Map(entries.map((entry) => [entry.id, entry.weight]))));

/** The dot product by its definition: every shared id's product, added in ascending id order. */
function referenceDot(left: SparseSum, right: SparseSum): number {
  let sum = 0;
  left.ids.forEach((id, position) => {
    const other = right.ids.indexOf(id);
    if (other >= 0) sum += left.values[position]! * right.values[other]!;
  });
  return sum;
}

describe('SparseSum', () => {
  test.prop(
    [vector(40), fc.array(fc.array(vector(40), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 })],
    {
      numRuns: 300,
    },
  )('plusAll and ofAll give the bits of chained plus', (start, groups) => {
    const parts = groups.map((group) => group.map(SparseSum.of).reduce((sum, next) => sum.plus(next)));
    const chained = parts.reduce((sum, part) => sum.plus(part), SparseSum.of(start));
    for (const folded of [SparseSum.of(start).plusAll(parts), SparseSum.ofAll(start, parts)]) {
      expect(Array.from(folded.ids)).toEqual(Array.from(chained.ids));
      expect(Array.from(folded.values)).toEqual(Array.from(chained.values));
    }
  });

  test.prop(
    [fc.array(vector(30), { minLength: 1, maxLength: 20 }), fc.array(vector(400), { minLength: 1, maxLength: 3 })],
    {
      numRuns: 300,
    },
  )('dot adds shared terms in ascending id order, by merge or by search, either way round', (many, few) => {
    const large = many.map(SparseSum.of).reduce((sum, next) => sum.plus(next));
    const small = few.map(SparseSum.of).reduce((sum, next) => sum.plus(next));
    for (const [left, right] of [
      [large, small],
      [small, large],
      [large, large],
    ] as const) {
      expect(left.dot(right)).toBe(referenceDot(left, right));
      expect(right.dot(left)).toBe(left.dot(right));
    }
  });
});
