/**
 * The one `rating_evidence` record of seed 002 (`sources.rating_evidence`): the JSON shapes of
 * §2 (ownership), §3 (academic sources and `not_found`), §4 (content) and §10 (pending), with the
 * seed's key names (`content_only_sesgo`, `quote_distribution {izq, centro, der}`, `status:
 * insufficient | pending`) and the methodology's identifiers as values (`right`, `high`,
 * `progressive`, …). Every package reads and writes this record through these schemas; the
 * mapping to the funnel's input is in `evidence.ts`.
 *
 * Fields the seed leaves implicit and the funnel needs are explicit here: `regime_bucket` (R1),
 * `party_bucket` (R3), `control_change` on an ownership-history entry (CONF-CHANGE),
 * `academic_assessment` (the reading of the quotes into a bucket and a factuality), `domestic` on
 * each academic source (FUN-6), `window_start`, `incumbent`, `news_sesgo` / `opinion_sesgo`
 * (CONF-SPLIT). `illustrative` marks invented demo evidence (an Espectro field: shown wherever the
 * rating appears).
 */
import { z } from 'zod';
import { THRESHOLD_EPSILON } from '../shared/exact.js';
import {
  BucketSchema,
  CountryRegimeSchema,
  CountSchema,
  EditorialScopeSchema,
  FactualitySchema,
  FundingModelSchema,
  IsoDateSchema,
  OwnerTypeSchema,
} from '../shared/schemas.js';
import { RATING_PARAMETERS } from './parameters.js';
import { ContentVoteBucketSchema, OwnershipRuleSchema, RatingSignalSchema, TopicPositionSchema } from './schemas.js';

const Share = z.number().min(0).max(1);
const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code such as AR');

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (seed 002 §2 records ownership changes as "2017: adquirido por …"). */
const PartialDateSchema = z.string().regex(/^\d{4}(?:-\d{2}(?:-\d{2})?)?$/, 'expected YYYY, YYYY-MM or YYYY-MM-DD');

/**
 * One change of control or ownership in the last ten years (seed 002 §2 `ownership_history`). A
 * change of control (`control_change: true`, the input of CONF-CHANGE) needs a full calendar date.
 *
 * @example
 * OwnershipHistoryEntrySchema.parse({ date: '2017', event: 'adquirido por Grupo Salinas' });
 */
export const OwnershipHistoryEntrySchema = z
  .strictObject({
    date: PartialDateSchema,
    event: z.string().min(1),
    control_change: z.boolean().optional(),
  })
  .superRefine((entry, context) => {
    if (entry.control_change === true && !IsoDateSchema.safeParse(entry.date).success) {
      context.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'a control change needs a full calendar date (YYYY-MM-DD) for CONF-CHANGE',
      });
    }
  });
/** One ownership-history entry. */
export type OwnershipHistoryEntry = z.infer<typeof OwnershipHistoryEntrySchema>;

/**
 * Signal 1 — ownership and funding, as recorded in `rating_evidence.ownership` (seed 002 §2).
 * `regime_bucket` is the regime's position (R1) and `party_bucket` the party's bucket (R3);
 * `applied_rule` is what the funnel applied when the rating was made (checked by `verifyRatings`).
 *
 * @example
 * OwnershipEvidenceSchema.parse({ owner_entity: 'Grupo Clarín S.A.', owner_type: 'corporate-conglomerate',
 *   funding_model: 'advertising', ownership_history: [{ date: '1999', event: 'IPO' }],
 *   country_regime: 'democracy', country_regime_year: 2024, sources: ['https://www.grupoclarin.com/inversores/'], applied_rule: 'R4' });
 */
export const OwnershipEvidenceSchema = z.strictObject({
  owner_entity: z.string().min(1).optional(),
  owner_type: OwnerTypeSchema,
  funding_model: FundingModelSchema.optional(),
  ownership_history: z.array(OwnershipHistoryEntrySchema).optional(),
  country_regime: CountryRegimeSchema,
  /** Year of the V-Dem Regimes of the World classification used. */
  country_regime_year: z.number().int().optional(),
  regime_bucket: BucketSchema.optional(),
  party_bucket: BucketSchema.optional(),
  sources: z.array(z.string().min(1)).optional(),
  applied_rule: OwnershipRuleSchema.nullable().optional(),
});
/** Ownership evidence. */
export type OwnershipEvidence = z.infer<typeof OwnershipEvidenceSchema>;

