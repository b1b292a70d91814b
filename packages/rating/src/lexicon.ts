import { z } from 'zod';
import type { ActorContext } from './actors.js';
import { ArticleLanguageSchema, type ArticleLanguage } from './articles.js';
import { DisputedTopicSchema, type DisputedTopic } from './analysis/types.js';
import { RatingError, formatZodIssues } from './errors.js';
import { foldText, isSpace, tokenize } from './text.js';
import lexiconEs from '../data/lexicon/es.json' with { type: 'json' };
import lexiconPt from '../data/lexicon/pt.json' with { type: 'json' };

const PhraseList = z.array(z.string().min(1));
const TopicMarkers = z.strictObject({ progressive: PhraseList, conservative: PhraseList });

/**
 * A language's lexicon for the offline baseline (`data/lexicon/<language>.json`): plain phrase
 * lists, matched as whole words after lower-casing and stripping accents. See
 * `data/lexicon/README.md`.
 *
 * @example
 * LexiconSchema.parse(JSON.parse(await readFile('data/lexicon/es.json', 'utf8')));
 */
export const LexiconSchema = z.strictObject({
  id: z.string().min(1),
  version: z.string().min(1),
  language: ArticleLanguageSchema,
  note: z.string(),
  parameters: z.strictObject({
    /** Political terms + actor mentions needed for an article to be politically relevant. */
    minPoliticalHits: z.number().int().positive(),
    /** Net framing (positive − negative markers in executive sentences minus the same for opposition sentences) needed for pro-government / pro-opposition. */
    framingMargin: z.number().int().positive(),
  }),
  /** Political vocabulary (relevance). */
  political: PhraseList,
  /** Generic names of the executive ("el Gobierno", "o governo"). */
  executive: PhraseList,
  /** Favourable framing markers. */
  positive: PhraseList,
  /** Critical framing markers. */
  negative: PhraseList,
  /** Ideologically coded vocabulary, by side. */
  stance: z.strictObject({ left: PhraseList, right: PhraseList }),
  /** Stance markers per disputed topic. */
  topics: z.strictObject(
    Object.fromEntries(DisputedTopicSchema.options.map((topic) => [topic, TopicMarkers])) as Record<
      DisputedTopic,
      typeof TopicMarkers
    >,
  ),
  /** Attribution verbs and phrases ("dijo", "segundo"). */
  attribution: PhraseList,
  /** Correction notices. */
  corrections: PhraseList,
  /** Unattributed-claim markers. */
  unattributed: PhraseList,
  /** Viral / anonymous social-media content markers. */
  viral: PhraseList,
  /** Citations of primary sources. */
  primarySources: PhraseList,
  /** Host suffixes of primary-source links (`.gob.ar`, `boe.es`, `.pdf` matches a path ending). */
  primarySourceHosts: PhraseList,
});
/** A language's lexicon. */
export type Lexicon = z.infer<typeof LexiconSchema>;

function checkLexicon(input: unknown, where: string): Lexicon {
  const result = LexiconSchema.safeParse(input);
  if (!result.success) {
    throw new RatingError({
      code: 'invalid_input',
      stage: 'lexicon',
      message: `${where} is invalid — ${formatZodIssues(result.error.issues)}`,
    });
  }
  // A phrase may indicate only one side: the same phrase in two indicator lists is an error.
  const lexicon = result.data;
  const owner = new Map<string, string>();
  const claim = (phrase: string, list: string): void => {
    const key = tokenize(foldText(phrase))
      .map((token) => token.word)
      .join(' ');
    const previous = owner.get(key);
    if (previous !== undefined && previous !== list) {
      throw new RatingError({
        code: 'invalid_input',
        stage: 'lexicon',
        message: `${where}: "${phrase}" is in both ${previous} and ${list}`,
      });
    }
    owner.set(key, list);
  };
  for (const side of ['left', 'right'] as const)
    for (const phrase of lexicon.stance[side]) claim(phrase, `stance.${side}`);
  for (const topic of DisputedTopicSchema.options) {
    for (const position of ['progressive', 'conservative'] as const) {
      for (const phrase of lexicon.topics[topic][position]) claim(phrase, `topics.${topic}.${position}`);
    }
  }
  return lexicon;
}

/**
 * The bundled lexicons (`data/lexicon/es.json`, `data/lexicon/pt.json`), validated.
 *
 * @example
 * BUNDLED_LEXICONS.pt.version;
 */
export const BUNDLED_LEXICONS: Readonly<Record<ArticleLanguage, Lexicon>> = Object.freeze({
  es: checkLexicon(lexiconEs, 'data/lexicon/es.json'),
  pt: checkLexicon(lexiconPt, 'data/lexicon/pt.json'),
});

