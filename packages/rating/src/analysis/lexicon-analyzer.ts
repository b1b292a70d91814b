import type { Bucket } from '@espectro/methodology';
import type { ActorContext, ContextActor } from '../actors.js';
import type { Article, ArticleLanguage } from '../articles.js';
import { RatingError } from '../errors.js';
import { BUNDLED_LEXICONS, isPrimaryLink, lexiconMatcher, type Lexicon, type LexiconHit } from '../lexicon.js';
import {
  articleDocument,
  bylineOf,
  LEXICON_BACKEND,
  type ArticleAnalysis,
  type ArticleAnalyzer,
  type ArticleIndicator,
  type DisputedTopic,
  type EvidenceSpan,
  type FigureMention,
  type Framing,
  type QuotedSource,
  type TopicStance,
} from './types.js';

/** Settings of {@link createLexiconArticleAnalyzer}. */
export interface LexiconAnalyzerSettings {
  /** Lexicons per language; default the bundled `data/lexicon/*.json`. */
  lexicons?: Partial<Record<ArticleLanguage, Lexicon>>;
}

function span(hit: LexiconHit): EvidenceSpan {
  return { quote: hit.text, start: hit.start, end: hit.end };
}

const contextIndexes = new WeakMap<ActorContext, { actorsById: Map<string, ContextActor>; figureIds: Set<string> }>();

/** Per-context lookups, built once per context. */
function contextIndex(context: ActorContext): { actorsById: Map<string, ContextActor>; figureIds: Set<string> } {
  let index = contextIndexes.get(context);
  if (index === undefined) {
    index = {
      actorsById: new Map(context.actors.map((actor) => [actor.id, actor])),
      figureIds: new Set(context.figures.map((figure) => figure.id)),
    };
    contextIndexes.set(context, index);
  }
  return index;
}

/**
 * Analyses one article with the transparent lexicon baseline (no network, deterministic): every
 * figure, framing marker, stance indicator, topic marker, quoted source and factuality signal is a
 * lexicon hit reported with its verbatim span.
 *
 * - politically relevant: at least `minPoliticalHits` political terms, executive names or actor mentions;
 * - indicators: hits of `stance.left|right` and of the topic markers (progressive → left,
 *   conservative → right); bias = the side with more indicators, `center` on a tie (also 0–0),
 *   `null` when not politically relevant;
 * - framing: per sentence in the outlet's own voice (no attribution marker: reported speech is a
 *   quote, not framing) that names the executive or a government-side actor and no opposition
 *   actor, positive − negative markers add to the government's tone; likewise for the main
 *   opposition; net = government tone − opposition tone; ≥ `framingMargin` → pro_government,
 *   ≤ −`framingMargin` → pro_opposition, else neutral; `not_applicable` without such sentences;
 * - figures: per top figure mentioned in the outlet's own voice, the sign of positive − negative
 *   markers in those sentences (a figure named only in reported speech gets no sentiment);
 * - topics: per topic with markers, the side with more markers (`neutral` on a tie);
 * - quoted sources: a sentence with an attribution marker and a mapped actor → one quote of that actor;
 * - factuality: correction notices, primary-source citations and links, unattributed and viral markers;
 *   the byline comes from the article record.
 *
 * @example
 * const analyzer = createLexiconArticleAnalyzer();
 * const analysis = await analyzer.analyze(article, actorContext(map, '2026-04-27'));
 * analysis.backend; // 'lexicon-baseline (offline)'
 */
export function createLexiconArticleAnalyzer(settings: LexiconAnalyzerSettings = {}): ArticleAnalyzer {
  const lexicons: Record<ArticleLanguage, Lexicon> = { ...BUNDLED_LEXICONS, ...settings.lexicons };
  return {
    backend: LEXICON_BACKEND,
    async analyze(article, context) {
      return analyzeWithLexicon(article, context, lexicons[article.language]);
    },
  };
}

/**
 * The synchronous core of {@link createLexiconArticleAnalyzer} (for batch use and benchmarks).
 *
 * @example
 * const analysis = analyzeWithLexicon(article, context, BUNDLED_LEXICONS.es);
 */
