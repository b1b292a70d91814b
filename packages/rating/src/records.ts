import {
  BucketSchema,
  ContentBucketResultSchema,
  ContestationDimensionSchema,
  ContestationStatusSchema,
  ContestedOutletSchema,
  CountSchema,
  evidenceToRateOutletInput,
  FactualitySchema,
  IsoDateSchema,
  isPendingEvidence,
  OwnershipRuleSchema,
  ownershipOf,
  rateOutlet,
  RatingChangeCauseSchema,
  ratingChangeCause,
  ratingChanges,
  RatingConfidenceSchema,
  RatingDissentSchema,
  RatingEvidenceSchema,
  RatingFlagSchema,
  type PendingEvidence,
  type RateOutletResult,
  type RatingChangeCause,
  type RatingChangeRecord,
  type RatingEvidence,
  type RatingEvidenceRecord,
  type RatingSnapshot,
} from '@espectro/methodology';
import { z } from 'zod';
import { evidenceDigest } from './digest.js';
import { formatZodIssues, RatingError } from './errors.js';

const InstantSchema = z.iso.datetime({ offset: true });

/**
 * The rating as stored next to its evidence (`sources.sesgo`, `factualidad`, `rating_confidence`,
 * `rating_methodology`): what readers see. `evidence_sha256` seals the evidence it was computed
 * from (see `evidenceDigest`); `verifyRatings` re-derives the rest from the evidence.
 *
 * @example
 * StoredRatingValueSchema.shape.as_of;
 */
export const StoredRatingValueSchema = z.strictObject({
  bias: BucketSchema.nullable(),
  /** `null` only for preliminary outlets (PRELIM has no factuality yet). */
  factuality: FactualitySchema.nullable(),
  confidence: RatingConfidenceSchema,
  applied_rule: OwnershipRuleSchema.nullable(),
  flags: z.array(RatingFlagSchema),
  dissent: z.array(RatingDissentSchema),
  trace: z.array(z.string()),
  methodology_version: z.string().min(1),
  /** The date the rating was computed for (the `asOf` of `rateOutlet`). */
  as_of: IsoDateSchema,
  /** `sha256:<hex>` of the canonical JSON of the evidence the rating was computed from; `null` for a rating written before ratings were sealed. */
  evidence_sha256: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/, 'expected sha256:<64 hex digits>')
    .nullable(),
});
/** A stored rating value. */
export type StoredRatingValue = z.infer<typeof StoredRatingValueSchema>;

/**
 * One outlet as a {@link RatingRecordStore} keeps it: who it is, its rating, the evidence the
 * rating must be reproducible from, when it was added and last reviewed (`rating_reviewed_at`,
 * null until the first funnel rating; seed 002 §9–§10). `rating.as_of` is the review date, or the
 * date the outlet was added while it has never been reviewed.
 *
 * @example
 * StoredRatingSchema.parse(await store.get('elpais.com'));
 */
export const StoredRatingSchema = z
  .strictObject({
    domain: ContestedOutletSchema,
    name: z.string().min(1),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'expected an ISO 3166-1 alpha-2 code such as AR')
      .nullable(),
    added_at: IsoDateSchema,
    rating_reviewed_at: IsoDateSchema.nullable(),
    rating: StoredRatingValueSchema,
    rating_evidence: RatingEvidenceSchema,
  })
  .superRefine((stored, context) => {
    const expected = stored.rating_reviewed_at ?? stored.added_at;
    if (stored.rating.as_of !== expected) {
      context.addIssue({
        code: 'custom',
        path: ['rating', 'as_of'],
        message: `the rating is as of ${stored.rating.as_of} but the outlet was ${stored.rating_reviewed_at === null ? 'added' : 'last reviewed'} on ${expected}`,
      });
    }
  });
/** One outlet as a record store keeps it. */
export type StoredRating = z.infer<typeof StoredRatingSchema>;

/**
 * What the store knows of an outlet's lifecycle, besides its rating and evidence (seed 002 §9–§10,
 * seed 000 contestations) — the scheduler's input, derived from stored data (the content-bucket
 * series, article counts, content runs, contestations), never typed into a roster.
 *
 * @example
 * OutletLifecycleFactsSchema.parse({ drift: [{ date: '2026-04-27', bucket: 'center' }], contestations: [] });
 */
