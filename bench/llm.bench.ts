/**
 * Overhead of `@espectro/llm` per call: fallback chain + prompt rendering + structured-output
 * validation + ledger, against a bare `openai` SDK call to the same loopback fake server answering
 * instantly. Target (issue 3): at most 1 ms added per call at p50.
 *
 * Baseline: `openai.chat.completions.create(...)` with the same body the adapter sends.
 * Cases: `createFallbackChain([createOpenAI(...)])` with `generateObject` and a memory ledger;
 * the same adapter without the chain.
 * `notes.addedMillisecondsP50` is measured separately with interleaved pairs (bare, chain), so
 * machine noise hits both sides equally.
 */
import { createRequire } from 'node:module';
import { z } from 'zod';
import { createFallbackChain, createMemoryLedger, createOpenAI, definePrompt } from '@espectro/llm';
import { reply, startFakeLlmServer } from '@espectro/llm/testing';
import type { BenchSuite } from './harness.js';

// `openai` is a dev dependency of packages/llm only; load it from there.
const requireFromLlm = createRequire(new URL('../packages/llm/package.json', import.meta.url));
const { OpenAI } = requireFromLlm('openai') as {
  OpenAI: new (options: Record<string, unknown>) => {
    chat: {
      completions: {
        create(body: Record<string, unknown>): Promise<{ choices: { message: { content: string | null } }[] }>;
      };
    };
  };
};

const verdict = z.object({ verdict: z.enum(['same', 'different']), confidence: z.number().min(0).max(1) });
const judge = definePrompt({
  id: 'bench.judge',
  version: '1',
  system: 'You decide whether two headlines report the same event.',
  template: 'A: {{a}}\nB: {{b}}',
});
const variables = { a: 'Sube el dólar por tercer día consecutivo', b: 'El dólar vuelve a subir' };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export default async function llmBench(): Promise<BenchSuite> {
  const server = await startFakeLlmServer({
    defaultStep: reply.json({ verdict: 'same', confidence: 0.9 }, { inputTokens: 60, outputTokens: 12 }),
  });
  server.unref();
  const baseURL = server.baseURL('openai');
  const bare = new OpenAI({ apiKey: 'bench-key', baseURL, maxRetries: 0, organization: null, project: null });
  const rendered = judge.render(variables);
  const jsonSchema = z.toJSONSchema(verdict, { io: 'input' }) as Record<string, unknown>;
  delete jsonSchema.$schema;
  const body = {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: rendered.system },
      { role: 'user', content: rendered.user },
    ],
    max_completion_tokens: 4096,
    response_format: { type: 'json_schema', json_schema: { name: 'response', schema: jsonSchema, strict: false } },
  };
  const ledger = createMemoryLedger();
  const adapter = createOpenAI({ apiKey: 'bench-key', baseURL, maxRetries: 0, timeoutMs: 10_000 });
  const chain = createFallbackChain([adapter], { ledger });

  const bareCall = async (): Promise<void> => {
    await bare.chat.completions.create(body);
  };
  let calls = 0;
  const chainCall = async (): Promise<void> => {
    await chain.generateObject({ prompt: judge, variables, schema: verdict, jobId: `story-${calls % 100}` });
    calls += 1;
    // Keep the ledger from growing without bound over a long run.
    if (calls % 10_000 === 0) ledger.clear();
  };
  const adapterCall = async (): Promise<void> => {
    await adapter.generateObject({ prompt: judge, variables, schema: verdict });
  };

  // Paired measurement of the added latency: alternate bare and chain calls.
  for (let warm = 0; warm < 200; warm += 1) {
    await bareCall();
    await chainCall();
  }
  const bareTimes: number[] = [];
  const chainTimes: number[] = [];
  const differences: number[] = [];
  for (let pair = 0; pair < 1_000; pair += 1) {
    let start = performance.now();
    await bareCall();
    const bareTime = performance.now() - start;
    start = performance.now();
    await chainCall();
    const chainTime = performance.now() - start;
    bareTimes.push(bareTime);
    chainTimes.push(chainTime);
    differences.push(chainTime - bareTime);
  }
  const addedMillisecondsP50 = median(chainTimes) - median(bareTimes);
  console.log(
    `llm: bare SDK p50 ${median(bareTimes).toFixed(3)} ms, chain+validation+ledger p50 ${median(chainTimes).toFixed(3)} ms, ` +
      `added p50 ${addedMillisecondsP50.toFixed(3)} ms (median of paired differences ${median(differences).toFixed(3)} ms; target ≤ 1 ms)`,
  );

  return {
    name: 'llm',
    baseline: { name: 'bare openai SDK chat.completions.create (fake server)', run: bareCall },
    cases: [
      {
        name: 'chain([openai]) generateObject + ledger',
        run: chainCall,
        targetMillisecondsPerOperation: Math.round((median(bareTimes) + 1) * 1000) / 1000,
      },
      { name: 'openai adapter generateObject (no chain, no ledger)', run: adapterCall },
    ],
    notes: {
      server: 'loopback fake server (node:http on 127.0.0.1), instant JSON answer',
      pairedCalls: 1_000,
      bareSdkP50Milliseconds: median(bareTimes),
      chainP50Milliseconds: median(chainTimes),
      addedMillisecondsP50,
      medianPairedDifferenceMilliseconds: median(differences),
      targetAddedMilliseconds: 1,
      targetNote: "the chain case's target is the pre-measured bare p50 + 1 ms",
    },
  };
}
