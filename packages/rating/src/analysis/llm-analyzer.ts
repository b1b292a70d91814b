import type { Bucket } from '@espectro/methodology';
import { CONFIGURATION_CODES, isLlmError, type CostLedger, type LanguageModel, type LlmError } from '@espectro/llm';
import type { ActorContext, ContextActor } from '../actors.js';
import type { Article } from '../articles.js';
import { RatingError } from '../errors.js';
import { BUNDLED_LEXICONS, isPrimaryLink } from '../lexicon.js';
import { countWords, verbatimIndex, type VerbatimIndex } from '../text.js';
import { ARTICLE_RUBRIC_PROMPT, ArticleRubricAnswerSchema, type ArticleRubricAnswer } from './rubric.js';
import {
  articleDocument,
  bylineOf,
  emptyAnalysis,
  type ArticleAnalysis,
  type ArticleAnalyzer,
  type ArticleIndicator,
  type EvidenceSpan,
  type FigureMention,
  type QuotedSource,
  type TopicStance,
} from './types.js';

/** Settings of {@link createLlmArticleAnalyzer}. */
export interface LlmAnalyzerSettings {
  /** Any `@espectro/llm` LanguageModel (an adapter or a fallback chain). */
  model: LanguageModel;
  /** Where every call is recorded (rule COST); default the model's own ledger. */
  ledger?: CostLedger;
  /** Sampling temperature (default 0). */
  temperature?: number;
}

interface Grounded {
  analysis: Omit<
    ArticleAnalysis,
    'usage' | 'costUsd' | 'reasked' | 'backend' | 'promptId' | 'promptVersion' | 'vendor' | 'model' | 'status'
  >;
}

/**
 * Checks every quote of the answer against the article (verbatim, whitespace and quotation marks
 * normalised only) and every id against the actor context. Returns the grounded analysis, or the
 * problems to send back to the model.
 */
