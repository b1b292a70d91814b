import type { z } from 'zod';
import { cacheKey, type CacheStore } from './cache.js';
import { cacheKeyParts, callRecorder, readCache, sumAttempts, writeCache } from './core.js';
import { repairJson } from './json-repair.js';
import { isLlmError, LlmError, RETRYABLE_CODES, type LayerFailure, type LlmErrorCode } from './errors.js';
import type { CostLedger } from './ledger.js';
import type { PromptVariables } from './prompt.js';
import { prepareSchema } from './schema.js';
import type {
  AttemptRecord,
  GenerateObjectOptions,
  GenerateObjectResult,
  GenerateTextOptions,
  GenerateTextResult,
  LanguageModel,
} from './types.js';

/**
 * When a failed layer hands over to the next one.
 * - `resilient` (default): every failure except the caller's own (`aborted`, `invalid_prompt`)
 *   falls through — retryable failures, malformed output, **and** configuration failures (`auth`,
 *   `bad_request`, `sdk_missing`, `refused`, `unexpected`). Configuration failures are reported
 *   loudly through `onFallThrough` (default: a process warning, once per layer and code).
 * - `strict`: only what rule SYN-2 lists — retryable failures (429, 5xx, timeout, network),
 *   `malformed_output` and `schema_mismatch`; anything else stops the chain with that error.
 * - a function deciding per error.
 */
export type FallThroughPolicy = 'resilient' | 'strict' | ((error: LlmError) => boolean);

/** Reported for every layer that failed and handed over (or, at the end, gave up). */
export interface FallThroughEvent {
  layer: number;
  vendor: string;
  model: string;
  error: LlmError;
  /** True for configuration failures (a key, model or SDK problem someone must fix). */
  configuration: boolean;
  /** The layer tried next, or undefined when this was the last one. */
  nextLayer: number | undefined;
}

/** Settings of {@link createFallbackChain}. */
export interface FallbackChainSettings {
  /** Ledger for every attempt of every layer (the layer index is recorded). */
  ledger?: CostLedger;
  /** Response cache for the chain as a whole (keyed by the chain's layers). */
  cache?: CacheStore;
  /** Default `resilient`. */
  fallThrough?: FallThroughPolicy;
  /**
   * Called for every failed layer. Default: a `process.emitWarning` (code
   * `ESPECTRO_LLM_LAYER_MISCONFIGURED`) for configuration failures, once per layer and error code.
   */
  onFallThrough?: (event: FallThroughEvent) => void;
}

/** A fallback chain: a LanguageModel over ordered layers. */
export interface FallbackChain extends LanguageModel {
  readonly layers: readonly LanguageModel[];
}

/** Failure codes that mean "fix the configuration" (falls through under `resilient`, reported loudly). */
export const CONFIGURATION_CODES: ReadonlySet<LlmErrorCode> = new Set<LlmErrorCode>([
  'auth',
  'bad_request',
  'sdk_missing',
  'unexpected',
]);

/** Codes caused by the caller, never passed on to another layer. */
const CALLER_CODES: ReadonlySet<LlmErrorCode> = new Set<LlmErrorCode>(['aborted', 'invalid_prompt']);

/** Whether `error` moves the chain to its next layer under `policy` (rule SYN-2). */
export function shouldFallThrough(error: LlmError, policy: FallThroughPolicy = 'resilient'): boolean {
  if (CALLER_CODES.has(error.code)) return false;
  if (typeof policy === 'function') return policy(error);
  if (policy === 'resilient') return true;
  return (
    error.isRetryable ||
    RETRYABLE_CODES.has(error.code) ||
    error.code === 'malformed_output' ||
    error.code === 'schema_mismatch' ||
    (error.code === 'all_layers_failed' && error.failures.every((failure) => shouldFallThrough(failure.error, policy)))
  );
}

function parsedJson(rawText: string): unknown {
  const repaired = repairJson(rawText);
  return repaired.ok ? repaired.value : undefined;
}

function layerLedger(ledger: CostLedger, layer: number): CostLedger {
  return {
    record: (call) => ledger.record({ ...call, layer }),
    entries: (filter) => ledger.entries(filter),
    totals: (filter) => ledger.totals(filter),
    totalsByJob: (filter) => ledger.totalsByJob(filter),
    totalsByVendor: (filter) => ledger.totalsByVendor(filter),
  };
}

