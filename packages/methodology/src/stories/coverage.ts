/**
 * Story coverage and tiers (RULES.md §3: COV-1, COV-2, TIER) and the largest-remainder rounding
 * of displayed percentages (RULES.md preamble).
 */
import type { Bucket } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { TIER_LIMITED_MIN_RATED_DOMAINS, TIER_MAIN_MIN_RATED_DOMAINS } from './constants.js';
import { isCount } from './internal.js';
import {
  CoverageInputSchema,
  LargestRemainderInputSchema,
  StoryTierInputSchema,
  type CoverageResult,
  type StoryOutlet,
  type StoryTier,
} from './schemas.js';
import { tallyOutlets, type OutletTally } from './tally.js';

// ── Largest remainder ──────────────────────────────────────────────────────────────────────────

/**
 * Rounds the shares of `counts` to whole percentages that sum to exactly 100, by the
 * largest-remainder method, computed on integers (no float is rounded): each count gets
 * ⌊100·c/S⌋, and the points still missing go one each to the largest remainders
 * (100·c mod S); equal remainders are served in input order — pass buckets as left, center,
 * right for the RULES tie order. All zeros (or an empty list) give all zeros.
 * Each result is within 1 of the exact share 100·c/S.
 *
 * @example
 * largestRemainderPercent([1, 1, 1]); // [34, 33, 33]
 * largestRemainderPercent([2, 1, 0]); // [67, 33, 0]
 * largestRemainderPercent([0, 0, 0]); // [0, 0, 0]
 */
export function largestRemainderPercent(counts: readonly number[]): number[] {
  const valid = parseInput(LargestRemainderInputSchema, counts, 'COV-2', 'largestRemainderPercent');
  return largestRemainderUnchecked(valid, 100);
}

/** Largest remainder without validation; exact for any safe-integer counts. */
function largestRemainderUnchecked(counts: readonly number[], target: number): number[] {
  let sum = 0;
  for (const count of counts) sum += count;
  if (sum === 0) return counts.map(() => 0);
  if (!Number.isSafeInteger(sum * target)) return largestRemainderBig(counts, target);
  const shares: number[] = [];
  const remainders: number[] = [];
  let assigned = 0;
  for (const count of counts) {
    const scaled = count * target;
    const remainder = scaled % sum;
    const share = (scaled - remainder) / sum;
    shares.push(share);
    remainders.push(remainder);
    assigned += share;
  }
  distribute(shares, remainders, target - assigned);
  return shares;
}

/** The same with BigInt, for counts so large that count·100 leaves the safe-integer range. */
function largestRemainderBig(counts: readonly number[], target: number): number[] {
  const bigTarget = BigInt(target);
  let sum = 0n;
  for (const count of counts) sum += BigInt(count);
  const shares: number[] = [];
  const remainders: bigint[] = [];
  let assigned = 0;
  for (const count of counts) {
    const scaled = BigInt(count) * bigTarget;
    shares.push(Number(scaled / sum));
    remainders.push(scaled % sum);
    assigned += shares[shares.length - 1]!;
  }
  distribute(shares, remainders, target - assigned);
  return shares;
}

/** Gives one point each to the `missing` largest remainders; ties go to the earlier index. */
function distribute<Remainder extends number | bigint>(
  shares: number[],
  remainders: Remainder[],
  missing: number,
): void {
  const order = remainders.map((_, index) => index);
  order.sort((a, b) => {
    const left = remainders[a]!;
    const right = remainders[b]!;
    return left === right ? a - b : left > right ? -1 : 1;
  });
  for (let rank = 0; rank < missing; rank += 1) shares[order[rank]!]! += 1;
}

/** Largest remainder of the three bucket counts, ties broken left, center, right (rule COV-2). */
function bucketPercent(left: number, center: number, right: number): Record<Bucket, number> {
  if (left + center + right === 0) return { left: 0, center: 0, right: 0 };
  const [percentLeft, percentCenter, percentRight] = largestRemainderUnchecked([left, center, right], 100) as [
    number,
    number,
    number,
  ];
  return { left: percentLeft, center: percentCenter, right: percentRight };
}

