import {
  CONTENT_FACTUALITY_PARAMETERS as methodologyContentFactualityParameters,
  CONTENT_METRIC_PARAMETERS as methodologyContentMetricParameters,
  contentFactuality as methodologyContentFactuality,
  explainContentBucket,
  figureSentimentShares,
  govOppRatio,
  quoteShares,
  RATING_PARAMETERS,
  topicPosition,
  type ContentFactualityCounts,
  type Bucket,
  type ContentBucketExplanation,
  type ContentBucketInput,
  type Factuality,
  type FigureSentiment,
  type TopicPosition,
} from '@espectro/methodology';
import { actorContext, type ActorContext, type PoliticalActorMap } from './actors.js';
import type { Article, ArticleSource } from './articles.js';
import { DISPUTED_TOPICS, type ArticleAnalysis, type ArticleAnalyzer, type DisputedTopic } from './analysis/types.js';
import { dayNumber, isoDate } from './dates.js';
import { RatingError } from './errors.js';
import type { ContentAnalysed, ContentEvidence, ContentInsufficient, SampleEvidence } from '@espectro/methodology';
import { sampleArticles, SAMPLE_PARAMETERS, type ArticleSample } from './sampler.js';

/**
 * @deprecated Moved to `@espectro/methodology` (rules CM-1..CM-4); import
 * `CONTENT_METRIC_PARAMETERS` from there. This alias is the same frozen object.
 *
 * @example
 * CONTENT_METRIC_PARAMETERS.minFramedArticles; // 5
 */
export const CONTENT_METRIC_PARAMETERS = methodologyContentMetricParameters;

/**
 * @deprecated Moved to `@espectro/methodology` (rule CF-1); import
 * `CONTENT_FACTUALITY_PARAMETERS` from there. This alias is the same frozen object.
 *
 * @example
 * CONTENT_FACTUALITY_PARAMETERS.highBylinePercent; // 70
 */
export const CONTENT_FACTUALITY_PARAMETERS = methodologyContentFactualityParameters;

/**
 * Counts of factuality signals over analysed articles.
 *
 * @deprecated Use `ContentFactualityCounts` of `@espectro/methodology` (the same shape).
 */
export type FactualityCounts = ContentFactualityCounts;

/**
 * Content factuality from signal counts (rule CF-1 of `@espectro/methodology`); `null` below the
 * minimum content sample (20). Invalid counts (negative, fractional, or above `articles`) now throw
 * `MethodologyInputError`.
 *
 * @deprecated Import `contentFactuality` from `@espectro/methodology`; this is the same function.
 *
 * @example
 * contentFactuality({ articles: 40, bylined: 38, withPrimarySources: 25, withCorrections: 2, withUnattributed: 1, withViral: 0 }); // 'very-high'
 */
export const contentFactuality: (counts: ContentFactualityCounts) => Factuality | null = methodologyContentFactuality;

/** One figure's sentiment counts and shares (metric 2). */
export interface FigureMetric {
  actorId: string;
  name: string;
  side: Bucket;
  articles: number;
  favourable: number;
  neutral: number;
  critical: number;
  /** Shares used by CB-1 (favourable / articles, critical / articles). */
  favourableShare: number;
  criticalShare: number;
}

/** The four metrics of a set of analyses, with the counts behind them. */
export interface ContentMetrics {
  /** `ok` analyses counted. */
  sampleSize: number;
  incumbent: Bucket;
  govOpp: { government: number; opposition: number; neutral: number; ratio: number | null };
  figures: FigureMetric[];
  topics: Record<
    DisputedTopic,
    { position: TopicPosition; progressive: number; neutral: number; conservative: number }
  >;
  quotes: {
    left: number;
    center: number;
    right: number;
    unmapped: number;
    distribution: { left: number; center: number; right: number } | null;
  };
  factuality: ContentFactualityCounts & { level: Factuality | null };
  /** The input of `contentBucket` / `explainContentBucket` (unavailable metrics left out). */
  bucketInput: ContentBucketInput;
}

/**
 * Aggregates article analyses (only `ok` ones) into the counts behind the four metrics of seed
 * 002 §4 and the factuality signals; every threshold is applied by `@espectro/methodology`
 * (`govOppRatio` CM-1, `figureSentimentShares` CM-2, `topicPosition` CM-3, `quoteShares` CM-4,
 * `contentFactuality` CF-1). Pure; the bucket itself is left to `contentBucket`.
 *
 * @example
 * const metrics = contentMetricsFromAnalyses(analyses, context);
 * explainContentBucket(metrics.bucketInput).bucket;
 */