/**
 * One academic or NGO source (seed 002 §3), its line quoted literally. `quote_verified` is set by
 * `validateAcademicEvidence` when the quote was found in the fetched source text.
 *
 * @example
 * AcademicEntrySchema.parse({ source: 'FLIP', url: 'https://flip.org.co/…', date: '2024-03-12',
 *   quote: 'El Tiempo mantiene una línea editorial cercana al establecimiento empresarial bogotano', weight: 'primary', domestic: true });
 */
export const AcademicEntrySchema = z.strictObject({
  source: z.string().min(1),
  url: z.string().min(1).optional(),
  date: IsoDateSchema,
  quote: z.string().min(1).optional(),
  weight: z.enum(['primary', 'secondary']),
  /** A source of the outlet's own country (FUN-6 needs a domestic primary source). */
  domestic: z.boolean(),
  quote_verified: z.boolean().optional(),
});
/** One academic / NGO source. */
export type AcademicEntry = z.infer<typeof AcademicEntrySchema>;

/**
 * The mapping of the academic quotes to a bucket and a factuality (seed 002 §3), with the quotes it
 * relied on (each a passage of one of the `academic` entries' quotes) and who mapped it.
 *
 * @example
 * AcademicAssessmentSchema.parse({ bucket: 'right', relied_on: [{ source: 'FLIP', quote: 'cercana al establecimiento empresarial' }],
 *   mapped_by: 'llm:gemini/gemini-2.5-flash', prompt_id: 'rating.academic-mapping', prompt_version: '2026-05-01.1' });
 */
export const AcademicAssessmentSchema = z.strictObject({
  bucket: BucketSchema.optional(),
  factuality: FactualitySchema.optional(),
  relied_on: z.array(z.strictObject({ source: z.string().min(1), quote: z.string().min(1) })).optional(),
  /** `llm:<vendor>/<model>`, `editor:<name>`, … */
  mapped_by: z.string().min(1).optional(),
  prompt_id: z.string().min(1).optional(),
  prompt_version: z.string().min(1).optional(),
  mapped_at: IsoDateSchema.optional(),
});
/** The academic mapping. */
export type AcademicAssessment = z.infer<typeof AcademicAssessmentSchema>;

/**
 * A source searched but not found (seed 002 §3: "Nunca inventar"): free text, or
 * `{ status: 'not-found', searched: [...] }`.
 *
 * @example
 * NotFoundEntrySchema.parse({ status: 'not-found', searched: ['FLIP', 'informe RSF Colombia 2024'] });
 */
export const NotFoundEntrySchema = z.union([
  z.string().min(1),
  z.strictObject({
    status: z.literal('not-found'),
    searched: z.array(z.string().min(1)).min(1),
    note: z.string().optional(),
  }),
]);
/** A not-found entry. */
export type NotFoundEntry = z.infer<typeof NotFoundEntrySchema>;

/**
 * Sentiment toward one named figure (metric 2): shares of favourable and critical articles among
 * those mentioning the figure; `side` is the figure's placement (from the actor map).
 *
 * @example
 * FigureEvidenceSchema.parse({ name: 'Gustavo Petro', side: 'left', favourable: 0.18, critical: 0.61 });
 */
export const FigureEvidenceSchema = z.strictObject({
  name: z.string().min(1),
  actor_id: z.string().min(1).optional(),
  side: BucketSchema,
  favourable: Share,
  critical: Share,
  /** Articles of the sample mentioning the figure. */
  mentions: CountSchema.optional(),
});
/** Sentiment toward one figure. */
export type FigureEvidence = z.infer<typeof FigureEvidenceSchema>;

/**
 * Shares of quoted sources by side (metric 4), keys as in seed 002 (`izq`, `centro`, `der`).
 *
 * @example
 * QuoteDistributionSchema.parse({ izq: 0.21, centro: 0.34, der: 0.45 });
 */
export const QuoteDistributionSchema = z.strictObject({ izq: Share, centro: Share, der: Share });

/**
 * How the content sample was drawn (enough to draw it again) and what happened to it.
 *
 * @example
 * SampleEvidenceSchema.shape.seed;
 */
export const SampleEvidenceSchema = z.strictObject({
  seed: z.number().int().min(0).max(0xffffffff),
  ids: z.array(z.string().min(1)),
  /** Articles of the outlet in the window. */
  population: CountSchema,
  strata: z.array(z.strictObject({ key: z.string(), population: CountSchema, allocated: CountSchema })),
  rule: z.string(),
  /** Analyses accepted (= `sample_size`), rejected (ungrounded quotes) and failed (provider). */
  analysed: CountSchema,
  rejected: CountSchema,
  failed: CountSchema,
});
/** How the sample was drawn. */
export type SampleEvidence = z.infer<typeof SampleEvidenceSchema>;