function ground(
  answer: ArticleRubricAnswer,
  article: Article,
  context: ActorContext,
  index: VerbatimIndex,
): Grounded | { problems: string[] } {
  const problems: string[] = [];
  const locate = (quote: string, where: string): EvidenceSpan | null => {
    const found = index.locate(quote);
    if (found === null) {
      problems.push(`${where}: the quote «${quote}» does not occur in the article`);
      return null;
    }
    return { quote: index.original.slice(found.start, found.end), start: found.start, end: found.end };
  };
  const figuresById = new Map<string, ContextActor>(context.figures.map((figure) => [figure.id, figure]));
  const actorsById = new Map<string, ContextActor>(context.actors.map((actor) => [actor.id, actor]));

  if (!answer.politically_relevant && answer.bias !== null)
    problems.push('bias: must be null when politically_relevant is false');
  if (answer.politically_relevant && answer.bias === null)
    problems.push('bias: must be left, center or right when politically_relevant is true');

  const indicators: ArticleIndicator[] = [];
  answer.indicators.forEach((indicator, position) => {
    const found = locate(indicator.quote, `indicators[${position}]`);
    if (found !== null)
      indicators.push({
        ...found,
        side: indicator.points_to as Bucket,
        kind: indicator.kind,
        explanation: indicator.explanation,
      });
  });
  const framingEvidence: EvidenceSpan[] = [];
  answer.framing_quotes.forEach((quote, position) => {
    const found = locate(quote, `framing_quotes[${position}]`);
    if (found !== null) framingEvidence.push(found);
  });
  const figures = new Map<string, FigureMention>();
  answer.figures.forEach((entry, position) => {
    const figure = figuresById.get(entry.actor_id);
    if (figure === undefined) {
      problems.push(`figures[${position}].actor_id: "${entry.actor_id}" is not one of the listed figure ids`);
      return;
    }
    const found = locate(entry.quote, `figures[${position}]`);
    if (found === null) return;
    const existing = figures.get(figure.id);
    if (existing !== undefined) {
      if (existing.sentiment !== entry.sentiment)
        problems.push(`figures: "${figure.id}" is listed twice with different sentiments`);
      existing.evidence.push(found);
      return;
    }
    figures.set(figure.id, {
      actorId: figure.id,
      name: figure.name,
      lean: figure.lean,
      side: figure.side,
      sentiment: entry.sentiment,
      evidence: [found],
    });
  });
  const topics = new Map<string, TopicStance>();
  answer.topics.forEach((entry, position) => {
    const found = locate(entry.quote, `topics[${position}]`);
    if (found === null) return;
    const existing = topics.get(entry.topic);
    if (existing !== undefined) {
      if (existing.position !== entry.position)
        problems.push(`topics: "${entry.topic}" is listed twice with different positions`);
      existing.evidence.push(found);
      return;
    }
    topics.set(entry.topic, { topic: entry.topic, position: entry.position, evidence: [found] });
  });
  const quotedSources: QuotedSource[] = [];
  answer.quoted_sources.forEach((entry, position) => {
    let actor: ContextActor | undefined;
    if (entry.actor_id !== null) {
      actor = actorsById.get(entry.actor_id);
      if (actor === undefined) {
        problems.push(
          `quoted_sources[${position}].actor_id: "${entry.actor_id}" is not a listed actor id (use null for sources not listed)`,
        );
        return;
      }
    }
    const found = locate(entry.quote, `quoted_sources[${position}]`);
    if (found !== null)
      quotedSources.push({ name: entry.name, actorId: actor?.id ?? null, lean: actor?.lean ?? null, evidence: found });
  });
  const correction = answer.correction_quote === null ? null : locate(answer.correction_quote, 'correction_quote');
  const spans = (quotes: string[], where: string): EvidenceSpan[] =>
    quotes.flatMap((quote, position) => {
      const found = locate(quote, `${where}[${position}]`);
      return found === null ? [] : [found];
    });
  const primarySources = spans(answer.primary_source_quotes, 'primary_source_quotes');
  const unattributed = spans(answer.unattributed_claim_quotes, 'unattributed_claim_quotes');
  const viral = spans(answer.viral_content_quotes, 'viral_content_quotes');
  if (problems.length > 0) return { problems };

  const hosts = BUNDLED_LEXICONS[article.language].primarySourceHosts;
  const primaryLinks = (article.links ?? []).filter((link) => isPrimaryLink(link, hosts));
  return {
    analysis: {
      articleId: article.id,
      outlet: article.outlet,
      publishedAt: article.publishedAt,
      language: article.language,
      section: article.section ?? null,
      words: countWords(index.original),
      politicallyRelevant: answer.politically_relevant,
      bias: answer.politically_relevant ? (answer.bias as Bucket) : null,
      indicators,
      evidence: answer.evidence,
      framing: answer.framing,
      framingEvidence,
      figures: [...figures.values()],
      topics: [...topics.values()].sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0)),
      quotedSources,
      factuality: { byline: bylineOf(article), correction, primarySources, primaryLinks, unattributed, viral },
    },
  };
}

/**
 * A failure someone must fix before any article can be analysed: a configuration error (no key,
 * bad request, missing SDK), or a chain whose every layer failed that way. @internal
 */
export function isConfigurationFailure(error: LlmError): boolean {
  const configuration = (code: LlmError['code']): boolean => CONFIGURATION_CODES.has(code) && code !== 'unexpected';
  if (error.code === 'all_layers_failed')
    return error.failures.length > 0 && error.failures.every((failure) => configuration(failure.error.code));
  return configuration(error.code);
}

function feedbackFor(problems: string[]): string {
  return [
    'Your previous answer was rejected because it is not grounded in the article:',
    ...problems.slice(0, 20).map((problem) => `- ${problem}`),
    'Answer again. Copy every quote character for character from the article title or text, use only the listed ids, and leave out anything you cannot quote.',
  ].join('\n');
}

