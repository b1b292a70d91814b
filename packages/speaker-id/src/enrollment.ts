/**
 * Enrollment: each candidate's voice from several clips, checked for quality, averaged and saved in
 * a versioned voices file that later runs add to but never mix across backends or dimensions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { formatZodIssues } from '@espectro/methodology';
import { z } from 'zod';
import type { Embedder } from './embedder.js';
import { SpeakerIdError } from './errors.js';
import { analyseSpeech, type SpeechAnalysis, type VadOptions } from './vad.js';
import { averageEmbedding, l2Normalize } from './vectors.js';
import { readWavFile, toMono16k } from './wav.js';

/** Current version of the voices file format. */
export const VOICES_FORMAT_VERSION = 1;

/** One clip that went into an enrollment (the audio itself is not stored). */
export interface ClipRecord {
  /** File name as given (or a label for in-memory audio). */
  file: string;
  /** Duration of the clip in seconds. */
  seconds: number;
  /** SHA-256 of the file bytes (or of the 16 kHz float samples for in-memory audio), hex. */
  sha256: string;
}

/** One enrolled voice. */
export interface EnrolledSpeaker {
  name: string;
  /** Average of the clips' unit embeddings, L2-normalised. */
  embedding: number[];
  clips: ClipRecord[];
}

/** The voices (enrollment) file. */
export interface VoicesFile {
  formatVersion: typeof VOICES_FORMAT_VERSION;
  /** Backend label of the embedder that made every embedding. */
  backend: string;
  /** Model file name for model-backed backends (e.g. the CAM++ ONNX file). */
  model?: string;
  dimension: number;
  speakers: EnrolledSpeaker[];
  /** ISO-8601 creation time. */
  createdAt: string;
  /** ISO-8601 time of the last change. */
  updatedAt?: string;
}

