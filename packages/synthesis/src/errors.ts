import type { z } from 'zod';

/**
 * Stable failure classes of `@espectro/synthesis`.
 * - `invalid_input`: a cluster, roster, story or queue argument does not match its schema.
 * - `unknown_story`: a retry-queue operation named a story the queue does not hold.
 */
export type SynthesisErrorCode = 'invalid_input' | 'unknown_story';

/** Where the failure happened; part of every {@link SynthesisError} message. */
export type SynthesisStage = 'roster' | 'cluster' | 'synthesis' | 'extractive' | 'topic' | 'assemble' | 'retry_queue';

/** Everything a {@link SynthesisError} is built from. */
export interface SynthesisErrorDetails {
  code: SynthesisErrorCode;
  stage: SynthesisStage;
  /** The offending field, as a path (`cluster.articles[2].publishedAt`). */
  field?: string | undefined;
  message: string;
  /** zod issues, when a schema rejected the input. */
  issues?: z.core.$ZodIssue[] | undefined;
  cause?: unknown;
}

/**
 * The one error class of `@espectro/synthesis`: bad input and misuse only. Model failures are not
 * thrown — they come back as data (`{ status: 'failed', reason }`) so that the pipeline can put
 * the story in the retry queue (rule SYN-5).
 *
 * @example
 * try { createRoster([{ domain: '' }]) } catch (error) {
 *   if (error instanceof SynthesisError) console.log(error.code, error.field);
 * }
 */
export class SynthesisError extends Error {
  /** Stable machine-readable code. */
  readonly code: SynthesisErrorCode;
  /** Stage that rejected the input. */
  readonly stage: SynthesisStage;
  /** The offending field, if known. */
  readonly field: string | undefined;
  /** The zod issues, when a schema rejected the input. */
  readonly issues: z.core.$ZodIssue[];

  constructor(details: SynthesisErrorDetails) {
    super(
      `@espectro/synthesis ${details.stage}: ${details.code}${details.field !== undefined ? ` (${details.field})` : ''} — ${details.message}`,
      { cause: details.cause },
    );
    this.name = 'SynthesisError';
    this.code = details.code;
    this.stage = details.stage;
    this.field = details.field;
    this.issues = details.issues ?? [];
  }
}

/** Formats a zod path as `name.field[2].sub`. */
function formatPath(root: string, path: readonly PropertyKey[]): string {
  let text = root;
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : `.${String(part)}`;
  return text;
}

/**
 * Parses `input` with `schema`, or throws {@link SynthesisError} `invalid_input` naming the stage
 * and the first offending field. Nothing is coerced.
 */
export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  stage: SynthesisStage,
  root: string,
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0]!;
  const field = formatPath(root, first.path);
  throw new SynthesisError({
    code: 'invalid_input',
    stage,
    field,
    message: `${field}: ${first.message}${result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more issue(s))` : ''}`,
    issues: result.error.issues,
    cause: result.error,
  });
}
