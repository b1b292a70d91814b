import { METHODOLOGY_VERSION } from '@espectro/methodology';
import { definePrompt } from '@espectro/llm';
import { z } from 'zod';
import type { ActorContext } from '../actors.js';
import { DisputedTopicSchema, DISPUTED_TOPICS } from './types.js';

/**
 * What the article rubric asks the model for (snake_case, as sent to vendors). Every `quote` must
 * be copied verbatim from the article; the answer is checked and re-asked once otherwise.
 *
 * @example
 * ArticleRubricAnswerSchema.shape.framing.options; // ['pro_government', 'pro_opposition', 'neutral', 'not_applicable']
 */
export const ArticleRubricAnswerSchema = z.object({
  politically_relevant: z.boolean(),
  bias: z.enum(['left', 'center', 'right']).nullable(),
  evidence: z.string().max(2000),
  indicators: z
    .array(
      z.object({
        quote: z.string().min(1),
        points_to: z.enum(['left', 'center', 'right']),
        kind: z.string().min(1).max(60),
        explanation: z.string().max(500),
      }),
    )
    .max(12),
  framing: z.enum(['pro_government', 'pro_opposition', 'neutral', 'not_applicable']),
  framing_quotes: z.array(z.string().min(1)).max(6),
  figures: z
    .array(
      z.object({
        actor_id: z.string().min(1),
        sentiment: z.enum(['favourable', 'neutral', 'critical']),
        quote: z.string().min(1),
      }),
    )
    .max(20),
  topics: z
    .array(
      z.object({
        topic: DisputedTopicSchema,
        position: z.enum(['progressive', 'neutral', 'conservative']),
        quote: z.string().min(1),
      }),
    )
    .max(16),
  quoted_sources: z
    .array(z.object({ name: z.string().min(1), actor_id: z.string().nullable(), quote: z.string().min(1) }))
    .max(30),
  correction_quote: z.string().min(1).nullable(),
  primary_source_quotes: z.array(z.string().min(1)).max(10),
  unattributed_claim_quotes: z.array(z.string().min(1)).max(10),
  viral_content_quotes: z.array(z.string().min(1)).max(5),
});
/** The model's answer to the article rubric. */
export type ArticleRubricAnswer = z.infer<typeof ArticleRubricAnswerSchema>;

/** Variables of {@link ARTICLE_RUBRIC_PROMPT}. */
export interface ArticleRubricVariables extends Record<string, unknown> {
  context: ActorContext;
  title: string;
  text: string;
  /** Empty on the first ask; on our re-ask, why the previous answer was rejected. */
  feedback: string;
}

const SYSTEM = [
  `You extract evidence from ONE news article for Espectro's outlet ratings (methodology ${METHODOLOGY_VERSION}).`,
  'You never rate the outlet, never output a confidence and never decide an outlet bucket: a deterministic backend does that from your evidence.',
  'Hard rules:',
  '1. Every "quote" (and every entry of the *_quotes lists) must be copied character for character from the article title or text: same words, accents, case and punctuation. Never translate, paraphrase, shorten, or join separate passages. If you cannot quote it, leave the item out. Answers with quotes that do not occur in the article are rejected.',
  "2. politically_relevant: true when the article deals with government, parties, elections, legislation, public policy or the country's political figures.",
  '3. bias: your estimate of the article\'s political lean — left, center or right — or null when it is not politically relevant. "center" means that no consistent lean is detectable; it is never a default and not the same as neutrality. Covering diverse topics is not centrism: a consistent framing (pro-market, pro-government, socially conservative, …) decides the lean.',
  '4. indicators: the explicit textual indicators of lean you relied on (loaded or editorialising language, one-sided sourcing, omissions stated in the text), each with its verbatim quote, the side it points to and a short explanation. kind is a short label such as loaded_language, one_sided_sourcing, editorialising.',
  '5. framing: how the article frames the sitting executive compared with the main opposition bloc named below — pro_government, pro_opposition, neutral, or not_applicable when neither is discussed. framing_quotes: the passages that show it.',
  '6. figures: for each listed figure the article mentions, its sentiment (favourable, neutral, critical) toward that figure, with a quote. Use only the actor ids listed.',
  '7. topics: for each listed disputed topic on which the article takes a position, progressive, neutral or conservative, with a quote.',
  '8. quoted_sources: every person or organisation the article quotes or cites as a source, with the passage; actor_id is the listed id when the source is a listed actor, else null.',
  '9. Factuality signals: correction_quote (a correction notice, or null), primary_source_quotes (citations of official documents, data, rulings), unattributed_claim_quotes (claims presented without any source), viral_content_quotes (viral or anonymous social-media content).',
  "10. evidence: two or three sentences, in the article's language, explaining the bias estimate from the indicators.",
].join('\n');

function contextBlock(context: ActorContext): string {
  const government = context.actors
    .filter((actor) => actor.side === 'government' && actor.kind !== 'person')
    .map((actor) => actor.name);
  const opposition = context.actors
    .filter((actor) => actor.side === 'opposition' && actor.kind !== 'person')
    .map((actor) => actor.name);
  const listed = context.actors.map(
    (actor) =>
      `- ${actor.id}: ${actor.name}${actor.aliases?.length ? ` (${actor.aliases.join(', ')})` : ''} — ${actor.kind}`,
  );
  return [
    `Country: ${context.country}. Article language: ${context.language}.`,
    `Sitting executive: ${context.headOfGovernment.name}${government.length > 0 ? `; governing parties: ${government.join(', ')}` : ''}.`,
    `Main opposition bloc: ${opposition.length > 0 ? opposition.join(', ') : '(none listed)'}.`,
    `Figures for "figures" (ids): ${context.figures.map((figure) => `${figure.id} (${figure.name})`).join('; ')}.`,
    'Actors for "quoted_sources" (id: name — kind):',
    ...listed,
    `Disputed topics for "topics": ${DISPUTED_TOPICS.join(', ')}.`,
  ].join('\n');
}

/**
 * The versioned article rubric (seed 000 article bias + seed 002 §4 content metrics, one call per
 * article). Its id and version travel with every result and ledger entry (rule AUDIT); changing
 * the wording requires a new `version`, which makes every rating produced with it due for
 * re-evaluation (`new_prompt_version`).
 */
export const ARTICLE_RUBRIC_PROMPT = definePrompt<ArticleRubricVariables>({
  id: 'rating.article-rubric',
  version: '2026-05-01.1',
  description:
    'Political relevance, bias estimate, verbatim indicators and the per-article inputs of the four content metrics',
  system: SYSTEM,
  template: (variables) =>
    [
      contextBlock(variables.context),
      '',
      'ARTICLE TITLE:',
      variables.title,
      '',
      'ARTICLE TEXT:',
      variables.text,
      variables.feedback === '' ? '' : `\n${variables.feedback}`,
    ]
      .join('\n')
      .trimEnd(),
});
