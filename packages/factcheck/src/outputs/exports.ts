import { isOfficialSource, verdictStates, type CheckStatus, type Verdict, toCsv } from '@espectro/methodology';
import type { Check } from '../schemas.js';
import { VERDICT_LABELS_PT } from './labels.js';

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

/**
 * Open data as CSV (the project's writer: RFC 4180, formula guarding, header row, CRLF line ends).
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
  return toCsv(
    header,
    rows.map((row) => header.map((column) => row[column])),
  );
}
