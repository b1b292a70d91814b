/**
 * Where a live debate resumes after its process died (kill -9, a crash, a reboot): the store says
 * which chunks are done; this module says where the audio must start again.
 *
 * - A **file** can be re-read from any point: decoding seeks to the first chunk that is not stored
 *   (`-ss` in ffmpeg), chunk numbering starts there, and chunks stored after it are skipped — no
 *   chunk is checked twice and none is lost.
 * - A **stream** (a broadcast URL, standard input) cannot go back: it goes on from what airs now.
 *   Numbering continues after the last stored chunk, and the new chunks' offsets include the audio
 *   that aired while no process was listening (the time since the last chunk was stored, at the
 *   stream's pace). That audio is not checked; {@link LiveResumePlan.gapSeconds} says how much.
 */
import { DEB_CHUNK_SECONDS } from '@espectro/methodology';

/** The last chunk a store holds for a debate (see `DebateRepository.startDebate`). */
export interface StoredChunkMark {
  index: number;
  /** Offset of the end of its audio from the start of the debate, in seconds. */
  endSeconds: number;
  /** When it was stored (ms since the epoch). */
  storedAtMs: number;
}

/** What {@link planLiveResume} reads. */
export interface LiveResumeInput {
  /** `file` (seekable) or `stream` (a URL or standard input). */
  source: 'file' | 'stream';
  /** Indexes of the chunks already stored. */
  storedChunks: readonly number[];
  /** The last stored chunk (highest index), or null when none is stored. */
  lastChunk: StoredChunkMark | null;
  /** Now, ms since the epoch (the injectable live clock). */
  nowMs: number;
  /** How many times faster than real time the source plays (1 for a real broadcast). Default 1. */
  pace?: number;
  /** Chunk length in seconds; default `DEB_CHUNK_SECONDS` (10, rule DEB-1). */
  chunkSeconds?: number;
}

/** Where the audio starts again. */
export interface LiveResumePlan {
  /** The index of the first chunk the new audio makes. */
  firstIndex: number;
  /** Offset of that chunk's first sample from the start of the debate, in seconds. */
  startSeconds: number;
  /** Seconds to skip at the start of a file (ffmpeg `-ss`); 0 for a stream. */
  seekSeconds: number;
  /** Seconds of a stream that aired while no process listened (not checked); 0 for a file. */
  gapSeconds: number;
  /** True when something was stored before (this is a resumed run). */
  resumed: boolean;
}

/** The first index ≥ 0 that is not in `stored`. */
function firstMissing(stored: readonly number[]): number {
  const done = new Set(stored);
  let index = 0;
  while (done.has(index)) index += 1;
  return index;
}

/**
 * Plans where a (possibly resumed) live run starts.
 *
 * @example
 * const started = await repository.startDebate(debate);
 * planLiveResume({ source: 'file', storedChunks: started.storedChunks, lastChunk: started.lastChunk ?? null, nowMs: Date.now() });
 * // { firstIndex: 7, startSeconds: 70, seekSeconds: 70, gapSeconds: 0, resumed: true }
 */
export function planLiveResume(input: LiveResumeInput): LiveResumePlan {
  const chunkSeconds = input.chunkSeconds ?? DEB_CHUNK_SECONDS;
  const resumed = input.storedChunks.length > 0;
  if (input.source === 'file') {
    const firstIndex = firstMissing(input.storedChunks);
    const startSeconds = firstIndex * chunkSeconds;
    return { firstIndex, startSeconds, seekSeconds: startSeconds, gapSeconds: 0, resumed };
  }
  if (input.lastChunk === null) return { firstIndex: 0, startSeconds: 0, seekSeconds: 0, gapSeconds: 0, resumed };
  const pace = input.pace ?? 1;
  const gapSeconds = Math.max(0, ((input.nowMs - input.lastChunk.storedAtMs) / 1000) * pace);
  return {
    firstIndex: Math.max(input.lastChunk.index, ...input.storedChunks) + 1,
    startSeconds: input.lastChunk.endSeconds + gapSeconds,
    seekSeconds: 0,
    gapSeconds,
    resumed,
  };
}
