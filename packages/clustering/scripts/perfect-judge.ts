import type { PairJudge } from '../src/judge-types.js';

/**
 * A judge that answers from the gold event labels: the best any judge of the grey zone could do.
 * Used by `calibrate.ts` (to place `judgeLow`) and `evaluate.ts` (the perfect-judge ceiling).
 */
export function perfectJudge(rows: readonly { id: string; event: string }[]): PairJudge {
  const eventOf = new Map(rows.map((row) => [row.id, row.event]));
  return {
    backend: 'oracle (gold labels)',
    async decide(pairs) {
      return pairs.map((pair) => ({
        key: pair.key,
        verdict: eventOf.get(pair.left.id) === eventOf.get(pair.right.id) ? 'same' : 'different',
      }));
    },
  };
}
