/**
 * Default parameters of the Brazilian article/outlet tendency rules (RULES.md §2, seed 000). The
 * code and the rule catalogue both read them from here. Changing one is a methodology change.
 *
 * @example
 * import { TENDENCY_PARAMETERS } from '@espectro/methodology';
 * TENDENCY_PARAMETERS.highSample; // 25
 */
export const TENDENCY_PARAMETERS = Object.freeze({
  /** ART-1 [choice]: words needed for `high`. */
  highMinWords: 300,
  /** ART-1 [choice]: explicit indicators needed for `high`. */
  highMinIndicators: 3,
  /** ART-1 [choice]: words needed for `medium`. */
  mediumMinWords: 120,
  /** ART-1 [choice]: explicit indicators needed for `medium`. */
  mediumMinIndicators: 1,
  /** ART-1: an outlet with fewer analysed articles than this makes the article preliminary. */
  minOutletSample: 10,
  /** OT-1: window in days up to `asOf` (0–90 inclusive). */
  windowDays: 90,
  /** OT-2: articles needed for a tendency (`medium`). */
  mediumSample: 10,
  /** OT-2: articles needed for `high`. */
  highSample: 25,
} as const);

/** The type of {@link TENDENCY_PARAMETERS}. */
export type TendencyParameters = typeof TENDENCY_PARAMETERS;
