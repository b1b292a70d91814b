/**
 * A file of stored ratings (the synthetic demo `demo/roster.json`): what a {@link RatingRecordStore}
 * holds, written out, plus — kept apart from the ratings — the lifecycle facts `dueOutlets` reads.
 * On a database the facts are derived from stored data; a file is the offline input of
 * `espectro outlets due --roster` and of the scheduler's demo.
 */
import { z } from 'zod';
import { formatZodIssues, RatingError } from './errors.js';
import {
  OutletLifecycleFactsSchema,
  StoredRatingSchema,
  type OutletLifecycleFacts,
  type StoredRating,
} from './records.js';

/**
 * The stored-ratings file: `outlets` as a record store keeps them, `facts` by domain.
 *
 * @example
 * StoredRatingsFileSchema.parse({ outlets: [], facts: {} });
 */
export const StoredRatingsFileSchema = z.strictObject({
  note: z.string().optional(),
  outlets: z.array(StoredRatingSchema),
  /** Lifecycle facts by outlet domain (drift series, article counts, contestations). */
  facts: z.record(z.string(), OutletLifecycleFactsSchema).optional(),
});

/** A parsed stored-ratings file. */
export interface StoredRatingsFile {
  note?: string;
  outlets: StoredRating[];
  facts: Map<string, OutletLifecycleFacts>;
}

/**
 * Parses a stored-ratings file; throws `RatingError` `invalid_input` naming the fields, and when a
 * fact names an outlet the file does not rate.
 *
 * @example
 * const { outlets, facts } = parseStoredRatingsFile(JSON.parse(await readFile('roster.json', 'utf8')), 'roster.json');
 * dueOutlets(outlets, { asOf: '2026-05-10', facts });
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
  const domains = new Set(result.data.outlets.map((outlet) => outlet.domain));
  const facts = new Map(Object.entries(result.data.facts ?? {}));
  for (const domain of facts.keys()) {
    if (!domains.has(domain)) {
      throw new RatingError({
        code: 'invalid_input',
        stage: 'input',
        field: `facts.${domain}`,
        message: `${where} has facts for ${domain}, which it does not rate`,
      });
    }
  }
  return { ...(result.data.note === undefined ? {} : { note: result.data.note }), outlets: result.data.outlets, facts };
}
