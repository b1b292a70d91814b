import type { z } from 'zod';
import { cacheKey, type CachedAnswer, type CacheKeyParts, type CacheStore } from './cache.js';
import { isLlmError, LlmError } from './errors.js';
import { repairJson } from './json-repair.js';
import { defaultPrices, priceCall, type CostLedger } from './ledger.js';
import type { RenderedPrompt } from './prompt.js';
import { DEFAULT_RETRY_POLICY, runWithRetries, type RetryPolicy } from './retry.js';
import { formatIssues, prepareSchema, type PreparedSchema } from './schema.js';
import type {
  AttemptOutcome,
  AttemptRecord,
  FinishReason,
  GenerateObjectOptions,
  GenerateObjectResult,
  GenerateTextOptions,
  GenerateTextResult,
  LanguageModel,
  TokenUsage,
} from './types.js';

/** Settings every adapter accepts besides its vendor-specific ones. */
export interface CommonModelSettings {
  /** Deadline per attempt in ms (AbortSignal); default 60,000. */
  timeoutMs?: number;
  /** Our retries for retryable failures (the SDK's own retries are always off); default 2. */
  maxRetries?: number;
  /** First backoff delay when no retry-after is sent; default 500 ms, doubling. */
  retryBaseDelayMs?: number;
  /** Longest wait between attempts; a longer retry-after gives up at once. Default 20,000 ms. */
  maxRetryDelayMs?: number;
  /** Default ledger for calls that do not pass one. */
  ledger?: CostLedger;
  /** Response cache; a hit costs nothing and sends nothing. */
  cache?: CacheStore;
  /** Output token cap; default 4,096. */
  maxOutputTokens?: number;
  /** Default sampling temperature; vendor default when omitted. */
  temperature?: number;
}

/** One chat message sent to a vendor. */
export interface DriverMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** Structured-output request handed to a driver. */
export interface DriverStructured {
  name: string;
  description: string | undefined;
  schema: PreparedSchema;
}

/** A vendor-neutral request. */
export interface DriverRequest {
  system: string | undefined;
  messages: DriverMessage[];
  maxOutputTokens: number;
  temperature: number | undefined;
  structured: DriverStructured | undefined;
}

/** A vendor-neutral response. */
export interface DriverResponse {
  /** Concatenated text output ('' when there is none). */
  text: string;
  /** Already-parsed JSON, when the vendor returns an object (Anthropic tool input). */
  json?: { value: unknown };
  usage: TokenUsage;
  finishReason: FinishReason;
  /** The vendor's refusal text, if any. */
  refusal?: string;
}

/** What an adapter implements per vendor: one HTTP request through the vendor SDK. */
export interface Driver {
  readonly vendor: string;
  readonly model: string;
  /** Whether the vendor enforces this JSON Schema itself (else the schema is spelled out in the prompt). */
  enforcesSchema(schema: PreparedSchema): boolean;
  /** One attempt; must honour `signal`; throws whatever the SDK throws. */
  send(request: DriverRequest, signal: AbortSignal): Promise<DriverResponse>;
  /** The API key(s) the driver sends: scrubbed from every vendor message (`scrubSecrets`). */
  readonly secrets?: readonly (string | undefined)[];
}

/** Resolved retry policy of the settings. */
export function retryPolicyOf(settings: CommonModelSettings): RetryPolicy {
  return {
    maxRetries: settings.maxRetries ?? DEFAULT_RETRY_POLICY.maxRetries,
    timeoutMs: settings.timeoutMs ?? DEFAULT_RETRY_POLICY.timeoutMs,
    retryBaseDelayMs: settings.retryBaseDelayMs ?? DEFAULT_RETRY_POLICY.retryBaseDelayMs,
    maxRetryDelayMs: settings.maxRetryDelayMs ?? DEFAULT_RETRY_POLICY.maxRetryDelayMs,
  };
}

const ZERO_USAGE: TokenUsage = Object.freeze({ inputTokens: 0, outputTokens: 0 });

/** Sums usage and cost over attempts. */
export function sumAttempts(attempts: readonly AttemptRecord[]): { usage: TokenUsage; costUsd: number } {
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  for (const attempt of attempts) {
    inputTokens += attempt.usage.inputTokens;
    outputTokens += attempt.usage.outputTokens;
    costUsd += attempt.costUsd;
  }
  return { usage: { inputTokens, outputTokens }, costUsd };
}

