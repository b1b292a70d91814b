/**
 * The methodology version stamped on every rating and result (rule VER).
 * Changing any rule default or reading changes this string.
 */
export const METHODOLOGY_VERSION = 'v1.2-2026-04' as const;
