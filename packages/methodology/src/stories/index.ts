import type { z } from "zod";

export { storiesRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const storiesSchemas: Record<string, z.ZodType> = {};
