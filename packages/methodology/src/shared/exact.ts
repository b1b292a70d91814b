/**
 * Comparisons for real-valued thresholds (RULES.md §10 "Real-valued thresholds"): a value within
 * 1e-9 of the threshold counts as equal to it, so results never depend on floating-point noise.
 * Shares of integer counts are compared by cross-multiplication instead, never with these.
 */
export const THRESHOLD_EPSILON = 1e-9;

export function atLeast(value: number, threshold: number): boolean {
  return value >= threshold - THRESHOLD_EPSILON;
}
export function atMost(value: number, threshold: number): boolean {
  return value <= threshold + THRESHOLD_EPSILON;
}
export function greaterThan(value: number, threshold: number): boolean {
  return value > threshold + THRESHOLD_EPSILON;
}
export function lessThan(value: number, threshold: number): boolean {
  return value < threshold - THRESHOLD_EPSILON;
}
