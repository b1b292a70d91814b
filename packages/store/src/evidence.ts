/**
 * Rating evidence as stored in `sources.rating_evidence`, in the shapes of seed 002 §2–4
 * (ownership object, list of quoted academic sources with `not_found`, content metrics), and its
 * translation into the input of the methodology's `rateOutlet`. Key names follow the seed
 * (snake_case); enumerated values are the English identifiers of RULES.md (`right`, not
 * `derecha`), and `content_only_sesgo` / `content_only_factualidad` are spelled
 * `content_only_bias` / `content_only_factuality`. Three fields the seed leaves implicit are
 * explicit here because the funnel needs them: `academic_bucket` and `academic_factuality` (the
 * reading of the quoted sources), `domestic` on each academic source (FUN-6) and
 * `last_control_change` (CONF-CHANGE, a full date).
 */
import {
  BucketSchema,
  CountryRegimeSchema,
  EditorialScopeSchema,
  FactualitySchema,
  FundingModelSchema,
  IsoDateSchema,
  OwnerTypeSchema,
  type RateOutletInput,
} from '@espectro/methodology';
import { z } from 'zod';

/** Seed 002 §2: ownership and funding. */
export const OwnershipEvidenceSchema = z.object({
  owner_entity: z.string().optional(),
  owner_type: OwnerTypeSchema,
  funding_model: FundingModelSchema.optional(),
  ownership_history: z.array(z.object({ date: z.string(), event: z.string() })).optional(),
  country_regime: CountryRegimeSchema,
  country_regime_year: z.number().int().optional(),
  /** R1: the regime's bucket (required by the funnel for authoritarian state/party media). */
  regime_bucket: BucketSchema.optional(),
  /** R3: the party's bucket. */
  party_bucket: BucketSchema.optional(),
  /** CONF-CHANGE: date of the last change of control, when within the last years. */
  last_control_change: IsoDateSchema.optional(),
  sources: z.array(z.string()).optional(),
  applied_rule: z.string().optional(),
});

/** Seed 002 §3: one quoted academic or NGO source. */
export const AcademicEvidenceSourceSchema = z.object({
  source: z.string().min(1),
  url: z.string().optional(),
  date: IsoDateSchema,
  quote: z.string().optional(),
  weight: z.enum(['primary', 'secondary']),
  /** Whether the organisation is from the outlet's country (FUN-6 needs a domestic primary source). */
  domestic: z.boolean(),
});

/** Seed 002 §4: content analysis of the last 90 days, or `{ status: 'insufficient', sample_size }`. */
export const ContentEvidenceSchema = z.union([
  z.object({ status: z.literal('insufficient'), sample_size: z.number().int().nonnegative() }),
  z.object({
    sample_size: z.number().int().nonnegative(),
    window_days: z.number().int().positive().optional(),
    window_start: IsoDateSchema.optional(),
    gov_opp_ratio: z.number().optional(),
    figures: z.array(z.object({ name: z.string(), favourable: z.number(), critical: z.number() })).optional(),
    topics: z.record(z.string(), z.enum(['progressive', 'mixed', 'conservative', 'n/a'])).optional(),
    quote_distribution: z.object({ left: z.number(), center: z.number(), right: z.number() }).optional(),
    content_only_bias: z
      .union([BucketSchema, z.literal('inconclusive')])
      .nullable()
      .optional(),
    content_only_factuality: FactualitySchema.optional(),
    /** §6: buckets of the news and opinion pages when they differ (CONF-SPLIT). */
    news_bucket: BucketSchema.optional(),
    opinion_bucket: BucketSchema.optional(),
    notes: z.string().optional(),
  }),
]);

/** The evidence record of a rated outlet (seed 002 §2–4). */
export const RatingEvidenceSchema = z.object({
  ownership: OwnershipEvidenceSchema.optional(),
  academic: z.array(AcademicEvidenceSourceSchema).optional(),
  academic_bucket: BucketSchema.optional(),
  academic_factuality: FactualitySchema.optional(),
  not_found: z
    .array(z.union([z.string(), z.object({ status: z.literal('not-found'), searched: z.array(z.string()) })]))
    .optional(),
  content: ContentEvidenceSchema.optional(),
  notes: z.string().optional(),
  /** True for invented demo evidence: shown as such wherever the rating appears. */
  illustrative: z.boolean().optional(),
});
/** @see {@link RatingEvidenceSchema} */
export type RatingEvidence = z.infer<typeof RatingEvidenceSchema>;

