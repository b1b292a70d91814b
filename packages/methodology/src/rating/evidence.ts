/**
 * Rule EVID-1 (seed 002, introduction: "Toda calificación en la base de datos debe poder
 * reproducirse siguiendo las reglas de abajo a partir de la evidencia almacenada en
 * `sources.rating_evidence`"): the pure mapping from the stored record to the input of
 * `rateOutlet`, its inverse for the inputs a record can express, and the latest change of control
 * of an ownership history (the `lastControlChange` of CONF-CHANGE).
 */
import { inputError } from '../errors.js';
import { fromDayNumber, toDayNumber } from '../shared/dates.js';
import { IsoDateSchema } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import {
  RatingEvidenceRecordSchema,
  type OwnershipEvidence,
  type OwnershipHistoryEntry,
  type RatingEvidence,
  type RatingEvidenceRecord,
} from './evidence-record.js';
import type { RatingChangeCause } from '../contestations/rating-change.js';
import { RATING_PARAMETERS } from './parameters.js';
import type { AcademicSignal, ContentSignal, OutletOwnership, RateOutletInput } from './schemas.js';

const RULE = 'EVID-1';

/**
 * The latest change of control (`control_change: true`) on or before `asOf` in an ownership
 * history, or `undefined`. Entries dated after `asOf` have not happened yet on `asOf`.
 *
 * @example
 * lastControlChange([{ date: '2025-09-01', event: 'vendido a X', control_change: true }], '2026-04-27'); // '2025-09-01'
 */
export function lastControlChange(
  history: readonly OwnershipHistoryEntry[] | undefined,
  asOf: string,
): string | undefined {
  if (!IsoDateSchema.safeParse(asOf).success) inputError(RULE, 'lastControlChange', ['asOf'], 'not an ISO date');
  if (history === undefined) return undefined;
  const asOfDay = toDayNumber(asOf);
  let latest: number | undefined;
  for (const entry of history) {
    if (entry.control_change !== true) continue;
    const day = toDayNumber(entry.date);
    if (day <= asOfDay && (latest === undefined || day > latest)) latest = day;
  }
  return latest === undefined ? undefined : fromDayNumber(latest);
}

/** A reported ownership event as {@link withOwnershipEvents} reads it (the store's recorded events). */
export interface ReportedOwnershipEvent {
  /** YYYY-MM-DD. */
  date: string;
  event: string;
  controlChange: boolean;
}

/**
 * The evidence record with the reported ownership events dated on or before `asOf` added to its
 * `ownership.ownership_history` (seed 002 §8: "Siempre registrar el cambio de control relevante en
 * `ownership_history`"), oldest first; an entry already listed (same date and text) is not added
 * twice, and entries already in the history are kept as they are — except the `retracted` events
 * (recorded, then found wrong: `espectro outlets ownership retract`), whose entries (same date and
 * text) leave the history, so a retracted change of control no longer moves the content window. A
 * record without an `ownership` block is returned unchanged (the owner type, which the block
 * requires, is not known). Pure.
 *
 * @example
 * withOwnershipEvents(record, [{ date: '2026-05-01', event: 'vendido a X', controlChange: true }], '2026-05-02')
 *   .ownership?.ownership_history; // [..., { date: '2026-05-01', event: 'vendido a X', control_change: true }]
 * withOwnershipEvents(merged, [], '2026-05-04', [{ date: '2026-05-01', event: 'vendido a X' }])
 *   .ownership?.ownership_history; // [...] without it
 */
