import type { z } from "zod";

export { debateRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const debateSchemas: Record<string, z.ZodType> = {};
