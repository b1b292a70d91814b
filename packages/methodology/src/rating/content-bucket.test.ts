import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MethodologyInputError } from '../errors.js';
import type { Bucket } from '../shared/schemas.js';
import { contentBucket, explainContentBucket, figureLean } from './content-bucket.js';
import type { ContentBucketInput, ContentBucketResult, TopicPosition } from './schemas.js';

const base = { sampleSize: 40, incumbent: 'left' } as const satisfies ContentBucketInput;
const EPSILON_INSIDE = 1e-10; // inside the 1e-9 tolerance
const EPSILON_OUTSIDE = 1e-7; // outside it

describe('contentBucket — seed 002 §4', () => {
  it('the §4 record (Colombia, left government): ratio 0.42, conservative topics → right', () => {
    const metrics: ContentBucketInput = {
      sampleSize: 47,
      incumbent: 'left',
      govOppRatio: 0.42,
      figures: [{ side: 'left', name: 'Gustavo Petro', favourable: 0.18, critical: 0.61 }],
      topicPositions: { economia: 'conservative', seguridad: 'conservative', aborto: 'n/a' },
      quoteDistribution: { left: 0.21, center: 0.34, right: 0.45 },
    };
    expect(contentBucket(metrics)).toBe('right');
    expect(explainContentBucket(metrics)).toMatchObject({
      indicators: { govOppRatio: 'right', figures: 'unavailable', topics: 'right', quotes: 'none' },
      figureLean: null,
      available: 3,
      leftIndicators: 0,
      rightIndicators: 2,
      trace: ['CB-1', 'CB-2'],
    });
  });

  it('CB-0: sampleSize 19 → insufficient; 20 is analysed', () => {
    const metrics = { ...base, govOppRatio: 2, quoteDistribution: { left: 0.7, center: 0.2, right: 0.1 } };
    expect(contentBucket({ ...metrics, sampleSize: 19 })).toBe('insufficient');
    expect(contentBucket({ ...metrics, sampleSize: 20 })).toBe('left');
    expect(explainContentBucket({ ...metrics, sampleSize: 0 }).trace).toEqual(['CB-0']);
  });
});

