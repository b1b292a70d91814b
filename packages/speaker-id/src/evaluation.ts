/**
 * Calibration tools: equal error rate and minimum detection cost from scored trials, and a way to
 * build trials from enrolled speakers and labelled test chunks, so a newsroom can pick the
 * `unknownThreshold` on its own recordings instead of trusting a default.
 *
 * Both metrics sweep every distinct score as a threshold (a trial is accepted when
 * `score ≥ threshold`), so tied scores move together and the result does not depend on trial order.
 * The EER is read off the ROC convex hull (as in the BOSARIS toolkit's ROCCH-EER): it is the exact
 * point where the hull meets P_miss = P_fa, always within [0, 0.5].
 */
import { SpeakerIdError } from './errors.js';
import { scoreAgainstSpeakers, type ScoredSpeaker, type ScoringOptions } from './identify.js';

/** One verification trial: a score and whether the pair is really the same speaker. */
export interface Trial {
  score: number;
  target: boolean;
}

/** One operating point of the ROC: accept when score ≥ threshold. */
export interface OperatingPoint {
  threshold: number;
  missRate: number;
  falseAlarmRate: number;
}

function validateTrials(trials: readonly Trial[]): { targets: number; nonTargets: number } {
  let targets = 0;
  let nonTargets = 0;
  for (const [index, trial] of trials.entries()) {
    if (!Number.isFinite(trial.score)) {
      throw new SpeakerIdError(
        'invalid_argument',
        `trial ${index}: score must be a finite number, got ${String(trial.score)}`,
      );
    }
    if (trial.target) targets += 1;
    else nonTargets += 1;
  }
  if (targets === 0 || nonTargets === 0) {
    throw new SpeakerIdError(
      'invalid_argument',
      `need at least one target and one non-target trial (got ${targets} and ${nonTargets})`,
    );
  }
  return { targets, nonTargets };
}

/**
 * Every operating point of the ROC, from "reject all" (threshold +∞) to "accept all" (the lowest
 * score), one per distinct score.
 */
export function rocOperatingPoints(trials: readonly Trial[]): OperatingPoint[] {
  const { targets, nonTargets } = validateTrials(trials);
  const sorted = [...trials].sort((a, b) => b.score - a.score);
  const points: OperatingPoint[] = [{ threshold: Number.POSITIVE_INFINITY, missRate: 1, falseAlarmRate: 0 }];
  let acceptedTargets = 0;
  let acceptedNonTargets = 0;
  let index = 0;
  while (index < sorted.length) {
    const threshold = sorted[index]!.score;
    while (index < sorted.length && sorted[index]!.score === threshold) {
      if (sorted[index]!.target) acceptedTargets += 1;
      else acceptedNonTargets += 1;
      index += 1;
    }
    points.push({
      threshold,
      missRate: 1 - acceptedTargets / targets,
      falseAlarmRate: acceptedNonTargets / nonTargets,
    });
  }
  return points;
}

/** Result of {@link equalErrorRate}. */
export interface EqualErrorRateResult {
  /** The ROCCH equal error rate, in [0, 0.5]. */
  rate: number;
  /** The threshold of the ROC operating point closest to equal error (accept when score ≥ threshold). */
  threshold: number;
  targets: number;
  nonTargets: number;
}

/**
 * Equal error rate of scored trials (ROC convex hull, ties handled).
 *
 * @example
 * equalErrorRate([{ score: 0.9, target: true }, { score: 0.2, target: false }]).rate // 0
 */
export function equalErrorRate(trials: readonly Trial[]): EqualErrorRateResult {
  const { targets, nonTargets } = validateTrials(trials);
  const points = rocOperatingPoints(trials);
  // Lower convex hull of (P_fa, P_miss); points are ordered by increasing P_fa and decreasing P_miss.
  const hull: OperatingPoint[] = [];
  for (const point of points) {
    while (hull.length >= 2) {
      const a = hull[hull.length - 2]!;
      const b = hull[hull.length - 1]!;
      const cross =
        (b.falseAlarmRate - a.falseAlarmRate) * (point.missRate - a.missRate) -
        (b.missRate - a.missRate) * (point.falseAlarmRate - a.falseAlarmRate);
      if (cross <= 0) hull.pop();
      else break;
    }
    hull.push(point);
  }
  let rate = 0;
  for (let index = 0; index + 1 < hull.length; index += 1) {
    const a = hull[index]!;
    const b = hull[index + 1]!;
    const differenceA = a.missRate - a.falseAlarmRate;
    const differenceB = b.missRate - b.falseAlarmRate;
    if (differenceA >= 0 && differenceB <= 0) {
      const lambda = differenceA === differenceB ? 0 : differenceA / (differenceA - differenceB);
      rate = a.falseAlarmRate + lambda * (b.falseAlarmRate - a.falseAlarmRate);
      break;
    }
  }
  let best = points[0]!;
  for (const point of points) {
    if (Math.abs(point.missRate - point.falseAlarmRate) < Math.abs(best.missRate - best.falseAlarmRate)) best = point;
  }
  return { rate: Math.min(0.5, Math.max(0, rate)), threshold: best.threshold, targets, nonTargets };
}

