import { z } from 'zod';
import { IsoDateSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';

/**
 * Longest title stored (HC-2 guard: a headline, not an article) **[choice]**.
 *
 * @example
 * StoredHeadlineSchema.shape.title.safeParse('x'.repeat(MAX_HEADLINE_TITLE_LENGTH + 1)).success; // false
 */
export const MAX_HEADLINE_TITLE_LENGTH = 500;
/**
 * Longest description (bajada) stored (HC-2 guard: a bajada, never the body) **[choice]**.
 *
 * @example
 * StoredHeadlineSchema.shape.description.safeParse('x'.repeat(MAX_HEADLINE_DESCRIPTION_LENGTH + 1)).success; // false
 */
export const MAX_HEADLINE_DESCRIPTION_LENGTH = 2_000;

/**
 * A stored headline (rule HC-2): only the public title and description (bajada) the outlet
 * publishes in its feed, with id, outlet, URL and publication time. Any other field — `body`,
 * `content`, `text`, … — is rejected, so the article body can never be stored.
 *
 * @example
 * StoredHeadlineSchema.safeParse({ ...headline, body: '…' }).success; // false (HC-2)
 */
export const StoredHeadlineSchema = z.strictObject({
  id: z.string().min(1),
  /** The outlet's domain or roster id. */
  outlet: z.string().min(1),
  url: z.url({ protocol: /^https?$/ }),
  publishedAt: IsoDateSchema,
  title: z.string().min(1).max(MAX_HEADLINE_TITLE_LENGTH),
  /** The feed's bajada; `null` when the feed has none. */
  description: z.string().max(MAX_HEADLINE_DESCRIPTION_LENGTH).nullable(),
});
/**
 * @example
 * const stored: StoredHeadline = parseStoredHeadline(feedItem);
 */
export type StoredHeadline = z.infer<typeof StoredHeadlineSchema>;

/**
 * Validates a headline before it is stored (rule HC-2); throws `MethodologyInputError` naming the
 * offending field (e.g. an unrecognised `body` key).
 *
 * @example
 * parseStoredHeadline({ id: 'lt-1', outlet: 'latercera.com', url: 'https://www.latercera.com/x',
 *   publishedAt: '2026-04-27T10:00:00Z', title: 'Senado aprueba…', description: null });
 */
export function parseStoredHeadline(input: unknown): StoredHeadline {
  return parseInput(StoredHeadlineSchema, input, 'HC-2', 'parseStoredHeadline');
}
