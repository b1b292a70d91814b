/**
 * The audit of one outlet (seed 000 "Auditoria e transparência", issue 16 §4), read live from the
 * store when the site reads the store: when the rating was last verified and the verdict, every
 * rating with its CON-4 cause (re-ratings that changed nothing included), the re-rating queue,
 * every contestation of the outlet with its state, who resolved it, when and the triage notes,
 * the provenance of the content analysis (backend, prompt, tokens, cost), its metrics, and the
 * daily rolling content series (REV-1). Snapshot and fixture sites have no store behind them:
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

/** The audit's reader-facing strings, in both locales of the site. */
export const AUDIT_LABELS = {
  lastVerified: { es: 'Última verificación', 'pt-BR': 'Última verificação' },
  neverVerified: {
    es: 'Nunca verificada (espectro outlets verify)',
    'pt-BR': 'Nunca verificada (espectro outlets verify)',
  },
  verification_verified: {
    es: 'reproducida exactamente desde su evidencia sellada',
    'pt-BR': 'reproduzida exatamente a partir da evidência selada',
  },
  verification_mismatch: {
    es: 'la evidencia no respalda la calificación',
    'pt-BR': 'a evidência não sustenta a classificação',
  },
  verification_other_methodology: {
    es: 'hecha con otra versión de la metodología; no re-derivada',
    'pt-BR': 'feita com outra versão da metodologia; não re-derivada',
  },
  verification_unsealed: {
    es: 'calificada antes del sellado de la evidencia',
    'pt-BR': 'classificada antes da selagem da evidência',
  },
  auditUnavailable: {
    es: 'La auditoría completa (verificación, impugnaciones, serie de contenido) se muestra cuando el sitio se sirve desde la base de datos.',
    'pt-BR':
      'A auditoria completa (verificação, contestações, série de conteúdo) aparece quando o site é servido a partir do banco de dados.',
  },
  analysisTitle: { es: 'Análisis de contenido: quién y con qué', 'pt-BR': 'Análise de conteúdo: quem e com quê' },
  backend: { es: 'Modelo o método', 'pt-BR': 'Modelo ou método' },
  prompt: { es: 'Prompt (versión)', 'pt-BR': 'Prompt (versão)' },
  tokens: { es: 'Tokens entrada / salida (llamadas)', 'pt-BR': 'Tokens entrada / saída (chamadas)' },
  cost: { es: 'Costo', 'pt-BR': 'Custo' },
  notRecorded: { es: 'no registrado', 'pt-BR': 'não registrado' },
  days: { es: 'días', 'pt-BR': 'dias' },
  metricsTitle: { es: 'Métricas de contenido', 'pt-BR': 'Métricas de conteúdo' },
  metric: { es: 'Métrica', 'pt-BR': 'Métrica' },
  value: { es: 'Valor', 'pt-BR': 'Valor' },
  govOpp: { es: 'Razón gobierno / oposición', 'pt-BR': 'Razão governo / oposição' },
  quotes: { es: 'Distribución de citas', 'pt-BR': 'Distribuição de citações' },
  insufficient: { es: 'muestra insuficiente', 'pt-BR': 'amostra insuficiente' },
  seriesTitle: {
    es: 'Contenido de los últimos 30 días, día a día',
    'pt-BR': 'Conteúdo dos últimos 30 dias, dia a dia',
  },
  seriesNote: {
    es: 'Cada día se analiza la ventana móvil de 30 días; si difiere de la calificación 14 días seguidos, el medio se recalifica (REV-1).',
    'pt-BR':
      'A cada dia analisa-se a janela móvel de 30 dias; se diferir da classificação por 14 dias seguidos, o veículo é reclassificado (REV-1).',
  },
  seriesEmpty: { es: 'Aún no hay serie de contenido.', 'pt-BR': 'Ainda não há série de conteúdo.' },
  articles: { es: 'Artículos', 'pt-BR': 'Artigos' },
  ratingsTitle: { es: 'Cada calificación y su causa', 'pt-BR': 'Cada classificação e sua causa' },
  kind_preliminary: { es: 'Preliminar', 'pt-BR': 'Preliminar' },
  kind_initial: { es: 'Primera calificación', 'pt-BR': 'Primeira classificação' },
  kind_rerating: { es: 'Recalificación', 'pt-BR': 'Reclassificação' },
  noChange: { es: 'sin cambios', 'pt-BR': 'sem mudanças' },
  queueTitle: { es: 'Recalificaciones en cola', 'pt-BR': 'Reclassificações na fila' },
  status_pending: { es: 'En cola', 'pt-BR': 'Na fila' },
  status_failed: { es: 'No se pudo recalificar', 'pt-BR': 'Não foi possível reclassificar' },
  status_done: { es: 'Hecha', 'pt-BR': 'Feita' },
  contestationsTitle: { es: 'Impugnaciones', 'pt-BR': 'Contestações' },
  noContestations: { es: 'Nadie ha impugnado este medio.', 'pt-BR': 'Ninguém contestou este veículo.' },
  contestation: { es: 'Impugnación', 'pt-BR': 'Contestação' },
  state: { es: 'Estado', 'pt-BR': 'Estado' },
  resolvedBy: { es: 'Quién', 'pt-BR': 'Quem' },
  when: { es: 'Cuándo', 'pt-BR': 'Quando' },
  triageNotes: { es: 'Notas de triaje', 'pt-BR': 'Notas de triagem' },
  contestation_open: { es: 'Abierta', 'pt-BR': 'Aberta' },
  contestation_triage: { es: 'En triaje', 'pt-BR': 'Em triagem' },
  contestation_accepted: { es: 'Aceptada', 'pt-BR': 'Aceita' },
  contestation_rejected: { es: 'Rechazada', 'pt-BR': 'Rejeitada' },
} as const satisfies Record<string, { es: string; 'pt-BR': string }>;

/** One audit string in `locale`. */
export function auditLabel(locale: 'es' | 'pt-BR', key: keyof typeof AUDIT_LABELS): string {
  return AUDIT_LABELS[key]?.[locale] ?? key;
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
