import { inputError } from '../errors.js';
import { parseInput } from '../shared/validate.js';
import { CONTENT_FACTUALITY_PARAMETERS, CONTENT_METRIC_PARAMETERS, RATING_PARAMETERS } from './parameters.js';
import {
  ContentFactualityCountsSchema,
  FigureSentimentCountsSchema,
  GovOppCountsSchema,
  QuoteLeanCountsSchema,
  TopicStanceCountsSchema,
  type ContentFactualityCounts,
  type ContentFactualityExplanation,
  type ContentFactualityResult,
  type FigureSentimentCounts,
  type FigureSentimentShares,
  type GovOppCounts,
  type QuoteLeanCounts,
  type QuoteShares,
  type TopicPosition,
  type TopicStanceCounts,
} from './schemas.js';

// ---------------------------------------------------------------------------------------------
// CF-1 — content factuality
// ---------------------------------------------------------------------------------------------

const SIGNAL_FIELDS = ['bylined', 'withPrimarySources', 'withCorrections', 'withUnattributed', 'withViral'] as const;

function parseFactualityCounts(counts: ContentFactualityCounts, functionName: string): ContentFactualityCounts {
  const parsed = parseInput(ContentFactualityCountsSchema, counts, 'CF-1', functionName);
  for (const field of SIGNAL_FIELDS) {
    if (parsed[field] > parsed.articles)
      inputError('CF-1', functionName, [field], `${field} (${parsed[field]}) exceeds articles (${parsed.articles})`);
  }
  return parsed;
}

/** `count / articles ≥ percent %`, exactly on integers (never a float share). */
function atLeastPercent(count: number, percent: number, articles: number): boolean {
  return 100 * count >= percent * articles;
}

/** CF-1 on validated counts. @internal */
export function explainContentFactualityUnchecked(counts: ContentFactualityCounts): ContentFactualityExplanation {
  const n = counts.articles;
  // the minimum content sample of CB-0
  if (n < RATING_PARAMETERS.contentBucketMinSample) return { level: null, checks: null, trace: ['CB-0'] };
  const p = CONTENT_FACTUALITY_PARAMETERS;
  const checks = {
    lowUnattributed: atLeastPercent(counts.withUnattributed, p.lowUnattributedPercent, n),
    lowViral: atLeastPercent(counts.withViral, p.lowViralPercent, n),
    veryHighByline: atLeastPercent(counts.bylined, p.veryHighBylinePercent, n),
    veryHighPrimary: atLeastPercent(counts.withPrimarySources, p.veryHighPrimaryPercent, n),
    highByline: atLeastPercent(counts.bylined, p.highBylinePercent, n),
    highPrimary: atLeastPercent(counts.withPrimarySources, p.highPrimaryPercent, n),
  };
  let level: ContentFactualityResult;
  if (counts.withCorrections === 0 && (checks.lowUnattributed || checks.lowViral)) level = 'low';
  else if (
    counts.withCorrections >= p.veryHighMinCorrections &&
    counts.withViral === 0 &&
    checks.veryHighByline &&
    checks.veryHighPrimary
  )
    level = 'very-high';
  else if (checks.highByline && checks.highPrimary) level = 'high';
  else level = 'mixed';
  return { level, checks, trace: ['CF-1'] };
}

/**
 * CF-1 [choice] (seed 002 §4 "Factualidad a partir del contenido"): content factuality from the
 * sample's signals, as exact integer shares of the analysed articles, checked in this order:
 * - `low`: no correction anywhere and ≥ 30 % of articles with unattributed claims or ≥ 20 % with viral content;
 * - `very-high`: ≥ 1 correction, no viral content, ≥ 90 % signed, ≥ 50 % citing or linking primary sources;
 * - `high`: ≥ 70 % signed and ≥ 30 % citing or linking primary sources;
 * - else `mixed` ("la realidad de la mayoría de medios").
 *
 * `very-low` (fabricated content) needs fact-check evidence and is never assigned from these
 * signals. Below the minimum content sample (CB-0: 20 articles) there is no assessment: `null`.
 * Parameters: `CONTENT_FACTUALITY_PARAMETERS`. Input errors: a count that is not a non-negative
 * integer, or a signal count above `articles`.
 *
 * @example
 * contentFactuality({ articles: 40, bylined: 38, withPrimarySources: 25, withCorrections: 2, withUnattributed: 1, withViral: 0 }); // 'very-high'
 */
export function contentFactuality(counts: ContentFactualityCounts): ContentFactualityResult {
  return explainContentFactualityUnchecked(parseFactualityCounts(counts, 'contentFactuality')).level;
}

