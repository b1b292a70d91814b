/** Parameters of the contestation rules (CON-1, CON-3), as the code uses them. */

/**
 * Longest contestation text accepted (rule CON-1) **[choice]**.
 *
 * @example
 * ContestationSchema.shape.text.safeParse('x'.repeat(CONTESTATION_TEXT_MAX_LENGTH + 1)).success; // false
 */
export const CONTESTATION_TEXT_MAX_LENGTH = 5_000;
/**
 * Longest triage notes accepted on a transition (rule CON-2) **[choice]**.
 *
 * @example
 * ContestationTransitionSchema.shape.notes.safeParse('x'.repeat(TRIAGE_NOTES_MAX_LENGTH + 1)).success; // false
 */
export const TRIAGE_NOTES_MAX_LENGTH = 10_000;
/**
 * Default contestations per contester in the rolling hour (rule CON-3).
 *
 * @example
 * checkContestationRateLimit(history, request, { perContesterHour: DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR + 2 });
 */
export const DEFAULT_CONTESTATIONS_PER_CONTESTER_HOUR = 3;
/**
 * Default contestations per contester in the rolling day (rule CON-3).
 *
 * @example
 * checkContestationRateLimit(history, request, { perContesterDay: DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY * 2 });
 */
export const DEFAULT_CONTESTATIONS_PER_CONTESTER_DAY = 10;
/**
 * Default contestations per outlet in the rolling day (rule CON-3).
 *
 * @example
 * checkContestationRateLimit(history, request, { perOutletDay: DEFAULT_CONTESTATIONS_PER_OUTLET_DAY });
 */
export const DEFAULT_CONTESTATIONS_PER_OUTLET_DAY = 50;
/**
 * Length of the rolling hour window in milliseconds (rule CON-3).
 *
 * @example
 * new Date(Date.parse(oldest.at) + CONTESTATION_HOUR_WINDOW_MS).toISOString(); // when it stops counting
 */
export const CONTESTATION_HOUR_WINDOW_MS = 3_600_000;
/**
 * Length of the rolling day window in milliseconds (rule CON-3).
 *
 * @example
 * new Date(Date.parse(oldest.at) + CONTESTATION_DAY_WINDOW_MS).toISOString(); // when it stops counting
 */
export const CONTESTATION_DAY_WINDOW_MS = 86_400_000;
