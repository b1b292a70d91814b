import { MethodologyInputError, formatZodIssues } from '@espectro/methodology';
import { describeStoreFailure } from '@espectro/store';
import { z } from 'zod';
import { ExitCode, UsageError, type CliIo } from './io.js';

/** Turns any thrown error into a message a newcomer understands and the matching exit code. */
export function reportError(error: unknown, io: CliIo, usage?: string): number {
  if (error instanceof UsageError) {
    io.stderr(`espectro: ${error.message}\n`);
    if (usage) io.stderr(`\n${usage}\n`);
    return ExitCode.usage;
  }
  if (isArgumentParseError(error)) {
    // node:util parseArgs: an unknown flag, a missing value or an unexpected argument is a usage error.
    io.stderr(`espectro: ${error.message}\n`);
    if (usage) io.stderr(`\n${usage}\n`);
    return ExitCode.usage;
  }
  if (error instanceof MethodologyInputError) {
    io.stderr(`espectro: invalid input for rule ${error.rule} (${error.functionName}):\n`);
    for (const issue of error.issues) io.stderr(`  - ${formatZodIssues([issue])}\n`);
    return ExitCode.invalidInput;
  }
  if (error instanceof z.ZodError) {
    io.stderr('espectro: invalid input:\n');
    for (const issue of error.issues) io.stderr(`  - ${formatZodIssues([issue])}\n`);
    return ExitCode.invalidInput;
  }
  if (error instanceof InputFileError) {
    io.stderr(`espectro: ${error.message}\n`);
    return ExitCode.invalidInput;
  }
  // A failed query is described by the database's reason, never by Drizzle's SQL-and-parameters dump.
  io.stderr(`espectro: ${describeStoreFailure(error)}\n`);
  return ExitCode.failure;
}

/** Whether `error` is one of the `ERR_PARSE_ARGS_*` errors `node:util`'s `parseArgs` throws. */
function isArgumentParseError(error: unknown): error is Error & { code: string } {
  const code: unknown = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** A file given on the command line could not be read or parsed. */
export class InputFileError extends Error {
  override name = 'InputFileError';
}