/**
 * Validates a custom lexicon (same format as the bundled ones).
 *
 * @example
 * const custom = parseLexicon({ ...BUNDLED_LEXICONS.es, version: 'newsroom-1', negative: [...BUNDLED_LEXICONS.es.negative, 'desatino'] });
 */
export function parseLexicon(input: unknown): Lexicon {
  return checkLexicon(input, 'lexicon');
}

/**
 * What a hit means, shared by every hit of the same list (no allocation per hit): the list's kind
 * and, for stance, topic and actor lists, the side, topic/position or actor id.
 */
export type HitInfo =
  | {
      kind:
        | 'political'
        | 'executive'
        | 'positive'
        | 'negative'
        | 'attribution'
        | 'correction'
        | 'unattributed'
        | 'viral'
        | 'primary';
    }
  | { kind: 'stance'; side: 'left' | 'right' }
  | { kind: 'topic'; topic: DisputedTopic; position: 'progressive' | 'conservative' }
  | { kind: 'actor'; actorId: string };

/** A lexicon hit: which list, which phrase, and where. */
export interface LexiconHit {
  /** `political`, `executive`, `positive`, `negative`, `stance:left`, `topic:labour:progressive`, `attribution`, `correction`, `unattributed`, `viral`, `primary`, `actor:<id>`. */
  category: string;
  info: HitInfo;
  /** The lexicon phrase (or actor name) as written in the list. */
  phrase: string;
  start: number;
  end: number;
  /** The matched text, verbatim from the document. */
  text: string;
  /** Index of the sentence the hit starts in (sentences end at `.`, `!`, `?`, `;` followed by whitespace, or a line break). */
  sentence: number;
}

interface CompiledPhrase {
  words: string[];
  hashes: number[];
  /** Original-case words, for case-sensitive phrases. */
  exact: string[] | null;
  category: string;
  categoryIndex: number;
  info: HitInfo;
  phrase: string;
}

/** Result of {@link LexiconMatcher.match}. */
export interface LexiconMatch {
  hits: LexiconHit[];
  /** Words of the document (runs of letters or digits) — the word count of rule ART-1. */
  words: number;
  /** Sentences of the document. */
  sentences: number;
  /** The folded document (lower case, no accents, same length). */
  folded: string;
}

/** A compiled matcher over a lexicon and an actor context. */
export interface LexiconMatcher {
  readonly lexicon: Lexicon;
  /** Every hit in `document` (leftmost-longest within a category; different categories may overlap), in document order. */
  match(document: string): LexiconMatch;
}

const ACRONYM = /^[A-ZÁÉÍÓÚÑÇ0-9]{2,6}$/;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const WORD_TABLE: Uint8Array = (() => {
  const table = new Uint8Array(0x250);
  for (let code = 0; code < table.length; code += 1) table[code] = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 0;
  return table;
})();
const wordCodeCache = new Map<number, boolean>();

/** True for code points of letters and digits (as `[\p{L}\p{N}]`). */
function isWordCodePoint(codePoint: number): boolean {
  if (codePoint < 0x250) return WORD_TABLE[codePoint] === 1;
  let cached = wordCodeCache.get(codePoint);
  if (cached === undefined) {
    cached = WORD_CHAR.test(String.fromCodePoint(codePoint));
    wordCodeCache.set(codePoint, cached);
  }
  return cached;
}

function hashWord(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash & SMALL_INTEGER_MASK;
}

/** Hashes are kept to 30 bits so that V8 stores them as small integers (no boxing in Map lookups). */
const SMALL_INTEGER_MASK = 0x3fffffff;

// Token buffers reused across calls (the matcher is synchronous).
let tokenStarts = new Int32Array(1024);
let tokenEnds = new Int32Array(1024);
let tokenHashes = new Int32Array(1024);
let tokenSentences = new Int32Array(1024);

/** Width in UTF-16 units of the code point at `index` (2 for a surrogate pair). */
function codePointWidth(text: string, index: number, code: number): number {
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
    const low = text.charCodeAt(index + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return 2;
  }
  return 1;
}

function isWordAt(text: string, index: number, code: number, width: number): boolean {
  if (code < 0x250) return WORD_TABLE[code] === 1;
  if (width === 2) return isWordCodePoint(((code - 0xd800) << 10) + (text.charCodeAt(index + 1) - 0xdc00) + 0x10000);
  return isWordCodePoint(code);
}