export function contentMetricsFromAnalyses(
  analyses: readonly ArticleAnalysis[],
  context: ActorContext,
): ContentMetrics {
  const usable = analyses.filter((analysis) => analysis.status === 'ok');
  let government = 0;
  let opposition = 0;
  let neutral = 0;
  const figureCounts = new Map<string, { favourable: number; neutral: number; critical: number }>();
  const topicCounts = new Map<DisputedTopic, { progressive: number; neutral: number; conservative: number }>();
  const quotes = { left: 0, center: 0, right: 0, unmapped: 0 };
  const factuality: ContentFactualityCounts = {
    articles: usable.length,
    bylined: 0,
    withPrimarySources: 0,
    withCorrections: 0,
    withUnattributed: 0,
    withViral: 0,
  };
  for (const analysis of usable) {
    if (analysis.politicallyRelevant) {
      if (analysis.framing === 'pro_government') government += 1;
      else if (analysis.framing === 'pro_opposition') opposition += 1;
      else if (analysis.framing === 'neutral') neutral += 1;
    }
    for (const figure of analysis.figures) {
      let counts = figureCounts.get(figure.actorId);
      if (counts === undefined) {
        counts = { favourable: 0, neutral: 0, critical: 0 };
        figureCounts.set(figure.actorId, counts);
      }
      counts[figure.sentiment] += 1;
    }
    for (const stance of analysis.topics) {
      let counts = topicCounts.get(stance.topic);
      if (counts === undefined) {
        counts = { progressive: 0, neutral: 0, conservative: 0 };
        topicCounts.set(stance.topic, counts);
      }
      counts[stance.position] += 1;
    }
    for (const source of analysis.quotedSources) {
      if (source.lean === null) quotes.unmapped += 1;
      else quotes[source.lean] += 1;
    }
    const signals = analysis.factuality;
    if (signals.byline === true) factuality.bylined += 1;
    if (signals.primarySources.length > 0 || signals.primaryLinks.length > 0) factuality.withPrimarySources += 1;
    if (signals.correction !== null) factuality.withCorrections += 1;
    if (signals.unattributed.length > 0) factuality.withUnattributed += 1;
    if (signals.viral.length > 0) factuality.withViral += 1;
  }

  // metric 1 (rule CM-1)
  const ratio = govOppRatio({ government, opposition });
  // metric 2 (rule CM-2)
  const figures: FigureMetric[] = [];
  for (const figure of context.figures) {
    const counts = figureCounts.get(figure.id);
    if (counts === undefined) continue;
    const shares = figureSentimentShares(counts);
    if (shares === null) continue;
    figures.push({
      actorId: figure.id,
      name: figure.name,
      side: figure.lean,
      articles: shares.articles,
      ...counts,
      favourableShare: shares.favourable,
      criticalShare: shares.critical,
    });
  }
  // metric 3 (rule CM-3)
  const topics = {} as ContentMetrics['topics'];
  for (const topic of DISPUTED_TOPICS) {
    const counts = topicCounts.get(topic) ?? { progressive: 0, neutral: 0, conservative: 0 };
    topics[topic] = { position: topicPosition(counts), ...counts };
  }
  // metric 4 (rule CM-4)
  const distribution = quoteShares({ left: quotes.left, center: quotes.center, right: quotes.right });

  const bucketInput: ContentBucketInput = { sampleSize: usable.length, incumbent: context.incumbent };
  if (ratio !== null) bucketInput.govOppRatio = ratio;
  if (figures.length > 0) {
    bucketInput.figures = figures.map((figure): FigureSentiment => ({
      side: figure.side,
      favourable: figure.favourableShare,
      critical: figure.criticalShare,
      name: figure.name,
    }));
  }
  bucketInput.topicPositions = Object.fromEntries(DISPUTED_TOPICS.map((topic) => [topic, topics[topic].position]));
  if (distribution !== null) bucketInput.quoteDistribution = distribution;

  return {
    sampleSize: usable.length,
    incumbent: context.incumbent,
    govOpp: { government, opposition, neutral, ratio },
    figures,
    topics,
    quotes: { ...quotes, distribution },
    factuality: { ...factuality, level: methodologyContentFactuality(factuality) }, // rule CF-1
    bucketInput,
  };
}

/** What {@link analyzeOutletContent} needs. */
export interface ContentAnalysisRequest {
  /** The outlet's domain. */
  outlet: string;
  /** The analysis date (ISO). */
  asOf: string;
  /** The country's political-actor map (the government in office on `asOf` gives the incumbent). */
  actors: PoliticalActorMap;
  source: ArticleSource;
  analyzer: ArticleAnalyzer;
  /** Sample seed (default FNV-1a of `"<outlet>|<asOf>"`); stored with the evidence. */
  seed?: number;
  /** Largest sample (default 60). */
  cap?: number;
  /** Window length (default 90 days). */
  windowDays?: number;
  /** Start the window no earlier than this date (e.g. a recent change of control, CONF-CHANGE). */
  notBefore?: string;
  /** Articles analysed at once (default 4). */
  concurrency?: number;
  /** Ledger job id (default `content:<outlet>:<asOf>`). */
  jobId?: string;
  signal?: AbortSignal;
}

