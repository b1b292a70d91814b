import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import { TOPICS, type Topic } from '../shared/schemas.js';
import {
  nonPolitical,
  outletsWithRepeatsArbitrary,
  political,
  topicArbitrary,
  uniqueOutletsArbitrary,
  unrostered,
  withPermutation,
} from './__fixtures__/stories.js';
import { blindspotPrisma, blindspotPrismaUnchecked, explainBlindspotPrisma } from './blindspot-prisma.js';
import { BS_PR_EXCLUDED_TOPICS } from './constants.js';
import type { BlindspotPrismaInput, StoryOutlet } from './schemas.js';

function inputErrorOf(run: () => unknown): MethodologyInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof MethodologyInputError) return error;
    throw error;
  }
  throw new Error('expected a MethodologyInputError');
}

const story = (outlets: StoryOutlet[], topic: Topic | null = 'politics'): BlindspotPrismaInput => ({ outlets, topic });

describe('blindspotPrisma worked examples (seed 003 §6)', () => {
  it('BS-PR-1: 9 contributing outlets are too few, 10 suffice (non-political and unrostered count)', () => {
    expect(blindspotPrisma(story([...political('left', 5), ...nonPolitical(4)]))).toEqual([]);
    expect(blindspotPrisma(story([...political('left', 5), ...nonPolitical(5)]))).toEqual(['center', 'right']);
    expect(blindspotPrisma(story([...political('left', 5), ...unrostered(5)]))).toEqual(['center', 'right']);
    expect(blindspotPrisma(story([...political('left', 5), ...political(null, 5)]))).toEqual(['center', 'right']);
  });

  it('BS-PR-2: 4 political outlets with a bias are too few, 5 suffice (political without bias do not count)', () => {
    expect(blindspotPrisma(story([...political('left', 4), ...political(null, 3), ...nonPolitical(6)]))).toEqual([]);
    expect(blindspotPrisma(story([...political('left', 5), ...political(null, 3), ...nonPolitical(6)]))).toEqual([
      'center',
      'right',
    ]);
  });

  it('BS-PR-3 at the 15 % edge, exactly: 3 of 20 qualifies, 4 of 20 does not', () => {
    expect(
      blindspotPrisma(story([...political('left', 3), ...political('center', 8), ...political('right', 9)])),
    ).toEqual(['left']);
    expect(
      blindspotPrisma(story([...political('left', 4), ...political('center', 8), ...political('right', 8)])),
    ).toEqual([]);
    // 3 of 21 is 14.3 %; 2 of 13 is 15.4 %.
    expect(
      blindspotPrisma(story([...political('left', 3), ...political('center', 9), ...political('right', 9)])),
    ).toEqual(['left']);
    expect(
      blindspotPrisma(story([...political('left', 2), ...political('center', 5), ...political('right', 6)])),
    ).toEqual([]);
  });

  it('mono-bucket stories qualify with both other buckets, listed left, center, right', () => {
    expect(blindspotPrisma(story(political('right', 10)))).toEqual(['left', 'center']);
    expect(blindspotPrisma(story(political('center', 10)))).toEqual(['left', 'right']);
    expect(blindspotPrisma(story(political('left', 10)))).toEqual(['center', 'right']);
  });

  it('a story with every bucket above 15 % is not a blindspot', () => {
    expect(
      blindspotPrisma(story([...political('left', 4), ...political('center', 3), ...political('right', 3)])),
    ).toEqual([]);
  });

  it('BS-PR-4: sports, culture, science and technology never qualify; other topics and null do', () => {
    const mono = political('right', 10);
    expect([...BS_PR_EXCLUDED_TOPICS].sort()).toEqual(['culture', 'science', 'sports', 'technology']);
    for (const topic of TOPICS) {
      const expected = BS_PR_EXCLUDED_TOPICS.includes(topic) ? [] : ['left', 'center'];
      expect(blindspotPrisma(story(mono, topic)), topic).toEqual(expected);
    }
    expect(blindspotPrisma(story(mono, null))).toEqual(['left', 'center']);
    expect(explainBlindspotPrisma(story(mono, 'sports'))).toMatchObject({
      criteria: { 'BS-PR-1': true, 'BS-PR-2': true, 'BS-PR-3': true, 'BS-PR-4': false },
      underRepresented: ['left', 'center'],
      result: [],
    });
  });

  it('counts unique domains: one outlet repeated ten times is one voice', () => {
    const [outlet] = political('right');
    expect(blindspotPrisma(story(Array.from({ length: 10 }, () => ({ ...outlet! }))))).toEqual([]);
  });

  it('rejects a domain repeated with another bias, even for excluded topics (COV-1)', () => {
    const outlets: StoryOutlet[] = [
      { domain: 'a.com', scope: 'political', bias: 'left' },
      { domain: 'a.com', scope: 'political', bias: 'center' },
    ];
    for (const topic of ['politics', 'sports'] as const) {
      const error = inputErrorOf(() => blindspotPrisma(story(outlets, topic)));
      expect(error.rule).toBe('COV-1');
      expect(error.issues[0]?.path).toEqual(['outlets', 1, 'bias']);
      expect(error.message).toContain('"a.com"');
    }
  });

  it('rejects invalid input, naming the rule and field', () => {
    const cases: [unknown, (string | number)[]][] = [
      [{ outlets: [{ domain: 'a', scope: 'political', bias: 'far-left' }], topic: null }, ['outlets', 0, 'bias']],
      [{ outlets: [{ domain: 'a', scope: 'non_political', bias: 'left' }], topic: null }, ['outlets', 0, 'bias']],
      [{ outlets: [], topic: 'lifestyle' }, ['topic']],
      [{ outlets: [], topic: 'Sports' }, ['topic']],
      [{ outlets: [] }, ['topic']],
      [{ outlets: {}, topic: null }, ['outlets']],
    ];
    for (const [input, path] of cases) {
      const error = inputErrorOf(() => blindspotPrisma(input as BlindspotPrismaInput));
      expect(error.rule).toBe('BS-PR');
      expect(error.functionName).toBe('blindspotPrisma');
      expect(error.issues[0]?.path).toEqual(path);
    }
    const extra = inputErrorOf(() =>
      blindspotPrisma({ outlets: [], topic: null, country: 'CL' } as BlindspotPrismaInput),
    );
    expect(extra.issues[0]?.code).toBe('unrecognized_keys');
  });
});

