/**
 * Topic classification, the final step of synthesis (seed 003 §4, rule TOP-1), and the low-value
 * detector the publish guard needs (`filtered_content`: lifestyle, entertainment, gossip).
 *
 * Offline keyword scoring (transparent by design): the title, the summary and (optionally) the
 * sentences are folded and matched against {@link TOPIC_KEYWORDS}; each keyword counts once per
 * field, weighted 2 in the title, 1 in the summary and 0.5 in the sentences. The best topic wins
 * when its score is ≥ {@link TOPIC_MIN_SCORE} and beats the runner-up by ≥ {@link TOPIC_MIN_MARGIN};
 * otherwise the story stays unclassified (`null`), never guessed.
 */
import { TOPICS, TopicSchema, topicOrNull, type Topic, foldAccents } from '@espectro/methodology';
import { isLlmError, type CostLedger, type LanguageModel, type TokenUsage } from '@espectro/llm';
import { z } from 'zod';
import { LOW_VALUE_KEYWORDS, TOPIC_KEYWORDS } from './keywords.js';
import { storyTopicPrompt } from './prompts.js';

/** Weight of a keyword found in the title. */
export const TITLE_WEIGHT = 2;
/** Weight of a keyword found in the summary. */
export const SUMMARY_WEIGHT = 1;
/** Weight of a keyword found in the sentences. */
export const SENTENCES_WEIGHT = 0.5;
/** Lowest score that classifies a story offline. */
export const TOPIC_MIN_SCORE = 3;
/** Lowest lead of the best topic over the runner-up that classifies a story offline. */
export const TOPIC_MIN_MARGIN = 1.5;
/** Lowest low-value score that flags a story as lifestyle, entertainment or gossip. */
export const LOW_VALUE_MIN_SCORE = 3;

// ── Keyword matcher ──────────────────────────────────────────────────────────────────────────────

interface CompiledKeyword {
  keyword: string;
  words: string[];
  /** The last word is a prefix (`*`). */
  prefix: boolean;
}

/** Keywords indexed by the first three characters of their first word. */
type KeywordIndex = Map<string, CompiledKeyword[]>;

const WORD = /[\p{L}\p{N}]+/gu;

function compile(keywords: readonly string[]): KeywordIndex {
  const index: KeywordIndex = new Map();
  for (const keyword of keywords) {
    const prefix = keyword.endsWith('*');
    const words = (prefix ? keyword.slice(0, -1) : keyword).split(' ').filter((word) => word !== '');
    if (words.length === 0) continue;
    const key = words[0]!.slice(0, 3);
    let list = index.get(key);
    if (list === undefined) index.set(key, (list = []));
    list.push({ keyword, words, prefix });
  }
  return index;
}

function wordsOf(text: string): string[] {
  return foldAccents(text).match(WORD) ?? [];
}

/** Distinct keywords of `index` found in `words`. */
function matchKeywords(words: readonly string[], index: KeywordIndex): Set<string> {
  const found = new Set<string>();
  for (let position = 0; position < words.length; position += 1) {
    const candidates = index.get(words[position]!.slice(0, 3));
    if (candidates === undefined) continue;
    for (const candidate of candidates) {
      const count = candidate.words.length;
      if (position + count > words.length) continue;
      let matches = true;
      for (let offset = 0; offset < count; offset += 1) {
        const expected = candidate.words[offset]!;
        const actual = words[position + offset]!;
        const isLast = offset === count - 1;
        if (isLast && candidate.prefix ? !actual.startsWith(expected) : actual !== expected) {
          matches = false;
          break;
        }
      }
      if (matches) found.add(candidate.keyword);
    }
  }
  return found;
}

const TOPIC_INDEXES: ReadonlyMap<Topic, KeywordIndex> = new Map(
  TOPICS.map((topic) => [topic, compile(TOPIC_KEYWORDS[topic])]),
);
const LOW_VALUE_INDEX = compile(LOW_VALUE_KEYWORDS);