/**
 * Same as {@link contentFactuality}, with every CF-1 share test and the trace (`['CF-1']`, or
 * `['CB-0']` below the minimum sample) — for the audit trail.
 *
 * @example
 * explainContentFactuality({ articles: 20, bylined: 14, withPrimarySources: 6, withCorrections: 0, withUnattributed: 0, withViral: 0 });
 * // { level: 'high', checks: { highByline: true, highPrimary: true, … }, trace: ['CF-1'] }
 */
export function explainContentFactuality(counts: ContentFactualityCounts): ContentFactualityExplanation {
  return explainContentFactualityUnchecked(parseFactualityCounts(counts, 'explainContentFactuality'));
}

// ---------------------------------------------------------------------------------------------
// CM-1..CM-4 — counting articles into the four content metrics
// ---------------------------------------------------------------------------------------------

/**
 * CM-1 [choice] (seed 002 §4 metric 1): the government / opposition ratio from politically
 * relevant framed articles — `(government + ½) / (opposition + ½)` (the ½ keeps it finite when a
 * side is 0), or `null` (metric unavailable) with fewer than 5 framed articles. Neutral articles
 * do not enter it.
 *
 * @example
 * govOppRatio({ government: 4, opposition: 1 }); // 4.5 / 1.5 = 3
 * govOppRatio({ government: 3, opposition: 1 }); // null — 4 framed articles
 */
export function govOppRatio(counts: GovOppCounts): number | null {
  const { government, opposition } = parseInput(GovOppCountsSchema, counts, 'CM-1', 'govOppRatio');
  const parameters = CONTENT_METRIC_PARAMETERS;
  if (government + opposition < parameters.minFramedArticles) return null;
  return (government + parameters.ratioContinuityCorrection) / (opposition + parameters.ratioContinuityCorrection);
}

/**
 * CM-2 [choice] (seed 002 §4 metric 2): a named figure counts only with at least 3 articles
 * carrying a sentiment towards them; its shares are favourable / articles and critical / articles
 * (the inputs of CB-1's figureLean). Fewer articles → `null`.
 *
 * @example
 * figureSentimentShares({ favourable: 1, neutral: 1, critical: 2 }); // { articles: 4, favourable: 0.25, critical: 0.5 }
 * figureSentimentShares({ favourable: 2, neutral: 0, critical: 0 }); // null
 */
export function figureSentimentShares(counts: FigureSentimentCounts): FigureSentimentShares {
  const { favourable, neutral, critical } = parseInput(
    FigureSentimentCountsSchema,
    counts,
    'CM-2',
    'figureSentimentShares',
  );
  const articles = favourable + neutral + critical;
  if (articles < CONTENT_METRIC_PARAMETERS.minFigureArticles) return null;
  return { articles, favourable: favourable / articles, critical: critical / articles };
}

/**
 * CM-3 [choice] (seed 002 §4 metric 3): the outlet's position on one disputed topic from the
 * articles taking a stance on it — fewer than 3 → `n/a`; else `progressive` (`conservative`) when
 * at least 2/3 of them take that stance (exact: 3·count ≥ 2·n), else `mixed`.
 *
 * @example
 * topicPosition({ progressive: 2, neutral: 1, conservative: 0 }); // 'progressive'
 * topicPosition({ progressive: 1, neutral: 1, conservative: 1 }); // 'mixed'
 * topicPosition({ progressive: 2, neutral: 0, conservative: 0 }); // 'n/a'
 */
export function topicPosition(counts: TopicStanceCounts): TopicPosition {
  const { progressive, neutral, conservative } = parseInput(TopicStanceCountsSchema, counts, 'CM-3', 'topicPosition');
  const parameters = CONTENT_METRIC_PARAMETERS;
  const n = progressive + neutral + conservative;
  if (n < parameters.minTopicArticles) return 'n/a';
  const needed = parameters.topicMajorityNumerator * n;
  if (parameters.topicMajorityDenominator * progressive >= needed) return 'progressive';
  if (parameters.topicMajorityDenominator * conservative >= needed) return 'conservative';
  return 'mixed';
}

/**
 * CM-4 [choice] (seed 002 §4 metric 4): the distribution of quotes attributed to mapped actors
 * (left / center / right shares of the mapped quotes), or `null` with fewer than 5 mapped quotes.
 * Unmapped quotes are not counted.
 *
 * @example
 * quoteShares({ left: 2, center: 1, right: 1 }); // null — 4 mapped quotes
 * quoteShares({ left: 3, center: 1, right: 1 }); // { left: 0.6, center: 0.2, right: 0.2 }
 */
export function quoteShares(counts: QuoteLeanCounts): QuoteShares {
  const { left, center, right } = parseInput(QuoteLeanCountsSchema, counts, 'CM-4', 'quoteShares');
  const mapped = left + center + right;
  if (mapped < CONTENT_METRIC_PARAMETERS.minMappedQuotes) return null;
  return { left: left / mapped, center: center / mapped, right: right / mapped };
}
