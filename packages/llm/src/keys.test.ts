import { describe, expect, it } from 'vitest';
import { API_KEY_VARIABLES, apiKeyFromEnv } from './index.js';

describe('apiKeyFromEnv', () => {
  it('takes the first non-empty variable in order of preference, trimmed', () => {
    expect(apiKeyFromEnv(API_KEY_VARIABLES.gemini, { GEMINI_API_KEY: '  ', GOOGLE_API_KEY: ' g-key ' })).toBe('g-key');
    expect(apiKeyFromEnv(API_KEY_VARIABLES.gemini, { GEMINI_API_KEY: 'first', GOOGLE_API_KEY: 'second' })).toBe(
      'first',
    );
  });
  it('is undefined when no variable is set, whatever the other vendors have', () => {
    expect(apiKeyFromEnv(API_KEY_VARIABLES.groq, { OPENAI_API_KEY: 'sk-x' })).toBeUndefined();
  });
});
