/**
 * Search over published stories, outlets and debate checks (issue 18 §5), the same in both route
 * modes: the Node server answers `/buscar` (and `/datos/v1/buscar.json`) from an in-memory index
 * built from `getSiteData()`, so the static export and the served site find the same things, and
 * the served site finds a story as soon as its data has it.
 *
 * Library: Orama (`@orama/orama`, Node ≥ 20, Apache-2.0) with the Snowball stemmers of
 * `@orama/stemmers` for Spanish and Portuguese. One index per language, because a stemmer is
 * per index: every document is indexed in its own language (stories by their language, checks in
 * Portuguese, outlets — proper names — in both), and a query is stemmed and run in both, so a
 * Brazilian reader finds Spanish stories by their words and the other way round. Orama folds
 * diacritics — before stemming, so "eleicao" finds "eleição" and "peru" finds "Perú" — and matches
 * prefixes of terms; each
 * language's stop-words ("de", "em") are dropped and a result must match every word of the query. Why
 * not Pagefind: its index is built from the prerendered HTML, which the served site does not
 * have, and searching needs JavaScript in the browser; the site already runs a Node server in
 * both modes (forms, API), so one server-side index serves both modes, works without JavaScript
 * and follows the data.
 */
import { checkPagePath } from '@espectro/factcheck';
import { create, insertMultiple, search, type AnyOrama, type Results } from '@orama/orama';
import { stemmer as portugueseStemmer } from '@orama/stemmers/portuguese';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stopwords as portugueseStopwords } from '@orama/stopwords/portuguese';
import { stopwords as spanishStopwords } from '@orama/stopwords/spanish';
import { z } from 'zod';
import { TOPIC_LABELS, type Locale } from '../i18n.js';
import type { SiteData, SiteDebate, SiteOutlet, SiteStorySummary } from './types.js';

/** What a result is. */
export const SEARCH_KINDS = ['story', 'outlet', 'check'] as const;
/** @see {@link SEARCH_KINDS} */
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One thing the search can find, as a result shows it. */
export interface SearchDocument {
  /** Stable id: `story:<id>`, `outlet:<domain>`, `check:<id>`. */
  id: string;
  kind: SearchKind;
  title: string;
  /** A line under the title (summary, domain and country, candidate and debate). */
  detail: string;
  /** Where the result links to on the site. */
  path: string;
  /** Language of `title` and `detail` (`es`, `pt`, or `und` for names). */
  language: string;
  /** ISO instant for stories and checks, `null` for outlets. */
  date: string | null;
}

/** The text a document is found by (more than it shows: every sentence, outlet names). */
interface IndexedDocument {
  id: string;
  kind: SearchKind;
  title: string;
  body: string;
}

/** What a query may carry (the `/buscar` form and the JSON API): zod at the boundary. */
export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1).max(200),
  tipo: z.enum(['historias', 'fuentes', 'chequeos']).optional(),
});
/** @see {@link SearchQuerySchema} */
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

const KIND_OF_FILTER: Record<NonNullable<SearchQuery['tipo']>, SearchKind> = {
  historias: 'story',
  fuentes: 'outlet',
  chequeos: 'check',
};

/** The data an index is built from. */
export interface SearchSources {
  stories: readonly SiteStorySummary[];
  /** Summaries and sentences of the stories by id, when the caller has them (they widen what is found). */
  texts?: ReadonlyMap<string, { summary: string | null; sentences: readonly string[] }>;
  outlets: readonly SiteOutlet[];
  debates: readonly SiteDebate[];
}

/** A built index: both language indexes and the documents by id. */
export interface SearchIndex {
  documents: ReadonlyMap<string, SearchDocument>;
  spanish: AnyOrama;
  portuguese: AnyOrama;
  /** Documents indexed. */
  size: number;
}

const SCHEMA = { id: 'string', kind: 'enum', title: 'string', body: 'string' } as const;

/**
 * Accents off before stemming ("cancillería" and "cancilleria" must stem alike; Orama folds them
 * only after its stemmer ran).
 *
 * @example
 * foldDiacritics('Eleição'); // 'Eleicao'
 */
export function foldDiacritics(word: string): string {
  return word.normalize('NFD').replace(/\p{Diacritic}/gu, '');
}

const STEMMERS = {
  spanish: (word: string) => spanishStemmer(foldDiacritics(word)),
  portuguese: (word: string) => portugueseStemmer(foldDiacritics(word)),
};

function newIndex(language: 'spanish' | 'portuguese'): AnyOrama {
  return create({
    schema: SCHEMA,
    components: {
      tokenizer: {
        language,
        stemming: true,
        stemmer: STEMMERS[language],
        // "de", "la", "em"… would match (and prefix-match) almost everything.
        stopWords: language === 'spanish' ? spanishStopwords : portugueseStopwords,
      },
    },
  }) as AnyOrama;
}

const topicWords = (story: SiteStorySummary) =>
  story.topic === null ? '' : `${TOPIC_LABELS[story.topic].es} ${TOPIC_LABELS[story.topic]['pt-BR']}`;

/**
 * Builds the index of the published stories, the outlets and the debates' checks.
 *
 * @example
 * const index = await buildSearchIndex({ stories, outlets, debates });
 * (await searchIndex(index, { q: 'eleccion' })).results[0]?.path; // '/historia/…'
 */
