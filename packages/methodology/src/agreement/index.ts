import type { z } from "zod";

export { agreementRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const agreementSchemas: Record<string, z.ZodType> = {};
