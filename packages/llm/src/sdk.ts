import { LlmError } from './errors.js';

function isModuleNotFound(error: unknown, packageName: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = String((current as { message?: unknown }).message ?? '');
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message.includes(packageName)) return true;
    if (/Cannot find (?:module|package)|Failed to (?:load|resolve)/i.test(message) && message.includes(packageName))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Imports an optional vendor SDK lazily. When it is not installed, throws `LlmError` `sdk_missing`
 * naming the package to install.
 */
export async function loadSdk<Module>(
  packageName: string,
  vendor: string,
  importer: () => Promise<Module>,
): Promise<Module> {
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

/**
 * The environment variables each vendor's adapter reads its API key from, in order of preference.
 *
 * @example
 * API_KEY_VARIABLES.gemini; // ['GEMINI_API_KEY', 'GOOGLE_API_KEY']
 */
export const API_KEY_VARIABLES = Object.freeze({
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  groq: ['GROQ_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  openai: ['OPENAI_API_KEY'],
  deepseek: ['DEEPSEEK_API_KEY'],
  perplexity: ['PERPLEXITY_API_KEY'],
} as const);

/**
 * Reads an API key from the first non-empty (after trimming) variable of `names` in `env`
 * (default `process.env`); `undefined` when none is set. Every package decides "is this provider
 * configured?" with this one function.
 *
 * @example
 * apiKeyFromEnv(API_KEY_VARIABLES.groq, { GROQ_API_KEY: 'gsk_…' }); // 'gsk_…'
 */
export function apiKeyFromEnv(
  names: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}