/** Scans the folded text into word tokens (letters and digits), with hashes and sentence numbers. */
function scan(folded: string): { count: number; sentences: number } {
  const capacity = (folded.length >> 1) + 2;
  if (tokenStarts.length < capacity) {
    tokenStarts = new Int32Array(capacity);
    tokenEnds = new Int32Array(capacity);
    tokenHashes = new Int32Array(capacity);
    tokenSentences = new Int32Array(capacity);
  }
  const table = WORD_TABLE;
  let count = 0;
  let sentence = 0;
  let boundary = false;
  let index = 0;
  const length = folded.length;
  while (index < length) {
    const code = folded.charCodeAt(index);
    // fast path: Latin letters and digits, and ASCII separators
    if (code < 0x250 ? table[code] !== 1 : !isWordAt(folded, index, code, codePointWidth(folded, index, code))) {
      if (code === 10) boundary = true;
      else if (
        (code === 46 || code === 33 || code === 63 || code === 59) &&
        (index + 1 >= length || isSpace(folded.charCodeAt(index + 1)))
      )
        boundary = true;
      index += code < 0xd800 ? 1 : codePointWidth(folded, index, code);
      continue;
    }
    if (boundary) sentence += 1;
    boundary = false;
    const start = index;
    let hash = 0x811c9dc5;
    while (index < length) {
      const inner = folded.charCodeAt(index);
      if (inner < 0x250) {
        if (table[inner] !== 1) break;
        hash = Math.imul(hash ^ inner, 0x01000193);
        index += 1;
        continue;
      }
      const width = codePointWidth(folded, index, inner);
      if (!isWordAt(folded, index, inner, width)) break;
      for (let unit = 0; unit < width; unit += 1) hash = Math.imul(hash ^ folded.charCodeAt(index + unit), 0x01000193);
      index += width;
    }
    tokenStarts[count] = start;
    tokenEnds[count] = index;
    tokenHashes[count] = hash & SMALL_INTEGER_MASK;
    tokenSentences[count] = sentence;
    count += 1;
  }
  return { count, sentences: count === 0 ? 0 : sentence + 1 };
}

function compile(
  phrase: string,
  category: string,
  categoryIndex: number,
  info: HitInfo,
  caseSensitive: boolean,
): CompiledPhrase | null {
  const words = tokenize(foldText(phrase)).map((token) => token.word);
  if (words.length === 0) return null;
  const exact =
    caseSensitive || ACRONYM.test(phrase)
      ? tokenize(phrase).map((token) => phrase.slice(token.start, token.end))
      : null;
  return {
    words,
    hashes: words.map((word) => hashWord(word, 0, word.length)),
    exact,
    category,
    categoryIndex,
    info,
    phrase,
  };
}

const matcherCache = new WeakMap<Lexicon, WeakMap<ActorContext, LexiconMatcher>>();
const plainMatcherCache = new WeakMap<Lexicon, LexiconMatcher>();

/**
 * Compiles a lexicon (and, when given, the actors of a context: their `match` strings or name and
 * aliases, category `actor:<id>`) into a hashed word index. Cached per lexicon and context.
 *
 * @example
 * const { hits } = lexiconMatcher(BUNDLED_LEXICONS.es, context).match('El Gobierno celebra el acuerdo.');
 */
