import type { CostLedger } from '@espectro/llm';
import {
  claimHandling,
  findRepeatedClaim,
  normalizeClaimText,
  REP_EMBEDDING_THRESHOLDS,
  splitSpeakingTime,
  type CheckStatus,
  type Verdict,
} from '@espectro/methodology';
import { cosineSimilarity } from '@espectro/speaker-id';
import type { AudioChunk } from './audio/chunker.js';
import { judgeClaim, reverifyClaimAudio, type JudgedClaim } from './decide.js';
import { FactcheckError, isFactcheckError, messageOf, type PipelineStage } from './errors.js';
import { systemClock, type LiveClock } from './live/clock.js';
import { mapOrdered } from './ordered.js';
import { isDebateRepository, type CheckRepository, type DebateRepository } from './repository.js';
import {
  DebateInfoSchema,
  type Check,
  type ChunkOutcome,
  type DebateInfo,
  type DebateInfoInput,
  type ExtractedClaim,
  type JudgeRecord,
  type LiveDebateResult,
  type ReverificationRecord,
  type SpeakerResult,
  type Transcript,
} from './schemas.js';
import { gatherEvidence } from './stages/search.js';
import type { LiveStages, StageContext } from './stages/types.js';

/** Options of {@link runLiveDebate} and {@link streamLiveDebate}. */
export interface LiveDebateOptions {
  debate: DebateInfoInput;
  /** The chunks in broadcast order (from `chunkAudio`, or a replay). */
  chunks: Iterable<AudioChunk> | AsyncIterable<AudioChunk>;
  stages: LiveStages;
  /** Earlier debates (REP-1) and where this debate's checks are saved. */
  repository?: CheckRepository;
  /** Where every model call is recorded (rule COST); job id = the debate id. */
  ledger?: CostLedger;
  /** Chunks processed at the same time; default 4. Output order never changes. */
  concurrency?: number;
  /** Retries of a failed chunk (only the failed stages run again); default 2. */
  retries?: number;
  /** DEB-3 options. */
  evidence?: { allowUndated?: boolean; excludedDomains?: string[] };
  /** Called once per chunk, in broadcast order, as soon as it is done and stored (live progress). */
  onChunk?: (event: LiveChunkEvent) => void;
  /**
   * With a {@link DebateRepository}: the debate is a fictional replay (stored so, labelled so on
   * every page). Default false.
   */
  fictional?: boolean;
  /** With a {@link DebateRepository}: called for each incoming chunk that is already stored (a resumed run skips it). */
  onSkippedChunk?: (chunk: AudioChunk) => void;
  /**
   * REP-1 paraphrases: an embedder of claim texts (e.g. `@espectro/clustering`'s offline embedder or
   * MiniLM). Used only when `REP_EMBEDDING_THRESHOLDS` has a threshold for its `backend`; without it,
   * repeats are found by normalised key and token Jaccard alone.
   */
  claimEmbedder?: ClaimEmbedder;
  /** The live clock: a chunk is stored at its `now()` (a resumed stream measures its gap from it). Default: the system clock. */
  clock?: LiveClock;
  signal?: AbortSignal;
}

