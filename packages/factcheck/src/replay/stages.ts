import {
  createLanguageModel,
  createMemoryCacheStore,
  createMemoryLedger,
  type CacheStore,
  type CostLedger,
  type Driver,
  type LanguageModel,
  type Prompt,
} from '@espectro/llm';
import type { AudioChunk } from '../audio/chunker.js';
import { currentCallTag } from '../call-tag.js';
import { FactcheckError } from '../errors.js';
import { runLiveDebate, type ClaimEmbedder, type LiveChunkEvent } from '../pipeline.js';
import {
  audioCheckPrompt,
  reviewTranscriptionPrompt,
  searchPrompt,
  transcriptionPrompt,
  type TranscriptionVariables,
} from '../prompts.js';
import { createMemoryCheckRepository, type CheckRepository } from '../repository.js';
import { reviewDebate } from '../review.js';
import type { Check, JudgeAnswer, LiveDebateResult, ReviewAnswer, ReviewResult, SearchResponse } from '../schemas.js';
import { summarizeDebate, type DebateCost, type DebateSummary } from '../outputs/scoreboard.js';
import { cachedSearch } from '../stages/search.js';
import { createRecordedSpeakerIdentifier } from '../stages/speaker.js';
import {
  createLlmArbiter,
  createLlmClaimExtractor,
  createLlmJudge,
  createLlmReviewer,
  createLlmToneClassifier,
} from '../stages/llm-stages.js';
import { debateNames } from '../stages/transcriber.js';
import type { ChunkTranscriber, LiveStages, ReviewStages, StageContext, WebSearch } from '../stages/types.js';
import {
  DebateReplaySchema,
  DEFAULT_STAGE_MODELS,
  type DebateReplay,
  type DebateReplayInput,
  type ModelRef,
  type ReplayChunk,
} from './format.js';

/** Tokens of a text as the replay bills them: one per four characters (a common estimate). */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

function missing(what: string, key: string): FactcheckError {
  return new FactcheckError({
    code: 'invalid_replay',
    stage: 'replay',
    message: `the replay has no recorded ${what} for "${key}"`,
    field: key,
  });
}

/** Settings of {@link createReplayLanguageModel}. */
export interface ReplayModelSettings {
  /** Ledger for the calls (each is priced by the ledger's table). */
  ledger?: CostLedger;
  /** Response cache (identical prompts are answered from it, as in production). */
  cache?: CacheStore;
}

/**
 * A `LanguageModel` that answers from recorded outputs, built on `@espectro/llm`'s own machinery
 * (`createLanguageModel`): prompts are rendered, the answer is validated by the stage's schema,
 * the response cache is consulted and every call is recorded in the ledger, priced with the
 * replay's vendor and model. `answer(stage, key)` returns the recorded value for the current call
 * tag; tokens are estimated from the rendered request and the answer (4 characters per token).
 *
 * @example
 * const judge = createReplayLanguageModel({ vendor: 'gemini', model: 'gemini-2.5-flash' }, (stage, key) => recorded[key], { ledger });
 */
export function createReplayLanguageModel(
  model: ModelRef,
  answer: (stage: string, key: string) => unknown,
  settings: ReplayModelSettings = {},
): LanguageModel {
  const driver: Driver = {
    vendor: model.vendor,
    model: model.model,
    // the schema is spelled out in the system prompt, so it is counted in the input tokens as most vendors bill it
    enforcesSchema: () => false,
    async send(request) {
      const tag = currentCallTag();
      if (tag === undefined)
        throw new FactcheckError({
          code: 'invalid_replay',
          stage: 'replay',
          message: 'a replay model was called outside a tagged stage call',
        });
      const value = answer(tag.stage, tag.key);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const input = `${request.system ?? ''}${request.messages.map((message) => message.content).join('')}`;
      return {
        text,
        usage: { inputTokens: estimateTokens(input), outputTokens: estimateTokens(text) },
        finishReason: 'stop',
      };
    },
  };
  return createLanguageModel(driver, {
    maxRetries: 0,
    ...(settings.ledger !== undefined ? { ledger: settings.ledger } : {}),
    ...(settings.cache !== undefined ? { cache: settings.cache } : {}),
  });
}