/** The texts a story is classified from. */
export interface TopicInput {
  title: string;
  summary: string;
  /** The synthesised sentences (optional, weighted 0.5 for the keyword classifier). */
  sentences?: readonly string[];
}

function weightedFields(input: TopicInput): { words: string[]; weight: number }[] {
  const fields = [
    { words: wordsOf(input.title), weight: TITLE_WEIGHT },
    { words: wordsOf(input.summary), weight: SUMMARY_WEIGHT },
  ];
  if (input.sentences !== undefined && input.sentences.length > 0) {
    fields.push({ words: wordsOf(input.sentences.join(' \n ')), weight: SENTENCES_WEIGHT });
  }
  return fields;
}

// ── Offline topic classifier ─────────────────────────────────────────────────────────────────────

/** Result of {@link classifyTopicOffline}: the decision and everything it was made from. */
export interface KeywordTopicResult {
  topic: Topic | null;
  /** Score per topic (every topic listed). */
  scores: Record<Topic, number>;
  /** Keywords found per topic (topics with none are left out). */
  matched: Partial<Record<Topic, string[]>>;
  /** Best score minus the runner-up's. */
  margin: number;
}

/**
 * Keyword topic classifier for Spanish and Portuguese stories (scoring at the top of this module):
 * one of the 10 topics, or `null` when the best score is below {@link TOPIC_MIN_SCORE} or its lead
 * over the runner-up is below {@link TOPIC_MIN_MARGIN}.
 *
 * @example
 * classifyTopicOffline({ title: 'El Banco Central sube la tasa de interés', summary: 'La inflación sigue alta y el dólar sube.' }).topic;
 * // 'economy'
 */
export function classifyTopicOffline(input: TopicInput): KeywordTopicResult {
  const fields = weightedFields(input);
  const scores = Object.fromEntries(TOPICS.map((topic) => [topic, 0])) as Record<Topic, number>;
  const matched: Partial<Record<Topic, string[]>> = {};
  for (const topic of TOPICS) {
    const index = TOPIC_INDEXES.get(topic)!;
    const keywords = new Set<string>();
    for (const field of fields) {
      const found = matchKeywords(field.words, index);
      scores[topic] += found.size * field.weight;
      for (const keyword of found) keywords.add(keyword);
    }
    if (keywords.size > 0) matched[topic] = [...keywords].sort();
  }
  const ranked = [...TOPICS].sort((a, b) => scores[b] - scores[a] || TOPICS.indexOf(a) - TOPICS.indexOf(b));
  const best = ranked[0]!;
  const margin = scores[best] - scores[ranked[1]!];
  const topic = scores[best] >= TOPIC_MIN_SCORE && margin >= TOPIC_MIN_MARGIN ? best : null;
  return { topic, scores, matched, margin };
}

// ── Low-value detector ───────────────────────────────────────────────────────────────────────────

/** Result of {@link detectLowValue}. */
export interface LowValueResult {
  /** Lifestyle, entertainment or gossip: the publish guard's `lowValue` input. */
  lowValue: boolean;
  score: number;
  matched: string[];
}

/**
 * Flags lifestyle, entertainment and gossip stories (es + pt keywords {@link LOW_VALUE_KEYWORDS},
 * weighted like the topic classifier; flagged from {@link LOW_VALUE_MIN_SCORE}). The publish guard
 * then hides the story unless at least 5 outlets covered it (rule PG `filtered_content`).
 *
 * @example
 * detectLowValue({ title: 'Horóscopo de hoy: qué dice tu signo', summary: 'Las predicciones del zodiaco.' }).lowValue; // true
 */
export function detectLowValue(input: TopicInput): LowValueResult {
  let score = 0;
  const matched = new Set<string>();
  for (const field of weightedFields(input)) {
    const found = matchKeywords(field.words, LOW_VALUE_INDEX);
    score += found.size * field.weight;
    for (const keyword of found) matched.add(keyword);
  }
  return { lowValue: score >= LOW_VALUE_MIN_SCORE, score, matched: [...matched].sort() };
}

