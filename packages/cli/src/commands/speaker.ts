import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  assertCompatible,
  BACKEND_CHOICES,
  embedderForVoices,
  equalErrorRate,
  minDcf,
  enrollFiles,
  identifyFile,
  readVoicesFile,
  resolveEmbedder,
  SpeakerIdError,
  STATISTICS_BACKEND,
  type BackendChoice,
  type ChunkIdentification,
  type Embedder,
  type SpeakerIdErrorCode,
  type Trial,
  type VoicesFile,
} from '@espectro/speaker-id';
import { InputFileError } from '../errors.js';
import { formatTable } from '../format.js';
import { readJsonLinesValues } from '../input-file.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro speaker enroll --name NAME --out voices.json [options] CLIP.wav…
       espectro speaker identify voices.json CHUNK.wav… [options] [--json]
       espectro speaker calibrate voices.json LABELS.jsonl [--p-target P] [--json]

Voice enrollment and identification, entirely on this machine (no audio leaves it).

enroll     Embeds each clip (WAV: 8/16/24/32-bit PCM or float, 8–192 kHz, up to 64 channels,
           600 s and 256 MiB per file), rejects silent clips and clips with less than --min-speech seconds of speech, and adds
           NAME to voices.json (created if missing; adding the same NAME again merges the clips).
           An existing voices.json keeps the backend it was enrolled with; a --backend that differs is refused.
  --backend auto|statistics-lda|statistics|campplus
                       auto (default): CAM++ when a model is installed, else statistics-lda, the
                       offline statistics embedder with the shipped LDA projection (40 dimensions);
                       statistics: the plain statistics embedder (240 dimensions, the offline
                       default before the projection; weaker on noisy and 8 kHz audio)
  --model PATH         CAM++ ONNX file (default: $ESPECTRO_MODELS/campplus or
                       ~/.cache/espectro/models/campplus; get it with \`espectro models pull campplus\`)
  --min-speech SECONDS minimum speech per clip (default 1)

identify   Scores each chunk against the enrolled voices with the backend they were enrolled with, and
           prints the backend and the threshold rule that decided. Default rule: per-speaker
           thresholds from the backend's shipped impostor cohort for statistics-lda files (each
           candidate's highest cohort score + 0.005, at least the cohort's 0.98 quantile); one cosine
           threshold per backend otherwise (0.5 CAM++, 0.8 plain statistics).
  --threshold X        one threshold for every candidate: best score below X → unknown (calibrate it)
  --min-margin X       best − second best below X → unknown
  --cohort FILE        voices file of other speakers (same backend) for adaptive s-norm (threshold 2 σ)
  --model PATH         CAM++ ONNX file when voices.json was enrolled with CAM++
  --json               one JSON line per chunk:
                       {"file","speaker","score","margin","threshold","backend","rule","reason"}

calibrate  Measures the default rule on chunks of your own recordings. LABELS.jsonl has one line per
           chunk: {"file":"chunk-0042.wav","speaker":"Ana"}, with "speaker" an enrolled name, or null
           (or any other name) for a voice that is not a candidate (hosts, journalists, audience).
           Prints how many enrolled-voice chunks the rule got right, gave to the wrong candidate or
           left unknown, how many other-voice chunks it left unknown, and the EER and minDCF of the
           scores (every chunk × enrolled voice) with their thresholds.
  --p-target P         prior of a target trial for minDCF (default 0.05)

Exit codes: 0 done, 1 model or runtime failure, 2 usage error, 3 invalid audio or voices file.`;

const inputErrors: ReadonlySet<SpeakerIdErrorCode> = new Set([
  'invalid_wav',
  'unsupported_format',
  'too_short',
  'silent',
  'invalid_enrollment',
  'backend_mismatch',
  'invalid_argument',
  'input_too_large',
]);

function parseNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new UsageError(`${flag} expects a number, got "${value}"`);
  return number;
}

