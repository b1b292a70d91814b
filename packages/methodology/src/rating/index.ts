import type { z } from "zod";

export { ratingRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const ratingSchemas: Record<string, z.ZodType> = {};
