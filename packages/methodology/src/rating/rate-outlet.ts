import { inputError } from '../errors.js';
import type { Bucket } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { METHODOLOGY_VERSION } from '../version.js';
import { factualityFromAssessmentsUnchecked } from './factuality.js';
import { dayMinusMonths, dayMinusYears, dayNumber as toDayNumber } from './iso-date.js';
import { RATING_PARAMETERS } from './parameters.js';
import {
  RateOutletInputSchema,
  type OwnershipRule,
  type RateOutletInput,
  type RateOutletResult,
  type RatingDissent,
  type RatingFlag,
} from './schemas.js';

const FUNCTION_NAME = 'rateOutlet';

/** Confidence levels a funnel can produce, weakest first. */
type FunnelConfidence = 'low' | 'medium' | 'high';
const CONFIDENCE_RANK: Readonly<Record<FunnelConfidence, number>> = { low: 0, medium: 1, high: 2 };
const ONE_LEVEL_DOWN: Readonly<Record<FunnelConfidence, FunnelConfidence>> = {
  high: 'medium',
  medium: 'low',
  low: 'low',
};

function isBucket(value: unknown): value is Bucket {
  return value === 'left' || value === 'center' || value === 'right';
}

/** FUN-3: which ownership rule applies (or none). */
function ownershipRule(ownership: RateOutletInput['ownership']): OwnershipRule | null {
  if (ownership === undefined) return null;
  const { ownerType, countryRegime } = ownership;
  // rule FUN-3 (R4 in every regime)
  if (ownerType === 'corporate-conglomerate') return 'R4';
  if (ownerType === 'state-public-broadcaster' || ownerType === 'state-captured' || ownerType === 'political-party') {
    if (countryRegime === 'authoritarian') return 'R1';
    if (ownerType === 'state-public-broadcaster') return 'R2';
    if (ownerType === 'political-party') return 'R3';
  }
  return null;
}

/** Maps the first zod issue of a rejected `rateOutlet` input to the rule whose input it is. */
function ruleForIssuePath(path: readonly PropertyKey[] | undefined): string {
  switch (path?.[0]) {
    case 'scope':
      return 'FUN-0';
    case 'ownership':
      return 'FUN-3';
    case 'academic':
      return 'FUN-1';
    case 'content':
      return 'FUN-2';
    default:
      return 'FUN';
  }
}

/** Semantic checks a schema cannot express (future dates, FUN-3 buckets). */
function checkSemantics(input: RateOutletInput, asOfDay: number, functionName: string): void {
  const { ownership, academic, content } = input;
  if (academic !== undefined) {
    const sources = academic.sources;
    for (let index = 0; index < sources.length; index += 1) {
      if (toDayNumber(sources[index]!.date) > asOfDay) {
        inputError('FUN-1', functionName, ['academic', 'sources', index, 'date'], 'source dated after asOf');
      }
    }
  }
  if (content?.windowStart !== undefined && toDayNumber(content.windowStart) > asOfDay) {
    inputError('FUN-2', functionName, ['content', 'windowStart'], 'content window starts after asOf');
  }
  if (ownership !== undefined) {
    if (ownership.lastControlChange !== undefined && toDayNumber(ownership.lastControlChange) > asOfDay) {
      inputError('CONF-CHANGE', functionName, ['ownership', 'lastControlChange'], 'control change dated after asOf');
    }
    if (input.scope === 'political') {
      const rule = ownershipRule(ownership);
      if (rule === 'R1' && ownership.regimeBucket === undefined) {
        inputError(
          'FUN-3',
          functionName,
          ['ownership', 'regimeBucket'],
          'R1 applies (authoritarian regime, state or party owner) but regimeBucket is missing',
        );
      }
      if (rule === 'R3' && ownership.partyBucket === undefined) {
        inputError(
          'FUN-3',
          functionName,
          ['ownership', 'partyBucket'],
          'R3 applies (party-owned outlet outside an authoritarian regime) but partyBucket is missing',
        );
      }
    }
  }
}

