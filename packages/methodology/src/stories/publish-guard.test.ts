import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import {
  guardOutlet,
  nonPolitical,
  passingStory,
  political,
  publishGuardInputArbitrary,
  unrostered,
  withPermutation,
} from './__fixtures__/stories.js';
import { DEFAULT_COUNTRY_CAP } from './constants.js';
import { GUARD_REASONS, publishGuard, publishGuardUnchecked } from './publish-guard.js';
import type { GuardReason, PublishGuardInput } from './schemas.js';

function reasonsOf(story: PublishGuardInput): GuardReason[] {
  return publishGuard(story).reasons;
}

function inputErrorOf(run: () => unknown): MethodologyInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof MethodologyInputError) return error;
    throw error;
  }
  throw new Error('expected a MethodologyInputError');
}

const SYNTHESIS_REASONS: readonly GuardReason[] = ['no_synthesis', 'insufficient_synthesis', 'few_sentences'];

describe('publishGuard (PG) worked examples', () => {
  it('publishes a story that passes every rule', () => {
    expect(publishGuard(passingStory())).toEqual({ publish: true, reasons: [] });
  });

  it('lists the reason codes in the RULES order', () => {
    expect(GUARD_REASONS).toEqual([
      'no_coverage',
      'no_synthesis',
      'insufficient_synthesis',
      'few_sentences',
      'no_image',
      'low_coverage',
      'low_diversity',
      'suspect_sources',
      'filtered_content',
      'country_cap',
    ]);
  });

  it('no_coverage alone: fewer than 2 raw outlets', () => {
    expect(reasonsOf(passingStory({ rawOutlets: 1 }))).toEqual(['no_coverage']);
    expect(reasonsOf(passingStory({ rawOutlets: 0 }))).toEqual(['no_coverage']);
    expect(reasonsOf(passingStory({ rawOutlets: 2 }))).toEqual([]);
  });

  it('no_synthesis alone: 0 sentences or none returned', () => {
    expect(reasonsOf(passingStory({ sentences: 0 }))).toEqual(['no_synthesis']);
    expect(reasonsOf(passingStory({ sentences: null }))).toEqual(['no_synthesis']);
    expect(reasonsOf(passingStory({ sentences: 0, tier: 'limited' }))).toEqual(['no_synthesis']);
  });

  it('insufficient_synthesis alone: a limited story with 4 sentences (enough for limited, < 5 returned)', () => {
    expect(reasonsOf(passingStory({ tier: 'limited', sentences: 4 }))).toEqual(['insufficient_synthesis']);
  });

  it('few_sentences alone: a main story with 5 sentences (≥ 5 returned, < 6 for main)', () => {
    expect(reasonsOf(passingStory({ tier: 'main', sentences: 5 }))).toEqual(['few_sentences']);
  });

  it('insufficient_synthesis vs few_sentences at every sentence count of both tiers', () => {
    const expected: Record<'main' | 'limited', GuardReason[][]> = {
      main: [
        ['no_synthesis'],
        ['insufficient_synthesis', 'few_sentences'],
        ['insufficient_synthesis', 'few_sentences'],
        ['insufficient_synthesis', 'few_sentences'],
        ['insufficient_synthesis', 'few_sentences'],
        ['few_sentences'],
        [],
        [],
      ],
      limited: [
        ['no_synthesis'],
        ['insufficient_synthesis', 'few_sentences'],
        ['insufficient_synthesis', 'few_sentences'],
        ['insufficient_synthesis', 'few_sentences'],
        ['insufficient_synthesis'],
        [],
        [],
        [],
      ],
    };
    for (const tier of ['main', 'limited'] as const) {
      expected[tier].forEach((reasons, sentences) => {
        expect(reasonsOf(passingStory({ tier, sentences })), `${tier} with ${sentences} sentences`).toEqual(reasons);
      });
    }
  });

  it('no_image alone', () => {
    expect(reasonsOf(passingStory({ hasImage: false }))).toEqual(['no_image']);
  });

  it('low_coverage alone: fewer than 3 unique rated domains (non-political count, unrated do not)', () => {
    const outlets = [...political('left'), ...political('right'), ...political(null, 4), ...unrostered(3)].map(
      (outlet) => guardOutlet(outlet),
    );
    expect(reasonsOf(passingStory({ outlets }))).toEqual(['low_coverage']);
    const withNonPolitical = [...outlets, guardOutlet(nonPolitical()[0]!)];
    expect(reasonsOf(passingStory({ outlets: withNonPolitical }))).toEqual([]);
    // The same domain twice is one voice.
    expect(reasonsOf(passingStory({ outlets: [...outlets, outlets[0]!] }))).toEqual(['low_coverage']);
  });

  it('low_diversity alone: ≥ 2 political outlets with a bias, all in one bucket; non-political outlets do not diversify', () => {
    const outlets = [...political('left', 3), ...nonPolitical(2), ...political(null, 1)].map((outlet) =>
      guardOutlet(outlet),
    );
    expect(reasonsOf(passingStory({ outlets }))).toEqual(['low_diversity']);
    // A single political outlet with a bias is not "two or more".
    const single = [...political('left', 1), ...nonPolitical(2)].map((outlet) => guardOutlet(outlet));
    expect(reasonsOf(passingStory({ outlets: single }))).toEqual([]);
  });

  it('suspect_sources alone: every outlet that contributed text is low or very-low', () => {
    const outlets = passingStory().outlets.map((outlet, index) => ({
      ...outlet,
      factuality: index < 3 ? ('low' as const) : index < 4 ? ('very-low' as const) : ('very-high' as const),
      contributedText: index < 4,
    }));
    expect(reasonsOf(passingStory({ outlets }))).toEqual(['suspect_sources']);
  });

  it('suspect_sources needs at least one contributor, and a null factuality is not low', () => {
    const none = passingStory().outlets.map((outlet) => ({
      ...outlet,
      factuality: 'low' as const,
      contributedText: false,
    }));
    expect(reasonsOf(passingStory({ outlets: none }))).toEqual([]);
    const withUnknown = passingStory().outlets.map((outlet, index) => ({
      ...outlet,
      factuality: index === 0 ? null : ('very-low' as const),
      contributedText: true,
    }));
    expect(reasonsOf(passingStory({ outlets: withUnknown }))).toEqual([]);
  });

  it('suspect_sources: a repeated domain contributed text if any of its entries did', () => {
    const [low] = political('left').map((outlet) => guardOutlet(outlet, 'low', false));
    const others = [...political('center'), ...political('right'), ...nonPolitical(1)].map((outlet) =>
      guardOutlet(outlet, 'high', false),
    );
    expect(reasonsOf(passingStory({ outlets: [low!, ...others] }))).toEqual([]);
    expect(reasonsOf(passingStory({ outlets: [low!, ...others, { ...low!, contributedText: true }] }))).toEqual([
      'suspect_sources',
    ]);
  });

  it('filtered_content alone: a low-value story with fewer than 5 unique domains; 5 pass', () => {
    const four = [...political('left'), ...political('center'), ...political('right'), ...nonPolitical(1)].map(
      (outlet) => guardOutlet(outlet),
    );
    expect(reasonsOf(passingStory({ lowValue: true, outlets: four }))).toEqual(['filtered_content']);
    expect(reasonsOf(passingStory({ lowValue: true, outlets: [...four, four[0]!] }))).toEqual(['filtered_content']);
    const five = [...four, guardOutlet(unrostered()[0]!)];
    expect(reasonsOf(passingStory({ lowValue: true, outlets: five }))).toEqual([]);
    expect(reasonsOf(passingStory({ lowValue: false, outlets: four }))).toEqual([]);
  });

  it('country_cap alone: fires when the count reaches the cap (default 8)', () => {
    expect(DEFAULT_COUNTRY_CAP).toBe(8);
    expect(reasonsOf(passingStory({ countryStoriesLast24h: 7 }))).toEqual([]);
    expect(reasonsOf(passingStory({ countryStoriesLast24h: 8 }))).toEqual(['country_cap']);
    expect(reasonsOf(passingStory({ countryStoriesLast24h: 9 }))).toEqual(['country_cap']);
    expect(reasonsOf(passingStory({ countryStoriesLast24h: 3, countryCap: 3 }))).toEqual(['country_cap']);
    expect(reasonsOf(passingStory({ countryStoriesLast24h: 2, countryCap: 3 }))).toEqual([]);
    expect(reasonsOf(passingStory({ countryStoriesLast24h: 0, countryCap: 0 }))).toEqual(['country_cap']);
    expect(reasonsOf(passingStory({ countryStoriesLast24h: 8, countryCap: 20 }))).toEqual([]);
  });

  it('returns every failing reason together, in order', () => {
    const outlets = political('left', 2).map((outlet) => guardOutlet(outlet, 'very-low', true));
    const story: PublishGuardInput = {
      rawOutlets: 1,
      sentences: 3,
      tier: 'main',
      hasImage: false,
      outlets,
      lowValue: true,
      countryStoriesLast24h: 8,
    };
    expect(publishGuard(story)).toEqual({
      publish: false,
      reasons: [
        'no_coverage',
        'insufficient_synthesis',
        'few_sentences',
        'no_image',
        'low_coverage',
        'low_diversity',
        'suspect_sources',
        'filtered_content',
        'country_cap',
      ],
    });
    expect(reasonsOf({ ...story, sentences: null })).toEqual([
      'no_coverage',
      'no_synthesis',
      'no_image',
      'low_coverage',
      'low_diversity',
      'suspect_sources',
      'filtered_content',
      'country_cap',
    ]);
  });

  it('rejects a domain repeated with a different factuality (COV-1)', () => {
    const [outlet] = political('left').map((entry) => guardOutlet(entry, 'high'));
    const error = inputErrorOf(() =>
      publishGuard(passingStory({ outlets: [outlet!, { ...outlet!, factuality: 'low' }] })),
    );
    expect(error.rule).toBe('COV-1');
    expect(error.issues[0]?.path).toEqual(['outlets', 1, 'factuality']);
    expect(error.message).toContain(outlet!.domain);
  });

  it('rejects invalid input, naming the rule and field', () => {
    const cases: [Partial<Record<keyof PublishGuardInput, unknown>> & Record<string, unknown>, (string | number)[]][] =
      [
        [{ rawOutlets: -1 }, ['rawOutlets']],
        [{ rawOutlets: 2.5 }, ['rawOutlets']],
        [{ sentences: '10' }, ['sentences']],
        [{ tier: 'principal' }, ['tier']],
        [{ hasImage: 1 }, ['hasImage']],
        [{ lowValue: 'no' }, ['lowValue']],
        [{ countryStoriesLast24h: null }, ['countryStoriesLast24h']],
        [{ countryCap: -3 }, ['countryCap']],
        [
          {
            outlets: [{ domain: 'a.com', scope: 'political', bias: 'left', factuality: 'bad', contributedText: true }],
          },
          ['outlets', 0, 'factuality'],
        ],
        [
          { outlets: [{ domain: 'a.com', scope: 'political', bias: 'left', factuality: 'high' }] },
          ['outlets', 0, 'contributedText'],
        ],
      ];
    for (const [override, path] of cases) {
      const error = inputErrorOf(() => publishGuard({ ...passingStory(), ...override } as PublishGuardInput));
      expect(error.rule).toBe('PG');
      expect(error.functionName).toBe('publishGuard');
      expect(error.issues[0]?.path, JSON.stringify(override)).toEqual(path);
    }
    const extra = inputErrorOf(() => publishGuard({ ...passingStory(), country: 'AR' } as PublishGuardInput));
    expect(extra.issues[0]?.code).toBe('unrecognized_keys');
    const missing = { ...passingStory() } as Partial<PublishGuardInput>;
    delete missing.hasImage;
    expect(inputErrorOf(() => publishGuard(missing as PublishGuardInput)).issues[0]?.path).toEqual(['hasImage']);
  });
});