/** What REP-1 needs of an embedder (`@espectro/clustering`'s `Embedder` satisfies it). */
export interface ClaimEmbedder {
  /** The backend label, the key of `REP_EMBEDDING_THRESHOLDS` (e.g. `offline-char-ngram-tfidf`). */
  readonly backend: string;
  /** One L2-normalised vector per text, in input order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** One finished chunk and the checks it produced. */
export interface LiveChunkEvent {
  outcome: ChunkOutcome;
  checks: Check[];
  /**
   * Wall-clock milliseconds spent in each stage of this chunk (transcription, speaker, tone,
   * claims, search, judge, audio_check, repeat; `store` = writing it), for the operator's table.
   * Informational: no decision depends on it.
   */
  timings: Partial<Record<PipelineStage | 'store', number>>;
}

/** ISO time `seconds` after `startedAt`. */
export function offsetTime(startedAt: string, seconds: number): string {
  const base = Date.parse(startedAt.length === 10 ? `${startedAt}T00:00:00Z` : startedAt);
  return new Date(base + Math.round(seconds * 1000)).toISOString();
}

function stageError(stage: PipelineStage, error: unknown): FactcheckError {
  if (isFactcheckError(error)) return error;
  return new FactcheckError({ code: 'stage_failed', stage, message: messageOf(error), cause: error });
}

/** Tokens of a claim for matching a corrected sentence to the original claim (argmax only; no threshold). */
function sharedTokens(a: string, b: string): number {
  const tokens = new Set(normalizeClaimText(a).split(' '));
  return normalizeClaimText(b)
    .split(' ')
    .filter((token) => token !== '' && tokens.has(token)).length;
}

interface ChunkWork {
  chunk: AudioChunk;
  /** Results of finished steps, kept across retries so a retry only re-runs what failed. */
  memo: Map<string, unknown>;
  /** Milliseconds per stage (see {@link LiveChunkEvent.timings}). */
  timings: LiveChunkEvent['timings'];
}

/**
 * The live pipeline as a stream: each chunk goes through transcription → speaker → tone (DEB-1;
 * chatter stops here) → claims (DEB-2) → for each checkable claim: repeated claim (REP-1) or
 * search + DEB-3/DEB-4 evidence + judge (DEB-5 re-ask, JR-* via `finalizeVerdict`) → audio
 * re-verification before a `false`/`imprecise` is published (AUD-1). Chunks run with bounded
 * parallelism and come out in broadcast order; a chunk whose stage fails is retried (finished
 * stages are not repeated) and, if it still fails, is recorded as `failed` — never dropped.
 *
 * @example
 * for await (const { outcome, checks } of streamLiveDebate({ debate, chunks: chunkAudioFile('debate.wav'), stages })) {
 *   console.error(`chunk ${outcome.index}: ${outcome.status}, ${checks.length} checks`);
 * }
 */
export async function* streamLiveDebate(options: LiveDebateOptions): AsyncGenerator<LiveChunkEvent> {
  const debate: DebateInfo = DebateInfoSchema.parse(options.debate);
  const { stages, repository, ledger } = options;
  const candidates = new Set(debate.candidates.map((candidate) => candidate.name));
  const jobId = debate.id;
  // A debate repository stores each chunk with its checks in one transaction and tells which
  // chunks are already stored: a resumed run skips them (no chunk checked twice, none lost).
  const debateRepository = isDebateRepository(repository) ? repository : undefined;
  let storedChunks = new Set<number>();
  if (debateRepository !== undefined) {
    const started = await debateRepository.startDebate(debate, { fictional: options.fictional ?? false });
    storedChunks = new Set(started.storedChunks);
  } else await repository?.saveDebateName(debate.id, debate.name);
  // ledger entries of this debate already stored with an earlier chunk
  let storedCosts = 0;
  const newCosts = () => {
    const entries = ledger?.entries({ jobId }) ?? [];
    const fresh = entries.slice(storedCosts);
    storedCosts = entries.length;
    return fresh;
  };
  const context = (key: string): StageContext => ({ debate, jobId, ledger, key, signal: options.signal });
  // REP-1 paraphrases: cosine of the claim with each earlier check, vectors kept per text
  const embedder = options.claimEmbedder;
  const embeddingThreshold = embedder !== undefined ? REP_EMBEDDING_THRESHOLDS[embedder.backend] : undefined;
  const vectors = new Map<string, Promise<Float32Array>>();
  const vectorOf = (text: string): Promise<Float32Array> => {
    let vector = vectors.get(text);
    if (vector === undefined) {
      vector = embedder!.embed([text]).then(([only]) => only!);
      vectors.set(text, vector);
    }
    return vector;
  };
  const similaritiesTo = async (text: string, earlier: readonly { text: string }[]): Promise<number[]> => {
    const claimVector = await vectorOf(text);
    return Promise.all(
      earlier.map(async (check) => {
        // clamped: rounding may put two identical unit vectors a hair above 1
        return Math.max(-1, Math.min(1, cosineSimilarity(claimVector, await vectorOf(check.text))));
      }),
    );
  };

  const step = async <Result>(
    work: ChunkWork,
    name: string,
    stage: PipelineStage,
    run: () => Promise<Result>,
  ): Promise<Result> => {
    if (work.memo.has(name)) return work.memo.get(name) as Result;
    const started = performance.now();
    try {
      const value = await run();
      work.memo.set(name, value);
      return value;
    } catch (error) {
      throw stageError(stage, error);
    } finally {
      // `check:*` wraps the claim's own steps: only leaf steps are timed
      if (!name.startsWith('check:')) work.timings[stage] = (work.timings[stage] ?? 0) + (performance.now() - started);
    }
  };

  const checkClaim = async (
    work: ChunkWork,
    transcript: Transcript,
    speaker: string,
    claim: ExtractedClaim,
    claimIndex: number,
  ): Promise<Check> => {
    const { chunk } = work;
    const claimKey = `${chunk.index}.${claimIndex}`;
    const spokenAt = offsetTime(debate.startedAt, chunk.startSeconds);
    const base = {
      id: `${debate.id}#${claimKey}`,
      debateId: debate.id,
      chunkIndex: chunk.index,
      claimIndex,
      candidate: speaker,
      spokenAt,
      claim: { kind: claim.kind, text: claim.text, datum: claim.datum },
      transcript: transcript.text,
    };
    const trace: string[] = [];
    const reasons: string[] = [];
    let verdict: Verdict;
    let status: CheckStatus;
    let citations: string[] = [];
    let evidence: Check['evidence'] = [];
    let droppedEvidence: Check['droppedEvidence'] = [];
    let searchSummary: string | null = null;
    let judge: JudgeRecord | null = null;
    let repeatOf: Check['repeatOf'] = null;
    let entryReason: string | undefined;

    const searchAndJudge = async (
      suffix: string,
      text: string,
      datum: string,
      query: string,
      judgedTranscript: string,
    ): Promise<JudgedClaim> => {
      const key = `${claimKey}${suffix}`;
      const answer = await step(work, `search:${key}`, 'search', () =>
        stages.search.search({ text, datum, query, speaker, claimAt: spokenAt }, context(key)),
      );
      const gathered = gatherEvidence(answer.results, spokenAt, options.evidence ?? {});
      evidence = gathered.kept;
      droppedEvidence = gathered.dropped;
      searchSummary = answer.summary;
      return step(work, `judge:${key}`, 'judge', () =>
        judgeClaim(
          stages.judge,
          {
            claim: { text, datum },
            speaker,
            claimAt: spokenAt,
            transcript: judgedTranscript,
            evidence: gathered.kept,
            searchSummary: answer.summary,
          },
          context(key),
        ),
      );
    };

    // rule REP-1: a claim already checked in an earlier debate reuses the latest revised verdict
    const earlier =
      repository !== undefined
        ? await step(work, `earlier:${claimKey}`, 'repeat', async () =>
            repository.earlierChecks({ candidate: speaker, excludeDebateId: debate.id }),
          )
        : [];
    const similarities =
      earlier.length > 0 && embeddingThreshold !== undefined
        ? await step(work, `embed:${claimKey}`, 'repeat', () => similaritiesTo(claim.text, earlier))
        : undefined;
    const repeated =
      earlier.length > 0
        ? findRepeatedClaim({
            claim: { candidate: speaker, text: claim.text },
            earlierChecks: earlier,
            language: debate.language,
            ...(similarities !== undefined
              ? { embeddingSimilarities: similarities, embeddingThreshold: embeddingThreshold! }
              : {}),
          })
        : { repeated: false as const };
    if (repeated.repeated) {
      verdict = repeated.reused.verdict;
      status = repeated.reused.status;
      trace.push(...repeated.trace);
      reasons.push('repeated_claim');
      repeatOf = {
        checkId: repeated.checkId,
        debate: repeated.debate,
        label: repeated.label,
        matchedBy: repeated.matchedBy,
        similarity: repeated.similarity,
        ...(repeated.matchedBy === 'embedding' ? { embedder: embedder!.backend } : {}),
      };
      entryReason = repeated.label;
      const source = await repository?.getCheck(repeated.checkId);
      citations = source?.citations ?? [];
      evidence = source?.evidence ?? [];
    } else {
      const judged = await searchAndJudge('', claim.text, claim.datum, claim.query, transcript.text);
      verdict = judged.final.verdict ?? 'no_data';
      status = judged.final.status ?? 'published';
      trace.push(...judged.final.trace);
      reasons.push(...judged.final.reasons);
      citations = judged.final.citations;
      judge = judged.record;
    }

    // rule AUD-1: re-transcribe before a false/imprecise goes out
    let reverification: ReverificationRecord | null = null;
    const audioCheckRequired = status === 'published' && (verdict === 'false' || verdict === 'imprecise');
    if (audioCheckRequired) {
      reverification = await step(work, `audio:${claimKey}`, 'audio_check', () =>
        reverifyClaimAudio({
          chunk,
          original: transcript.text,
          claim: claim.text,
          stages: stages.audioCheck,
          context: context(claimKey),
          language: debate.language,
        }),
      );
      trace.push(...reverification.decision.trace);
      const { decision } = reverification;
      entryReason = [entryReason, `AUD-1 ${decision.outcome}: ${decision.action}`]
        .filter((part) => part !== undefined)
        .join('; ');
      if (decision.action === 'under_review') {
        status = 'under_review';
        reasons.push('audio_under_review');
      } else if (decision.action === 'correct') {
        // the superseded judgement's reasons go; the trace keeps every rule that fired, in order
        reasons.splice(0, reasons.length, 'audio_corrected');
        const correctedText = reverification.correctedText ?? transcript.text;
        const corrected = await step(work, `claims:${claimKey}#corrected`, 'claims', () =>
          stages.claims.extract({ transcript: correctedText, speaker }, context(`${claimKey}#corrected`)),
        );
        const checkable = corrected.filter((candidate) => claimHandling(candidate.kind).action === 'check');
        let best: ExtractedClaim | undefined;
        for (const candidate of checkable)
          if (best === undefined || sharedTokens(claim.text, candidate.text) > sharedTokens(claim.text, best.text))
            best = candidate;
        if (best === undefined) {
          // the corrected sentence holds no checkable claim: the claim was not said
          verdict = 'no_data';
          status = 'removed';
          reasons.push('not_in_corrected_sentence');
          citations = [];
        } else {
          base.claim = { kind: best.kind, text: best.text, datum: best.datum };
          const judged = await searchAndJudge('#corrected', best.text, best.datum, best.query, correctedText);
          verdict = judged.final.verdict ?? 'no_data';
          status = judged.final.status ?? 'published';
          trace.push(...judged.final.trace);
          reasons.push(...judged.final.reasons);
          citations = judged.final.citations;
          judge = judged.record;
          repeatOf = null;
        }
      }
    }
    return {
      ...base,
      evidence,
      droppedEvidence,
      searchSummary,
      judge,
      verdict,
      status,
      reasons,
      trace,
      citations,
      reverification,
      repeatOf,
      history: [
        { verdict, status, at: spokenAt, phase: 'live', ...(entryReason !== undefined ? { reason: entryReason } : {}) },
      ],
    };
  };

  const processChunk = async (work: ChunkWork, attempt: number): Promise<LiveChunkEvent> => {
    const { chunk } = work;
    const key = String(chunk.index);
    const transcript = await step(work, 'transcription', 'transcription', () =>
      stages.transcriber.transcribe(chunk, context(key)),
    );
    const speakerResult: SpeakerResult = await step(work, 'speaker', 'speaker', () =>
      stages.speaker.identify(chunk, context(key)),
    );
    const tone = await step(work, 'tone', 'tone', () =>
      stages.tone.classify({ transcript: transcript.text, speaker: speakerResult.speaker }, context(key)),
    );
    // rule DEB-1: seconds split by tone probabilities; chatter > 0.5 goes no further
    const split = splitSpeakingTime(chunk.durationSeconds, tone.probabilities);
    const outcome: ChunkOutcome = {
      index: chunk.index,
      startSeconds: chunk.startSeconds,
      durationSeconds: chunk.durationSeconds,
      status: 'claims',
      attempts: attempt,
      error: null,
      transcript,
      speaker: speakerResult,
      tone: tone.probabilities,
      speakingTime: split,
      annotations: [],
      discarded: [],
      checkIds: [],
    };
    if (split === null) return { outcome: { ...outcome, status: 'chatter' }, checks: [], timings: work.timings };
    const speaker = speakerResult.speaker;
    if (speaker === null || !candidates.has(speaker))
      return { outcome: { ...outcome, status: 'unknown_speaker' }, checks: [], timings: work.timings };
    const claims = await step(work, 'claims', 'claims', () =>
      stages.claims.extract({ transcript: transcript.text, speaker }, context(key)),
    );
    const checks: Check[] = [];
    for (const [claimIndex, claim] of claims.entries()) {
      // rule DEB-2 / JR-9: only checkable claims are searched; rhetoric, opinion and promises never become checks
      const handling = claimHandling(claim.kind);
      if (handling.action === 'annotate') outcome.annotations.push({ kind: claim.kind, text: claim.text });
      else if (handling.action === 'discard')
        outcome.discarded.push({ kind: claim.kind, text: claim.text, trace: handling.trace });
      else
        checks.push(
          await step(work, `check:${claimIndex}`, 'judge', () =>
            checkClaim(work, transcript, speaker, claim, claimIndex),
          ),
        );
    }
    outcome.checkIds = checks.map((check) => check.id);
    return { outcome, checks, timings: work.timings };
  };

  const works = async function* (): AsyncGenerator<ChunkWork> {
    for await (const chunk of options.chunks as AsyncIterable<AudioChunk>) {
      options.signal?.throwIfAborted();
      if (storedChunks.has(chunk.index)) {
        options.onSkippedChunk?.(chunk);
        continue;
      }
      yield { chunk, memo: new Map(), timings: {} };
    }
  };

  for await (const event of mapOrdered(works(), (work, attempt) => processChunk(work, attempt), {
    concurrency: options.concurrency ?? 4,
    retries: options.retries ?? 2,
    onFailure: (work, error, attempts): LiveChunkEvent => {
      const failure = stageError('chunk', error);
      const transcript = work.memo.get('transcription') as Transcript | undefined;
      const speaker = work.memo.get('speaker') as SpeakerResult | undefined;
      return {
        outcome: {
          index: work.chunk.index,
          startSeconds: work.chunk.startSeconds,
          durationSeconds: work.chunk.durationSeconds,
          status: 'failed',
          attempts,
          error: { stage: failure.stage, message: failure.message },
          transcript: transcript ?? null,
          speaker: speaker ?? null,
          tone: null,
          speakingTime: null,
          annotations: [],
          discarded: [],
          checkIds: [],
        },
        checks: [],
        timings: work.timings,
      };
    },
  })) {
    const storing = performance.now();
    if (debateRepository !== undefined)
      await debateRepository.saveChunk({
        debateId: debate.id,
        outcome: event.outcome,
        checks: event.checks,
        costs: newCosts(),
        at: new Date((options.clock ?? systemClock).now()),
      });
    else for (const check of event.checks) await repository?.saveCheck(check);
    event.timings.store = performance.now() - storing;
    options.onChunk?.(event);
    yield event;
    // an aborted run stops after the chunk it stored (a resumed run starts from the next)
    options.signal?.throwIfAborted();
  }
}

/**
 * Runs the live pipeline over every chunk and collects the result (see {@link streamLiveDebate}).
 *
 * @example
 * const live = await runLiveDebate({ debate, chunks: chunkAudioFile('debate.wav'), stages, ledger });
 * live.checks.filter((check) => check.status === 'published');
 */
export async function runLiveDebate(options: LiveDebateOptions): Promise<LiveDebateResult> {
  const debate = DebateInfoSchema.parse(options.debate);
  const chunks: ChunkOutcome[] = [];
  const checks: Check[] = [];
  for await (const event of streamLiveDebate({ ...options, debate })) {
    chunks.push(event.outcome);
    checks.push(...event.checks);
  }
  const { repository } = options;
  if (!isDebateRepository(repository)) return { debate, chunks, checks };
  // a stored debate: the live part is over, and the result is what the store holds (resumed chunks included)
  if (options.signal?.aborted !== true) await repository.endDebate(debate.id);
  return storedLiveResult(repository, debate.id);
}

/**
 * The live result of a stored debate, as the store holds it: its info, every stored chunk in
 * broadcast order and its checks in chunk and claim order.
 *
 * @example
 * const live = await storedLiveResult(store.debates, 'aurora-2026-09-17');
 */
export async function storedLiveResult(repository: DebateRepository, debateId: string): Promise<LiveDebateResult> {
  const stored = await repository.getDebate(debateId);
  if (stored === undefined)
    throw new FactcheckError({
      code: 'invalid_input',
      stage: 'chunk',
      field: 'debateId',
      message: `no stored debate "${debateId}"`,
    });
  const chunks = await repository.listChunks(debateId);
  const checks = (await repository.listChecks({ debateId })).sort(
    (left, right) => left.chunkIndex - right.chunkIndex || left.claimIndex - right.claimIndex,
  );
  return { debate: stored.info, chunks, checks };
}
