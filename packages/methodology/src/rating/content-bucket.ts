import { inputError } from '../errors.js';
import { atLeast, atMost, greaterThan, lessThan, THRESHOLD_EPSILON } from '../shared/exact.js';
import { parseInput } from '../shared/validate.js';
import { RATING_PARAMETERS } from './parameters.js';
import {
  ContentBucketInputSchema,
  type ContentBucketExplanation,
  type ContentBucketInput,
  type ContentBucketResult,
  type ContentIndicator,
} from './schemas.js';

const FUNCTION_NAME = 'contentBucket';

function parseContentMetrics(metrics: ContentBucketInput, functionName: string): ContentBucketInput {
  const parsed = parseInput(ContentBucketInputSchema, metrics, 'CB-1', functionName);
  const figures = parsed.figures;
  if (figures !== undefined) {
    for (let index = 0; index < figures.length; index += 1) {
      const figure = figures[index]!;
      if (figure.favourable + figure.critical > 1 + THRESHOLD_EPSILON) {
        inputError('CB-1', functionName, ['figures', index], 'favourable + critical exceeds 1');
      }
    }
  }
  const quotes = parsed.quoteDistribution;
  if (quotes !== undefined && quotes.left + quotes.center + quotes.right > 1 + THRESHOLD_EPSILON) {
    inputError('CB-1', functionName, ['quoteDistribution'], 'quote shares sum to more than 1');
  }
  return parsed;
}

/**
 * figureLean (CB-1) = (mean(favourable − critical) over left figures − the same over right
 * figures) / 2; `null` without figures on both sides. `center` figures are ignored.
 *
 * @example
 * figureLean([{ side: 'left', favourable: 0.6, critical: 0.1 }, { side: 'right', favourable: 0.1, critical: 0.5 }]);
 * // ((0.5) − (−0.4)) / 2 = 0.45
 */
export function figureLean(
  figures: readonly { side: 'left' | 'center' | 'right'; favourable: number; critical: number }[],
): number | null {
  let leftSum = 0;
  let leftCount = 0;
  let rightSum = 0;
  let rightCount = 0;
  for (const figure of figures) {
    if (figure.side === 'left') {
      leftSum += figure.favourable - figure.critical;
      leftCount += 1;
    } else if (figure.side === 'right') {
      rightSum += figure.favourable - figure.critical;
      rightCount += 1;
    }
  }
  if (leftCount === 0 || rightCount === 0) return null;
  return (leftSum / leftCount - rightSum / rightCount) / 2;
}