/** What {@link analyzeOutletContent} returns. */
export interface ContentAnalysisResult {
  /** `rating_evidence.content`, ready to store. */
  evidence: ContentEvidence;
  sample: ArticleSample;
  /** Every analysis made (empty when the sample was too small to analyse). */
  analyses: ArticleAnalysis[];
  /** The metrics of the accepted analyses (null when nothing was analysed). */
  metrics: ContentMetrics | null;
  /** `explainContentBucket` of the metrics (null when the sample is insufficient). */
  explanation: ContentBucketExplanation | null;
  backend: string;
  /** USD cost of every model call of the run (0 offline). */
  costUsd: number;
  usage: { inputTokens: number; outputTokens: number };
  /** The actor map is past its `review_by` date on `asOf`. */
  actorMapStale: boolean;
}

async function mapWithConcurrency<Input, Output>(
  items: readonly Input[],
  concurrency: number,
  run: (item: Input) => Promise<Output>,
): Promise<Output[]> {
  const results: Output[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const position = next;
      next += 1;
      results[position] = await run(items[position]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

function bucketOf(analyses: readonly ArticleAnalysis[], context: ActorContext): Bucket | undefined {
  const metrics = contentMetricsFromAnalyses(analyses, context);
  const bucket = explainContentBucket(metrics.bucketInput).bucket;
  return bucket === 'left' || bucket === 'center' || bucket === 'right' ? bucket : undefined;
}

/**
 * Signal 3 for one outlet (seed 002 §4): reads the outlet's articles of the window from `source`,
 * draws the stratified sample (≤ 60, seeded), and — only when at least 20 articles were sampled —
 * analyses each with `analyzer` (LLM rubric or lexicon baseline), aggregates the four metrics and
 * factuality signals, and lets `explainContentBucket` (rules CB-0..2) decide the content-only
 * bucket. Fewer than 20 sampled (or accepted) articles give `{ status: 'insufficient' }`; below 20
 * sampled, no analysis call is made at all. When the news and the opinion items each reach a
 * bucket, `news_sesgo` / `opinion_sesgo` are recorded (CONF-SPLIT input).
 *
 * @example
 * const result = await analyzeOutletContent({ outlet: 'elpais.com', asOf: '2026-04-27', actors: esMap,
 *   source: createMemoryArticleSource(articles), analyzer: createArticleAnalyzer({ env: process.env, ledger }) });
 * result.evidence.content_only_sesgo; // 'left' | 'center' | 'right' | 'inconclusive'
 */
export async function analyzeOutletContent(request: ContentAnalysisRequest): Promise<ContentAnalysisResult> {
  const { outlet, asOf, analyzer } = request;
  const context = actorContext(request.actors, asOf);
  const windowDays = request.windowDays ?? SAMPLE_PARAMETERS.windowDays;
  const asOfDay = dayNumber(asOf);
  const from = isoDate(
    Math.max(asOfDay - windowDays, request.notBefore === undefined ? -Infinity : dayNumber(request.notBefore)),
  );
  const articles: Article[] = await request.source.listArticles({ outlet, from, to: isoDate(asOfDay) });
  const sample = sampleArticles(articles, {
    outlet,
    asOf,
    windowDays,
    ...(request.cap === undefined ? {} : { cap: request.cap }),
    ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(request.notBefore === undefined ? {} : { notBefore: request.notBefore }),
  });
  const minimum = RATING_PARAMETERS.contentBucketMinSample;
  const provenance = { backend: analyzer.backend, analysed_at: isoDate(asOfDay) };
  const sampleEvidence = (analysed: number, rejected: number, failed: number): SampleEvidence => ({
    seed: sample.seed,
    ids: sample.ids,
    population: sample.population,
    strata: sample.strata.map((stratum) => ({
      key: stratum.key,
      population: stratum.population,
      allocated: stratum.allocated,
    })),
    rule: sample.rule,
    analysed,
    rejected,
    failed,
  });

  // rule CB-0 — below 20 articles there is nothing to analyse: no model call is made
  if (sample.ids.length < minimum) {
    const evidence: ContentInsufficient = {
      status: 'insufficient',
      sample_size: sample.ids.length,
      window_days: windowDays,
      window_start: sample.windowStart,
      sample: sampleEvidence(0, 0, 0),
      ...provenance,
      notes: `${sample.ids.length} article(s) in the window; ${minimum} needed (CB-0). No analysis was run.`,
    };
    return {
      evidence,
      sample,
      analyses: [],
      metrics: null,
      explanation: null,
      backend: analyzer.backend,
      costUsd: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
      actorMapStale: context.stale,
    };
  }

  const byId = new Map(articles.map((article) => [article.id, article]));
  const sampled = sample.ids.map((id) => byId.get(id)!);
  const jobId = request.jobId ?? `content:${outlet}:${isoDate(asOfDay)}`;
  const analyses = await mapWithConcurrency(sampled, request.concurrency ?? 4, (article) =>
    analyzer.analyze(article, context, { jobId, ...(request.signal === undefined ? {} : { signal: request.signal }) }),
  );
  let costUsd = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let rejected = 0;
  let failed = 0;
  for (const analysis of analyses) {
    costUsd += analysis.costUsd;
    inputTokens += analysis.usage.inputTokens;
    outputTokens += analysis.usage.outputTokens;
    if (analysis.status === 'rejected') rejected += 1;
    else if (analysis.status === 'failed') failed += 1;
  }
  const accepted = analyses.filter((analysis) => analysis.status === 'ok');
  const promptIds = [...new Set(accepted.map((analysis) => `${analysis.promptId}@${analysis.promptVersion}`))];
  const prompt = accepted[0];
  const runProvenance = {
    ...provenance,
    ...(prompt === undefined ? {} : { prompt_id: prompt.promptId, prompt_version: prompt.promptVersion }),
    ...(costUsd > 0 ? { cost_usd: costUsd } : {}),
  };
  if (promptIds.length > 1) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'content',
      message: `analyses of one run used different prompts/lexicons: ${promptIds.join(', ')}`,
    });
  }
  const metrics = contentMetricsFromAnalyses(analyses, context);
  const base = {
    backend: analyzer.backend,
    costUsd,
    usage: { inputTokens, outputTokens },
    actorMapStale: context.stale,
    sample,
    analyses,
  };

  if (accepted.length < minimum) {
    const evidence: ContentInsufficient = {
      status: 'insufficient',
      sample_size: accepted.length,
      window_days: windowDays,
      window_start: sample.windowStart,
      sample: sampleEvidence(accepted.length, rejected, failed),
      ...runProvenance,
      notes: `${accepted.length} of ${sample.ids.length} sampled article(s) analysed (${rejected} rejected for ungrounded quotes, ${failed} failed); ${minimum} needed (CB-0).`,
    };
    return { ...base, evidence, metrics, explanation: null };
  }

  // rules CB-0..2 decide the bucket — never the model
  const explanation = explainContentBucket(metrics.bucketInput);
  const distribution = metrics.quotes.distribution;
  const evidence: ContentAnalysed = {
    status: 'analysed',
    sample_size: accepted.length,
    window_days: windowDays,
    window_start: sample.windowStart,
    incumbent: context.incumbent,
    gov_opp_ratio: metrics.govOpp.ratio,
    gov_opp_counts: {
      government: metrics.govOpp.government,
      opposition: metrics.govOpp.opposition,
      neutral: metrics.govOpp.neutral,
    },
    figures: metrics.figures.map((figure) => ({
      name: figure.name,
      actor_id: figure.actorId,
      side: figure.side,
      favourable: figure.favourableShare,
      critical: figure.criticalShare,
      mentions: figure.articles,
    })),
    topics: Object.fromEntries(DISPUTED_TOPICS.map((topic) => [topic, metrics.topics[topic].position])),
    quote_distribution:
      distribution === null ? null : { izq: distribution.left, centro: distribution.center, der: distribution.right },
    quote_count: metrics.quotes.left + metrics.quotes.center + metrics.quotes.right,
    content_only_sesgo: explanation.bucket === 'insufficient' ? null : explanation.bucket,
    content_only_factualidad: metrics.factuality.level,
    factuality_signals: {
      articles: metrics.factuality.articles,
      bylined: metrics.factuality.bylined,
      with_primary_sources: metrics.factuality.withPrimarySources,
      with_corrections: metrics.factuality.withCorrections,
      with_unattributed: metrics.factuality.withUnattributed,
      with_viral: metrics.factuality.withViral,
    },
    sample: sampleEvidence(accepted.length, rejected, failed),
    ...runProvenance,
  };
  // CONF-SPLIT input: news and opinion items rated on their own
  const news = accepted.filter((analysis) => analysis.section === 'news');
  const opinion = accepted.filter((analysis) => analysis.section === 'opinion');
  if (news.length >= minimum && opinion.length >= minimum) {
    const newsBucket = bucketOf(news, context);
    const opinionBucket = bucketOf(opinion, context);
    if (newsBucket !== undefined && opinionBucket !== undefined) {
      evidence.news_sesgo = newsBucket;
      evidence.opinion_sesgo = opinionBucket;
    }
  }
  return { ...base, evidence, metrics, explanation };
}
