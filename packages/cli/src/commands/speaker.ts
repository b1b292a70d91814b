import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  assertCompatible,
  BACKEND_CHOICES,
  embedderForVoices,
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
  type VoicesFile,
} from '@espectro/speaker-id';
import { formatTable } from '../format.js';
import { ExitCode, UsageError, type CliCommand, type CliIo } from '../io.js';

const usage = `Usage: espectro speaker enroll --name NAME --out voices.json [options] CLIP.wav…
       espectro speaker identify voices.json CHUNK.wav… [options] [--json]

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

/** `espectro speaker`: enroll candidates' voices and identify who speaks in each chunk, locally. */
export const speakerCommand: CliCommand = {
  name: 'speaker',
  summary: 'Enroll candidate voices and identify who speaks in audio chunks (on this machine)',
  usage,
  async run(args, io) {
    const [subcommand, ...rest] = args;
    try {
      if (subcommand === 'enroll') return await enroll(rest, io);
      if (subcommand === 'identify') return await identify(rest, io);
    } catch (error) {
      if (error instanceof SpeakerIdError) {
        io.stderr(`espectro: ${error.message}\n`);
        return inputErrors.has(error.code) ? ExitCode.invalidInput : ExitCode.failure;
      }
      throw error;
    }
    throw new UsageError(
      subcommand
        ? `unknown subcommand "${subcommand}" (enroll or identify)`
        : 'expected a subcommand: enroll or identify',
    );
  },
};
