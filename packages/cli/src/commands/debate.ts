import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  chunkAudio,
  chunkAudioFile,
  claimReview,
  claimReviewSubjectOf,
  createDefaultStages,
  createReplayStages,
  debateDocumentParsers,
  decodeWithFfmpeg,
  paceChunks,
  parsePace,
  planLiveResume,
  replayIntoStore,
  reviewStoredDebate,
  storedLiveResult,
  type DebateRepository,
  DebateInfoSchema,
  DebateReplaySchema,
  isFactcheckError,
  openDataCsv,
  openDataRows,
  reviewDebate,
  runLiveDebate,
  runReplay,
  UNKNOWN_SPEAKER,
  STATUS_LABELS_PT,
  summarizeDebate,
  VERDICT_LABELS_PT,
  type Check,
  type ClaimEmbedder,
  type DebateInfo,
  type DebateSummary,
  type LiveChunkEvent,
  type LiveDebateResult,
  type ReviewResult,
} from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { createOfflineEmbedder } from '@espectro/clustering';
import { REP_EMBEDDING_THRESHOLDS, REP_JACCARD_THRESHOLD, TONES } from '@espectro/methodology';
import { createStoreDebateRepository, type Store } from '@espectro/store';
import { openCommandStore } from '../open-store.js';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';
import { readJsonFile } from '../read-json.js';

const usage = `Usage: espectro debate demo [--json] [--out DIR]
       espectro debate run <replay.json|audio.wav> [options] [--json]
       espectro debate live --source <file|url|-> --debate FILE (--voices FILE | --replay FILE) [--realtime | --pace 20x]
       espectro debate replay [FILE] [--into-store] [--pace 20x] [--id ID]
       espectro debate review <debate-id> (--replay FILE | --audio FILE) [--json]
       espectro debate list [--json]

Live-debate fact-checking (seed 001, RULES.md §7): 10-second chunks → transcription → speaker →
tone → claims → evidence → judge → audio re-verification → repeated claims → post-debate review.

demo       Replays the bundled FICTIONAL debate (fictional candidates, invented figures) offline:
           no network, no API keys. Every stage answers from recorded outputs through the real
           prompts, schemas, cache and cost ledger.
run        A replay file (.json, format "espectro.debate-replay"), or a 16 kHz mono PCM16 WAV
           (.wav) run live with the real adapters (needs OPENAI_API_KEY, GROQ_API_KEY,
           ANTHROPIC_API_KEY, GEMINI_API_KEY, PERPLEXITY_API_KEY; GOOGLE_FACTCHECK_API_KEY adds
           existing fact-checks). Progress goes to stderr, one line per chunk.
           Every debate is stored (.espectro/db, --db DIR or DATABASE_URL): chunk by chunk, so an
           interrupted run resumes where it stopped (no chunk checked twice, none lost); a second
           debate reuses the revised verdicts of earlier stored debates (REP-1).
live       Decodes --source with ffmpeg (a file, an http(s) broadcast or - for stdin) into 10-s
           chunks as they complete; each chunk's checks are stored the moment it is done, for the
           live page /placar/<debate>. Prints one table row per chunk: speaker, tone, claims,
           verdicts and milliseconds per stage. Speaker identification runs on this machine:
           voices never leave it. --replay answers every model stage from a recorded debate
           (offline), keyed by chunk index; --realtime plays a file at broadcast pace (ffmpeg -re),
           --pace 20x twenty times faster (a stream: the pace it is broadcast at). Killed or
           crashed, run it again: a file is read again from the first chunk not stored (none
           checked twice, none lost); a stream goes on from what airs now, numbering after the
           last stored chunk, and says how many seconds aired unchecked in between.
replay     Streams a recorded debate (default: the bundled FICTIONAL one) through the live path
           into the store at --pace (default 20x; max = no waiting), then stores its readers'
           reports and runs the recorded review. Stored as fictional when the replay is.
review     The post-debate review of a stored debate: full re-transcription, the readers' reports
           sent with "Achou erro nesta checagem?", evidence re-checked in official sources; every
           change keeps the previous verdict. --replay answers from a recorded debate; --audio
           re-transcribes the recording with the real models (API keys as for run).
list       Stored debates with their phase and chunk count.
  --db DIR             embedded database folder (default .espectro/db)
  --no-store           (run) keep everything in memory, as before
  --debate FILE        (.wav, live) the debate: {"id","name","startedAt","candidates":[{"name"}],"names"}
  --voices FILE        (.wav, live) enrolled candidate voices (espectro speaker enroll)
  --concurrency N      chunks processed at the same time (default 4; output order never changes)
  --no-review          skip the post-debate review
  --out DIR            write open data: checagens.json, checagens.csv, claimreview.jsonld
  --json               print {live, revised, mentirometro, speakingTimeByTone, officialSourceShare, costUsd}

Exit codes: 0 done, 1 provider or runtime failure, 2 usage error, 3 invalid replay, audio or debate file.`;

