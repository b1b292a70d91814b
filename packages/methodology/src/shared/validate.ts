import type { z } from 'zod';
import { MethodologyInputError } from '../errors.js';

/**
 * Parses `input` with `schema`; on failure throws {@link MethodologyInputError} naming the
 * rule and the function. Every public function of this package calls this first.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  rule: string,
  functionName: string,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new MethodologyInputError({ rule, functionName, issues: result.error.issues });
  }
  return result.data;
}
