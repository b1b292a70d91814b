import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { HttpUrlSchema, isHttpUrl } from '../index.js';

describe('isHttpUrl', () => {
  test('accepts absolute http and https URLs only', () => {
    expect(isHttpUrl('https://elpais.com/x.html')).toBe(true);
    expect(isHttpUrl('HTTP://example.org')).toBe(true);
    for (const link of [
      'javascript:alert(document.domain)//',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '/relative/path',
      '//evil.example/x',
      '',
    ]) {
      expect(isHttpUrl(link), link).toBe(false);
    }
    expect(isHttpUrl(42)).toBe(false);
    expect(HttpUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
  });

  test.prop([
    fc.oneof(
      fc.webUrl(),
      fc.string(),
      fc.string().map((tail) => `javascript:${tail}`),
    ),
  ])('whatever it accepts, the URL parser reads as http(s)', (value) => {
    if (isHttpUrl(value)) expect(['http:', 'https:']).toContain(new URL(value).protocol);
    if (value.startsWith('javascript:')) expect(isHttpUrl(value)).toBe(false);
  });
});
