import type { z } from 'zod';

/**
 * Thrown when a methodology function receives input that does not match its schema.
 * Carries the zod issues and the rule whose input was rejected; nothing is ever coerced.
 *
 * @example
 * try { storyTier(-1) } catch (error) {
 *   if (error instanceof MethodologyInputError) console.log(error.rule, error.issues);
 * }
 */
export class MethodologyInputError extends Error {
  /** Stable machine-readable code. */
  readonly code = 'METHODOLOGY_INPUT' as const;
  /** The rule (or rule family) whose input was invalid, e.g. `FUN-3` or `BS-BR`. */
  readonly rule: string;
  /** The function that rejected the input. */
  readonly functionName: string;
  /** The zod issues, with the path of every offending field. */
  readonly issues: z.core.$ZodIssue[];

  constructor(details: { rule: string; functionName: string; issues: z.core.$ZodIssue[]; message?: string }) {
    const fields = details.issues
      .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(input)'}: ${issue.message}`)
      .join('; ');
    super(
      `@espectro/methodology ${details.functionName} (rule ${details.rule}): ${details.message ?? 'invalid input'} — ${fields}`,
    );
    this.name = 'MethodologyInputError';
    this.rule = details.rule;
    this.functionName = details.functionName;
    this.issues = details.issues;
  }
}

/**
 * Throws a {@link MethodologyInputError} for a semantic problem that a schema cannot express
 * (e.g. "R1 without regimeBucket"), naming the field.
 */
export function inputError(rule: string, functionName: string, path: (string | number)[], message: string): never {
  throw new MethodologyInputError({
    rule,
    functionName,
    message,
    issues: [{ code: 'custom', path, message, input: undefined } as z.core.$ZodIssue],
  });
}