async function enroll(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      out: { type: 'string' },
      backend: { type: 'string' },
      model: { type: 'string' },
      'min-speech': { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const name = values.name?.trim();
  if (!name) throw new UsageError('enroll needs --name NAME');
  if (!values.out) throw new UsageError('enroll needs --out voices.json');
  if (positionals.length === 0) throw new UsageError('enroll needs at least one CLIP.wav');
  const backend = (values.backend ?? 'auto') as BackendChoice;
  if (!BACKEND_CHOICES.includes(backend))
    throw new UsageError(`--backend must be ${BACKEND_CHOICES.join(', ')}, got "${values.backend}"`);
  const minSpeechSeconds = parseNumber(values['min-speech'], '--min-speech');
  if (minSpeechSeconds !== undefined && minSpeechSeconds < 0) throw new UsageError('--min-speech must be ≥ 0');
  const voicesPath = resolve(io.cwd, values.out);
  const modelPath = values.model ? resolve(io.cwd, values.model) : undefined;
  // An existing voices file fixes the backend: new voices must be comparable with the old ones.
  const existing = await readVoicesFile(voicesPath);
  const embedder =
    existing && backend === 'auto'
      ? await embedderForVoices(existing, { ...(modelPath ? { modelPath } : {}), env: io.env })
      : await resolveEmbedder({ backend, ...(modelPath ? { modelPath } : {}), env: io.env });
  if (existing)
    refuseMixing(
      existing,
      values.out,
      embedder,
      `Leave out --backend to add to ${values.out} with its own backend, or enroll into a new file`,
    );
  const byAbsolutePath = new Map(positionals.map((file) => [resolve(io.cwd, file), file]));
  const voices = await enrollFiles({
    name,
    files: [...byAbsolutePath.keys()],
    voicesPath,
    embedder,
    label: (path) => byAbsolutePath.get(path) ?? path,
    ...(minSpeechSeconds !== undefined ? { quality: { minSpeechSeconds } } : {}),
  });
  const speaker = voices.speakers.find((candidate) => candidate.name === name)!;
  if (values.json) {
    io.stdout(
      `${JSON.stringify({ file: values.out, name: speaker.name, clips: speaker.clips.length, backend: voices.backend, dimension: voices.dimension, speakers: voices.speakers.map((entry) => entry.name) })}\n`,
    );
    return ExitCode.ok;
  }
  const seconds = speaker.clips.reduce((sum, clip) => sum + clip.seconds, 0);
  io.stdout(
    `Enrolled ${speaker.name}: ${speaker.clips.length} clip(s), ${seconds.toFixed(1)} s of audio, into ${values.out}\n`,
  );
  io.stdout(`Backend: ${voices.backend}${voices.model ? ` (${voices.model})` : ''}\n`);
  if (existing && backend === 'auto' && voices.backend === STATISTICS_BACKEND)
    io.stdout(
      `Note: ${values.out} keeps the plain statistics embedder it was enrolled with; enroll into a new file for the default (--backend statistics-lda)\n`,
    );
  io.stdout(`Voices in the file: ${voices.speakers.map((entry) => entry.name).join(', ')}\n`);
  return ExitCode.ok;
}

/**
 * Refuses to put embeddings of two backends (or models, or dimensions) side by side: the message of
 * `assertCompatible` names the file as the user typed it and both backends; `hint` says what to do.
 */
function refuseMixing(voices: VoicesFile, file: string, embedder: Embedder, hint: string): void {
  try {
    assertCompatible(voices, embedder, file);
  } catch (error) {
    if (!(error instanceof SpeakerIdError)) throw error;
    throw new SpeakerIdError(error.code, `${error.message}. ${hint}`, { file, cause: error });
  }
}

function describe(result: ChunkIdentification): string {
  if (result.speaker) return result.speaker;
  switch (result.reason) {
    case 'silence':
      return 'unknown (silence)';
    case 'low_margin':
      return `unknown (too close: ${result.bestCandidate})`;
    case 'no_speakers':
      return 'unknown (no voices enrolled)';
    default:
      return `unknown (best: ${result.bestCandidate})`;
  }
}

async function identify(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      json: { type: 'boolean' },
      threshold: { type: 'string' },
      'min-margin': { type: 'string' },
      cohort: { type: 'string' },
      model: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [voicesArgument, ...chunks] = positionals;
  if (!voicesArgument || chunks.length === 0)
    throw new UsageError('identify needs voices.json and at least one CHUNK.wav');
  const voicesPath = resolve(io.cwd, voicesArgument);
  const voices = await readVoicesFile(voicesPath);
  if (!voices)
    throw new SpeakerIdError(
      'invalid_enrollment',
      `${voicesArgument}: file not found (create it with \`espectro speaker enroll\`)`,
    );
  const modelPath = values.model ? resolve(io.cwd, values.model) : undefined;
  const embedder = await embedderForVoices(voices, { ...(modelPath ? { modelPath } : {}), env: io.env });
  let cohort: number[][] | undefined;
  if (values.cohort) {
    const cohortVoices = await readVoicesFile(resolve(io.cwd, values.cohort));
    if (!cohortVoices) throw new SpeakerIdError('invalid_enrollment', `${values.cohort}: file not found`);
    refuseMixing(
      cohortVoices,
      values.cohort,
      embedder,
      `The cohort must be enrolled with the backend of ${voicesArgument} ("${voices.backend}")`,
    );
    cohort = cohortVoices.speakers.map((speaker) => speaker.embedding);
  }
  const unknownThreshold = parseNumber(values.threshold, '--threshold');
  const minMargin = parseNumber(values['min-margin'], '--min-margin');
  const rows: string[][] = [];
  const rules = new Set<string>();
  for (const chunk of chunks) {
    const result = await identifyFile(resolve(io.cwd, chunk), {
      voices,
      embedder,
      ...(unknownThreshold !== undefined ? { unknownThreshold } : {}),
      ...(minMargin !== undefined ? { minMargin } : {}),
      ...(cohort ? { cohort } : {}),
    });
    if (values.json) {
      io.stdout(
        `${JSON.stringify({ file: chunk, speaker: result.speaker, score: result.score, margin: result.margin, threshold: result.threshold, backend: result.backend, rule: result.rule.kind, reason: result.reason })}\n`,
      );
    } else {
      rules.add(result.rule.description);
      rows.push([
        chunk,
        describe(result),
        result.score === null ? '—' : result.score.toFixed(3),
        result.threshold === null ? '—' : result.threshold.toFixed(3),
        result.margin === null ? '—' : result.margin.toFixed(3),
      ]);
    }
  }
  if (!values.json) {
    io.stdout(`Backend: ${embedder.backend}${embedder.model ? ` (${embedder.model})` : ''}\n`);
    io.stdout(`Threshold rule: ${[...rules].join('; ')}\n`);
    io.stdout(`${formatTable(['chunk', 'speaker', 'score', 'threshold', 'margin'], rows)}\n`);
  }
  return ExitCode.ok;
}

const labelSchema = z.object({
  file: z.string().min(1, 'the chunk file name is empty'),
  speaker: z.string().nullable(),
});

/** How the default rule did on labelled chunks of the operator's own recordings. */
interface CalibrationSummary {
  backend: string;
  rule: string;
  chunks: number;
  silent: number;
  enrolled: { chunks: number; right: number; wrongCandidate: number; unknown: number };
  others: { chunks: number; unknown: number; acceptedAs: Record<string, number> };
  eer: { rate: number; threshold: number } | null;
  minDcf: { pTarget: number; value: number; threshold: number } | null;
}

async function calibrate(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean' }, model: { type: 'string' }, 'p-target': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [voicesArgument, labelsArgument, ...rest] = positionals;
  if (!voicesArgument || !labelsArgument || rest.length > 0)
    throw new UsageError('calibrate needs voices.json and LABELS.jsonl');
  const pTarget = parseNumber(values['p-target'], '--p-target') ?? 0.05;
  if (!(pTarget > 0 && pTarget < 1)) throw new UsageError(`--p-target must be in (0, 1), got ${pTarget}`);
  const voices = await readVoicesFile(resolve(io.cwd, voicesArgument));
  if (!voices)
    throw new SpeakerIdError(
      'invalid_enrollment',
      `${voicesArgument}: file not found (create it with \`espectro speaker enroll\`)`,
    );
  const labels = (await readJsonLinesValues(labelsArgument, io.cwd, labelSchema)).map((line) => line.value);
  if (labels.length === 0) throw new InputFileError(`${labelsArgument} has no labelled chunks`);
  const modelPath = values.model ? resolve(io.cwd, values.model) : undefined;
  const embedder = await embedderForVoices(voices, { ...(modelPath ? { modelPath } : {}), env: io.env });
  const enrolledNames = new Set(voices.speakers.map((speaker) => speaker.name));
  const summary: CalibrationSummary = {
    backend: embedder.backend,
    rule: '',
    chunks: labels.length,
    silent: 0,
    enrolled: { chunks: 0, right: 0, wrongCandidate: 0, unknown: 0 },
    others: { chunks: 0, unknown: 0, acceptedAs: {} },
    eer: null,
    minDcf: null,
  };
  const trials: Trial[] = [];
  for (const label of labels) {
    const result = await identifyFile(resolve(io.cwd, label.file), { voices, embedder });
    summary.rule = result.rule.description;
    if (result.reason === 'silence') {
      summary.silent += 1;
      continue;
    }
    const truth = label.speaker !== null && enrolledNames.has(label.speaker) ? label.speaker : null;
    for (const [name, score] of Object.entries(result.scores)) trials.push({ score, target: name === truth });
    if (truth !== null) {
      summary.enrolled.chunks += 1;
      if (result.speaker === truth) summary.enrolled.right += 1;
      else if (result.speaker === null) summary.enrolled.unknown += 1;
      else summary.enrolled.wrongCandidate += 1;
    } else {
      summary.others.chunks += 1;
      if (result.speaker === null) summary.others.unknown += 1;
      else summary.others.acceptedAs[result.speaker] = (summary.others.acceptedAs[result.speaker] ?? 0) + 1;
    }
  }
  if (trials.some((trial) => trial.target) && trials.some((trial) => !trial.target)) {
    const eer = equalErrorRate(trials);
    const cost = minDcf(trials, { pTarget });
    summary.eer = { rate: eer.rate, threshold: eer.threshold };
    summary.minDcf = { pTarget, value: cost.minDcf, threshold: cost.threshold };
  }
  if (values.json) {
    io.stdout(`${JSON.stringify(summary)}\n`);
    return ExitCode.ok;
  }
  const share = (part: number, whole: number) =>
    whole === 0 ? '—' : `${part}/${whole} (${((100 * part) / whole).toFixed(0)} %)`;
  io.stdout(`Backend: ${summary.backend}\n`);
  io.stdout(`Threshold rule: ${summary.rule || '— (every chunk was silent)'}\n`);
  io.stdout(
    `Chunks: ${summary.chunks} (${summary.enrolled.chunks} of enrolled voices, ${summary.others.chunks} of other voices, ${summary.silent} silent)\n`,
  );
  io.stdout(
    `Enrolled voices: right ${share(summary.enrolled.right, summary.enrolled.chunks)}, wrong candidate ${share(summary.enrolled.wrongCandidate, summary.enrolled.chunks)}, unknown ${share(summary.enrolled.unknown, summary.enrolled.chunks)}\n`,
  );
  const accepted = Object.entries(summary.others.acceptedAs)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  io.stdout(
    `Other voices: unknown ${share(summary.others.unknown, summary.others.chunks)}${accepted ? `; accepted as ${accepted}` : ''}\n`,
  );
  io.stdout(
    summary.eer && summary.minDcf
      ? `Scores: EER ${(100 * summary.eer.rate).toFixed(1)} % at ${summary.eer.threshold.toFixed(3)}; minDCF (p ${pTarget}) ${summary.minDcf.value.toFixed(3)} at ${summary.minDcf.threshold.toFixed(3)}\n`
      : 'Scores: EER and minDCF need chunks of enrolled voices and chunks of other voices\n',
  );
  return ExitCode.ok;
}

/** `espectro speaker`: enroll candidates' voices and identify who speaks in each chunk, locally. */
export const speakerCommand: CliCommand = {
  name: 'speaker',
  summary:
    'Enroll candidate voices, identify who speaks in audio chunks and calibrate on your recordings (on this machine)',
  usage,
  async run(args, io) {
    const [subcommand, ...rest] = args;
    try {
      if (subcommand === 'enroll') return await enroll(rest, io);
      if (subcommand === 'identify') return await identify(rest, io);
      if (subcommand === 'calibrate') return await calibrate(rest, io);
    } catch (error) {
      if (error instanceof SpeakerIdError) {
        io.stderr(`espectro: ${error.message}\n`);
        return inputErrors.has(error.code) ? ExitCode.invalidInput : ExitCode.failure;
      }
      throw error;
    }
    throw new UsageError(
      subcommand
        ? `unknown subcommand "${subcommand}" (enroll, identify or calibrate)`
        : 'expected a subcommand: enroll, identify or calibrate',
    );
  },
};