export function withOwnershipEvents(
  record: RatingEvidenceRecord,
  events: readonly ReportedOwnershipEvent[],
  asOf: string,
  retracted: readonly Pick<ReportedOwnershipEvent, 'date' | 'event'>[] = [],
): RatingEvidenceRecord {
  if (!IsoDateSchema.safeParse(asOf).success) inputError(RULE, 'withOwnershipEvents', ['asOf'], 'not an ISO date');
  const ownership = record.ownership;
  if (ownership === undefined) return record;
  const withdrawn = new Set(retracted.map((entry) => `${entry.date}\u0000${entry.event}`));
  const previous = ownership.ownership_history ?? [];
  const history = previous.filter((entry) => !withdrawn.has(`${entry.date}\u0000${entry.event}`));
  const listed = new Set(history.map((entry) => `${entry.date}\u0000${entry.event}`));
  let added = history.length !== previous.length;
  for (const reported of events) {
    if (!IsoDateSchema.safeParse(reported.date).success)
      inputError(RULE, 'withOwnershipEvents', ['events', 'date'], 'not an ISO date');
    const key = `${reported.date}\u0000${reported.event}`;
    if (reported.date > asOf || listed.has(key) || withdrawn.has(key)) continue;
    listed.add(key);
    history.push({ date: reported.date, event: reported.event, control_change: reported.controlChange });
    added = true;
  }
  if (!added) return record;
  history.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
  return { ...record, ownership: { ...ownership, ownership_history: history } };
}

/**
 * Whether a stored `rating_evidence` is the pending record of a preliminary outlet (PRELIM).
 *
 * @example
 * isPendingEvidence({ status: 'pending', reason: 'seen in a feed', added_at: '2026-04-24' }); // true
 */
export function isPendingEvidence(
  evidence: RatingEvidence,
): evidence is Extract<RatingEvidence, { status: 'pending' }> {
  return 'status' in evidence && evidence.status === 'pending';
}

/**
 * The pure mapping (rule EVID-1) from a `rating_evidence` record to the input of `rateOutlet` on
 * `asOf`:
 *
 * - `editorial_scope` → `scope`;
 * - `ownership` → `{ ownerType, countryRegime, fundingModel, regimeYear, regimeBucket, partyBucket,
 *   lastControlChange }`, the last being the latest `control_change` of `ownership_history` on or
 *   before `asOf`;
 * - `academic[]` dated on or before `asOf` → `academic.sources` (`source` → `name`), with the bucket
 *   and factuality of `academic_assessment`;
 * - `content` → `{ sampleSize, windowStart, bucket: content_only_sesgo, factuality:
 *   content_only_factualidad, newsBucket: news_sesgo, opinionBucket: opinion_sesgo }`; an
 *   `insufficient` record gives only `sampleSize` (and `windowStart`); a `null` bucket or
 *   factuality is left out.
 *
 * Nothing else is read: the metrics, quotes and provenance are audit trail. Throws
 * `MethodologyInputError` (rule EVID-1) on a record that does not match
 * `RatingEvidenceRecordSchema` or a malformed `asOf`.
 *
 * @example
 * const rating = rateOutlet(evidenceToRateOutletInput(record, '2026-04-27'));
 */
export function evidenceToRateOutletInput(record: RatingEvidenceRecord, asOf: string): RateOutletInput {
  const functionName = 'evidenceToRateOutletInput';
  const parsed = parseInput(RatingEvidenceRecordSchema, record, RULE, functionName);
  if (!IsoDateSchema.safeParse(asOf).success) inputError(RULE, functionName, ['asOf'], `"${asOf}" is not an ISO date`);
  const input: RateOutletInput = { asOf, scope: parsed.editorial_scope };
  const ownership = parsed.ownership;
  if (ownership !== undefined) {
    const mapped: OutletOwnership = { ownerType: ownership.owner_type, countryRegime: ownership.country_regime };
    if (ownership.funding_model !== undefined) mapped.fundingModel = ownership.funding_model;
    if (ownership.country_regime_year !== undefined) mapped.regimeYear = ownership.country_regime_year;
    if (ownership.regime_bucket !== undefined) mapped.regimeBucket = ownership.regime_bucket;
    if (ownership.party_bucket !== undefined) mapped.partyBucket = ownership.party_bucket;
    const change = lastControlChange(ownership.ownership_history, asOf);
    if (change !== undefined) mapped.lastControlChange = change;
    input.ownership = mapped;
  }
  const asOfDay = toDayNumber(asOf);
  const sources = (parsed.academic ?? [])
    .filter((entry) => toDayNumber(entry.date) <= asOfDay)
    .map((entry) => ({
      date: entry.date,
      weight: entry.weight,
      domestic: entry.domestic,
      name: entry.source,
      ...(entry.url === undefined ? {} : { url: entry.url }),
      ...(entry.quote === undefined ? {} : { quote: entry.quote }),
    }));
  const assessment = parsed.academic_assessment;
  if (sources.length > 0 || assessment?.bucket !== undefined || assessment?.factuality !== undefined) {
    const academic: AcademicSignal = { sources };
    if (assessment?.bucket !== undefined) academic.bucket = assessment.bucket;
    if (assessment?.factuality !== undefined) academic.factuality = assessment.factuality;
    input.academic = academic;
  }
  const content = parsed.content;
  if (content !== undefined) {
    const mapped: ContentSignal = { sampleSize: content.sample_size };
    if (content.window_start !== undefined) mapped.windowStart = content.window_start;
    if (content.status !== 'insufficient') {
      if (content.content_only_sesgo !== null) mapped.bucket = content.content_only_sesgo;
      if (content.content_only_factualidad !== undefined && content.content_only_factualidad !== null)
        mapped.factuality = content.content_only_factualidad;
      if (content.news_sesgo !== undefined) mapped.newsBucket = content.news_sesgo;
      if (content.opinion_sesgo !== undefined) mapped.opinionBucket = content.opinion_sesgo;
    }
    input.content = mapped;
  }
  return input;
}

