import type { z } from 'zod';
import { formatZodIssues } from './shared/zod-issues.js';

/**
 * Marks every MethodologyInputError, whichever copy of this module built it. Each subpath
 * (`@espectro/methodology/stories`, `/rating`, …) is bundled on its own and a package may be loaded
 * both as ESM and as CJS, so there can be several `MethodologyInputError` classes in one process; a
 * registry symbol is the same in all of them, and `instanceof` checks it instead of the prototype.
 */
const METHODOLOGY_INPUT_ERROR = Symbol.for('@espectro/methodology:MethodologyInputError');

/**
 * Thrown when a methodology function receives input that does not match its schema.
 * Carries the zod issues and the rule whose input was rejected; nothing is ever coerced.
 *
 * @example
 * try { storyTier(-1) } catch (error) {
 *   if (error instanceof MethodologyInputError) console.log(error.rule, error.issues);
 * }
 *
 * `instanceof` holds across the package's subpaths and its ESM and CJS builds: an error thrown from
 * `@espectro/methodology/stories` is `instanceof` the class exported from the root.
 */
export class MethodologyInputError extends Error {
  /** True for any MethodologyInputError from any copy of this module (see the brand above). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== MethodologyInputError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as { [METHODOLOGY_INPUT_ERROR]?: unknown })[METHODOLOGY_INPUT_ERROR] === true
    );
  }

  /** Stable machine-readable code. */
  readonly code = 'METHODOLOGY_INPUT' as const;
  /** The rule (or rule family) whose input was invalid, e.g. `FUN-3` or `BS-BR`. */
  readonly rule: string;
  /** The function that rejected the input. */
  readonly functionName: string;
  /** The zod issues, with the path of every offending field. */
  readonly issues: z.core.$ZodIssue[];

  constructor(details: { rule: string; functionName: string; issues: z.core.$ZodIssue[]; message?: string }) {
    const fields = formatZodIssues(details.issues);
    super(
      `@espectro/methodology ${details.functionName} (rule ${details.rule}): ${details.message ?? 'invalid input'} — ${fields}`,
    );
    this.name = 'MethodologyInputError';
    this.rule = details.rule;
    this.functionName = details.functionName;
    this.issues = details.issues;
    Object.defineProperty(this, METHODOLOGY_INPUT_ERROR, { value: true });
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
