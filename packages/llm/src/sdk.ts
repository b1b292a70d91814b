import { LlmError } from './errors.js';

function isModuleNotFound(error: unknown, packageName: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = String((current as { message?: unknown }).message ?? '');
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(packageName)) return true;
    if (/Cannot find (?:module|package)|Failed to (?:load|resolve)/i.test(message) && message.includes(packageName)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Imports an optional vendor SDK lazily. When it is not installed, throws `LlmError` `sdk_missing`
 * naming the package to install.
 */
export async function loadSdk<Module>(packageName: string, vendor: string, importer: () => Promise<Module>): Promise<Module> {
  try {
    return await importer();
  } catch (error) {
    if (isModuleNotFound(error, packageName)) {
      throw new LlmError({
        code: 'sdk_missing',
        stage: 'load_sdk',
        vendor,
        message: `the ${vendor} adapter needs the optional peer dependency "${packageName}": install it with \`pnpm add ${packageName}\` (or npm install ${packageName})`,
        cause: error,
      });
    }
    throw new LlmError({
      code: 'unexpected',
      stage: 'load_sdk',
      vendor,
      message: `could not load "${packageName}": ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

/** Reads an API key from the first non-empty environment variable of `names`. */
export function apiKeyFromEnv(names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = process.env[name]?.trim();
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}
