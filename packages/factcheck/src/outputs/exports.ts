import { isOfficialSource, verdictStates, type CheckStatus, type Verdict } from '@espectro/methodology';
import type { Check, DebateInfo } from '../schemas.js';

/** pt-BR labels of the verdicts (RULES.md concept table). */
export const VERDICT_LABELS_PT: Record<Verdict, string> = {
  true: 'Verdadeiro',
  imprecise: 'Impreciso',
  false: 'Falso',
  no_data: 'Sem dados',
};
/** pt-BR labels of the check statuses. */
export const STATUS_LABELS_PT: Record<CheckStatus, string> = {
  published: 'publicada',
  discarded: 'descartada',
  under_review: 'em revisão',
  removed: 'removida',
};

/** One row of the open data (JSON or CSV). */
export interface OpenDataRow {
  check_id: string;
  debate_id: string;
  candidate: string;
  spoken_at: string;
  claim: string;
  datum: string;
  verdict_live: Verdict | null;
  status_live: CheckStatus | null;
  verdict: Verdict;
  status: CheckStatus;
  verdict_label: string;
  revised: boolean;
  previous_verdicts: string;
  reason: string;
  citations: string;
  official_source: boolean;
  repeat_of: string;
  audio_check: string;
}

/**
 * The open-data rows of checks ("Dados abertos": frase, veredito, motivo e fonte), with the live
 * and the current state (REV-D) and the previous verdicts kept visible.
 *
 * @example
 * openDataRows(review.checks).filter((row) => row.revised);
 */
export function openDataRows(checks: readonly Check[]): OpenDataRow[] {
  return checks.map((check) => {
    const states = verdictStates({ checkId: check.id, candidate: check.candidate, history: check.history });
    return {
      check_id: check.id,
      debate_id: check.debateId,
      candidate: check.candidate,
      spoken_at: check.spokenAt,
      claim: check.claim.text,
      datum: check.claim.datum,
      verdict_live: states.live?.verdict ?? null,
      status_live: states.live?.status ?? null,
      verdict: states.current.verdict,
      status: states.current.status,
      verdict_label: VERDICT_LABELS_PT[states.current.verdict],
      revised: states.revised,
      previous_verdicts: states.previous.map((entry) => `${entry.verdict}/${entry.status}@${entry.at}`).join(' | '),
      reason: check.judge?.reason ?? check.repeatOf?.label ?? check.reasons.join(', '),
      citations: check.citations.join(' '),
      official_source: check.citations.some((url) => isOfficialSource(url)),
      repeat_of: check.repeatOf?.checkId ?? '',
      audio_check:
        check.reverification === null
          ? ''
          : `${check.reverification.decision.outcome}:${check.reverification.decision.action}`,
    };
  });
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Open data as CSV (RFC 4180, header row, `\n` line ends).
 *
 * @example
 * writeFileSync('checagens.csv', openDataCsv(review.checks));
 */
export function openDataCsv(checks: readonly Check[]): string {
  const rows = openDataRows(checks);
  const header: (keyof OpenDataRow)[] = [
    'check_id',
    'debate_id',
    'candidate',
    'spoken_at',
    'claim',
    'datum',
    'verdict_live',
    'status_live',
    'verdict',
    'status',
    'verdict_label',
    'revised',
    'previous_verdicts',
    'reason',
    'citations',
    'official_source',
    'repeat_of',
    'audio_check',
  ];
  return `${[header.join(','), ...rows.map((row) => header.map((column) => csvCell(row[column])).join(','))].join('\n')}\n`;
}

/** Who publishes the fact-checks (ClaimReview `author`). */
export interface ClaimReviewPublisher {
  name: string;
  url: string;
}

/** Settings of {@link claimReviewJsonLd}. */
export interface ClaimReviewSettings {
  publisher: ClaimReviewPublisher;
  debate: Pick<DebateInfo, 'name' | 'url'>;
  /** URL of the check's card; default `<publisher.url>/placar/<debateId>#<checkId>`. */
  checkUrl?: (check: Check) => string;
}

/** Numeric rating of a scored verdict: Falso 1, Impreciso 2, Verdadeiro 3 (best 3, worst 1). */
export const CLAIM_REVIEW_RATINGS: Record<Exclude<Verdict, 'no_data'>, number> = { false: 1, imprecise: 2, true: 3 };

/**
 * schema.org `ClaimReview` JSON-LD for one check, in its current (revised) state, or `null` when
 * the check is not published (discarded, under review or removed checks are not fact-checks to
 * announce). `no_data` ("Sem dados") carries `ratingValue: -1` — unrated — with its label.
 *
 * @example
 * claimReviewJsonLd(check, { publisher: { name: 'Placar da Verdade', url: 'https://placar.example' }, debate });
 */
export function claimReviewJsonLd(check: Check, settings: ClaimReviewSettings): Record<string, unknown> | null {
  const states = verdictStates({ checkId: check.id, candidate: check.candidate, history: check.history });
  const current = states.current;
  if (current.status !== 'published') return null;
  const base = settings.publisher.url.replace(/\/+$/, '');
  const url =
    settings.checkUrl?.(check) ??
    `${base}/placar/${encodeURIComponent(check.debateId)}#${encodeURIComponent(check.id)}`;
  const ratingValue = current.verdict === 'no_data' ? -1 : CLAIM_REVIEW_RATINGS[current.verdict];
  return {
    '@context': 'https://schema.org',
    '@type': 'ClaimReview',
    url,
    datePublished: current.at.slice(0, 10),
    author: { '@type': 'Organization', name: settings.publisher.name, url: settings.publisher.url },
    claimReviewed: check.claim.text,
    itemReviewed: {
      '@type': 'Claim',
      author: { '@type': 'Person', name: check.candidate },
      datePublished: check.spokenAt.slice(0, 10),
      appearance: {
        '@type': 'CreativeWork',
        name: settings.debate.name,
        ...(settings.debate.url !== undefined ? { url: settings.debate.url } : {}),
      },
    },
    reviewRating: {
      '@type': 'Rating',
      ratingValue,
      bestRating: 3,
      worstRating: 1,
      alternateName: VERDICT_LABELS_PT[current.verdict],
    },
  };
}
