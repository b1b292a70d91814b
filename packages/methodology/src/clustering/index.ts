import { z } from 'zod';
import { atLeast, greaterThan } from '../shared/exact.js';
import { parseInput } from '../shared/validate.js';

export { clusteringRules } from './rules.js';

/** rule CLU-2: cosine strictly above this (MiniLM-L12 embeddings, L2-normalised) → same event. */
export const CLU_2_MERGE_THRESHOLD = 0.74;
/** rule CLU-2: cosine from this up to {@link CLU_2_MERGE_THRESHOLD} (inclusive) → an LLM judge decides; below → different. */
export const CLU_2_JUDGE_LOW_THRESHOLD = 0.6;
/** rule CLU-3 **[choice]**: two articles can be linked only when published within this many hours of each other. */
export const CLU_3_WINDOW_HOURS = 72;
/**
 * rule CLU-3 **[choice]** (the chaining guard's order; seed 003 §3.2 states plain connected
 * components and no order): width of the time buckets that order the guarded union–find's merge
 * edges. Edges go by the bucket of their later article's publication time (counted from the Unix
 * epoch, UTC), then most similar first, then by ids.
 *
 * What it keeps: the partition is still a deterministic function of the set of articles, verdicts
 * and thresholds (independent of input order), and adding articles in any split still equals one
 * call. What it buys: a batch at the time frontier cannot change any decision of an earlier
 * bucket, so an incremental update re-decides only the buckets at or after its earliest article
 * (a back-dated article replays from its own bucket). What it gives up: CLU-3's similarity-first
 * order across a whole linked component — a strong edge from today can lose a guard test to a
 * weaker one from an earlier bucket, so partitions can differ from the similarity-first order's.
 * Without publication dates (every article on one day) there is one bucket and nothing changes.
 */
export const CLU_3_ORDER_BUCKET_HOURS = 24;

/**
 * rule CLU-3: the order bucket of a publication time (epoch ms) — whole `bucketHours` since the
 * Unix epoch, UTC (see {@link CLU_3_ORDER_BUCKET_HOURS}). Later times never fall in earlier buckets.
 *
 * @example
 * orderBucket(Date.parse('2026-05-02T10:00:00Z')); // 20575 (days since 1970-01-01)
 */
export function orderBucket(time: number, bucketHours: number = CLU_3_ORDER_BUCKET_HOURS): number {
  return Math.floor(time / (bucketHours * 3_600_000));
}

/**
 * rule CLU-2-OFFLINE **[choice]** (seed 003 §3.2 names only MiniLM's 0.74 / 0.60): the offline
 * character n-gram TF-IDF embedder's own scale, calibrated by `@espectro/clustering`'s
 * `scripts/calibrate.ts` on its development set (see that package's README). Cosine strictly above
 * this merges.
 */
export const OFFLINE_MERGE_THRESHOLD = 0.22;
/**
 * rule CLU-2-OFFLINE **[choice]**: lower end of the offline embedder's grey zone (the judge decides
 * from here to the merge threshold). Re-measured for the current embedder by
 * `@espectro/clustering`'s `scripts/calibrate.ts` (dev set, real dates): a perfect judge would want
 * 0.07, but a judge wrong on 5 % of pairs is no better there (dated B-cubed F1 0.923 at both) and
 * worse without dates, and one wrong on 10 % is best at 0.12 (0.11 within 0.002) — so 0.11 stays.
 * It only matters when a judge is configured: without one, grey pairs are never searched for.
 */
export const OFFLINE_JUDGE_LOW_THRESHOLD = 0.11;
/**
 * rule CLU-2-OFFLINE **[choice]**: the offline embedder's chaining guard — an automatic merge joins
 * two partial stories only if the mean cosine over all pairs of their members reaches this.
 */
export const OFFLINE_CHAINING_GUARD = 0.2;
/** rule CLU-2-OFFLINE **[choice]**: factor on a pair's cosine when both headlines quote numbers and share none. */
export const OFFLINE_NUMBER_CONFLICT_FACTOR = 0.6;
/** rule CLU-2-OFFLINE **[choice]**: factor on a pair's cosine when both headlines name people, places or organisations and share no name. */
export const OFFLINE_NAME_CONFLICT_FACTOR = 0.7;

/** The two agreement factors of CLU-2-OFFLINE. */
export const AgreementFactorsSchema = z.strictObject({
  numberConflict: z.number().gt(0).max(1),
  nameConflict: z.number().gt(0).max(1),
});
export type AgreementFactors = z.infer<typeof AgreementFactorsSchema>;

