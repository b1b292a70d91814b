/**
 * Identification: which enrolled voice, if any, speaks in a chunk.
 *
 * Scores are cosine similarities, or adaptive symmetric score normalisation (AS-norm) when a cohort
 * of other voices is given: s' = ½·((s − μ_e)/σ_e + (s − μ_t)/σ_t), where μ/σ are the mean and
 * standard deviation of the top-N cohort scores of the chunk (e) and of the enrolled voice (t).
 * The best speaker is returned only if its score reaches `unknownThreshold` and beats the runner-up
 * by at least `minMargin`; otherwise the chunk is unknown and `reason` says why.
 */
import { CAMPPLUS_BACKEND, STATISTICS_BACKEND, STATISTICS_PROJECTED_BACKEND } from './embedder.js';
import { SpeakerIdError } from './errors.js';
import { STATISTICS_PROJECTED_COHORT } from './statistics-projection.data.js';
import { cosineSimilarity } from './vectors.js';

/** What scoring needs from an enrolled voice. */
export interface ScoredSpeaker {
  name: string;
  embedding: ArrayLike<number>;
}

/** How chunk embeddings are scored against enrolled voices. */
export interface ScoringOptions {
  /** Embeddings of other voices (not the candidates) for adaptive s-norm; omit for raw cosine. */
  cohort?: readonly ArrayLike<number>[];
  /** Cohort scores averaged for the s-norm statistics: the N highest (default 100, capped at the cohort size). */
  cohortTopN?: number;
}

/** Decision thresholds. */
export interface IdentifyOptions extends ScoringOptions {
  /** Best score below this → unknown (reason 'below_threshold'). Default: see {@link defaultThresholds}. */
  unknownThreshold?: number;
  /** Best − second-best below this → unknown (reason 'low_margin'). Default: see {@link defaultThresholds}. */
  minMargin?: number;
}

/** Why a chunk got (or did not get) a speaker. */
export type IdentificationReason = 'identified' | 'below_threshold' | 'low_margin' | 'silence' | 'no_speakers';

/** Per-chunk result. */
export interface Identification {
  /** The enrolled name, or null for unknown / silence. */
  speaker: string | null;
  /** The best score (cosine, or s-norm with a cohort); null for silence. */
  score: number | null;
  /** Best − second best; null with fewer than two enrolled voices or for silence. */
  margin: number | null;
  /** Score against every enrolled voice. */
  scores: Record<string, number>;
  /** The voice with the best score even when it was not accepted. */
  bestCandidate: string | null;
  reason: IdentificationReason;
}

/**
 * Starting thresholds per backend, for raw cosine and for s-norm scores. They are deliberately
 * conservative starting points, not calibrated values: measure your own with `equalErrorRate` /
 * `minDcf` on labelled chunks from your recordings.
 *
 * - CAM++ cosine 0.5 is the usual operating point in sherpa-onnx's speaker-identification examples.
 * - The statistics embedder's cosines are high for every voice (all speech has a similar long-term
 *   spectrum), so its threshold sits higher; 0.8 separated the espeak-ng test voices here.
 * - s-norm scores are in cohort standard deviations; 2 means "two σ above the typical impostor".
 */
export const defaultThresholds: Record<
  string,
  { cosine: { unknownThreshold: number; minMargin: number }; snorm: { unknownThreshold: number; minMargin: number } }
> = {
  [CAMPPLUS_BACKEND]: {
    cosine: { unknownThreshold: 0.5, minMargin: 0.05 },
    snorm: { unknownThreshold: 2, minMargin: 0.5 },
  },
  [STATISTICS_BACKEND]: {
    cosine: { unknownThreshold: 0.8, minMargin: 0.02 },
    snorm: { unknownThreshold: 2, minMargin: 0.5 },
  },
  // 0.65: the 98th percentile of the open-set report's cohort clips scored against its candidates
  // (0.643), i.e. {@link COHORT_FLOOR_QUANTILE} of {@link perSpeakerThresholds} pooled; never-enrolled test clips were not used.
  [STATISTICS_PROJECTED_BACKEND]: {
    cosine: { unknownThreshold: 0.65, minMargin: 0.02 },
    snorm: { unknownThreshold: 2, minMargin: 0.5 },
  },
};

