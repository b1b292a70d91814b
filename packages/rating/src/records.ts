import {
  BucketSchema,
  ContentBucketResultSchema,
  ContestationDimensionSchema,
  ContestationStatusSchema,
  CountSchema,
  FactualitySchema,
  IsoDateSchema,
  OwnershipRuleSchema,
  evidenceToRateOutletInput,
  ownershipOf,
  rateOutlet,
  RatingConfidenceSchema,
  ratingChanges,
  RatingDissentSchema,
  RatingEvidenceSchema,
  RatingFlagSchema,
  type RateOutletResult,
  type RatingChangeCause,
  type RatingChangeRecord,
  type RatingEvidenceRecord,
  type RatingSnapshot,
} from '@espectro/methodology';
import { z } from 'zod';
import { formatZodIssues, RatingError } from './errors.js';

/**
 * The rating as stored next to its evidence (`sources.sesgo`, `factualidad`, `rating_confidence`,
 * `rating_methodology`): what readers see. `verifyRatings` re-derives it from the evidence.
 *
 * @example
 * StoredRatingValueSchema.parse({ bias: 'right', factuality: 'high', confidence: 'medium', methodology_version: 'v1.2-2026-04', as_of: '2026-04-27' });
 */
export const StoredRatingValueSchema = z.strictObject({
  bias: BucketSchema.nullable(),
  /** `null` only for preliminary outlets (PRELIM has no factuality yet). */
  factuality: FactualitySchema.nullable(),
  confidence: RatingConfidenceSchema,
  applied_rule: OwnershipRuleSchema.nullable().optional(),
  flags: z.array(RatingFlagSchema).optional(),
  dissent: z.array(RatingDissentSchema).optional(),
  trace: z.array(z.string()).optional(),
  methodology_version: z.string().min(1),
  /** The date the rating was computed for (the `asOf` of `rateOutlet`). */
  as_of: IsoDateSchema,
});
/** A stored rating value. */
export type StoredRatingValue = z.infer<typeof StoredRatingValueSchema>;

/**
 * Facts the scheduler needs besides the evidence (seed 002 §9–§10, seed 000 contestations).
 *
 * @example
 * RatingSignalsSchema.parse({ drift: [{ date: '2026-04-27', bucket: 'center' }], contestations: [] });
 */
export const RatingSignalsSchema = z.strictObject({
  /** Latest reported ownership change. */
  ownership_changed_at: IsoDateSchema.optional(),
  /** Latest change of the country's regime classification. */
  regime_changed_at: IsoDateSchema.optional(),
  /** Latest outlet-level evaluation by a primary academic / NGO source. */
  primary_academic_evaluation_at: IsoDateSchema.optional(),
  /** Daily rolling 30-day content buckets (REV-1 drift). */
  drift: z.array(z.strictObject({ date: IsoDateSchema, bucket: ContentBucketResultSchema })).optional(),
  contestations: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        dimension: ContestationDimensionSchema.optional(),
        status: ContestationStatusSchema,
        /** When it reached its current status. */
        resolved_at: IsoDateSchema.optional(),
      }),
    )
    .optional(),
  /** Preliminary outlets: articles ingested in the window (REV-2). */
  articles_in_window: CountSchema.optional(),
  /** Preliminary outlets: the outcome of the latest content run (REV-2). */
  last_content_result: ContentBucketResultSchema.optional(),
});
/** Scheduler facts of an outlet. */
export type RatingSignals = z.infer<typeof RatingSignalsSchema>;

/**
 * One outlet of the roster: its rating, the evidence it must be reproducible from, when it was
 * last reviewed (`rating_reviewed_at`, null until the first real rating), what produced its content
 * evidence, and the scheduler's facts.
 *
 * @example
 * StoredRatingSchema.parse(roster.outlets[0]);
 */
export const StoredRatingSchema = z.strictObject({
  domain: z.string().min(1),
  name: z.string().min(1).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  rating: StoredRatingValueSchema,
  rating_evidence: RatingEvidenceSchema,
  rating_reviewed_at: IsoDateSchema.nullable(),
  added_at: IsoDateSchema.optional(),
  /** What produced the content evidence: backend, prompt (or lexicon) id and version, model. */
  analysis: z
    .strictObject({
      backend: z.string().min(1),
      prompt_id: z.string().min(1).optional(),
      prompt_version: z.string().min(1).optional(),
      model: z.string().min(1).optional(),
    })
    .optional(),
  signals: RatingSignalsSchema.optional(),
});
/** One outlet of the roster. */
export type StoredRating = z.infer<typeof StoredRatingSchema>;

/**
 * A roster file (`espectro outlets due|verify --roster <file>`).
 *
 * @example
 * RosterSchema.parse({ outlets: [] });
 */
export const RosterSchema = z.strictObject({
  note: z.string().optional(),
  outlets: z.array(StoredRatingSchema),
});
/** A roster file. */
export type Roster = z.infer<typeof RosterSchema>;

/**
 * Validates a roster (throws `RatingError` `invalid_input` naming the field).
 *
 * @example
 * const roster = parseRoster(JSON.parse(await readFile('roster.json', 'utf8')));
 */