/** The FUN-4 decision over up to three votes. */
interface VoteDecision {
  bucket: Bucket | null;
  confidence: FunnelConfidence;
  /** Three valid votes that all agree: CONF-H decides between high and medium. */
  unanimousThree: boolean;
}

/** rule FUN-4: combines the valid votes (null = no vote). */
function decideVotes(
  ownershipVote: Bucket | null,
  academicVote: Bucket | null,
  contentVote: Bucket | null,
): VoteDecision {
  const count = (ownershipVote === null ? 0 : 1) + (academicVote === null ? 0 : 1) + (contentVote === null ? 0 : 1);
  if (count === 0) return { bucket: null, confidence: 'low', unanimousThree: false };
  // the fallback order when the votes cannot be reconciled: content, academic, R3 ownership
  const fallback = (contentVote ?? academicVote ?? ownershipVote)!;
  if (count === 1) return { bucket: fallback, confidence: 'low', unanimousThree: false };
  if (count === 3) {
    if (ownershipVote === academicVote && academicVote === contentVote) {
      return { bucket: ownershipVote, confidence: 'medium', unanimousThree: true };
    }
    if (ownershipVote === academicVote || ownershipVote === contentVote) {
      return { bucket: ownershipVote, confidence: 'medium', unanimousThree: false };
    }
    if (academicVote === contentVote) return { bucket: academicVote, confidence: 'medium', unanimousThree: false };
    return { bucket: fallback, confidence: 'low', unanimousThree: false };
  }
  // two votes
  const [first, second] =
    ownershipVote === null ? [academicVote, contentVote] : [ownershipVote, academicVote ?? contentVote];
  if (first === second) return { bucket: first, confidence: 'medium', unanimousThree: false };
  return { bucket: fallback, confidence: 'low', unanimousThree: false };
}

/**
 * The funnel on validated input (semantic checks included). Shared by {@link rateOutlet} and
 * {@link rateOutletUnchecked}.
 */
