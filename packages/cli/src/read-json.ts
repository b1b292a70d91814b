import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputFileError } from './errors.js';

/** Reads and parses a JSON file relative to `cwd`, with errors that name the file. */
export async function readJsonFile(path: string, cwd: string): Promise<unknown> {
  const absolute = resolve(cwd, path);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputFileError(
      code === 'ENOENT' ? `file not found: ${path}` : `cannot read ${path}: ${(error as Error).message}`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputFileError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}
