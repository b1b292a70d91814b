/**
 * The publish guard (RULES.md §3 rule PG, seed 003 §5): every rule is evaluated and every failing
 * reason returned, in the RULES order; a story is published only with none.
 */
import { parseInput } from '../shared/validate.js';
import {
  DEFAULT_COUNTRY_CAP,
  PG_FILTERED_CONTENT_MIN_DOMAINS,
  PG_LOW_DIVERSITY_MIN_BIASED_OUTLETS,
  PG_MIN_RATED_DOMAINS,
  PG_MIN_RAW_OUTLETS,
  PG_MIN_SENTENCES_BY_TIER,
  PG_MIN_SYNTHESIS_SENTENCES,
} from './constants.js';
import {
  conflictingDuplicate,
  domainRegistry,
  hasOnlyGuardOutletKeys,
  hasValidOutletCore,
  isCount,
  isFactualityOrNull,
  isObjectRecord,
} from './internal.js';
import {
  GuardReasonSchema,
  PublishGuardInputSchema,
  type GuardReason,
  type PublishGuardInput,
  type PublishGuardOutlet,
  type PublishGuardResult,
} from './schemas.js';

/**
 * Every reason code of the publish guard, in the order RULES.md §3 lists them; results list their
 * reasons in this order.
 *
 * @example
 * GUARD_REASONS.indexOf('no_image') < GUARD_REASONS.indexOf('country_cap'); // true
 */
export const GUARD_REASONS: readonly GuardReason[] = GuardReasonSchema.options;

/**
 * Decides whether a story may be published (rule PG). All rules run and all failing reasons are
 * returned, in this order:
 * `no_coverage` (< 2 raw outlets) · `no_synthesis` (`sentences` 0 or `null`) ·
 * `insufficient_synthesis` (1–4 sentences) · `few_sentences` (≥ 1 and < 6 for `main`, < 4 for
 * `limited`) · `no_image` · `low_coverage` (< 3 unique rated domains: non-political, or political
 * with a bias) · `low_diversity` (≥ 2 unique political outlets with a bias, all in one bucket) ·
 * `suspect_sources` (at least one outlet contributed text and every contributing outlet is `low`
 * or `very-low`; a `null` factuality is not low) · `filtered_content` (`lowValue` with < 5 unique
 * domains) · `country_cap` (`countryStoriesLast24h` ≥ `countryCap`, default 8).
 *
 * Outlets are unique domains: repeated entries of a domain count once and must agree on scope,
 * bias and factuality (else an input error naming the domain); the domain contributed text if any
 * of its entries did.
 *
 * @example
 * publishGuard({
 *   rawOutlets: 1, sentences: 3, tier: 'main', hasImage: false,
 *   outlets: [{ domain: 'a.com', scope: 'political', bias: 'left', factuality: 'low', contributedText: true }],
 *   lowValue: false, countryStoriesLast24h: 0,
 * });
 * // { publish: false, reasons: ['no_coverage', 'insufficient_synthesis', 'few_sentences', 'no_image',
 * //                             'low_coverage', 'suspect_sources'] }
 */
export function publishGuard(story: PublishGuardInput): PublishGuardResult {
  if (hasValidGuardEnvelope(story)) {
    const result = publishGuardOf(story, 'publishGuard', true);
    if (result !== null) return result;
  }
  const valid = parseInput(PublishGuardInputSchema, story, 'PG', 'publishGuard');
  return publishGuardOf(valid, 'publishGuard', false)!;
}

/**
 * {@link publishGuard} without schema validation, for bulk input already validated. Same logic
 * and results; conflicting repeated domains still throw.
 *
 * @example
 * publishGuardUnchecked(storyReadFromTheStore).publish;
 */
export function publishGuardUnchecked(story: PublishGuardInput): PublishGuardResult {
  return publishGuardOf(story, 'publishGuardUnchecked', false)!;
}

/**
 * rule PG over a story whose top-level fields are valid. With `validateOutlets`, each outlet is
 * checked structurally in the same pass and `null` is returned at the first that fails (the
 * caller then lets zod report it).
 */
