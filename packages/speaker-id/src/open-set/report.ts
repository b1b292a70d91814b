/**
 * The open-set report: do voices that were never enrolled come back unknown, while enrolled voices
 * are still recognised — clean, resampled, noisy (20 dB SNR) and band-limited (8 kHz)?
 *
 * Stages: {@link embedOpenSet} embeds the rendered clips the way production does (`loadClip` +
 * `enrollSpeaker`), {@link scoreOpenSet} scores every test clip (raw cosine and AS-norm against the
 * impostor cohort), {@link calibrateOnCohort} picks thresholds **from the cohort alone** (never from
 * the impostor test clips), and {@link evaluateOpenSet} counts, per condition, the enrolled clips
 * identified as the right speaker and the impostor clips returned as unknown, with the EER and
 * minDCF of the verification trials.
 */
import type { Embedder } from '../embedder.js';
import { enrollSpeaker, loadClip, type EnrolledSpeaker } from '../enrollment.js';
import { equalErrorRate, minDcf, type Trial } from '../evaluation.js';
import { COHORT_FLOOR_QUANTILE, decideFromScores, perSpeakerThresholds, scoreAgainstSpeakers } from '../identify.js';
import type { ConditionId } from './conditions.js';
import type { OpenSetClip } from './corpus.js';

/** Every clip's embedding, with the enrolled voices built from the enrollment clips. */
export interface OpenSetEmbeddings {
  speakers: EnrolledSpeaker[];
  /** Cohort clip embeddings, with the voice that spoke them. */
  cohort: { voice: string; embedding: Float32Array }[];
  /** Target and impostor clips with their embeddings. */
  tests: { clip: OpenSetClip; embedding: Float32Array }[];
}

/**
 * Embeds the clips of a rendered corpus: enrollment clips become one voice per candidate (as
 * `espectro speaker enroll` does), cohort and test clips one embedding each.
 */
export async function embedOpenSet(clips: readonly OpenSetClip[], embedder: Embedder): Promise<OpenSetEmbeddings> {
  const embed = async (clip: OpenSetClip) => embedder.embed((await loadClip(clip.path)).samples, 16000);
  const enrollment = new Map<string, OpenSetClip[]>();
  for (const clip of clips) {
    if (clip.role !== 'enrollment') continue;
    enrollment.set(clip.voice, [...(enrollment.get(clip.voice) ?? []), clip]);
  }
  const speakers: EnrolledSpeaker[] = [];
  for (const [voice, voiceClips] of enrollment) {
    const loaded = await Promise.all(voiceClips.map((clip) => loadClip(clip.path)));
    speakers.push(await enrollSpeaker({ name: voice, clips: loaded, embedder }));
  }
  const cohort: OpenSetEmbeddings['cohort'] = [];
  const tests: OpenSetEmbeddings['tests'] = [];
  for (const clip of clips) {
    if (clip.role === 'cohort') cohort.push({ voice: clip.voice, embedding: await embed(clip) });
    else if (clip.role !== 'enrollment') tests.push({ clip, embedding: await embed(clip) });
  }
  return { speakers, cohort, tests };
}

/** The two scorings compared by the report. */
export type ScoringKind = 'cosine' | 'as-norm';

/** A test clip's scores against every candidate, under both scorings. */
export interface ScoredTestClip {
  clip: OpenSetClip;
  scores: Record<ScoringKind, Record<string, number>>;
}

/** AS-norm's cohort statistics use the N highest cohort scores (an Espectro choice; identify.ts's default is 100). */
export const REPORT_COHORT_TOP_N = 20;

/** Scores every test clip against the candidates, by raw cosine and by AS-norm over the cohort. */
export function scoreOpenSet(embeddings: OpenSetEmbeddings, cohortTopN = REPORT_COHORT_TOP_N): ScoredTestClip[] {
  const cohort = embeddings.cohort.map((member) => member.embedding);
  return embeddings.tests.map(({ clip, embedding }) => ({
    clip,
    scores: {
      cosine: scoreAgainstSpeakers(embedding, embeddings.speakers),
      'as-norm': scoreAgainstSpeakers(embedding, embeddings.speakers, { cohort, cohortTopN }),
    },
  }));
}

/** A decision rule: a scoring and its thresholds (one global, or one per candidate). */
export interface DecisionRule {
  label: string;
  scoring: ScoringKind;
  /** Best score below this → unknown. */
  unknownThreshold: number;
  /** Per-candidate thresholds that replace `unknownThreshold` for that candidate. */
  perSpeaker?: Readonly<Record<string, number>>;
  /** Best − second best below this → unknown. */
  minMargin: number;
}