describe('contentBucket — CB-1 indicators at their thresholds', () => {
  const ratio = (incumbent: Bucket, govOppRatio: number) =>
    explainContentBucket({ ...base, incumbent, govOppRatio }).indicators.govOppRatio;

  it('government/opposition ratio: strictly above 1.5 / strictly below 0.6, 1e-9 tolerance', () => {
    expect(ratio('left', 1.5)).toBe('none');
    expect(ratio('left', 1.5 + EPSILON_INSIDE)).toBe('none');
    expect(ratio('left', 1.5 + EPSILON_OUTSIDE)).toBe('left');
    expect(ratio('left', 0.6)).toBe('none');
    expect(ratio('left', 0.6 - EPSILON_INSIDE)).toBe('none');
    expect(ratio('left', 0.6 - EPSILON_OUTSIDE)).toBe('right');
    expect(ratio('right', 1.6)).toBe('right');
    expect(ratio('right', 0.3)).toBe('left');
    expect(ratio('right', 1)).toBe('none');
  });

  it('a center incumbent makes the ratio available but sideless', () => {
    expect(ratio('center', 9)).toBe('none');
    expect(ratio('center', 0.1)).toBe('none');
    const quotesLeft = { left: 0.6, center: 0.2, right: 0.2 };
    // with the ratio: 2 available metrics, 1 left indicator → center
    expect(contentBucket({ ...base, incumbent: 'center', govOppRatio: 3, quoteDistribution: quotesLeft })).toBe(
      'center',
    );
    // without it: 1 available metric → inconclusive
    expect(contentBucket({ ...base, incumbent: 'center', quoteDistribution: quotesLeft })).toBe('inconclusive');
  });

  it('figureLean ≥ 0.2 (with tolerance), ≤ −0.2 for right; center figures ignored', () => {
    const lean = (leftNet: number, rightNet: number) =>
      explainContentBucket({
        ...base,
        figures: [
          { side: 'left', favourable: Math.max(leftNet, 0), critical: Math.max(-leftNet, 0) },
          { side: 'right', favourable: Math.max(rightNet, 0), critical: Math.max(-rightNet, 0) },
          { side: 'center', favourable: 1, critical: 0 },
        ],
      });
    expect(lean(0.4, 0).figureLean).toBeCloseTo(0.2, 12);
    expect(lean(0.4, 0).indicators.figures).toBe('left');
    expect(lean(0.4 - 2 * EPSILON_INSIDE, 0).indicators.figures).toBe('left');
    expect(lean(0.4 - 2 * EPSILON_OUTSIDE, 0).indicators.figures).toBe('none');
    expect(lean(0, 0.4).indicators.figures).toBe('right');
    expect(lean(-0.2, 0.2).indicators.figures).toBe('right');
    // floating-point noise: (0.6 − 0.2)/2 = 0.19999999999999998 still counts as 0.2
    const noisy = explainContentBucket({
      ...base,
      figures: [
        { side: 'left', favourable: 0.6, critical: 0.2 },
        { side: 'right', favourable: 0.2, critical: 0.2 },
      ],
    });
    expect(noisy.figureLean).toBeLessThan(0.2);
    expect(noisy.indicators.figures).toBe('left');
  });

  it('figureLean is null without figures on both sides', () => {
    expect(figureLean([{ side: 'left', favourable: 0.9, critical: 0 }])).toBeNull();
    expect(
      figureLean([
        { side: 'left', favourable: 0.9, critical: 0 },
        { side: 'center', favourable: 0, critical: 0.9 },
      ]),
    ).toBeNull();
    expect(figureLean([])).toBeNull();
    expect(
      figureLean([
        { side: 'left', favourable: 0.6, critical: 0.1 },
        { side: 'left', favourable: 0.4, critical: 0.1 },
        { side: 'right', favourable: 0.1, critical: 0.5 },
      ]),
    ).toBeCloseTo((0.4 - -0.4) / 2, 12);
  });

  it('topics: ≥ 60 % of non-n/a entries, exact on counts; mixed counts in the denominator', () => {
    const topics = (positions: TopicPosition[]) =>
      explainContentBucket({
        ...base,
        topicPositions: Object.fromEntries(positions.map((position, index) => [`topic${index}`, position])),
      }).indicators.topics;
    expect(topics(['progressive', 'progressive', 'progressive', 'conservative', 'conservative'])).toBe('left'); // 3/5 = 60 %
    expect(topics(['progressive', 'progressive', 'progressive', 'mixed', 'mixed'])).toBe('left'); // 3/5
    expect(topics(['progressive', 'progressive', 'progressive', 'mixed', 'mixed', 'mixed'])).toBe('none'); // 3/6
    expect(topics(['progressive', 'progressive', 'mixed', 'n/a', 'n/a'])).toBe('left'); // 2/3
    expect(topics(['conservative', 'conservative', 'conservative', 'progressive', 'mixed'])).toBe('right');
    expect(topics(['n/a', 'n/a'])).toBe('unavailable');
    expect(topics([])).toBe('unavailable');
    // 59/100 vs 60/100
    expect(topics([...Array<TopicPosition>(59).fill('progressive'), ...Array<TopicPosition>(41).fill('mixed')])).toBe(
      'none',
    );
    expect(topics([...Array<TopicPosition>(60).fill('progressive'), ...Array<TopicPosition>(40).fill('mixed')])).toBe(
      'left',
    );
  });

  it('quotes: ≥ 0.55 with tolerance', () => {
    const quotes = (left: number, right: number) =>
      explainContentBucket({ ...base, quoteDistribution: { left, center: 0, right } }).indicators.quotes;
    expect(quotes(0.55, 0.45)).toBe('left');
    expect(quotes(0.55 - EPSILON_INSIDE, 0.4)).toBe('left');
    expect(quotes(0.55 - EPSILON_OUTSIDE, 0.4)).toBe('none');
    expect(quotes(0.3, 0.55)).toBe('right');
    expect(quotes(0.3, 0.3)).toBe('none');
  });
});

