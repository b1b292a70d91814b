import { describe, expect, test } from 'vitest';
import { decideFromScores } from '../identify.js';
import { l2Normalize } from '../vectors.js';
import type { OpenSetClip } from './corpus.js';
import {
  calibrateOnCohort,
  evaluateOpenSet,
  scoreOpenSet,
  type OpenSetEmbeddings,
  type ScoredTestClip,
} from './report.js';

const unit = (...values: number[]) => l2Normalize(values);
const clip = (voice: string, role: OpenSetClip['role'], condition: OpenSetClip['condition']): OpenSetClip => ({
  voice,
  role,
  condition,
  pair: 0,
  path: `${voice}.${condition}.wav`,
});

describe('decideFromScores', () => {
  test('a per-speaker threshold replaces the global one for that candidate only', () => {
    const thresholds = { unknownThreshold: 0.5, minMargin: 0, perSpeaker: { ana: 0.9 } };
    expect(decideFromScores({ ana: 0.8, bruno: 0.1 }, thresholds)).toMatchObject({
      speaker: null,
      reason: 'below_threshold',
    });
    expect(decideFromScores({ ana: 0.1, bruno: 0.8 }, thresholds)).toMatchObject({ speaker: 'bruno' });
    expect(decideFromScores({}, thresholds).reason).toBe('no_speakers');
  });
});

describe('evaluateOpenSet', () => {
  const scored: ScoredTestClip[] = [
    {
      clip: clip('ana', 'target', 'clean'),
      scores: { cosine: { ana: 0.9, bruno: 0.2 }, 'as-norm': { ana: 3, bruno: 0 } },
    },
    {
      clip: clip('ana', 'target', 'roundtrip-8k'),
      scores: { cosine: { ana: 0.3, bruno: 0.85 }, 'as-norm': { ana: 1, bruno: 2.5 } },
    },
    {
      clip: clip('carla', 'impostor', 'clean'),
      scores: { cosine: { ana: 0.82, bruno: 0.1 }, 'as-norm': { ana: 1.5, bruno: 0 } },
    },
    {
      clip: clip('dora', 'impostor', 'roundtrip-8k'),
      scores: { cosine: { ana: 0.1, bruno: 0.2 }, 'as-norm': { ana: 0, bruno: 0.5 } },
    },
  ];

  test('counts right speakers, wrong speakers and rejected impostors per condition and in total', () => {
    const evaluation = evaluateOpenSet(scored, {
      label: 'cosine',
      scoring: 'cosine',
      unknownThreshold: 0.8,
      minMargin: 0,
    });
    expect(evaluation.byCondition.clean).toEqual({
      targets: 1,
      targetsCorrect: 1,
      targetsWrongSpeaker: 0,
      impostors: 1,
      impostorsRejected: 0,
    });
    expect(evaluation.byCondition['roundtrip-8k']).toEqual({
      targets: 1,
      targetsCorrect: 0,
      targetsWrongSpeaker: 1,
      impostors: 1,
      impostorsRejected: 1,
    });
    expect(evaluation.total).toMatchObject({ targets: 2, targetsCorrect: 1, impostors: 2, impostorsRejected: 1 });
    // Trials: 4 clips × 2 candidates; two of the target-clip trials are same-speaker.
    expect(evaluation.equalErrorRate).toBeGreaterThan(0);
  });

  test('the rule picks its scoring: AS-norm at 2 σ rejects the impostor cosine accepted', () => {
    const evaluation = evaluateOpenSet(scored, {
      label: 'as-norm',
      scoring: 'as-norm',
      unknownThreshold: 2,
      minMargin: 0,
    });
    expect(evaluation.byCondition.clean).toMatchObject({ targetsCorrect: 1, impostorsRejected: 1 });
    expect(evaluation.total.impostorsRejected).toBe(2);
  });
});

describe('calibrateOnCohort', () => {
  // Two candidates on the first two axes; eight cohort voices mostly elsewhere, each leaning a
  // little towards one candidate (the first one most).
  const cohortVoice = (index: number) => {
    const values = [0, 0, 0, 0, 0, 0, 0, 0];
    values[index % 2] = index === 0 ? 0.6 : 0.1 + 0.03 * index;
    values[2 + (index % 6)] = 1;
    values[2 + ((index + 1) % 6)] = 0.3;
    return { voice: `c${index}`, embedding: unit(...values) };
  };
  const embeddings: OpenSetEmbeddings = {
    speakers: [
      { name: 'ana', embedding: Array.from(unit(1, 0, 0, 0, 0, 0, 0, 0)), clips: [] },
      { name: 'bruno', embedding: Array.from(unit(0, 1, 0, 0, 0, 0, 0, 0)), clips: [] },
    ],
    cohort: Array.from({ length: 8 }, (_, index) => cohortVoice(index)),
    tests: [{ clip: clip('ana', 'target', 'clean'), embedding: unit(1, 0.05, 0.1, 0, 0, 0, 0, 0) }],
  };

  test('per-speaker cosine thresholds sit just above the closest cohort voice of each candidate', () => {
    const calibration = calibrateOnCohort(embeddings, { asNorm: 0, cosine: 0.01 });
    const closestToAna = Math.max(...embeddings.cohort.map((member) => member.embedding[0]!));
    expect(calibration.perSpeakerCosine.ana).toBeCloseTo(closestToAna + 0.01, 6);
    expect(calibration.perSpeakerCosine.bruno).toBeLessThan(calibration.perSpeakerCosine.ana!);
    expect(calibration.pseudoImpostorClips).toBe(8);
  });

  test('every cohort voice, scored with itself left out of the cohort, falls below the AS-norm threshold', () => {
    const calibration = calibrateOnCohort(embeddings, { asNorm: 0, cosine: 0 }, 4);
    for (const member of embeddings.cohort) {
      const scored = scoreOpenSet(
        {
          ...embeddings,
          cohort: embeddings.cohort.filter((other) => other.voice !== member.voice),
          tests: [{ clip: clip(member.voice, 'impostor', 'clean'), embedding: member.embedding }],
        },
        4,
      );
      for (const score of Object.values(scored[0]!.scores['as-norm']))
        expect(score).toBeLessThanOrEqual(calibration.asNormThreshold);
    }
    // The enrolled voice's own clip clears it.
    const target = scoreOpenSet(embeddings, 4)[0]!;
    expect(target.scores['as-norm'].ana).toBeGreaterThan(calibration.asNormThreshold);
  });
});
