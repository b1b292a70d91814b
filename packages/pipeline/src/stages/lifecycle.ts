/**
 * The outlet lifecycle from stored data (issue 16 §3, seed 002 §9–§10): each day the rolling
 * content bucket of every rated political outlet is computed from its stored articles and stored
 * as a series (`recordContentSeries`); then every outlet's lifecycle facts are read from the store
 * — the drift series, article counts, the latest content result — and `dueOutlets` of
 * `@espectro/rating` decides who is due (REV-1 cadence, ownership/regime changes, drift; a new
 * prompt/model/methodology version); the due outlets are enqueued for the `rerate` job with their
 * CON-4 cause (`enqueueDueReratings`). Nothing here decides a rule: windows and thresholds are the
 * methodology's `RATING_PARAMETERS`.
 */
import {
  lastControlChange,
  RATING_PARAMETERS,
  withOwnershipEvents,
  type ContentBucketResult,
  type ContentEvidence,
  type RatingEvidenceRecord,
} from '@espectro/methodology';
import {
  analyzeOutletContent,
  DUE_REASON_CAUSES,
  dueOutlets,
  loadPoliticalActorMap,
  SAMPLE_PARAMETERS,
  type ArticleAnalyzer,
  type OutletLifecycleFacts,
  type PoliticalActorMap,
  type StoredRating,
} from '@espectro/rating';
import {
  countArticlesInWindow,
  createStoreArticleSource,
  enqueueReratings,
  listContentSeries,
  recordContentWindow,
  type Store,
} from '@espectro/store';
import { commitUnit, report, type PipelineContext } from '../context.js';

const DAY_MS = 86_400_000;
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number): string =>
  isoDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));

/** One content analysis of an outlet's window. */
export interface ContentWindowRequest {
  outlet: string;
  country: string;
  /** Last day of the window. */
  asOf: string;
  windowDays: number;
  /** Start the window no earlier than this day (a change of control, CONF-CHANGE). */
  notBefore?: string;
}

/** What a content window gave. */
export interface ContentWindowResult {
  evidence: ContentEvidence;
  bucket: ContentBucketResult;
  backend: string;
  /** Articles of the outlet in the window. */
  articles: number;
  windowStart: string;
}

/** Analyses one outlet's content over a window of its stored articles. */
export type ContentWindowAnalyzer = (request: ContentWindowRequest) => Promise<ContentWindowResult>;

/** The bucket a content evidence records (`insufficient` below CB-0's sample; no bucket reads as `inconclusive`). */
export function contentBucketOf(evidence: ContentEvidence): ContentBucketResult {
  return evidence.status === 'insufficient' ? 'insufficient' : (evidence.content_only_sesgo ?? 'inconclusive');
}

/**
 * The content analysis of `@espectro/rating` (`analyzeOutletContent`: seeded stratified sample, the
 * four metrics, rules CB-0..2) over the store's articles, with the country's political-actor map
 * from `actorsDirectory` (loaded once per country).
 *
 * @example
 * const analyze = createContentWindowAnalyzer({ store, analyzer: createArticleAnalyzer({ env, offline: true }), actorsDirectory });
 */
export function createContentWindowAnalyzer(options: {
  store: Store;
  analyzer: ArticleAnalyzer;
  actorsDirectory: string;
}): ContentWindowAnalyzer {
  const maps = new Map<string, Promise<PoliticalActorMap>>();
  const source = createStoreArticleSource(options.store.database.db);
  return async (request) => {
    let map = maps.get(request.country);
    if (map === undefined) {
      map = loadPoliticalActorMap(request.country, options.actorsDirectory);
      maps.set(request.country, map);
    }
    const result = await analyzeOutletContent({
      outlet: request.outlet,
      asOf: request.asOf,
      actors: await map,
      source,
      analyzer: options.analyzer,
      windowDays: request.windowDays,
      ...(request.notBefore === undefined ? {} : { notBefore: request.notBefore }),
    });
    return {
      evidence: result.evidence,
      bucket: contentBucketOf(result.evidence),
      backend: result.backend,
      articles: result.sample.population,
      windowStart: result.sample.windowStart,
    };
  };
}

