import type { RuleEntry } from '../shared/rule-entry.js';
import { ATTRIBUTION_COMMON_WORDS, ATTRIBUTION_CUES } from './attribution.js';
import {
  BS_BR_GAP_COEFFICIENTS,
  BS_BR_LOW_FACTUALITY_SCORE,
  BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE,
  BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE,
  BS_BR_MIN_ARTICLES_WITH_BIAS,
  BS_BR_MIN_OPPOSITE_PERCENT,
  BS_PR_EXCLUDED_TOPICS,
  BS_PR_MAX_BUCKET_PERCENT,
  BS_PR_MIN_OUTLETS,
  BS_PR_MIN_POLITICAL_WITH_BIAS,
  DEFAULT_COUNTRY_CAP,
  PG_COUNTRY_CAP_WINDOW_HOURS,
  PG_FILTERED_CONTENT_MIN_DOMAINS,
  PG_LOW_DIVERSITY_MIN_BIASED_OUTLETS,
  PG_MIN_RATED_DOMAINS,
  PG_MIN_RAW_OUTLETS,
  PG_MIN_SENTENCES_BY_TIER,
  PG_MIN_SYNTHESIS_SENTENCES,
  SYNTHESIS_MAX_FAILED_ATTEMPTS,
  SYNTHESIS_RETRY_DELAYS_MINUTES,
  SYNTHESIS_SENTENCE_RANGE,
  TIER_LIMITED_MIN_RATED_DOMAINS,
  TIER_MAIN_MIN_RATED_DOMAINS,
} from './constants.js';
import { GuardReasonSchema } from './schemas.js';
import { NAV_TOPICS_MAX, NAV_TOPICS_WINDOW_HOURS } from './topics.js';

const STORIES = '3. Story coverage, tiers, publish guard';
const BLINDSPOTS = '4. Blindspots';
const SYNTHESIS = '5. Synthesis';

const BS_BR_FUNCTIONS = ['blindspotFujaDaBolha', 'blindspotFujaDaBolhaUnchecked', 'explainBlindspotFujaDaBolha'];
const BS_PR_FUNCTIONS = ['blindspotPrisma', 'blindspotPrismaUnchecked', 'explainBlindspotPrisma'];

/**
 * Catalogue entries for the rules implemented in this module (RULES.md §3–§5). Every default is
 * read from the constants the code uses, so the catalogue cannot disagree with the code.
 *
 * @example
 * storiesRules.find((rule) => rule.id === 'BS-PR-3')?.parameters[0]?.default; // 15
 */