function describeFailure(failure: LayerFailure): string {
  const status = failure.error.status !== undefined ? ` HTTP ${failure.error.status}` : '';
  const detail = failure.error.message.replace(/^@espectro\/llm[^—]*— /, '');
  return `[${failure.layer}] ${failure.vendor}/${failure.model}: ${failure.error.code}${status} (${detail.slice(0, 200)})`;
}

/**
 * A LanguageModel that tries its layers in order (rule SYN-2: default chain Gemini 2.5 Flash →
 * Groq Llama 3.3 70B → Claude Sonnet 4.6 → GPT-4o-mini). A layer hands over on the failures its
 * {@link FallThroughPolicy} allows (each layer has already retried retryable failures and re-asked
 * once for invalid structured output); no layer is called after one succeeds. The result says
 * which layer answered (`answeredBy`) and lists every attempt; if every layer fails the error is
 * `all_layers_failed` with each layer's failure in `failures` (retryable if any of them was).
 *
 * @example
 * const chain = createFallbackChain([createGemini(), createGroq(), createAnthropic(), createOpenAI()], { ledger });
 * const { object, answeredBy } = await chain.generateObject({ prompt, variables, schema, jobId: storyId });
 */
export function createFallbackChain(
  models: readonly LanguageModel[],
  settings: FallbackChainSettings = {},
): FallbackChain {
  if (models.length === 0) {
    throw new LlmError({
      code: 'bad_request',
      stage: 'configure',
      vendor: 'chain',
      message: 'createFallbackChain needs at least one model',
    });
  }
  const layers = Object.freeze([...models]);
  const modelId = layers.map((layer) => `${layer.vendor}:${layer.modelId}`).join(' > ');
  const policy = settings.fallThrough ?? 'resilient';
  const warned = new Set<string>();
  const report =
    settings.onFallThrough ??
    ((event: FallThroughEvent): void => {
      if (!event.configuration) return;
      const key = `${event.layer}:${event.error.code}`;
      if (warned.has(key)) return;
      warned.add(key);
      if (typeof process !== 'undefined' && typeof process.emitWarning === 'function') {
        process.emitWarning(
          `@espectro/llm chain: layer ${event.layer} (${event.vendor}/${event.model}) failed with ${event.error.code} — ` +
            `${event.nextLayer !== undefined ? `falling through to layer ${event.nextLayer}` : 'no layer left'}; fix its configuration. ${event.error.message}`,
          { code: 'ESPECTRO_LLM_LAYER_MISCONFIGURED' },
        );
      }
    });

  async function run(
    options: GenerateTextOptions & { schema?: z.ZodType },
    call: (
      layer: LanguageModel,
      layerOptions: GenerateTextOptions,
    ) => Promise<GenerateTextResult | GenerateObjectResult<unknown>>,
  ): Promise<GenerateTextResult | GenerateObjectResult<unknown>> {
    const started = performance.now();
    const rendered = options.prompt.render((options as { variables?: PromptVariables }).variables ?? {});
    const ledger = options.ledger ?? settings.ledger;
    const attempts: AttemptRecord[] = [];
    const cache = settings.cache;
    const prepared = options.schema !== undefined ? prepareSchema(options.schema) : undefined;
    const key =
      cache !== undefined
        ? cacheKey(
            cacheKeyParts('chain', modelId, rendered, options.temperature, options.maxOutputTokens ?? 4096, prepared),
          )
        : undefined;
    if (cache !== undefined && key !== undefined) {
      const hit = await readCache(cache, key);
      const validated =
        hit !== undefined && options.schema !== undefined ? options.schema.safeParse(hit.json) : undefined;
      if (hit !== undefined && (validated === undefined || validated.success)) {
        const recorder = callRecorder(ledger, {
          promptId: rendered.promptId,
          promptVersion: rendered.promptVersion,
          jobId: options.jobId,
          operation: options.schema !== undefined ? 'object' : 'text',
        });
        recorder.record({
          vendor: hit.vendor,
          model: hit.model,
          layer: hit.layer,
          phase: 'answer',
          retry: 0,
          waitedMs: 0,
          latencyMs: 0,
          outcome: 'cache_hit',
          usage: { inputTokens: 0, outputTokens: 0 },
        });
        return {
          vendor: hit.vendor,
          model: hit.model,
          answeredBy: { layer: hit.layer, vendor: hit.vendor, model: hit.model },
          promptId: rendered.promptId,
          promptVersion: rendered.promptVersion,
          usage: { inputTokens: 0, outputTokens: 0 },
          costUsd: 0,
          latencyMs: performance.now() - started,
          finishReason: hit.finishReason,
          cached: true,
          attempts: recorder.attempts,
          ...(validated === undefined
            ? { text: hit.text }
            : { object: validated.data, rawText: hit.text, repairs: hit.repairs ?? [], reasked: false }),
        } as GenerateTextResult | GenerateObjectResult<unknown>;
      }
    }

    const failures: LayerFailure[] = [];
    for (const [index, layer] of layers.entries()) {
      const layerOptions = {
        ...options,
        ...(ledger !== undefined ? { ledger: layerLedger(ledger, index) } : {}),
      } as GenerateTextOptions;
      try {
        const result = await call(layer, layerOptions);
        attempts.push(...result.attempts.map((attempt) => ({ ...attempt, layer: index })));
        const totals = sumAttempts(attempts);
        const answered = {
          ...result,
          answeredBy: { layer: index, vendor: result.vendor, model: result.model },
          usage: totals.usage,
          costUsd: totals.costUsd,
          latencyMs: performance.now() - started,
          attempts,
        };
        if (cache !== undefined && key !== undefined && !result.cached) {
          const isObject = 'object' in result;
          await writeCache(cache, key, {
            text: isObject ? result.rawText : result.text,
            ...(isObject ? { json: parsedJson(result.rawText), repairs: result.repairs } : {}),
            vendor: result.vendor,
            model: result.model,
            layer: index,
            finishReason: result.finishReason,
            usage: result.usage,
            createdAt: new Date().toISOString(),
          });
        }
        return answered;
      } catch (thrown) {
        const error = isLlmError(thrown)
          ? thrown
          : new LlmError({
              code: 'unexpected',
              stage: 'chain',
              vendor: layer.vendor,
              model: layer.modelId,
              message: String(thrown),
              cause: thrown,
            });
        attempts.push(...error.attempts.map((attempt) => ({ ...attempt, layer: index })));
        const failure: LayerFailure = { layer: index, vendor: layer.vendor, model: layer.modelId, error };
        failures.push(failure);
        const fallsThrough = shouldFallThrough(error, policy);
        const nextLayer = fallsThrough && index + 1 < layers.length ? index + 1 : undefined;
        report({ ...failure, configuration: CONFIGURATION_CODES.has(error.code), nextLayer });
        if (!fallsThrough) {
          error.attempts.splice(0, error.attempts.length, ...attempts);
          throw error;
        }
      }
    }
    const retryable = failures.some((failure) => failure.error.isRetryable);
    const waits = failures
      .map((failure) => failure.error.retryAfterMs)
      .filter((wait): wait is number => wait !== undefined);
    throw new LlmError({
      code: 'all_layers_failed',
      stage: 'chain',
      vendor: 'chain',
      model: modelId,
      message: `all ${layers.length} layer(s) failed: ${failures.map(describeFailure).join('; ')}`,
      isRetryable: retryable,
      retryAfterMs: retryable && waits.length > 0 ? Math.min(...waits) : undefined,
      failures,
      attempts,
    });
  }

  return {
    vendor: 'chain',
    modelId,
    layers,
    generateText: (options) =>
      run(options as GenerateTextOptions, (layer, layerOptions) =>
        layer.generateText(layerOptions),
      ) as Promise<GenerateTextResult>,
    generateObject: <Schema extends z.ZodType, Variables extends PromptVariables>(
      options: GenerateObjectOptions<Schema, Variables>,
    ) =>
      run(options as unknown as GenerateTextOptions & { schema: z.ZodType }, (layer, layerOptions) =>
        layer.generateObject(layerOptions as unknown as GenerateObjectOptions<z.ZodType>),
      ) as Promise<GenerateObjectResult<z.output<Schema>>>,
  };
}
