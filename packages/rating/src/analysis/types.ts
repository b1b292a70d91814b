import type { Bucket } from '@espectro/methodology';
import { z } from 'zod';
import type { ActorContext, ActorSide } from '../actors.js';
import type { Article, ArticleLanguage } from '../articles.js';

/**
 * The disputed topics of metric 3 (seed 002 §4): immigration, economy, security / crime, abortion
 * and reproductive rights, indigenous rights, labour, energy and environment, religion in public life.
 *
 * @example
 * DisputedTopicSchema.parse('labour');
 */
export const DisputedTopicSchema = z.enum([
  'immigration',
  'economy',
  'security',
  'abortion',
  'indigenous_rights',
  'labour',
  'energy_environment',
  'religion_public',
]);
/** A disputed topic of metric 3. */
export type DisputedTopic = z.infer<typeof DisputedTopicSchema>;
/** The disputed topics in canonical order. */
export const DISPUTED_TOPICS: readonly DisputedTopic[] = DisputedTopicSchema.options;

/** Framing of an article toward the sitting executive vs the main opposition bloc (metric 1). */
export type Framing = 'pro_government' | 'pro_opposition' | 'neutral' | 'not_applicable';
/** Sentiment of an article toward one named figure (metric 2). */
export type FigureSentimentLabel = 'favourable' | 'neutral' | 'critical';
/** An article's stance on one disputed topic (metric 3). */
export type TopicStanceLabel = 'progressive' | 'neutral' | 'conservative';

/**
 * A verbatim passage of the article, with its position in the article document
 * (`articleDocument(article)`: title, a blank line, then the text).
 */
export interface EvidenceSpan {
  /** The passage exactly as it appears in the document. */
  quote: string;
  start: number;
  end: number;
}

/** An explicit indicator of political lean (seed 000 "indicadores"), verified verbatim. */
export interface ArticleIndicator extends EvidenceSpan {
  side: Bucket;
  /** What kind of indicator: `loaded_language`, `one_sided_sourcing`, `stance:left`, `topic:labour`, … */
  kind: string;
  explanation: string;
}

/** Sentiment toward one named figure, with the passages behind it. */
export interface FigureMention {
  actorId: string;
  name: string;
  /** The figure's usual placement (from the actor map). */
  lean: Bucket;
  side: ActorSide;
  sentiment: FigureSentimentLabel;
  evidence: EvidenceSpan[];
}

/** Stance on one disputed topic, with the passages behind it. */
export interface TopicStance {
  topic: DisputedTopic;
  position: TopicStanceLabel;
  evidence: EvidenceSpan[];
}

/** One quoted or cited source. `actorId`/`lean` are set when the source is in the actor map. */
export interface QuotedSource {
  name: string;
  actorId: string | null;
  lean: Bucket | null;
  evidence: EvidenceSpan;
}

/** Signals for content factuality (seed 002 §4 "Factualidad a partir del contenido"). */
export interface FactualitySignals {
  /** Signed by a named author; `null` when the article record does not say. */
  byline: boolean | null;
  /** A correction notice in the article. */
  correction: EvidenceSpan | null;
  /** Passages citing primary sources (official documents, data, rulings). */
  primarySources: EvidenceSpan[];
  /** Outbound links to primary-source hosts (official domains, documents). */
  primaryLinks: string[];
  /** Claims presented without attribution. */
  unattributed: EvidenceSpan[];
  /** Viral / anonymous social-media content. */
  viral: EvidenceSpan[];
}

/** Backend label of the offline lexicon analyser (shown with every product it makes). */
export const LEXICON_BACKEND = 'lexicon-baseline (offline)';

/** Token usage of an analysis (0 for the lexicon). */
export interface AnalysisUsage {
  inputTokens: number;
  outputTokens: number;
}

/**
 * The analysis of one article: the LLM rubric's (or the lexicon's) political relevance, bias
 * estimate, verified indicators and evidence, and the per-article inputs of the four content
 * metrics and of content factuality. Confidence is **not** here: `classifyArticle` computes it
 * with rule ART-1. `status` is `ok`, `rejected` (quotes that do not occur in the article after one
 * re-ask) or `failed` (the provider failed); only `ok` analyses enter the metrics.
 */
export interface ArticleAnalysis {
  articleId: string;
  outlet: string;
  publishedAt: string;
  language: ArticleLanguage;
  section: 'news' | 'opinion' | null;
  /** `lexicon-baseline (offline)` or `llm:<vendor>/<model>`. */
  backend: string;
  /** Prompt id and version (LLM), or lexicon id and version (offline) — rule AUDIT. */
  promptId: string;
  promptVersion: string;
  vendor: string | null;
  model: string | null;
  status: 'ok' | 'rejected' | 'failed';
  /** Why the analysis was rejected or failed. */
  rejection?: string;
  /** Word count of title + text (ART-1). */
  words: number;
  politicallyRelevant: boolean;
  /** The article's lean; `null` when not politically relevant. */
  bias: Bucket | null;
  indicators: ArticleIndicator[];
  /** Short evidence text explaining the estimate. */
  evidence: string;
  framing: Framing;
  framingEvidence: EvidenceSpan[];
  figures: FigureMention[];
  topics: TopicStance[];
  quotedSources: QuotedSource[];
  factuality: FactualitySignals;
  usage: AnalysisUsage;
  costUsd: number;
  /** True when our quote check re-asked the model. */
  reasked: boolean;
}

/** Options of one analysis call. */
export interface AnalyzeOptions {
  /** Groups the LLM calls in the cost ledger (e.g. `content:elpais.com:2026-04-27`). */
  jobId?: string;
  signal?: AbortSignal;
}

/** Analyses one article against a country's actor context. */
export interface ArticleAnalyzer {
  /** `lexicon-baseline (offline)` or `llm:<vendor>/<model>`. */
  readonly backend: string;
  analyze(article: Article, context: ActorContext, options?: AnalyzeOptions): Promise<ArticleAnalysis>;
}

/**
 * The text an analysis reads and every span points into: the title, a blank line, the text.
 *
 * @example
 * articleDocument({ title: 'Título', text: 'Cuerpo' }); // 'Título\n\nCuerpo'
 */
export function articleDocument(article: Pick<Article, 'title' | 'text'>): string {
  return article.title === '' ? article.text : `${article.title}\n\n${article.text}`;
}

/** An analysis with nothing in it (for rejected and failed articles). @internal */
export function emptyAnalysis(
  article: Article,
  base: Pick<ArticleAnalysis, 'backend' | 'promptId' | 'promptVersion' | 'vendor' | 'model' | 'words'>,
): ArticleAnalysis {
  return {
    articleId: article.id,
    outlet: article.outlet,
    publishedAt: article.publishedAt,
    language: article.language,
    section: article.section ?? null,
    ...base,
    status: 'ok',
    politicallyRelevant: false,
    bias: null,
    indicators: [],
    evidence: '',
    framing: 'not_applicable',
    framingEvidence: [],
    figures: [],
    topics: [],
    quotedSources: [],
    factuality: {
      byline: bylineOf(article),
      correction: null,
      primarySources: [],
      primaryLinks: [],
      unattributed: [],
      viral: [],
    },
    usage: { inputTokens: 0, outputTokens: 0 },
    costUsd: 0,
    reasked: false,
  };
}

/** Byline from the article record: `null` when the record does not say. @internal */
export function bylineOf(article: Article): boolean | null {
  if (article.byline === undefined) return null;
  return article.byline !== null && article.byline.trim() !== '';
}