/** CB-0..2 on validated metrics. @internal */
export function explainContentBucketUnchecked(metrics: ContentBucketInput): ContentBucketExplanation {
  const parameters = RATING_PARAMETERS;
  // rule CB-0
  if (metrics.sampleSize < parameters.contentBucketMinSample) {
    return {
      bucket: 'insufficient',
      indicators: { govOppRatio: 'unavailable', figures: 'unavailable', topics: 'unavailable', quotes: 'unavailable' },
      figureLean: null,
      available: 0,
      leftIndicators: 0,
      rightIndicators: 0,
      trace: ['CB-0'],
    };
  }

  // rule CB-1 — government / opposition ratio
  let ratioIndicator: ContentIndicator = 'unavailable';
  const ratio = metrics.govOppRatio;
  if (ratio !== undefined) {
    const favoursIncumbent = greaterThan(ratio, parameters.govOppRatioFavourable);
    const againstIncumbent = lessThan(ratio, parameters.govOppRatioAgainst);
    if (metrics.incumbent === 'left') ratioIndicator = favoursIncumbent ? 'left' : againstIncumbent ? 'right' : 'none';
    else if (metrics.incumbent === 'right')
      ratioIndicator = favoursIncumbent ? 'right' : againstIncumbent ? 'left' : 'none';
    else ratioIndicator = 'none'; // a center incumbent: available, but indicates no side
  }

  // rule CB-1 — sentiment by named figure
  const lean = metrics.figures === undefined ? null : figureLean(metrics.figures);
  let figuresIndicator: ContentIndicator = 'unavailable';
  if (lean !== null) {
    figuresIndicator = atLeast(lean, parameters.figureLeanThreshold)
      ? 'left'
      : atMost(lean, -parameters.figureLeanThreshold)
        ? 'right'
        : 'none';
  }

  // rule CB-1 — disputed topics (exact integer shares; `mixed` counts in the denominator)
  let topicsIndicator: ContentIndicator = 'unavailable';
  const topics = metrics.topicPositions;
  if (topics !== undefined) {
    let progressive = 0;
    let conservative = 0;
    let positioned = 0;
    for (const key in topics) {
      if (!Object.hasOwn(topics, key)) continue;
      const position = topics[key];
      if (position === 'n/a' || position === undefined) continue;
      positioned += 1;
      if (position === 'progressive') progressive += 1;
      else if (position === 'conservative') conservative += 1;
    }
    if (positioned > 0) {
      const threshold = parameters.topicSharePercent * positioned;
      topicsIndicator = 100 * progressive >= threshold ? 'left' : 100 * conservative >= threshold ? 'right' : 'none';
    }
  }

  // rule CB-1 — distribution of quoted sources (shares used as given)
  let quotesIndicator: ContentIndicator = 'unavailable';
  const quotes = metrics.quoteDistribution;
  if (quotes !== undefined) {
    quotesIndicator = atLeast(quotes.left, parameters.quoteShareThreshold)
      ? 'left'
      : atLeast(quotes.right, parameters.quoteShareThreshold)
        ? 'right'
        : 'none';
  }

  // rule CB-2
  let available = 0;
  let left = 0;
  let right = 0;
  for (const indicator of [ratioIndicator, figuresIndicator, topicsIndicator, quotesIndicator]) {
    if (indicator === 'unavailable') continue;
    available += 1;
    if (indicator === 'left') left += 1;
    else if (indicator === 'right') right += 1;
  }
  const needed = parameters.minSideIndicators;
  let bucket: ContentBucketResult;
  if (available < parameters.minAvailableMetrics) bucket = 'inconclusive';
  else if (left >= needed && right >= needed) bucket = 'inconclusive';
  else if (left >= needed) bucket = 'left';
  else if (right >= needed) bucket = 'right';
  else bucket = 'center';

  return {
    bucket,
    indicators: {
      govOppRatio: ratioIndicator,
      figures: figuresIndicator,
      topics: topicsIndicator,
      quotes: quotesIndicator,
    },
    figureLean: lean,
    available,
    leftIndicators: left,
    rightIndicators: right,
    trace: ['CB-1', 'CB-2'],
  };
}

/**
 * CB-0..2 (seed 002 §4): maps content metrics to a content-only bucket.
 *
 * - CB-0: `sampleSize < 20` → `insufficient`.
 * - CB-1: four indicators, each available or not and pointing left, right or nowhere:
 *   government/opposition ratio (> 1.5 favouring / < 0.6 against the incumbent; a `center`
 *   incumbent makes it available but sideless), figureLean ≥ 0.2 (≤ −0.2 for right), ≥ 60 % of the
 *   non-`n/a` topics progressive (conservative), quotes ≥ 0.55 left (right). Real thresholds have a
 *   1e-9 tolerance; the topic share is compared exactly on integer counts.
 * - CB-2: < 2 available metrics, or ≥ 2 indicators on both sides → `inconclusive`; ≥ 2 on one
 *   side → that side; else `center`.
 *
 * @example
 * // seed 002 §4 example: Colombia under a left government
 * contentBucket({
 *   sampleSize: 47, incumbent: 'left', govOppRatio: 0.42,
 *   figures: [{ side: 'left', favourable: 0.18, critical: 0.61 }],
 *   topicPositions: { economy: 'conservative', security: 'conservative', abortion: 'n/a' },
 *   quoteDistribution: { left: 0.21, center: 0.34, right: 0.45 },
 * }); // 'right'
 */
export function contentBucket(metrics: ContentBucketInput): ContentBucketResult {
  return explainContentBucketUnchecked(parseContentMetrics(metrics, FUNCTION_NAME)).bucket;
}

/**
 * Same as {@link contentBucket}, with every CB-1 indicator, the figureLean and the counts that
 * decided the bucket — for the audit trail.
 *
 * @example
 * explainContentBucket({ sampleSize: 25, incumbent: 'right', govOppRatio: 0.5, quoteDistribution: { left: 0.6, center: 0.2, right: 0.2 } });
 * // { bucket: 'left', indicators: { govOppRatio: 'left', figures: 'unavailable', topics: 'unavailable', quotes: 'left' }, … }
 */
export function explainContentBucket(metrics: ContentBucketInput): ContentBucketExplanation {
  return explainContentBucketUnchecked(parseContentMetrics(metrics, 'explainContentBucket'));
}
