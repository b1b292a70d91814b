/**
 * Story synthesis through a language model (seed 003 §3.4, rules SYN-1 … SYN-4), with the offline
 * extractive synthesiser when no model is configured.
 *
 * How a model answer is checked: the structured output's zod schema carries the story's own
 * rules as a refinement — every sentence must pass the methodology's citation check (SYN-3:
 * ≥ 1 id, every id from the cluster; nothing is dropped or repaired) and the attribution check
 * (SYN-4: no outlet of the roster named in the summary, a sentence or a discrepancy). An answer
 * that fails is, for `@espectro/llm`, a `schema_mismatch`: the answering layer gets one re-ask
 * that lists the problems — for SYN-4 hits, a rewrite request naming each offending sentence and
 * the phrase to remove — and if that answer fails too the chain falls through to its next layer
 * (SYN-2). Rewrites are therefore bounded by one per layer; when every layer has failed the story
 * fails with a tagged reason for the retry queue (SYN-5).
 */
import {
  coverage,
  pickArticlesForSynthesis,
  storyTier,
  SYNTHESIS_SENTENCE_RANGE,
  validateSentenceCitations,
  type AttributionRosterEntry,
} from '@espectro/methodology';
import {
  createDefaultChain,
  DEFAULT_CHAIN_MODELS,
  isLlmError,
  type ConfiguredChainSettings,
  type CostLedger,
  type FallbackChain,
  type LanguageModel,
  type LlmError,
  type LlmErrorCode,
  type TokenUsage,
} from '@espectro/llm';
import { z } from 'zod';
import { attributionNeedles, findOutletMentions, type AttributionNeedles } from './attribution.js';
import { synthesizeExtractiveUnchecked, type ExtractiveSettings } from './extractive.js';
import { groundingWarnings } from './grounding.js';
import { storyOutlets } from './outlets.js';
import { storySynthesisPrompt, type PromptArticle } from './prompts.js';
import { countSentences } from './text.js';
import {
  parseCluster,
  type CitedSentence,
  type ClusterArticle,
  type Roster,
  type StoryCluster,
  type StorySynthesis,
} from './types.js';

// ── Output schema ────────────────────────────────────────────────────────────────────────────────

/** Longest summary the model may return, in sentences (seed 003 §3.4: "una o dos frases"). */
export const SUMMARY_MAX_SENTENCES = 2;

const RULE_SYN3 = '(rule SYN-3)';
const RULE_SYN4 = '(rule SYN-4)';

function shorten(text: string, length = 80): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

/**
 * The zod schema of one story's synthesis output. Its refinement runs the methodology's SYN-3
 * citation check against `clusterArticleIds` and the SYN-4 attribution check against
 * `attributionRoster`, and requires a summary of 1–2 sentences. Given the cluster's `articles`,
 * it also refuses a number (dates included) or a web address that none of a sentence's cited
 * articles contains — the summary is checked against every article (SYN-3: nothing invented;
 * issue 21 §8). Each problem is an issue whose message names the sentence and the fix, so the llm
 * re-ask doubles as the rewrite request; an answer still wrong after it fails, and the story is
 * held as unsynthesised.
 *
 * @example
 * const schema = synthesisOutputSchema(['a1', 'a2'], roster.attributionEntries);
 * schema.safeParse({ summary: 'Hubo un sismo.', sentences: [{ text: 'Según Infobae, hubo un sismo.', articleIds: ['a1'] }] }).success; // false
 */
