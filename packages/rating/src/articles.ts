import { IsoDateSchema, JsonLinesError, jsonLines, parseJsonLine, TopicSchema } from '@espectro/methodology';
import { z } from 'zod';
import { dayNumber } from './dates.js';
import { formatZodIssues, RatingError } from './errors.js';

/**
 * Languages with an analysis rubric and a lexicon: Spanish and Portuguese.
 *
 * @example
 * ArticleLanguageSchema.parse('pt');
 */
export const ArticleLanguageSchema = z.enum(['es', 'pt']);
/** A supported article language. */
export type ArticleLanguage = z.infer<typeof ArticleLanguageSchema>;

/**
 * One ingested article of an outlet. `topic` (one of the ten topics of RULES.md, or `null`) and the
 * calendar month of `publishedAt` form the sampling strata; `section` (news or opinion) feeds
 * CONF-SPLIT; `byline` and `links` feed content factuality. Unknown fields are errors.
 *
 * @example
 * ArticleSchema.parse({ id: 'a1', outlet: 'elpais.com', title: 'El Gobierno…', text: '…',
 *   publishedAt: '2026-04-20', language: 'es', topic: 'politics' });
 */
export const ArticleSchema = z.strictObject({
  id: z.string().min(1),
  /** The outlet's domain, e.g. `elpais.com`. */
  outlet: z.string().min(1),
  url: z.string().optional(),
  title: z.string(),
  text: z.string(),
  publishedAt: IsoDateSchema,
  language: ArticleLanguageSchema,
  topic: TopicSchema.nullable().optional(),
  section: z.enum(['news', 'opinion']).optional(),
  /** Author line as published; `null` or absent when unsigned. */
  byline: z.string().nullable().optional(),
  /** Outbound links of the article body. */
  links: z.array(z.string()).optional(),
});
/** One ingested article. */
export type Article = z.infer<typeof ArticleSchema>;

/** What {@link ArticleSource.listArticles} returns: an outlet's articles published in `[from, to]`. */
export interface ArticleQuery {
  /** The outlet's domain. */
  outlet: string;
  /** First calendar day (inclusive, ISO date). */
  from: string;
  /** Last calendar day (inclusive, ISO date). */
  to: string;
}

/**
 * Where the analysis reads an outlet's articles. `@espectro/store` will implement it over the
 * database; {@link createMemoryArticleSource} is the in-memory implementation.
 */
export interface ArticleSource {
  /** The outlet's articles published between `from` and `to` (calendar days, inclusive), any order. */
  listArticles(query: ArticleQuery): Promise<Article[]>;
}

/** The in-memory {@link ArticleSource}, with `add` for tests and demos. */
export interface MemoryArticleSource extends ArticleSource {
  add(...articles: Article[]): void;
  /** Every stored article. */
  all(): Article[];
}

/**
 * An in-memory {@link ArticleSource}. Articles are validated on `add`; a duplicate id is an error.
 *
 * @example
 * const source = createMemoryArticleSource(parseArticlesJsonl(text));
 * await source.listArticles({ outlet: 'elpais.com', from: '2026-01-27', to: '2026-04-27' });
 */
export function createMemoryArticleSource(articles: readonly Article[] = []): MemoryArticleSource {
  const stored = new Map<string, Article>();
  const add = (...incoming: Article[]): void => {
    for (const article of incoming) {
      const parsed = parseArticle(article, `article ${String((article as { id?: unknown }).id)}`);
      if (stored.has(parsed.id)) {
        throw new RatingError({
          code: 'invalid_input',
          stage: 'articles',
          field: 'id',
          message: `duplicate article id "${parsed.id}"`,
        });
      }
      stored.set(parsed.id, parsed);
    }
  };
  add(...articles);
  return {
    add,
    all: () => [...stored.values()],
    async listArticles(query) {
      const from = dayNumber(query.from);
      const to = dayNumber(query.to);
      const result: Article[] = [];
      for (const article of stored.values()) {
        if (article.outlet !== query.outlet) continue;
        const day = dayNumber(article.publishedAt);
        if (day >= from && day <= to) result.push(article);
      }
      return result;
    },
  };
}

/**
 * Validates one article (throws `RatingError` `invalid_input` naming the field).
 *
 * @example
 * parseArticle(JSON.parse(line), 'articles.jsonl line 3');
 */
export function parseArticle(input: unknown, where = 'article'): Article {
  const result = ArticleSchema.safeParse(input);
  if (!result.success) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'articles',
      message: `${where} is invalid — ${formatZodIssues(result.error.issues)}`,
    });
  }
  return result.data;
}

/**
 * Parses JSON Lines of articles (one {@link ArticleSchema} object per line; blank lines skipped).
 * Errors name the line.
 *
 * @example
 * const articles = parseArticlesJsonl(await readFile('articles.jsonl', 'utf8'));
 */
export function parseArticlesJsonl(text: string, fileName = 'articles.jsonl'): Article[] {
  return jsonLines(text).map((line) => {
    let value: unknown;
    try {
      value = parseJsonLine(line, fileName);
    } catch (error) {
      if (!(error instanceof JsonLinesError)) throw error;
      throw new RatingError({ code: 'invalid_input', stage: 'articles', message: error.message });
    }
    return parseArticle(value, `${fileName} line ${line.number}`);
  });
}