/** How {@link perSpeakerThresholds} turns cohort scores into thresholds. */
export interface CohortThresholdOptions {
  /** Added to each candidate's highest cohort score (default {@link COHORT_GUARD}). */
  guard?: number;
  /**
   * Every threshold is at least this quantile of all cohort × candidate scores pooled (default
   * {@link COHORT_FLOOR_QUANTILE}), so a candidate no cohort voice resembles does not get a
   * threshold low enough for any voice; 0 turns the floor off.
   */
  floorQuantile?: number;
  /**
   * No threshold is below this (default none). {@link decisionRuleFor} passes the backend's default
   * cosine threshold, so with few candidates — whose pooled cohort quantile rests on few scores —
   * a threshold never falls under the value calibrated on the report's eight.
   */
  minimum?: number;
}

/** Default guard above a candidate's highest cohort score (cosine units). */
export const COHORT_GUARD = 0.005;
/** Default quantile of pooled cohort scores that every per-speaker threshold reaches. */
export const COHORT_FLOOR_QUANTILE = 0.98;

/**
 * Per-speaker thresholds from enrolment and an impostor cohort (raw cosine): each candidate's
 * threshold is the highest score any cohort embedding reaches against it plus `guard`, and at
 * least the `floorQuantile` of all cohort × candidate scores. The cohort must be voices that are
 * not candidates (other speakers recorded the same way, or the cohort shipped with a backend).
 *
 * @example
 * const perSpeaker = perSpeakerThresholds(voices.speakers, cohort);
 * identifyEmbedding(chunk, voices.speakers, { unknownThreshold: 0.65, minMargin: 0.02, perSpeaker });
 */
export function perSpeakerThresholds(
  speakers: readonly ScoredSpeaker[],
  cohort: readonly ArrayLike<number>[],
  options: CohortThresholdOptions = {},
): Record<string, number> {
  const guard = options.guard ?? COHORT_GUARD;
  const floorQuantile = options.floorQuantile ?? COHORT_FLOOR_QUANTILE;
  const minimum = options.minimum ?? Number.NEGATIVE_INFINITY;
  if (Number.isNaN(minimum)) throw new SpeakerIdError('invalid_argument', 'minimum must be a number, got NaN');
  if (!(floorQuantile >= 0 && floorQuantile <= 1))
    throw new SpeakerIdError('invalid_argument', `floorQuantile must be in [0, 1], got ${floorQuantile}`);
  if (cohort.length === 0) throw new SpeakerIdError('invalid_argument', 'per-speaker thresholds need a cohort');
  const pooled: number[] = [];
  const highest: Record<string, number> = {};
  for (const speaker of speakers) {
    let best = Number.NEGATIVE_INFINITY;
    for (const member of cohort) {
      const score = cosineSimilarity(member, speaker.embedding);
      pooled.push(score);
      best = Math.max(best, score);
    }
    highest[speaker.name] = best + guard;
  }
  pooled.sort((a, b) => a - b);
  const floor =
    floorQuantile === 0 || pooled.length === 0
      ? Number.NEGATIVE_INFINITY
      : pooled[Math.min(pooled.length - 1, Math.floor(floorQuantile * pooled.length))]!;
  return Object.fromEntries(Object.entries(highest).map(([name, value]) => [name, Math.max(value, floor, minimum)]));
}

/**
 * Impostor cohorts shipped with a backend (backend label → cohort embeddings). A backend listed
 * here decides by {@link perSpeakerThresholds} over its cohort unless the caller sets a threshold.
 */
export const shippedCohorts: Readonly<Record<string, readonly (readonly number[])[]>> = {
  [STATISTICS_PROJECTED_BACKEND]: STATISTICS_PROJECTED_COHORT,
};

/** How the unknown threshold of a decision was set. */
export type ThresholdRuleKind =
  /** Per-candidate cosine thresholds from the cohort shipped with the backend ({@link perSpeakerThresholds}). */
  | 'per-speaker-cohort'
  /** Per-candidate thresholds the caller passed (`perSpeaker`). */
  | 'per-speaker'
  /** One cosine threshold for every candidate. */
  | 'cosine'
  /** One threshold on AS-norm scores over the caller's cohort. */
  | 'as-norm';

