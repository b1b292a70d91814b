import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { political } from './__fixtures__/stories.js';
import { blindspotFujaDaBolha } from './blindspot-fuja.js';
import { blindspotPrisma } from './blindspot-prisma.js';
import { blindspotDrift } from './drift.js';
import { BlindspotDriftSchema, type BlindspotFlag } from './schemas.js';

describe('blindspotDrift (DRIFT)', () => {
  it('returns null when stored and computed agree', () => {
    expect(blindspotDrift(['left'], ['left'])).toBeNull();
    expect(blindspotDrift(['right', 'left'], ['left', 'right'])).toBeNull();
    expect(blindspotDrift([], [])).toBeNull();
    expect(blindspotDrift(null, [])).toBeNull();
    expect(blindspotDrift(false, null)).toBeNull();
    expect(blindspotDrift('left', ['left'])).toBeNull();
    expect(blindspotDrift(true, ['center'])).toBeNull();
  });

  it('reports a flag disagreement', () => {
    const drift = blindspotDrift(false, ['center', 'right']);
    expect(drift).toEqual({
      rule: 'DRIFT',
      kind: 'flag',
      stored: { isBlindspot: false, buckets: null },
      computed: { isBlindspot: true, buckets: ['center', 'right'] },
      onlyStored: [],
      onlyComputed: [],
      message:
        'blindspot drift (rule DRIFT): stored flag says not a blindspot, the methodology computes a blindspot of center, right',
    });
    expect(blindspotDrift('left', null)).toMatchObject({ kind: 'flag', onlyStored: ['left'], onlyComputed: [] });
  });

  it('reports a bucket disagreement when both flags name buckets', () => {
    expect(blindspotDrift(['left'], ['left', 'center'])).toMatchObject({
      kind: 'buckets',
      onlyStored: [],
      onlyComputed: ['center'],
    });
    expect(blindspotDrift('left', 'right')).toMatchObject({
      kind: 'buckets',
      onlyStored: ['left'],
      onlyComputed: ['right'],
    });
  });

  it('is what a page logs when the stored flag disagrees with the recomputed one', () => {
    const story = { outlets: political('right', 10), topic: 'politics' as const };
    const stored: BlindspotFlag = ['left'];
    const drift = blindspotDrift(stored, blindspotPrisma(story));
    expect(drift?.onlyComputed).toEqual(['center']);
    expect(blindspotDrift('left', blindspotFujaDaBolha([]))?.kind).toBe('flag');
  });

  it('rejects malformed flags, naming the argument', () => {
    const cases: [unknown, unknown, string][] = [
      [['left', 'left'], [], 'stored'],
      [[], 'center', 'computed'],
      ['yes', false, 'stored'],
      [[], [1], 'computed'],
    ];
    for (const [stored, computed, field] of cases) {
      try {
        blindspotDrift(stored as BlindspotFlag, computed as BlindspotFlag);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(MethodologyInputError);
        expect((error as MethodologyInputError).rule).toBe('DRIFT');
        expect((error as MethodologyInputError).issues[0]?.path[0]).toBe(field);
      }
    }
  });

  const flagArbitrary: fc.Arbitrary<BlindspotFlag> = fc.oneof(
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('left' as const, 'right' as const),
    fc
      .subarray(['left', 'center', 'right'] as const)
      .chain((buckets) => fc.shuffledSubarray([...buckets], { minLength: buckets.length })),
  );

  test.prop([flagArbitrary, flagArbitrary])(
    'is symmetric in kind, and every drift matches its schema',
    (stored, computed) => {
      const forward = blindspotDrift(stored, computed);
      const backward = blindspotDrift(computed, stored);
      expect(forward === null).toBe(backward === null);
      if (forward !== null && backward !== null) {
        expect(backward.kind).toBe(forward.kind);
        expect(backward.onlyStored).toEqual(forward.onlyComputed);
        expect(BlindspotDriftSchema.safeParse(forward).success).toBe(true);
      }
      expect(blindspotDrift(stored, stored)).toBeNull();
    },
  );
});