/**
 * Factuality signals of the sample (counts of articles).
 *
 * @example
 * FactualitySignalsEvidenceSchema.parse({ articles: 40, bylined: 36, with_primary_sources: 22, with_corrections: 2, with_unattributed: 3, with_viral: 0 });
 */
export const FactualitySignalsEvidenceSchema = z.strictObject({
  articles: CountSchema,
  bylined: CountSchema,
  with_primary_sources: CountSchema,
  with_corrections: CountSchema,
  with_unattributed: CountSchema,
  with_viral: CountSchema,
});
/** Factuality signals of the sample. */
export type FactualitySignalsEvidence = z.infer<typeof FactualitySignalsEvidenceSchema>;

const ProvenanceFields = {
  /** `lexicon-baseline (offline)` or `llm:<vendor>/<model>`. */
  backend: z.string().min(1).optional(),
  prompt_id: z.string().min(1).optional(),
  prompt_version: z.string().min(1).optional(),
  cost_usd: z.number().nonnegative().optional(),
  analysed_at: IsoDateSchema.optional(),
  notes: z.string().optional(),
};

/**
 * Signal 3 with a usable sample (seed 002 §4 "Cómo se registra"): the four metrics, the
 * content-only bucket (`content_only_sesgo`, decided by `contentBucket`) and factuality. Keys are
 * the seed's; values are the methodology's identifiers (`left`, `high`, `progressive`, …).
 * `sample_size` (accepted analyses) must be at least 20; below that the record is `insufficient`.
 *
 * @example
 * ContentAnalysedSchema.parse({ sample_size: 47, window_days: 90, gov_opp_ratio: 0.42,
 *   figures: [{ name: 'Gustavo Petro', side: 'left', favourable: 0.18, critical: 0.61 }],
 *   topics: { economy: 'conservative', security: 'conservative', abortion: 'n/a' },
 *   quote_distribution: { izq: 0.21, centro: 0.34, der: 0.45 },
 *   content_only_sesgo: 'right', content_only_factualidad: 'high', notes: 'Editoriales firmados; corrige al pie de página.' });
 */
export const ContentAnalysedSchema = z
  .strictObject({
    status: z.literal('analysed').optional(),
    sample_size: CountSchema,
    window_days: z.number().int().positive().optional(),
    /** First day of the analysed window (CONF-CHANGE compares it with the last control change). */
    window_start: IsoDateSchema.optional(),
    /** Bucket of the sitting government on the analysis date (the `incumbent` of CB-1). */
    incumbent: BucketSchema.optional(),
    gov_opp_ratio: z.number().nonnegative().nullable().optional(),
    gov_opp_counts: z
      .strictObject({ government: CountSchema, opposition: CountSchema, neutral: CountSchema })
      .optional(),
    figures: z.array(FigureEvidenceSchema).optional(),
    topics: z.record(z.string(), TopicPositionSchema).optional(),
    quote_distribution: QuoteDistributionSchema.nullable().optional(),
    /** Quotes attributed to mapped actors (the denominator of `quote_distribution`). */
    quote_count: CountSchema.optional(),
    content_only_sesgo: ContentVoteBucketSchema,
    content_only_factualidad: FactualitySchema.nullable().optional(),
    /** CONF-SPLIT inputs: the buckets of the news and of the opinion items alone. */
    news_sesgo: BucketSchema.optional(),
    opinion_sesgo: BucketSchema.optional(),
    factuality_signals: FactualitySignalsEvidenceSchema.optional(),
    sample: SampleEvidenceSchema.optional(),
    ...ProvenanceFields,
  })
  .superRefine((content, context) => {
    if (content.sample_size < RATING_PARAMETERS.contentBucketMinSample) {
      context.addIssue({
        code: 'custom',
        path: ['sample_size'],
        message: `a content analysis needs at least ${RATING_PARAMETERS.contentBucketMinSample} articles; record {"status": "insufficient", "sample_size": ${content.sample_size}} instead`,
      });
    }
    const quotes = content.quote_distribution;
    if (quotes !== undefined && quotes !== null && quotes.izq + quotes.centro + quotes.der > 1 + THRESHOLD_EPSILON) {
      context.addIssue({ code: 'custom', path: ['quote_distribution'], message: 'quote shares sum to more than 1' });
    }
  });
