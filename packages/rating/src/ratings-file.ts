/**
 * A file of stored ratings (the synthetic demo `demo/roster.json`): what a {@link RatingRecordStore}
 * holds, written out. It carries no lifecycle facts (drift series, article counts, contestations):
 * those are derived from stored data (`lifecycleFacts` of `@espectro/pipeline`, `espectro outlets
 * due --db`); a file with a `facts` section is refused.
 */
import { z } from 'zod';
import { formatZodIssues, RatingError } from './errors.js';
import { StoredRatingSchema, type StoredRating } from './records.js';

/**
 * The stored-ratings file: `outlets` as a record store keeps them.
 *
 * @example
 * StoredRatingsFileSchema.parse({ outlets: [] });
 */
export const StoredRatingsFileSchema = z.strictObject({
  note: z.string().optional(),
  outlets: z.array(StoredRatingSchema),
});

/** A parsed stored-ratings file. */
export interface StoredRatingsFile {
  note?: string;
  outlets: StoredRating[];
}

/**
 * Parses a stored-ratings file; throws `RatingError` `invalid_input` naming the fields (a `facts`
 * section included: lifecycle facts come from stored data).
 *
 * @example
 * const { outlets } = parseStoredRatingsFile(JSON.parse(await readFile('roster.json', 'utf8')), 'roster.json');
 */
export function parseStoredRatingsFile(input: unknown, where = 'stored-ratings file'): StoredRatingsFile {
  const result = StoredRatingsFileSchema.safeParse(input);
  if (!result.success) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'input',
      message: `${where} is not a stored-ratings file — ${formatZodIssues(result.error.issues)}`,
    });
  }
  return { ...(result.data.note === undefined ? {} : { note: result.data.note }), outlets: result.data.outlets };
}
