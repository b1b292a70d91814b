import type { CostLedger, LedgerEntry } from '@espectro/llm';
import {
  compareCandidates,
  officialSourceShare,
  scoreboards,
  totalCost,
  TONES,
  verdictStates,
  type CandidateComparison,
  type CheckHistory,
  type CostRecord,
  type CostTotal,
  type DebateCheck,
  type MentirometroRow,
  type OfficialSourceShare,
  type Tone,
} from '@espectro/methodology';
import type { Check, ChunkOutcome, LiveDebateResult, ReviewResult } from '../schemas.js';

/** The REV-D histories of checks, as `scoreboards` takes them. */
export function checkHistories(checks: readonly Check[]): CheckHistory[] {
  return checks.map((check) => ({ checkId: check.id, candidate: check.candidate, history: check.history }));
}

/** One candidate's speaking time by tone (DEB-1), in seconds. */
export type ToneSeconds = Record<Tone, number> & {
  /** Sum of the five tones. */
  total: number;
  /** Seconds of chunks dropped as chatter (DEB-1: they go no further). */
  droppedChatter: number;
};

/** Key under which chunks without an identified candidate are totalled. */
export const UNKNOWN_SPEAKER = '(desconhecido)';

/**
 * Per-speaker time by tone (scoreboard output of DEB-1): the sum of each chunk's
 * `splitSpeakingTime` seconds, plus the seconds of chunks dropped as chatter. Unknown voices are
 * totalled under {@link UNKNOWN_SPEAKER}; failed chunks are not counted. Speakers in order of first
 * appearance.
 *
 * @example
 * speakingTimeByTone(live.chunks)['Helena Valadares'].attack; // seconds
 */
export function speakingTimeByTone(chunks: readonly ChunkOutcome[]): Record<string, ToneSeconds> {
  const totals: Record<string, ToneSeconds> = {};
  for (const chunk of chunks) {
    if (chunk.status === 'failed' || chunk.speaker === null) continue;
    const speaker = chunk.speaker.speaker ?? UNKNOWN_SPEAKER;
    const row = (totals[speaker] ??= {
      proposal: 0,
      attack: 0,
      defense: 0,
      record: 0,
      chatter: 0,
      total: 0,
      droppedChatter: 0,
    });
    if (chunk.speakingTime === null) {
      row.droppedChatter += chunk.durationSeconds;
      continue;
    }
    for (const tone of TONES) {
      const seconds = chunk.speakingTime[tone] ?? 0;
      row[tone] += seconds;
      row.total += seconds;
    }
  }
  for (const row of Object.values(totals)) {
    for (const key of [...TONES, 'total', 'droppedChatter'] as const) row[key] = Math.round(row[key] * 1e6) / 1e6;
  }
  return totals;
}

/** Both mentirômetros (REV-D, MEN-1): the live one as visible at the end of the broadcast, and the revised one. */
export function debateScoreboards(checks: readonly Check[]): { live: MentirometroRow[]; revised: MentirometroRow[] } {
  return scoreboards(checkHistories(checks));
}

/** MEN-2 comparison of two candidates, live and revised. */
export interface CandidatePairComparison {
  a: string;
  b: string;
  /** `'a'`: A errs more; `'tie'`: technical tie; `'insufficient'`: fewer than 3 checkable claims. */
  live: CandidateComparison;
  revised: CandidateComparison;
}

/**
 * MEN-2 for every pair of candidates (in the debate's order), on the live and the revised states
 * (`verdictStates`; a check that did not exist live counts as removed there).
 *
 * @example
 * compareAllCandidates(checks, ['Helena Valadares', 'Otávio Barreto'])[0].revised; // 'tie' | 'a' | 'b' | 'insufficient'
 */
export function compareAllCandidates(
  checks: readonly Check[],
  candidates: readonly string[],
): CandidatePairComparison[] {
  const live: DebateCheck[] = [];
  const revised: DebateCheck[] = [];
  for (const check of checks) {
    const states = verdictStates({ checkId: check.id, candidate: check.candidate, history: check.history });
    live.push(
      states.live === null
        ? { candidate: check.candidate, verdict: 'no_data', status: 'removed' }
        : { candidate: check.candidate, verdict: states.live.verdict, status: states.live.status },
    );
    revised.push({ candidate: check.candidate, verdict: states.current.verdict, status: states.current.status });
  }
  const pairs: CandidatePairComparison[] = [];
  for (let first = 0; first < candidates.length; first += 1) {
    for (let second = first + 1; second < candidates.length; second += 1) {
      const a = candidates[first] as string;
      const b = candidates[second] as string;
      pairs.push({ a, b, live: compareCandidates(a, b, live), revised: compareCandidates(a, b, revised) });
    }
  }
  return pairs;
}