type PrintedSummary = Pick<
  DebateSummary,
  'live' | 'revised' | 'mentirometro' | 'speakingTimeByTone' | 'officialSourceShare' | 'costUsd'
>;

function printed(summary: DebateSummary): PrintedSummary {
  return {
    live: summary.live,
    revised: summary.revised,
    mentirometro: summary.mentirometro,
    speakingTimeByTone: summary.speakingTimeByTone,
    officialSourceShare: summary.officialSourceShare,
    costUsd: summary.costUsd,
  };
}

function progress(io: CliIo): (event: LiveChunkEvent) => void {
  return ({ outcome, checks }) => {
    const at = `${String(Math.floor(outcome.startSeconds / 60)).padStart(2, '0')}:${String(Math.floor(outcome.startSeconds % 60)).padStart(2, '0')}`;
    const who = outcome.speaker?.speaker ?? '(unknown voice)';
    const verdicts = checks.map(
      (check) =>
        `${VERDICT_LABELS_PT[check.verdict]}${check.status === 'published' ? '' : ` (${STATUS_LABELS_PT[check.status]})`}`,
    );
    const error = outcome.error !== null ? ` — ${outcome.error.stage}: ${outcome.error.message}` : '';
    io.stderr(
      `chunk ${outcome.index} [${at}] ${outcome.status} ${who}${verdicts.length > 0 ? `: ${verdicts.join(', ')}` : ''}${error}\n`,
    );
  };
}

function percent(index: number | null): string {
  return index === null ? '—' : `${(index * 100).toFixed(1)}`;
}

