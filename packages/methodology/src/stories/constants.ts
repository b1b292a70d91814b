/**
 * Defaults and thresholds of the story rules (RULES.md §3–§5). The code and the rule catalogue
 * (`rules.ts`) both read these constants, so the methodology page cannot disagree with the code.
 */
import type { Topic } from '../shared/schemas.js';

// ── TIER (seed 003 §3.3) ───────────────────────────────────────────────────────────────────────

/**
 * rule TIER: unique rated domains needed for a `main` story.
 *
 * @example
 * storyTier(TIER_MAIN_MIN_RATED_DOMAINS); // 'main'
 */
export const TIER_MAIN_MIN_RATED_DOMAINS = 6;

/**
 * rule TIER: unique rated domains needed for a `limited` story (below it: not synthesised).
 *
 * @example
 * storyTier(TIER_LIMITED_MIN_RATED_DOMAINS); // 'limited'
 */
export const TIER_LIMITED_MIN_RATED_DOMAINS = 3;

// ── PG (seed 003 §5) ───────────────────────────────────────────────────────────────────────────

/**
 * rule PG `no_coverage`: fewer distinct raw outlets than this hides the story.
 *
 * @example
 * publishGuard({ ...story, rawOutlets: PG_MIN_RAW_OUTLETS - 1 }).reasons; // includes 'no_coverage'
 */
export const PG_MIN_RAW_OUTLETS = 2;

/**
 * rule PG `insufficient_synthesis`: a synthesis with 1 to this many − 1 sentences is insufficient
 * (seed: "menos de 5 oraciones").
 *
 * @example
 * PG_MIN_SYNTHESIS_SENTENCES; // 5
 */
export const PG_MIN_SYNTHESIS_SENTENCES = 5;

/**
 * rule PG `few_sentences`: sentences needed per tier.
 *
 * @example
 * PG_MIN_SENTENCES_BY_TIER.main; // 6
 */
export const PG_MIN_SENTENCES_BY_TIER = { main: 6, limited: 4 } as const satisfies Record<'main' | 'limited', number>;

/**
 * rule PG `low_coverage`: unique rated domains needed (non-political outlets count).
 *
 * @example
 * PG_MIN_RATED_DOMAINS; // 3
 */
export const PG_MIN_RATED_DOMAINS = 3;

/**
 * rule PG `low_diversity`: from this many political outlets with a bias, all in one bucket is low
 * diversity.
 *
 * @example
 * PG_LOW_DIVERSITY_MIN_BIASED_OUTLETS; // 2
 */
export const PG_LOW_DIVERSITY_MIN_BIASED_OUTLETS = 2;

/**
 * rule PG `filtered_content` **[choice]**: a low-value story passes with at least this many unique
 * domains ("umbral de 5 medios" read as "5 passes").
 *
 * @example
 * PG_FILTERED_CONTENT_MIN_DOMAINS; // 5
 */
export const PG_FILTERED_CONTENT_MIN_DOMAINS = 5;

/**
 * rule PG `country_cap` **[choice]**: default number of stories per country in the rolling 24 h;
 * the guard fires when the count already published is ≥ the cap.
 *
 * @example
 * publishGuard({ ...story, countryStoriesLast24h: DEFAULT_COUNTRY_CAP }).reasons; // includes 'country_cap'
 */
export const DEFAULT_COUNTRY_CAP = 8;

/**
 * rule PG `country_cap`: length of the rolling window, in hours, over which a country's published
 * stories are counted (seed 003 §5: "un tope móvil de 24 h"). Counted over the stories'
 * *publication* times (a story's latest article), never over when the pipeline ran.
 *
 * @example
 * PG_COUNTRY_CAP_WINDOW_HOURS; // 24
 */
export const PG_COUNTRY_CAP_WINDOW_HOURS = 24;

// ── BS-BR (seed 000 "Ponto cego") ──────────────────────────────────────────────────────────────

/**
 * rule BS-BR-1: minimum number of articles with a known outlet bias.
 *
 * @example
 * BS_BR_MIN_ARTICLES_WITH_BIAS; // 5
 */
