/**
 * The outlet roster file (`outlets.json` of a data folder, `examples/demo-data/outlets.json`): who
 * each outlet is (domain, name, country, language, editorial scope, the Fuja da Bolha score, the
 * body licence, aliases) and the seed-002 evidence it is rated from. The evidence is the body of
 * the one `rating_evidence` record of `@espectro/methodology` — `RatingEvidenceRecordSchema`
 * without the identity fields, which the entry carries once — so a roster entry becomes a stored
 * record by adding them back ({@link rosterEvidenceRecord}). A roster carries no lifecycle input
 * (no drift, no article counts, no contestations, no change cause): those come from the store.
 */
import {
  ContestedOutletSchema,
  EditorialScopeSchema,
  IsoDateSchema,
  normaliseHost,
  RatingEvidenceRecordSchema,
  type RatingChangeRecord,
  type RatingEvidenceRecord,
} from '@espectro/methodology';
import { z } from 'zod';
import { dayNumber, isoDate } from './dates.js';
import { formatZodIssues, RatingError } from './errors.js';
import { recordRating, type RatingRecordStore, type RecordRatingResult } from './records.js';

/**
 * The evidence of a roster entry: the seed-002 record without `domain`, `name`, `country` and
 * `editorial_scope` (derived from `RatingEvidenceRecordSchema`, not retyped).
 *
 * @example
 * RosterEvidenceSchema.parse({ ownership: { owner_type: 'cooperative', country_regime: 'democracy' } });
 */
export const RosterEvidenceSchema = RatingEvidenceRecordSchema.omit({
  domain: true,
  name: true,
  country: true,
  editorial_scope: true,
});
/** The evidence of a roster entry. */
export type RosterEvidence = z.infer<typeof RosterEvidenceSchema>;

/**
 * One outlet of a roster file.
 *
 * @example
 * RosterEntrySchema.parse({ domain: 'elpais.com', name: 'El País', country: 'ES', language: 'es', scope: 'political',
 *   evidence: { ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' } } });
 */
export const RosterEntrySchema = z.strictObject({
  domain: ContestedOutletSchema,
  name: z.string().min(1),
  country: z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code such as AR'),
  language: z.string().min(2).optional(),
  scope: EditorialScopeSchema,
  /** Fuja da Bolha score 0–100 (BS-BR-5); omitted or null = unknown. */
  factualityScore: z.number().min(0).max(100).nullable().optional(),
  /** Whether the outlet's licence lets us store article bodies. */
  bodyLicensed: z.boolean().optional(),
  /** Other names the outlet is cited by (attribution, SYN-3). */
  aliases: z.array(z.string().min(1)).optional(),
  evidence: RosterEvidenceSchema,
});
/** One outlet of a roster file. */
export type RosterEntry = z.infer<typeof RosterEntrySchema>;

/**
 * A roster file: `{ note?, asOf, outlets: [...] }` (`asOf` is the default rating date).
 *
 * @example
 * RosterFileSchema.parse(JSON.parse(await readFile('examples/demo-data/outlets.json', 'utf8')));
 */
export const RosterFileSchema = z.strictObject({
  note: z.string().optional(),
  asOf: IsoDateSchema,
  outlets: z.array(RosterEntrySchema).superRefine((outlets, context) => {
    // Ingest keys every article by `normaliseHost` (`www.`, `m.`, `mobile.`, `amp.` stripped), so a
    // roster domain written with such a label would never receive an article, and `www.abc.es`
    // beside `abc.es` would be the same outlet listed twice.
    const seen = new Set<string>();
    outlets.forEach((outlet, index) => {
      const site = normaliseHost(outlet.domain);
      if (site !== outlet.domain)
        context.addIssue({
          code: 'custom',
          path: [index, 'domain'],
          message: `write ${site}: articles from ${outlet.domain} are counted under ${site}`,
        });
      if (seen.has(site))
        context.addIssue({ code: 'custom', path: [index, 'domain'], message: `${site} is listed twice` });
      seen.add(site);
    });
  }),
});
/** A roster file. */
export type RosterFile = z.infer<typeof RosterFileSchema>;

/**
 * Validates a roster file; throws `RatingError` `invalid_input` naming the fields.
 *
 * @example
 * const roster = parseRosterFile(JSON.parse(text), 'outlets.json');
 */
