import type { z } from "zod";

export { contestationRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const contestationSchemas: Record<string, z.ZodType> = {};