/** A rated political outlet with a country: what the content series covers. */
function seriesOutlet(outlet: StoredRating): (StoredRating & { rating_evidence: RatingEvidenceRecord }) | undefined {
  const evidence = outlet.rating_evidence;
  if ('status' in evidence || outlet.rating.confidence === 'preliminary') return undefined;
  if (evidence.editorial_scope !== 'political') return undefined;
  return outlet as StoredRating & { rating_evidence: RatingEvidenceRecord };
}

/** What {@link recordContentSeries} did. */
export interface ContentSeriesReport {
  day: string;
  /** Outlets whose window was analysed today. */
  analysed: number;
  /** Outlets already analysed today (a re-run adds nothing). */
  alreadyRecorded: number;
  inconclusive: number;
  insufficient: number;
  /** Outlets whose analysis failed (their reasons are reported). */
  failed: number;
  failures: string[];
}

/**
 * Records today's rolling content bucket (`contentDriftWindowDays`, REV-1) of every rated
 * political outlet, one unit of work per outlet; an outlet already recorded today is skipped.
 *
 * @example
 * await recordContentSeries(context, createContentWindowAnalyzer({ store, analyzer, actorsDirectory }));
 */
export async function recordContentSeries(
  context: PipelineContext,
  analyze: ContentWindowAnalyzer,
): Promise<ContentSeriesReport> {
  const now = context.clock.now();
  const day = isoDay(now);
  const outlets = (await context.store.ratings.list()).map(seriesOutlet).filter((outlet) => outlet !== undefined);
  const today = await listContentSeries(context.store.database.db, { from: day, to: day });
  const ownershipEvents = await context.store.ownershipEvents.list({ to: day, includeRetracted: true });
  const stageReport: ContentSeriesReport = {
    day,
    analysed: 0,
    alreadyRecorded: 0,
    inconclusive: 0,
    insufficient: 0,
    failed: 0,
    failures: [],
  };
  for (const outlet of outlets) {
    if (today.has(outlet.domain)) {
      stageReport.alreadyRecorded += 1;
      continue;
    }
    // a change of control recorded since the last rating already moves the window (CONF-CHANGE);
    // a retracted one no longer does
    const outletEvents = ownershipEvents.filter((event) => event.domain === outlet.domain);
    const evidence = withOwnershipEvents(
      outlet.rating_evidence,
      outletEvents.filter((event) => event.retraction === null),
      day,
      outletEvents.filter((event) => event.retraction !== null),
    );
    const notBefore = lastControlChange(evidence.ownership?.ownership_history, day);
    let result: ContentWindowResult;
    try {
      result = await analyze({
        outlet: outlet.domain,
        country: evidence.country,
        asOf: day,
        windowDays: RATING_PARAMETERS.contentDriftWindowDays,
        ...(notBefore === undefined ? {} : { notBefore }),
      });
    } catch (error) {
      stageReport.failed += 1;
      stageReport.failures.push(`${outlet.domain}: ${(error as Error).message}`);
      continue;
    }
    await commitUnit(context, `content-series:${outlet.domain}:${day}`, (tx) =>
      recordContentWindow(tx, {
        domain: outlet.domain,
        day,
        windowStart: result.windowStart,
        windowDays: RATING_PARAMETERS.contentDriftWindowDays,
        articles: result.articles,
        sampleSize: result.evidence.sample_size,
        bucket: result.bucket,
        backend: result.backend,
        content: result.evidence as unknown as Record<string, unknown>,
        computedAt: now.toISOString(),
      }),
    );
    stageReport.analysed += 1;
    if (result.bucket === 'inconclusive') stageReport.inconclusive += 1;
    if (result.bucket === 'insufficient') stageReport.insufficient += 1;
  }
  report(context, {
    stage: 'rate',
    message: `content series ${day}: ${stageReport.analysed} outlet(s) analysed over ${RATING_PARAMETERS.contentDriftWindowDays} days, ${stageReport.failed} failed`,
  });
  return stageReport;
}