describe('contentBucket — CB-2 decision', () => {
  it('fewer than 2 available metrics → inconclusive', () => {
    expect(contentBucket({ ...base })).toBe('inconclusive');
    expect(contentBucket({ ...base, govOppRatio: 3 })).toBe('inconclusive');
  });

  it('≥ 2 indicators on both sides → inconclusive', () => {
    expect(
      contentBucket({
        ...base,
        govOppRatio: 2, // left
        figures: [
          { side: 'left', favourable: 0.8, critical: 0 },
          { side: 'right', favourable: 0, critical: 0.8 },
        ], // left
        topicPositions: { a: 'conservative' }, // right
        quoteDistribution: { left: 0.1, center: 0.2, right: 0.7 }, // right
      }),
    ).toBe('inconclusive');
  });

  it('available metrics without a consistent side → center; topical diversity alone never does', () => {
    expect(contentBucket({ ...base, govOppRatio: 1, quoteDistribution: { left: 0.3, center: 0.4, right: 0.3 } })).toBe(
      'center',
    );
    expect(contentBucket({ ...base, govOppRatio: 2, quoteDistribution: { left: 0.3, center: 0.4, right: 0.3 } })).toBe(
      'center',
    );
    // many diverse but consistently conservative topics: right, not center
    expect(
      contentBucket({
        ...base,
        govOppRatio: 0.5,
        topicPositions: {
          economy: 'conservative',
          security: 'conservative',
          migration: 'conservative',
          labour: 'mixed',
        },
      }),
    ).toBe('right');
  });
});

describe('contentBucket — input errors', () => {
  const expectError = (metrics: unknown, path: (string | number)[]) => {
    try {
      contentBucket(metrics as ContentBucketInput);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MethodologyInputError);
      expect((error as MethodologyInputError).rule).toBe('CB-1');
      expect((error as MethodologyInputError).issues.map((issue) => issue.path)).toContainEqual(path);
    }
  };
  it('rejects unknown enum values, missing fields, negative ratios and impossible shares', () => {
    expectError({ ...base, topicPositions: { economy: 'liberal' } }, ['topicPositions', 'economy']);
    expectError({ sampleSize: 30 }, ['incumbent']);
    expectError({ ...base, incumbent: 'centre' }, ['incumbent']);
    expectError({ ...base, govOppRatio: -0.1 }, ['govOppRatio']);
    expectError({ ...base, figures: [{ side: 'left', favourable: 0.7, critical: 0.5 }] }, ['figures', 0]);
    expectError({ ...base, quoteDistribution: { left: 0.6, center: 0.3, right: 0.3 } }, ['quoteDistribution']);
    expectError({ ...base, quoteDistribution: { left: 1.2, center: 0, right: 0 } }, ['quoteDistribution', 'left']);
    expectError({ ...base, sampleSize: 12.5 }, ['sampleSize']);
  });
});

// ----------------------------------------------------------------------------- properties

const share = fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.2, 0.4, 0.45, 0.55, 0.6, 1));
const metricsArbitrary: fc.Arbitrary<ContentBucketInput> = fc.record(
  {
    sampleSize: fc.integer({ min: 0, max: 80 }),
    incumbent: fc.constantFrom<Bucket>('left', 'center', 'right'),
    govOppRatio: fc.oneof(
      fc.double({ min: 0, max: 5, noNaN: true }),
      fc.constantFrom(0.6, 1.5, 0.6 - 1e-12, 1.5 + 1e-12, 0.59, 1.51),
    ),
    figures: fc.array(
      fc
        .record({ side: fc.constantFrom<Bucket>('left', 'center', 'right'), favourable: share, critical: share })
        .map((figure) =>
          figure.favourable + figure.critical > 1 ? { ...figure, critical: 1 - figure.favourable } : figure,
        ),
      { maxLength: 5 },
    ),
    topicPositions: fc.dictionary(
      fc.constantFrom('economy', 'security', 'migration', 'abortion', 'labour', 'energy', 'religion', 'indigenous'),
      fc.constantFrom<TopicPosition>('progressive', 'mixed', 'conservative', 'n/a'),
    ),
    quoteDistribution: fc.tuple(share, share, share).map(([left, center, right]) => {
      const total = left + center + right;
      return total > 1
        ? { left: left / total / 1.0000001, center: center / total / 1.0000001, right: right / total / 1.0000001 }
        : { left, center, right };
    }),
  },
  { requiredKeys: ['sampleSize', 'incumbent'] },
);