function printText(
  io: CliIo,
  debate: DebateInfo,
  live: LiveDebateResult,
  review: ReviewResult | null,
  summary: DebateSummary & { cost: ReturnType<typeof summarizeDebate>['cost'] },
  notice?: string,
): void {
  io.stdout(`${debate.name}\n${notice !== undefined ? `${notice}\n` : ''}\n`);
  const failed = live.chunks.filter((chunk) => chunk.status === 'failed').length;
  io.stdout(`${live.chunks.length} chunks (${failed} failed), ${live.checks.length} checks\n\n`);
  const board = (label: string, rows: DebateSummary['live']) =>
    `${label}\n${formatTable(
      ['candidate', 'true', 'imprecise', 'false', 'checkable', 'index'],
      rows.map((row) => [
        row.candidate,
        String(row.true),
        String(row.imprecise),
        String(row.false),
        String(row.checkable),
        percent(row.index),
      ]),
    )}\n\n`;
  io.stdout(board('Mentirômetro (live)', summary.live));
  io.stdout(board('Mentirômetro (revised)', summary.revised));
  for (const pair of summary.mentirometro)
    io.stdout(`MEN-2 ${pair.a} × ${pair.b}: live ${pair.live}, revised ${pair.revised}\n`);
  if (review !== null) {
    io.stdout(`\nReview changes (${review.changes.length}):\n`);
    for (const change of review.changes)
      io.stdout(
        `  ${change.checkId}: ${change.before.verdict}/${change.before.status} → ${change.after.verdict}/${change.after.status}\n`,
      );
  }
  io.stdout('\nSpeaking time by tone (s):\n');
  io.stdout(
    `${formatTable(
      ['speaker', 'proposal', 'attack', 'defense', 'record', 'chatter', 'dropped chatter'],
      Object.entries(summary.speakingTimeByTone).map(([speaker, row]) => [
        speaker,
        ...[row.proposal, row.attack, row.defense, row.record, row.chatter, row.droppedChatter].map((value) =>
          value.toFixed(1),
        ),
      ]),
    )}\n`,
  );
  const share = summary.officialSourceShare;
  io.stdout(
    `\nOfficial sources (DEB-4): ${share.officialChecks} of ${share.checksWithSource} checks with a source${share.share !== null ? ` (${(share.share * 100).toFixed(0)}%)` : ''}\n`,
  );
  io.stdout(
    `Cost: US$ ${summary.costUsd.toFixed(4)}${summary.cost !== null ? ` over ${summary.cost.calls} model calls (${summary.cost.cacheHits} cache hits)` : ''}\n`,
  );
  for (const stage of summary.cost?.byStage ?? [])
    io.stdout(`  ${stage.stage.padEnd(22)} ${String(stage.calls).padStart(4)} calls  US$ ${stage.usd.toFixed(5)}\n`);
}

async function writeOpenData(directory: string, checks: Check[], debate: DebateInfo, siteUrl: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, 'checagens.json'), `${JSON.stringify(openDataRows(checks), null, 2)}\n`);
  await writeFile(join(directory, 'checagens.csv'), openDataCsv(checks));
  const reviews = checks
    .map((check) => claimReview(claimReviewSubjectOf(check, debate), { siteUrl, publisherName: 'Espectro' }))
    .filter((item) => item !== null);
  await writeFile(join(directory, 'claimreview.jsonld'), `${JSON.stringify(reviews, null, 2)}\n`);
}

/**
 * REP-1 paraphrases across stored debates: clustering's offline embedder (no model weights needed),
 * used at its `REP_EMBEDDING_THRESHOLDS` cosine; the operator is told which backend matches repeats.
 */
function repeatEmbedder(io: CliIo): ClaimEmbedder {
  const embedder = createOfflineEmbedder();
  io.stderr(
    `REP-1: repeats of earlier stored checks found by normalised text, token Jaccard ≥ ${REP_JACCARD_THRESHOLD} or ${embedder.backend} cosine ≥ ${REP_EMBEDDING_THRESHOLDS[embedder.backend]} (same numbers always)\n`,
  );
  return embedder;
}

/** The site the ClaimReview URLs point at: ESPECTRO_SITE_URL, as the site itself reads it. */
function siteUrlOf(io: CliIo): string {
  return io.env.ESPECTRO_SITE_URL ?? 'https://espectro.example/';
}

function parseConcurrency(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new UsageError(`--concurrency expects a positive integer, got "${value}"`);
  return number;
}

async function openDebateStore(
  io: CliIo,
  db: string | undefined,
): Promise<{ store: Store; repository: DebateRepository }> {
  const store = await openCommandStore(io, 'espectro debate', db);
  return { store, repository: createStoreDebateRepository(store.database, debateDocumentParsers) };
}

const seconds = (value: number): string =>
  `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(Math.floor(value % 60)).padStart(2, '0')}`;

const LIVE_COLUMNS = [
  'chunk',
  'at',
  'speaker',
  'tone',
  'claims',
  'verdicts',
  'ms: transcr/spk/tone/claims/check/store',
];

/**
 * One row of the operator's live table: chunk, time, speaker, strongest tone (DEB-1), checkable /
 * annotated / discarded claims (DEB-2), verdicts, and milliseconds per stage.
 */
