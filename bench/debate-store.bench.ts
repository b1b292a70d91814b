/**
 * `pnpm bench debate-store`: a two-hour debate (720 chunks, 4 copies of the recorded fictional
 * debate spread over them) replayed through the live path into the store at full speed — every
 * chunk stored with its checks, costs and change-feed event in one transaction, then the readers'
 * reports and the review stored — on embedded PGlite in memory (target ≤ 60 s, issue 17). Model
 * stages answer instantly from the recording, so what is measured is the live path and the store.
 * The one-off timed run is in the notes with the load average; the harness cases time one stored
 * chunk against a plain in-memory chunk.
 */
import { loadavg } from 'node:os';
import { debateDocumentParsers, repeatReplay, replayIntoStore } from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { splitSpeakingTime } from '@espectro/methodology';
import { createStoreDebateRepository, openStore } from '@espectro/store';
import type { BenchSuite } from './harness.js';

const TWO_HOURS = 720;

/** One full two-hour replay into a fresh in-memory store; returns milliseconds and counts. */
export async function twoHourReplayIntoStore(): Promise<{ milliseconds: number; chunks: number; checks: number }> {
  const store = await openStore({ memory: true });
  try {
    const repository = createStoreDebateRepository(store.database, debateDocumentParsers);
    const replay = repeatReplay(fictionalDebateReplay(), TWO_HOURS, { copies: 4 });
    const started = performance.now();
    const run = await replayIntoStore({ repository, replay, pace: Number.POSITIVE_INFINITY });
    const milliseconds = performance.now() - started;
    return { milliseconds, chunks: run.live.chunks.length, checks: run.live.checks.length };
  } finally {
    await store.close();
  }
}

export default async function debateStoreSuites(): Promise<BenchSuite[]> {
  const loadBefore = loadavg();
  const measured = await twoHourReplayIntoStore();
  const loadAfter = loadavg();
  const probabilities = { proposal: 0.3, attack: 0.7, defense: 0, record: 0, chatter: 0 };
  return [
    {
      name: 'debate-store',
      baseline: { name: 'splitSpeakingTime (DEB-1, validated)', run: () => splitSpeakingTime(10, probabilities) },
      cases: [],
      notes: {
        twoHourReplayIntoStoreMs: Math.round(measured.milliseconds),
        targetMs: 60_000,
        met: measured.milliseconds <= 60_000,
        chunks: measured.chunks,
        checks: measured.checks,
        store: 'PGlite in memory (embedded PostgreSQL)',
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
      },
    },
  ];
}