export const BS_BR_MIN_ARTICLES_WITH_BIAS = 5;

/**
 * rule BS-BR-2: the focus side must have fewer articles than this.
 *
 * @example
 * BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE; // 10
 */
export const BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE = 10;

/**
 * rule BS-BR-3: the opposite side's share must be at least this many percent (100·cO ≥ 33·n).
 *
 * @example
 * BS_BR_MIN_OPPOSITE_PERCENT; // 33
 */
export const BS_BR_MIN_OPPOSITE_PERCENT = 33;

/**
 * rule BS-BR-4: pct(focus) < (pct(opposite) − 33) × 30/37, as the integer inequality
 * 370·cF < 300·cO − 99·n. The three integers are the coefficients of that inequality.
 *
 * @example
 * const { focus, opposite, total } = BS_BR_GAP_COEFFICIENTS; // 370, 300, 99
 */
export const BS_BR_GAP_COEFFICIENTS = { focus: 370, opposite: 300, total: 99 } as const;

/**
 * rule BS-BR-5: the story fails when this many percent or more of its articles come from outlets
 * with a low factuality score (100·lowFact < 35·total passes).
 *
 * @example
 * BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE; // 35
 */
export const BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE = 35;

/**
 * rule BS-BR-5: an outlet factuality score (0–100) below this is low; exactly 55 is not low.
 *
 * @example
 * BS_BR_LOW_FACTUALITY_SCORE; // 55
 */
export const BS_BR_LOW_FACTUALITY_SCORE = 55;

// ── BS-PR (seed 003 §6) ────────────────────────────────────────────────────────────────────────

/**
 * rule BS-PR-1: minimum unique domains contributing in total (non-political and unrostered included).
 *
 * @example
 * BS_PR_MIN_OUTLETS; // 10
 */
export const BS_PR_MIN_OUTLETS = 10;

/**
 * rule BS-PR-2: minimum unique political domains with a bias.
 *
 * @example
 * BS_PR_MIN_POLITICAL_WITH_BIAS; // 5
 */
export const BS_PR_MIN_POLITICAL_WITH_BIAS = 5;

/**
 * rule BS-PR-3: a bucket with this share or less (100·count ≤ 15·n) is a blindspot bucket.
 *
 * @example
 * BS_PR_MAX_BUCKET_PERCENT; // 15
 */
export const BS_PR_MAX_BUCKET_PERCENT = 15;

/**
 * rule BS-PR-4: topics that never qualify as a Prisma blindspot.
 *
 * @example
 * BS_PR_EXCLUDED_TOPICS.includes('sports'); // true
 */
export const BS_PR_EXCLUDED_TOPICS: readonly Topic[] = ['sports', 'culture', 'science', 'technology'];

// ── SYN (seed 003 §3–4, §9) ────────────────────────────────────────────────────────────────────

/**
 * rule SYN-5 **[choice]**: minutes to wait after the 1st, 2nd, 3rd and 4th failed synthesis attempt.
 *
 * @example
 * SYNTHESIS_RETRY_DELAYS_MINUTES; // [15, 60, 180, 360]
 */
export const SYNTHESIS_RETRY_DELAYS_MINUTES: readonly number[] = [15, 60, 180, 360];

/**
 * rule SYN-5: the story is discarded after this many failed attempts (one more than the delays).
 *
 * @example
 * SYNTHESIS_MAX_FAILED_ATTEMPTS; // 5
 */
export const SYNTHESIS_MAX_FAILED_ATTEMPTS = SYNTHESIS_RETRY_DELAYS_MINUTES.length + 1;

/**
 * rule SYN-3: sentence count the model is asked for (used by the catalogue; the publish guard,
 * not the citation check, decides what is enough to publish).
 *
 * @example
 * SYNTHESIS_SENTENCE_RANGE; // { min: 8, max: 14 }
 */
export const SYNTHESIS_SENTENCE_RANGE = { min: 8, max: 14 } as const;