/** Counts attempts per (stage, key) and fails the first `failures` of them (reliability demos). */
function failureInjector(replay: DebateReplay): (stage: keyof ReplayChunk['failures'], key: string) => void {
  const attempts = new Map<string, number>();
  const byIndex = new Map(replay.chunks.map((chunk) => [chunk.index, chunk]));
  return (stage, key) => {
    const index = Number(key.split(/[.#]/)[0]);
    const planned = byIndex.get(index)?.failures[stage] ?? 0;
    if (planned === 0) return;
    const id = `${stage}:${key}`;
    const count = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, count);
    if (count <= planned) {
      throw new FactcheckError({
        code: 'stage_failed',
        stage,
        message: `scripted failure ${count} of ${planned} (replay)`,
        field: key,
      });
    }
  };
}

function replayTranscriber(
  ref: ModelRef,
  prompt: Prompt<TranscriptionVariables>,
  text: (chunk: AudioChunk, key: string) => string,
  ledger: CostLedger | undefined,
  beforeAnswer?: (key: string) => void,
): ChunkTranscriber {
  return {
    vendor: ref.vendor,
    model: ref.model,
    async transcribe(chunk, context) {
      beforeAnswer?.(context.key);
      const answer = text(chunk, context.key);
      const rendered = prompt.render({ names: debateNames(context.debate) });
      (context.ledger ?? ledger)?.record({
        vendor: ref.vendor,
        model: ref.model,
        promptId: rendered.promptId,
        promptVersion: rendered.promptVersion,
        jobId: context.jobId,
        operation: 'transcription',
        layer: 0,
        phase: 'transcribe',
        retry: 0,
        usage: { inputTokens: 0, outputTokens: 0 },
        audioSeconds: chunk.durationSeconds,
        latencyMs: 0,
        outcome: 'ok',
      });
      return { text: answer, vendor: ref.vendor, model: ref.model };
    },
  };
}

/** The stages of a replay, its chunks and its earlier checks. */
export interface ReplayStages {
  replay: DebateReplay;
  live: LiveStages;
  review: ReviewStages;
  /** The chunks in order (metadata only: replays carry no audio). */
  chunks: AudioChunk[];
  /** Checks of earlier debates, for the repository (REP-1). */
  earlierChecks: Check[];
}

/** Settings of {@link createReplayStages}. */
export interface ReplayStagesSettings {
  ledger?: CostLedger;
  /** Response cache shared by the replay models; default a new in-memory LRU. Pass `null` for none. */
  cache?: CacheStore | null;
}

/**
 * Every stage of the pipeline answering from a recorded debate: transcripts, speakers, tones and
 * claims per chunk; evidence, judge answers, AUD-1 transcripts and arbiter answers per claim; the
 * review's re-transcription, readers' reports and reviewer answers. The model stages are real
 * `@espectro/llm` LanguageModels over a replay driver (prompts, schemas, cache and ledger all run),
 * and the search is wrapped in `cachedSearch`, so the ledger shows what the debate would cost with
 * the replay's models.
 *
 * @example
 * const { live, review, chunks } = createReplayStages(replay, { ledger });
 * const result = await runLiveDebate({ debate: replay.debate, chunks, stages: live, ledger });
 */
export function createReplayStages(
  input: DebateReplay | DebateReplayInput,
  settings: ReplayStagesSettings = {},
): ReplayStages {
  const replay = DebateReplaySchema.parse(input);
  const models = { ...DEFAULT_STAGE_MODELS, ...replay.models };
  const ledger = settings.ledger;
  const cache =
    settings.cache === null ? undefined : (settings.cache ?? createMemoryCacheStore({ maxEntries: 10_000 }));
  const modelSettings = { ...(ledger !== undefined ? { ledger } : {}), ...(cache !== undefined ? { cache } : {}) };
  const chunkByIndex = new Map(replay.chunks.map((chunk) => [chunk.index, chunk]));
  const chunkOf = (key: string): ReplayChunk => {
    const chunk = chunkByIndex.get(Number(key.split(/[.#]/)[0]));
    if (chunk === undefined) throw missing('chunk', key);
    return chunk;
  };
  const claimOf = (key: string): string => key.split('#')[0] as string;
  const fail = failureInjector(replay);
  const reviewDefaults = new Map<string, ReviewAnswer>();
  /** Review keys whose recorded answer needs a reader's report the reviewer was not given. */
  const reviewOverrides = new Set<string>();
  /** Claim keys (`"23.0"`) of the checks the replay's recorded readers' reports concern. */
  const reportedClaims = new Set((replay.review?.reports ?? []).map((report) => report.checkId.split('#').pop()));

  const recorded = (stage: string, key: string): unknown => {
    switch (stage) {
      case 'tone':
        return { probabilities: chunkOf(key).tone };
      case 'claims': {
        if (key.endsWith('#corrected')) {
          const corrected = replay.correctedClaims[claimOf(key)];
          if (corrected === undefined) throw missing('corrected claims', key);
          return { claims: corrected };
        }
        return { claims: chunkOf(key).claims };
      }
      case 'judge': {
        const answer = replay.judge[key];
        if (answer === undefined) throw missing('judge answer', key);
        return answer;
      }
      case 'arbiter': {
        const answer = replay.audioCheck[claimOf(key)]?.arbiter;
        if (answer === undefined) throw missing('arbiter answer', key);
        return answer;
      }
      case 'review': {
        // "<claim>#review#<attempt>" → answers["<claim>#<attempt>"]
        const [claim, , attempt] = key.split('#');
        const answer =
          (reviewOverrides.has(key) ? undefined : replay.review?.answers[`${claim}#${attempt}`]) ??
          reviewDefaults.get(key);
        if (answer === undefined) throw missing('review answer', key);
        return answer;
      }
      default:
        throw missing(`${stage} answer`, key);
    }
  };

  const tone = createLlmToneClassifier({ model: createReplayLanguageModel(models.tone, recorded, modelSettings) });
  const claims = createLlmClaimExtractor({ model: createReplayLanguageModel(models.claims, recorded, modelSettings) });
  const judge = createLlmJudge({ model: createReplayLanguageModel(models.judge, recorded, modelSettings) });
  const arbiter = createLlmArbiter({ model: createReplayLanguageModel(models.arbiter, recorded, modelSettings) });
  const reviewer = createLlmReviewer({ model: createReplayLanguageModel(models.reviewer, recorded, modelSettings) });

  const search: WebSearch = {
    name: 'replay',
    async search(query, context: StageContext): Promise<SearchResponse> {
      fail('search', context.key);
      const answer = replay.evidence[context.key];
      if (answer === undefined && !context.key.endsWith('#review')) throw missing('evidence', context.key);
      const response: SearchResponse = answer ?? { results: [], summary: null };
      const rendered = searchPrompt.render({
        text: query.text,
        datum: query.datum,
        query: query.query,
        claimDate: query.claimAt,
      });
      (context.ledger ?? ledger)?.record({
        vendor: models.search.vendor,
        model: models.search.model,
        promptId: rendered.promptId,
        promptVersion: rendered.promptVersion,
        jobId: context.jobId,
        operation: 'text',
        layer: 0,
        phase: 'answer',
        retry: 0,
        usage: {
          inputTokens: estimateTokens(`${rendered.system ?? ''}${rendered.user}`),
          outputTokens: estimateTokens(response.summary ?? ''),
        },
        latencyMs: 0,
        outcome: 'ok',
      });
      return response;
    },
  };

  const live: LiveStages = {
    transcriber: replayTranscriber(
      models.transcription,
      transcriptionPrompt,
      (_chunk, key) => chunkOf(key).transcript,
      ledger,
      (key) => fail('transcription', key),
    ),
    speaker: {
      async identify(chunk, context) {
        fail('speaker', context.key);
        return createRecordedSpeakerIdentifier(
          { [chunk.index]: { speaker: chunkOf(context.key).speaker, score: chunkOf(context.key).speakerScore } },
          'replay',
        ).identify(chunk, context);
      },
    },
    tone: {
      classify(toneInput, context) {
        fail('tone', context.key);
        return tone.classify(toneInput, context);
      },
    },
    claims: {
      extract(claimsInput, context) {
        fail('claims', context.key);
        return claims.extract(claimsInput, context);
      },
    },
    search: cachedSearch(search, {
      ...(ledger !== undefined ? { ledger } : {}),
      vendor: models.search.vendor,
      model: models.search.model,
    }),
    judge: {
      judge(judgeInput, context) {
        fail('judge', context.key);
        return judge.judge(judgeInput, context);
      },
    },
    audioCheck: {
      transcribers: [0, 1, 2].map((position) =>
        replayTranscriber(
          models.audioCheck[position] as ModelRef,
          audioCheckPrompt,
          (chunk, key) => {
            const recordedCheck = replay.audioCheck[claimOf(key)];
            return recordedCheck?.transcripts[position] ?? chunkOf(key).transcript;
          },
          ledger,
        ),
      ) as unknown as LiveStages['audioCheck']['transcribers'],
      arbiter,
    },
  };

  const review: ReviewStages = {
    judge: live.judge,
    // seed 001 stage 9: the review re-checks evidence "em fontes oficiais" (recorded under "<claim>#review")
    search: live.search,
    transcriber: replayTranscriber(
      models.reviewTranscription,
      reviewTranscriptionPrompt,
      (_chunk, key) => replay.review?.transcripts[key] ?? chunkOf(key).transcript,
      ledger,
    ),
    reviewer: {
      review(reviewInput, context) {
        // a check without a recorded review answer is confirmed with its live judge answer
        const [claim, , attempt] = context.key.split('#');
        // a recorded answer given after reading readers' reports holds only when the reviewer is
        // given a report on that check: without one the replay cannot know the answer, and confirms
        const needsReport = reportedClaims.has(claim as string) && reviewInput.reports.length === 0;
        if (needsReport) reviewOverrides.add(context.key);
        if (needsReport || replay.review?.answers[`${claim}#${attempt}`] === undefined) {
          const liveAnswer: JudgeAnswer | undefined =
            replay.judge[`${claim}#corrected#2`] ??
            replay.judge[`${claim}#corrected#1`] ??
            replay.judge[`${claim}#2`] ??
            replay.judge[`${claim}#1`];
          const check = reviewInput.check;
          reviewDefaults.set(context.key, {
            claimSaid: true,
            correctedText: null,
            judge:
              check.judge !== null && liveAnswer !== undefined
                ? liveAnswer
                : {
                    verdict: check.verdict,
                    reason: check.repeatOf?.label ?? 'confirmado na revisão',
                    citations: check.citations,
                    facts: {
                      claimed: null,
                      reference: null,
                      unit: null,
                      claimNature: 'factual',
                      evidenceScope: 'same',
                      otherParts: [],
                      slipOfTongue: false,
                      unprovenAccusation: false,
                    },
                  },
          });
        }
        return reviewer.review(reviewInput, context);
      },
    },
  };

  const chunks: AudioChunk[] = replay.chunks.map((chunk) => ({
    index: chunk.index,
    startSeconds: chunk.startSeconds ?? chunk.index * 10,
    durationSeconds: chunk.durationSeconds,
  }));
  const debateName = new Map(replay.earlierDebates.map((debate) => [debate.id, debate.name]));
  const earlierChecks: Check[] = replay.earlierChecks.map((record) => {
    const current = record.history[record.history.length - 1] as Check['history'][number];
    const [chunkPart, claimPart] = (record.id.split('#')[1] ?? '0.0').split('.');
    return {
      id: record.id,
      debateId: record.debateId,
      chunkIndex: Number(chunkPart) || 0,
      claimIndex: Number(claimPart) || 0,
      candidate: record.candidate,
      spokenAt: record.spokenAt,
      claim: { kind: 'checkable', text: record.text, datum: record.datum },
      transcript: record.text,
      evidence: record.citations.map((url) => ({
        url,
        provider: 'replay',
        kind: 'web' as const,
        publishedAt: record.spokenAt.slice(0, 10),
        title: debateName.get(record.debateId) ?? record.debateId,
      })),
      droppedEvidence: [],
      searchSummary: null,
      judge: null,
      verdict: current.verdict,
      status: current.status,
      reasons: [],
      trace: [],
      citations: record.citations,
      reverification: null,
      repeatOf: null,
      history: record.history,
    };
  });
  return { replay, live, review, chunks, earlierChecks };
}

/** Settings of {@link runReplay}. */
export interface RunReplaySettings {
  /** Default: a new in-memory ledger with `@espectro/llm`'s default price table. */
  ledger?: CostLedger;
  /** Default: an in-memory repository holding the replay's earlier checks. */
  repository?: CheckRepository;
  cache?: CacheStore | null;
  concurrency?: number;
  retries?: number;
  /** Skip the post-debate review even when the replay has one. */
  skipReview?: boolean;
  /** REP-1 paraphrases: an embedder of claim texts (see `LiveDebateOptions.claimEmbedder`). */
  claimEmbedder?: ClaimEmbedder;
  onChunk?: (event: LiveChunkEvent) => void;
  onReviewCheck?: Parameters<typeof reviewDebate>[0]['onCheck'];
}

/** Everything a replayed debate produced. */
export interface ReplayRun {
  replay: DebateReplay;
  live: LiveDebateResult;
  review: ReviewResult | null;
  summary: DebateSummary & { cost: DebateCost | null };
  ledger: CostLedger;
  repository: CheckRepository;
}

/**
 * Replays a recorded debate end to end: the live pipeline over its chunks, then (when recorded)
 * the post-debate review with its readers' reports, then the scoreboards, time by tone,
 * official-source share and cost from the ledger.
 *
 * @example
 * import { fictionalDebateReplay } from '@espectro/factcheck/replay';
 * const { summary } = await runReplay(fictionalDebateReplay());
 * console.log(summary.revised, summary.costUsd);
 */
export async function runReplay(
  input: DebateReplay | DebateReplayInput,
  settings: RunReplaySettings = {},
): Promise<ReplayRun> {
  const ledger = settings.ledger ?? createMemoryLedger();
  const stages = createReplayStages(input, {
    ledger,
    ...(settings.cache !== undefined ? { cache: settings.cache } : {}),
  });
  const { replay } = stages;
  const repository =
    settings.repository ??
    createMemoryCheckRepository({
      checks: stages.earlierChecks,
      debateNames: Object.fromEntries(replay.earlierDebates.map((debate) => [debate.id, debate.name])),
    });
  const live = await runLiveDebate({
    debate: replay.debate,
    chunks: stages.chunks,
    stages: stages.live,
    repository,
    ledger,
    ...(settings.concurrency !== undefined ? { concurrency: settings.concurrency } : {}),
    ...(settings.retries !== undefined ? { retries: settings.retries } : {}),
    ...(settings.claimEmbedder !== undefined ? { claimEmbedder: settings.claimEmbedder } : {}),
    ...(settings.onChunk !== undefined ? { onChunk: settings.onChunk } : {}),
  });
  const review =
    replay.review !== undefined && settings.skipReview !== true
      ? await reviewDebate({
          live,
          stages: stages.review,
          reviewedAt: replay.review.reviewedAt,
          reports: replay.review.reports,
          repository,
          ledger,
          ...(settings.concurrency !== undefined ? { concurrency: settings.concurrency } : {}),
          ...(settings.onReviewCheck !== undefined ? { onCheck: settings.onReviewCheck } : {}),
        })
      : null;
  const summary = summarizeDebate({ live, ...(review !== null ? { review } : {}), ledger });
  return { replay, live, review, summary, ledger, repository };
}

/** Options of {@link repeatReplay}. */
export interface RepeatReplayOptions {
  /**
   * How many full copies of the replay (with all its claims) the longer debate holds, spread
   * evenly; the chunks between them repeat the replay's chunks that have no checkable claim
   * (greetings, proposals, attacks, moderation, chatter). Default: as many copies as fit, back to back.
   */
  copies?: number;
}

/**
 * Makes a longer debate of `chunkCount` chunks (e.g. 720 = two hours) from a replay, for load tests
 * and benchmarks. The first copy keeps the replay's indexes (so its readers' reports still apply);
 * every later chunk gets its own index and keys, and its transcripts, data and search queries a
 * " [bloco N]" suffix, so no prompt repeats verbatim and caches only help where a real debate would
 * let them (claims keep their sentence: a repeat of an earlier debate stays a repeat, REP-1). With `copies`, the density of checks can be made realistic.
 *
 * @example
 * const twoHours = repeatReplay(fictionalDebateReplay(), 720, { copies: 4 });
 */
export function repeatReplay(
  input: DebateReplay | DebateReplayInput,
  chunkCount: number,
  options: RepeatReplayOptions = {},
): DebateReplay {
  const replay = DebateReplaySchema.parse(input);
  const size = replay.chunks.length;
  const copies = Math.max(1, Math.min(options.copies ?? Math.ceil(chunkCount / size), Math.ceil(chunkCount / size)));
  const fillers = replay.chunks.filter(
    (chunk) => chunk.claims.every((claim) => claim.kind !== 'checkable') && Object.keys(chunk.failures).length === 0,
  );
  // plan: which source chunk goes where, and under which suffix number
  const plan: { source: ReplayChunk; block: number; full: boolean }[] = [];
  const starts = new Set(
    Array.from({ length: copies }, (_, copy) =>
      options.copies === undefined ? copy * size : Math.floor((copy * chunkCount) / copies),
    ),
  );
  let copy = 0;
  let filler = 0;
  while (plan.length < chunkCount) {
    if (starts.has(plan.length) && copy < copies) {
      for (const source of replay.chunks) if (plan.length < chunkCount) plan.push({ source, block: copy, full: true });
      copy += 1;
    } else if (fillers.length > 0) {
      plan.push({ source: fillers[filler % fillers.length] as ReplayChunk, block: copies + filler, full: false });
      filler += 1;
    } else {
      for (const source of replay.chunks)
        if (plan.length < chunkCount) plan.push({ source, block: copies + filler, full: true });
      filler += 1;
    }
  }
  const suffix = (block: number, text: string): string =>
    block === 0 || text === '' ? text : `${text} [bloco ${block + 1}]`;
  const chunks: DebateReplay['chunks'] = [];
  const maps = {
    correctedClaims: {} as DebateReplay['correctedClaims'],
    evidence: {} as DebateReplay['evidence'],
    judge: {} as DebateReplay['judge'],
    audioCheck: {} as DebateReplay['audioCheck'],
    reviewTranscripts: {} as Record<string, string>,
    reviewAnswers: {} as Record<string, ReviewAnswer>,
  };
  const rekey = <Value>(
    source: Record<string, Value>,
    target: Record<string, Value>,
    from: number,
    to: number,
    map: (value: Value) => Value,
  ): void => {
    for (const [key, value] of Object.entries(source)) {
      const [head, ...rest] = key.split(/(?=[.#])/);
      if (Number(head) !== from) continue;
      target[[String(to), ...rest].join('')] = map(value);
    }
  };
  plan.forEach(({ source, block, full }, position) => {
    // the sentence stays (a candidate repeating an earlier debate's claim still repeats it, REP-1);
    // datum and query change, so searches and prompts stay unique
    const claimText = (claim: ReplayChunk['claims'][number]) => ({
      ...claim,
      datum: suffix(block, claim.datum),
      query: suffix(block, claim.query),
    });
    chunks.push({
      ...source,
      index: position,
      startSeconds: position * 10,
      transcript: suffix(block, source.transcript),
      claims: source.claims.map(claimText),
      failures: block === 0 ? source.failures : {},
    });
    if (!full) return;
    const from = source.index;
    rekey(replay.correctedClaims, maps.correctedClaims, from, position, (claims) => claims.map(claimText));
    rekey(replay.evidence, maps.evidence, from, position, (value) => value);
    rekey(replay.judge, maps.judge, from, position, (value) => value);
    rekey(replay.audioCheck, maps.audioCheck, from, position, (value) => ({
      ...value,
      transcripts: value.transcripts.map((text) => suffix(block, text)),
      ...(value.arbiter !== undefined
        ? {
            arbiter: {
              ...value.arbiter,
              correctedText: value.arbiter.correctedText === null ? null : suffix(block, value.arbiter.correctedText),
            },
          }
        : {}),
    }));
    if (replay.review !== undefined) {
      rekey(replay.review.transcripts, maps.reviewTranscripts, from, position, (text) => suffix(block, text));
      rekey(replay.review.answers, maps.reviewAnswers, from, position, (answer) => answer);
    }
  });
  return {
    ...replay,
    chunks,
    correctedClaims: maps.correctedClaims,
    evidence: maps.evidence,
    judge: maps.judge,
    audioCheck: maps.audioCheck,
    ...(replay.review !== undefined
      ? { review: { ...replay.review, transcripts: maps.reviewTranscripts, answers: maps.reviewAnswers } }
      : {}),
  };
}
