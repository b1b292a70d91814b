import type { CostLedger } from '@espectro/llm';
import {
  compareTranscripts,
  normalizeClaimText,
  reviseCheck,
  scoreboards,
  type VerdictHistoryEntry,
} from '@espectro/methodology';
import type { AudioChunk } from './audio/chunker.js';
import { judgeClaim, judgeWithReask, type JudgedClaim } from './decide.js';
import { FactcheckError, messageOf } from './errors.js';
import { mapOrdered } from './ordered.js';
import type { CheckRepository, DebateRepository } from './repository.js';
import { storedLiveResult } from './pipeline.js';
import {
  ReaderReportSchema,
  type Check,
  type LiveDebateResult,
  type ReaderReport,
  type ReviewChange,
  type ReviewResult,
  type Transcript,
} from './schemas.js';
import { gatherEvidence } from './stages/search.js';
import type { ReviewStages, StageContext } from './stages/types.js';
import { checkHistories } from './outputs/scoreboard.js';

/** Options of {@link reviewDebate}. */
export interface ReviewDebateOptions {
  live: LiveDebateResult;
  stages: ReviewStages;
  /** When the review is made (every review entry is dated so); must not precede the live entries. */
  reviewedAt: string;
  /** The audio again, for the full re-transcription (a replay passes none: its stages answer by index). */
  chunks?: Iterable<AudioChunk> | AsyncIterable<AudioChunk>;
  /** Readers' error reports ("Achou erro nesta checagem?"). */
  reports?: ReaderReport[];
  repository?: CheckRepository;
  ledger?: CostLedger;
  /** Checks (and chunks) reviewed at the same time; default 4. */
  concurrency?: number;
  retries?: number;
  evidence?: { allowUndated?: boolean; excludedDomains?: string[] };
  /** Called per reviewed check, in order. */
  onCheck?: (check: Check, change: ReviewChange | null) => void;
  signal?: AbortSignal;
}

function describeDifferences(comparison: ReturnType<typeof compareTranscripts>): {
  numbers: string[];
  names: string[];
} {
  const numbers = [
    ...comparison.numbers.onlyInA.map((number) => `ao vivo "${number.text}"`),
    ...comparison.numbers.onlyInB.map((number) => `revisão "${number.text}"`),
  ];
  const names = [
    ...comparison.names.onlyInA.map((name) => `ao vivo "${name.text}"`),
    ...comparison.names.onlyInB.map((name) => `revisão "${name.text}"`),
  ];
  return { numbers, names };
}

/**
 * The post-debate review (rule REV-D): the whole debate is transcribed again, every check is
 * compared with the re-transcription (AUD-1 key facts) and re-judged by the reviewer with the
 * readers' reports for it; the review verdict goes through the same methodology post-processing
 * (`numericVerdict`, `finalizeVerdict`, DEB-5 re-ask), or the check is `removed` when the claim was
 * never said. Every check gets a `review` entry appended to its history (`reviseCheck`, so the live
 * state stays visible) and the live and revised scoreboards are both stored.
 *
 * @example
 * const review = await reviewDebate({ live, stages: reviewStages, reviewedAt: '2026-09-04T12:00:00Z', reports });
 * review.changes; // [{ checkId, before, after, reason }]
 */
