import type { z } from "zod";

export { tendencyRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const tendencySchemas: Record<string, z.ZodType> = {};