/** Builds the JSON-only instruction for vendors that do not enforce the schema themselves. */
export function schemaInstruction(schema: PreparedSchema, description: string | undefined): string {
  return [
    'Answer with one JSON value and nothing else: no prose, no code fences.',
    description !== undefined ? `It is: ${description}` : undefined,
    'It must conform to this JSON Schema:',
    JSON.stringify(schema.jsonSchema),
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

function reaskInstruction(problem: string, issues: string[]): string {
  return [
    `Your previous answer could not be used: ${problem}.`,
    ...(issues.length > 0 ? ['Problems:', ...issues.slice(0, 20).map((issue) => `- ${issue}`)] : []),
    'Answer again with only the corrected JSON value, conforming to the JSON Schema. No prose, no code fences.',
  ].join('\n');
}

type Interpretation =
  | { ok: true; value: unknown; parsed: unknown; rawText: string; repairs: string[] }
  | { ok: false; code: 'malformed_output' | 'schema_mismatch'; problem: string; issues: string[]; rawText: string };

function interpret(response: DriverResponse, schema: z.ZodType): Interpretation {
  let parsed: unknown;
  let repairs: string[] = [];
  let rawText: string;
  if (response.json !== undefined) {
    parsed = response.json.value;
    rawText = JSON.stringify(parsed) ?? '';
  } else {
    rawText = response.text;
    const repaired = repairJson(rawText);
    if (!repaired.ok) {
      return {
        ok: false,
        code: 'malformed_output',
        problem: `it is not valid JSON (${repaired.error})`,
        issues: [],
        rawText,
      };
    }
    parsed = repaired.value;
    repairs = repaired.repairs;
  }
  const validation = schema.safeParse(parsed);
  if (!validation.success) {
    return {
      ok: false,
      code: 'schema_mismatch',
      problem: 'it does not match the JSON Schema',
      issues: formatIssues(validation.error),
      rawText,
    };
  }
  return { ok: true, value: validation.data, parsed, rawText, repairs };
}

function warn(message: string, code: string): void {
  if (typeof process !== 'undefined' && typeof process.emitWarning === 'function')
    process.emitWarning(message, { code });
}

/** Cache lookup; a store failure counts as a miss (and is reported as a process warning). */
export async function readCache(cache: CacheStore, key: string): Promise<CachedAnswer | undefined> {
  try {
    return await cache.get(key);
  } catch (error) {
    warn(`@espectro/llm cache: get failed, treated as a miss — ${String(error)}`, 'ESPECTRO_LLM_CACHE');
    return undefined;
  }
}

/** Cache write; a store failure does not fail the call (it is reported as a process warning). */
export async function writeCache(cache: CacheStore, key: string, value: CachedAnswer): Promise<void> {
  try {
    await cache.set(key, value);
  } catch (error) {
    warn(`@espectro/llm cache: set failed — ${String(error)}`, 'ESPECTRO_LLM_CACHE');
  }
}

/** Everything needed to record attempts for one call. */
export interface CallRecorder {
  attempts: AttemptRecord[];
  record(attempt: {
    vendor: string;
    model: string;
    layer: number;
    phase: AttemptRecord['phase'];
    retry: number;
    waitedMs: number;
    latencyMs: number;
    outcome: AttemptOutcome;
    usage: TokenUsage;
    message?: string | undefined;
    audioSeconds?: number | undefined;
  }): void;
}

/** Records attempts into the ledger (or prices them with the default table when there is none). */
export function callRecorder(
  ledger: CostLedger | undefined,
  call: {
    promptId: string;
    promptVersion: string;
    jobId: string | undefined;
    operation: 'text' | 'object' | 'transcription';
  },
): CallRecorder {
  const attempts: AttemptRecord[] = [];
  return {
    attempts,
    record(attempt) {
      const ledgerCall = {
        vendor: attempt.vendor,
        model: attempt.model,
        promptId: call.promptId,
        promptVersion: call.promptVersion,
        jobId: call.jobId,
        operation: call.operation,
        layer: attempt.layer,
        phase: attempt.phase,
        retry: attempt.retry,
        usage: attempt.usage,
        audioSeconds: attempt.audioSeconds,
        latencyMs: attempt.latencyMs,
        outcome: attempt.outcome,
      };
      const costUsd =
        ledger !== undefined ? ledger.record(ledgerCall).costUsd : priceCall(defaultPrices, ledgerCall).costUsd;
      attempts.push({
        layer: attempt.layer,
        vendor: attempt.vendor,
        model: attempt.model,
        phase: attempt.phase,
        retry: attempt.retry,
        waitedMs: attempt.waitedMs,
        latencyMs: attempt.latencyMs,
        outcome: attempt.outcome,
        usage: { ...attempt.usage },
        costUsd,
        ...(attempt.message !== undefined ? { message: attempt.message } : {}),
      });
    },
  };
}

/** Attaches attempts to an error (errors thrown by our code carry every attempt of the call). */
export function withAttempts(error: unknown, attempts: readonly AttemptRecord[]): LlmError {
  const llmError = isLlmError(error)
    ? error
    : new LlmError({ code: 'unexpected', stage: 'request', message: String(error), cause: error });
  for (const attempt of attempts) if (!llmError.attempts.includes(attempt)) llmError.attempts.push(attempt);
  return llmError;
}

/** Cache key parts of a rendered call. */
export function cacheKeyParts(
  vendor: string,
  model: string,
  rendered: RenderedPrompt,
  temperature: number | undefined,
  maxOutputTokens: number,
  schema: PreparedSchema | undefined,
): CacheKeyParts {
  return {
    vendor,
    model,
    promptId: rendered.promptId,
    promptVersion: rendered.promptVersion,
    input: { system: rendered.system, user: rendered.user, temperature, maxOutputTokens },
    schemaHash: schema?.hash,
  };
}

interface GenerateInternalOptions extends Omit<GenerateTextOptions, 'variables'> {
  variables?: Record<string, unknown>;
  schema?: z.ZodType;
  schemaName?: string;
  schemaDescription?: string;
}

type AnyResult = GenerateTextResult | GenerateObjectResult<unknown>;

/**
 * Turns a {@link Driver} into a {@link LanguageModel}: prompt rendering, cache, retries with
 * per-attempt deadlines, refusal detection, structured output with repair and one re-ask, usage,
 * cost and ledger records.
 */
export function createLanguageModel(driver: Driver, settings: CommonModelSettings): LanguageModel {
  const policy = retryPolicyOf(settings);
  const { vendor, model } = driver;

  async function generate(options: GenerateInternalOptions): Promise<AnyResult> {
    const started = performance.now();
    const rendered = options.prompt.render(options.variables ?? {});
    const schema = options.schema;
    const prepared = schema !== undefined ? prepareSchema(schema) : undefined;
    const maxOutputTokens = options.maxOutputTokens ?? settings.maxOutputTokens ?? 4096;
    const temperature = options.temperature ?? settings.temperature;
    const recorder = callRecorder(options.ledger ?? settings.ledger, {
      promptId: rendered.promptId,
      promptVersion: rendered.promptVersion,
      jobId: options.jobId,
      operation: schema !== undefined ? 'object' : 'text',
    });
    const base = {
      vendor,
      model,
      answeredBy: { layer: 0, vendor, model },
      promptId: rendered.promptId,
      promptVersion: rendered.promptVersion,
    };
    const finish = (extra: Record<string, unknown>, finishReason: FinishReason, cached: boolean): AnyResult => {
      const totals = sumAttempts(recorder.attempts);
      return {
        ...base,
        ...extra,
        usage: totals.usage,
        costUsd: totals.costUsd,
        latencyMs: performance.now() - started,
        finishReason,
        cached,
        attempts: recorder.attempts,
      } as unknown as AnyResult;
    };

    const cache = settings.cache;
    const key =
      cache !== undefined
        ? cacheKey(cacheKeyParts(vendor, model, rendered, temperature, maxOutputTokens, prepared))
        : undefined;
    if (cache !== undefined && key !== undefined) {
      const hit = await readCache(cache, key);
      if (hit !== undefined) {
        const validated = schema !== undefined ? schema.safeParse(hit.json) : undefined;
        if (validated === undefined || validated.success) {
          recorder.record({
            vendor,
            model,
            layer: 0,
            phase: 'answer',
            retry: 0,
            waitedMs: 0,
            latencyMs: 0,
            outcome: 'cache_hit',
            usage: ZERO_USAGE,
          });
          return finish(
            validated === undefined
              ? { text: hit.text }
              : { object: validated.data, rawText: hit.text, repairs: hit.repairs ?? [], reasked: false },
            hit.finishReason,
            true,
          );
        }
      }
    }

    let system = rendered.system;
    if (prepared !== undefined && !driver.enforcesSchema(prepared)) {
      const instruction = schemaInstruction(prepared, options.schemaDescription);
      system = system === undefined ? instruction : `${system}\n\n${instruction}`;
    }
    const request: DriverRequest = {
      system,
      messages: [{ role: 'user', content: rendered.user }],
      maxOutputTokens,
      temperature,
      structured:
        prepared !== undefined
          ? {
              name: sanitizeName(options.schemaName ?? 'response'),
              description: options.schemaDescription,
              schema: prepared,
            }
          : undefined,
    };

    const recordOutcome = (
      phase: 'answer' | 'reask',
      attempt: { retry: number; waitedMs: number; latencyMs: number },
      response: DriverResponse,
      outcome: AttemptOutcome,
      message?: string,
    ): void =>
      recorder.record({
        vendor,
        model,
        layer: 0,
        phase,
        retry: attempt.retry,
        waitedMs: attempt.waitedMs,
        latencyMs: attempt.latencyMs,
        outcome,
        usage: response.usage,
        message,
      });

    const send = async (
      driverRequest: DriverRequest,
      phase: 'answer' | 'reask',
    ): Promise<{ response: DriverResponse; retry: number; waitedMs: number; latencyMs: number }> => {
      const success = await runWithRetries({
        policy,
        vendor,
        model,
        stage: 'request',
        signal: options.signal,
        run: (signal) => driver.send(driverRequest, signal),
        secrets: driver.secrets,
        onFailure: (failure) =>
          recorder.record({
            vendor,
            model,
            layer: 0,
            phase,
            retry: failure.retry,
            waitedMs: failure.waitedMs,
            latencyMs: failure.latencyMs,
            outcome: failure.error.code,
            usage: ZERO_USAGE,
            message: failure.error.message,
          }),
      }).catch((error: unknown) => {
        throw withAttempts(error, recorder.attempts);
      });
      const response = success.value;
      if (response.finishReason === 'refusal' || response.finishReason === 'content_filter') {
        const error = new LlmError({
          code: 'refused',
          stage: 'request',
          vendor,
          model,
          message: response.refusal ?? `the model stopped with finish reason "${response.finishReason}"`,
          rawOutput: response.text,
        });
        recordOutcome(phase, success, response, 'refused', error.message);
        throw withAttempts(error, recorder.attempts);
      }
      return { response, retry: success.retry, waitedMs: success.waitedMs, latencyMs: success.latencyMs };
    };
    const first = await send(request, 'answer');
    if (schema === undefined) {
      if (first.response.text.trim() === '') {
        const error = new LlmError({
          code: 'malformed_output',
          stage: 'parse_output',
          vendor,
          model,
          message: `empty answer (finish reason "${first.response.finishReason}")`,
        });
        recordOutcome('answer', first, first.response, 'malformed_output', error.message);
        throw withAttempts(error, recorder.attempts);
      }
      recordOutcome('answer', first, first.response, 'ok');
      if (cache !== undefined && key !== undefined) {
        await writeCache(cache, key, {
          text: first.response.text,
          vendor,
          model,
          layer: 0,
          finishReason: first.response.finishReason,
          usage: first.response.usage,
          createdAt: new Date().toISOString(),
        });
      }
      return finish({ text: first.response.text }, first.response.finishReason, false);
    }

    let outcome = interpret(first.response, schema);
    let final = first;
    let reasked = false;
    if (!outcome.ok) {
      recordOutcome(
        'answer',
        first,
        first.response,
        outcome.code,
        `${outcome.problem}${outcome.issues.length > 0 ? `: ${outcome.issues.join('; ')}` : ''}`,
      );
      const reaskRequest: DriverRequest = {
        ...request,
        messages: [
          ...request.messages,
          { role: 'assistant', content: outcome.rawText.trim() === '' ? '(empty answer)' : outcome.rawText },
          { role: 'user', content: reaskInstruction(outcome.problem, outcome.issues) },
        ],
      };
      final = await send(reaskRequest, 'reask');
      reasked = true;
      const second = interpret(final.response, schema);
      if (!second.ok) {
        const error = new LlmError({
          code: second.code,
          stage: second.code === 'malformed_output' ? 'parse_output' : 'validate_output',
          vendor,
          model,
          message: `structured output still invalid after one repair and one re-ask: ${second.problem}${second.issues.length > 0 ? ` — ${second.issues.slice(0, 5).join('; ')}` : ''}`,
          issues: second.issues,
          rawOutput: second.rawText,
        });
        recordOutcome('reask', final, final.response, second.code, error.message);
        throw withAttempts(error, recorder.attempts);
      }
      outcome = second;
    }
    recordOutcome(reasked ? 'reask' : 'answer', final, final.response, 'ok');
    if (cache !== undefined && key !== undefined) {
      await writeCache(cache, key, {
        text: outcome.rawText,
        json: outcome.parsed,
        repairs: outcome.repairs,
        vendor,
        model,
        layer: 0,
        finishReason: final.response.finishReason,
        usage: final.response.usage,
        createdAt: new Date().toISOString(),
      });
    }
    return finish(
      { object: outcome.value, rawText: outcome.rawText, repairs: outcome.repairs, reasked },
      final.response.finishReason,
      false,
    );
  }

  return {
    vendor,
    modelId: model,
    generateText: (options) => generate(options as GenerateInternalOptions) as Promise<GenerateTextResult>,
    generateObject: <Schema extends z.ZodType>(options: GenerateObjectOptions<Schema, never>) =>
      generate(options as unknown as GenerateInternalOptions) as Promise<GenerateObjectResult<z.output<Schema>>>,
  } as LanguageModel;
}

/** Vendor-safe output name: `^[a-zA-Z0-9_-]{1,64}$`. */
export function sanitizeName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return cleaned === '' ? 'response' : cleaned;
}