/** The evidence of a PRELIM outlet (seed 002 §10): `{ status: 'pending', reason, added_at }`. */
export const PendingEvidenceSchema = z.object({
  status: z.literal('pending'),
  reason: z.string(),
  added_at: z.string(),
});
/** @see {@link PendingEvidenceSchema} */
export type PendingEvidence = z.infer<typeof PendingEvidenceSchema>;

/** One outlet of a roster file: who it is and the evidence it is rated from. */
export const RosterEntrySchema = z.object({
  domain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'expected a lowercase domain such as elpais.com'),
  name: z.string().min(1),
  country: z.string().min(2).optional(),
  language: z.string().min(2).optional(),
  scope: EditorialScopeSchema,
  /** Fuja da Bolha score 0–100 (BS-BR-5); omitted = unknown. */
  factualityScore: z.number().min(0).max(100).nullable().optional(),
  /** Whether the licence lets us store article bodies. */
  bodyLicensed: z.boolean().optional(),
  aliases: z.array(z.string().min(1)).optional(),
  evidence: RatingEvidenceSchema,
  /** CON-4 cause recorded when this entry changes an existing rating (default: see `rateRoster`). */
  changeCause: z
    .enum([
      'editorial_change',
      'ownership_change',
      'accepted_contestation',
      'new_prompt_or_model_version',
      'methodology_update',
    ])
    .optional(),
});
/** @see {@link RosterEntrySchema} */
export type RosterEntry = z.infer<typeof RosterEntrySchema>;

/**
 * Translates stored evidence into the input of `rateOutlet` (a field mapping only: every rule
 * stays in the methodology).
 *
 * @example
 * rateOutlet(rateOutletInputFromEvidence(entry.evidence, { scope: 'political', asOf: '2026-04-27' }));
 */
export function rateOutletInputFromEvidence(
  evidence: RatingEvidence,
  context: { scope: 'political' | 'non_political'; asOf: string },
): RateOutletInput {
  const input: RateOutletInput = { asOf: context.asOf, scope: context.scope };
  const ownership = evidence.ownership;
  if (ownership) {
    input.ownership = {
      ownerType: ownership.owner_type,
      countryRegime: ownership.country_regime,
      ...(ownership.funding_model ? { fundingModel: ownership.funding_model } : {}),
      ...(ownership.country_regime_year !== undefined ? { regimeYear: ownership.country_regime_year } : {}),
      ...(ownership.regime_bucket ? { regimeBucket: ownership.regime_bucket } : {}),
      ...(ownership.party_bucket ? { partyBucket: ownership.party_bucket } : {}),
      ...(ownership.last_control_change ? { lastControlChange: ownership.last_control_change } : {}),
    };
  }
  const sources = evidence.academic ?? [];
  if (sources.length > 0 || evidence.academic_bucket || evidence.academic_factuality) {
    input.academic = {
      ...(evidence.academic_bucket ? { bucket: evidence.academic_bucket } : {}),
      ...(evidence.academic_factuality ? { factuality: evidence.academic_factuality } : {}),
      sources: sources.map((source) => ({
        date: source.date,
        weight: source.weight,
        domestic: source.domestic,
        name: source.source,
        ...(source.url ? { url: source.url } : {}),
        ...(source.quote ? { quote: source.quote } : {}),
      })),
    };
  }
  const content = evidence.content;
  if (content) {
    if ('status' in content) input.content = { sampleSize: content.sample_size };
    else {
      input.content = {
        sampleSize: content.sample_size,
        ...(content.window_start ? { windowStart: content.window_start } : {}),
        ...(content.content_only_bias !== undefined ? { bucket: content.content_only_bias } : {}),
        ...(content.content_only_factuality ? { factuality: content.content_only_factuality } : {}),
        ...(content.news_bucket ? { newsBucket: content.news_bucket } : {}),
        ...(content.opinion_bucket ? { opinionBucket: content.opinion_bucket } : {}),
      };
    }
  }
  return input;
}
