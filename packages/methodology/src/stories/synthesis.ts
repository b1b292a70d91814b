/**
 * Story-side rules of the synthesis pipeline (RULES.md §5): SYN-1 article selection, SYN-3
 * citation check, SYN-5 retry schedule, TOP-1 topic validation. SYN-4 is in `attribution.ts`.
 */
import { inputError } from '../errors.js';
import { TopicSchema, type Topic } from '../shared/schemas.js';
import { parseInput } from '../shared/validate.js';
import { SYNTHESIS_MAX_FAILED_ATTEMPTS, SYNTHESIS_RETRY_DELAYS_MINUTES } from './constants.js';
import { toInstantMs } from './internal.js';
import {
  NextRetryInputSchema,
  PickArticlesForSynthesisInputSchema,
  RetryAttemptSchema,
  SentenceCitationInputSchema,
  TopicLabelSchema,
  type CitationProblem,
  type NextRetryInput,
  type RetryDecision,
  type SentenceCitationResult,
  type SynthesisArticle,
  type SynthesisSentence,
} from './schemas.js';

// ── SYN-1 ──────────────────────────────────────────────────────────────────────────────────────

/** Length of a string in Unicode code points (an emoji counts once, not as two UTF-16 units). */
function codePointLength(text: string): number {
  let length = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    // A high surrogate followed by a low surrogate is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index += 1;
    }
    length += 1;
  }
  return length;
}

interface RankedArticle {
  article: SynthesisArticle;
  length: number;
  publishedMs: number;
}

/** rule SYN-1 preference: longer text, then earlier publication, then the smaller id. */
function isPreferred(candidate: RankedArticle, current: RankedArticle): boolean {
  if (candidate.length !== current.length) return candidate.length > current.length;
  if (candidate.publishedMs !== current.publishedMs) return candidate.publishedMs < current.publishedMs;
  return candidate.article.id < current.article.id;
}

/**
 * Picks at most one article per domain for the synthesis model (rule SYN-1): the one with the
 * longest text (Unicode code points), ties to the earliest `publishedAt` (instants compared in
 * UTC; a date alone is midnight UTC), then to the smallest `id` in UTF-16
 * code-unit order, so the choice never depends on input order. Article ids must be unique (input
 * error otherwise). The picked articles are returned in chronological order, ties by id.
 *
 * @example
 * pickArticlesForSynthesis([
 *   { id: 'a1', domain: 'elpais.com', text: 'corto', publishedAt: '2026-04-27T08:00:00Z' },
 *   { id: 'a2', domain: 'elpais.com', text: 'un texto más largo', publishedAt: '2026-04-27T09:00:00Z' },
 *   { id: 'b1', domain: 'clarin.com', text: 'texto', publishedAt: '2026-04-27T07:00:00Z' },
 * ]).map((article) => article.id); // ['b1', 'a2']
 */
export function pickArticlesForSynthesis(articles: readonly SynthesisArticle[]): SynthesisArticle[] {
  const valid = parseInput(PickArticlesForSynthesisInputSchema, articles, 'SYN-1', 'pickArticlesForSynthesis');
  const seenIds = new Map<string, number>();
  const bestByDomain = new Map<string, RankedArticle>();
  valid.forEach((article, index) => {
    const earlier = seenIds.get(article.id);
    if (earlier !== undefined) {
      inputError(
        'SYN-1',
        'pickArticlesForSynthesis',
        [index, 'id'],
        `article id "${article.id}" is repeated (first at index ${earlier})`,
      );
    }
    seenIds.set(article.id, index);
    const ranked = { article, length: codePointLength(article.text), publishedMs: toInstantMs(article.publishedAt) };
    const current = bestByDomain.get(article.domain);
    if (current === undefined || isPreferred(ranked, current)) bestByDomain.set(article.domain, ranked);
  });
  return [...bestByDomain.values()]
    .sort(
      (a, b) =>
        a.publishedMs - b.publishedMs || (a.article.id < b.article.id ? -1 : a.article.id > b.article.id ? 1 : 0),
    )
    .map((ranked) => ranked.article);
}

// ── SYN-3 ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Checks the citations of synthesised sentences (rule SYN-3): every sentence cites ≥ 1 article
 * id and every cited id belongs to the story's cluster. Nothing is dropped or repaired: each
 * problem is returned, tagged, in sentence order — `empty_sentence` (blank text),
 * `missing_citation` (no id), `unknown_article` (one per unknown id, in citation order).
 * Repeating an id inside a sentence is not a problem.
 *
 * @example
 * validateSentenceCitations(
 *   [{ text: 'El Congreso aprobó la ley.', articleIds: ['a1'] }, { text: 'Hubo protestas.', articleIds: ['zz'] }],
 *   ['a1', 'a2'],
 * );
 * // { valid: false, problems: [{ kind: 'unknown_article', sentenceIndex: 1, articleId: 'zz' }] }
 */
