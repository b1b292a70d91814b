/**
 * The methodology version stamped on every rating and result (rule VER).
 * Changing any rule default or reading changes this string; a rating stamped with another version
 * is re-rated (`methodology_update`) and is not counted as verified until it is.
 *
 * Versions (up to `v1.2-2026-04` the seed 002 "Historial de versiones"; later ones are changes of
 * this code's rules or readings):
 * - `v1.3-2026-12` — FUN-6: the R1 override also needs recent content, a window starting at most
 *   `r1OverrideRecencyDays` (90) days before the rating date (seed 002 §2 "explícita y reciente —
 *   últimos 90 días"); an undated window cannot override. (The spec's RULES.md FUN-6 does not state
 *   the 90 days yet.)
 * - `v1.2-2026-04` — `editorial_scope` (seed 002 §10.5).
 * - `v1.1-2026-04` — the `preliminar` confidence level (PRELIM, REV-2).
 * - `v1.0-2026-04` — the initial methodology.
 */
export const METHODOLOGY_VERSION = 'v1.3-2026-12' as const;