export async function buildSearchIndex(sources: SearchSources): Promise<SearchIndex> {
  const documents = new Map<string, SearchDocument>();
  const spanish: IndexedDocument[] = [];
  const portuguese: IndexedDocument[] = [];
  for (const story of sources.stories) {
    const text = sources.texts?.get(story.id);
    const document: SearchDocument = {
      id: `story:${story.id}`,
      kind: 'story',
      title: story.title,
      detail: text?.summary ?? '',
      path: `/historia/${story.id}`,
      language: story.language,
      date: story.publishedAt,
    };
    documents.set(document.id, document);
    const outletNames = story.outlets.map((outlet) => outlet.name ?? outlet.domain).join(' ');
    const body = [text?.summary ?? '', ...(text?.sentences ?? []), outletNames, topicWords(story)].join(' ');
    (story.language === 'pt' ? portuguese : spanish).push({ id: document.id, kind: 'story', title: story.title, body });
  }
  for (const outlet of sources.outlets) {
    const document: SearchDocument = {
      id: `outlet:${outlet.domain}`,
      kind: 'outlet',
      title: outlet.name,
      detail: [outlet.domain, outlet.country].filter((part) => part !== null).join(' · '),
      path: `/fuentes/${outlet.domain}`,
      language: 'und',
      date: null,
    };
    documents.set(document.id, document);
    const indexed = { id: document.id, kind: 'outlet' as const, title: outlet.name, body: outlet.domain };
    spanish.push(indexed);
    portuguese.push(indexed);
  }
  for (const debate of sources.debates) {
    for (const check of debate.checks) {
      if (check.status !== 'published') continue;
      const document: SearchDocument = {
        id: `check:${check.id}`,
        kind: 'check',
        title: check.phrase,
        detail: `${check.candidate} · ${debate.name}`,
        path: checkPagePath(debate.id, check.id),
        language: 'pt',
        date: check.spokenAt || null,
      };
      documents.set(document.id, document);
      portuguese.push({
        id: document.id,
        kind: 'check',
        title: check.phrase,
        body: [check.datum, check.candidate, debate.name, check.reason ?? ''].join(' '),
      });
    }
  }
  const spanishIndex = newIndex('spanish');
  const portugueseIndex = newIndex('portuguese');
  await insertMultiple(spanishIndex, spanish);
  await insertMultiple(portugueseIndex, portuguese);
  return { documents, spanish: spanishIndex, portuguese: portugueseIndex, size: documents.size };
}

/** One page of results. */
export interface SearchResults {
  query: SearchQuery;
  /** Matches in all, before paging. */
  total: number;
  results: (SearchDocument & { score: number })[];
}

/** Results per page of `/buscar`. */
export const SEARCH_PAGE_SIZE = 20;
/** Matches considered per language index (more than any reader pages through). */
const CANDIDATES = 500;

/**
 * Runs a query in both language indexes and merges the matches by their best score (a document
 * indexed in both counts once), best first, then newest first.
 */
export async function searchIndex(
  index: SearchIndex,
  query: SearchQuery,
  limit: number = SEARCH_PAGE_SIZE,
): Promise<SearchResults> {
  const kind = query.tipo === undefined ? undefined : KIND_OF_FILTER[query.tipo];
  const scores = new Map<string, number>();
  for (const language of [index.spanish, index.portuguese]) {
    const found = (await search(language, {
      term: query.q,
      properties: ['title', 'body'],
      boost: { title: 2 },
      // Every word of the query must match (not any of them).
      threshold: 0,
      limit: CANDIDATES,
      ...(kind === undefined ? {} : { where: { kind: { eq: kind } } }),
    })) as Results<IndexedDocument>;
    for (const hit of found.hits) scores.set(hit.document.id, Math.max(scores.get(hit.document.id) ?? 0, hit.score));
  }
  const ranked = [...scores]
    .map(([id, score]) => ({ ...index.documents.get(id)!, score }))
    .sort((left, right) => right.score - left.score || (right.date ?? '').localeCompare(left.date ?? ''));
  return { query, total: ranked.length, results: ranked.slice(0, limit) };
}

/** The `lang` of a result's text on a page in `locale` (`undefined` when it is the page's or a name). */
export function resultLang(locale: Locale, document: Pick<SearchDocument, 'language'>): string | undefined {
  if (document.language === 'und') return undefined;
  const tag = document.language === 'pt' ? 'pt-BR' : document.language;
  return tag === locale ? undefined : tag;
}

const built = new WeakMap<readonly SiteStorySummary[], { data: SearchSources; index: Promise<SearchIndex> }>();

/**
 * The index of a site's data, built on first use — with every story's summary and sentences — and
 * kept while the data's lists are the same objects (a data source that reloads returns new lists,
 * and the next search rebuilds).
 *
 * @example
 * const results = await searchIndex(await searchIndexOf(await getSiteData()), { q: 'reforma' });
 */
export async function searchIndexOf(data: SiteData): Promise<SearchIndex> {
  const [stories, outlets, debates] = await Promise.all([data.listStories(), data.listOutlets(), data.listDebates()]);
  const cached = built.get(stories);
  if (cached !== undefined && cached.data.outlets === outlets && cached.data.debates === debates) return cached.index;
  const index = (async () => {
    const texts = new Map<string, { summary: string | null; sentences: string[] }>();
    for (const summary of stories) {
      const story = await data.getStory(summary.id);
      if (story !== undefined)
        texts.set(story.id, { summary: story.summary, sentences: story.sentences.map((sentence) => sentence.text) });
    }
    return buildSearchIndex({ stories, texts, outlets, debates });
  })();
  built.set(stories, { data: { stories, outlets, debates }, index });
  return index;
}
