import { CountSchema, FACTUALITY_SCALE, type Factuality } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import {
  FactualityAssessmentsSchema,
  MedianFactualityInputSchema,
  type FactualityAssessments,
  type FactualityCap,
  type FactualityResult,
} from './schemas.js';

/** Position of each level on the ordered scale very-low (0) < … < very-high (4). */
const FACTUALITY_RANK: Readonly<Record<Factuality, number>> = {
  'very-low': 0,
  low: 1,
  mixed: 2,
  high: 3,
  'very-high': 4,
};
const MIXED_RANK = FACTUALITY_RANK.mixed;

/** Rank of a level on the FAC-1 scale (very-low 0 … very-high 4). @internal */
export function factualityRank(value: Factuality): number {
  return FACTUALITY_RANK[value];
}

/** FAC-1 on already-validated values. @internal */
export function medianFactualityUnchecked(values: readonly Factuality[]): Factuality {
  // rule FAC-1
  const count = values.length;
  if (count === 0) return 'mixed';
  if (count === 1) return values[0]!;
  if (count === 2) return halfStepTowardMixed(FACTUALITY_RANK[values[0]!] + FACTUALITY_RANK[values[1]!]);
  const ranks = values.map((value) => FACTUALITY_RANK[value]).sort((a, b) => a - b);
  const middle = count >> 1;
  if (count % 2 === 1) return FACTUALITY_SCALE[ranks[middle]!]!;
  return halfStepTowardMixed(ranks[middle - 1]! + ranks[middle]!);
}

/** The median of two ranks given their sum; a half step rounds toward `mixed`. */
function halfStepTowardMixed(sumOfTwoRanks: number): Factuality {
  if (sumOfTwoRanks % 2 === 0) return FACTUALITY_SCALE[sumOfTwoRanks / 2]!;
  // sum is odd: the median is k + 0.5; move toward mixed (rank 2)
  const lower = (sumOfTwoRanks - 1) / 2;
  return FACTUALITY_SCALE[lower >= MIXED_RANK ? lower : lower + 1]!;
}

/**
 * FAC-1: the median of the present factuality assessments on the ordered scale
 * very-low < low < mixed < high < very-high. An even count whose median falls between two levels
 * (a half step) rounds toward `mixed`; no assessment gives `mixed`.
 *
 * @example
 * medianFactuality(['very-high', 'high']); // 'high' (3.5 rounds toward mixed)
 * medianFactuality(['very-high', 'low']);  // 'mixed' (2.5 → mixed)
 * medianFactuality([]);                    // 'mixed'
 */
export function medianFactuality(values: Factuality[]): Factuality {
  const parsed = parseInput(MedianFactualityInputSchema, values, 'FAC-1', 'medianFactuality');
  return medianFactualityUnchecked(parsed);
}

/** FAC-2 on a validated count. @internal */
export function factualityCapUnchecked(assessments: number): FactualityCap {
  // rule FAC-2
  if (assessments === 0) return 'low';
  if (assessments === 1) return 'medium';
  return null;
}

/**
 * FAC-2: the cap that the number of factuality assessments puts on a rating's confidence —
 * 0 → `low`, 1 → `medium`, 2 (or more) → `null` (no cap).
 *
 * @example
 * factualityCap(1); // 'medium'
 * factualityCap(2); // null
 */
export function factualityCap(assessments: number): FactualityCap {
  return factualityCapUnchecked(parseInput(CountSchema, assessments, 'FAC-2', 'factualityCap'));
}

/**
 * FAC-1 + FAC-2 from the academic and content assessments: the factuality, how many assessments
 * were present and the confidence cap. An assessment counts whenever it is set, whatever the
 * validity of that signal's bias vote (RULES.md §10).
 *
 * @example
 * factualityFromAssessments({ academic: 'high', content: 'mixed' });
 * // { factuality: 'mixed', assessments: 2, confidenceCap: null }   (half step rounds toward mixed)
 * factualityFromAssessments({ content: 'high' });
 * // { factuality: 'high', assessments: 1, confidenceCap: 'medium' }
 */
export function factualityFromAssessments(assessments: FactualityAssessments): FactualityResult {
  const parsed = parseInput(FactualityAssessmentsSchema, assessments, 'FAC-1', 'factualityFromAssessments');
  return factualityFromAssessmentsUnchecked(parsed.academic, parsed.content);
}

/** FAC-1 + FAC-2 on validated values. @internal */
export function factualityFromAssessmentsUnchecked(
  academic: Factuality | undefined,
  content: Factuality | undefined,
): FactualityResult {
  let factuality: Factuality;
  let count: number;
  if (academic !== undefined && content !== undefined) {
    factuality = halfStepTowardMixed(FACTUALITY_RANK[academic] + FACTUALITY_RANK[content]);
    count = 2;
  } else if (academic !== undefined || content !== undefined) {
    factuality = (academic ?? content)!;
    count = 1;
  } else {
    factuality = 'mixed';
    count = 0;
  }
  return { factuality, assessments: count, confidenceCap: factualityCapUnchecked(count) };
}
