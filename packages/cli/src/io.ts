/** Where a command writes and what it may read: injected so commands are testable without a process. */
export interface CliIo {
  /** Writes to standard output (caller adds newlines). */
  stdout: (text: string) => void;
  /** Writes to standard error (caller adds newlines). */
  stderr: (text: string) => void;
  /** Working directory that relative paths resolve against. */
  cwd: string;
  /** Environment variables (API keys, DATABASE_URL, ESPECTRO_MODELS). */
  env: Record<string, string | undefined>;
}

/** Exit codes every `espectro` command uses. */
export const ExitCode = {
  ok: 0,
  /** Something failed at run time (a file could not be read, a provider failed). */
  failure: 1,
  /** The command line was wrong: unknown command, missing argument, unknown flag. */
  usage: 2,
  /** The input data was invalid (schema or rule violation); the message names the field and rule. */
  invalidInput: 3,
} as const;

/** One `espectro` subcommand. */
export interface CliCommand {
  /** The word after `espectro`, e.g. `rate`. */
  name: string;
  /** One line for `espectro help`. */
  summary: string;
  /** Usage text shown by `espectro <name> --help` and on usage errors. */
  usage: string;
  /** Runs the command with the arguments after its name; resolves to an exit code. */
  run: (args: string[], io: CliIo) => Promise<number>;
}

/** A usage error: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Makes a closed pipe on standard output or error a quiet, successful exit instead of an `EPIPE`
 * stack trace: a reader that stops early (`espectro rules --json | head -1`) is not an error.
 *
 * @example
 * exitQuietlyOnBrokenPipe(); // first thing in the `espectro` binary
 */
export function exitQuietlyOnBrokenPipe(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(0);
      throw error;
    });
  }
}