function rateValidated(input: RateOutletInput, functionName: string): RateOutletResult {
  const asOfDay = toDayNumber(input.asOf);
  checkSemantics(input, asOfDay, functionName);
  const parameters = RATING_PARAMETERS;
  const { academic, content, ownership } = input;
  const trace: string[] = [];
  const flags: RatingFlag[] = [];

  // rules FAC-1, FAC-2 — evaluated for every outlet, independent of the bias funnel
  const factualityResult = factualityFromAssessmentsUnchecked(academic?.factuality, content?.factuality);

  // rule FUN-0 — non-political outlets: no bias, ever
  if (input.scope === 'non_political') {
    trace.push('FUN-0', 'FAC-1', 'FAC-2', 'VER');
    return {
      bias: null,
      factuality: factualityResult.factuality,
      confidence: factualityResult.assessments === 0 ? 'low' : 'medium',
      appliedRule: null,
      dissent: [],
      flags,
      trace,
      methodologyVersion: METHODOLOGY_VERSION,
    };
  }

  // rule FUN-3
  const appliedRule = ownershipRule(ownership);
  if (appliedRule !== null) trace.push('FUN-3');

  // rule FUN-1 — academic vote needs a bucket and a source within 5 years (inclusive)
  let academicVote: Bucket | null = null;
  let validityStartDay = Number.NaN;
  if (academic !== undefined && academic.bucket !== undefined && academic.sources.length > 0) {
    validityStartDay = dayMinusYears(asOfDay, parameters.academicValidityYears);
    for (const source of academic.sources) {
      if (toDayNumber(source.date) >= validityStartDay) {
        academicVote = academic.bucket;
        break;
      }
    }
    if (academicVote !== null) trace.push('FUN-1');
  }

  // rule FUN-2 — content vote needs sampleSize ≥ 20 and a bucket
  let contentVote: Bucket | null = null;
  if (content !== undefined && content.sampleSize >= parameters.minContentSample && isBucket(content.bucket)) {
    contentVote = content.bucket;
    trace.push('FUN-2');
  }

  // rule CONF-CHANGE — a recent control change invalidates a window that predates it
  let forceLow = false;
  const controlChange = ownership?.lastControlChange;
  if (content !== undefined && controlChange !== undefined) {
    const changeDay = toDayNumber(controlChange);
    if (changeDay >= dayMinusMonths(asOfDay, parameters.controlChangeMonths)) {
      const windowStart = content.windowStart;
      if (windowStart === undefined || toDayNumber(windowStart) < changeDay) {
        contentVote = null;
        flags.push('content_predates_control_change');
        trace.push('CONF-CHANGE');
      } else if (content.sampleSize < parameters.postChangeMinSample) {
        forceLow = true;
        flags.push('post_change_sample_insufficient');
        trace.push('CONF-CHANGE');
      }
    }
  }

  let bias: Bucket | null;
  let confidence: FunnelConfidence;
  let ownershipVote: Bucket | null = null;
  let unanimousThree = false;

  if (appliedRule === 'R1') {
    // rule FUN-6 — the regime prior holds unless content overrides it
    const prior = ownership!.regimeBucket!;
    ownershipVote = prior;
    trace.push('FUN-6');
    bias = prior;
    if (
      contentVote !== null &&
      contentVote !== prior &&
      content!.sampleSize >= parameters.r1OverrideMinSample &&
      content!.windowStart !== undefined &&
      toDayNumber(content!.windowStart) >= asOfDay - parameters.r1OverrideRecencyDays &&
      academic !== undefined &&
      academic.bucket === contentVote
    ) {
      if (Number.isNaN(validityStartDay)) validityStartDay = dayMinusYears(asOfDay, parameters.academicValidityYears);
      for (const source of academic.sources) {
        if (source.weight === 'primary' && source.domestic && toDayNumber(source.date) >= validityStartDay) {
          bias = contentVote;
          flags.push('r1_content_override');
          break;
        }
      }
    }
    if (contentVote === null) {
      confidence = 'low';
    } else {
      // confidence as in FUN-4 over {prior, academic if valid, content}
      const decision = decideVotes(prior, academicVote, contentVote);
      confidence = decision.confidence;
      unanimousThree = decision.unanimousThree;
    }
  } else {
    // rule FUN-4
    trace.push('FUN-4');
    if (appliedRule === 'R3') ownershipVote = ownership!.partyBucket!;
    const decision = decideVotes(ownershipVote, academicVote, contentVote);
    bias = decision.bucket;
    confidence = decision.confidence;
    unanimousThree = decision.unanimousThree;
    if (bias === null) flags.push('no_signal');
  }

  // rule CONF-H — three agreeing votes are high only with a fresh academic source and a large sample
  if (unanimousThree) {
    trace.push('CONF-H');
    if (content!.sampleSize >= parameters.highConfidenceMinSample) {
      const freshAfterDay = dayMinusYears(asOfDay, parameters.highConfidenceAcademicYears);
      for (const source of academic!.sources) {
        if (toDayNumber(source.date) > freshAfterDay) {
          confidence = 'high';
          break;
        }
      }
    }
  }

  // rule FUN-5 — R3 clamp: the party's bucket, or center on strong center content
  if (appliedRule === 'R3' && bias !== null) {
    trace.push('FUN-5');
    const party = ownershipVote!;
    if (bias !== party) {
      const strongCenter = contentVote === 'center' && content!.sampleSize >= parameters.strongContentSample;
      const clamped: Bucket = strongCenter ? 'center' : party;
      if (clamped !== bias) {
        bias = clamped;
        flags.push('r3_clamped');
      }
    }
  }

  if (forceLow) confidence = 'low';

  // rule CONF-SPLIT — news and opinion pages would rate differently
  if (
    content !== undefined &&
    content.newsBucket !== undefined &&
    content.opinionBucket !== undefined &&
    content.newsBucket !== content.opinionBucket
  ) {
    flags.push('split_outlet');
    trace.push('CONF-SPLIT');
    confidence = ONE_LEVEL_DOWN[confidence];
  }

  trace.push('FAC-1', 'FAC-2');
  // rule CONF-CAP — never above the factuality cap
  const cap = factualityResult.confidenceCap;
  if (cap !== null && CONFIDENCE_RANK[cap] < CONFIDENCE_RANK[confidence]) {
    confidence = cap;
    trace.push('CONF-CAP');
  }
  trace.push('VER');

  // dissent: every valid vote that disagrees with the final bias
  const dissent: RatingDissent[] = [];
  if (bias !== null) {
    if (ownershipVote !== null && ownershipVote !== bias) dissent.push({ signal: 'ownership', bucket: ownershipVote });
    if (academicVote !== null && academicVote !== bias) dissent.push({ signal: 'academic', bucket: academicVote });
    if (contentVote !== null && contentVote !== bias) dissent.push({ signal: 'content', bucket: contentVote });
  }

  return {
    bias,
    factuality: factualityResult.factuality,
    confidence,
    appliedRule,
    dissent,
    flags,
    trace,
    methodologyVersion: METHODOLOGY_VERSION,
  };
}

