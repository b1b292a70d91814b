/**
 * The one place zod issues become text (`path: message`), so every package names a bad field the
 * same way. A path is dotted (`items.0.title`, zod's own convention) or bracketed
 * (`items[0].title`); an issue on the whole value shows the caller's label (`(input)`, `(file)`, …).
 */

/** How {@link formatIssuePath} and {@link formatZodIssues} write a path and a list. */
export interface IssueFormat {
  /** What an issue on the whole value is called (default `(input)`). */
  whole?: string;
  /** `dotted` (`items.0.title`, default) or `bracketed` (`items[0].title`). */
  indices?: 'dotted' | 'bracketed';
  /** At most this many issues are written (default: all). */
  limit?: number;
  /** Between two issues (default `; `). */
  separator?: string;
  /**
   * How a path is written instead of the above, e.g. a form field's label in the reader's language
   * (the site writes `«Texto»: …`).
   */
  label?: (path: readonly PropertyKey[]) => string;
}

/** The part of a zod issue that is written: its path and its message. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * A zod issue path as the user reads it.
 *
 * @example
 * formatIssuePath(['items', 0, 'title']); // 'items.0.title'
 * formatIssuePath(['items', 0, 'title'], { indices: 'bracketed' }); // 'items[0].title'
 * formatIssuePath([], { whole: '(file)' }); // '(file)'
 */
export function formatIssuePath(path: readonly PropertyKey[], format: IssueFormat = {}): string {
  if (path.length === 0) return format.whole ?? '(input)';
  if (format.indices !== 'bracketed') return path.map(String).join('.');
  return path
    .map((part, position) => (typeof part === 'number' ? `[${part}]` : `${position === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/**
 * Zod issues as `path: message`, joined by `; `.
 *
 * @example
 * formatZodIssues(result.error.issues, { whole: '(line)' }); // 'title: Required; (line): …'
 */
export function formatZodIssues(issues: readonly IssueLike[], format: IssueFormat = {}): string {
  const written = format.limit === undefined ? issues : issues.slice(0, format.limit);
  return written
    .map(
      (issue) => `${format.label ? format.label(issue.path) : formatIssuePath(issue.path, format)}: ${issue.message}`,
    )
    .join(format.separator ?? '; ');
}