/** The rule that decided a chunk, reported with every identification. */
export interface ThresholdRule {
  kind: ThresholdRuleKind;
  /** `'backend default'` when the caller set nothing, `'caller'` when the options set the threshold. */
  source: 'backend default' | 'caller';
  /** One line for people, e.g. `per-speaker cosine thresholds from the backend's cohort (64 clips): …`. */
  description: string;
}

/** The thresholds of a decision and the rule they come from. */
export interface ThresholdChoice {
  thresholds: DecisionThresholds;
  rule: ThresholdRule;
}

/**
 * Chooses the decision rule for one backend and set of enrolled voices. In order: a caller's
 * `perSpeaker` thresholds; a caller's `unknownThreshold` (cosine, or AS-norm with a `cohort`);
 * AS-norm at the backend's default when only a `cohort` is given; per-speaker thresholds from the
 * backend's {@link shippedCohorts} when it ships one (never under the backend's default cosine threshold); else the backend's default cosine threshold.
 *
 * @example
 * decisionRuleFor(STATISTICS_PROJECTED_BACKEND, voices.speakers).rule.kind // 'per-speaker-cohort'
 */
export function decisionRuleFor(
  backend: string,
  speakers: readonly ScoredSpeaker[],
  options: IdentifyOptions & { perSpeaker?: Readonly<Record<string, number>> } = {},
): ThresholdChoice {
  const cohortSize = options.cohort?.length ?? 0;
  const withCohort = cohortSize > 0;
  const defaults = thresholdsFor(backend, withCohort);
  const minMargin = options.minMargin ?? defaults.minMargin;
  const unknownThreshold = options.unknownThreshold ?? defaults.unknownThreshold;
  const scoring = withCohort ? `AS-norm scores over a cohort of ${cohortSize}` : 'cosine';
  if (options.perSpeaker) {
    return {
      thresholds: { unknownThreshold, minMargin, perSpeaker: options.perSpeaker },
      rule: {
        kind: 'per-speaker',
        source: 'caller',
        description: `per-speaker thresholds given by the caller (${scoring}; ${unknownThreshold} for candidates without one)`,
      },
    };
  }
  if (withCohort || options.unknownThreshold !== undefined) {
    const source = options.unknownThreshold === undefined ? 'backend default' : 'caller';
    return {
      thresholds: { unknownThreshold, minMargin },
      rule: {
        kind: withCohort ? 'as-norm' : 'cosine',
        source,
        description: `${scoring} ≥ ${unknownThreshold}${withCohort ? ' σ' : ''} (${source === 'caller' ? 'threshold given' : 'backend default'})`,
      },
    };
  }
  const cohort = shippedCohorts[backend];
  if (cohort && cohort.length > 0 && speakers.length > 0) {
    return {
      thresholds: {
        unknownThreshold,
        minMargin,
        perSpeaker: perSpeakerThresholds(speakers, cohort, { minimum: unknownThreshold }),
      },
      rule: {
        kind: 'per-speaker-cohort',
        source: 'backend default',
        description:
          `per-speaker cosine thresholds from the backend's cohort (${cohort.length} clips): each candidate's highest ` +
          `cohort score + ${COHORT_GUARD}, at least the cohort's ${COHORT_FLOOR_QUANTILE} quantile and ${unknownThreshold}`,
      },
    };
  }
  return {
    thresholds: { unknownThreshold, minMargin },
    rule: { kind: 'cosine', source: 'backend default', description: `cosine ≥ ${unknownThreshold} (backend default)` },
  };
}

/** Thresholds for a backend (CAM++'s for unknown backends). */
export function thresholdsFor(backend: string, withCohort: boolean): { unknownThreshold: number; minMargin: number } {
  const entry = defaultThresholds[backend] ?? defaultThresholds[CAMPPLUS_BACKEND]!;
  return withCohort ? entry.snorm : entry.cosine;
}

