/**
 * The audit of one outlet (seed 000 "Auditoria e transparência", issue 16 §4), read live from the
 * store when the site reads the store: when the rating was last verified and the verdict, every
 * rating with its CON-4 cause (re-ratings that changed nothing included), the re-rating queue,
 * every contestation of the outlet with its state, who resolved it, when and the triage notes,
 * the provenance of the content analysis (backend, prompt, tokens, cost), its metrics, and the
 * daily rolling content series (REV-1), its entry on the `split_outlets` list, and its ownership
 * history (the evidence's and the recorded ownership events). Snapshot and fixture sites have no store behind them:
 * {@link getOutletAudit} answers `undefined` and the page says the audit is served from the database.
 */
import type { listContentSeries, Store } from '@espectro/store';

/** One rating of the outlet's history, newest first. */
export interface AuditRating {
  at: string;
  kind: 'preliminary' | 'initial' | 'rerating';
  cause: string | null;
  contestationId: string | null;
  notes: string | null;
  bias: string | null;
  factuality: string | null;
  confidence: string;
  methodologyVersion: string;
  changes: { field: string; previous: string | null; next: string | null }[];
}

/** One contestation of the outlet (CON-1..2), newest first. */
export interface AuditContestation {
  id: string;
  dimension: string;
  status: 'open' | 'triage' | 'accepted' | 'rejected';
  createdAt: string;
  text: string;
  transitions: { from: string; to: string; by: string; at: string; notes: string }[];
}

/** One day of the rolling content series. */
export interface AuditContentDay {
  day: string;
  bucket: 'left' | 'center' | 'right' | 'inconclusive' | 'insufficient';
  articles: number;
  sampleSize: number;
  backend: string;
}

/** Provenance and metrics of the content analysis the rating rests on (AUDIT, COST). */
export interface AuditContentAnalysis {
  backend: string | null;
  promptId: string | null;
  promptVersion: string | null;
  analysedAt: string | null;
  windowStart: string | null;
  windowDays: number | null;
  sampleSize: number;
  /** From the cost ledger of the analysis job (`content:<domain>:<date>`), when it was recorded. */
  usage: { calls: number; inputTokens: number; outputTokens: number; costUsd: number } | null;
  /** `cost_usd` recorded in the evidence. */
  costUsd: number | null;
  govOppRatio: number | null;
  quotes: { left: number; center: number; right: number } | null;
  figures: { name: string; side: string; favourable: number; critical: number }[];
  topics: { topic: string; position: string }[];
  bucket: string | null;
}

/** Everything the outlet page's audit shows. */
export interface OutletAudit {
  verification: { verifiedAt: string; result: string; mismatches: { field: string; message: string }[] } | null;
  ratings: AuditRating[];
  reratings: {
    reason: string;
    cause: string;
    status: 'pending' | 'done' | 'failed';
    enqueuedAt: string;
    processedAt: string | null;
    contestationId: string | null;
    detail: string;
    lastError: string | null;
  }[];
  contestations: AuditContestation[];
  analysis: AuditContentAnalysis | null;
  /** The last {@link CONTENT_SERIES_DAYS_SHOWN} days of the series, oldest first. */
  contentSeries: AuditContentDay[];
  /** The outlet's entry on the `split_outlets` follow-up list (seed 002 §6, CONF-SPLIT), if it is on it. */
  split: { newsBucket: string | null; opinionBucket: string | null; notes: string[]; flaggedAt: string } | null;
  /**
   * The outlet's ownership history (seed 002 §2, §8), oldest first: the `ownership_history` of the
   * rating's evidence and every ownership event recorded since (`espectro outlets ownership add`).
   * `inEvidence` says whether the current rating already took the entry into account; a retracted
   * event (`espectro outlets ownership retract`) is kept, with its retraction (shown struck).
   */
  ownershipHistory: AuditOwnershipEntry[];
}

