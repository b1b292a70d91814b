/** One headline as the judge sees it. */
export interface JudgedArticle {
  id: string;
  title: string;
  outlet: string | undefined;
  /** Publication date as given (ISO 8601). */
  date: string;
}

/** A grey-zone pair sent to the judge: rule CLU-2's 0.60 ≤ cosine ≤ 0.74 band (or the embedder's own). */
export interface GreyPair {
  /** Stable key of the unordered pair (`leftId` + NUL + `rightId`), also the cache key. */
  key: string;
  /** The article with the smaller id. */
  left: JudgedArticle;
  right: JudgedArticle;
  similarity: number;
}

/** The judge's answer for one pair. */
export type PairDecision =
  | { key: string; verdict: 'same' | 'different' }
  /** The judge could not answer (rate limit, malformed output, no judge configured): no merge, queued. */
  | { key: string; verdict: 'unanswered'; reason: string };

/**
 * Decides grey-zone pairs. It must answer every pair it is given (possibly `unanswered`) and may
 * batch them however it likes; clustering sends pairs in canonical order and caches every
 * `same`/`different` verdict per pair.
 */
export interface PairJudge {
  /** Label reported with results, e.g. `llm:chain:gemini:gemini-2.5-flash > groq:…` or `none`. */
  readonly backend: string;
  /** Decides the pairs; resolves to one decision per pair (order free). Should not throw. */
  decide(pairs: readonly GreyPair[]): Promise<PairDecision[]>;
}

/** A grey-zone pair that got no verdict: not merged, kept for a later retry (rule CLU-2). */
export interface PendingPair {
  leftId: string;
  rightId: string;
  similarity: number;
  reason: string;
}