export function parseRoster(input: unknown, where = 'roster'): Roster {
  const result = RosterSchema.safeParse(input);
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
 * Where ratings and their change records live. `@espectro/store` will implement it over the
 * database; {@link createMemoryRatingStore} is the in-memory implementation.
 */
export interface RatingRecordStore {
  get(domain: string): Promise<StoredRating | undefined>;
  put(rating: StoredRating): Promise<void>;
  list(): Promise<StoredRating[]>;
  /** Appends change records (rule CON-4). */
  appendChanges(changes: readonly RatingChangeRecord[]): Promise<void>;
  /** Change records, oldest first (of one outlet when `domain` is given). */
  changes(domain?: string): Promise<RatingChangeRecord[]>;
}

/**
 * An in-memory {@link RatingRecordStore}; records are validated on `put`.
 *
 * @example
 * const store = createMemoryRatingStore(roster.outlets);
 */
export function createMemoryRatingStore(initial: readonly StoredRating[] = []): RatingRecordStore {
  const ratings = new Map<string, StoredRating>();
  const changeLog: RatingChangeRecord[] = [];
  const validate = (rating: StoredRating): StoredRating => {
    const result = StoredRatingSchema.safeParse(rating);
    if (!result.success) {
      throw new RatingError({
        code: 'invalid_input',
        stage: 'store',
        message: `rating of ${rating.domain} is invalid — ${formatZodIssues(result.error.issues)}`,
      });
    }
    return result.data;
  };
  for (const rating of initial) ratings.set(rating.domain, validate(rating));
  return {
    async get(domain) {
      return ratings.get(domain);
    },
    async put(rating) {
      ratings.set(rating.domain, validate(rating));
    },
    async list() {
      return [...ratings.values()];
    },
    async appendChanges(changes) {
      changeLog.push(...changes);
    },
    async changes(domain) {
      return domain === undefined ? [...changeLog] : changeLog.filter((change) => change.outlet === domain);
    },
  };
}

/** The stored value of a `rateOutlet` result. */
export function storedRatingValue(result: RateOutletResult, asOf: string): StoredRatingValue {
  return {
    bias: result.bias,
    factuality: result.factuality,
    confidence: result.confidence,
    applied_rule: result.appliedRule,
    flags: result.flags,
    dissent: result.dissent,
    trace: result.trace,
    methodology_version: result.methodologyVersion,
    as_of: asOf,
  };
}

/**
 * A stored rating as CON-4 compares it (`ratingChanges` of @espectro/methodology).
 *
 * @example
 * ratingSnapshotOf(await store.get('elpais.com'));
 */
export function ratingSnapshotOf(stored: StoredRating): RatingSnapshot {
  return {
    bias: stored.rating.bias,
    factuality: stored.rating.factuality,
    confidence: stored.rating.confidence,
    ownership: ownershipOf(stored.rating_evidence),
    methodologyVersion: stored.rating.methodology_version,
  };
}

/** What {@link recordRating} needs. */
export interface RecordRatingRequest {
  evidence: RatingEvidenceRecord;
  /** The rating date. */
  asOf: string;
  /** Why the rating is (re)computed (rule CON-4); required whenever a previous rating exists and something changes. */
  cause?: RatingChangeCause;
  /** With `accepted_contestation`: the contestation's id. */
  contestationId?: string;
  /** Instant of the change (ISO date-time with offset). */
  changedAt: string;
  /** What produced the content evidence. */
  analysis?: StoredRating['analysis'];
  notes?: string;
}

/**
 * Rates an outlet from its evidence (`evidenceToRateOutletInput` → `rateOutlet`), stores the rating
 * with the evidence and `rating_reviewed_at = asOf`, and records one change per field that changed
 * (`ratingChanges` of @espectro/methodology, rule CON-4: `bias`, `factuality`, `confidence`,
 * `ownership`). A change without a `cause` is an error; the first rating of an outlet (or of a
 * preliminary one) records no change. The previous `signals` are kept.
 *
 * @example
 * const { rating, changes } = await recordRating(store, { evidence, asOf: '2026-05-02', cause: 'accepted_contestation',
 *   contestationId: 'c-1', changedAt: '2026-05-02T12:00:00Z' });
 */
export async function recordRating(
  store: RatingRecordStore,
  request: RecordRatingRequest,
): Promise<{ rating: StoredRating; changes: RatingChangeRecord[] }> {
  const result = rateOutlet(evidenceToRateOutletInput(request.evidence, request.asOf));
  const domain = request.evidence.domain;
  const previous = await store.get(domain);
  const rating: StoredRating = {
    domain,
    ...(request.evidence.name === undefined ? {} : { name: request.evidence.name }),
    country: request.evidence.country,
    rating: storedRatingValue(result, request.asOf),
    rating_evidence: request.evidence,
    rating_reviewed_at: request.asOf,
    ...(previous?.added_at === undefined ? {} : { added_at: previous.added_at }),
    ...(request.analysis === undefined ? {} : { analysis: request.analysis }),
    ...(previous?.signals === undefined ? {} : { signals: previous.signals }),
  };
  // rule CON-4 — one change record per rated field that differs, with its cause
  const changes = ratingChanges(
    previous === undefined ? undefined : ratingSnapshotOf(previous),
    ratingSnapshotOf(rating),
    {
      outlet: domain,
      changedAt: request.changedAt,
      ...(request.cause === undefined ? {} : { cause: request.cause }),
      ...(request.contestationId === undefined ? {} : { contestationId: request.contestationId }),
      ...(request.notes === undefined ? {} : { notes: request.notes }),
    },
  );
  await store.put(rating);
  if (changes.length > 0) await store.appendChanges(changes);
  return { rating, changes };
}
