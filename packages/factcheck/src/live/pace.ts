import type { AudioChunk } from '../audio/chunker.js';
import { FactcheckError } from '../errors.js';
import { systemClock, type LiveClock } from './clock.js';

/** Options of {@link paceChunks}. */
export interface PaceOptions {
  /** How many times faster than the broadcast (1 = real time, 20 = twenty times faster). */
  pace: number;
  clock?: LiveClock;
  signal?: AbortSignal;
}

/**
 * Parses a pace as the command line writes it: `20x`, `20`, `1x` (real time) or `max` (no waiting).
 *
 * @example
 * parsePace('20x'); // 20
 */
export function parsePace(text: string): number {
  if (text === 'max') return Number.POSITIVE_INFINITY;
  const match = /^(\d+(?:\.\d+)?)x?$/.exec(text.trim());
  const pace = match === null ? Number.NaN : Number(match[1]);
  if (!(pace > 0))
    throw new FactcheckError({
      code: 'invalid_input',
      stage: 'chunk',
      field: 'pace',
      message: `pace must be a positive number such as 20x, or max; got "${text}"`,
    });
  return pace;
}

/**
 * Releases recorded chunks as a broadcast would: chunk `i` is complete when its audio ends, at
 * `start + (startSeconds + durationSeconds) / pace`. With pace `Infinity` nothing waits.
 *
 * @example
 * for await (const chunk of paceChunks(replayStages.chunks, { pace: 20 })) …
 */
export async function* paceChunks(
  chunks: Iterable<AudioChunk> | AsyncIterable<AudioChunk>,
  options: PaceOptions,
): AsyncGenerator<AudioChunk> {
  const clock = options.clock ?? systemClock;
  const start = clock.now();
  let first: number | undefined;
  for await (const chunk of chunks as AsyncIterable<AudioChunk>) {
    first ??= chunk.startSeconds;
    if (Number.isFinite(options.pace)) {
      const due = start + ((chunk.startSeconds - first + chunk.durationSeconds) * 1000) / options.pace;
      await clock.sleep(due - clock.now(), options.signal);
    }
    yield chunk;
  }
}