/**
 * Every outlet's lifecycle facts as of `asOf`, read from the store: the drift series (days after
 * the outlet's last review only — **[reading: a review resets the drift streak, so one drift is
 * re-rated once, not every day]**), the latest day a recorded ownership event became known on or
 * before `asOf` (`ownership_changed_at`, REV-1: its date, or the day it was recorded when later —
 * `espectro outlets ownership add`; retracted events are ignored), and, for preliminary outlets, the articles stored in the
 * content window (REV-2) and the latest content result of the series; and the accepted
 * contestations with the day they were accepted (CON-4; the re-rating itself was enqueued when
 * each was accepted).
 *
 * @example
 * const facts = await lifecycleFacts(store, outlets, '2026-05-02');
 */
export async function lifecycleFacts(
  store: Store,
  outlets: readonly StoredRating[],
  asOf: string,
): Promise<Map<string, OutletLifecycleFacts>> {
  const db = store.database.db;
  const seriesFrom = addDays(asOf, -(RATING_PARAMETERS.contentDriftDays + RATING_PARAMETERS.contentDriftWindowDays));
  const series = await listContentSeries(db, { from: seriesFrom, to: asOf });
  const preliminary = outlets.filter((outlet) => outlet.rating.confidence === 'preliminary');
  const counts = await countArticlesInWindow(db, {
    from: addDays(asOf, -(SAMPLE_PARAMETERS.windowDays - 1)),
    to: asOf,
    domains: preliminary.map((outlet) => outlet.domain),
  });
  const accepted = new Map<string, NonNullable<OutletLifecycleFacts['contestations']>>();
  for (const contestation of await store.contestations.list({ status: 'accepted' })) {
    const list = accepted.get(contestation.outlet) ?? [];
    const resolvedAt = contestation.transitions.at(-1)?.at.slice(0, 10);
    list.push({
      id: contestation.id,
      dimension: contestation.dimension,
      status: 'accepted',
      ...(resolvedAt === undefined ? {} : { resolved_at: resolvedAt }),
    });
    accepted.set(contestation.outlet, list);
  }
  // seed 002 §9 "Se reporta un cambio de propiedad": REV-1 fires on the report. A change becomes
  // known on its date, or on the day it was recorded when that is later (a change dated before the
  // last review but recorded after it was not known to that review). A retracted event is not listed
  // (its retraction enqueued the re-rating itself when it was the change of control in effect).
  const ownershipChangedAt = new Map<string, string>();
  for (const event of await store.ownershipEvents.list()) {
    const recordedOn = event.recordedAt.slice(0, 10);
    const knownOn = recordedOn > event.date ? recordedOn : event.date;
    if (knownOn > asOf) continue;
    const latest = ownershipChangedAt.get(event.domain);
    if (latest === undefined || knownOn > latest) ownershipChangedAt.set(event.domain, knownOn);
  }
  const facts = new Map<string, OutletLifecycleFacts>();
  for (const outlet of outlets) {
    const days = (series.get(outlet.domain) ?? []).filter(
      (window) => outlet.rating_reviewed_at === null || window.day > outlet.rating_reviewed_at,
    );
    const entry: OutletLifecycleFacts = { drift: days.map((window) => ({ date: window.day, bucket: window.bucket })) };
    const contestations = accepted.get(outlet.domain);
    if (contestations !== undefined) entry.contestations = contestations;
    const changedAt = ownershipChangedAt.get(outlet.domain);
    if (changedAt !== undefined) entry.ownership_changed_at = changedAt;
    if (outlet.rating.confidence === 'preliminary') {
      entry.articles_in_window = counts.get(outlet.domain) ?? 0;
      const latest = (series.get(outlet.domain) ?? []).at(-1);
      if (latest !== undefined) entry.last_content_result = latest.bucket;
    }
    facts.set(outlet.domain, entry);
  }
  return facts;
}