/** Content evidence with a usable sample. */
export type ContentAnalysed = z.infer<typeof ContentAnalysedSchema>;

/**
 * Signal 3 below the minimum sample (seed 002 §4: `{ "status": "insufficient", "sample_size": N }`).
 *
 * @example
 * ContentInsufficientSchema.parse({ status: 'insufficient', sample_size: 12 });
 */
export const ContentInsufficientSchema = z
  .strictObject({
    status: z.literal('insufficient'),
    sample_size: CountSchema,
    window_days: z.number().int().positive().optional(),
    window_start: IsoDateSchema.optional(),
    sample: SampleEvidenceSchema.optional(),
    ...ProvenanceFields,
  })
  .superRefine((content, context) => {
    if (content.sample_size >= RATING_PARAMETERS.contentBucketMinSample) {
      context.addIssue({
        code: 'custom',
        path: ['sample_size'],
        message: `an insufficient sample has fewer than ${RATING_PARAMETERS.contentBucketMinSample} articles`,
      });
    }
  });
/** Content evidence below the minimum sample. */
export type ContentInsufficient = z.infer<typeof ContentInsufficientSchema>;

/**
 * `rating_evidence.content`: analysed or insufficient.
 *
 * @example
 * ContentEvidenceSchema.parse({ status: 'insufficient', sample_size: 3 });
 */
export const ContentEvidenceSchema = z.union([ContentInsufficientSchema, ContentAnalysedSchema]);
/** `rating_evidence.content`. */
export type ContentEvidence = z.infer<typeof ContentEvidenceSchema>;

/**
 * The evidence record of a rated outlet (`sources.rating_evidence`, seed 002): every signal as
 * captured, from which `evidenceToRateOutletInput` + `rateOutlet` reproduce the rating exactly.
 *
 * @example
 * RatingEvidenceRecordSchema.parse({ domain: 'clarin.com', country: 'AR', editorial_scope: 'political',
 *   ownership: { owner_type: 'corporate-conglomerate', country_regime: 'democracy' } });
 */
export const RatingEvidenceRecordSchema = z.strictObject({
  domain: z.string().min(1),
  name: z.string().min(1).optional(),
  country: CountryCodeSchema,
  editorial_scope: EditorialScopeSchema,
  ownership: OwnershipEvidenceSchema.optional(),
  academic: z.array(AcademicEntrySchema).optional(),
  academic_assessment: AcademicAssessmentSchema.optional(),
  not_found: z.array(NotFoundEntrySchema).optional(),
  content: ContentEvidenceSchema.optional(),
  /** Valid votes that disagreed with the final bias when the rating was made (seed 002 §5 `evidence.dissent`). */
  dissent: z.array(z.strictObject({ signal: RatingSignalSchema, bucket: BucketSchema })).optional(),
  notes: z.string().optional(),
  /** Espectro: the evidence is invented (demo data); every page and export that shows the rating says so. */
  illustrative: z.boolean().optional(),
});
/** The evidence record of a rated outlet. */
export type RatingEvidenceRecord = z.infer<typeof RatingEvidenceRecordSchema>;

/**
 * The evidence of a preliminary outlet (seed 002 §10, rule PRELIM):
 * `{ "status": "pending", "reason": "…", "added_at": "2026-04-24" }`; attempts that found nothing go
 * to `not_found`.
 *
 * @example
 * PendingEvidenceSchema.parse({ status: 'pending', reason: 'Medio añadido desde la auditoría de dominios huérfanos', added_at: '2026-04-24' });
 */
export const PendingEvidenceSchema = z.strictObject({
  status: z.literal('pending'),
  reason: z.string().min(1),
  added_at: IsoDateSchema,
  not_found: z.array(NotFoundEntrySchema).optional(),
});
/** The evidence of a preliminary outlet. */
export type PendingEvidence = z.infer<typeof PendingEvidenceSchema>;

/**
 * `sources.rating_evidence`: a pending record or a full evidence record.
 *
 * @example
 * RatingEvidenceSchema.safeParse(row.rating_evidence).success;
 */
export const RatingEvidenceSchema = z.union([PendingEvidenceSchema, RatingEvidenceRecordSchema]);
/** `sources.rating_evidence`. */
export type RatingEvidence = z.infer<typeof RatingEvidenceSchema>;