/**
 * DEB-4 share of official sources among the published checks with a source (current state).
 *
 * @example
 * debateOfficialSourceShare(review.checks).share; // e.g. 0.55
 */
export function debateOfficialSourceShare(checks: readonly Check[]): OfficialSourceShare {
  return officialSourceShare(
    checks.filter((check) => check.status === 'published').map((check) => ({ citations: check.citations })),
  );
}

/** Cost of one pipeline stage. */
export interface StageCost {
  stage: string;
  calls: number;
  cacheHits: number;
  usd: number;
}

/** Cost of a debate (rule COST). */
export interface DebateCost extends CostTotal {
  byStage: StageCost[];
  cacheHits: number;
  failedCalls: number;
  /** Calls whose model had no price in the table (their cost is missing from `usd`). */
  unpricedCalls: number;
}

/** The stage of a ledger entry: `factcheck.<stage>` prompt ids, else the prompt id. */
export function stageOfEntry(entry: Pick<LedgerEntry, 'promptId'>): string {
  return entry.promptId.startsWith('factcheck.') ? entry.promptId.slice('factcheck.'.length) : entry.promptId;
}

/**
 * A debate's cost from the ledger (rule COST): every call of the job (the debate id) as a
 * methodology `CostRecord` (vendor, model, prompt version, tokens, USD, stage) totalled by
 * `totalCost`, plus a breakdown per stage.
 *
 * @example
 * debateCost(ledger, 'aurora-2026-09-03').usd;
 */
export function debateCost(ledger: CostLedger, jobId: string): DebateCost {
  const entries = ledger.entries({ jobId });
  const records: CostRecord[] = entries.map((entry) => ({
    vendor: entry.vendor,
    model: entry.model,
    promptVersion: `${entry.promptId}@${entry.promptVersion}`,
    tokens: { input: entry.usage.inputTokens, output: entry.usage.outputTokens },
    usd: entry.costUsd,
    stage: stageOfEntry(entry),
  }));
  const byStage = new Map<string, StageCost>();
  for (const entry of entries) {
    const stage = stageOfEntry(entry);
    const row = byStage.get(stage) ?? { stage, calls: 0, cacheHits: 0, usd: 0 };
    row.calls += 1;
    if (entry.outcome === 'cache_hit') row.cacheHits += 1;
    row.usd += entry.costUsd;
    byStage.set(stage, row);
  }
  return {
    ...totalCost(records),
    byStage: [...byStage.values()].map((row) => ({ ...row, usd: Math.round(row.usd * 1e9) / 1e9 })),
    cacheHits: entries.filter((entry) => entry.outcome === 'cache_hit').length,
    failedCalls: entries.filter((entry) => entry.outcome !== 'ok' && entry.outcome !== 'cache_hit').length,
    unpricedCalls: entries.filter((entry) => !entry.priced).length,
  };
}

/** What `espectro debate demo --json` prints. */
export interface DebateSummary {
  /** Live mentirômetro (what was visible at the end of the broadcast). */
  live: MentirometroRow[];
  /** Revised mentirômetro (after REV-D). */
  revised: MentirometroRow[];
  /** MEN-2 per pair of candidates, live and revised. */
  mentirometro: CandidatePairComparison[];
  speakingTimeByTone: Record<string, ToneSeconds>;
  officialSourceShare: OfficialSourceShare;
  /** USD of every model call of the debate (default price table unless the ledger has another). */
  costUsd: number;
}

/**
 * The scoreboard outputs of a debate: both mentirômetros, MEN-2 comparisons, time by tone,
 * official-source share and cost.
 *
 * @example
 * const summary = summarizeDebate({ live, review, ledger });
 */
export function summarizeDebate(input: {
  live: LiveDebateResult;
  review?: ReviewResult;
  ledger?: CostLedger;
}): DebateSummary & { cost: DebateCost | null } {
  const checks = input.review?.checks ?? input.live.checks;
  const boards = debateScoreboards(checks);
  const cost = input.ledger !== undefined ? debateCost(input.ledger, input.live.debate.id) : null;
  return {
    live: boards.live,
    revised: boards.revised,
    mentirometro: compareAllCandidates(
      checks,
      input.live.debate.candidates.map((candidate) => candidate.name),
    ),
    speakingTimeByTone: speakingTimeByTone(input.live.chunks),
    officialSourceShare: debateOfficialSourceShare(checks),
    costUsd: cost?.usd ?? 0,
    cost,
  };
}
