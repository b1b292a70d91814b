import type { CliIo } from './io.js';

/** An in-memory {@link CliIo} for tests: collects what a command writes. */
export function memoryIo(
  cwd: string = process.cwd(),
  env: Record<string, string | undefined> = {},
): CliIo & {
  out: () => string;
  err: () => string;
} {
  let stdout = '';
  let stderr = '';
  return {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
    env,
    out: () => stdout,
    err: () => stderr,
  };
}