export function analyzeWithLexicon(
  article: Article,
  context: ActorContext,
  lexicon: Lexicon | undefined,
): ArticleAnalysis {
  if (lexicon === undefined || lexicon.language !== article.language) {
    throw new RatingError({
      code: 'unsupported_language',
      stage: 'analyze',
      field: 'language',
      message: `no lexicon for language "${article.language}" (article ${article.id})`,
    });
  }
  const document = articleDocument(article);
  const { hits, words } = lexiconMatcher(lexicon, context).match(document);
  const { actorsById, figureIds } = contextIndex(context);
  const parameters = lexicon.parameters;

  let politicalHits = 0;
  const indicators: ArticleIndicator[] = [];
  interface SentenceHits {
    positive: LexiconHit[];
    negative: LexiconHit[];
    executive: boolean;
    actors: Map<string, LexiconHit>;
    attribution: LexiconHit | null;
  }
  const perSentence: (SentenceHits | undefined)[] = [];
  const sentence = (index: number): SentenceHits => {
    let entry = perSentence[index];
    if (entry === undefined) {
      entry = { positive: [], negative: [], executive: false, actors: new Map(), attribution: null };
      perSentence[index] = entry;
    }
    return entry;
  };
  const topicHits = new Map<DisputedTopic, { progressive: LexiconHit[]; conservative: LexiconHit[] }>();
  let correction: EvidenceSpan | null = null;
  const primarySources: EvidenceSpan[] = [];
  const unattributed: EvidenceSpan[] = [];
  const viral: EvidenceSpan[] = [];
  const source = `${lexicon.id}@${lexicon.version}`;

  for (const hit of hits) {
    const info = hit.info;
    switch (info.kind) {
      case 'political':
        politicalHits += 1;
        break;
      case 'executive':
        politicalHits += 1;
        sentence(hit.sentence).executive = true;
        break;
      case 'actor': {
        politicalHits += 1;
        const actors = sentence(hit.sentence).actors;
        if (!actors.has(info.actorId)) actors.set(info.actorId, hit);
        break;
      }
      case 'positive':
        sentence(hit.sentence).positive.push(hit);
        break;
      case 'negative':
        sentence(hit.sentence).negative.push(hit);
        break;
      case 'stance':
        indicators.push({
          ...span(hit),
          side: info.side,
          kind: hit.category,
          explanation: `${source} ${hit.category}: "${hit.phrase}"`,
        });
        break;
      case 'topic': {
        let entry = topicHits.get(info.topic);
        if (entry === undefined) {
          entry = { progressive: [], conservative: [] };
          topicHits.set(info.topic, entry);
        }
        entry[info.position].push(hit);
        indicators.push({
          ...span(hit),
          side: info.position === 'progressive' ? 'left' : 'right',
          kind: `topic:${info.topic}`,
          explanation: `${source} ${hit.category}: "${hit.phrase}"`,
        });
        break;
      }
      case 'attribution': {
        const entry = sentence(hit.sentence);
        if (entry.attribution === null) entry.attribution = hit;
        break;
      }
      case 'correction':
        if (correction === null) correction = span(hit);
        break;
      case 'primary':
        primarySources.push(span(hit));
        break;
      case 'unattributed':
        unattributed.push(span(hit));
        break;
      case 'viral':
        viral.push(span(hit));
        break;
    }
  }

  const politicallyRelevant = politicalHits >= parameters.minPoliticalHits;
  let left = 0;
  let right = 0;
  for (const indicator of indicators) {
    if (indicator.side === 'left') left += 1;
    else if (indicator.side === 'right') right += 1;
  }
  const bias: Bucket | null = !politicallyRelevant ? null : left > right ? 'left' : right > left ? 'right' : 'center';

  // metric 1 — framing of the executive vs the main opposition
  let governmentTone = 0;
  let oppositionTone = 0;
  let framedSentences = 0;
  const framingEvidence: EvidenceSpan[] = [];
  // metric 2 — figures
  const figureTone = new Map<string, { tone: number; evidence: EvidenceSpan[] }>();
  // metric 4 — quoted sources
  const quotedSources: QuotedSource[] = [];

  for (const entry of perSentence) {
    if (entry === undefined) continue;
    const tone = entry.positive.length - entry.negative.length;
    let government = entry.executive;
    let opposition = false;
    for (const id of entry.actors.keys()) {
      const side = actorsById.get(id)?.side;
      if (side === 'government') government = true;
      else if (side === 'opposition') opposition = true;
    }
    // reported speech (a sentence with an attribution marker) is a quote, not the outlet's framing
    const reported = entry.attribution !== null;
    if (!reported && government !== opposition) {
      framedSentences += 1;
      if (government) governmentTone += tone;
      else oppositionTone += tone;
      for (const hit of [...entry.positive, ...entry.negative]) framingEvidence.push(span(hit));
    }
    for (const [id, hit] of entry.actors) {
      if (!reported && figureIds.has(id)) {
        let figure = figureTone.get(id);
        if (figure === undefined) {
          figure = { tone: 0, evidence: [] };
          figureTone.set(id, figure);
        }
        figure.tone += tone;
        figure.evidence.push(span(hit), ...entry.positive.map(span), ...entry.negative.map(span));
      }
      if (entry.attribution !== null) {
        const actor = actorsById.get(id)!;
        const start = Math.min(hit.start, entry.attribution.start);
        const end = Math.max(hit.end, entry.attribution.end);
        quotedSources.push({
          name: actor.name,
          actorId: actor.id,
          lean: actor.lean,
          evidence: { quote: document.slice(start, end), start, end },
        });
      }
    }
  }
  const net = governmentTone - oppositionTone;
  const framing: Framing =
    framedSentences === 0
      ? 'not_applicable'
      : net >= parameters.framingMargin
        ? 'pro_government'
        : net <= -parameters.framingMargin
          ? 'pro_opposition'
          : 'neutral';

  const figures: FigureMention[] = [];
  for (const figure of context.figures) {
    const tone = figureTone.get(figure.id);
    if (tone === undefined) continue;
    figures.push({
      actorId: figure.id,
      name: figure.name,
      lean: figure.lean,
      side: figure.side,
      sentiment: tone.tone > 0 ? 'favourable' : tone.tone < 0 ? 'critical' : 'neutral',
      evidence: tone.evidence,
    });
  }
  const topics: TopicStance[] = [];
  for (const [topic, entry] of topicHits) {
    const progressive = entry.progressive.length;
    const conservative = entry.conservative.length;
    topics.push({
      topic,
      position: progressive > conservative ? 'progressive' : conservative > progressive ? 'conservative' : 'neutral',
      evidence: [...entry.progressive, ...entry.conservative].map(span),
    });
  }
  topics.sort((a, b) => (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0));

  const primaryLinks = (article.links ?? []).filter((link) => isPrimaryLink(link, lexicon.primarySourceHosts));
  const evidence =
    `${lexicon.id}@${lexicon.version}: ${politicalHits} political term(s); ${left} left / ${right} right indicator(s); ` +
    `framing net ${net} over ${framedSentences} sentence(s); ${quotedSources.length} mapped quote(s).`;

  return {
    articleId: article.id,
    outlet: article.outlet,
    publishedAt: article.publishedAt,
    language: article.language,
    section: article.section ?? null,
    backend: LEXICON_BACKEND,
    promptId: lexicon.id,
    promptVersion: lexicon.version,
    vendor: null,
    model: null,
    status: 'ok',
    words,
    politicallyRelevant,
    bias,
    indicators,
    evidence,
    framing,
    framingEvidence,
    figures,
    topics,
    quotedSources,
    factuality: { byline: bylineOf(article), correction, primarySources, primaryLinks, unattributed, viral },
    usage: { inputTokens: 0, outputTokens: 0 },
    costUsd: 0,
    reasked: false,
  };
}