export function synthesisOutputSchema(
  clusterArticleIds: readonly string[],
  attributionRoster: readonly AttributionRosterEntry[] | readonly AttributionNeedles[],
  articles?: readonly ClusterArticle[],
) {
  const needles: readonly AttributionNeedles[] =
    attributionRoster.length > 0 && 'needles' in attributionRoster[0]!
      ? (attributionRoster as readonly AttributionNeedles[])
      : attributionNeedles(attributionRoster as readonly AttributionRosterEntry[]);
  const citedText = z.object({
    text: z.string().describe('Una frase factual en español neutro, sin nombrar medios'),
    articleIds: z
      .array(z.string())
      .describe('Ids de los artículos que respaldan la frase (al menos uno, sólo de la lista)'),
  });
  return z
    .object({
      summary: z.string().describe('Resumen de una o dos frases'),
      sentences: z
        .array(
          citedText.extend({
            discrepancy: z
              .boolean()
              .default(false)
              .describe('true si la frase describe una discrepancia entre fuentes'),
          }),
        )
        .min(1)
        .max(SYNTHESIS_SENTENCE_RANGE.max)
        .describe(`Entre ${SYNTHESIS_SENTENCE_RANGE.min} y ${SYNTHESIS_SENTENCE_RANGE.max} frases`),
      discrepancies: z
        .array(citedText)
        .default([])
        .describe('Discrepancias entre fuentes, con los artículos de cada versión'),
    })
    .superRefine((output, context) => {
      const summarySentences = countSentences(output.summary);
      if (summarySentences < 1 || summarySentences > SUMMARY_MAX_SENTENCES) {
        context.addIssue({
          code: 'custom',
          path: ['summary'],
          message: `the summary has ${summarySentences} sentences; write one or two`,
        });
      }
      // rule SYN-3: every sentence (and every discrepancy) cites ≥ 1 id, all from the cluster.
      for (const [field, items] of [
        ['sentences', output.sentences],
        ['discrepancies', output.discrepancies],
      ] as const) {
        const check = validateSentenceCitations(
          items.map((item) => ({ text: item.text, articleIds: item.articleIds })),
          clusterArticleIds,
        );
        for (const problem of check.problems) {
          const text = shorten(items[problem.sentenceIndex]?.text ?? '');
          const message =
            problem.kind === 'unknown_article'
              ? `${field} ${problem.sentenceIndex + 1} ("${text}") cites "${problem.articleId}", which is not an article id of this story; cite only ids from the list ${RULE_SYN3}`
              : problem.kind === 'missing_citation'
                ? `${field} ${problem.sentenceIndex + 1} ("${text}") cites no article; give the id(s) of the article(s) that back it ${RULE_SYN3}`
                : `${field} ${problem.sentenceIndex + 1} is empty ${RULE_SYN3}`;
          context.addIssue({
            code: 'custom',
            path: [field, problem.sentenceIndex, problem.kind === 'empty_sentence' ? 'text' : 'articleIds'],
            message,
          });
        }
      }
      // rule SYN-3 (nothing invented): numbers, dates and addresses must come from the cited articles.
      if (articles !== undefined) {
        const allIds = articles.map((article) => article.id);
        for (const [field, items] of [
          ['summary', [{ text: output.summary, articleIds: allIds }]],
          ['sentences', output.sentences],
          ['discrepancies', output.discrepancies],
        ] as const) {
          const cited = items.map((item) => ({ text: item.text, articleIds: item.articleIds, discrepancy: false }));
          for (const warning of groundingWarnings(cited, articles)) {
            if (warning.kind === 'unsupported_quote') continue;
            const what = warning.kind === 'unsupported_url' ? 'the address' : 'the number';
            const where =
              field === 'summary'
                ? 'the summary'
                : `${field} ${warning.sentenceIndex + 1} ("${shorten(items[warning.sentenceIndex]?.text ?? '')}")`;
            context.addIssue({
              code: 'custom',
              path: field === 'summary' ? [field] : [field, warning.sentenceIndex, 'text'],
              message: `${where} gives ${what} "${warning.value}", which ${field === 'summary' ? 'no article' : 'none of its cited articles'} contains: use only what the articles say, or leave it out ${RULE_SYN3}`,
            });
          }
        }
      }
      // rule SYN-4: no outlet named in the text; the attribution lives in the ids.
      {
        const texts = [
          output.summary,
          ...output.sentences.map((item) => item.text),
          ...output.discrepancies.map((item) => item.text),
        ];
        for (const hit of findOutletMentions(texts, needles)) {
          const [field, index] =
            hit.sentenceIndex === 0
              ? (['summary', null] as const)
              : hit.sentenceIndex <= output.sentences.length
                ? (['sentences', hit.sentenceIndex - 1] as const)
                : (['discrepancies', hit.sentenceIndex - 1 - output.sentences.length] as const);
          const where =
            index === null ? 'the summary' : `${field} ${index + 1} ("${shorten(texts[hit.sentenceIndex]!)}")`;
          context.addIssue({
            code: 'custom',
            path: index === null ? [field] : [field, index, 'text'],
            message: `${where} names the outlet "${hit.outlet}" ("${hit.phrase}"): rewrite it without naming any outlet — the attribution lives in articleIds only ${RULE_SYN4}`,
          });
        }
      }
    });
}