function topStatistics(
  embedding: ArrayLike<number>,
  cohort: readonly ArrayLike<number>[],
  topN: number,
): { mean: number; deviation: number } {
  const scores = cohort.map((member) => cosineSimilarity(embedding, member)).sort((a, b) => b - a);
  const top = scores.slice(0, Math.max(1, Math.min(topN, scores.length)));
  const mean = top.reduce((sum, value) => sum + value, 0) / top.length;
  const variance = top.reduce((sum, value) => sum + (value - mean) ** 2, 0) / top.length;
  return { mean, deviation: Math.max(Math.sqrt(variance), 1e-4) };
}

function assertUniqueNames(speakers: readonly ScoredSpeaker[]): void {
  const seen = new Set<string>();
  for (const speaker of speakers) {
    if (seen.has(speaker.name))
      throw new SpeakerIdError('invalid_argument', `speaker "${speaker.name}" is enrolled twice`);
    seen.add(speaker.name);
  }
}

/** Scores one embedding against every enrolled voice (cosine, or AS-norm with a cohort). */
export function scoreAgainstSpeakers(
  embedding: ArrayLike<number>,
  speakers: readonly ScoredSpeaker[],
  scoring: ScoringOptions = {},
): Record<string, number> {
  assertUniqueNames(speakers);
  const scores: Record<string, number> = {};
  const cohort = scoring.cohort && scoring.cohort.length > 0 ? scoring.cohort : undefined;
  const topN = scoring.cohortTopN ?? 100;
  if (!(Number.isInteger(topN) && topN >= 1))
    throw new SpeakerIdError('invalid_argument', `cohortTopN must be a positive integer, got ${topN}`);
  const chunkStatistics = cohort ? topStatistics(embedding, cohort, topN) : undefined;
  for (const speaker of speakers) {
    const raw = cosineSimilarity(embedding, speaker.embedding);
    if (!cohort || !chunkStatistics) {
      scores[speaker.name] = raw;
      continue;
    }
    const speakerStatistics = topStatistics(speaker.embedding, cohort, topN);
    scores[speaker.name] =
      0.5 *
      ((raw - chunkStatistics.mean) / chunkStatistics.deviation +
        (raw - speakerStatistics.mean) / speakerStatistics.deviation);
  }
  return scores;
}

/** Thresholds of a decision; `perSpeaker` replaces `unknownThreshold` for the candidates it names. */
export interface DecisionThresholds {
  unknownThreshold: number;
  minMargin: number;
  /** Per-candidate thresholds (e.g. calibrated from each voice's cohort scores). */
  perSpeaker?: Readonly<Record<string, number>>;
}

/**
 * Decides from scores already computed (one per enrolled voice): the best one, if it reaches its
 * threshold and beats the runner-up by `minMargin`. Ties on the best score are broken by name, so
 * the result never depends on the order of the voices.
 */
export function decideFromScores(scores: Record<string, number>, thresholds: DecisionThresholds): Identification {
  const ranked = Object.entries(scores).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  if (ranked.length === 0)
    return { speaker: null, score: null, margin: null, scores: {}, bestCandidate: null, reason: 'no_speakers' };
  const [bestName, bestScore] = ranked[0]!;
  const second = ranked[1];
  const margin = second ? bestScore - second[1] : null;
  let reason: IdentificationReason = 'identified';
  if (bestScore < (thresholds.perSpeaker?.[bestName] ?? thresholds.unknownThreshold)) reason = 'below_threshold';
  else if (margin !== null && margin < thresholds.minMargin) reason = 'low_margin';
  return {
    speaker: reason === 'identified' ? bestName : null,
    score: bestScore,
    margin,
    scores,
    bestCandidate: bestName,
    reason,
  };
}

/** Decides the speaker of one chunk embedding (scores by {@link scoreAgainstSpeakers}, decision by {@link decideFromScores}). */
export function identifyEmbedding(
  embedding: ArrayLike<number>,
  speakers: readonly ScoredSpeaker[],
  thresholds: DecisionThresholds,
  scoring: ScoringOptions = {},
): Identification {
  if (speakers.length === 0)
    return { speaker: null, score: null, margin: null, scores: {}, bestCandidate: null, reason: 'no_speakers' };
  return decideFromScores(scoreAgainstSpeakers(embedding, speakers, scoring), thresholds);
}

/** The result for a chunk with no speech. */
export function silenceIdentification(): Identification {
  return { speaker: null, score: null, margin: null, scores: {}, bestCandidate: null, reason: 'silence' };
}
