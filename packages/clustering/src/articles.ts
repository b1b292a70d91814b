import { formatIssuePath } from '@espectro/methodology';
import { z } from 'zod';
import { ClusteringError } from './errors.js';

/** ISO 8601 date or date-time (a bare date is midnight UTC). */
const isoDate = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
  message: 'must be an ISO 8601 date or date-time, e.g. 2025-10-28 or 2025-10-28T07:30:00Z',
});

/**
 * One article to cluster: `id` is the stable key that makes results independent of input order,
 * `title` is what gets embedded (rule CLU-1: headlines), `date` its publication time. Other fields
 * are carried through untouched.
 */
export const articleSchema = z.looseObject({
  id: z.string().min(1, 'must be a non-empty string'),
  title: z.string(),
  outlet: z.string().optional(),
  date: isoDate,
  lang: z.string().optional(),
  description: z.string().optional(),
});

/** One article to cluster (see {@link articleSchema}). */
export type Article = z.input<typeof articleSchema>;

/** Validates articles, naming the first bad field (`articles[3].date`), and rejects duplicate ids. */
export function parseArticles(
  articles: readonly unknown[],
  seenIds: { has(id: string): boolean } = new Set<string>(),
): Article[] {
  const parsed: Article[] = [];
  const ids = new Set<string>();
  articles.forEach((article, position) => {
    const result = articleSchema.safeParse(article);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const field = formatIssuePath(['articles', position, ...issue.path], { indices: 'bracketed' });
      throw new ClusteringError({
        code: 'invalid_input',
        stage: 'validate',
        field,
        message: `${field} ${issue.message}`,
        cause: result.error,
      });
    }
    const { id } = result.data;
    if (ids.has(id) || seenIds.has(id)) {
      throw new ClusteringError({
        code: 'duplicate_id',
        stage: 'validate',
        field: `articles[${position}].id`,
        message: `articles[${position}].id "${id}" is used twice; ids must be unique (they order the clustering)`,
      });
    }
    ids.add(id);
    parsed.push(result.data);
  });
  return parsed;
}

/** Compares ids by UTF-16 code units: the one order every canonical choice in this package uses. */
export function compareIds(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
