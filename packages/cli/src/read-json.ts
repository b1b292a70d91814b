import { InputFileError } from './errors.js';
import { INPUT_LIMITS, readInputText } from './input-file.js';

/**
 * Reads and parses a JSON file relative to `cwd` (UTF-8, at most `INPUT_LIMITS.jsonFileBytes`),
 * with errors that name the file.
 */
export async function readJsonFile(path: string, cwd: string): Promise<unknown> {
  const text = await readInputText(path, cwd, INPUT_LIMITS.jsonFileBytes, 'a JSON file');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputFileError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}