function publishGuardOf(
  story: PublishGuardInput,
  functionName: string,
  validateOutlets: boolean,
): PublishGuardResult | null {
  const reasons: GuardReason[] = [];
  const sentences = story.sentences;
  // rule PG, in the RULES order.
  if (story.rawOutlets < PG_MIN_RAW_OUTLETS) reasons.push('no_coverage');
  if (sentences === null || sentences === 0) reasons.push('no_synthesis');
  if (sentences !== null && sentences >= 1 && sentences < PG_MIN_SYNTHESIS_SENTENCES)
    reasons.push('insufficient_synthesis');
  if (sentences !== null && sentences >= 1 && sentences < PG_MIN_SENTENCES_BY_TIER[story.tier])
    reasons.push('few_sentences');
  if (!story.hasImage) reasons.push('no_image');

  const outlets: readonly unknown[] = story.outlets;
  const count = outlets.length;
  domainRegistry.reset(count);
  let conflictIndex = -1;
  let conflictFirst = -1;
  let conflictField = '';
  let uniqueDomains = 0;
  let rated = 0;
  let left = 0;
  let center = 0;
  let right = 0;
  let contributors = 0;
  let lowContributors = 0;
  for (let index = 0; index < count; index += 1) {
    const candidate = outlets[index];
    if (validateOutlets && !isPublishGuardOutlet(candidate)) return null;
    const outlet = candidate as PublishGuardOutlet;
    // rule PG suspect_sources, counted per entry: repeated entries of a domain share its
    // factuality (checked below), so "every contributing outlet is low" is the same per entry
    // as per domain with contributedText OR-merged.
    if (outlet.contributedText) {
      contributors += 1;
      if (isLowFactuality(outlet)) lowContributors += 1;
    }
    const first = domainRegistry.firstIndex(index, outlet.domain);
    if (first !== index) {
      // rule COV-1: one domain = one voice; repeated entries must agree (contributedText may differ).
      if (conflictIndex < 0) {
        const earlier = outlets[first] as PublishGuardOutlet;
        const field =
          earlier.scope !== outlet.scope
            ? 'scope'
            : earlier.bias !== outlet.bias
              ? 'bias'
              : earlier.factuality !== outlet.factuality
                ? 'factuality'
                : '';
        if (field !== '') {
          conflictIndex = index;
          conflictFirst = first;
          conflictField = field;
        }
      }
      continue;
    }
    uniqueDomains += 1;
    if (outlet.scope === 'non_political') rated += 1;
    else if (outlet.scope === 'political' && outlet.bias !== null) {
      rated += 1;
      if (outlet.bias === 'left') left += 1;
      else if (outlet.bias === 'center') center += 1;
      else right += 1;
    }
  }
  if (conflictIndex >= 0) {
    const domain = (outlets[conflictIndex] as PublishGuardOutlet).domain;
    conflictingDuplicate(functionName, ['outlets', conflictIndex], domain, conflictField, conflictFirst);
  }
  const biased = left + center + right;
  const bucketsPresent = (left > 0 ? 1 : 0) + (center > 0 ? 1 : 0) + (right > 0 ? 1 : 0);

  if (rated < PG_MIN_RATED_DOMAINS) reasons.push('low_coverage');
  if (biased >= PG_LOW_DIVERSITY_MIN_BIASED_OUTLETS && bucketsPresent === 1) reasons.push('low_diversity');
  if (contributors > 0 && lowContributors === contributors) reasons.push('suspect_sources');
  if (story.lowValue && uniqueDomains < PG_FILTERED_CONTENT_MIN_DOMAINS) reasons.push('filtered_content');
  if (story.countryStoriesLast24h >= (story.countryCap ?? DEFAULT_COUNTRY_CAP)) reasons.push('country_cap');
  return { publish: reasons.length === 0, reasons };
}

/** rule PG suspect_sources: `low` and `very-low` are low; `null` (unknown) is not. */
function isLowFactuality(outlet: PublishGuardOutlet): boolean {
  return outlet.factuality === 'low' || outlet.factuality === 'very-low';
}

// ── Fast structural check (see internal.ts) ────────────────────────────────────────────────────

function isPublishGuardOutlet(value: unknown): boolean {
  return (
    isObjectRecord(value) &&
    hasValidOutletCore(value) &&
    isFactualityOrNull(value.factuality) &&
    typeof value.contributedText === 'boolean' &&
    hasOnlyGuardOutletKeys(value)
  );
}

/** Every enumerable key is declared by the strict `PublishGuardInputSchema`. */
function hasOnlyPublishGuardKeys(record: Record<string, unknown>): boolean {
  for (const key in record) {
    switch (key) {
      case 'rawOutlets':
      case 'sentences':
      case 'tier':
      case 'hasImage':
      case 'outlets':
      case 'lowValue':
      case 'countryStoriesLast24h':
      case 'countryCap':
        break;
      default:
        return false;
    }
  }
  return true;
}

/** Sound fast check of `PublishGuardInputSchema` (true ⇒ the schema accepts the value unchanged). */
export function isPublishGuardInput(value: unknown): value is PublishGuardInput {
  if (!hasValidGuardEnvelope(value)) return false;
  const outlets = value.outlets;
  for (let index = 0; index < outlets.length; index += 1) {
    if (!isPublishGuardOutlet(outlets[index])) return false;
  }
  return true;
}

/** The story's own fields (everything but the outlets' contents) pass the structural check. */
function hasValidGuardEnvelope(value: unknown): value is PublishGuardInput {
  if (!isObjectRecord(value)) return false;
  const countryCap = value.countryCap;
  if (countryCap !== undefined && !isCount(countryCap)) return false;
  const sentences = value.sentences;
  const tier = value.tier;
  if (
    !isCount(value.rawOutlets) ||
    !(sentences === null || isCount(sentences)) ||
    !(tier === 'main' || tier === 'limited') ||
    typeof value.hasImage !== 'boolean' ||
    typeof value.lowValue !== 'boolean' ||
    !isCount(value.countryStoriesLast24h)
  ) {
    return false;
  }
  return Array.isArray(value.outlets) && hasOnlyPublishGuardKeys(value);
}
