/**
 * `pnpm bench debate-live`: live latency per chunk excluding model time (issue 17): chunk complete
 * (released by the pacer, as when its 10 s of audio end) → its checks stored → the SSE event
 * delivered to every one of 200 connected readers (loopback HTTP clients of the site's own
 * `/placar/<debate>/eventos` stream, `debateEventStream` over `storeDebateSource`). Model stages
 * answer instantly from the recorded fictional debate, so what is measured is the live path, the
 * store (PGlite in memory), the site's poller and the SSE fan-out. Target p95 ≤ 500 ms.
 *
 * Sizes: BENCH_LIVE_READERS (default 200), BENCH_LIVE_CHUNKS (default 34 = the whole replay),
 * BENCH_LIVE_PACE (default 10 = a chunk every second). The two-hour full-speed replay is
 * `pnpm bench debate-store`.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { createReplayStages, debateDocumentParsers, paceChunks, runLiveDebate } from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { splitSpeakingTime } from '@espectro/methodology';
import { createStoreDebateRepository, openStore } from '@espectro/store';
import { debateEventStream } from '../apps/site/src/lib/debate-feed.js';
import { storeDebateSource } from '../apps/site/src/lib/debates.js';
import type { BenchSuite } from './harness.js';

const READERS = Number(process.env.BENCH_LIVE_READERS ?? 200);
const CHUNKS = Number(process.env.BENCH_LIVE_CHUNKS ?? 34);
const PACE = Number(process.env.BENCH_LIVE_PACE ?? 10);
const TARGET_P95_MS = 500;

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/** A loopback SSE reader: records when each `chunk` event (by chunk index) arrived. */
function connectReader(url: string, arrivals: Map<number, number[]>): Promise<() => void> {
  return new Promise((connected, failed) => {
    const request = httpRequest(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      response.setEncoding('utf8');
      let pending = '';
      response.on('data', (text: string) => {
        pending += text;
        const frames = pending.split('\n\n');
        pending = frames.pop()!;
        for (const frame of frames) {
          if (!/^event: chunk$/m.test(frame)) continue;
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data === undefined) continue;
          const index = (JSON.parse(data) as { chunkIndex: number | null }).chunkIndex;
          if (index !== null) arrivals.get(index)?.push(performance.now());
        }
      });
      connected(() => request.destroy());
    });
    request.on('error', failed);
    request.end();
  });
}

/** One live run: returns the per-chunk latency of the last reader's delivery, in ms. */
export async function liveLatency(): Promise<{ latencies: number[]; readers: number; chunks: number }> {
  const store = await openStore({ memory: true });
  let server: Server | undefined;
  const disconnects: (() => void)[] = [];
  try {
    const repository = createStoreDebateRepository(store.database, debateDocumentParsers);
    const replay = fictionalDebateReplay();
    await repository.startDebate(replay.debate, { fictional: true });
    const source = await storeDebateSource(store);
    server = createServer((request, response) => {
      const abort = new AbortController();
      request.on('close', () => abort.abort());
      const stream = debateEventStream(source, replay.debate.id, 0, abort.signal);
      response.writeHead(200, Object.fromEntries(stream.headers));
      Readable.fromWeb(stream.body as never).pipe(response);
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/placar/${replay.debate.id}/eventos`;
    const arrivals = new Map<number, number[]>();
    for (let index = 0; index < CHUNKS; index += 1) arrivals.set(index, []);
    for (let reader = 0; reader < READERS; reader += 1) disconnects.push(await connectReader(url, arrivals));

    const completed = new Map<number, number>();
    const stages = createReplayStages(replay);
    async function* released() {
      for await (const chunk of paceChunks(stages.chunks.slice(0, CHUNKS), { pace: PACE })) {
        completed.set(chunk.index, performance.now()); // the chunk's audio is complete now
        yield chunk;
      }
    }
    await runLiveDebate({ debate: replay.debate, chunks: released(), stages: stages.live, repository, concurrency: 1 });
    // wait for the last deliveries (at most a few poll intervals)
    const deadline = performance.now() + 10_000;
    while ([...arrivals.values()].some((times) => times.length < READERS) && performance.now() < deadline)
      await new Promise((done) => setTimeout(done, 50));
    const latencies = [...completed].map(([index, at]) => {
      const times = arrivals.get(index)!;
      return times.length < READERS ? Number.POSITIVE_INFINITY : Math.max(...times) - at;
    });
    return { latencies, readers: READERS, chunks: completed.size };
  } finally {
    for (const disconnect of disconnects) disconnect();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    await store.close();
  }
}

export default async function debateLiveSuites(): Promise<BenchSuite[]> {
  const loadBefore = loadavg();
  const measured = await liveLatency();
  const loadAfter = loadavg();
  const p50 = percentile(measured.latencies, 0.5);
  const p95 = percentile(measured.latencies, 0.95);
  console.log(
    `debate-live: ${measured.chunks} chunks, ${measured.readers} SSE readers: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target ≤ ${TARGET_P95_MS}); load ${loadBefore.map((value) => value.toFixed(2)).join(' ')}`,
  );
  const probabilities = { proposal: 0.3, attack: 0.7, defense: 0, record: 0, chatter: 0 };
  return [
    {
      name: 'debate-live',
      baseline: { name: 'splitSpeakingTime (DEB-1, validated)', run: () => splitSpeakingTime(10, probabilities) },
      cases: [],
      notes: {
        readers: measured.readers,
        chunks: measured.chunks,
        pace: PACE,
        latencyP50Ms: Math.round(p50),
        latencyP95Ms: Math.round(p95),
        targetP95Ms: TARGET_P95_MS,
        met: p95 <= TARGET_P95_MS,
        measured: 'chunk released by the pacer → stored → SSE event received by the last of the readers',
        store: 'PGlite in memory (embedded PostgreSQL); site poller every DEBATE_FEED_POLL_MS',
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
      },
    },
  ];
}