describe('blindspotPrisma properties', () => {
  test.prop([uniqueOutletsArbitrary(), topicArbitrary, fc.array(fc.nat(), { maxLength: 12 })])(
    'repeating domains verbatim never changes the coverage or the blindspot',
    (outlets, topic, repeats) => {
      const repeated = outlets.length === 0 ? [] : repeats.map((index) => ({ ...outlets[index % outlets.length]! }));
      expect(blindspotPrisma(story([...outlets, ...repeated], topic))).toEqual(blindspotPrisma(story(outlets, topic)));
      expect(explainBlindspotPrisma(story([...outlets, ...repeated], topic))).toEqual(
        explainBlindspotPrisma(story(outlets, topic)),
      );
    },
  );

  test.prop([withPermutation(outletsWithRepeatsArbitrary()), topicArbitrary])(
    'does not depend on outlet order',
    ([outlets, permuted], topic) => {
      expect(blindspotPrisma(story(permuted, topic))).toEqual(blindspotPrisma(story(outlets, topic)));
    },
  );

  test.prop([outletsWithRepeatsArbitrary(), topicArbitrary])(
    'the result is ordered left, center, right, never all three, and matches the explanation',
    (outlets, topic) => {
      const result = blindspotPrisma(story(outlets, topic));
      const order = ['left', 'center', 'right'];
      expect(result.map((bucket) => order.indexOf(bucket))).toEqual(
        [...result.map((bucket) => order.indexOf(bucket))].sort((a, b) => a - b),
      );
      expect(result.length).toBeLessThan(3);
      const explained = explainBlindspotPrisma(story(outlets, topic));
      expect(explained.result).toEqual(result);
      const all = Object.values(explained.criteria).every(Boolean);
      expect(result).toEqual(all ? explained.underRepresented : []);
    },
  );

  test.prop([outletsWithRepeatsArbitrary(), topicArbitrary])('unchecked gives the same result', (outlets, topic) => {
    expect(blindspotPrismaUnchecked(story(outlets, topic))).toEqual(blindspotPrisma(story(outlets, topic)));
  });

  test.prop([outletsWithRepeatsArbitrary(60)])(
    'long outlet lists (map lookup) agree with short-list scanning',
    (outlets) => {
      // Re-evaluating the unique outlets (≤ the linear-scan limit or not) must give the same verdict.
      const unique = outlets.filter(
        (outlet, index) => outlets.findIndex((other) => other.domain === outlet.domain) === index,
      );
      expect(blindspotPrisma(story(outlets))).toEqual(blindspotPrisma(story(unique)));
    },
  );
});