export function liveTableRow({ outcome, checks, timings }: LiveChunkEvent): string[] {
  const tone =
    outcome.tone === null
      ? '—'
      : TONES.map((name) => [name, outcome.tone![name]] as const).sort((left, right) => right[1] - left[1])[0]!;
  const ms = (value: number | undefined) => (value === undefined ? '-' : String(Math.round(value)));
  const checking = (timings.search ?? 0) + (timings.judge ?? 0) + (timings.audio_check ?? 0) + (timings.repeat ?? 0);
  return [
    String(outcome.index),
    seconds(outcome.startSeconds),
    outcome.speaker?.speaker ?? (outcome.status === 'failed' ? '—' : UNKNOWN_SPEAKER),
    typeof tone === 'string' ? tone : `${tone[0]} ${Math.round(tone[1] * 100)}%`,
    outcome.status === 'claims'
      ? `${checks.length}/${outcome.annotations.length}/${outcome.discarded.length}`
      : outcome.status === 'failed'
        ? `failed (${outcome.error?.stage ?? '?'})`
        : outcome.status,
    checks
      .map(
        (check) =>
          `${VERDICT_LABELS_PT[check.verdict]}${check.status === 'published' ? '' : ` (${STATUS_LABELS_PT[check.status]})`}${check.repeatOf !== null ? ' ↺' : ''}`,
      )
      .join(', ') || '—',
    [
      timings.transcription,
      timings.speaker,
      timings.tone,
      timings.claims,
      checks.length > 0 ? checking : undefined,
      timings.store,
    ]
      .map(ms)
      .join('/'),
  ];
}

/** Prints the live table row by row as chunks complete (fixed widths, so a terminal or a log reads it). */
function liveTable(io: CliIo): { onChunk: (event: LiveChunkEvent) => void } {
  const widths = [5, 5, 18, 14, 14, 34, 0];
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (widths[column]! > 0 ? cell.slice(0, widths[column]).padEnd(widths[column]!) : cell))
      .join(' ')
      .trimEnd();
  io.stdout(`${line(LIVE_COLUMNS)}\n`);
  return { onChunk: (event) => io.stdout(`${line(liveTableRow(event))}\n`) };
}

async function printStored(
  io: CliIo,
  repository: DebateRepository,
  debateId: string,
  json: boolean,
  review: ReviewResult | null,
  notice?: string,
): Promise<void> {
  const live = await storedLiveResult(repository, debateId);
  const summary = summarizeDebate({ live, ...(review !== null ? { review } : {}) });
  if (json) io.stdout(`${JSON.stringify(printed(summary), null, 2)}\n`);
  else printText(io, live.debate, live, review, summary, notice);
}

