/**
 * @espectro/cli — the `espectro` command. `main(argv)` is exported so the command can be embedded
 * and tested without spawning a process.
 *
 * @packageDocumentation
 */
import { commands } from './commands/index.js';
import { reportError } from './errors.js';
import { ExitCode, type CliCommand, type CliIo } from './io.js';
import packageJson from '../package.json' with { type: 'json' };

/** The version of this `@espectro/cli` (what `espectro --version` prints). */
export const CLI_VERSION: string = packageJson.version;

export { commands } from './commands/index.js';
export { ExitCode, exitQuietlyOnBrokenPipe, UsageError, type CliCommand, type CliIo } from './io.js';

/** The process's own standard streams, working directory and environment. */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
  };
}

function helpText(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'espectro — auditable media ratings, story building and debate fact-checking',
    '',
    'Usage: espectro <command> [arguments] [--json]',
    '       espectro --version',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run `espectro <command> --help` for a command’s arguments.',
    '',
    'Exit codes: 0 done; 1 failed at run time (a provider, the database); 2 usage error (unknown',
    'command or flag, missing argument); 3 invalid input (a file missing, unreadable or failing its',
    'schema or a rule). `espectro … | head` ends quietly when the reader closes the pipe.',
    '',
  ].join('\n');
}

/**
 * Runs the CLI with the arguments after `espectro` and resolves to the exit code
 * (0 ok, 1 failure, 2 usage error, 3 invalid input).
 *
 * @example
 * const exitCode = await main(['rules', '--json']);
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.stdout(helpText());
    return name === undefined ? ExitCode.usage : ExitCode.ok;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    io.stdout(`espectro ${CLI_VERSION}\n`);
    return ExitCode.ok;
  }
  const command: CliCommand | undefined = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.stderr(`espectro: unknown command "${name}"\n\n${helpText()}`);
    return ExitCode.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.usage}\n`);
    return ExitCode.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    return reportError(error, io, command.usage);
  }
}