export const OutletLifecycleFactsSchema = z.strictObject({
  /**
   * Latest day an ownership change became known (REV-1, seed 002 §9 "Se reporta un cambio de
   * propiedad"): the change's date, or the day it was recorded when that is later.
   */
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
/** Lifecycle facts of an outlet. */
export type OutletLifecycleFacts = z.infer<typeof OutletLifecycleFactsSchema>;

/**
 * What a write adds to an outlet's rating history: `preliminary` (entered as PRELIM), `initial`
 * (first funnel rating), `rerating` (a re-rating with its CON-4 cause, with or without changes), or
 * `null` (a refresh that changes no rated field and was not triggered by an event: no history row).
 */
export const RatingHistoryKindSchema = z.enum(['preliminary', 'initial', 'rerating']);
/** A history kind. */
export type RatingHistoryKind = z.infer<typeof RatingHistoryKindSchema>;

/**
 * One write of a {@link RatingRecordStore}: the new stored rating, the CON-4 change records it
 * makes, and the history row it adds.
 *
 * @example
 * RatingRecordWriteSchema.shape.kind;
 */
export const RatingRecordWriteSchema = z
  .strictObject({
    rating: StoredRatingSchema,
    changes: z.array(z.custom<RatingChangeRecord>()),
    kind: RatingHistoryKindSchema.nullable(),
    cause: RatingChangeCauseSchema.nullable(),
    contestationId: z.string().min(1).max(200).nullable(),
    notes: z.string().max(10_000).nullable(),
    /** Instant of the write. */
    at: InstantSchema,
  })
  .superRefine((write, context) => {
    if ((write.kind === 'rerating') !== (write.cause !== null)) {
      context.addIssue({ code: 'custom', path: ['cause'], message: 'a re-rating, and only a re-rating, has a cause' });
    }
    if (write.changes.length > 0 && write.kind !== 'rerating') {
      context.addIssue({ code: 'custom', path: ['changes'], message: 'only a re-rating records changes (CON-4)' });
    }
  });
/** One write of a record store. */
export type RatingRecordWrite = z.infer<typeof RatingRecordWriteSchema>;

/** One row of an outlet's rating history (oldest first), with the CON-4 records it made. */
export interface RatingHistoryEntry {
  kind: RatingHistoryKind;
  /** Instant of the write. */
  at: string;
  cause: RatingChangeCause | null;
  contestationId: string | null;
  notes: string | null;
  rating: Omit<StoredRatingValue, 'as_of'>;
  changes: RatingChangeRecord[];
}

/**
 * Where ratings, their history and their change records live. `@espectro/store` implements it on
 * the database (`createStoreRatingRecordStore`); {@link createMemoryRatingStore} in memory. Both
 * pass `ratingRecordStoreContract` of `@espectro/rating/testing`.
 */
export interface RatingRecordStore {
  get(domain: string): Promise<StoredRating | undefined>;
  /** Every outlet, ordered by domain. */
  list(): Promise<StoredRating[]>;
  /**
   * Reads the current rating of `domain`, lets `decide` compute the write (or `undefined` for none)
   * and stores it atomically — the rating, one history row when `kind` is set, the change records.
   * Writers of one outlet are serialised: `decide` always sees the latest committed rating. An
   * invalid write is refused (`RatingError` `invalid_input`) and changes nothing.
   */
  update(
    domain: string,
    decide: (current: StoredRating | undefined) => RatingRecordWrite | undefined,
  ): Promise<RatingRecordWrite | undefined>;
  /** The history of one outlet, oldest first. */
  history(domain: string): Promise<RatingHistoryEntry[]>;
  /** Change records, oldest first (of one outlet when `domain` is given). */
  changes(domain?: string): Promise<RatingChangeRecord[]>;
}

/** Validates a write; throws `RatingError` `invalid_input` naming the fields. @internal */
export function parseRatingRecordWrite(write: unknown, domain: string): RatingRecordWrite {
  const result = RatingRecordWriteSchema.safeParse(write);
  if (!result.success) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'store',
      message: `the rating write of ${domain} is invalid — ${formatZodIssues(result.error.issues)}`,
    });
  }
  if (result.data.rating.domain !== domain) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'store',
      field: 'rating.domain',
      message: `a write for ${domain} carries the rating of ${result.data.rating.domain}`,
    });
  }
  return result.data;
}