/** The parsed output of {@link synthesisOutputSchema}. */
export type SynthesisOutput = z.output<ReturnType<typeof synthesisOutputSchema>>;

// ── Default chain (SYN-2) ────────────────────────────────────────────────────────────────────────

/**
 * Settings of {@link createDefaultSynthesisChain}: those of `createConfiguredChain` of
 * `@espectro/llm` (per-layer adapter settings, `ledger`, `cache`, `fallThrough`, `onFallThrough`,
 * `env` — default `process.env`), plus `includeLayersWithoutKey`.
 */
export interface DefaultSynthesisChainSettings extends ConfiguredChainSettings {
  /** Keep layers with no API key (they fail with `auth` and fall through); default false: left out. */
  includeLayersWithoutKey?: boolean;
}

/**
 * The default models of the synthesis chain, in order (rule SYN-2).
 *
 * @deprecated The same list as `DEFAULT_CHAIN_MODELS` of `@espectro/llm` (this is an alias of it);
 * import that instead.
 */
export const DEFAULT_SYNTHESIS_MODELS = DEFAULT_CHAIN_MODELS;

/**
 * The default synthesis chain (rule SYN-2): Gemini 2.5 Flash → Groq Llama 3.3 70B → Claude Sonnet
 * 4.6 → GPT-4o-mini — the default chain of `@espectro/llm` (`createDefaultChain` with
 * `onlyConfigured`), which owns the layer list and the key lookup. Layers whose API key is neither
 * given nor in the environment are left out; with no key at all the result is `null` — then
 * {@link synthesizeStory} uses the offline extractive synthesiser.
 *
 * @example
 * const model = createDefaultSynthesisChain({ ledger });   // null without any provider key
 * const result = await synthesizeStory(cluster, roster, { model });
 */
export function createDefaultSynthesisChain(settings: DefaultSynthesisChainSettings = {}): FallbackChain | null {
  const { includeLayersWithoutKey = false, ...chainSettings } = settings;
  return createDefaultChain({ ...chainSettings, onlyConfigured: !includeLayersWithoutKey });
}

// ── synthesizeStory ──────────────────────────────────────────────────────────────────────────────

/** Options of {@link synthesizeStory}. */
export interface SynthesizeStoryOptions {
  /** The model, usually {@link createDefaultSynthesisChain}; `null` or omitted → extractive (offline). */
  model?: LanguageModel | null;
  /** Ledger for the call (else the model's own). The story id is the ledger's job id. */
  ledger?: CostLedger;
  signal?: AbortSignal;
  temperature?: number;
  /** Characters of each article's description and body shown to the model; default 6,000. */
  maxArticleCharacters?: number;
  /** Settings of the extractive backend (the roster is always passed for SYN-4). */
  extractive?: Omit<ExtractiveSettings, 'roster'>;
}

/**
 * Why a synthesis failed, from the last layer's failure: `quota` (429), `transient` (5xx, timeout,
 * network), `malformed_output` (no usable JSON, or JSON breaking the schema or SYN-3),
 * `attribution` (outlet names still in the text after the rewrite, SYN-4), `refused`,
 * `configuration` (key, model, SDK), `aborted` (the caller's signal).
 */
