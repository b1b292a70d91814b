import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatIssuePath, formatZodIssues } from './zod-issues.js';

describe('formatZodIssues', () => {
  it('writes a zod error as path: message, the whole value under its label', () => {
    const result = z.object({ items: z.array(z.object({ title: z.string() })) }).safeParse({ items: [{ title: 3 }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(formatZodIssues(result.error.issues)).toMatch(/^items\.0\.title: /);
    expect(formatZodIssues(result.error.issues, { indices: 'bracketed' })).toMatch(/^items\[0\]\.title: /);
    const whole = z.string().safeParse(1);
    expect(whole.success).toBe(false);
    if (!whole.success) expect(formatZodIssues(whole.error.issues, { whole: '(file)' })).toMatch(/^\(file\): /);
  });

  it('keeps at most limit issues, joined by the separator', () => {
    const issues = ['a', 'b', 'c'].map((name) => ({ path: [name], message: 'bad' }));
    expect(formatZodIssues(issues, { limit: 2 })).toBe('a: bad; b: bad');
    expect(formatZodIssues(issues, { separator: ' | ' })).toBe('a: bad | b: bad | c: bad');
  });

  it('writes each path as the label function says (a form field as the reader sees it)', () => {
    const issues = [
      { path: ['text'], message: 'too short' },
      { path: ['items', 0], message: 'bad' },
    ];
    const labels: Record<string, string> = { text: 'Texto de la impugnación' };
    const label = (path: readonly PropertyKey[]) => `«${labels[path.join('.')] ?? path.join('.')}»`;
    expect(formatZodIssues(issues, { label })).toBe('«Texto de la impugnación»: too short; «items.0»: bad');
  });

  test.prop([
    fc.array(
      fc.oneof(
        fc.string({ minLength: 1 }).filter((part) => !/[.[\]]/.test(part)),
        fc.nat(),
      ),
      { minLength: 1 },
    ),
  ])('a dotted path splits back into its parts; a bracketed one names each index in brackets', (path) => {
    expect(formatIssuePath(path).split('.')).toEqual(path.map(String));
    const bracketed = formatIssuePath(path, { indices: 'bracketed' });
    expect(bracketed.match(/\[\d+\]/g)?.length ?? 0).toBe(path.filter((part) => typeof part === 'number').length);
    expect(bracketed.startsWith('.')).toBe(false);
  });
});