const clipSchema = z.object({
  file: z.string(),
  seconds: z.number().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Zod schema of a voices file (format version 1). */
export const voicesFileSchema = z
  .object({
    formatVersion: z.literal(VOICES_FORMAT_VERSION),
    backend: z.string().min(1),
    model: z.string().min(1).optional(),
    dimension: z.number().int().positive(),
    speakers: z.array(
      z.object({ name: z.string().min(1), embedding: z.array(z.number()), clips: z.array(clipSchema) }),
    ),
    createdAt: z.string(),
    updatedAt: z.string().optional(),
  })
  .superRefine((voices, context) => {
    const names = new Set<string>();
    voices.speakers.forEach((speaker, index) => {
      if (speaker.embedding.length !== voices.dimension) {
        context.addIssue({
          code: 'custom',
          path: ['speakers', index, 'embedding'],
          message: `has ${speaker.embedding.length} values, dimension is ${voices.dimension}`,
        });
      }
      if (names.has(speaker.name))
        context.addIssue({
          code: 'custom',
          path: ['speakers', index, 'name'],
          message: `"${speaker.name}" appears twice`,
        });
      names.add(speaker.name);
    });
  });

/** Quality requirements for enrollment clips. */
export interface QualityOptions {
  /** Minimum speech per clip, in seconds, by the energy VAD (default 1). */
  minSpeechSeconds?: number;
  /** Fewer speech frames (10 ms) than this → the clip is silent (default 20). */
  minSpeechFrames?: number;
  /** Energy-VAD parameters. */
  vad?: VadOptions;
}

/** Default enrollment quality thresholds. */
export const defaultQuality = { minSpeechSeconds: 1, minSpeechFrames: 20 } as const;

/**
 * Checks that a clip has speech: throws `silent` below `minSpeechFrames` speech frames and
 * `too_short` below `minSpeechSeconds` of speech, naming the file.
 */
export function checkClipQuality(samples16k: Float32Array, file: string, quality: QualityOptions = {}): SpeechAnalysis {
  const minSpeechSeconds = quality.minSpeechSeconds ?? defaultQuality.minSpeechSeconds;
  const minSpeechFrames = quality.minSpeechFrames ?? defaultQuality.minSpeechFrames;
  const analysis = analyseSpeech(samples16k, quality.vad);
  if (analysis.speechFrames < minSpeechFrames) {
    throw new SpeakerIdError(
      'silent',
      `${file}: no speech found (${analysis.speechFrames} of ${analysis.frames} frames above the energy threshold, need ${minSpeechFrames}); is the clip silent or very quiet?`,
      { file },
    );
  }
  if (analysis.speechSeconds < minSpeechSeconds) {
    throw new SpeakerIdError(
      'too_short',
      `${file}: only ${analysis.speechSeconds.toFixed(2)} s of speech, need at least ${minSpeechSeconds} s for enrollment`,
      { file },
    );
  }
  return analysis;
}

/** One clip ready for enrollment: 16 kHz mono samples plus what is recorded about it. */
export interface EnrollmentClip {
  file: string;
  samples: Float32Array;
  /** Original duration; defaults to samples / 16000. */
  seconds?: number;
  /** Hex SHA-256 of the source bytes; defaults to the hash of the samples. */
  sha256?: string;
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Enrolls one speaker from several clips: quality check each, embed each, average the unit
 * embeddings and L2-normalise.
 *
 * @throws SpeakerIdError `silent` / `too_short` naming the offending clip.
 */
export async function enrollSpeaker(input: {
  name: string;
  clips: readonly EnrollmentClip[];
  embedder: Embedder;
  quality?: QualityOptions;
}): Promise<EnrolledSpeaker> {
  const name = input.name.trim();
  if (name.length === 0) throw new SpeakerIdError('invalid_argument', 'speaker name must not be empty');
  if (input.clips.length === 0) throw new SpeakerIdError('invalid_argument', `no clips given for "${name}"`);
  const embeddings: Float32Array[] = [];
  const clips: ClipRecord[] = [];
  for (const clip of input.clips) {
    checkClipQuality(clip.samples, clip.file, input.quality);
    const embedding = await input.embedder.embed(clip.samples, 16000);
    if (embedding.length !== input.embedder.dimension) {
      throw new SpeakerIdError(
        'backend_mismatch',
        `${clip.file}: the embedder returned ${embedding.length} values, it declares ${input.embedder.dimension}`,
        { file: clip.file },
      );
    }
    embeddings.push(embedding);
    clips.push({
      file: clip.file,
      seconds: clip.seconds ?? clip.samples.length / 16000,
      sha256:
        clip.sha256 ?? sha256Hex(new Uint8Array(clip.samples.buffer, clip.samples.byteOffset, clip.samples.byteLength)),
    });
  }
  return { name, embedding: Array.from(averageEmbedding(embeddings)), clips };
}

/** An empty voices file for an embedder. */
export function createVoicesFile(
  embedder: Pick<Embedder, 'backend' | 'dimension' | 'model'>,
  now: Date = new Date(),
): VoicesFile {
  return {
    formatVersion: VOICES_FORMAT_VERSION,
    backend: embedder.backend,
    ...(embedder.model ? { model: embedder.model } : {}),
    dimension: embedder.dimension,
    speakers: [],
    createdAt: now.toISOString(),
  };
}

/**
 * Throws `backend_mismatch` unless the voices file was made by the same backend, model and
 * dimension as `embedder`.
 */
export function assertCompatible(
  voices: VoicesFile,
  embedder: Pick<Embedder, 'backend' | 'dimension' | 'model'>,
  file = 'voices file',
): void {
  if (voices.backend !== embedder.backend) {
    throw new SpeakerIdError(
      'backend_mismatch',
      `${file} was enrolled with "${voices.backend}", not "${embedder.backend}"; embeddings of different backends cannot be compared — re-enroll, or use the same backend`,
      { file },
    );
  }
  if (voices.model && embedder.model && voices.model !== embedder.model) {
    throw new SpeakerIdError(
      'backend_mismatch',
      `${file} was enrolled with model ${voices.model}, not ${embedder.model}`,
      { file },
    );
  }
  if (voices.dimension !== embedder.dimension) {
    throw new SpeakerIdError(
      'backend_mismatch',
      `${file} holds ${voices.dimension}-dimensional embeddings, the embedder makes ${embedder.dimension}`,
      { file },
    );
  }
}

/**
 * Adds a speaker to a voices file (returns a new object). Adding a name that is already enrolled
 * merges the clips: clips already present (same SHA-256) are skipped and the embedding becomes the
 * clip-count-weighted average of the old and new embeddings, L2-normalised.
 */
export function addSpeaker(
  voices: VoicesFile,
  speaker: EnrolledSpeaker,
  embedder: Pick<Embedder, 'backend' | 'dimension' | 'model'>,
  now: Date = new Date(),
): VoicesFile {
  assertCompatible(voices, embedder);
  if (speaker.embedding.length !== voices.dimension) {
    throw new SpeakerIdError(
      'backend_mismatch',
      `speaker "${speaker.name}" has a ${speaker.embedding.length}-dimensional embedding, the file holds ${voices.dimension}`,
    );
  }
  const existing = voices.speakers.find((candidate) => candidate.name === speaker.name);
  let merged: EnrolledSpeaker = speaker;
  if (existing) {
    const known = new Set(existing.clips.map((clip) => clip.sha256));
    const freshClips = speaker.clips.filter((clip) => !known.has(clip.sha256));
    const oldWeight = existing.clips.length;
    const newWeight = freshClips.length === 0 ? 0 : speaker.clips.length;
    const sum = existing.embedding.map(
      (value, index) => value * oldWeight + (speaker.embedding[index] ?? 0) * newWeight,
    );
    merged = { name: speaker.name, embedding: Array.from(l2Normalize(sum)), clips: [...existing.clips, ...freshClips] };
  }
  return {
    ...voices,
    speakers: existing
      ? voices.speakers.map((candidate) => (candidate.name === speaker.name ? merged : candidate))
      : [...voices.speakers, merged],
    updatedAt: now.toISOString(),
  };
}

/** Validates a parsed voices file; throws `invalid_enrollment` naming the field. */
export function parseVoicesFile(value: unknown, file = 'voices file'): VoicesFile {
  if (
    typeof value === 'object' &&
    value !== null &&
    'formatVersion' in value &&
    value.formatVersion !== VOICES_FORMAT_VERSION
  ) {
    throw new SpeakerIdError(
      'invalid_enrollment',
      `${file}: format version ${String(value.formatVersion)} is not supported (this version reads ${VOICES_FORMAT_VERSION})`,
      { file },
    );
  }
  const parsed = voicesFileSchema.safeParse(value);
  if (!parsed.success) {
    const issues = formatZodIssues(parsed.error.issues, { whole: '(file)' });
    throw new SpeakerIdError('invalid_enrollment', `${file}: not a valid voices file: ${issues}`, { file });
  }
  return parsed.data as VoicesFile;
}

/** Reads a voices file; resolves to undefined when it does not exist. */
export async function readVoicesFile(path: string): Promise<VoicesFile | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SpeakerIdError('invalid_enrollment', `${path}: cannot read (${(error as Error).message})`, {
      file: path,
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SpeakerIdError('invalid_enrollment', `${path}: not JSON (${(error as Error).message})`, {
      file: path,
      cause: error,
    });
  }
  return parseVoicesFile(json, path);
}

/** Writes a file atomically: a temporary file in the same folder, then rename. */
export async function writeFileAtomic(path: string, contents: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, contents);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Writes a voices file atomically (pretty-printed JSON). */
export async function writeVoicesFile(path: string, voices: VoicesFile): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(parseVoicesFile(voices, path), null, 2)}\n`);
}

/** Reads a WAV file as an enrollment clip (16 kHz mono, with duration and SHA-256 of the bytes). */
export async function loadClip(path: string, label: string = basename(path)): Promise<EnrollmentClip> {
  const { wav, bytes } = await readWavFile(path);
  return { file: label, samples: toMono16k(wav), seconds: wav.seconds, sha256: sha256Hex(bytes) };
}

/**
 * Enrolls a speaker from WAV files and adds them to the voices file at `voicesPath` (created when
 * missing), refusing a file made with another backend. Resolves to the updated voices file.
 */
export async function enrollFiles(input: {
  name: string;
  files: readonly string[];
  voicesPath: string;
  embedder: Embedder;
  quality?: QualityOptions;
  /** How clip files are recorded (default: as given). */
  label?: (path: string) => string;
  now?: Date;
}): Promise<VoicesFile> {
  const existing = await readVoicesFile(input.voicesPath);
  if (existing) assertCompatible(existing, input.embedder, input.voicesPath);
  const clips = [];
  for (const file of input.files) clips.push(await loadClip(file, input.label ? input.label(file) : file));
  const speaker = await enrollSpeaker({
    name: input.name,
    clips,
    embedder: input.embedder,
    ...(input.quality ? { quality: input.quality } : {}),
  });
  const now = input.now ?? new Date();
  const updated = addSpeaker(existing ?? createVoicesFile(input.embedder, now), speaker, input.embedder, now);
  await writeVoicesFile(input.voicesPath, updated);
  return updated;
}