/** What {@link enqueueDueReratings} did. */
export interface DueStageReport {
  asOf: string;
  outlets: number;
  /** Rated outlets due (REV-1, versions). */
  due: number;
  /** Queue entries added (a reason already pending adds none). */
  enqueued: number;
  /** Preliminary outlets REV-2 says to act on (listed by `espectro outlets due`; they have no evidence to re-rate from). */
  preliminaryDue: number;
}

/**
 * Decides with `dueOutlets` who is due on the clock's day from the stored facts and enqueues every
 * reason of a rated outlet with its CON-4 cause (`DUE_REASON_CAUSES`). Preliminary outlets are
 * counted, not enqueued: REV-2's content analysis of a new outlet is the analysis, not a re-rating.
 *
 * @example
 * await enqueueDueReratings(context, { currentModel: 'gemini-2.5-flash' });
 */
export async function enqueueDueReratings(
  context: PipelineContext,
  options: { currentModel?: string } = {},
): Promise<DueStageReport> {
  const now = context.clock.now();
  const asOf = isoDay(now);
  const outlets = await context.store.ratings.list();
  const facts = await lifecycleFacts(context.store, outlets, asOf);
  const decisions = dueOutlets(outlets, {
    asOf,
    facts,
    ...(options.currentModel === undefined ? {} : { currentModel: options.currentModel }),
  });
  const requests = decisions.flatMap((decision) =>
    decision.preliminary !== undefined
      ? []
      : decision.reasons
          .filter((reason) => reason !== 'accepted_contestation')
          .map((reason) => ({
            domain: decision.domain,
            reason,
            cause: DUE_REASON_CAUSES[reason],
            detail: decision.details[decision.reasons.indexOf(reason)] ?? reason,
            at: now.toISOString(),
          })),
  );
  const added = await commitUnit(context, `lifecycle-due:${asOf}`, (tx) => enqueueReratings(tx, requests));
  const stageReport: DueStageReport = {
    asOf,
    outlets: outlets.length,
    due: decisions.filter((decision) => decision.due && decision.preliminary === undefined).length,
    enqueued: added.length,
    preliminaryDue: decisions.filter((decision) => decision.due && decision.preliminary !== undefined).length,
  };
  report(context, {
    stage: 'rate',
    message: `lifecycle ${asOf}: ${stageReport.due} rated outlet(s) due, ${stageReport.enqueued} re-rating(s) enqueued`,
  });
  return stageReport;
}

/**
 * The evidence of a content-driven re-rating: the outlet's content analysed again over the content
 * window (90 days, after the last change of control). A conclusive bucket replaces `content`; an
 * inconclusive or insufficient run keeps the previous content and is written to `not_found`
 * (seed 002 §3: an attempt that found nothing is recorded, never invented).
 *
 * @example
 * const evidence = await contentWindowEvidence(analyze, stored.rating_evidence, '2026-05-02');
 */
export async function contentWindowEvidence(
  analyze: ContentWindowAnalyzer,
  evidence: RatingEvidenceRecord,
  asOf: string,
): Promise<RatingEvidenceRecord> {
  const notBefore = lastControlChange(evidence.ownership?.ownership_history, asOf);
  const result = await analyze({
    outlet: evidence.domain,
    country: evidence.country,
    asOf,
    windowDays: SAMPLE_PARAMETERS.windowDays,
    ...(notBefore === undefined ? {} : { notBefore }),
  });
  if (result.bucket === 'left' || result.bucket === 'center' || result.bucket === 'right')
    return { ...evidence, content: result.evidence };
  return {
    ...evidence,
    not_found: [
      ...(evidence.not_found ?? []),
      {
        status: 'not-found',
        searched: [`content analysis ${result.windowStart}…${asOf} (${result.backend}, ${result.articles} articles)`],
        note: `${result.bucket} (rules CB-0..2): the previous content evidence is kept`,
      },
    ],
  };
}
