import { z } from 'zod';
import { CheckStatusSchema, VerdictSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { MEN_MIN_CHECKABLE, MEN_TIE_POINTS } from './parameters.js';

/**
 * MEN-1: one check as the scoreboard sees it.
 *
 * @example
 * DebateCheckSchema.parse({ candidate: 'A', verdict: 'false', status: 'published' });
 */
export const DebateCheckSchema = z.strictObject({
  candidate: z.string().min(1),
  verdict: VerdictSchema,
  status: CheckStatusSchema,
});
export type DebateCheck = z.infer<typeof DebateCheckSchema>;

/**
 * MEN-1: input of {@link mentirometro}.
 *
 * @example
 * MentirometroInputSchema.parse([{ candidate: 'A', verdict: 'true', status: 'published' }]);
 */
export const MentirometroInputSchema = z.array(DebateCheckSchema);

/**
 * MEN-1: one candidate's row of the scoreboard.
 *
 * @example
 * MentirometroRowSchema.parse({ candidate: 'A', true: 1, imprecise: 0, false: 1, checkable: 2, index: 0.5 });
 */
export const MentirometroRowSchema = z.strictObject({
  candidate: z.string(),
  true: z.number().int().nonnegative(),
  imprecise: z.number().int().nonnegative(),
  false: z.number().int().nonnegative(),
  checkable: z.number().int().nonnegative(),
  /** (false + imprecise/2) / checkable, in [0, 1]; `null` with no checkable claim. */
  index: z.number().min(0).max(1).nullable(),
});
export type MentirometroRow = z.infer<typeof MentirometroRowSchema>;

/**
 * MEN-2: input of {@link compareCandidates} (the positional arguments as one object).
 *
 * @example
 * CompareCandidatesInputSchema.parse({ a: 'A', b: 'B', checks: [] });
 */
export const CompareCandidatesInputSchema = z.strictObject({
  a: z.string().min(1),
  b: z.string().min(1),
  checks: MentirometroInputSchema,
  options: z
    .strictObject({
      /** Indexes closer than this many points are a technical tie; default 10. */
      tiePoints: z.number().int().positive().optional(),
      /** Minimum checkable claims of each candidate; default 3. */
      minCheckable: z.number().int().positive().optional(),
    })
    .optional(),
});

/**
 * MEN-2: who errs more — `'a'`, `'b'`, a technical `'tie'`, or `'insufficient'` evidence.
 *
 * @example
 * CandidateComparisonSchema.parse('tie');
 */
export const CandidateComparisonSchema = z.enum(['insufficient', 'tie', 'a', 'b']);
export type CandidateComparison = z.infer<typeof CandidateComparisonSchema>;

interface Counts {
  true: number;
  imprecise: number;
  false: number;
}

function countByCandidate(checks: readonly DebateCheck[]): Map<string, Counts> {
  const counts = new Map<string, Counts>();
  for (const check of checks) {
    let row = counts.get(check.candidate);
    if (row === undefined) {
      row = { true: 0, imprecise: 0, false: 0 };
      counts.set(check.candidate, row); // rule MEN-1: rows in order of first appearance
    }
    // rule MEN-1: only published checks with a scored verdict count.
    if (check.status !== 'published' || check.verdict === 'no_data') continue;
    row[check.verdict] += 1;
  }
  return counts;
}

/**
 * Rows of the scoreboard without validation (shared by `scoreboards`).
 * @internal Not exported from the package.
 */
export function mentirometroRows(checks: readonly DebateCheck[]): MentirometroRow[] {
  return [...countByCandidate(checks)].map(([candidate, row]) => {
    const checkable = row.true + row.imprecise + row.false;
    return {
      candidate,
      true: row.true,
      imprecise: row.imprecise,
      false: row.false,
      checkable,
      index: checkable === 0 ? null : (2 * row.false + row.imprecise) / (2 * checkable),
    };
  });
}

/**
 * The mentirômetro (rule MEN-1): per candidate, checkable = true + imprecise + false among
 * `published` checks (no_data, discarded, under_review and removed are excluded) and
 * index = (false + imprecise/2) / checkable. One row per candidate, in order of first appearance;
 * a candidate with no checkable claim has `index: null`.
 *
 * @example
 * mentirometro([
 *   { candidate: 'A', verdict: 'false', status: 'published' },
 *   { candidate: 'A', verdict: 'imprecise', status: 'published' },
 *   { candidate: 'B', verdict: 'no_data', status: 'published' },
 * ]);
 * // → [{ candidate: 'A', true: 0, imprecise: 1, false: 1, checkable: 2, index: 0.75 },
 * //    { candidate: 'B', true: 0, imprecise: 0, false: 0, checkable: 0, index: null }]
 */
export function mentirometro(checks: DebateCheck[]): MentirometroRow[] {
  return mentirometroRows(parseInput(MentirometroInputSchema, checks, 'MEN-1', 'mentirometro'));
}

/**
 * Compares two candidates' mentirômetros (rule MEN-2): `'insufficient'` when either has fewer than
 * 3 checkable claims (checked first); `'tie'` when the indexes are closer than 10 points, decided
 * exactly on integer counts: 5·|(2fA+iA)·nB − (2fB+iB)·nA| < nA·nB; otherwise `'a'` when A's index
 * is higher (A errs more), else `'b'`. Swapping a and b swaps the answer.
 *
 * @example
 * compareCandidates('A', 'B', checks); // 'a' | 'b' | 'tie' | 'insufficient'
 */
export function compareCandidates(
  a: string,
  b: string,
  checks: DebateCheck[],
  options?: { tiePoints?: number; minCheckable?: number },
): CandidateComparison {
  const input = parseInput(CompareCandidatesInputSchema, { a, b, checks, options }, 'MEN-2', 'compareCandidates');
  const tiePoints = input.options?.tiePoints ?? MEN_TIE_POINTS;
  const minCheckable = input.options?.minCheckable ?? MEN_MIN_CHECKABLE;
  const counts = countByCandidate(input.checks);
  const empty: Counts = { true: 0, imprecise: 0, false: 0 };
  const countsA = counts.get(input.a) ?? empty;
  const countsB = counts.get(input.b) ?? empty;
  const nA = countsA.true + countsA.imprecise + countsA.false;
  const nB = countsB.true + countsB.imprecise + countsB.false;
  // rule MEN-2: the ≥ 3 check runs before the tie check.
  if (nA < minCheckable || nB < minCheckable) return 'insufficient';
  // index difference = D / (2·nA·nB) with D = (2fA+iA)·nB − (2fB+iB)·nA; |difference| < T/100
  // ⇔ 100·|D| < 2·T·nA·nB (T = 10: 5·|D| < nA·nB). Integers throughout — no rounding.
  const difference = (2 * countsA.false + countsA.imprecise) * nB - (2 * countsB.false + countsB.imprecise) * nA;
  if (100 * Math.abs(difference) < 2 * tiePoints * nA * nB) return 'tie';
  return difference > 0 ? 'a' : 'b';
}