/**
 * The inverse of {@link evidenceToRateOutletInput} (rule EVID-1) for inputs that a
 * `rating_evidence` record can express: a `lastControlChange` becomes an `ownership_history`
 * entry with `control_change: true`, academic sources become `academic[]` (each needs a `name`),
 * the academic bucket and factuality become `academic_assessment`, and content becomes an analysed
 * or (below 20 articles) an insufficient record. Throws `MethodologyInputError` naming the field
 * that cannot be expressed (an unnamed academic source; a content bucket or factuality on fewer
 * than 20 articles).
 *
 * @example
 * const record = rateOutletInputToEvidence(input, { domain: 'clarin.com', country: 'AR', name: 'Clarín' });
 * evidenceToRateOutletInput(record, input.asOf); // deep-equals input
 */
export function rateOutletInputToEvidence(
  input: RateOutletInput,
  outlet: { domain: string; country: string; name?: string },
): RatingEvidenceRecord {
  const functionName = 'rateOutletInputToEvidence';
  const record: RatingEvidenceRecord = { domain: outlet.domain, country: outlet.country, editorial_scope: input.scope };
  if (outlet.name !== undefined) record.name = outlet.name;
  const ownership = input.ownership;
  if (ownership !== undefined) {
    const mapped: OwnershipEvidence = { owner_type: ownership.ownerType, country_regime: ownership.countryRegime };
    if (ownership.fundingModel !== undefined) mapped.funding_model = ownership.fundingModel;
    if (ownership.regimeYear !== undefined) mapped.country_regime_year = ownership.regimeYear;
    if (ownership.regimeBucket !== undefined) mapped.regime_bucket = ownership.regimeBucket;
    if (ownership.partyBucket !== undefined) mapped.party_bucket = ownership.partyBucket;
    if (ownership.lastControlChange !== undefined) {
      mapped.ownership_history = [
        { date: ownership.lastControlChange, event: 'change of control', control_change: true },
      ];
    }
    record.ownership = mapped;
  }
  const academic = input.academic;
  if (academic !== undefined) {
    record.academic = academic.sources.map((source, index) => {
      if (source.name === undefined)
        inputError(RULE, functionName, ['academic', 'sources', index, 'name'], 'every academic source needs a name');
      return {
        source: source.name,
        date: source.date,
        weight: source.weight,
        domestic: source.domestic,
        ...(source.url === undefined ? {} : { url: source.url }),
        ...(source.quote === undefined ? {} : { quote: source.quote }),
      };
    });
    if (academic.bucket !== undefined || academic.factuality !== undefined) {
      record.academic_assessment = {
        ...(academic.bucket === undefined ? {} : { bucket: academic.bucket }),
        ...(academic.factuality === undefined ? {} : { factuality: academic.factuality }),
      };
    }
  }
  const content = input.content;
  if (content !== undefined) {
    const window = content.windowStart === undefined ? {} : { window_start: content.windowStart };
    const minimum = RATING_PARAMETERS.contentBucketMinSample;
    if (content.sampleSize < minimum) {
      if (content.bucket !== undefined && content.bucket !== null && content.bucket !== 'inconclusive') {
        inputError(
          RULE,
          functionName,
          ['content', 'bucket'],
          `a content bucket on ${content.sampleSize} articles (fewer than ${minimum}) is not expressible`,
        );
      }
      if (content.factuality !== undefined)
        inputError(
          RULE,
          functionName,
          ['content', 'factuality'],
          `a content factuality on ${content.sampleSize} articles`,
        );
      if (content.newsBucket !== undefined || content.opinionBucket !== undefined)
        inputError(RULE, functionName, ['content', 'newsBucket'], 'news/opinion buckets on an insufficient sample');
      record.content = { status: 'insufficient', sample_size: content.sampleSize, ...window };
    } else {
      record.content = {
        sample_size: content.sampleSize,
        ...window,
        content_only_sesgo: content.bucket ?? null,
        ...(content.factuality === undefined ? {} : { content_only_factualidad: content.factuality }),
        ...(content.newsBucket === undefined ? {} : { news_sesgo: content.newsBucket }),
        ...(content.opinionBucket === undefined ? {} : { opinion_sesgo: content.opinionBucket }),
      };
    }
  }
  return parseInput(RatingEvidenceRecordSchema, record, RULE, functionName);
}