export function validateSentenceCitations(
  sentences: readonly SynthesisSentence[],
  clusterArticleIds: readonly string[],
): SentenceCitationResult {
  const valid = parseInput(
    SentenceCitationInputSchema,
    { sentences, clusterArticleIds },
    'SYN-3',
    'validateSentenceCitations',
  );
  const cluster = new Set(valid.clusterArticleIds);
  const problems: CitationProblem[] = [];
  valid.sentences.forEach((sentence, sentenceIndex) => {
    if (sentence.text.trim() === '') problems.push({ kind: 'empty_sentence', sentenceIndex });
    if (sentence.articleIds.length === 0) problems.push({ kind: 'missing_citation', sentenceIndex });
    for (const articleId of sentence.articleIds) {
      if (!cluster.has(articleId)) problems.push({ kind: 'unknown_article', sentenceIndex, articleId });
    }
  });
  return { valid: problems.length === 0, problems };
}

// ── SYN-5 ──────────────────────────────────────────────────────────────────────────────────────

const MS_PER_MINUTE = 60_000;

/**
 * The wait after the `attempt`-th failed synthesis attempt (rule SYN-5 **[choice]**), in
 * milliseconds: 15 min, 1 h, 3 h, 6 h after the 1st to 4th failure; `null` after the 5th — the
 * story is discarded (with its reason recorded by the caller).
 *
 * @example
 * retrySchedule(1); // 900000 (15 min)
 * retrySchedule(4); // 21600000 (6 h)
 * retrySchedule(5); // null (discard)
 */
export function retrySchedule(attempt: number): number | null {
  const valid = parseInput(RetryAttemptSchema, attempt, 'SYN-5', 'retrySchedule');
  return delayAfter(valid);
}

function delayAfter(failedAttempts: number): number | null {
  if (failedAttempts >= SYNTHESIS_MAX_FAILED_ATTEMPTS) return null;
  return SYNTHESIS_RETRY_DELAYS_MINUTES[failedAttempts - 1]! * MS_PER_MINUTE;
}

/**
 * What the retry queue does after a failed synthesis (rule SYN-5): retry at `lastFailureAt` plus
 * the scheduled delay (returned as an ISO date-time in UTC), or discard after the 5th failure.
 *
 * @example
 * nextRetry({ failedAttempts: 2, lastFailureAt: '2026-04-27T10:00:00Z' });
 * // { action: 'retry', at: '2026-04-27T11:00:00.000Z', delayMs: 3600000, attempt: 3 }
 * nextRetry({ failedAttempts: 5, lastFailureAt: '2026-04-27T10:00:00Z' });
 * // { action: 'discard', failedAttempts: 5 }
 */
export function nextRetry(state: NextRetryInput): RetryDecision {
  const valid = parseInput(NextRetryInputSchema, state, 'SYN-5', 'nextRetry');
  const delayMs = delayAfter(valid.failedAttempts);
  if (delayMs === null) return { action: 'discard', failedAttempts: valid.failedAttempts };
  return {
    action: 'retry',
    at: new Date(toInstantMs(valid.lastFailureAt) + delayMs).toISOString(),
    delayMs,
    attempt: valid.failedAttempts + 1,
  };
}

// ── TOP-1 ──────────────────────────────────────────────────────────────────────────────────────

const TOPIC_IDENTIFIERS: ReadonlySet<string> = new Set(TopicSchema.options);

/**
 * The topic of a story from a classifier's label (rule TOP-1): one of the 10 topic identifiers,
 * matched exactly, or `null` — for `null` and for any other label (a localised label, another
 * casing or an invented category is not a topic; the story stays unclassified and is retried at
 * the next synthesis). A label that is not a string or `null` is an input error.
 *
 * @example
 * topicOrNull('economy');   // 'economy'
 * topicOrNull('lifestyle'); // null (never invented)
 * topicOrNull(null);        // null
 */
export function topicOrNull(label: string | null): Topic | null {
  const valid = parseInput(TopicLabelSchema, label, 'TOP-1', 'topicOrNull');
  return valid !== null && TOPIC_IDENTIFIERS.has(valid) ? (valid as Topic) : null;
}
