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

/**
 * Control characters a terminal would act on (C0 except tab and newline, DEL, C1 — CSI, OSC — and
 * a carriage return that does not end a line): escape sequences in a feed title or a junk input
 * line could recolour, retitle or clear the reader's terminal.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/**
 * Shows every terminal control character of `text` as a visible `\x1b`-style escape, so that
 * untrusted text (feed titles, junk input echoed in an error) cannot drive the terminal.
 *
 * @example
 * neutraliseTerminalControls('\u001b[2Jtitle'); // '\\x1b[2Jtitle'
 */
export function neutraliseTerminalControls(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (control) => `\\x${control.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** A writable stream as {@link processIo} uses it. */
export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
}

/**
 * The process's own standard streams, working directory and environment. Standard error (human
 * messages, which quote input) always goes through {@link neutraliseTerminalControls}; standard
 * output does when it is a terminal (a pipe gets the data unchanged — JSON output escapes
 * control characters itself).
 */
export function processIo(
  streams: { stdout: OutputStream; stderr: OutputStream } = { stdout: process.stdout, stderr: process.stderr },
): CliIo {
  const stdoutIsTerminal = streams.stdout.isTTY === true;
  return {
    stdout: (text) => streams.stdout.write(stdoutIsTerminal ? neutraliseTerminalControls(text) : text),
    stderr: (text) => streams.stderr.write(neutraliseTerminalControls(text)),
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