async function runReplayFile(
  replayInput: unknown,
  io: CliIo,
  options: {
    json: boolean;
    concurrency?: number;
    review: boolean;
    out?: string;
    quiet: boolean;
    store: boolean;
    db?: string;
  },
): Promise<number> {
  const replay = DebateReplaySchema.parse(replayInput);
  if (!options.store) {
    const run = await runReplay(replay, {
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      skipReview: !options.review,
      ...(options.quiet ? {} : { onChunk: progress(io) }),
    });
    if (options.out !== undefined)
      await writeOpenData(
        resolve(io.cwd, options.out),
        run.review?.checks ?? run.live.checks,
        run.live.debate,
        siteUrlOf(io),
      );
    if (options.json) io.stdout(`${JSON.stringify(printed(run.summary), null, 2)}\n`);
    else
      printText(io, run.live.debate, run.live, run.review, run.summary, replay.fictional ? replay.notice : undefined);
    return ExitCode.ok;
  }
  const { store, repository } = await openDebateStore(io, options.db);
  try {
    const run = await replayIntoStore({
      repository,
      replay,
      pace: Number.POSITIVE_INFINITY,
      review: options.review,
      claimEmbedder: repeatEmbedder(io),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.quiet ? {} : { onChunk: progress(io) }),
      onSkippedChunk: (index) => io.stderr(`chunk ${index} already stored (resumed)\n`),
    });
    const checks = run.review?.checks ?? (await storedLiveResult(repository, run.debateId)).checks;
    if (options.out !== undefined)
      await writeOpenData(resolve(io.cwd, options.out), checks, run.live.debate, siteUrlOf(io));
    const summary = summarizeDebate({
      live: run.live,
      ...(run.review !== null ? { review: run.review } : {}),
      ledger: run.ledger,
    });
    if (options.json) io.stdout(`${JSON.stringify(printed(summary), null, 2)}\n`);
    else printText(io, run.live.debate, run.live, run.review, summary, replay.fictional ? replay.notice : undefined);
    io.stderr(`stored in ${store.database.location} as debate ${run.debateId}\n`);
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function runAudioFile(
  path: string,
  io: CliIo,
  values: {
    json: boolean;
    concurrency?: number;
    review: boolean;
    out?: string;
    debate?: string;
    voices?: string;
    store: boolean;
    db?: string;
  },
): Promise<number> {
  if (values.debate === undefined)
    throw new UsageError('a .wav run needs --debate FILE (id, name, startedAt, candidates)');
  if (values.voices === undefined) throw new UsageError('a .wav run needs --voices FILE (enrolled candidate voices)');
  const debate = DebateInfoSchema.parse(await readJsonFile(values.debate, io.cwd));
  const stages = await createDefaultStages({ env: io.env, voices: resolve(io.cwd, values.voices) });
  const { ledger } = stages;
  const audio = resolve(io.cwd, path);
  const opened = values.store ? await openDebateStore(io, values.db) : null;
  try {
    const live = await runLiveDebate({
      debate,
      chunks: chunkAudioFile(audio),
      stages: stages.live,
      ledger,
      ...(opened !== null ? { claimEmbedder: repeatEmbedder(io) } : {}),
      onChunk: progress(io),
      ...(opened !== null ? { repository: opened.repository } : {}),
      ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
    });
    let review: ReviewResult | null = null;
    if (values.review) {
      io.stderr('post-debate review: full re-transcription, readers’ reports, official sources…\n');
      const reviewOptions = {
        stages: stages.review,
        chunks: chunkAudioFile(audio),
        reviewedAt: new Date().toISOString(),
        ledger,
      };
      review =
        opened !== null
          ? await reviewStoredDebate({ ...reviewOptions, repository: opened.repository, debateId: debate.id })
          : await reviewDebate({ ...reviewOptions, live });
    }
    const summary = summarizeDebate({ live, ...(review !== null ? { review } : {}), ledger });
    if (values.out !== undefined)
      await writeOpenData(resolve(io.cwd, values.out), review?.checks ?? live.checks, live.debate, siteUrlOf(io));
    if (values.json) io.stdout(`${JSON.stringify(printed(summary), null, 2)}\n`);
    else printText(io, live.debate, live, review, summary);
    return ExitCode.ok;
  } finally {
    await opened?.store.close();
  }
}

async function runLive(
  io: CliIo,
  values: {
    source?: string;
    debate?: string;
    voices?: string;
    replay?: string;
    realtime: boolean;
    pace?: string;
    concurrency?: number;
    db?: string;
  },
): Promise<number> {
  if (values.source === undefined) throw new UsageError('live needs --source <file|url|->');
  if (values.realtime && values.pace !== undefined) throw new UsageError('live takes --realtime or --pace, not both');
  if (values.debate === undefined && values.replay === undefined)
    throw new UsageError('live needs --debate FILE (or --replay FILE, whose debate is used)');
  if (values.voices === undefined && values.replay === undefined)
    throw new UsageError('live needs --voices FILE (real models) or --replay FILE (recorded answers)');
  const replay =
    values.replay !== undefined ? DebateReplaySchema.parse(await readJsonFile(values.replay, io.cwd)) : null;
  const debate =
    values.debate !== undefined ? DebateInfoSchema.parse(await readJsonFile(values.debate, io.cwd)) : replay!.debate;
  const replayStages = replay !== null ? createReplayStages(replay) : null;
  const stages =
    replayStages !== null
      ? replayStages.live
      : (await createDefaultStages({ env: io.env, voices: resolve(io.cwd, values.voices!) })).live;
  const isStream = values.source === '-' || /^https?:\/\//i.test(values.source);
  const source = isStream ? values.source : resolve(io.cwd, values.source);
  const pace = values.pace !== undefined ? parsePace(values.pace) : values.realtime ? 1 : Number.POSITIVE_INFINITY;
  const { store, repository } = await openDebateStore(io, values.db);
  try {
    io.stderr(
      `${debate.name}: decoding ${values.source} with ffmpeg into 10-s chunks; ${replay !== null ? 'model stages answer from the recorded replay' : 'speaker identification runs on this machine (voices never leave it)'}; checks are stored in ${store.database.location} as each chunk completes\n`,
    );
    // where a killed or crashed run starts again (a file: the first chunk not stored; a stream: what airs now)
    const started = await repository.startDebate(debate, { fictional: replay?.fictional ?? false });
    const resumeInput = {
      source: isStream ? ('stream' as const) : ('file' as const),
      storedChunks: started.storedChunks,
      lastChunk: started.lastChunk ?? null,
      pace: Number.isFinite(pace) ? pace : 1,
    };
    const plan = planLiveResume({ ...resumeInput, nowMs: Date.now() });
    if (plan.resumed && !isStream)
      io.stderr(
        `resumed: ${started.storedChunks.length} chunk(s) already stored; the file is read again from ${seconds(plan.seekSeconds)} (chunk ${plan.firstIndex})\n`,
      );
    // a stream's offset is measured when its first bytes arrive: the audio that aired in between is not checked
    const streamStart = () => {
      const atFirstBytes = planLiveResume({ ...resumeInput, nowMs: Date.now() });
      if (atFirstBytes.resumed)
        io.stderr(
          `resumed the stream at chunk ${atFirstBytes.firstIndex} (${seconds(atFirstBytes.startSeconds)}): ${atFirstBytes.gapSeconds.toFixed(1)} s aired while no process was listening and are not checked\n`,
        );
      return atFirstBytes.startSeconds;
    };
    const table = liveTable(io);
    const controller = new AbortController();
    const stop = () => controller.abort(new Error('interrupted'));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      const live = await runLiveDebate({
        debate,
        chunks: paceChunks(
          chunkAudio(
            decodeWithFfmpeg({
              source,
              realtime: values.realtime,
              seekSeconds: plan.seekSeconds,
              env: io.env,
              signal: controller.signal,
            }),
            { format: 'pcm', firstIndex: plan.firstIndex, startSeconds: isStream ? streamStart : plan.startSeconds },
          ),
          { pace: isStream ? Number.POSITIVE_INFINITY : pace, signal: controller.signal },
        ),
        stages,
        repository,
        claimEmbedder: repeatEmbedder(io),
        fictional: replay?.fictional ?? false,
        // one chunk at a time: live audio arrives one chunk per 10 s
        concurrency: values.concurrency ?? 1,
        onChunk: table.onChunk,
        onSkippedChunk: (chunk) => io.stderr(`chunk ${chunk.index} already stored (resumed)\n`),
        signal: controller.signal,
      });
      io.stderr(
        `live part over: ${live.chunks.length} chunks, ${live.checks.length} checks stored as debate ${debate.id}\n`,
      );
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function runReplayIntoStore(
  io: CliIo,
  file: string | undefined,
  values: { pace?: string; id?: string; db?: string; concurrency?: number; json: boolean },
): Promise<number> {
  const replay =
    file !== undefined ? DebateReplaySchema.parse(await readJsonFile(file, io.cwd)) : fictionalDebateReplay();
  const pace = parsePace(values.pace ?? '20x');
  const { store, repository } = await openDebateStore(io, values.db);
  try {
    const debateId = values.id ?? replay.debate.id;
    io.stderr(
      `${replay.fictional ? `${replay.notice}\n` : ''}replaying ${replay.debate.name} into ${store.database.location} as ${debateId} at ${Number.isFinite(pace) ? `${pace}x` : 'full speed'} (page: /placar/${debateId})\n`,
    );
    const table = values.json ? null : liveTable(io);
    const run = await replayIntoStore({
      repository,
      replay,
      pace,
      claimEmbedder: repeatEmbedder(io),
      ...(values.id !== undefined ? { debateId: values.id } : {}),
      ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
      ...(table !== null ? { onChunk: table.onChunk } : {}),
      onSkippedChunk: (index) => io.stderr(`chunk ${index} already stored\n`),
    });
    await printStored(
      io,
      repository,
      run.debateId,
      values.json,
      run.review,
      replay.fictional ? replay.notice : undefined,
    );
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function runStoredReview(
  io: CliIo,
  debateId: string | undefined,
  values: { replay?: string; audio?: string; db?: string; json: boolean; concurrency?: number },
): Promise<number> {
  if (debateId === undefined) throw new UsageError('review needs a stored debate id (espectro debate list)');
  if ((values.replay === undefined) === (values.audio === undefined))
    throw new UsageError('review needs exactly one of --replay FILE (recorded answers) or --audio FILE (real models)');
  const { store, repository } = await openDebateStore(io, values.db);
  try {
    if ((await repository.getDebate(debateId)) === undefined) {
      io.stderr(`espectro: no stored debate "${debateId}" (espectro debate list)\n`);
      return ExitCode.failure;
    }
    const reports = await repository.listReports(debateId);
    io.stderr(`review of ${debateId}: ${reports.length} reader report(s), evidence re-checked in official sources\n`);
    let stages;
    let chunks;
    let ledger;
    if (values.replay !== undefined) {
      stages = createReplayStages(DebateReplaySchema.parse(await readJsonFile(values.replay, io.cwd))).review;
    } else {
      const created = await createDefaultStages({ env: io.env });
      stages = created.review;
      ledger = created.ledger;
      chunks = chunkAudioFile(resolve(io.cwd, values.audio!));
    }
    const review = await reviewStoredDebate({
      repository,
      debateId,
      stages,
      reviewedAt: new Date().toISOString(),
      ...(chunks !== undefined ? { chunks } : {}),
      ...(ledger !== undefined ? { ledger } : {}),
      ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
    });
    await printStored(io, repository, debateId, values.json, review);
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

async function listStored(io: CliIo, values: { db?: string; json: boolean }): Promise<number> {
  const { store, repository } = await openDebateStore(io, values.db);
  try {
    const debates = await repository.listDebates();
    if (values.json)
      io.stdout(
        `${JSON.stringify(
          debates.map(({ info, ...rest }) => ({ id: info.id, name: info.name, ...rest })),
          null,
          2,
        )}\n`,
      );
    else
      io.stdout(
        `${formatTable(
          ['id', 'name', 'phase', 'chunks', 'fictional'],
          debates.map((debate) => [
            debate.info.id,
            debate.info.name,
            debate.phase,
            String(debate.chunkCount),
            debate.fictional ? 'yes' : 'no',
          ]),
        )}\n`,
      );
    return ExitCode.ok;
  } finally {
    await store.close();
  }
}

/** `espectro debate`: the live-debate fact-checking pipeline (demo, stored runs, live audio, replays, reviews). */
export const debateCommand: CliCommand = {
  name: 'debate',
  summary: 'Fact-check a debate: live from audio, a replay, or the fictional demo; stored and reviewed',
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        out: { type: 'string' },
        debate: { type: 'string' },
        voices: { type: 'string' },
        concurrency: { type: 'string' },
        'no-review': { type: 'boolean' },
        'no-store': { type: 'boolean' },
        db: { type: 'string' },
        source: { type: 'string' },
        replay: { type: 'string' },
        audio: { type: 'string' },
        realtime: { type: 'boolean' },
        'into-store': { type: 'boolean' },
        pace: { type: 'string' },
        id: { type: 'string' },
      },
    });
    const [subcommand, file, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const concurrency = parseConcurrency(values.concurrency);
    const common = {
      json: values.json === true,
      review: values['no-review'] !== true,
      store: values['no-store'] !== true,
      ...(values.out !== undefined ? { out: values.out } : {}),
      ...(values.db !== undefined ? { db: values.db } : {}),
      ...(concurrency !== undefined ? { concurrency } : {}),
    };
    try {
      switch (subcommand) {
        case 'demo':
          if (file !== undefined) throw new UsageError('demo takes no file (use `espectro debate run FILE`)');
          return await runReplayFile(fictionalDebateReplay(), io, { ...common, store: false, quiet: true });
        case 'run': {
          if (file === undefined) throw new UsageError('run needs a replay (.json) or audio (.wav) file');
          const extension = extname(file).toLowerCase();
          if (extension === '.json')
            return await runReplayFile(await readJsonFile(file, io.cwd), io, { ...common, quiet: false });
          if (extension === '.wav' || extension === '.pcm')
            return await runAudioFile(file, io, {
              ...common,
              ...(values.debate !== undefined ? { debate: values.debate } : {}),
              ...(values.voices !== undefined ? { voices: values.voices } : {}),
            });
          throw new UsageError(`cannot tell what "${file}" is: use a .json replay or a .wav file`);
        }
        case 'live':
          if (file !== undefined) throw new UsageError('live reads --source, not a positional file');
          return await runLive(io, {
            realtime: values.realtime === true,
            ...(values.source !== undefined ? { source: values.source } : {}),
            ...(values.debate !== undefined ? { debate: values.debate } : {}),
            ...(values.voices !== undefined ? { voices: values.voices } : {}),
            ...(values.replay !== undefined ? { replay: values.replay } : {}),
            ...(values.pace !== undefined ? { pace: values.pace } : {}),
            ...(values.db !== undefined ? { db: values.db } : {}),
            ...(concurrency !== undefined ? { concurrency } : {}),
          });
        case 'replay':
          return await runReplayIntoStore(io, file, {
            json: common.json,
            ...(values.pace !== undefined ? { pace: values.pace } : {}),
            ...(values.id !== undefined ? { id: values.id } : {}),
            ...(values.db !== undefined ? { db: values.db } : {}),
            ...(concurrency !== undefined ? { concurrency } : {}),
          });
        case 'review':
          return await runStoredReview(io, file, {
            json: common.json,
            ...(values.replay !== undefined ? { replay: values.replay } : {}),
            ...(values.audio !== undefined ? { audio: values.audio } : {}),
            ...(values.db !== undefined ? { db: values.db } : {}),
            ...(concurrency !== undefined ? { concurrency } : {}),
          });
        case 'list':
          return await listStored(io, { json: common.json, ...(values.db !== undefined ? { db: values.db } : {}) });
        default:
          throw new UsageError(
            subcommand === undefined
              ? 'missing subcommand (demo, run, live, replay, review or list)'
              : `unknown subcommand "${subcommand}" (demo, run, live, replay, review or list)`,
          );
      }
    } catch (error) {
      if (isFactcheckError(error)) {
        io.stderr(`espectro: ${error.message}\n`);
        return error.code === 'invalid_audio' || error.code === 'invalid_replay' || error.code === 'invalid_input'
          ? ExitCode.invalidInput
          : ExitCode.failure;
      }
      throw error;
    }
  },
};