/**
 * The ownership of a record as CON-4 compares it: the owner type, and the owner entity when the
 * record names one (`corporate-conglomerate: Grupo Clarín S.A.`); `null` without ownership
 * evidence (and for pending evidence). A sale from one group to another of the same type is a
 * change.
 *
 * @example
 * ownershipOf({ domain: 'clarin.com', country: 'AR', editorial_scope: 'political',
 *   ownership: { owner_type: 'corporate-conglomerate', owner_entity: 'Grupo Clarín S.A.', country_regime: 'democracy' } });
 * // 'corporate-conglomerate: Grupo Clarín S.A.'
 */
export function ownershipOf(evidence: RatingEvidence): string | null {
  if (isPendingEvidence(evidence)) return null;
  const ownership = (evidence as RatingEvidenceRecord).ownership;
  if (ownership === undefined) return null;
  return ownership.owner_entity === undefined
    ? ownership.owner_type
    : `${ownership.owner_type}: ${ownership.owner_entity}`;
}

/** What produced the model-made parts of a record (content analysis, academic mapping). */
function modelProvenance(evidence: RatingEvidence): string {
  if (isPendingEvidence(evidence)) return '';
  const record = evidence as RatingEvidenceRecord;
  const content = record.content;
  const assessment = record.academic_assessment;
  return JSON.stringify([
    content?.backend ?? null,
    content?.prompt_id ?? null,
    content?.prompt_version ?? null,
    assessment?.mapped_by ?? null,
    assessment?.prompt_id ?? null,
    assessment?.prompt_version ?? null,
  ]);
}

/**
 * The CON-4 cause of a re-rating made from new evidence, when no event named one (an accepted
 * contestation names its own): `ownership_change` when the ownership (`ownershipOf`) differs;
 * else `methodology_update` when the methodology version differs; else
 * `new_prompt_or_model_version` when the backend, prompt id or prompt version of the content
 * analysis or of the academic mapping differs; else `editorial_change` (the content or the
 * academic reading of the outlet changed). **[choice]** Espectro reading of seed 000 "Quando uma
 * classificação muda": the first cause in that order that the two records show.
 *
 * @example
 * ratingChangeCause(
 *   { evidence: before, methodologyVersion: 'v1.2-2026-04' },
 *   { evidence: after, methodologyVersion: 'v1.3-2026-12' },
 * ); // 'methodology_update' (same owner)
 */
export function ratingChangeCause(
  previous: { evidence: RatingEvidence; methodologyVersion: string },
  next: { evidence: RatingEvidence; methodologyVersion: string },
): RatingChangeCause {
  // rule CON-4
  if (ownershipOf(previous.evidence) !== ownershipOf(next.evidence)) return 'ownership_change';
  if (previous.methodologyVersion !== next.methodologyVersion) return 'methodology_update';
  if (modelProvenance(previous.evidence) !== modelProvenance(next.evidence)) return 'new_prompt_or_model_version';
  return 'editorial_change';
}