/**
 * Rates an outlet with the three-signal funnel of seed 002 (RULES.md §1): FUN-0..6, CONF-H,
 * CONF-SPLIT, CONF-CHANGE, CONF-CAP, FAC-1/2, VER.
 *
 * Readings beyond RULES.md (documented in the catalogue):
 * - `dissent` lists every valid vote (ownership = R1 prior or R3 party vote, academic, content)
 *   that differs from the final bias, in that order; empty when bias is `null`.
 * - FUN-3 input errors (R1 without `regimeBucket`, R3 without `partyBucket`) are raised only for
 *   political outlets: the funnel does not run for non-political ones.
 * - CONF-CHANGE fires only when a `content` block is present; a predating window sets the flag
 *   `content_predates_control_change` even if the content vote was already invalid.
 * - CONF-H: "an academic source dated < 2 years" means any source in `academic.sources`,
 *   whatever its weight.
 * - Academic source dates, `windowStart` and `lastControlChange` after `asOf` are input errors.
 *
 * Throws `MethodologyInputError` naming the rule (FUN-0/1/2/3, CONF-CHANGE) and field.
 *
 * @example
 * // Expansión / El Economista, v1.2 (2026-04-27): conglomerate (R4, no ownership vote),
 * // academic right + content right → two agreeing votes → right / high / medium
 * rateOutlet({
 *   asOf: '2026-04-27', scope: 'political',
 *   ownership: { ownerType: 'corporate-conglomerate', countryRegime: 'democracy' },
 *   academic: { bucket: 'right', factuality: 'high', sources: [{ name: 'APM', date: '2025-06-01', weight: 'primary', domestic: true }] },
 *   content: { sampleSize: 41, bucket: 'right', factuality: 'high' },
 * }); // { bias: 'right', factuality: 'high', confidence: 'medium', appliedRule: 'R4', … }
 */
export function rateOutlet(input: RateOutletInput): RateOutletResult {
  const result = RateOutletInputSchema.safeParse(input);
  if (!result.success) {
    // parseInput throws the MethodologyInputError naming the rule of the offending field
    parseInput(RateOutletInputSchema, input, ruleForIssuePath(result.error.issues[0]?.path), FUNCTION_NAME);
  }
  return rateValidated(result.data!, FUNCTION_NAME);
}

/**
 * The {@link rateOutlet} funnel without the zod parse, for trusted bulk input that has already
 * been validated (e.g. rows read back from a database written through `RateOutletInputSchema`).
 * The semantic checks (R1/R3 buckets, future dates) still run; malformed input gives undefined
 * results instead of a `MethodologyInputError`.
 *
 * @example
 * const validated = RateOutletInputSchema.parse(row);   // once, at ingestion
 * rateOutletUnchecked(validated);                        // many times
 */
export function rateOutletUnchecked(input: RateOutletInput): RateOutletResult {
  return rateValidated(input, 'rateOutletUnchecked');
}
