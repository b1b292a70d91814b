import type { z } from "zod";

export { artifactRules } from "./rules.js";

/** Every public input/output schema of this module, by name (used for the published JSON Schemas). */
export const artifactSchemas: Record<string, z.ZodType> = {};
