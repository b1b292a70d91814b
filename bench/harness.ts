/**
 * A small benchmark harness. Every suite names a baseline workload that runs in the same process,
 * interleaved with the measured cases, and results are reported both as operations per second and
 * as a ratio to that baseline, so that a noisy 2-core machine still gives comparable numbers.
 * Results are written as JSON to `bench/results/<suite>.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchCase {
  /** What is measured, e.g. `rateOutlet (validated)`. */
  name: string;
  /** One operation; may be async. */
  run: () => unknown;
  /** Operations performed per call of `run` (e.g. 1000 for a batch); default 1. */
  operationsPerCall?: number;
  /** Target throughput from the issue, in operations per second, if any. */
  targetOperationsPerSecond?: number;
  /** Target latency per operation in milliseconds (p50), if any. */
  targetMillisecondsPerOperation?: number;
}

export interface BenchSuite {
  name: string;
  /** The reference workload every case is compared against (ratio = case ops/s ÷ baseline ops/s). */
  baseline: BenchCase;
  cases: BenchCase[];
  /** Free-form facts to record with the results (input sizes, backends). */
  notes?: Record<string, unknown>;
}

export interface CaseResult {
  name: string;
  operationsPerSecond: number;
  millisecondsPerOperation: number;
  p50MillisecondsPerCall: number;
  p95MillisecondsPerCall: number;
  ratioToBaseline: number;
  samples: number;
  target?: { operationsPerSecond?: number; millisecondsPerOperation?: number; met: boolean };
}

const SAMPLE_MILLISECONDS = Number(process.env.BENCH_SAMPLE_MS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function sample(
  benchCase: BenchCase,
  milliseconds: number,
): Promise<{ calls: number; elapsed: number; perCall: number[] }> {
  const perCall: number[] = [];
  let calls = 0;
  const start = performance.now();
  let now = start;
  while (now - start < milliseconds) {
    const before = now;
    const value = benchCase.run();
    if (value instanceof Promise) await value;
    now = performance.now();
    perCall.push(now - before);
    calls += 1;
  }
  return { calls, elapsed: now - start, perCall };
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return percentile(sorted, 0.5);
}

/** Runs a suite: warm-up, then rounds in which the baseline and each case alternate. */
export async function runSuite(
  suite: BenchSuite,
): Promise<{ suite: string; baseline: CaseResult; cases: CaseResult[] }> {
  const all = [suite.baseline, ...suite.cases];
  for (const benchCase of all) await sample(benchCase, Math.min(100, SAMPLE_MILLISECONDS));
  const rates = new Map<BenchCase, number[]>();
  const latencies = new Map<BenchCase, number[]>();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const benchCase of all) {
      const { calls, elapsed, perCall } = await sample(benchCase, SAMPLE_MILLISECONDS);
      const operations = calls * (benchCase.operationsPerCall ?? 1);
      rates.set(benchCase, [...(rates.get(benchCase) ?? []), (operations / elapsed) * 1000]);
      latencies.set(benchCase, [...(latencies.get(benchCase) ?? []), ...perCall]);
    }
  }
  const baselineRate = median(rates.get(suite.baseline)!);
  const summarise = (benchCase: BenchCase): CaseResult => {
    const operationsPerSecond = median(rates.get(benchCase)!);
    const sortedLatencies = [...latencies.get(benchCase)!].sort((a, b) => a - b);
    const millisecondsPerOperation = 1000 / operationsPerSecond;
    const result: CaseResult = {
      name: benchCase.name,
      operationsPerSecond,
      millisecondsPerOperation,
      p50MillisecondsPerCall: percentile(sortedLatencies, 0.5),
      p95MillisecondsPerCall: percentile(sortedLatencies, 0.95),
      ratioToBaseline: operationsPerSecond / baselineRate,
      samples: sortedLatencies.length,
    };
    if (benchCase.targetOperationsPerSecond !== undefined || benchCase.targetMillisecondsPerOperation !== undefined) {
      const met =
        (benchCase.targetOperationsPerSecond === undefined ||
          operationsPerSecond >= benchCase.targetOperationsPerSecond) &&
        (benchCase.targetMillisecondsPerOperation === undefined ||
          result.p50MillisecondsPerCall / (benchCase.operationsPerCall ?? 1) <=
            benchCase.targetMillisecondsPerOperation);
      result.target = {
        ...(benchCase.targetOperationsPerSecond !== undefined
          ? { operationsPerSecond: benchCase.targetOperationsPerSecond }
          : {}),
        ...(benchCase.targetMillisecondsPerOperation !== undefined
          ? { millisecondsPerOperation: benchCase.targetMillisecondsPerOperation }
          : {}),
        met,
      };
    }
    return result;
  };
  const report = { suite: suite.name, baseline: summarise(suite.baseline), cases: suite.cases.map(summarise) };
  printReport(report);
  const resultsDirectory = join(dirname(fileURLToPath(import.meta.url)), 'results');
  mkdirSync(resultsDirectory, { recursive: true });
  const file = join(resultsDirectory, `${suite.name.replace(/[^a-z0-9-]+/gi, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ ...report, notes: suite.notes ?? {}, node: process.version, date: new Date().toISOString() }, null, 2)}\n`,
  );
  return report;
}

function formatRate(rate: number): string {
  return rate >= 1e6
    ? `${(rate / 1e6).toFixed(2)} M/s`
    : rate >= 1e3
      ? `${(rate / 1e3).toFixed(1)} k/s`
      : `${rate.toFixed(1)} /s`;
}

function printReport(report: { suite: string; baseline: CaseResult; cases: CaseResult[] }): void {
  console.log(
    `\n## ${report.suite}  (baseline: ${report.baseline.name}, ${formatRate(report.baseline.operationsPerSecond)})`,
  );
  for (const result of report.cases) {
    const target = result.target
      ? `  target ${result.target.operationsPerSecond !== undefined ? formatRate(result.target.operationsPerSecond) : `${result.target.millisecondsPerOperation} ms/op`} ${result.target.met ? 'met' : 'NOT met'}`
      : '';
    console.log(
      `  ${result.name.padEnd(48)} ${formatRate(result.operationsPerSecond).padStart(11)}  ×${result.ratioToBaseline.toFixed(3)} of baseline  p50 ${result.p50MillisecondsPerCall.toFixed(4)} ms/call  p95 ${result.p95MillisecondsPerCall.toFixed(4)} ms/call${target}`,
    );
  }
}
