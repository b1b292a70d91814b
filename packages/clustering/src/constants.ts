/**
 * Thresholds of rules CLU-2 and CLU-3 (RULES.md §6) live in `@espectro/methodology`; re-exported here
 * for convenience.
 */
export { CLU_2_JUDGE_LOW_THRESHOLD, CLU_2_MERGE_THRESHOLD, CLU_3_WINDOW_HOURS } from '@espectro/methodology';