describe('publishGuard (PG) properties', () => {
  test.prop([publishGuardInputArbitrary])(
    'publishes exactly when there is no reason; reasons in RULES order, no repeats',
    (story) => {
      const result = publishGuard(story);
      expect(result.publish).toBe(result.reasons.length === 0);
      const positions = result.reasons.map((reason) => GUARD_REASONS.indexOf(reason));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(result.reasons).size).toBe(result.reasons.length);
    },
  );

  test.prop([publishGuardInputArbitrary])('adding an image never adds a reason', (story) => {
    const without = reasonsOf({ ...story, hasImage: false });
    const withImage = reasonsOf({ ...story, hasImage: true });
    expect(withImage.every((reason) => without.includes(reason))).toBe(true);
  });

  test.prop([publishGuardInputArbitrary, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 20 })])(
    'from 1 sentence up, raising sentences within a tier never adds a synthesis reason',
    (story, lower, raise) => {
      const before = reasonsOf({ ...story, sentences: lower }).filter((reason) => SYNTHESIS_REASONS.includes(reason));
      const after = reasonsOf({ ...story, sentences: lower + raise }).filter((reason) =>
        SYNTHESIS_REASONS.includes(reason),
      );
      expect(after.every((reason) => before.includes(reason))).toBe(true);
    },
  );

  test.prop([publishGuardInputArbitrary, fc.option(fc.nat({ max: 20 }), { nil: null }), fc.nat({ max: 20 })])(
    'raising sentences (from none or 0 too) never turns a publishable story into a hidden one, and leaves other reasons alone',
    (story, lower, raise) => {
      const higher = (lower ?? 0) + raise;
      const before = publishGuard({ ...story, sentences: lower });
      const after = publishGuard({ ...story, sentences: higher });
      if (before.publish) expect(after.publish).toBe(true);
      const others = (reasons: GuardReason[]) => reasons.filter((reason) => !SYNTHESIS_REASONS.includes(reason));
      expect(others(after.reasons)).toEqual(others(before.reasons));
    },
  );

  it('0 → 1..4 sentences replaces no_synthesis by insufficient_synthesis (a new code, by design)', () => {
    expect(reasonsOf(passingStory({ sentences: 0 }))).toEqual(['no_synthesis']);
    expect(reasonsOf(passingStory({ sentences: 1 }))).toEqual(['insufficient_synthesis', 'few_sentences']);
  });

  test.prop([withPermutation(publishGuardInputArbitrary.map((story) => story.outlets))])(
    'does not depend on outlet order',
    ([outlets, permuted]) => {
      expect(publishGuard(passingStory({ outlets: permuted }))).toEqual(publishGuard(passingStory({ outlets })));
    },
  );

  test.prop([publishGuardInputArbitrary, fc.array(fc.nat(), { maxLength: 6 })])(
    'repeating an outlet verbatim changes nothing',
    (story, repeats) => {
      const outlets = story.outlets;
      const repeated = outlets.length === 0 ? [] : repeats.map((index) => ({ ...outlets[index % outlets.length]! }));
      expect(publishGuard({ ...story, outlets: [...outlets, ...repeated] })).toEqual(publishGuard(story));
    },
  );

  test.prop([publishGuardInputArbitrary])('unchecked gives the same result', (story) => {
    expect(publishGuardUnchecked(story)).toEqual(publishGuard(story));
  });
});