export type SynthesisFailureReason =
  'quota' | 'transient' | 'malformed_output' | 'attribution' | 'refused' | 'configuration' | 'aborted';

/** A failed synthesis: data for the retry queue (SYN-5), not an exception. */
export interface SynthesisFailure {
  status: 'failed';
  storyId: string;
  reason: SynthesisFailureReason;
  /** Whether the story should go to the retry queue (every reason but `aborted`). */
  retry: boolean;
  message: string;
  /** Every layer's failure, in chain order. */
  layers: {
    layer: number;
    vendor: string;
    model: string;
    code: LlmErrorCode;
    reason: SynthesisFailureReason;
    message: string;
  }[];
  /** Tokens and USD spent on the failed attempts. */
  usage: TokenUsage;
  costUsd: number;
  promptId: string;
  promptVersion: string;
}

/** Result of {@link synthesizeStory}. */
export type SynthesizeStoryResult =
  | { status: 'synthesised'; synthesis: StorySynthesis }
  | {
      status: 'skipped';
      storyId: string;
      /** TIER: fewer than 3 unique rated domains — not synthesised. */
      reason: 'below_tier';
      ratedDomains: number;
    }
  | SynthesisFailure;

function reasonOf(error: LlmError): SynthesisFailureReason {
  switch (error.code) {
    case 'rate_limited':
      return 'quota';
    case 'server_error':
    case 'timeout':
    case 'network':
      return 'transient';
    case 'malformed_output':
      return 'malformed_output';
    case 'schema_mismatch':
      return error.issues.some((issue) => issue.includes(RULE_SYN4)) ? 'attribution' : 'malformed_output';
    case 'refused':
      return 'refused';
    case 'aborted':
      return 'aborted';
    default:
      return 'configuration';
  }
}

function failureOf(storyId: string, error: LlmError, model: LanguageModel): SynthesisFailure {
  const failures =
    error.code === 'all_layers_failed'
      ? error.failures
      : [{ layer: 0, vendor: error.vendor ?? model.vendor, model: error.model ?? model.modelId, error }];
  const layers = failures.map((failure) => ({
    layer: failure.layer,
    vendor: failure.vendor,
    model: failure.model,
    code: failure.error.code,
    reason: reasonOf(failure.error),
    message: failure.error.message,
  }));
  const reason = layers.length > 0 ? layers[layers.length - 1]!.reason : reasonOf(error);
  let inputTokens = 0;
  let outputTokens = 0;
  let costUsd = 0;
  for (const attempt of error.attempts) {
    inputTokens += attempt.usage.inputTokens;
    outputTokens += attempt.usage.outputTokens;
    costUsd += attempt.costUsd;
  }
  return {
    status: 'failed',
    storyId,
    reason,
    retry: reason !== 'aborted',
    message: error.message,
    layers,
    usage: { inputTokens, outputTokens },
    costUsd,
    promptId: storySynthesisPrompt.id,
    promptVersion: storySynthesisPrompt.version,
  };
}

function articleText(article: { title: string; description?: string | undefined; body?: string | undefined }): string {
  return [article.title, article.description, article.body]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join('\n\n');
}

function promptText(article: { description?: string | undefined; body?: string | undefined }, limit: number): string {
  const text = [article.description, article.body]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join('\n\n');
  return text.length <= limit ? text : `${text.slice(0, limit)}…`;
}