/** One entry of the outlet's ownership history. */
export interface AuditOwnershipEntry {
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  date: string;
  event: string;
  controlChange: boolean;
  /** The rating's evidence lists it. */
  inEvidence: boolean;
  /** Recorded events only. */
  recordedAt: string | null;
  recordedBy: string | null;
  sourceUrl: string | null;
  /** Set when the recorded event was retracted: who, when and why (the entry stays in the audit). */
  retraction: { reason: string; retractedBy: string; retractedAt: string } | null;
}

function ownershipHistoryOf(
  evidence: unknown,
  events: readonly {
    date: string;
    event: string;
    controlChange: boolean;
    recordedAt: string;
    recordedBy: string;
    sourceUrl: string | null;
    retraction: AuditOwnershipEntry['retraction'];
  }[],
): AuditOwnershipEntry[] {
  const listed =
    typeof evidence === 'object' && evidence !== null && !('status' in evidence)
      ? ((
          evidence as {
            ownership?: { ownership_history?: { date: string; event: string; control_change?: boolean }[] };
          }
        ).ownership?.ownership_history ?? [])
      : [];
  const entries: AuditOwnershipEntry[] = listed.map((entry) => ({
    date: entry.date,
    event: entry.event,
    controlChange: entry.control_change === true,
    inEvidence: true,
    recordedAt: null,
    recordedBy: null,
    sourceUrl: null,
    retraction: null,
  }));
  for (const event of events) {
    const known = entries.find((entry) => entry.date === event.date && entry.event === event.event);
    const recorded = {
      recordedAt: event.recordedAt,
      recordedBy: event.recordedBy,
      sourceUrl: event.sourceUrl,
      retraction: event.retraction,
    };
    if (known !== undefined) Object.assign(known, recorded);
    else
      entries.push({
        date: event.date,
        event: event.event,
        controlChange: event.controlChange,
        inEvidence: false,
        ...recorded,
      });
  }
  return entries.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
}

/** How many days of the content series the page shows (a display choice: the REV-1 drift span and more). */
export const CONTENT_SERIES_DAYS_SHOWN = 60;

type Record_ = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function analysisOf(evidence: unknown): Omit<AuditContentAnalysis, 'usage'> | null {
  if (typeof evidence !== 'object' || evidence === null || 'status' in evidence) return null;
  const content = (evidence as { content?: Record_ }).content;
  if (content === undefined) return null;
  const quotes = content.quote_distribution as { izq: number; centro: number; der: number } | null | undefined;
  const figures = (content.figures as Record_[] | undefined) ?? [];
  return {
    backend: text(content.backend),
    promptId: text(content.prompt_id),
    promptVersion: text(content.prompt_version),
    analysedAt: text(content.analysed_at),
    windowStart: text(content.window_start),
    windowDays: number(content.window_days),
    sampleSize: number(content.sample_size) ?? 0,
    costUsd: number(content.cost_usd),
    govOppRatio: number(content.gov_opp_ratio),
    quotes: quotes ? { left: quotes.izq, center: quotes.centro, right: quotes.der } : null,
    figures: figures.map((figure) => ({
      name: String(figure.name),
      side: String(figure.side),
      favourable: Number(figure.favourable),
      critical: Number(figure.critical),
    })),
    topics: Object.entries((content.topics as Record<string, string> | undefined) ?? {}).map(([topic, position]) => ({
      topic,
      position,
    })),
    bucket: content.status === 'insufficient' ? 'insufficient' : text(content.content_only_sesgo),
  };
}

/**
 * The audit of `domain` from `store`, or `undefined` when the store does not know the outlet.
 *
 * @example
 * const audit = await outletAuditFrom(store, 'elpais.com', storeModule);
 */