export function parseRosterFile(input: unknown, where = 'roster'): RosterFile {
  const result = RosterFileSchema.safeParse(input);
  if (!result.success) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'roster',
      message: `${where} is invalid — ${formatZodIssues(result.error.issues)}`,
    });
  }
  return result.data;
}

/**
 * The stored `rating_evidence` record of a roster entry: its evidence with the identity fields
 * added back (`domain`, `name`, `country`, `editorial_scope` = `scope`).
 *
 * @example
 * rateOutlet(evidenceToRateOutletInput(rosterEvidenceRecord(entry), roster.asOf));
 */
export function rosterEvidenceRecord(entry: RosterEntry): RatingEvidenceRecord {
  return RatingEvidenceRecordSchema.parse({
    domain: entry.domain,
    name: entry.name,
    country: entry.country,
    editorial_scope: entry.scope,
    ...entry.evidence,
  });
}

/** What {@link rateRosterEntries} did to one outlet. */
export interface RosterRatingOutcome {
  domain: string;
  outcome: RecordRatingResult['outcome'];
  changes: RatingChangeRecord[];
}

/**
 * Rates every roster entry from its evidence and records it through `store` (`recordRating`): a
 * new outlet is `created`, a preliminary one gets its `initial` rating, a changed rating is
 * `rerated` with the cause `ratingChangeCause` derives from the previous and the new evidence
 * (CON-4), and an unchanged one is refreshed quietly. Entries are rated one by one, each in its own
 * write; the first invalid entry throws.
 *
 * @example
 * const outcomes = await rateRosterEntries(createStoreRatingRecordStore(tx), roster.outlets, { asOf: roster.asOf, changedAt: `${roster.asOf}T00:00:00.000Z` });
 * outcomes.filter((entry) => entry.outcome === 'rerated').map((entry) => entry.domain); // outlets whose stories need republishing
 */
export async function rateRosterEntries(
  store: RatingRecordStore,
  entries: readonly RosterEntry[],
  options: { asOf: string; changedAt: string },
): Promise<RosterRatingOutcome[]> {
  const outcomes: RosterRatingOutcome[] = [];
  for (const entry of entries) {
    const result = await recordRating(store, {
      evidence: rosterEvidenceRecord(entry),
      asOf: options.asOf,
      changedAt: options.changedAt,
      name: entry.name,
    });
    outcomes.push({ domain: entry.domain, outcome: result.outcome, changes: result.changes });
  }
  return outcomes;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function shiftDates(value: unknown, days: number): unknown {
  if (typeof value === 'string') return ISO_DATE.test(value) ? isoDate(dayNumber(value) + days) : value;
  if (Array.isArray(value)) return value.map((item) => shiftDates(item, days));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shiftDates(item, days)]));
  return value;
}

/**
 * The roster moved to another rating date: `asOf` becomes `asOf`, and every calendar date of every
 * entry's evidence (academic sources, the content window, changes of control, analysis dates…)
 * moves by the same number of days, so each evidence date keeps its distance from the rating date.
 * For the bundled ILLUSTRATIVE demo only (`espectro serve --replay-demo`, `pnpm start`): its
 * invented evidence is dated relative to the roster's `asOf`; replayed today, rating it as of a
 * day months back would make every demo outlet due by the 180-day cadence (REV-1) on the first
 * cycle. Real rosters are rated on their own dates. Rules that count years or months (FUN-1,
 * CONF-H, CONF-CHANGE) can move a date lying exactly on a leap-day boundary by one day; the demo's
 * dates are far from those boundaries (a test re-derives every demo rating on several days).
 *
 * @example
 * const today = reanchorRoster(roster, '2026-12-02'); // today.asOf === '2026-12-02'
 */
export function reanchorRoster(roster: RosterFile, asOf: string): RosterFile {
  const days = dayNumber(IsoDateSchema.parse(asOf)) - dayNumber(roster.asOf);
  if (days === 0) return roster;
  return parseRosterFile(
    {
      ...roster,
      asOf,
      outlets: roster.outlets.map((entry) => ({ ...entry, evidence: shiftDates(entry.evidence, days) })),
    },
    `roster re-anchored on ${asOf}`,
  );
}
