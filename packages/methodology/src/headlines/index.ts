import type { z } from "zod";

export { headlineRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const headlineSchemas: Record<string, z.ZodType> = {};
