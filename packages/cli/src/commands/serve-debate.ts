/**
 * The debate of `espectro serve --replay-demo` (issue 17 §4): the bundled FICTIONAL debate is
 * streamed into the served store through factcheck's live path (`replayIntoStore`, as
 * `espectro debate replay --into-store` does), at an accelerated pace, while the site serves
 * `/placar/<debate>` and its event stream — a reader with the page open sees the cards arrive.
 * On PGlite this must run inside the serving process: it is the only one that may open the folder.
 * Idempotent by debate id and chunk: a second start finds the debate stored and skips its chunks.
 */
import { debateDocumentParsers, replayIntoStore } from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { createStoreDebateRepository, describeStoreFailure, type Store } from '@espectro/store';
import type { CliIo } from '../io.js';

/**
 * How many times faster than the broadcast the demo debate is streamed (Espectro choice: its 34
 * ten-second chunks take about 34 s, slow enough to watch the cards arrive).
 */
export const DEMO_DEBATE_PACE = 10;

/**
 * Streams the fictional debate into `store` and resolves when it is stored (or `signal` aborts).
 * Failures are reported on the terminal and never stop the news loop beside it.
 *
 * @example
 * const debate = streamDemoDebate({ store, io, origin: site.origin, signal });
 */
export async function streamDemoDebate(options: {
  store: Store;
  io: CliIo;
  origin: string;
  signal: AbortSignal;
  pace?: number;
}): Promise<void> {
  const { io, signal } = options;
  const replay = fictionalDebateReplay();
  const pace = options.pace ?? DEMO_DEBATE_PACE;
  const page = `${options.origin}/placar/${replay.debate.id}`;
  const repository = createStoreDebateRepository(options.store.database, debateDocumentParsers);
  let stored = 0;
  let skipped = 0;
  io.stderr(
    `espectro serve: ${replay.notice}\n  streaming "${replay.debate.name}" (${replay.chunks.length} chunks) to ${page} at ${pace}x\n`,
  );
  try {
    await replayIntoStore({
      repository,
      replay,
      pace,
      signal,
      onChunk: () => (stored += 1),
      onSkippedChunk: () => (skipped += 1),
    });
    io.stderr(
      skipped > 0 && stored === 0
        ? `espectro serve: the fictional debate was stored by an earlier start — ${page} shows it finished\n`
        : `espectro serve: fictional debate stored (${stored} chunks live${skipped > 0 ? `, ${skipped} kept from an earlier start` : ''}), reviewed — ${page}\n`,
    );
  } catch (error) {
    if (signal.aborted) return;
    io.stderr(
      `espectro serve: the fictional debate replay stopped (${describeStoreFailure(error)}); the news loop goes on\n`,
    );
  }
}