/**
 * An in-memory {@link RatingRecordStore}; writes are validated and serialised like the database's.
 *
 * @example
 * const store = createMemoryRatingStore();
 */
export function createMemoryRatingStore(): RatingRecordStore {
  const ratings = new Map<string, StoredRating>();
  const histories = new Map<string, RatingHistoryEntry[]>();
  const changeLog: RatingChangeRecord[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  const copy = <Value>(value: Value): Value => structuredClone(value);
  return {
    async get(domain) {
      const stored = ratings.get(domain);
      return stored === undefined ? undefined : copy(stored);
    },
    async list() {
      return [...ratings.values()].sort((a, b) => (a.domain < b.domain ? -1 : 1)).map(copy);
    },
    update(domain, decide) {
      const run = queue.then(() => {
        const current = ratings.get(domain);
        const decided = decide(current === undefined ? undefined : copy(current));
        if (decided === undefined) return undefined;
        const write = parseRatingRecordWrite(decided, domain);
        ratings.set(domain, copy(write.rating));
        if (write.kind !== null) {
          const { as_of: _asOf, ...value } = write.rating.rating;
          const history = histories.get(domain) ?? [];
          history.push({
            kind: write.kind,
            at: new Date(write.at).toISOString(),
            cause: write.cause,
            contestationId: write.contestationId,
            notes: write.notes,
            rating: copy(value),
            changes: copy(write.changes),
          });
          histories.set(domain, history);
        }
        changeLog.push(...copy(write.changes));
        return copy(write);
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async history(domain) {
      return copy(histories.get(domain) ?? []);
    },
    async changes(domain) {
      return copy(domain === undefined ? changeLog : changeLog.filter((change) => change.outlet === domain));
    },
  };
}

/**
 * The stored value of a `rateOutlet` result for the evidence it was computed from.
 *
 * @example
 * storedRatingValue(rateOutlet(input), input.asOf, record);
 */
export function storedRatingValue(result: RateOutletResult, asOf: string, evidence: RatingEvidence): StoredRatingValue {
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
    evidence_sha256: evidenceDigest(evidence),
  };
}

/**
 * A stored rating as CON-4 compares it (`ratingChanges` of @espectro/methodology).
 *
 * @example
 * ratingSnapshotOf(stored).ownership; // 'corporate-conglomerate: Grupo Clarín S.A.'
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
  /** Instant of the write (ISO date-time with offset). */
  changedAt: string;
  /**
   * Why the outlet is re-rated (CON-4): an event (accepted contestation, cadence, drift, a new
   * prompt…). Given, the re-rating is recorded in the history even when nothing changes; omitted,
   * a change takes its cause from `ratingChangeCause` and an unchanged rating adds no history row.
   */
  cause?: RatingChangeCause;
  /** With `accepted_contestation`: the contestation's id. */
  contestationId?: string;
  notes?: string;
  /** The outlet's display name (default: the evidence's `name`, the stored name, the domain). */
  name?: string;
}

/** What {@link recordRating} did. */
export interface RecordRatingResult {
  /** `created`: new outlet; `initial`: a preliminary outlet got its first rating; `rerated`; `unchanged`. */
  outcome: 'created' | 'initial' | 'rerated' | 'unchanged';
  rating: StoredRating;
  changes: RatingChangeRecord[];
}

/**
 * Rates an outlet from its evidence (`evidenceToRateOutletInput` → `rateOutlet`, rule EVID-1) and
 * stores it through `store.update`: the rating with its evidence seal, `rating_reviewed_at = asOf`,
 * one CON-4 record per changed field (`ratingChanges`), and the history row — `initial` for a new
 * or preliminary outlet, `rerating` with the cause for a change or an event-triggered re-rating.
 *
 * @example
 * const { outcome, changes } = await recordRating(store, { evidence, asOf: '2026-05-02', changedAt: '2026-05-02T12:00:00Z',
 *   cause: 'accepted_contestation', contestationId: 'c-1' });
 */
export async function recordRating(
  store: RatingRecordStore,
  request: RecordRatingRequest,
): Promise<RecordRatingResult> {
  const domain = request.evidence.domain;
  const result = rateOutlet(evidenceToRateOutletInput(request.evidence, request.asOf));
  let outcome: RecordRatingResult['outcome'] = 'unchanged';
  const write = await store.update(domain, (current) => {
    const rating: StoredRating = {
      domain,
      name: request.name ?? request.evidence.name ?? current?.name ?? domain,
      country: request.evidence.country,
      added_at: current?.added_at ?? request.asOf,
      rating_reviewed_at: request.asOf,
      rating: storedRatingValue(result, request.asOf, request.evidence),
      rating_evidence: request.evidence,
    };
    const firstRating = current === undefined || current.rating.confidence === 'preliminary';
    if (firstRating) {
      outcome = current === undefined ? 'created' : 'initial';
      return {
        rating,
        changes: [],
        kind: 'initial',
        cause: null,
        contestationId: null,
        notes: request.notes ?? null,
        at: request.changedAt,
      };
    }
    const previous = ratingSnapshotOf(current);
    const next = ratingSnapshotOf(rating);
    const context = {
      outlet: domain,
      changedAt: request.changedAt,
      ...(request.contestationId === undefined ? {} : { contestationId: request.contestationId }),
      ...(request.notes === undefined ? {} : { notes: request.notes }),
    };
    // rule CON-4 — the cause given by the event, else the one the two records show
    const cause =
      request.cause ??
      ratingChangeCause(
        { evidence: current.rating_evidence, methodologyVersion: current.rating.methodology_version },
        { evidence: request.evidence, methodologyVersion: result.methodologyVersion },
      );
    const changes = ratingChanges(previous, next, { ...context, cause });
    const event = request.cause !== undefined;
    if (changes.length === 0 && !event) {
      return { rating, changes, kind: null, cause: null, contestationId: null, notes: null, at: request.changedAt };
    }
    outcome = changes.length > 0 ? 'rerated' : 'unchanged';
    return {
      rating,
      changes,
      kind: 'rerating',
      cause,
      contestationId: request.contestationId ?? null,
      notes: request.notes ?? null,
      at: request.changedAt,
    };
  });
  return { outcome, rating: write!.rating, changes: write!.changes };
}

/**
 * Stores the pending evidence of a preliminary outlet (PRELIM, seed 002 §10): a new outlet enters
 * as `preliminary` (history row `preliminary`); an outlet already preliminary gets the new pending
 * record (e.g. a `not_found` entry for an inconclusive content run) without a history row. A rated
 * outlet is never turned back into a preliminary one (refused).
 *
 * @example
 * await recordPreliminary(store, { domain: 'diariolibre.com', evidence: { status: 'pending', reason: 'visto en un feed', added_at: '2026-04-24' }, changedAt: '2026-04-24T08:00:00Z' });
 */
export async function recordPreliminary(
  store: RatingRecordStore,
  request: {
    domain: string;
    name?: string;
    country?: string | null;
    evidence: PendingEvidence;
    changedAt: string;
    methodologyVersion: string;
  },
): Promise<StoredRating> {
  const write = await store.update(request.domain, (current) => {
    if (current !== undefined && current.rating.confidence !== 'preliminary') {
      throw new RatingError({
        code: 'invalid_input',
        stage: 'record',
        field: 'evidence',
        message: `${request.domain} is rated (${current.rating.confidence}); pending evidence would erase its rating`,
      });
    }
    const addedAt = current?.added_at ?? request.evidence.added_at;
    const rating: StoredRating = {
      domain: request.domain,
      name: request.name ?? current?.name ?? request.domain,
      country: request.country ?? current?.country ?? null,
      added_at: addedAt,
      rating_reviewed_at: null,
      rating: {
        bias: null,
        factuality: null,
        confidence: 'preliminary',
        applied_rule: null,
        flags: [],
        dissent: [],
        trace: ['PRELIM'],
        methodology_version: request.methodologyVersion,
        as_of: addedAt,
        evidence_sha256: evidenceDigest(request.evidence),
      },
      rating_evidence: request.evidence,
    };
    return {
      rating,
      changes: [],
      kind: current === undefined ? 'preliminary' : null,
      cause: null,
      contestationId: null,
      notes: null,
      at: request.changedAt,
    };
  });
  return write!.rating;
}

/** Whether a stored rating is a preliminary one with pending evidence. */
export function isPreliminaryRating(stored: StoredRating): boolean {
  return stored.rating.confidence === 'preliminary' && isPendingEvidence(stored.rating_evidence);
}
