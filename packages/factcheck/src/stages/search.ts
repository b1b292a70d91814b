import { AsyncLocalStorage } from 'node:async_hooks';
import { createPerplexity, type CacheStore, type CompatibleSettings, type CostLedger } from '@espectro/llm';
import {
  DEB_EXCLUDED_DOMAINS,
  DEB_OFFICIAL_SOURCE_SUFFIXES,
  filterEvidence,
  isOfficialSource,
  normalizeCitationUrl,
  normalizeClaimText,
  type EvidenceDropReason,
} from '@espectro/methodology';
import { withCallTag } from '../call-tag.js';
import { FactcheckError, messageOf } from '../errors.js';
import { searchPrompt } from '../prompts.js';
import { EvidenceItemSchema, type EvidenceItem, type SearchResponse } from '../schemas.js';
import type { SearchQuery, StageContext, WebSearch } from './types.js';

/** A search result as Perplexity returns it in `search_results`. */
interface SonarSearchResult {
  title?: string;
  url?: string;
  date?: string | null;
  last_updated?: string | null;
  snippet?: string;
}

interface SonarCapture {
  beforeDate: string;
  excluded: readonly string[];
  /** DEB-4 official domains to restrict the search to (the review's re-check), or null. */
  onlyDomains: readonly string[] | null;
  citations: string[] | undefined;
  searchResults: SonarSearchResult[] | undefined;
}

const sonarCalls = new AsyncLocalStorage<SonarCapture>();

/** `2026-09-03T22:10:00Z` → `9/3/2026` (Perplexity's `search_before_date_filter` format). */
function perplexityDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** An ISO date or date-time, or `null` for anything else (Perplexity dates are usually YYYY-MM-DD). */
function isoDateOrNull(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  if (/^\d{4}-\d{2}-\d{2}T/.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) return new Date(trimmed).toISOString();
  return null;
}