/** Costs and prior of the detection cost function (NIST SRE style). */
export interface DetectionCostParameters {
  /** Prior probability of a target trial (e.g. 0.01 or 0.05). */
  pTarget: number;
  /** Cost of a miss (default 1). */
  cMiss?: number;
  /** Cost of a false alarm (default 1). */
  cFa?: number;
}

/** Result of {@link minDcf}. */
export interface MinDcfResult {
  /** Minimum normalised detection cost (1 = no better than always accepting or always rejecting). */
  minDcf: number;
  /** Threshold that attains it (accept when score ≥ threshold; +∞ = reject all). */
  threshold: number;
  missRate: number;
  falseAlarmRate: number;
}

/**
 * Minimum normalised detection cost over all thresholds:
 * min_t [cMiss·pTarget·P_miss(t) + cFa·(1−pTarget)·P_fa(t)] / min(cMiss·pTarget, cFa·(1−pTarget)).
 */
export function minDcf(trials: readonly Trial[], parameters: DetectionCostParameters): MinDcfResult {
  const { pTarget } = parameters;
  const cMiss = parameters.cMiss ?? 1;
  const cFa = parameters.cFa ?? 1;
  if (!(pTarget > 0 && pTarget < 1))
    throw new SpeakerIdError('invalid_argument', `pTarget must be in (0, 1), got ${pTarget}`);
  if (!(cMiss > 0 && cFa > 0)) throw new SpeakerIdError('invalid_argument', 'cMiss and cFa must be positive');
  const missWeight = cMiss * pTarget;
  const falseAlarmWeight = cFa * (1 - pTarget);
  const normaliser = Math.min(missWeight, falseAlarmWeight);
  let best: MinDcfResult | undefined;
  for (const point of rocOperatingPoints(trials)) {
    const cost = (missWeight * point.missRate + falseAlarmWeight * point.falseAlarmRate) / normaliser;
    if (!best || cost < best.minDcf)
      best = {
        minDcf: cost,
        threshold: point.threshold,
        missRate: point.missRate,
        falseAlarmRate: point.falseAlarmRate,
      };
  }
  return best!;
}

/** A test chunk with its true speaker (null or a name not enrolled = an impostor / unknown voice). */
export interface LabelledChunk {
  /** Who really speaks in the chunk. */
  label: string | null;
  /** The chunk's embedding, from the same embedder as the enrollment. */
  embedding: ArrayLike<number>;
  /** Optional identifier carried into the trials (e.g. the file name). */
  id?: string;
}

/** A trial built from one chunk and one enrolled speaker. */
export interface SpeakerTrial extends Trial {
  speaker: string;
  chunk: string | number;
}

/**
 * Scores every labelled chunk against every enrolled speaker (cosine, or s-norm when a cohort is
 * given in `scoring`): target when the chunk's label is that speaker. Feed the result to
 * {@link equalErrorRate} / {@link minDcf} to choose a threshold.
 */
export function buildTrials(
  speakers: readonly ScoredSpeaker[],
  chunks: readonly LabelledChunk[],
  scoring: ScoringOptions = {},
): SpeakerTrial[] {
  const trials: SpeakerTrial[] = [];
  chunks.forEach((chunk, index) => {
    const scores = scoreAgainstSpeakers(chunk.embedding, speakers, scoring);
    for (const speaker of speakers) {
      trials.push({
        score: scores[speaker.name]!,
        target: chunk.label === speaker.name,
        speaker: speaker.name,
        chunk: chunk.id ?? index,
      });
    }
  });
  return trials;
}