export async function reviewDebate(options: ReviewDebateOptions): Promise<ReviewResult> {
  const { live, stages, repository, ledger } = options;
  const debate = live.debate;
  const reports = (options.reports ?? []).map((report) => ReaderReportSchema.parse(report));
  const context = (key: string): StageContext => ({ debate, jobId: debate.id, ledger, key, signal: options.signal });
  const concurrency = options.concurrency ?? 4;
  const retries = options.retries ?? 2;

  // 1. the full re-transcription
  const audio = new Map<number, AudioChunk>();
  if (options.chunks !== undefined)
    for await (const chunk of options.chunks as AsyncIterable<AudioChunk>) audio.set(chunk.index, chunk);
  const chunkInputs: AudioChunk[] = live.chunks.map(
    (outcome) =>
      audio.get(outcome.index) ?? {
        index: outcome.index,
        startSeconds: outcome.startSeconds,
        durationSeconds: outcome.durationSeconds,
      },
  );
  const transcripts: { index: number; transcript: Transcript | null }[] = [];
  for await (const entry of mapOrdered(
    chunkInputs,
    async (chunk) => ({
      index: chunk.index,
      transcript: (await stages.transcriber.transcribe(chunk, context(String(chunk.index)))) as Transcript | null,
    }),
    { concurrency, retries, onFailure: (chunk) => ({ index: chunk.index, transcript: null }) },
  )) {
    transcripts.push(entry);
  }
  const reviewText = new Map(transcripts.map((entry) => [entry.index, entry.transcript?.text ?? null]));

  // 2. every check compared and re-judged
  const reviewOne = async (check: Check): Promise<{ check: Check; change: ReviewChange | null }> => {
    const claimKey = `${check.chunkIndex}.${check.claimIndex}`;
    const reviewTranscript = reviewText.get(check.chunkIndex) ?? null;
    const comparedWith = reviewTranscript ?? check.transcript;
    const differences = describeDifferences(
      compareTranscripts(check.transcript, comparedWith, { language: debate.language }),
    );
    const checkReports = reports.filter((report) => report.checkId === check.id);
    let evidence = check.evidence;
    let searchSummary = check.searchSummary;
    if (stages.search !== undefined) {
      const answer = await stages.search.search(
        {
          text: check.claim.text,
          datum: check.claim.datum,
          query: check.claim.datum,
          speaker: check.candidate,
          claimAt: check.spokenAt,
          sources: 'official',
        },
        context(`${claimKey}#review`),
      );
      const gathered = gatherEvidence([...check.evidence, ...answer.results], check.spokenAt, options.evidence ?? {});
      evidence = gathered.kept;
      searchSummary = answer.summary ?? searchSummary;
    }
    let claimSaid = true;
    let correctedText: string | null = null;
    // unchanged = the same words (REP-1 normalisation) and the same key facts, no report, not under review
    const unchanged =
      reviewTranscript !== null &&
      normalizeClaimText(reviewTranscript) === normalizeClaimText(check.transcript) &&
      differences.numbers.length + differences.names.length === 0 &&
      checkReports.length === 0 &&
      check.status !== 'under_review' &&
      check.judge !== null &&
      stages.search === undefined;
    let judged: JudgedClaim;
    let reviewedBy: 'judge' | 'reviewer';
    if (unchanged && stages.judge !== undefined) {
      // nothing changed: the live judge is asked the identical question again (a response-cache hit)
      const correctedSentence = check.reverification?.correctedText ?? null;
      const liveKey =
        correctedSentence !== null && check.reverification?.decision.action === 'correct'
          ? `${claimKey}#corrected`
          : claimKey;
      reviewedBy = 'judge';
      judged = await judgeClaim(
        stages.judge,
        {
          claim: { text: check.claim.text, datum: check.claim.datum },
          speaker: check.candidate,
          claimAt: check.spokenAt,
          transcript: correctedSentence ?? check.transcript,
          evidence,
          searchSummary,
        },
        context(liveKey),
      );
    } else {
      reviewedBy = 'reviewer';
      judged = await judgeWithReask(
        async (attempt, invalidCitations) => {
          const answer = await stages.reviewer.review(
            {
              check,
              reviewTranscript: comparedWith,
              differences,
              reports: checkReports,
              evidence,
              searchSummary,
              ...(invalidCitations.length > 0 ? { invalidCitations } : {}),
            },
            context(`${claimKey}#review#${attempt}`),
          );
          claimSaid = answer.claimSaid;
          correctedText = answer.correctedText;
          return answer.judge;
        },
        evidence.map((item) => item.url),
      );
    }

    const reasonParts = [
      reviewTranscript === null
        ? 'revisão: nova transcrição falhou, comparada com a transcrição ao vivo'
        : 'revisão: transcrição completa',
      reviewedBy === 'judge' ? 'sem diferenças nem avisos: rejulgada pelo juiz ao vivo' : 'rejulgada pelo revisor',
      ...(differences.numbers.length + differences.names.length > 0
        ? [`diferenças: ${[...differences.numbers, ...differences.names].join(', ')}`]
        : []),
      ...(checkReports.length > 0 ? [`avisos de leitores: ${checkReports.map((report) => report.id).join(', ')}`] : []),
    ];
    const entry: VerdictHistoryEntry = claimSaid
      ? {
          verdict: judged.final.verdict ?? 'no_data',
          status: judged.final.status ?? 'published',
          at: options.reviewedAt,
          phase: 'review',
          reason: [...reasonParts, judged.record.reason].join('; '),
        }
      : {
          verdict: 'no_data',
          status: 'removed',
          at: options.reviewedAt,
          phase: 'review',
          reason: [...reasonParts, 'a afirmação não foi dita'].join('; '),
        };
    const revised = reviseCheck({ checkId: check.id, candidate: check.candidate, history: check.history }, entry);
    const updated: Check = {
      ...check,
      claim: correctedText !== null && claimSaid ? { ...check.claim, text: correctedText as string } : check.claim,
      evidence,
      searchSummary,
      judge: claimSaid ? judged.record : check.judge,
      verdict: entry.verdict,
      status: entry.status,
      reasons: claimSaid ? judged.final.reasons : ['not_said'],
      trace: claimSaid ? [...judged.final.trace, 'REV-D'] : ['REV-D'],
      citations: claimSaid ? judged.final.citations : [],
      history: revised.check.history,
    };
    const before = check.history[check.history.length - 1] as VerdictHistoryEntry;
    const change =
      before.verdict !== entry.verdict || before.status !== entry.status
        ? {
            checkId: check.id,
            before: { verdict: before.verdict, status: before.status },
            after: { verdict: entry.verdict, status: entry.status },
            reason: entry.reason ?? '',
          }
        : null;
    return { check: updated, change };
  };

  const checks: Check[] = [];
  const changes: ReviewChange[] = [];
  const failed: { checkId: string; message: string }[] = [];
  for await (const reviewed of mapOrdered(live.checks, reviewOne, {
    concurrency,
    retries,
    // a check whose review keeps failing stays as it was, and is listed as failed
    onFailure: (check, error) => {
      const failure = new FactcheckError({
        code: 'stage_failed',
        stage: 'review',
        message: messageOf(error),
        field: check.id,
        cause: error,
      });
      failed.push({ checkId: check.id, message: failure.message });
      return { check, change: null };
    },
  })) {
    checks.push(reviewed.check);
    if (reviewed.change !== null) changes.push(reviewed.change);
    if (repository !== undefined) {
      await repository.saveCheck(reviewed.check);
    }
    options.onCheck?.(reviewed.check, reviewed.change);
  }

  // 3. both scoreboards stored (REV-D)
  if (repository !== undefined) {
    await repository.saveScoreboards({
      debateId: debate.id,
      at: options.reviewedAt,
      ...scoreboards(checkHistories(checks)),
    });
  }
  return { reviewedAt: options.reviewedAt, transcripts, checks, changes, reports, failed };
}