export async function outletAuditFrom(
  store: Store,
  domain: string,
  module: { listContentSeries: typeof listContentSeries },
  today: string = new Date().toISOString().slice(0, 10),
): Promise<OutletAudit | undefined> {
  const rating = await store.ratings.get(domain);
  if (rating === undefined) return undefined;
  const verification = (await store.ratingVerifications.latest([domain])).get(domain);
  const history = await store.ratings.history(domain);
  const contestations = await store.contestations.list({ outlet: domain });
  const reratings = await store.reratings.list({ domain });
  const split = await store.splitOutlets.get(domain);
  const ownershipEvents = await store.ownershipEvents.list({ domains: [domain], includeRetracted: true });
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (CONTENT_SERIES_DAYS_SHOWN - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const series = (await module.listContentSeries(store.database.db, { domains: [domain], from, to: today })).get(
    domain,
  );
  const analysis = analysisOf(rating.rating_evidence);
  const analysedOn = analysis?.analysedAt ?? rating.rating.as_of;
  const usage = analysis === null ? null : await store.audit.costTotals(`content:${domain}:${analysedOn}`);
  return {
    verification:
      verification === undefined
        ? null
        : { verifiedAt: verification.verifiedAt, result: verification.result, mismatches: verification.mismatches },
    ratings: history
      .map((entry) => ({
        at: entry.at,
        kind: entry.kind,
        cause: entry.cause,
        contestationId: entry.contestationId,
        notes: entry.notes,
        bias: entry.rating.bias,
        factuality: entry.rating.factuality,
        confidence: entry.rating.confidence,
        methodologyVersion: entry.rating.methodology_version,
        changes: entry.changes.map((change) => ({ field: change.field, previous: change.previous, next: change.next })),
      }))
      .reverse(),
    reratings: reratings
      .map((entry) => ({
        reason: entry.reason,
        cause: entry.cause,
        status: entry.status,
        enqueuedAt: entry.enqueuedAt,
        processedAt: entry.processedAt,
        contestationId: entry.contestationId,
        detail: entry.detail,
        lastError: entry.lastError,
      }))
      .reverse(),
    contestations: contestations
      .map((entry) => ({
        id: entry.id,
        dimension: entry.dimension,
        status: entry.status,
        createdAt: entry.createdAt,
        text: entry.text,
        transitions: entry.transitions,
      }))
      .reverse(),
    analysis: analysis === null ? null : { ...analysis, usage: usage !== null && usage.calls > 0 ? usage : null },
    contentSeries: (series ?? []).map((window) => ({
      day: window.day,
      bucket: window.bucket,
      articles: window.articles,
      sampleSize: window.sampleSize,
      backend: window.backend,
    })),
    split:
      split === undefined
        ? null
        : {
            newsBucket: split.newsBucket,
            opinionBucket: split.opinionBucket,
            notes: split.notes === '' ? [] : split.notes.split('\n'),
            flaggedAt: split.flaggedAt,
          },
    ownershipHistory: ownershipHistoryOf(rating.rating_evidence, ownershipEvents),
  };
}

/**
 * The audit of `domain` when the site reads the store (`ESPECTRO_SITE_SOURCE=store`), else
 * `undefined` (snapshots and fixtures have no audit trail behind them).
 *
 * @example
 * const audit = await getOutletAudit(Astro.params.domain);
 */
export async function getOutletAudit(domain: string): Promise<OutletAudit | undefined> {
  if (process.env.ESPECTRO_SITE_SOURCE !== 'store') return undefined;
  const { loadStoreModule, openStoreFromEnvironment } = await import('./store-adapter.js');
  const module = await loadStoreModule();
  return outletAuditFrom(await openStoreFromEnvironment(), domain, module);
}

const SERIES_FILL: Record<AuditContentDay['bucket'], string> = {
  left: 'var(--left)',
  center: 'var(--center)',
  right: 'var(--right)',
  inconclusive: '#c9c9c9',
  insufficient: '#ececec',
};

/** The series as one coloured bar per day on a day axis (missing days leave a gap). */
export function seriesChart(
  series: readonly AuditContentDay[],
): { width: number; bars: { x: number; width: number; fill: string; day: string; bucket: string }[] } | null {
  if (series.length === 0) return null;
  const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  const first = dayNumber(series[0]!.day);
  const span = dayNumber(series.at(-1)!.day) - first + 1;
  const barWidth = 10;
  return {
    width: span * barWidth,
    bars: series.map((day) => ({
      x: (dayNumber(day.day) - first) * barWidth,
      width: barWidth - 1,
      fill: SERIES_FILL[day.bucket],
      day: day.day,
      bucket: day.bucket,
    })),
  };
}