/**
 * The article rubric on a language model ({@link ARTICLE_RUBRIC_PROMPT}, structured output
 * validated by {@link ArticleRubricAnswerSchema}). Every quote (indicators, framing, figures,
 * topics, quoted sources, factuality signals) must occur verbatim in the article and every id must
 * be in the actor context; otherwise the model is asked once more with the list of problems, and a
 * second ungrounded answer gives `status: 'rejected'` with the reason — never a partial analysis.
 * Provider failures (refusal, malformed output after the model's own re-ask, rate limits, every
 * layer failing) give `status: 'failed'`; a configuration error (no key, bad request, missing SDK)
 * throws `RatingError` `llm_failed`. Usage and USD cost of every attempt are summed into the result.
 *
 * @example
 * const analyzer = createLlmArticleAnalyzer({ model: createDefaultChain({ ledger }) });
 * const analysis = await analyzer.analyze(article, context, { jobId: 'content:elpais.com:2026-04-27' });
 */
export function createLlmArticleAnalyzer(settings: LlmAnalyzerSettings): ArticleAnalyzer {
  const { model } = settings;
  const backend = `llm:${model.vendor}/${model.modelId}`;
  return {
    backend,
    async analyze(article, context, options = {}) {
      const document = articleDocument(article);
      const index = verbatimIndex(document);
      const base = {
        backend,
        promptId: ARTICLE_RUBRIC_PROMPT.id,
        promptVersion: ARTICLE_RUBRIC_PROMPT.version,
        vendor: model.vendor,
        model: model.modelId,
        words: countWords(document),
      };
      let inputTokens = 0;
      let outputTokens = 0;
      let costUsd = 0;
      let answeredVendor = model.vendor;
      let answeredModel = model.modelId;
      let feedback = '';
      let problems: string[] = [];
      for (let attempt = 0; attempt < 2; attempt += 1) {
        try {
          const result = await model.generateObject({
            prompt: ARTICLE_RUBRIC_PROMPT,
            variables: { context, title: article.title, text: article.text, feedback },
            schema: ArticleRubricAnswerSchema,
            schemaName: 'article_rubric',
            schemaDescription: 'Evidence extracted from one news article; every quote verbatim from the article.',
            temperature: settings.temperature ?? 0,
            ...(settings.ledger === undefined ? {} : { ledger: settings.ledger }),
            ...(options.jobId === undefined ? {} : { jobId: options.jobId }),
            ...(options.signal === undefined ? {} : { signal: options.signal }),
          });
          inputTokens += result.usage.inputTokens;
          outputTokens += result.usage.outputTokens;
          costUsd += result.costUsd;
          answeredVendor = result.answeredBy.vendor;
          answeredModel = result.answeredBy.model;
          const grounded = ground(result.object, article, context, index);
          if ('analysis' in grounded) {
            return {
              ...grounded.analysis,
              ...base,
              backend: `llm:${answeredVendor}/${answeredModel}`,
              vendor: answeredVendor,
              model: answeredModel,
              status: 'ok',
              usage: { inputTokens, outputTokens },
              costUsd,
              reasked: attempt > 0,
            };
          }
          problems = grounded.problems;
          feedback = feedbackFor(problems);
        } catch (error) {
          if (isLlmError(error)) {
            for (const failed of error.attempts) {
              inputTokens += failed.usage.inputTokens;
              outputTokens += failed.usage.outputTokens;
              costUsd += failed.costUsd;
            }
            if (isConfigurationFailure(error)) {
              throw new RatingError({
                code: 'llm_failed',
                stage: 'analyze',
                message: `${backend} cannot analyse articles: ${error.message}`,
                cause: error,
              });
            }
            return {
              ...emptyAnalysis(article, base),
              status: 'failed',
              rejection: `provider failure (${error.code}): ${error.message}`,
              usage: { inputTokens, outputTokens },
              costUsd,
              reasked: attempt > 0,
            };
          }
          throw error;
        }
      }
      return {
        ...emptyAnalysis(article, {
          ...base,
          vendor: answeredVendor,
          model: answeredModel,
          backend: `llm:${answeredVendor}/${answeredModel}`,
        }),
        status: 'rejected',
        rejection: `ungrounded answer after one re-ask: ${problems.slice(0, 5).join('; ')}`,
        usage: { inputTokens, outputTokens },
        costUsd,
        reasked: true,
      };
    },
  };
}