/** What the cohort calibration found. */
export interface CohortCalibration {
  /** AS-norm threshold above every pseudo-impostor score (cohort voices scored with themselves left out). */
  asNormThreshold: number;
  /** Per candidate: the highest raw cosine any cohort clip reached against it, plus the guard. */
  perSpeakerCosine: Record<string, number>;
  /**
   * The same, each at least the `floorQuantile` of all cohort × candidate cosines and at least
   * `guards.minimum` ({@link perSpeakerThresholds}) — with the backend's default cosine threshold as
   * the minimum, the rule `identifySamples` applies by default.
   */
  perSpeakerCosineWithFloor: Record<string, number>;
  /** Pseudo-impostor trials the calibration saw. */
  pseudoImpostorClips: number;
}

/**
 * Calibrates thresholds from the impostor cohort only: each cohort voice plays the unknown
 * speaker in turn, scored against the candidates with AS-norm over the *other* cohort voices; the
 * AS-norm threshold is the highest best-candidate score any of them reached plus `guard`. The
 * per-speaker cosine thresholds are each candidate's highest cohort cosine plus `guards.cosine`,
 * with and without the floor at `guards.floorQuantile` of the pooled cohort cosines (and `guards.minimum`).
 * Nothing here looks at the impostor test clips, so the report's rejection rate is out of sample.
 */
export function calibrateOnCohort(
  embeddings: OpenSetEmbeddings,
  guards: { asNorm: number; cosine: number; floorQuantile?: number; minimum?: number } = {
    asNorm: 0.25,
    cosine: 0.005,
  },
  cohortTopN = REPORT_COHORT_TOP_N,
): CohortCalibration {
  let highest = Number.NEGATIVE_INFINITY;
  for (const member of embeddings.cohort) {
    const others = embeddings.cohort.filter((other) => other.voice !== member.voice).map((other) => other.embedding);
    const normed = scoreAgainstSpeakers(member.embedding, embeddings.speakers, { cohort: others, cohortTopN });
    highest = Math.max(highest, ...Object.values(normed));
  }
  const cohort = embeddings.cohort.map((member) => member.embedding);
  return {
    asNormThreshold: highest + guards.asNorm,
    perSpeakerCosine: perSpeakerThresholds(embeddings.speakers, cohort, { guard: guards.cosine, floorQuantile: 0 }),
    perSpeakerCosineWithFloor: perSpeakerThresholds(embeddings.speakers, cohort, {
      guard: guards.cosine,
      floorQuantile: guards.floorQuantile ?? COHORT_FLOOR_QUANTILE,
      ...(guards.minimum !== undefined ? { minimum: guards.minimum } : {}),
    }),
    pseudoImpostorClips: embeddings.cohort.length,
  };
}

/** Counts for one condition (or all of them). */
export interface OpenSetCounts {
  /** Enrolled-voice clips, and how many came back as the right speaker. */
  targets: number;
  targetsCorrect: number;
  /** Enrolled-voice clips given to another candidate (the harmful error: a claim on the wrong scoreboard). */
  targetsWrongSpeaker: number;
  /** Never-enrolled clips, and how many came back unknown. */
  impostors: number;
  impostorsRejected: number;
}

/** The report of one decision rule. */
export interface OpenSetEvaluation {
  rule: DecisionRule;
  byCondition: Partial<Record<ConditionId, OpenSetCounts>>;
  total: OpenSetCounts;
  /** Verification trials (every test clip × every candidate) under the rule's scoring. */
  equalErrorRate: number;
  /** minDCF at p_target 0.05. */
  minDcf: number;
}

function emptyCounts(): OpenSetCounts {
  return { targets: 0, targetsCorrect: 0, targetsWrongSpeaker: 0, impostors: 0, impostorsRejected: 0 };
}

/** Applies `rule` to every scored clip and counts the outcomes per condition. */
export function evaluateOpenSet(scored: readonly ScoredTestClip[], rule: DecisionRule): OpenSetEvaluation {
  const byCondition: Partial<Record<ConditionId, OpenSetCounts>> = {};
  const total = emptyCounts();
  const trials: Trial[] = [];
  for (const { clip, scores } of scored) {
    const ruleScores = scores[rule.scoring];
    const decision = decideFromScores(ruleScores, rule).speaker;
    const counts = (byCondition[clip.condition] ??= emptyCounts());
    for (const bucket of [counts, total]) {
      if (clip.role === 'target') {
        bucket.targets += 1;
        if (decision === clip.voice) bucket.targetsCorrect += 1;
        else if (decision !== null) bucket.targetsWrongSpeaker += 1;
      } else {
        bucket.impostors += 1;
        if (decision === null) bucket.impostorsRejected += 1;
      }
    }
    for (const [name, score] of Object.entries(ruleScores)) trials.push({ score, target: name === clip.voice });
  }
  return {
    rule,
    byCondition,
    total,
    equalErrorRate: equalErrorRate(trials).rate,
    minDcf: minDcf(trials, { pTarget: 0.05 }).minDcf,
  };
}