/** Parses one search result into evidence, or `null` when its URL is unusable. */
function evidenceOf(candidate: Omit<EvidenceItem, 'kind'> & { kind?: EvidenceItem['kind'] }): EvidenceItem | null {
  const parsed = EvidenceItemSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** Settings of {@link createSonarSearch}. */
export interface SonarSearchSettings extends CompatibleSettings {
  /** Domains Perplexity is asked to leave out (`search_domain_filter`); default seed 001's list (DEB-3 still filters afterwards). */
  excludedDomains?: readonly string[];
}

/**
 * Stage 6 over Perplexity Sonar, through the OpenAI-compatible client of `@espectro/llm`
 * (`createPerplexity`, key `PERPLEXITY_API_KEY`). Each request asks for results published before the
 * claim (`search_before_date_filter`) and without the excluded domains; the answer's
 * `search_results` (or, from older APIs, `citations`) become the evidence, and the model's summary
 * is passed to the judge as data. Only URLs the API returned count as searched (DEB-5). The cost is
 * recorded in the ledger (token prices; Perplexity's per-request fee is not in the default table).
 *
 * @example
 * const search = createSonarSearch({ model: 'sonar' });
 * const { results, summary } = await search.search(query, context);
 */
export function createSonarSearch(settings: SonarSearchSettings = {}): WebSearch {
  const baseFetch = settings.fetch ?? globalThis.fetch;
  const capturingFetch: typeof globalThis.fetch = async (input, init) => {
    const capture = sonarCalls.getStore();
    let request = init;
    if (capture !== undefined && typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      body.search_before_date_filter = capture.beforeDate;
      // Perplexity's filter is either an allow list or a deny list; official-only needs no deny list
      body.search_domain_filter =
        capture.onlyDomains !== null
          ? capture.onlyDomains.slice(0, 20)
          : capture.excluded.slice(0, 20).map((domain) => `-${domain}`);
      request = { ...init, body: JSON.stringify(body) };
    }
    const response = await baseFetch(input, request);
    if (capture !== undefined && response.ok) {
      try {
        const json = (await response.clone().json()) as { citations?: unknown; search_results?: unknown };
        if (Array.isArray(json.citations))
          capture.citations = json.citations.filter((url): url is string => typeof url === 'string');
        if (Array.isArray(json.search_results)) capture.searchResults = json.search_results as SonarSearchResult[];
      } catch {
        // not JSON: the adapter reports the failure itself
      }
    }
    return response;
  };
  const { excludedDomains, ...modelSettings } = settings;
  const model = createPerplexity({ ...modelSettings, fetch: capturingFetch });
  return {
    name: 'sonar',
    async search(query: SearchQuery, context: StageContext): Promise<SearchResponse> {
      const capture: SonarCapture = {
        beforeDate: perplexityDate(query.claimAt),
        excluded: excludedDomains ?? DEB_EXCLUDED_DOMAINS,
        onlyDomains: query.sources === 'official' ? DEB_OFFICIAL_SOURCE_SUFFIXES : null,
        citations: undefined,
        searchResults: undefined,
      };
      let summary: string;
      try {
        const result = await sonarCalls.run(capture, () =>
          withCallTag({ stage: 'search', key: context.key }, () =>
            model.generateText({
              prompt: searchPrompt,
              variables: { text: query.text, datum: query.datum, query: query.query, claimDate: query.claimAt },
              jobId: context.jobId,
              ...(context.ledger !== undefined ? { ledger: context.ledger } : {}),
              ...(context.signal !== undefined ? { signal: context.signal } : {}),
            }),
          ),
        );
        summary = result.text;
      } catch (error) {
        throw new FactcheckError({
          code: 'stage_failed',
          stage: 'search',
          message: `${context.key}: ${messageOf(error)}`,
          field: context.key,
          cause: error,
        });
      }
      const results: EvidenceItem[] = [];
      if (capture.searchResults !== undefined && capture.searchResults.length > 0) {
        for (const item of capture.searchResults) {
          if (typeof item.url !== 'string') continue;
          const evidence = evidenceOf({
            url: item.url,
            ...(item.title !== undefined ? { title: item.title } : {}),
            publishedAt: isoDateOrNull(item.date) ?? isoDateOrNull(item.last_updated),
            ...(item.snippet !== undefined ? { snippet: item.snippet } : {}),
            provider: 'sonar',
          });
          if (evidence !== null) results.push(evidence);
        }
      } else {
        for (const url of capture.citations ?? []) {
          const evidence = evidenceOf({ url, publishedAt: null, provider: 'sonar' });
          if (evidence !== null) results.push(evidence);
        }
      }
      return { results, summary };
    },
  };
}

/** Settings of {@link createGoogleFactCheckSearch}. */
export interface GoogleFactCheckSettings {
  /** API key; default `GOOGLE_FACTCHECK_API_KEY`, then `GOOGLE_API_KEY`. */
  apiKey?: string;
  /** Default `https://factchecktools.googleapis.com`. */
  baseURL?: string;
  /** Default `pt-BR`. */
  languageCode?: string;
  /** Results per query; default 10. */
  pageSize?: number;
  fetch?: typeof globalThis.fetch;
}

interface FactCheckApiResponse {
  claims?: {
    text?: string;
    claimant?: string;
    claimDate?: string;
    claimReview?: {
      publisher?: { name?: string; site?: string };
      url?: string;
      title?: string;
      reviewDate?: string;
      textualRating?: string;
    }[];
  }[];
}

/**
 * Stage 6: existing fact-checks from Google Fact Check Tools (`GET /v1alpha1/claims:search`). Each
 * published review becomes evidence of kind `fact_check` dated by its review date; the rating and
 * the claim reviewed are its text. No model cost.
 *
 * @example
 * const factChecks = createGoogleFactCheckSearch({ apiKey: process.env.GOOGLE_FACTCHECK_API_KEY });
 */
export function createGoogleFactCheckSearch(settings: GoogleFactCheckSettings = {}): WebSearch {
  const fetcher = settings.fetch ?? globalThis.fetch;
  const baseURL = (settings.baseURL ?? 'https://factchecktools.googleapis.com').replace(/\/+$/, '');
  return {
    name: 'google_fact_check',
    async search(query: SearchQuery, context: StageContext): Promise<SearchResponse> {
      const apiKey = settings.apiKey ?? process.env.GOOGLE_FACTCHECK_API_KEY ?? process.env.GOOGLE_API_KEY;
      if (apiKey === undefined || apiKey === '') {
        throw new FactcheckError({
          code: 'missing_configuration',
          stage: 'search',
          message: 'Google Fact Check Tools needs an API key (GOOGLE_FACTCHECK_API_KEY)',
          field: 'apiKey',
        });
      }
      const url = new URL(`${baseURL}/v1alpha1/claims:search`);
      url.searchParams.set('query', query.datum.trim() !== '' ? query.datum : query.text);
      url.searchParams.set('languageCode', settings.languageCode ?? 'pt-BR');
      url.searchParams.set('pageSize', String(settings.pageSize ?? 10));
      url.searchParams.set('key', apiKey);
      let body: FactCheckApiResponse;
      try {
        const response = await fetcher(url, {
          method: 'GET',
          headers: { accept: 'application/json' },
          ...(context.signal !== undefined ? { signal: context.signal } : {}),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
        body = (await response.json()) as FactCheckApiResponse;
      } catch (error) {
        throw new FactcheckError({
          code: 'stage_failed',
          stage: 'search',
          message: `${context.key}: Google Fact Check Tools: ${messageOf(error)}`,
          field: context.key,
          cause: error,
        });
      }
      const results: EvidenceItem[] = [];
      for (const claim of body.claims ?? []) {
        for (const review of claim.claimReview ?? []) {
          if (typeof review.url !== 'string') continue;
          const publisher = review.publisher?.name ?? review.publisher?.site ?? 'checagem';
          const evidence = evidenceOf({
            url: review.url,
            ...(review.title !== undefined ? { title: review.title } : {}),
            publishedAt: isoDateOrNull(review.reviewDate),
            snippet: `${publisher} classificou como "${review.textualRating ?? '?'}" a afirmação${claim.claimant !== undefined ? ` de ${claim.claimant}` : ''}: ${claim.text ?? ''}`,
            provider: 'google_fact_check',
            kind: 'fact_check',
          });
          if (evidence !== null) results.push(evidence);
        }
      }
      return { results, summary: null };
    },
  };
}

/**
 * Several searches as one: they run in parallel and their results are merged (first occurrence of
 * each normalised URL wins, DEB-5 normalisation); summaries are joined. A search that fails is
 * skipped while another answers; when all fail, the first error is thrown.
 *
 * @example
 * const search = combineSearches([createSonarSearch(), createGoogleFactCheckSearch()]);
 */
export function combineSearches(
  searches: readonly WebSearch[],
  name = searches.map((search) => search.name).join('+'),
): WebSearch {
  return {
    name,
    async search(query, context) {
      const settled = await Promise.allSettled(searches.map((search) => search.search(query, context)));
      const answered = settled.filter(
        (outcome): outcome is PromiseFulfilledResult<SearchResponse> => outcome.status === 'fulfilled',
      );
      if (answered.length === 0) {
        const first = settled[0];
        throw first !== undefined && first.status === 'rejected'
          ? first.reason
          : new FactcheckError({ code: 'missing_configuration', stage: 'search', message: 'no search configured' });
      }
      const seen = new Set<string>();
      const results: EvidenceItem[] = [];
      for (const response of answered) {
        for (const item of response.value.results) {
          const key = normalizeCitationUrl(item.url);
          if (seen.has(key)) continue;
          seen.add(key);
          results.push(item);
        }
      }
      const summaries = answered
        .map((response) => response.value.summary)
        .filter((summary): summary is string => summary !== null && summary !== '');
      return { results, summary: summaries.length > 0 ? summaries.join('\n\n') : null };
    },
  };
}

/** Settings of {@link cachedSearch}. */
export interface CachedSearchSettings {
  /** Where answers are kept (default: a new in-memory map). */
  store?: CacheStore | Map<string, SearchResponse>;
  /** Records cache hits in this ledger (outcome `cache_hit`, no cost) so the saving is visible. */
  ledger?: CostLedger;
  /** Vendor and model recorded with a hit; default the search name. */
  vendor?: string;
  model?: string;
}

/**
 * A search with an answer cache keyed by the claim's normalised datum and query (REP-1
 * normalisation): a candidate repeating a claim within the debate costs one search. Results are
 * still filtered by DEB-3 against each claim's own time, so a cached answer never admits a page
 * published after the claim.
 *
 * @example
 * const search = cachedSearch(createSonarSearch());
 */
export function cachedSearch(search: WebSearch, settings: CachedSearchSettings = {}): WebSearch {
  const store = settings.store ?? new Map<string, SearchResponse>();
  const isMap = store instanceof Map;
  return {
    name: search.name,
    async search(query, context) {
      const key = `factcheck.search:${search.name}:${normalizeClaimText(query.datum)}|${normalizeClaimText(query.query)}${query.sources === 'official' ? '|official' : ''}`;
      const hit = isMap ? store.get(key) : ((await store.get(key)) as { text: string } | undefined);
      if (hit !== undefined) {
        const ledger = context.ledger ?? settings.ledger;
        ledger?.record({
          vendor: settings.vendor ?? search.name,
          model: settings.model ?? search.name,
          promptId: searchPrompt.id,
          promptVersion: searchPrompt.version,
          jobId: context.jobId,
          operation: 'text',
          layer: 0,
          phase: 'answer',
          retry: 0,
          usage: { inputTokens: 0, outputTokens: 0 },
          latencyMs: 0,
          outcome: 'cache_hit',
        });
        return isMap ? (hit as SearchResponse) : (JSON.parse((hit as { text: string }).text) as SearchResponse);
      }
      const answer = await search.search(query, context);
      if (isMap) store.set(key, answer);
      else
        await store.set(key, {
          text: JSON.stringify(answer),
          vendor: search.name,
          model: search.name,
          layer: 0,
          finishReason: 'stop',
          usage: { inputTokens: 0, outputTokens: 0 },
          createdAt: context.debate.startedAt,
        });
      return answer;
    },
  };
}

/** Evidence for one claim after DEB-3, official sources first (DEB-4). */
export interface GatheredEvidence {
  kept: EvidenceItem[];
  dropped: { url: string; reason: EvidenceDropReason }[];
}

/**
 * Applies the evidence rules to a search answer: DEB-3 (`filterEvidence`: excluded domains,
 * published after the claim, undated unless allowed) and DEB-4 ordering (official sources — per
 * `isOfficialSource` — first, otherwise in the search's order).
 *
 * @example
 * const { kept, dropped } = gatherEvidence(answer.results, '2026-09-03T22:10:00Z');
 */
export function gatherEvidence(
  results: readonly EvidenceItem[],
  claimAt: string,
  options: { allowUndated?: boolean; excludedDomains?: string[] } = {},
): GatheredEvidence {
  // one result per URL (the first), so that every kept result maps back to its item
  const byUrl = new Map<string, EvidenceItem>();
  for (const item of results) if (!byUrl.has(item.url)) byUrl.set(item.url, item);
  const unique = [...byUrl.values()];
  const filtered = filterEvidence({
    claimAt,
    results: unique.map((item) => ({
      url: item.url,
      ...(item.publishedAt !== undefined ? { publishedAt: item.publishedAt } : {}),
      ...(item.title !== undefined ? { title: item.title } : {}),
      ...(item.snippet !== undefined ? { snippet: item.snippet } : {}),
    })),
    ...(options.allowUndated !== undefined ? { allowUndated: options.allowUndated } : {}),
    ...(options.excludedDomains !== undefined ? { excludedDomains: options.excludedDomains } : {}),
  });
  const kept = filtered.kept.map((result) => byUrl.get(result.url) as EvidenceItem);
  // rule DEB-4: official sources first (stable)
  const official = kept.filter((item) => isOfficialSource(item.url));
  const other = kept.filter((item) => !isOfficialSource(item.url));
  return {
    kept: [...official, ...other],
    dropped: filtered.dropped.map((drop) => ({ url: drop.result.url, reason: drop.reason })),
  };
}