/** Options of {@link reviewStoredDebate}. */
export interface ReviewStoredDebateOptions extends Omit<ReviewDebateOptions, 'live' | 'reports' | 'repository'> {
  repository: DebateRepository;
  debateId: string;
}

/**
 * The post-debate review of a stored debate (REV-D, seed 001 stage 9): the live result and every
 * reader's report ("Achou erro nesta checagem?") are read from the store, the review runs (full
 * re-transcription, evidence re-check when `stages.search` is set, readers' reports given to the
 * reviewer of their check), and the reviewed checks, both scoreboards, the review record and its
 * model costs are stored in one transaction.
 *
 * @example
 * const review = await reviewStoredDebate({ repository: store.debates, debateId: 'aurora-2026-09-17', stages, reviewedAt, ledger });
 */
export async function reviewStoredDebate(options: ReviewStoredDebateOptions): Promise<ReviewResult> {
  const { repository, debateId, ledger, ...rest } = options;
  const live = await storedLiveResult(repository, debateId);
  const reports = await repository.listReports(debateId);
  const costsBefore = ledger?.entries({ jobId: debateId }).length ?? 0;
  const review = await reviewDebate({ ...rest, live, reports, ...(ledger !== undefined ? { ledger } : {}) });
  await repository.saveReview({
    debateId,
    review,
    scoreboards: scoreboards(checkHistories(review.checks)),
    costs: ledger?.entries({ jobId: debateId }).slice(costsBefore) ?? [],
  });
  return review;
}