// ── Topic classification (LLM or keywords) ──────────────────────────────────────────────────────

/** The structured output of the `story-topic` prompt. */
export const TopicOutputSchema = z.object({
  topic: TopicSchema.nullable().describe('One of the 10 topic identifiers, or null when none fits clearly'),
});

/** Options of {@link classifyTopic}. */
export interface ClassifyTopicOptions {
  /** A model (e.g. the synthesis chain); `null` or omitted → the offline keyword classifier. */
  model?: LanguageModel | null;
  ledger?: CostLedger;
  /** Job id for the cost ledger (the story id). */
  jobId?: string;
  signal?: AbortSignal;
}

/** A story's topic (TOP-1) with how it was decided. */
export interface TopicClassification {
  /** One of the 10 topics, or `null` (unclassified). */
  topic: Topic | null;
  /** TOP-1: an unclassified story is classified again at the next synthesis run. */
  retryNextRun: boolean;
  backend: 'llm' | 'keywords (offline)';
  provider: string | null;
  model: string | null;
  promptId: string | null;
  promptVersion: string | null;
  usage: TokenUsage;
  costUsd: number;
  /** The keyword evidence (offline backend only). */
  keywords: KeywordTopicResult | null;
  /** Why the model gave no topic, when its call failed (quota, transient error, malformed output). */
  failure: { code: string; message: string } | null;
}

/**
 * Classifies a synthesised story into one of the 10 topics or `null` (rule TOP-1), as the final
 * step of synthesis: with a model, the versioned prompt `story-topic` sees the title and the
 * summary; the label passes the methodology's `topicOrNull` (anything else becomes `null`, never
 * invented). A failed call leaves the story unclassified (no guess) with `retryNextRun: true`.
 * Without a model, {@link classifyTopicOffline} decides.
 *
 * @example
 * const topic = await classifyTopic({ title, summary: synthesis.summary }, { model, jobId: story.id });
 * if (topic.retryNextRun) markForTopicRetry(story.id);
 */
export async function classifyTopic(
  input: TopicInput,
  options: ClassifyTopicOptions = {},
): Promise<TopicClassification> {
  const model = options.model ?? null;
  if (model === null) {
    const keywords = classifyTopicOffline(input);
    return {
      topic: keywords.topic,
      retryNextRun: keywords.topic === null,
      backend: 'keywords (offline)',
      provider: null,
      model: null,
      promptId: null,
      promptVersion: null,
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
      keywords,
      failure: null,
    };
  }
  const base = {
    backend: 'llm' as const,
    promptId: storyTopicPrompt.id,
    promptVersion: storyTopicPrompt.version,
    keywords: null,
  };
  try {
    const result = await model.generateObject({
      prompt: storyTopicPrompt,
      variables: { title: input.title, summary: input.summary },
      schema: TopicOutputSchema,
      schemaName: 'story_topic',
      ...(options.jobId !== undefined ? { jobId: options.jobId } : {}),
      ...(options.ledger !== undefined ? { ledger: options.ledger } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
    });
    // rule TOP-1: one of the 10 identifiers or null.
    const topic = topicOrNull(result.object.topic);
    return {
      ...base,
      topic,
      retryNextRun: topic === null,
      provider: result.answeredBy.vendor,
      model: result.answeredBy.model,
      usage: { ...result.usage },
      costUsd: result.costUsd,
      failure: null,
    };
  } catch (error) {
    if (!isLlmError(error)) throw error;
    let inputTokens = 0;
    let outputTokens = 0;
    let costUsd = 0;
    for (const attempt of error.attempts) {
      inputTokens += attempt.usage.inputTokens;
      outputTokens += attempt.usage.outputTokens;
      costUsd += attempt.costUsd;
    }
    return {
      ...base,
      topic: null,
      retryNextRun: true,
      provider: null,
      model: null,
      usage: { inputTokens, outputTokens },
      costUsd,
      failure: { code: error.code, message: error.message },
    };
  }
}