// ── Coverage ───────────────────────────────────────────────────────────────────────────────────

/**
 * Coverage of a story by unique domains (COV-1) and its bias percentages (COV-2): only political
 * outlets with a bias enter `counts` and `percent`; non-political outlets, political outlets
 * without a bias and domains not in the roster (`scope: null`) count in `total` only.
 * Percentages use the largest-remainder method (sum 100, ties left, center, right), or are all 0
 * when no outlet has a bias. A domain listed twice counts once; if its entries disagree on scope
 * or bias the input is rejected with an error naming the domain (rule COV-1).
 *
 * @example
 * coverage([
 *   { domain: 'a.com', scope: 'political', bias: 'left' },
 *   { domain: 'a.com', scope: 'political', bias: 'left' },   // same voice, counted once
 *   { domain: 'b.com', scope: 'political', bias: 'right' },
 *   { domain: 'c.com', scope: 'non_political', bias: null },
 * ]);
 * // { total: 3, political: 2, nonPolitical: 1, unrostered: 0, rated: 3,
 * //   counts: { left: 1, center: 0, right: 1 }, percent: { left: 50, center: 0, right: 50 } }
 */
export function coverage(outlets: readonly StoryOutlet[]): CoverageResult {
  const tally = Array.isArray(outlets) ? tallyOutlets(outlets, true, 'coverage', []) : null;
  if (tally !== null) return coverageFromTally(tally);
  const valid = parseInput(CoverageInputSchema, outlets, 'COV', 'coverage');
  return coverageFromTally(tallyOutlets(valid, false, 'coverage', [])!);
}

/**
 * {@link coverage} without schema validation, for bulk input already validated (e.g. read back
 * from the store). Same logic and results; a domain listed twice with different ratings still
 * throws.
 *
 * @example
 * coverageUnchecked([{ domain: 'a.com', scope: 'political', bias: 'center' }]).percent; // { left: 0, center: 100, right: 0 }
 */
export function coverageUnchecked(outlets: readonly StoryOutlet[]): CoverageResult {
  return coverageFromTally(tallyOutlets(outlets, false, 'coverageUnchecked', [])!);
}

/** rules COV-1 and COV-2 over validated outlets; `path` prefixes error paths. */
export function coverageOf(
  outlets: readonly StoryOutlet[],
  functionName: string,
  path: (string | number)[],
): CoverageResult {
  return coverageFromTally(tallyOutlets(outlets, false, functionName, path)!);
}

function coverageFromTally(tally: OutletTally): CoverageResult {
  const { left, center, right } = tally;
  return {
    total: tally.total,
    political: tally.political,
    nonPolitical: tally.nonPolitical,
    unrostered: tally.unrostered,
    rated: tally.nonPolitical + left + center + right,
    counts: { left, center, right },
    percent: bucketPercent(left, center, right),
  };
}

// ── Tier ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The synthesis tier of a story from its number of unique rated domains (rule TIER): ≥ 6 →
 * `main`, ≥ 3 → `limited`, otherwise `null` (not synthesised). A rated domain is a
 * non-political outlet or a political one with a bias (RULES §10); `coverage(...).rated` counts them.
 *
 * @example
 * storyTier(6); // 'main'
 * storyTier(5); // 'limited'
 * storyTier(2); // null
 */
export function storyTier(uniqueRatedDomains: number): StoryTier | null {
  const valid = isCount(uniqueRatedDomains)
    ? uniqueRatedDomains
    : parseInput(StoryTierInputSchema, uniqueRatedDomains, 'TIER', 'storyTier');
  // rule TIER
  if (valid >= TIER_MAIN_MIN_RATED_DOMAINS) return 'main';
  if (valid >= TIER_LIMITED_MIN_RATED_DOMAINS) return 'limited';
  return null;
}
