import {
  createFallbackChain,
  createGemini,
  createGroq,
  definePrompt,
  isLlmError,
  type GeminiSettings,
  type GroqSettings,
  type LanguageModel,
} from '@espectro/llm';
import { z } from 'zod';
import type { GreyPair, PairDecision, PairJudge } from './judge-types.js';

/** Variables of {@link SAME_EVENT_PROMPT}. */
export interface SameEventPromptVariables {
  [name: string]: unknown;
  pairs: readonly GreyPair[];
}

/**
 * The versioned grey-zone prompt (rule CLU-2): several numbered pairs per call, each with both
 * headlines, outlets and dates; the answer is one verdict per pair number. Change `version` with
 * any change of wording.
 */
export const SAME_EVENT_PROMPT = definePrompt<SameEventPromptVariables>({
  id: 'clustering.same-event',
  version: '1',
  description: 'Decides whether two news headlines report the same concrete event (rule CLU-2 grey zone).',
  system:
    'You compare pairs of news headlines in Spanish or Portuguese. Two headlines report the same event when they ' +
    'cover the same concrete happening (the same announcement, vote, crime, disaster, match, ruling or statement), even ' +
    'if their wording, angle or language differ. Headlines on the same topic or about the same person but on different ' +
    'happenings are different events. Answer only with the JSON requested.',
  template: ({ pairs }) =>
    [
      'For each numbered pair, decide whether both headlines report the same event.',
      '',
      ...pairs.map((pair, index) =>
        [
          `Pair ${index + 1}:`,
          `  A: "${pair.left.title}" (${pair.left.outlet ?? 'unknown outlet'}, ${pair.left.date})`,
          `  B: "${pair.right.title}" (${pair.right.outlet ?? 'unknown outlet'}, ${pair.right.date})`,
        ].join('\n'),
      ),
      '',
      `Return {"verdicts": [{"pair": <number>, "sameEvent": <true|false>}, …]} with exactly one verdict for each of the ${pairs.length} pairs.`,
    ].join('\n'),
});

/** The structured answer the judge must return. */
export const sameEventAnswerSchema = z.object({
  verdicts: z.array(z.object({ pair: z.number().int().min(1), sameEvent: z.boolean() })),
});

/** Options of {@link createLlmJudge}. */
export interface LlmJudgeOptions {
  /** Any `LanguageModel` of `@espectro/llm`; rule CLU-2 uses Gemini with Groq as fallback (`createFallbackChain`). */
  model: LanguageModel;
  /** Pairs per model call, default 10. */
  batchSize?: number;
  /**
   * Verdict cache shared across calls and states, keyed by prompt version and both headlines;
   * default a fresh Map per judge. Only `same`/`different` verdicts are cached.
   */
  cache?: Map<string, 'same' | 'different'>;
  /** Cost-ledger job id for the calls. */
  jobId?: string;
}

function cacheKeyOf(pair: GreyPair): string {
  const [first, second] = [pair.left.title, pair.right.title].sort();
  return `${SAME_EVENT_PROMPT.id}@${SAME_EVENT_PROMPT.version}\u0000${first}\u0000${second}`;
}

/**
 * The grey-zone judge of rule CLU-2 on top of `@espectro/llm`: batches pairs into one versioned
 * prompt per call, validates the structured answer with zod, caches verdicts per pair. Whatever
 * goes wrong — rate limit, server error, malformed output, a pair missing from the answer — comes
 * back as `unanswered` with the reason, never as an exception: clustering then does not merge the
 * pair and queues it.
 *
 * @example
 * const judge = createLlmJudge({ model: createFallbackChain([createGemini(), createGroq()]) });
 * const { stories, pendingPairs } = await clusterArticles(articles, { embedder, judge });
 */
export function createLlmJudge(options: LlmJudgeOptions): PairJudge & { readonly calls: number } {
  const batchSize = options.batchSize ?? 10;
  const cache = options.cache ?? new Map<string, 'same' | 'different'>();
  let calls = 0;
  return {
    backend: `llm:${options.model.vendor}:${options.model.modelId} (${SAME_EVENT_PROMPT.id}@${SAME_EVENT_PROMPT.version})`,
    get calls() {
      return calls;
    },
    async decide(pairs) {
      const decisions: PairDecision[] = [];
      const toAsk: GreyPair[] = [];
      for (const pair of pairs) {
        const cached = cache.get(cacheKeyOf(pair));
        if (cached) decisions.push({ key: pair.key, verdict: cached });
        else toAsk.push(pair);
      }
      for (let start = 0; start < toAsk.length; start += batchSize) {
        const batch = toAsk.slice(start, start + batchSize);
        calls += 1;
        try {
          const { object } = await options.model.generateObject({
            prompt: SAME_EVENT_PROMPT,
            variables: { pairs: batch },
            schema: sameEventAnswerSchema,
            schemaName: 'same_event_verdicts',
            temperature: 0,
            ...(options.jobId !== undefined ? { jobId: options.jobId } : {}),
          });
          const byNumber = new Map<number, boolean>();
          for (const verdict of object.verdicts)
            if (!byNumber.has(verdict.pair)) byNumber.set(verdict.pair, verdict.sameEvent);
          batch.forEach((pair, index) => {
            const sameEvent = byNumber.get(index + 1);
            if (sameEvent === undefined) {
              decisions.push({
                key: pair.key,
                verdict: 'unanswered',
                reason: `the judge's answer had no verdict for pair ${index + 1}`,
              });
            } else {
              const verdict = sameEvent ? 'same' : 'different';
              cache.set(cacheKeyOf(pair), verdict);
              decisions.push({ key: pair.key, verdict });
            }
          });
        } catch (error) {
          const reason = isLlmError(error)
            ? `${error.code}: ${error.message}`
            : error instanceof Error
              ? error.message
              : String(error);
          for (const pair of batch) decisions.push({ key: pair.key, verdict: 'unanswered', reason });
        }
      }
      return decisions;
    },
  };
}

/** Settings of {@link createClu2Judge}: per-layer adapter settings plus the judge's own. */
export interface Clu2JudgeSettings extends Omit<LlmJudgeOptions, 'model'> {
  gemini?: GeminiSettings;
  groq?: GroqSettings;
}

/**
 * The judge rule CLU-2 names: Gemini, with Groq as fallback (keys from `GEMINI_API_KEY` /
 * `GOOGLE_API_KEY` and `GROQ_API_KEY` unless given). Without keys or vendor SDKs every call fails
 * and every grey pair stays pending — never merged.
 *
 * @example
 * const judge = createClu2Judge({ gemini: { apiKey }, groq: { apiKey: groqKey } });
 */
export function createClu2Judge(settings: Clu2JudgeSettings = {}): PairJudge & { readonly calls: number } {
  const { gemini, groq, ...judgeOptions } = settings;
  return createLlmJudge({ ...judgeOptions, model: createFallbackChain([createGemini(gemini), createGroq(groq)]) });
}
