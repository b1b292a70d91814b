/**
 * Renders the open-set clips to WAV files: each voice speaks its sentence pairs once (espeak-ng, or
 * the synthetic formant voice at 16 kHz), then SoX derives every condition from that clean source.
 * Files that already exist are reused, so a cache folder makes a second run of the report cheap.
 */
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { syntheticVoice } from '../testing/synthetic-voice.js';
import { encodeWav } from '../wav.js';
import { speakToWav } from './audio-tools.js';
import { applyCondition, type ConditionId } from './conditions.js';
import {
  clipText,
  ENROLLMENT_SENTENCE_PAIRS,
  TEST_SENTENCE_PAIRS,
  type OpenSetRoster,
  type OpenSetVoice,
} from './roster.js';

/** The role a clip plays in the report. */
/** `training` clips are only used to train the statistics projection (`train-projection.ts`). */
export type ClipRole = 'enrollment' | 'cohort' | 'target' | 'impostor' | 'training';

/** One rendered clip. */
export interface OpenSetClip {
  /** The voice speaking. */
  voice: string;
  role: ClipRole;
  condition: ConditionId;
  /** Which sentence pair (index into the enrollment or test pairs). */
  pair: number;
  /** The WAV file. */
  path: string;
}

/** How many clips of each kind to render. */
export interface CorpusPlan {
  /** Enrollment clips per candidate (≤ 3; clean). */
  enrollmentClips: number;
  /** Clips per cohort voice (≤ 3; clean, from the enrollment sentences). */
  cohortClips: number;
  /** Test clips per candidate, per condition (≤ 6). */
  targetClips: number;
  /** Test clips per impostor, per condition (≤ 6). */
  impostorClips: number;
  /** The conditions of the test clips. */
  conditions: readonly ConditionId[];
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

function folderName(voice: OpenSetVoice): string {
  return voice.id.replace(/[^A-Za-z0-9@+.-]/g, '_');
}

/** Seconds of a synthetic clip (espeak-ng clips last as long as their two sentences, ~5–8 s). */
const SYNTHETIC_SECONDS = 6;

/** Writes a file through `write(temporaryPath)` and renames it into place, so a killed run leaves no half file. */
async function writeOnce(path: string, write: (temporary: string) => Promise<void>): Promise<void> {
  if (await exists(path)) return;
  const temporary = `${path}.${process.pid}.partial.wav`;
  await write(temporary);
  await rename(temporary, path);
}

/** Clean sources being rendered, so two conditions of one clip never synthesise it twice at once. */
const sourcesInFlight = new Map<string, Promise<void>>();

function renderSource(
  voice: OpenSetVoice,
  pair: readonly [number, number],
  kind: 'enroll' | 'test',
  path: string,
): Promise<void> {
  let pending = sourcesInFlight.get(path);
  if (!pending) {
    pending = writeOnce(path, async (temporary) => {
      if (voice.kind === 'espeak') {
        await speakToWav(voice.espeak, clipText(voice.espeak.language, pair), temporary);
        return;
      }
      const seed = (kind === 'enroll' ? 1000 : 2000) + 17 * pair[0] + pair[1];
      await writeFile(temporary, encodeWav([syntheticVoice(voice.synthetic, SYNTHETIC_SECONDS, seed)], 16000));
    }).finally(() => sourcesInFlight.delete(path));
    sourcesInFlight.set(path, pending);
  }
  return pending;
}

async function renderClip(
  directory: string,
  voice: OpenSetVoice,
  role: ClipRole,
  pairIndex: number,
  condition: ConditionId,
): Promise<OpenSetClip> {
  const kind = role === 'enrollment' || role === 'cohort' || role === 'training' ? 'enroll' : 'test';
  const pair = (kind === 'enroll' ? ENROLLMENT_SENTENCE_PAIRS : TEST_SENTENCE_PAIRS)[pairIndex]!;
  const folder = join(directory, folderName(voice));
  await mkdir(folder, { recursive: true });
  const source = join(folder, `${kind}-${pairIndex}.source.wav`);
  await renderSource(voice, pair, kind, source);
  const path = join(folder, `${kind}-${pairIndex}.${condition}.wav`);
  await writeOnce(path, (temporary) => applyCondition(source, condition, temporary, 31 * pairIndex + voice.id.length));
  return { voice: voice.id, role, condition, pair: pairIndex, path };
}

/** Runs `tasks` with at most `limit` in flight, keeping their order in the result. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Renders every clip of `plan` for `roster` into `directory` (reusing files already there).
 *
 * @param concurrency How many espeak-ng / SoX processes at once (default 2).
 */
export async function renderCorpus(
  roster: OpenSetRoster,
  plan: CorpusPlan,
  directory: string,
  concurrency = 2,
): Promise<OpenSetClip[]> {
  if (plan.enrollmentClips > ENROLLMENT_SENTENCE_PAIRS.length || plan.cohortClips > ENROLLMENT_SENTENCE_PAIRS.length)
    throw new RangeError(`at most ${ENROLLMENT_SENTENCE_PAIRS.length} enrollment or cohort clips per voice`);
  if (Math.max(plan.targetClips, plan.impostorClips) > TEST_SENTENCE_PAIRS.length)
    throw new RangeError(`at most ${TEST_SENTENCE_PAIRS.length} test clips per voice`);
  const tasks: (() => Promise<OpenSetClip>)[] = [];
  for (const voice of roster.enrolled) {
    for (let pair = 0; pair < plan.enrollmentClips; pair += 1)
      tasks.push(() => renderClip(directory, voice, 'enrollment', pair, 'clean'));
  }
  for (const voice of roster.cohort) {
    for (let pair = 0; pair < plan.cohortClips; pair += 1)
      tasks.push(() => renderClip(directory, voice, 'cohort', pair, 'clean'));
  }
  for (const [role, voices, clips] of [
    ['target', roster.enrolled, plan.targetClips],
    ['impostor', roster.impostors, plan.impostorClips],
  ] as const) {
    for (const voice of voices) {
      for (let pair = 0; pair < clips; pair += 1) {
        for (const condition of plan.conditions) tasks.push(() => renderClip(directory, voice, role, pair, condition));
      }
    }
  }
  return inBatches(tasks, concurrency);
}

/**
 * Renders the training clips of the statistics projection: every voice speaks `clips` of the
 * enrollment sentence pairs, each under every condition in `conditions`.
 */
export async function renderTrainingCorpus(
  voices: readonly OpenSetVoice[],
  clips: number,
  conditions: readonly ConditionId[],
  directory: string,
  concurrency = 2,
): Promise<OpenSetClip[]> {
  if (clips > ENROLLMENT_SENTENCE_PAIRS.length)
    throw new RangeError(`at most ${ENROLLMENT_SENTENCE_PAIRS.length} training clips per voice`);
  const tasks: (() => Promise<OpenSetClip>)[] = [];
  for (const voice of voices)
    for (let pair = 0; pair < clips; pair += 1)
      for (const condition of conditions) tasks.push(() => renderClip(directory, voice, 'training', pair, condition));
  return inBatches(tasks, concurrency);
}
