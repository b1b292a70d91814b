/**
 * `pnpm bench factcheck`: the live-debate pipeline's own overhead, with every stage answering
 * instantly from the recorded fictional debate (`@espectro/factcheck/replay`) through the real
 * prompts, schemas, response cache and cost ledger — so what is measured is the pipeline, not a
 * model. Cases: one 10-second chunk (target ≤ 50 ms at p95: see `p95MillisecondsPerCall`), and a
 * whole two-hour debate (720 chunks: 4 copies of the recorded debate spread among its chunks
 * without claims, ~90 checks, as in seed 001's 75 checks with a source) live + post-debate review
 * (target ≤ 60 s). The notes report the cost of that debate from the ledger with
 * `@espectro/llm`'s default price table (seed 001: ~US$ 1.50 per debate).
 */
import { createMemoryCacheStore, createMemoryLedger } from '@espectro/llm';
import {
  createMemoryCheckRepository,
  createReplayStages,
  repeatReplay,
  runReplay,
  streamLiveDebate,
  type AudioChunk,
  type DebateReplay,
  type ReplayStages,
} from '@espectro/factcheck';
import { fictionalDebateReplay } from '@espectro/factcheck/replay';
import { splitSpeakingTime } from '@espectro/methodology';
import type { BenchSuite } from './harness.js';

const TWO_HOURS = 720;

function perChunkRunner(replay: DebateReplay): () => Promise<void> {
  let stages: ReplayStages;
  let repository: ReturnType<typeof createMemoryCheckRepository>;
  let ledger: ReturnType<typeof createMemoryLedger>;
  let position = 0;
  const reset = (): void => {
    ledger = createMemoryLedger();
    stages = createReplayStages(replay, { ledger, cache: createMemoryCacheStore({ maxEntries: 10_000 }) });
    repository = createMemoryCheckRepository({ checks: stages.earlierChecks });
  };
  reset();
  return async () => {
    if (position === stages.chunks.length) {
      position = 0;
      reset();
    }
    const chunk = stages.chunks[position] as AudioChunk;
    position += 1;
    for await (const _event of streamLiveDebate({
      debate: replay.debate,
      chunks: [chunk],
      stages: stages.live,
      repository,
      ledger,
      retries: 0,
    })) {
      // drain
    }
  };
}

export default async function factcheckSuites(): Promise<BenchSuite[]> {
  const recorded = fictionalDebateReplay();
  const twoHours = repeatReplay(recorded, TWO_HOURS, { copies: 4 });

  // the cost figure, once (not timed)
  const started = performance.now();
  const costRun = await runReplay(twoHours);
  const oneRunMs = performance.now() - started;
  const cost = costRun.summary.cost!;
  const recordedRun = await runReplay(recorded);
  const checks = costRun.review?.checks ?? costRun.live.checks;

  const perChunk = perChunkRunner(twoHours);
  const probabilities = { proposal: 0.3, attack: 0.7, defense: 0, record: 0, chatter: 0 };
  return [
    {
      name: 'factcheck',
      baseline: { name: 'splitSpeakingTime (DEB-1, validated)', run: () => splitSpeakingTime(10, probabilities) },
      cases: [
        { name: 'one 10 s chunk, live pipeline (replay stages)', run: perChunk, targetMillisecondsPerOperation: 50 },
        {
          name: `2-hour debate (${TWO_HOURS} chunks), live + review`,
          run: () => runReplay(twoHours),
          targetMillisecondsPerOperation: 60_000,
        },
      ],
      notes: {
        replay: 'fictional debate (examples/debate-replay), 4 copies spread over 720 chunks',
        firstTwoHourRunMs: Math.round(oneRunMs),
        chunks: costRun.live.chunks.length,
        checks: checks.length,
        publishedChecks: checks.filter((check) => check.status === 'published').length,
        repeatedClaimsReused: costRun.live.checks.filter((check) => check.repeatOf !== null).length,
        audioChecks: costRun.live.checks.filter((check) => check.reverification !== null).length,
        costPerDebateUsd: cost.usd,
        costByStageUsd: Object.fromEntries(cost.byStage.map((stage) => [stage.stage, stage.usd])),
        modelCalls: cost.calls,
        cacheHits: cost.cacheHits,
        unpricedCalls: cost.unpricedCalls,
        recordedDebateCostUsd: recordedRun.summary.costUsd,
        recordedDebateMinutes: recordedRun.live.chunks.length / 6,
        priceTable: '@espectro/llm defaultPrices (list prices, no Perplexity request fee)',
      },
    },
  ];
}