/** The calibrated agreement factors of the offline embedder. */
export const OFFLINE_AGREEMENT_FACTORS: AgreementFactors = {
  numberConflict: OFFLINE_NUMBER_CONFLICT_FACTOR,
  nameConflict: OFFLINE_NAME_CONFLICT_FACTOR,
};

/**
 * rule CLU-2-OFFLINE for trusted input: the factor (in (0, 1]) a pair's cosine is multiplied by —
 * `numberConflict` when both headlines quote numbers and share none, `nameConflict` when both
 * name someone and share no name, their product when both, 1 otherwise.
 *
 * @example
 * agreementFactorUnchecked(true, false); // 0.6
 */
export function agreementFactorUnchecked(
  numbersDisagree: boolean,
  namesDisagree: boolean,
  factors: AgreementFactors = OFFLINE_AGREEMENT_FACTORS,
): number {
  return (numbersDisagree ? factors.numberConflict : 1) * (namesDisagree ? factors.nameConflict : 1);
}

/** The two cosine thresholds of CLU-2; other embedders calibrate their own and pass them here. */
export const PairThresholdsSchema = z
  .strictObject({ merge: z.number().min(-1).max(1), judgeLow: z.number().min(-1).max(1) })
  .refine((thresholds) => thresholds.judgeLow <= thresholds.merge, {
    message: 'judgeLow must not exceed merge',
    path: ['judgeLow'],
  });
export type PairThresholds = z.infer<typeof PairThresholdsSchema>;

/** The MiniLM-L12 thresholds of CLU-2 (0.74 / 0.60). */
export const MINILM_PAIR_THRESHOLDS: PairThresholds = {
  merge: CLU_2_MERGE_THRESHOLD,
  judgeLow: CLU_2_JUDGE_LOW_THRESHOLD,
};

export const PairDecisionSchema = z.enum(['merge', 'judge', 'separate']);
/** What CLU-2 does with a pair of headlines: merge, ask the LLM judge, or keep apart. */
export type PairDecision = z.infer<typeof PairDecisionSchema>;

const PairDecisionInputSchema = z.strictObject({
  cosine: z
    .number()
    .min(-1 - 1e-6)
    .max(1 + 1e-6),
  thresholds: PairThresholdsSchema,
});

/**
 * rule CLU-2 for trusted input (no validation): cosine > merge → `merge`; judgeLow ≤ cosine ≤ merge →
 * `judge`; below → `separate`. A value within 1e-9 of a threshold counts as equal to it (RULES §10),
 * so a cosine of exactly 0.74 + 1e-12 is judged, not merged.
 */
export function pairDecisionUnchecked(
  cosine: number,
  thresholds: PairThresholds = MINILM_PAIR_THRESHOLDS,
): PairDecision {
  if (greaterThan(cosine, thresholds.merge)) return 'merge';
  if (atLeast(cosine, thresholds.judgeLow)) return 'judge';
  return 'separate';
}

/**
 * rule CLU-2: the decision for one pair of headlines from their cosine similarity.
 *
 * @example
 * pairDecision(0.81); // 'merge'
 * pairDecision(0.74); // 'judge' (the merge threshold is strict)
 * pairDecision(0.59); // 'separate'
 */
export function pairDecision(cosine: number, thresholds: PairThresholds = MINILM_PAIR_THRESHOLDS): PairDecision {
  const parsed = parseInput(PairDecisionInputSchema, { cosine, thresholds }, 'CLU-2', 'pairDecision');
  return pairDecisionUnchecked(parsed.cosine, parsed.thresholds);
}

/**
 * rule CLU-3: two articles are inside one publication window when their publication times (epoch
 * milliseconds) are at most `windowHours` apart (inclusive).
 *
 * @example
 * withinPublicationWindow(Date.parse('2026-04-27T00:00:00Z'), Date.parse('2026-04-30T00:00:00Z')); // true (exactly 72 h)
 */
export function withinPublicationWindow(
  timeA: number,
  timeB: number,
  windowHours: number = CLU_3_WINDOW_HOURS,
): boolean {
  return Math.abs(timeA - timeB) <= windowHours * 3_600_000;
}

/** Every public schema of this module, by name (used for the published JSON Schemas). */
export const clusteringSchemas: Record<string, z.ZodType> = {
  PairThresholds: PairThresholdsSchema,
  PairDecision: PairDecisionSchema,
  AgreementFactors: AgreementFactorsSchema,
};
