import { ClusteringError } from './errors.js';

/** Precision, recall and F1 of one comparison, with the counts they come from. */
export interface PrecisionRecall {
  precision: number;
  recall: number;
  f1: number;
}

/** Pairwise scores: every unordered pair of items is a decision (same cluster or not). */
export interface PairwiseScores extends PrecisionRecall {
  /** Pairs together in both the prediction and the gold labels. */
  truePositives: number;
  /** Pairs together in the prediction only. */
  falsePositives: number;
  /** Pairs together in the gold labels only. */
  falseNegatives: number;
  /** Number of items compared. */
  items: number;
}

/** B-cubed scores: per-item precision and recall of its cluster, averaged over items. */
export interface BCubedScores extends PrecisionRecall {
  items: number;
}

/** Quality of a clustering against gold labels. */
export interface ClusteringQuality {
  pairwise: PairwiseScores;
  bcubed: BCubedScores;
  /** Number of predicted and gold clusters. */
  predictedClusters: number;
  goldClusters: number;
}

function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function checkLabels(predicted: ReadonlyMap<string, string>, gold: ReadonlyMap<string, string>): string[] {
  const ids = [...gold.keys()];
  if (predicted.size !== gold.size || ids.some((id) => !predicted.has(id))) {
    throw new ClusteringError({
      code: 'invalid_input',
      stage: 'evaluate',
      field: 'predicted',
      message: `predicted and gold labels must cover the same items (${predicted.size} predicted, ${gold.size} gold)`,
    });
  }
  return ids;
}

function groupSizes(labels: ReadonlyMap<string, string>): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const label of labels.values()) sizes.set(label, (sizes.get(label) ?? 0) + 1);
  return sizes;
}

/**
 * Pairwise precision, recall and F1 of a clustering: a pair is positive when its two items share a
 * cluster. Computed from the contingency table, so it costs O(items), not O(items²). With no
 * positive pair in the prediction, precision is 1 (nothing wrongly merged); with none in the gold
 * labels, recall is 1.
 *
 * @example
 * pairwiseScores(new Map([['a', 's1'], ['b', 's1']]), new Map([['a', 'e1'], ['b', 'e2']])).precision; // 0
 */
export function pairwiseScores(
  predicted: ReadonlyMap<string, string>,
  gold: ReadonlyMap<string, string>,
): PairwiseScores {
  const ids = checkLabels(predicted, gold);
  const pairs = (size: number): number => (size * (size - 1)) / 2;
  const joint = new Map<string, number>();
  for (const id of ids) {
    const key = `${predicted.get(id)!}\u0000${gold.get(id)!}`;
    joint.set(key, (joint.get(key) ?? 0) + 1);
  }
  let truePositives = 0;
  for (const size of joint.values()) truePositives += pairs(size);
  let predictedPairs = 0;
  for (const size of groupSizes(predicted).values()) predictedPairs += pairs(size);
  let goldPairs = 0;
  for (const size of groupSizes(gold).values()) goldPairs += pairs(size);
  const precision = predictedPairs === 0 ? 1 : truePositives / predictedPairs;
  const recall = goldPairs === 0 ? 1 : truePositives / goldPairs;
  return {
    precision,
    recall,
    f1: f1(precision, recall),
    truePositives,
    falsePositives: predictedPairs - truePositives,
    falseNegatives: goldPairs - truePositives,
    items: ids.length,
  };
}

/**
 * B-cubed precision, recall and F1 (Bagga & Baldwin): for each item, the share of its predicted
 * cluster that shares its gold label (precision) and the share of its gold cluster that shares its
 * predicted cluster (recall), averaged over items.
 */
export function bcubedScores(predicted: ReadonlyMap<string, string>, gold: ReadonlyMap<string, string>): BCubedScores {
  const ids = checkLabels(predicted, gold);
  const predictedSizes = groupSizes(predicted);
  const goldSizes = groupSizes(gold);
  const joint = new Map<string, number>();
  for (const id of ids) {
    const key = `${predicted.get(id)!}\u0000${gold.get(id)!}`;
    joint.set(key, (joint.get(key) ?? 0) + 1);
  }
  let precisionSum = 0;
  let recallSum = 0;
  for (const id of ids) {
    const overlap = joint.get(`${predicted.get(id)!}\u0000${gold.get(id)!}`)!;
    precisionSum += overlap / predictedSizes.get(predicted.get(id)!)!;
    recallSum += overlap / goldSizes.get(gold.get(id)!)!;
  }
  const precision = ids.length === 0 ? 1 : precisionSum / ids.length;
  const recall = ids.length === 0 ? 1 : recallSum / ids.length;
  return { precision, recall, f1: f1(precision, recall), items: ids.length };
}

/** Pairwise and B-cubed scores together, with cluster counts. */
export function clusteringQuality(
  predicted: ReadonlyMap<string, string>,
  gold: ReadonlyMap<string, string>,
): ClusteringQuality {
  return {
    pairwise: pairwiseScores(predicted, gold),
    bcubed: bcubedScores(predicted, gold),
    predictedClusters: groupSizes(predicted).size,
    goldClusters: groupSizes(gold).size,
  };
}
