import { OFFLINE_CHAINING_GUARD, OFFLINE_JUDGE_LOW_THRESHOLD, OFFLINE_MERGE_THRESHOLD } from '@espectro/methodology';
import type { SimilarityThresholds } from './embedder.js';

export { OFFLINE_AGREEMENT_FACTORS } from '@espectro/methodology';

/**
 * Thresholds of the offline embedder (rule CLU-2-OFFLINE in `@espectro/methodology`), calibrated
 * by `scripts/calibrate.ts` on `data/dev-set.jsonl`; measured quality, the sweep and the held-out
 * figures are in the README and `data/calibration.json`. They are on a different scale from rule
 * CLU-2's MiniLM thresholds (0.74 / 0.60) and do not replace them.
 */
export const OFFLINE_THRESHOLDS: SimilarityThresholds = {
  merge: OFFLINE_MERGE_THRESHOLD,
  judgeLow: OFFLINE_JUDGE_LOW_THRESHOLD,
  averageSimilarityGuard: OFFLINE_CHAINING_GUARD,
  source: 'rule CLU-2-OFFLINE, calibrated on data/dev-set.jsonl (297 headlines, 186 events)',
};
