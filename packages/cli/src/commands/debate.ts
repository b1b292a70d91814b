import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  chunkAudioFile,
  claimReviewJsonLd,
  createDefaultStages,
  DebateInfoSchema,
  DebateReplaySchema,
  isFactcheckError,
  openDataCsv,
  openDataRows,
  reviewDebate,
  runLiveDebate,
  runReplay,
  STATUS_LABELS_PT,
  summarizeDebate,
  VERDICT_LABELS_PT,
  type Check,
  type DebateInfo,
  type DebateSummary,
  type LiveChunkEvent,
  type LiveDebateResult,
  type ReviewResult,
} from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';
import { readJsonFile } from '../read-json.js';

const usage = `Usage: espectro debate demo [--json] [--out DIR]
       espectro debate run <replay.json|audio.wav> [options] [--json]

Live-debate fact-checking (seed 001, RULES.md §7): 10-second chunks → transcription → speaker →
tone → claims → evidence → judge → audio re-verification → repeated claims → post-debate review.

demo       Replays the bundled FICTIONAL debate (fictional candidates, invented figures) offline:
           no network, no API keys. Every stage answers from recorded outputs through the real
           prompts, schemas, cache and cost ledger.
run        A replay file (.json, format "espectro.debate-replay"), or a 16 kHz mono PCM16 WAV
           (.wav) run live with the real adapters (needs OPENAI_API_KEY, GROQ_API_KEY,
           ANTHROPIC_API_KEY, GEMINI_API_KEY, PERPLEXITY_API_KEY; GOOGLE_FACTCHECK_API_KEY adds
           existing fact-checks). Progress goes to stderr, one line per chunk.
  --debate FILE        (.wav) the debate: {"id","name","startedAt","candidates":[{"name"}],"names"}
  --voices FILE        (.wav) enrolled candidate voices (espectro speaker enroll)
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

async function writeOpenData(directory: string, checks: Check[], debate: DebateInfo): Promise<void> {
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, 'checagens.json'), `${JSON.stringify(openDataRows(checks), null, 2)}\n`);
  await writeFile(join(directory, 'checagens.csv'), openDataCsv(checks));
  const reviews = checks
    .map((check) =>
      claimReviewJsonLd(check, {
        publisher: { name: 'Espectro', url: debate.url ?? 'https://espectro.example' },
        debate,
      }),
    )
    .filter((item) => item !== null);
  await writeFile(join(directory, 'claimreview.jsonld'), `${JSON.stringify(reviews, null, 2)}\n`);
}

function parseConcurrency(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new UsageError(`--concurrency expects a positive integer, got "${value}"`);
  return number;
}

async function runReplayFile(
  replayInput: unknown,
  io: CliIo,
  options: { json: boolean; concurrency?: number; review: boolean; out?: string; quiet: boolean },
): Promise<number> {
  const replay = DebateReplaySchema.parse(replayInput);
  const run = await runReplay(replay, {
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    skipReview: !options.review,
    ...(options.quiet ? {} : { onChunk: progress(io) }),
  });
  if (options.out !== undefined)
    await writeOpenData(resolve(io.cwd, options.out), run.review?.checks ?? run.live.checks, run.live.debate);
  if (options.json) io.stdout(`${JSON.stringify(printed(run.summary), null, 2)}\n`);
  else printText(io, run.live.debate, run.live, run.review, run.summary, replay.fictional ? replay.notice : undefined);
  return ExitCode.ok;
}

async function runAudioFile(
  path: string,
  io: CliIo,
  values: { json: boolean; concurrency?: number; review: boolean; out?: string; debate?: string; voices?: string },
): Promise<number> {
  if (values.debate === undefined)
    throw new UsageError('a .wav run needs --debate FILE (id, name, startedAt, candidates)');
  if (values.voices === undefined) throw new UsageError('a .wav run needs --voices FILE (enrolled candidate voices)');
  const debate = DebateInfoSchema.parse(await readJsonFile(values.debate, io.cwd));
  const stages = await createDefaultStages({ env: io.env, voices: resolve(io.cwd, values.voices) });
  const { ledger } = stages;
  const audio = resolve(io.cwd, path);
  const live = await runLiveDebate({
    debate,
    chunks: chunkAudioFile(audio),
    stages: stages.live,
    ledger,
    onChunk: progress(io),
    ...(values.concurrency !== undefined ? { concurrency: values.concurrency } : {}),
  });
  let review: ReviewResult | null = null;
  if (values.review) {
    io.stderr('post-debate review: full re-transcription…\n');
    review = await reviewDebate({
      live,
      stages: stages.review,
      chunks: chunkAudioFile(audio),
      reviewedAt: new Date().toISOString(),
      ledger,
    });
  }
  const summary = summarizeDebate({ live, ...(review !== null ? { review } : {}), ledger });
  if (values.out !== undefined)
    await writeOpenData(resolve(io.cwd, values.out), review?.checks ?? live.checks, live.debate);
  if (values.json) io.stdout(`${JSON.stringify(printed(summary), null, 2)}\n`);
  else printText(io, live.debate, live, review, summary);
  return ExitCode.ok;
}

/** `espectro debate`: the live-debate fact-checking pipeline (demo replay, replay files, live audio). */
export const debateCommand: CliCommand = {
  name: 'debate',
  summary: 'Fact-check a debate: replay the fictional demo, a replay file, or a WAV',
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
      },
    });
    const [subcommand, file, ...extra] = positionals;
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
    const common = {
      json: values.json === true,
      review: values['no-review'] !== true,
      ...(values.out !== undefined ? { out: values.out } : {}),
      ...(parseConcurrency(values.concurrency) !== undefined
        ? { concurrency: parseConcurrency(values.concurrency) as number }
        : {}),
    };
    try {
      if (subcommand === 'demo') {
        if (file !== undefined) throw new UsageError('demo takes no file (use `espectro debate run FILE`)');
        return await runReplayFile(fictionalDebateReplay(), io, { ...common, quiet: true });
      }
      if (subcommand === 'run') {
        if (file === undefined) throw new UsageError('run needs a replay (.json) or audio (.wav) file');
        const extension = extname(file).toLowerCase();
        if (extension === '.json')
          return await runReplayFile(await readJsonFile(file, io.cwd), io, { ...common, quiet: false });
        if (extension === '.wav' || extension === '.pcm') {
          return await runAudioFile(file, io, {
            ...common,
            ...(values.debate !== undefined ? { debate: values.debate } : {}),
            ...(values.voices !== undefined ? { voices: values.voices } : {}),
          });
        }
        throw new UsageError(`cannot tell what "${file}" is: use a .json replay or a .wav file`);
      }
      throw new UsageError(
        subcommand === undefined
          ? 'missing subcommand (demo or run)'
          : `unknown subcommand "${subcommand}" (demo or run)`,
      );
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
