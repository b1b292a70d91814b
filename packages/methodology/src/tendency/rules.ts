import type { RuleEntry } from "../shared/rule-entry.js";

/** Catalogue entries for the rules implemented in this module. */
export const tendencyRules: RuleEntry[] = [];