export const storiesRules: RuleEntry[] = [
  {
    id: 'COV-1',
    title: 'One domain, one voice',
    section: STORIES,
    seed: '003 §3.3, §3.5',
    choice: false,
    implementedBy: [
      'coverage',
      'coverageUnchecked',
      'publishGuard',
      'publishGuardUnchecked',
      'blindspotPrisma',
      'blindspotPrismaUnchecked',
      'explainBlindspotPrisma',
    ],
    parameters: [],
    statement:
      'Coverage counts unique domains, not articles; domains are compared as exact strings. A domain listed more than once counts once, and its entries must agree on scope, bias (and factuality for the publish guard): conflicting entries are an input error naming the domain.',
  },
  {
    id: 'COV-2',
    title: 'Bias percentages over political outlets with a bias',
    section: STORIES,
    seed: '003 §3.5',
    choice: false,
    implementedBy: ['coverage', 'coverageUnchecked', 'largestRemainderPercent'],
    parameters: [],
    statement:
      'Left/center/right percentages count only political outlets with a bias; non-political outlets, political outlets without a bias and domains not in the roster count in the totals only. Percentages are rounded by the largest-remainder method on integers (sum 100, ties left, center, right), or are all 0 when no outlet has a bias.',
  },
  {
    id: 'TIER',
    title: 'Story tier',
    section: STORIES,
    seed: '003 §3.3',
    choice: false,
    implementedBy: ['storyTier'],
    parameters: [
      {
        name: 'mainMinRatedDomains',
        default: TIER_MAIN_MIN_RATED_DOMAINS,
        description: 'unique rated domains for a main story',
      },
      {
        name: 'limitedMinRatedDomains',
        default: TIER_LIMITED_MIN_RATED_DOMAINS,
        description: 'unique rated domains for a limited story',
      },
    ],
    statement: `Unique rated domains (non-political, or political with a bias) ≥ ${TIER_MAIN_MIN_RATED_DOMAINS} → main; ≥ ${TIER_LIMITED_MIN_RATED_DOMAINS} → limited; otherwise the story is not synthesised.`,
  },
  {
    id: 'PG',
    title: 'Publish guard',
    section: STORIES,
    seed: '003 §5',
    choice: true,
    implementedBy: ['publishGuard', 'publishGuardUnchecked', 'countryCapCount', 'countryCapCountUnchecked'],
    parameters: [
      {
        name: 'reasonOrder',
        default: [...GuardReasonSchema.options],
        description: 'every reason code, in the order results list them',
      },
      { name: 'minRawOutlets', default: PG_MIN_RAW_OUTLETS, description: 'no_coverage below this many raw outlets' },
      {
        name: 'minSynthesisSentences',
        default: PG_MIN_SYNTHESIS_SENTENCES,
        description: 'insufficient_synthesis for 1 to this − 1 sentences',
      },
      {
        name: 'minSentencesMain',
        default: PG_MIN_SENTENCES_BY_TIER.main,
        description: 'few_sentences below this for main stories',
      },
      {
        name: 'minSentencesLimited',
        default: PG_MIN_SENTENCES_BY_TIER.limited,
        description: 'few_sentences below this for limited stories',
      },
      {
        name: 'minRatedDomains',
        default: PG_MIN_RATED_DOMAINS,
        description: 'low_coverage below this many unique rated domains',
      },
      {
        name: 'lowDiversityMinBiasedOutlets',
        default: PG_LOW_DIVERSITY_MIN_BIASED_OUTLETS,
        description: 'low_diversity applies from this many political outlets with a bias',
      },
      {
        name: 'filteredContentMinDomains',
        default: PG_FILTERED_CONTENT_MIN_DOMAINS,
        description: '[choice] a low-value story passes with at least this many unique domains',
      },
      {
        name: 'countryCap',
        default: DEFAULT_COUNTRY_CAP,
        description: '[choice] stories per country in the rolling 24 h; country_cap when the count is ≥ the cap',
      },
      {
        name: 'countryCapWindowHours',
        default: PG_COUNTRY_CAP_WINDOW_HOURS,
        description:
          'the rolling window of country_cap, over publication times: a published story of the country counts when its time is after time − window and before the story (same time: smaller id first)',
      },
    ],
    statement:
      'Every rule is evaluated and every failing reason returned, in this order: no_coverage (< 2 raw outlets), no_synthesis (0 sentences or none returned), insufficient_synthesis (1–4 sentences), few_sentences (≥ 1 and < 6 for main, < 4 for limited), no_image, low_coverage (< 3 unique rated domains), low_diversity (≥ 2 political outlets with a bias, all in one bucket), suspect_sources (at least one outlet contributed text and every one that did is low or very-low; unknown factuality is not low), filtered_content (low-value topic with < 5 unique domains), country_cap (stories already published for the country in 24 h ≥ cap). Published only with no reason.',
  },
  {
    id: 'BS-BR-1',
    title: 'Fuja da Bolha: minimum sample',
    section: BLINDSPOTS,
    seed: '000 Ponto cego',
    choice: false,
    implementedBy: BS_BR_FUNCTIONS,
    parameters: [
      {
        name: 'minArticlesWithBias',
        default: BS_BR_MIN_ARTICLES_WITH_BIAS,
        description: 'articles whose outlet bias is known (n)',
      },
    ],
    statement: `n ≥ ${BS_BR_MIN_ARTICLES_WITH_BIAS}, counting articles (not outlets) whose outlet bias is known.`,
  },
  {
    id: 'BS-BR-2',
    title: 'Fuja da Bolha: focus side under-covered',
    section: BLINDSPOTS,
    seed: '000 Ponto cego',
    choice: false,
    implementedBy: BS_BR_FUNCTIONS,
    parameters: [
      {
        name: 'maxFocusArticlesExclusive',
        default: BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE,
        description: 'cF must be below this',
      },
    ],
    statement: `cF < ${BS_BR_MAX_FOCUS_ARTICLES_EXCLUSIVE} (articles of the focus side, left or right; center has no blindspot).`,
  },
  {
    id: 'BS-BR-3',
    title: 'Fuja da Bolha: opposite side covers',
    section: BLINDSPOTS,
    seed: '000 Ponto cego',
    choice: false,
    implementedBy: BS_BR_FUNCTIONS,
    parameters: [
      {
        name: 'minOppositePercent',
        default: BS_BR_MIN_OPPOSITE_PERCENT,
        description: 'minimum share of the opposite side',
      },
    ],
    statement: `100·cO ≥ ${BS_BR_MIN_OPPOSITE_PERCENT}·n. Implied by BS-BR-4, kept for fidelity to the seed.`,
  },
  {
    id: 'BS-BR-4',
    title: 'Fuja da Bolha: proportional gap',
    section: BLINDSPOTS,
    seed: '000 Ponto cego',
    choice: false,
    implementedBy: BS_BR_FUNCTIONS,
    parameters: [
      { name: 'focusCoefficient', default: BS_BR_GAP_COEFFICIENTS.focus, description: 'coefficient of cF' },
      { name: 'oppositeCoefficient', default: BS_BR_GAP_COEFFICIENTS.opposite, description: 'coefficient of cO' },
      { name: 'totalCoefficient', default: BS_BR_GAP_COEFFICIENTS.total, description: 'coefficient of n' },
    ],
    statement: `pct(focus) < (pct(opposite) − 33) × 30/37, evaluated exactly as ${BS_BR_GAP_COEFFICIENTS.focus}·cF < ${BS_BR_GAP_COEFFICIENTS.opposite}·cO − ${BS_BR_GAP_COEFFICIENTS.total}·n. At most one side can satisfy it.`,
  },
  {
    id: 'BS-BR-5',
    title: 'Fuja da Bolha: factuality filter',
    section: BLINDSPOTS,
    seed: '000 Ponto cego',
    choice: true,
    implementedBy: BS_BR_FUNCTIONS,
    parameters: [
      {
        name: 'maxLowFactualityPercentExclusive',
        default: BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE,
        description: 'share of low-factuality articles must be below this',
      },
      {
        name: 'lowFactualityScore',
        default: BS_BR_LOW_FACTUALITY_SCORE,
        description: 'an outlet factuality score below this is low',
      },
    ],
    statement: `100·lowFact < ${BS_BR_MAX_LOW_FACTUALITY_PERCENT_EXCLUSIVE}·total, where lowFact = articles whose outlet factuality score (0–100) is < ${BS_BR_LOW_FACTUALITY_SCORE} and total = every article of the story (unknown bias included). A score of exactly ${BS_BR_LOW_FACTUALITY_SCORE} is not low; [choice] an unknown score is not low.`,
  },
  {
    id: 'BS-PR-1',
    title: 'Prisma: total coverage',
    section: BLINDSPOTS,
    seed: '003 §6',
    choice: false,
    implementedBy: BS_PR_FUNCTIONS,
    parameters: [
      { name: 'minOutlets', default: BS_PR_MIN_OUTLETS, description: 'unique domains contributing in total' },
    ],
    statement: `At least ${BS_PR_MIN_OUTLETS} unique domains contribute, non-political outlets and domains not in the roster included.`,
  },
  {
    id: 'BS-PR-2',
    title: 'Prisma: political outlets',
    section: BLINDSPOTS,
    seed: '003 §6',
    choice: false,
    implementedBy: BS_PR_FUNCTIONS,
    parameters: [
      {
        name: 'minPoliticalWithBias',
        default: BS_PR_MIN_POLITICAL_WITH_BIAS,
        description: 'unique political domains with a bias (n)',
      },
    ],
    statement: `At least ${BS_PR_MIN_POLITICAL_WITH_BIAS} of them are political with a bias (n).`,
  },
  {
    id: 'BS-PR-3',
    title: 'Prisma: silent bucket',
    section: BLINDSPOTS,
    seed: '003 §6',
    choice: false,
    implementedBy: BS_PR_FUNCTIONS,
    parameters: [
      {
        name: 'maxBucketPercent',
        default: BS_PR_MAX_BUCKET_PERCENT,
        description: 'a bucket at or under this share is a blindspot bucket',
      },
    ],
    statement: `The blindspot buckets are those b with 100·count(b) ≤ ${BS_PR_MAX_BUCKET_PERCENT}·n, listed left, center, right; the story qualifies with at least one. Mono-bucket stories qualify with both other buckets.`,
  },
  {
    id: 'BS-PR-4',
    title: 'Prisma: excluded topics',
    section: BLINDSPOTS,
    seed: '003 §6',
    choice: false,
    implementedBy: BS_PR_FUNCTIONS,
    parameters: [
      { name: 'excludedTopics', default: [...BS_PR_EXCLUDED_TOPICS], description: 'topics that never qualify' },
    ],
    statement: `Stories with topic ${BS_PR_EXCLUDED_TOPICS.join(', ')} never qualify (result []); a story without topic is not excluded.`,
  },
  {
    id: 'DRIFT',
    title: 'Blindspot drift detection',
    section: BLINDSPOTS,
    seed: '003 §9',
    choice: false,
    implementedBy: ['blindspotDrift'],
    parameters: [],
    statement:
      'Pipeline and pages call the same blindspot functions; a page compares the stored flag with the recomputed one and logs the structured disagreement (flag or buckets) returned by blindspotDrift as a drift warning.',
  },
  {
    id: 'SYN-1',
    title: 'One article per domain for the model',
    section: SYNTHESIS,
    seed: '003 §3.3',
    choice: true,
    implementedBy: ['pickArticlesForSynthesis'],
    parameters: [],
    statement:
      'At most one article per domain is given to the model: the longest text (Unicode code points), ties to the earliest publication instant, then [choice] to the smallest article id (UTF-16 order). Article ids must be unique. The picked articles are returned in chronological order.',
  },
  {
    id: 'SYN-3',
    title: 'Every sentence cites the cluster',
    section: SYNTHESIS,
    seed: '003 §3.4–3.5',
    choice: false,
    implementedBy: ['validateSentenceCitations'],
    parameters: [
      {
        name: 'minSentencesRequested',
        default: SYNTHESIS_SENTENCE_RANGE.min,
        description: 'sentences the model is asked for (at least)',
      },
      {
        name: 'maxSentencesRequested',
        default: SYNTHESIS_SENTENCE_RANGE.max,
        description: 'sentences the model is asked for (at most)',
      },
    ],
    statement:
      'Every sentence cites at least one article id and every cited id belongs to the story cluster; each violation is returned as a tagged problem (empty_sentence, missing_citation, unknown_article), never dropped silently.',
  },
  {
    id: 'SYN-4',
    title: 'No outlet names inside sentences',
    section: SYNTHESIS,
    seed: '003 §9',
    choice: true,
    implementedBy: ['attributionCheck'],
    parameters: [
      {
        name: 'commonWords',
        default: [...ATTRIBUTION_COMMON_WORDS],
        description: 'a name made only of these folded words is a common phrase and needs proper-name capitals',
      },
      {
        name: 'attributionCues',
        default: [...ATTRIBUTION_CUES],
        description: 'cues reported with a hit ("según", "como informó", …)',
      },
    ],
    statement:
      'Roster names, aliases and domains are found inside sentences case- and accent-insensitively on word boundaries; a hit triggers a rewrite. [choice] Names that are also ordinary phrases ("El País", "La Nación") count only when written with the roster capitals and not followed by another capitalised word; every hit reports its attribution cue.',
  },
  {
    id: 'SYN-5',
    title: 'Synthesis retry queue',
    section: SYNTHESIS,
    seed: '003 §9',
    choice: true,
    implementedBy: ['retrySchedule', 'nextRetry'],
    parameters: [
      ...SYNTHESIS_RETRY_DELAYS_MINUTES.map((minutes, index) => ({
        name: `delayAfterFailure${index + 1}Minutes`,
        default: minutes,
        description: `wait after the failed attempt number ${index + 1}`,
      })),
      {
        name: 'maxFailedAttempts',
        default: SYNTHESIS_MAX_FAILED_ATTEMPTS,
        description: 'discarded after this many failed attempts',
      },
    ],
    statement: `A failed story is retried after ${SYNTHESIS_RETRY_DELAYS_MINUTES.join(', ')} minutes; after the failed attempt number ${SYNTHESIS_MAX_FAILED_ATTEMPTS} it is discarded with its reason recorded.`,
  },
  {
    id: 'TOP-1',
    title: 'Topic or null',
    section: SYNTHESIS,
    seed: '003 §4',
    choice: false,
    implementedBy: ['topicOrNull'],
    parameters: [],
    statement:
      'The topic is one of the 10 identifiers, matched exactly, or null; any other label leaves the story unclassified (null) and it is retried at the next synthesis. A topic is never invented.',
  },
  {
    id: 'TOP-NAV',
    title: 'Topics of the main navigation',
    section: SYNTHESIS,
    seed: '003 §4',
    choice: true,
    implementedBy: ['navigationTopics'],
    parameters: [
      {
        name: 'windowHours',
        default: NAV_TOPICS_WINDOW_HOURS,
        description: '[choice] a published story is active coverage for this many hours',
      },
      { name: 'limit', default: NAV_TOPICS_MAX, description: '[choice] at most this many topics in the navigation' },
    ],
    statement: `The navigation shows the topics with the most active coverage: a published story is active when it was published in the ${NAV_TOPICS_WINDOW_HOURS} h up to the data's instant; a topic's active coverage is the sum of the unique covering domains of its active stories; topics without any are left out; the rest are ranked by that sum, then by number of active stories, then in catalogue order, and the first ${NAV_TOPICS_MAX} are shown. Unclassified stories never count. The site's navigation and its open data call the same function.`,
  },
];