/**
 * Synthesises one story (seed 003 §3.4):
 * 1. TIER: a story with fewer than 3 unique rated domains is `skipped` (not synthesised).
 * 2. Without a model, the offline extractive synthesiser writes it (`backend: 'extractive (offline)'`).
 * 3. SYN-1: one article per domain (the longest text, ties to the earliest) goes to the model with
 *    the versioned prompt `story-synthesis` (no outlet names shown).
 * 4. The structured answer is validated by {@link synthesisOutputSchema} (SYN-3 citations, SYN-4
 *    attribution, 1–2 sentence summary): a failing answer is re-asked once naming the problems
 *    (the rewrite), then the chain moves to its next layer (SYN-2).
 * 5. Success stores the provider, model, layer, prompt id/version, tokens and cost of the call, plus
 *    grounding warnings (numbers or quotations absent from the cited articles). Failure returns
 *    `{ status: 'failed', reason }` for the retry queue (SYN-5). Input errors throw `SynthesisError`.
 *
 * @example
 * const result = await synthesizeStory(cluster, roster, { model: createDefaultSynthesisChain() });
 * if (result.status === 'synthesised') console.log(result.synthesis.provenance.provider, result.synthesis.sentences);
 * else if (result.status === 'failed' && result.retry) await queue.enqueue(cluster.id, result.reason, new Date());
 */
export async function synthesizeStory(
  cluster: StoryCluster,
  roster: Roster,
  options: SynthesizeStoryOptions = {},
): Promise<SynthesizeStoryResult> {
  const valid = parseCluster(cluster, 'synthesis');
  // rule TIER: below 3 unique rated domains a story is not synthesised.
  const rated = coverage(storyOutlets(valid.articles, roster)).rated;
  if (storyTier(rated) === null)
    return { status: 'skipped', storyId: valid.id, reason: 'below_tier', ratedDomains: rated };

  const model = options.model ?? null;
  if (model === null) {
    return {
      status: 'synthesised',
      synthesis: synthesizeExtractiveUnchecked(valid, { ...options.extractive, roster }),
    };
  }

  // rule SYN-1: one article per domain.
  const byId = new Map(valid.articles.map((article) => [article.id, article]));
  const picked = pickArticlesForSynthesis(
    valid.articles.map((article) => ({
      id: article.id,
      domain: article.domain,
      text: articleText(article),
      publishedAt: article.publishedAt,
    })),
  );
  const limit = options.maxArticleCharacters ?? 6000;
  const promptArticles: PromptArticle[] = picked.map(({ id }) => {
    const article = byId.get(id)!;
    return { id, publishedAt: article.publishedAt, title: article.title, text: promptText(article, limit) };
  });
  const schema = synthesisOutputSchema(
    valid.articles.map((article) => article.id),
    roster.attributionNeedles,
    valid.articles,
  );
  try {
    const result = await model.generateObject({
      prompt: storySynthesisPrompt,
      variables: { articles: promptArticles },
      schema,
      schemaName: 'story_synthesis',
      schemaDescription: 'Síntesis neutral de una historia con frases citadas por id de artículo',
      jobId: valid.id,
      ...(options.ledger !== undefined ? { ledger: options.ledger } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    });
    const output = result.object;
    const sentences: CitedSentence[] = output.sentences.map((sentence) => ({
      text: sentence.text.trim(),
      articleIds: [...new Set(sentence.articleIds)],
      discrepancy: sentence.discrepancy,
    }));
    return {
      status: 'synthesised',
      synthesis: {
        storyId: valid.id,
        backend: 'llm',
        summary: output.summary.trim(),
        sentences,
        discrepancies: output.discrepancies.map((item) => ({
          text: item.text.trim(),
          articleIds: [...new Set(item.articleIds)],
        })),
        sourceArticleIds: picked.map((article) => article.id),
        provenance: {
          provider: result.answeredBy.vendor,
          model: result.answeredBy.model,
          layer: result.answeredBy.layer,
          chain: model.modelId,
          promptId: result.promptId,
          promptVersion: result.promptVersion,
          usage: { ...result.usage },
          costUsd: result.costUsd,
          reasked: result.reasked,
          cached: result.cached,
          attempts: result.attempts.map((attempt) => ({
            layer: attempt.layer,
            vendor: attempt.vendor,
            model: attempt.model,
            phase: attempt.phase,
            outcome: attempt.outcome,
          })),
          method: null,
        },
        warnings: groundingWarnings(sentences, valid.articles),
      },
    };
  } catch (error) {
    if (!isLlmError(error)) throw error;
    return failureOf(valid.id, error, model);
  }
}