const MIRROR_BUCKET: Record<Bucket, Bucket> = { left: 'right', center: 'center', right: 'left' };
const MIRROR_TOPIC: Record<TopicPosition, TopicPosition> = {
  progressive: 'conservative',
  conservative: 'progressive',
  mixed: 'mixed',
  'n/a': 'n/a',
};
function mirrorMetrics(metrics: ContentBucketInput): ContentBucketInput {
  return {
    ...metrics,
    incumbent: MIRROR_BUCKET[metrics.incumbent],
    ...(metrics.figures
      ? { figures: metrics.figures.map((figure) => ({ ...figure, side: MIRROR_BUCKET[figure.side] })) }
      : {}),
    ...(metrics.topicPositions
      ? {
          topicPositions: Object.fromEntries(
            Object.entries(metrics.topicPositions).map(([topic, position]) => [topic, MIRROR_TOPIC[position]]),
          ),
        }
      : {}),
    ...(metrics.quoteDistribution
      ? {
          quoteDistribution: {
            left: metrics.quoteDistribution.right,
            center: metrics.quoteDistribution.center,
            right: metrics.quoteDistribution.left,
          },
        }
      : {}),
  };
}
const MIRROR_RESULT: Record<ContentBucketResult, ContentBucketResult> = {
  left: 'right',
  right: 'left',
  center: 'center',
  inconclusive: 'inconclusive',
  insufficient: 'insufficient',
};

describe('contentBucket — properties', () => {
  test.prop([metricsArbitrary], { numRuns: 500 })(
    'mirroring left ↔ right (incumbent, figures, topics, quotes; same ratio) mirrors the bucket',
    (metrics) => {
      expect(contentBucket(mirrorMetrics(metrics))).toBe(MIRROR_RESULT[contentBucket(metrics)]);
    },
  );

  test.prop([metricsArbitrary], { numRuns: 300 })('the explanation is consistent with CB-2', (metrics) => {
    const explanation = explainContentBucket(metrics);
    expect(explanation.bucket).toBe(contentBucket(metrics));
    if (metrics.sampleSize < 20) {
      expect(explanation.bucket).toBe('insufficient');
      return;
    }
    const indicators = Object.values(explanation.indicators);
    expect(explanation.available).toBe(indicators.filter((indicator) => indicator !== 'unavailable').length);
    if (explanation.available < 2) expect(explanation.bucket).toBe('inconclusive');
    if (explanation.bucket === 'left') expect(explanation.leftIndicators).toBeGreaterThanOrEqual(2);
    if (explanation.bucket === 'center')
      expect(Math.max(explanation.leftIndicators, explanation.rightIndicators)).toBeLessThan(2);
  });

  test.prop([metricsArbitrary, fc.integer({ min: 0, max: 19 })], { numRuns: 200 })(
    'every sample below 20 is insufficient',
    (metrics, sampleSize) => {
      expect(contentBucket({ ...metrics, sampleSize })).toBe('insufficient');
    },
  );

  test.prop([metricsArbitrary], { numRuns: 200 })('the order of figures and topics does not matter', (metrics) => {
    const reordered: ContentBucketInput = {
      ...metrics,
      ...(metrics.figures ? { figures: [...metrics.figures].reverse() } : {}),
      ...(metrics.topicPositions
        ? { topicPositions: Object.fromEntries(Object.entries(metrics.topicPositions).reverse()) }
        : {}),
    };
    expect(contentBucket(reordered)).toBe(contentBucket(metrics));
  });
});
