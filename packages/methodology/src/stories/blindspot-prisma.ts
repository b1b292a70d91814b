/**
 * The Prisma blindspot (RULES.md §4, seed 003 §6): per unique domain, exact integer shares.
 */
import type { Bucket, Topic } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import {
  BS_PR_EXCLUDED_TOPICS,
  BS_PR_MAX_BUCKET_PERCENT,
  BS_PR_MIN_OUTLETS,
  BS_PR_MIN_POLITICAL_WITH_BIAS,
} from './constants.js';
import { coverageOf } from './coverage.js';
import { isObjectRecord, isStoryOutletArray, isTopicOrNull } from './internal.js';
import { BlindspotPrismaInputSchema, type BlindspotPrismaInput } from './schemas.js';
import { tallyOutlets, type OutletTally } from './tally.js';

/**
 * The Prisma blindspot buckets of a story (rules BS-PR-1..4), in the order left, center, right;
 * `[]` = not a blindspot. Over unique domains (a domain listed twice counts once; conflicting
 * entries are an input error naming the domain): BS-PR-1 ≥ 10 domains contribute in total
 * (non-political and unrostered included); BS-PR-2 ≥ 5 of them are political with a bias (n);
 * BS-PR-3 the blindspot buckets are those b with 100·count(b) ≤ 15·n — a mono-bucket story
 * qualifies with both other buckets; BS-PR-4 topics sports, culture, science and technology
 * never qualify (a `null` topic is not excluded).
 *
 * @example
 * const outlet = (domain: string, bias: 'left' | 'center' | 'right' | null) =>
 *   ({ domain, scope: bias === null ? 'non_political' : 'political', bias }) as const;
 * blindspotPrisma({
 *   outlets: [outlet('a', 'left'), outlet('b', 'left'), outlet('c', 'left'), outlet('d', 'left'), outlet('e', 'left'),
 *             outlet('f', null), outlet('g', null), outlet('h', null), outlet('i', null), outlet('j', null)],
 *   topic: 'politics',
 * }); // ['center', 'right']
 */
export function blindspotPrisma(story: BlindspotPrismaInput): Bucket[] {
  if (hasValidPrismaEnvelope(story)) {
    const tally = tallyOutlets(story.outlets, true, 'blindspotPrisma', ['outlets']);
    if (tally !== null) return prismaBuckets(tally, story.topic);
  }
  const valid = parseInput(BlindspotPrismaInputSchema, story, 'BS-PR', 'blindspotPrisma');
  return prismaBuckets(tallyOutlets(valid.outlets, false, 'blindspotPrisma', ['outlets'])!, valid.topic);
}

/**
 * {@link blindspotPrisma} without schema validation, for bulk input already validated.
 *
 * @example
 * blindspotPrismaUnchecked(storyReadFromTheStore); // e.g. ['right']
 */
export function blindspotPrismaUnchecked(story: BlindspotPrismaInput): Bucket[] {
  return prismaBuckets(tallyOutlets(story.outlets, false, 'blindspotPrismaUnchecked', ['outlets'])!, story.topic);
}

function isExcludedTopic(topic: Topic | null): boolean {
  return topic !== null && BS_PR_EXCLUDED_TOPICS.includes(topic);
}

/** rules BS-PR-1..4 over the unique-domain tally (conflicting repeats were rejected even for excluded topics). */
function prismaBuckets(tally: OutletTally, topic: Topic | null): Bucket[] {
  if (isExcludedTopic(topic)) return []; // rule BS-PR-4
  if (tally.total < BS_PR_MIN_OUTLETS) return []; // rule BS-PR-1
  const { left, center, right } = tally;
  const withBias = left + center + right;
  if (withBias < BS_PR_MIN_POLITICAL_WITH_BIAS) return []; // rule BS-PR-2
  // rule BS-PR-3: 100·count(b) ≤ 15·n, exactly; in the order left, center, right.
  const limit = BS_PR_MAX_BUCKET_PERCENT * withBias;
  const buckets: Bucket[] = [];
  if (100 * left <= limit) buckets.push('left');
  if (100 * center <= limit) buckets.push('center');
  if (100 * right <= limit) buckets.push('right');
  return buckets;
}

/**
 * Every count and criterion behind a Prisma decision, for pages and drift logs.
 *
 * @example
 * const explained: PrismaExplanation = explainBlindspotPrisma(story);
 * explained.criteria['BS-PR-1']; // ≥ 10 unique domains
 */
export interface PrismaExplanation {
  /** Unique domains contributing (BS-PR-1). */
  total: number;
  /** Unique political domains with a bias (n, BS-PR-2), and per bucket. */
  withBias: number;
  counts: Record<Bucket, number>;
  /** Outcome of each criterion; BS-PR-3 holds when at least one bucket is at or under 15 %. */
  criteria: { 'BS-PR-1': boolean; 'BS-PR-2': boolean; 'BS-PR-3': boolean; 'BS-PR-4': boolean };
  /** Buckets with 100·count ≤ 15·n (whether or not the other criteria hold; `[]` when n = 0). */
  underRepresented: Bucket[];
  /** Same as {@link blindspotPrisma}. */
  result: Bucket[];
}

/**
 * The counts and the outcome of every BS-PR criterion, so a page can show why a story is (not) a
 * blindspot. `result` always equals {@link blindspotPrisma} of the same input.
 *
 * @example
 * explainBlindspotPrisma({ outlets: [], topic: 'sports' }).criteria['BS-PR-4']; // false
 */
export function explainBlindspotPrisma(story: BlindspotPrismaInput): PrismaExplanation {
  const valid = isBlindspotPrismaInput(story)
    ? story
    : parseInput(BlindspotPrismaInputSchema, story, 'BS-PR', 'explainBlindspotPrisma');
  const covered = coverageOf(valid.outlets, 'explainBlindspotPrisma', ['outlets']);
  const { left, center, right } = covered.counts;
  const result = prismaBuckets({ ...covered, left, center, right }, valid.topic);
  const withBias = covered.counts.left + covered.counts.center + covered.counts.right;
  const underRepresented =
    withBias === 0
      ? []
      : (['left', 'center', 'right'] as const).filter(
          (bucket) => 100 * covered.counts[bucket] <= BS_PR_MAX_BUCKET_PERCENT * withBias,
        );
  return {
    total: covered.total,
    withBias,
    counts: covered.counts,
    criteria: {
      'BS-PR-1': covered.total >= BS_PR_MIN_OUTLETS,
      'BS-PR-2': withBias >= BS_PR_MIN_POLITICAL_WITH_BIAS,
      'BS-PR-3': underRepresented.length > 0,
      'BS-PR-4': !isExcludedTopic(valid.topic),
    },
    underRepresented,
    result,
  };
}

// ── Fast structural check (see internal.ts) ────────────────────────────────────────────────────

/** The story object itself (not its outlets) passes the strict schema's structural check. */
function hasValidPrismaEnvelope(value: unknown): value is { outlets: unknown[]; topic: Topic | null } {
  if (!isObjectRecord(value) || !isTopicOrNull(value.topic) || !Array.isArray(value.outlets)) return false;
  for (const key in value) {
    if (key !== 'outlets' && key !== 'topic') return false;
  }
  return true;
}

/** Sound fast check of `BlindspotPrismaInputSchema` (used by the soundness tests). */
export function isBlindspotPrismaInput(value: unknown): value is BlindspotPrismaInput {
  return hasValidPrismaEnvelope(value) && isStoryOutletArray(value.outlets);
}
