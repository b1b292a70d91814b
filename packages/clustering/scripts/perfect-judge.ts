import { fnv1a32, mulberry32 } from '@espectro/methodology';
import type { PairJudge } from '../src/judge-types.js';

/**
 * A judge that answers from the gold event labels: the best any judge of the grey zone could do.
 * Used by `calibrate.ts` (to place `judgeLow`) and `evaluate.ts` (the perfect-judge ceiling).
 */
export function perfectJudge(rows: readonly { id: string; event: string }[]): PairJudge {
  return fallibleJudge(rows, 0);
}

/**
 * The gold-label judge with a share `errorRate` of its verdicts flipped — a stand-in for an LLM
 * judge of known accuracy (`1 - errorRate`). Which pairs it gets wrong depends only on the pair
 * (a seeded draw from the pair's key), so two settings that judge the same pair agree on it.
 */
export function fallibleJudge(rows: readonly { id: string; event: string }[], errorRate: number): PairJudge {
  const eventOf = new Map(rows.map((row) => [row.id, row.event]));
  return {
    backend: errorRate === 0 ? 'oracle (gold labels)' : `oracle (gold labels, ${errorRate * 100} % flipped)`,
    async decide(pairs) {
      return pairs.map((pair) => {
        const same = eventOf.get(pair.left.id) === eventOf.get(pair.right.id);
        const wrong = errorRate > 0 && mulberry32(fnv1a32(pair.key))() < errorRate;
        return { key: pair.key, verdict: same !== wrong ? 'same' : 'different' };
      });
    },
  };
}
