import { createMemoryLedger, type CostLedger } from '@espectro/llm';
import { runLiveDebate, type ClaimEmbedder, type LiveChunkEvent } from '../pipeline.js';
import type { DebateRepository } from '../repository.js';
import { reviewStoredDebate } from '../review.js';
import { createReplayStages } from '../replay/stages.js';
import { DebateReplaySchema, type DebateReplay, type DebateReplayInput } from '../replay/format.js';
import type { LiveDebateResult, ReviewResult } from '../schemas.js';
import { systemClock, type LiveClock } from './clock.js';
import { paceChunks } from './pace.js';

/** Options of {@link replayIntoStore}. */
export interface ReplayIntoStoreOptions {
  repository: DebateRepository;
  /** The recorded debate (e.g. `fictionalDebateReplay()` from `@espectro/factcheck/replay`). */
  replay: DebateReplay | DebateReplayInput;
  /** Times faster than the broadcast (20 = a 10-s chunk every 0.5 s); `Infinity` = no waiting. Default 20. */
  pace?: number;
  /** Store the debate under another id (the replay's reports and check ids follow). */
  debateId?: string;
  /** Run the recorded post-debate review after the live part (default true when the replay has one). */
  review?: boolean;
  /**
   * Store the replay's recorded readers' reports before the review (default true). With `false`
   * only the reports readers sent through the site (already in the store) reach the review.
   */
  recordedReports?: boolean;
  clock?: LiveClock;
  ledger?: CostLedger;
  /** REP-1 paraphrases: an embedder of claim texts (see `LiveDebateOptions.claimEmbedder`); default none. */
  claimEmbedder?: ClaimEmbedder;
  concurrency?: number;
  onChunk?: (event: LiveChunkEvent) => void;
  /** Called for chunks already stored by an earlier (interrupted) run, which are skipped. */
  onSkippedChunk?: (index: number) => void;
  signal?: AbortSignal;
}

/** What {@link replayIntoStore} stored. */
export interface ReplayIntoStoreResult {
  debateId: string;
  live: LiveDebateResult;
  /** `null` when the replay has no review, `review: false` was given, or it was reviewed already. */
  review: ReviewResult | null;
  ledger: CostLedger;
}

function withDebateId(replay: DebateReplay, debateId: string | undefined): DebateReplay {
  if (debateId === undefined || debateId === replay.debate.id) return replay;
  const from = `${replay.debate.id}#`;
  return {
    ...replay,
    debate: { ...replay.debate, id: debateId },
    ...(replay.review !== undefined
      ? {
          review: {
            ...replay.review,
            reports: replay.review.reports.map((report) => ({
              ...report,
              id: `${debateId}:${report.id}`,
              checkId: report.checkId.startsWith(from)
                ? `${debateId}#${report.checkId.slice(from.length)}`
                : report.checkId,
            })),
          },
        }
      : {}),
  };
}

/**
 * Streams a recorded debate through the live path into a {@link DebateRepository} at a chosen
 * pace — every chunk stored with its checks the moment it completes, so a live page following the
 * store updates as it would during a broadcast — then stores the recorded readers' reports and runs
 * the post-debate review over the store (REV-D). Idempotent: chunks already stored are skipped (an
 * interrupted run resumes), and a reviewed debate is not reviewed again. The earlier debates the
 * replay refers to (REP-1) are stored first when missing. A fictional replay is stored as fictional.
 *
 * This is what `pnpm start` calls to show a debate (`espectro debate replay --into-store --pace 20x`).
 *
 * @example
 * import { fictionalDebateReplay } from '@espectro/factcheck/replay';
 * await replayIntoStore({ repository: store.debates, replay: fictionalDebateReplay(), pace: 20 });
 */
export async function replayIntoStore(options: ReplayIntoStoreOptions): Promise<ReplayIntoStoreResult> {
  const replay = withDebateId(DebateReplaySchema.parse(options.replay), options.debateId);
  const { repository } = options;
  const ledger = options.ledger ?? createMemoryLedger();
  const stages = createReplayStages(replay, { ledger });
  // REP-1 needs the earlier debates: store the replay's earlier checks once
  for (const earlier of replay.earlierDebates) await repository.saveDebateName(earlier.id, earlier.name);
  for (const check of stages.earlierChecks)
    if ((await repository.getCheck(check.id)) === undefined) await repository.saveCheck(check);

  const before = await repository.getDebate(replay.debate.id);
  const live = await runLiveDebate({
    debate: replay.debate,
    chunks: paceChunks(stages.chunks, {
      pace: options.pace ?? 20,
      clock: options.clock ?? systemClock,
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    }),
    stages: stages.live,
    repository,
    ledger,
    fictional: replay.fictional,
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.claimEmbedder !== undefined ? { claimEmbedder: options.claimEmbedder } : {}),
    ...(options.onChunk !== undefined ? { onChunk: options.onChunk } : {}),
    ...(options.onSkippedChunk !== undefined
      ? { onSkippedChunk: (chunk) => options.onSkippedChunk?.(chunk.index) }
      : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
  const wantsReview = options.review !== false && replay.review !== undefined && before?.phase !== 'reviewed';
  if (!wantsReview || replay.review === undefined) return { debateId: replay.debate.id, live, review: null, ledger };
  const stored = new Set((await repository.listReports(replay.debate.id)).map((report) => report.id));
  if (options.recordedReports !== false)
    for (const report of replay.review.reports) if (!stored.has(report.id)) await repository.addReport(report);
  const review = await reviewStoredDebate({
    repository,
    debateId: replay.debate.id,
    stages: stages.review,
    reviewedAt: replay.review.reviewedAt,
    ledger,
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
  });
  return { debateId: replay.debate.id, live, review, ledger };
}
