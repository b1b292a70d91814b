/**
 * Parameters of the agreement rules (AGR-1..AGR-3, AGR-5), as the code uses them. Each one is
 * listed with its default in `rules.ts`, so the methodology page cannot drift from the code.
 */

/**
 * Default confidence level of every interval (rule AGR-1, AGR-2).
 *
 * @example
 * wilsonInterval(7, 50, DEFAULT_AGREEMENT_LEVEL); // same as wilsonInterval(7, 50)
 */
export const DEFAULT_AGREEMENT_LEVEL = 0.95;
/**
 * Default standard error for Cohen's kappa (rule AGR-1): the seed's figures reproduce with it.
 *
 * @example
 * cohenKappa(a, b, { se: DEFAULT_KAPPA_STANDARD_ERROR }); // 'asymptotic'
 */
export const DEFAULT_KAPPA_STANDARD_ERROR = 'asymptotic' as const;
/**
 * A class enters macro accuracy only with at least this many gold cases (rule AGR-2).
 *
 * @example
 * macroAccuracy({ gold, predicted, minCases: MACRO_ACCURACY_MIN_CASES, bootstrap: { seed: 1 } });
 */
export const MACRO_ACCURACY_MIN_CASES = 8;
/**
 * Default number of bootstrap resamples of macro accuracy (rule AGR-2) **[choice]**.
 *
 * @example
 * macroAccuracy({ gold, predicted, bootstrap: { seed: 1, resamples: DEFAULT_BOOTSTRAP_RESAMPLES } });
 */
export const DEFAULT_BOOTSTRAP_RESAMPLES = 10_000;
/**
 * A class's precision is measurable only with at least this many gold cases (rule AGR-3).
 *
 * @example
 * perClassMeasurability({ law_in_force: 30 }, MIN_PRECISION_CASES); // measurable
 */
export const MIN_PRECISION_CASES = 25;
/**
 * Largest number of bootstrap resamples accepted (guards against accidental huge loops).
 *
 * @example
 * BootstrapOptionsSchema.safeParse({ seed: 1, resamples: MAX_BOOTSTRAP_RESAMPLES + 1 }).success; // false
 */
export const MAX_BOOTSTRAP_RESAMPLES = 1_000_000;