export function lexiconMatcher(lexicon: Lexicon, context?: ActorContext): LexiconMatcher {
  if (context === undefined) {
    const cached = plainMatcherCache.get(lexicon);
    if (cached !== undefined) return cached;
  } else {
    const cached = matcherCache.get(lexicon)?.get(context);
    if (cached !== undefined) return cached;
  }
  const phrases: CompiledPhrase[] = [];
  const categories = new Map<string, number>();
  const add = (list: readonly string[], category: string, info: HitInfo, caseSensitive = false): void => {
    let categoryIndex = categories.get(category);
    if (categoryIndex === undefined) {
      categoryIndex = categories.size;
      categories.set(category, categoryIndex);
    }
    for (const phrase of list) {
      const compiled = compile(phrase, category, categoryIndex, info, caseSensitive);
      if (compiled !== null) phrases.push(compiled);
    }
  };
  add(lexicon.political, 'political', { kind: 'political' });
  const executive: HitInfo = { kind: 'executive' };
  add(lexicon.executive, 'executive', executive);
  add(lexicon.positive, 'positive', { kind: 'positive' });
  add(lexicon.negative, 'negative', { kind: 'negative' });
  add(lexicon.stance.left, 'stance:left', { kind: 'stance', side: 'left' });
  add(lexicon.stance.right, 'stance:right', { kind: 'stance', side: 'right' });
  for (const topic of DisputedTopicSchema.options) {
    add(lexicon.topics[topic].progressive, `topic:${topic}:progressive`, {
      kind: 'topic',
      topic,
      position: 'progressive',
    });
    add(lexicon.topics[topic].conservative, `topic:${topic}:conservative`, {
      kind: 'topic',
      topic,
      position: 'conservative',
    });
  }
  add(lexicon.attribution, 'attribution', { kind: 'attribution' });
  add(lexicon.corrections, 'correction', { kind: 'correction' });
  add(lexicon.unattributed, 'unattributed', { kind: 'unattributed' });
  add(lexicon.viral, 'viral', { kind: 'viral' });
  add(lexicon.primarySources, 'primary', { kind: 'primary' });
  if (context !== undefined) {
    add(context.executiveAliases, 'executive', executive);
    for (const actor of context.actors) {
      add(
        actor.match ?? [actor.name, ...(actor.aliases ?? [])],
        `actor:${actor.id}`,
        { kind: 'actor', actorId: actor.id },
        actor.case_sensitive === true,
      );
    }
  }
  const index = new Map<number, CompiledPhrase[]>();
  for (const phrase of phrases) {
    const first = phrase.hashes[0]!;
    const bucket = index.get(first);
    if (bucket === undefined) index.set(first, [phrase]);
    else bucket.push(phrase);
  }
  for (const bucket of index.values()) bucket.sort((a, b) => b.words.length - a.words.length);
  const categoryCount = categories.size;
  let lastEndBuffer = new Int32Array(categoryCount);

  const wordAt = (folded: string, token: number, word: string, hash: number): boolean =>
    tokenHashes[token] === hash &&
    tokenEnds[token]! - tokenStarts[token]! === word.length &&
    folded.startsWith(word, tokenStarts[token]!);

  const matcher: LexiconMatcher = {
    lexicon,
    match(document) {
      const folded = foldText(document);
      const { count, sentences } = scan(folded);
      const lastEnd =
        lastEndBuffer.length >= categoryCount
          ? lastEndBuffer.fill(-1, 0, categoryCount)
          : (lastEndBuffer = new Int32Array(categoryCount).fill(-1));
      const hits: LexiconHit[] = [];
      for (let position = 0; position < count; position += 1) {
        const candidates = index.get(tokenHashes[position]!);
        if (candidates === undefined) continue;
        // candidates are longest first and positions ascend: hits come out in (start, −end) order
        for (const candidate of candidates) {
          const length = candidate.words.length;
          if (position + length > count) continue;
          let matches = true;
          for (let offset = 0; offset < length && matches; offset += 1) {
            if (!wordAt(folded, position + offset, candidate.words[offset]!, candidate.hashes[offset]!))
              matches = false;
          }
          if (matches && candidate.exact !== null) {
            for (let offset = 0; offset < length && matches; offset += 1) {
              const token = position + offset;
              if (
                !document.startsWith(candidate.exact[offset]!, tokenStarts[token]!) ||
                tokenEnds[token]! - tokenStarts[token]! !== candidate.exact[offset]!.length
              ) {
                matches = false;
              }
            }
          }
          if (!matches) continue;
          const start = tokenStarts[position]!;
          const end = tokenEnds[position + length - 1]!;
          // leftmost-longest within a category
          if (lastEnd[candidate.categoryIndex]! > start) continue;
          lastEnd[candidate.categoryIndex] = end;
          hits.push({
            category: candidate.category,
            info: candidate.info,
            phrase: candidate.phrase,
            start,
            end,
            text: document.slice(start, end),
            sentence: tokenSentences[position]!,
          });
        }
      }
      return { hits, words: count, sentences, folded };
    },
  };
  if (context === undefined) plainMatcherCache.set(lexicon, matcher);
  else {
    let perContext = matcherCache.get(lexicon);
    if (perContext === undefined) {
      perContext = new WeakMap();
      matcherCache.set(lexicon, perContext);
    }
    perContext.set(context, matcher);
  }
  return matcher;
}

/**
 * True when a link points at a primary source: its host is, or ends with, one of the lexicon's
 * `primarySourceHosts` (`.gob.ar`, `boe.es`), or its path ends with a listed file extension (`.pdf`).
 *
 * @example
 * isPrimaryLink('https://www.boe.es/diario_boe/txt.php?id=BOE-A-2026-1', BUNDLED_LEXICONS.es.primarySourceHosts); // true
 */
export function isPrimaryLink(link: string, suffixes: readonly string[]): boolean {
  let host: string;
  let path: string;
  try {
    const url = new URL(link);
    host = url.hostname.toLowerCase();
    path = url.pathname.toLowerCase();
  } catch {
    return false;
  }
  return suffixes.some((suffix) => {
    const lower = suffix.toLowerCase();
    if (lower.startsWith('.') && !lower.includes('.', 1)) return path.endsWith(lower);
    const bare = lower.replace(/^\./, '');
    return host === bare || host.endsWith(`.${bare}`);
  });
}
