/**
 * The offline extractive synthesiser: used when no model provider key is configured. It never
 * writes text — every sentence it returns is a verbatim substring of an article's title,
 * description or body — and labels its product `backend: 'extractive (offline)'`.
 *
 * Method (version {@link EXTRACTIVE_METHOD}):
 * 1. Split every description and body into sentences ({@link splitSentences}); a title is used only
 *    for an article without description and body. Drop fragments (< 30 characters, < 5 words, < 3
 *    content words, > 500 characters), questions, lines ending in a colon and boilerplate
 *    ("Lee también", "Suscríbete", "Foto:", …).
 * 2. Represent each sentence by its content-word stems weighted by TF-IDF, with document frequency
 *    counted per outlet domain (one domain = one voice, COV-1). The cluster centroid is the sum of
 *    the L2-normalised per-domain vectors; a sentence's centrality is its cosine to the centroid,
 *    with a small bonus for the first sentences of an article (news leads).
 * 3. Walk the sentences from the most central, grouping near-duplicates (up to 4 × the sentences
 *    wanted distinct groups; later sentences and titles only add citations): Jaccard ≥ 0.5 of the stem sets, or
 *    ≥ 0.8 of the smaller set contained in the larger. A group cites every article it came from.
 *    Groups are ranked by centrality × (1 + 0.2 per extra outlet saying the same).
 * 4. Keep the best {@link ExtractiveSettings.maxSentences} groups, drop any sentence that names an
 *    outlet of the roster (SYN-4: the attribution lives in the ids) and refill from the next ones.
 * 5. Order the kept sentences by their article's publication time, then position in the article.
 * The summary is the most central lead (first sentence of a description or body, else a title).
 */
import { SYNTHESIS_SENTENCE_RANGE, foldAccents } from '@espectro/methodology';
import { findOutletMentions } from './attribution.js';
import { contentStems, splitSentences } from './text.js';
import { parseCluster, type CitedSentence, type Roster, type StoryCluster, type StorySynthesis } from './types.js';

/** Version of the extractive method, stored in every product's provenance. */
export const EXTRACTIVE_METHOD = 'extractive-tfidf-centroid/2026-11-30.1';

/** Label of products of the offline synthesiser. */
export const EXTRACTIVE_BACKEND = 'extractive (offline)' as const;

/** Tunables of {@link synthesizeExtractive}; defaults in brackets. */
export interface ExtractiveSettings {
  /** Sentences to return at most [14, the SYN-3 maximum]. */
  maxSentences?: number;
  /** Roster whose outlet names must not appear in a sentence (SYN-4); none checked without it. */
  roster?: Roster;
  /** Jaccard of stem sets from which two sentences are near-duplicates [0.5]. */
  duplicateJaccard?: number;
  /** Share of the smaller stem set inside the larger from which two sentences are near-duplicates [0.8]. */
  duplicateContainment?: number;
}

const MIN_CHARACTERS = 30;
const MAX_CHARACTERS = 500;
const MIN_WORDS = 5;
const MIN_STEMS = 3;
const LEAD_BONUS = [0.15, 0.1, 0.05];
const SUPPORT_BONUS = 0.2;
const POOL_FACTOR = 4;
const BOILERPLATE =
  /^(?:lee tambien|leer mas|lea tambien|te puede interesar|mira tambien|ver tambien|suscri|siguenos|sigue a|haz clic|pulsa|foto|fotos|imagen|video|audio|fuente|credito|publicado|actualizado|comparte|compartir|newsletter|unete|descarga|leia tambem|leia mais|veja tambem|assine|clique|inscreva|siga|continua|continue lendo|publicidade|publicidad|anuncio)\b/;

interface Candidate {
  articleIndex: number;
  /** Position of the sentence within its article (title 0, then description, then body). */
  position: number;
  /** Index of the sentence within its field (description, body); a title is 0. */
  fieldIndex: number;
  /** True for the first sentence of a description or body, or a title. */
  lead: boolean;
  text: string;
  /** Sorted unique term ids. */
  terms: Int32Array;
  /** TF-IDF weights aligned with `terms` (filled after document frequencies are known). */
  weights: Float64Array;
  domainIndex: number;
  score: number;
}

interface Group {
  representative: Candidate;
  articleIndexes: Set<number>;
  domainIndexes: Set<number>;
  rank: number;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Number of runs of letters and digits. */
function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const isWord =
      (code >= 0x61 && code <= 0x7a) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x30 && code <= 0x39) ||
      (code > 0x7f && WORD_CHARACTER.test(text[index]!));
    if (isWord && !inWord) count += 1;
    inWord = isWord;
  }
  return count;
}

function isUsable(text: string): boolean {
  if (text.length < MIN_CHARACTERS || text.length > MAX_CHARACTERS) return false;
  const last = text.replace(/["”’»)\]\s]+$/u, '').slice(-1);
  if (last === '?' || last === ':') return false;
  if (BOILERPLATE.test(foldAccents(text.slice(0, 40)))) return false;
  return wordCount(text) >= MIN_WORDS;
}

function overlap(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const left = a[i]!;
    const right = b[j]!;
    if (left === right) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (left < right) i += 1;
    else j += 1;
  }
  return shared;
}

function isNearDuplicate(a: Int32Array, b: Int32Array, jaccard: number, containment: number): boolean {
  const shared = overlap(a, b);
  if (shared === 0) return false;
  const union = a.length + b.length - shared;
  if (shared >= jaccard * union) return true;
  const smaller = Math.min(a.length, b.length);
  return smaller >= 4 && shared >= containment * smaller;
}

/**
 * Writes a story offline by selecting and ordering real sentences of its articles (method at the
 * top of this module). Never invents text: every `sentences[i].text` and the `summary` occur
 * verbatim in an article's title, description or body, and every sentence cites the article(s) it
 * came from — several when outlets said the same thing.
 *
 * @example
 * const synthesis = synthesizeExtractive(cluster, { roster });
 * synthesis.backend;                    // 'extractive (offline)'
 * synthesis.sentences[0].articleIds;    // ['a1', 'b4'] — near-duplicates across outlets merged
 */
export function synthesizeExtractive(cluster: StoryCluster, settings: ExtractiveSettings = {}): StorySynthesis {
  const valid = parseCluster(cluster, 'extractive');
  return synthesizeExtractiveUnchecked(valid, settings);
}

/**
 * {@link synthesizeExtractive} without validating the cluster, for clusters already validated
 * (same results).
 *
 * @example
 * synthesizeExtractiveUnchecked(parseCluster(input), { roster });
 */
export function synthesizeExtractiveUnchecked(
  cluster: StoryCluster,
  settings: ExtractiveSettings = {},
): StorySynthesis {
  const maxSentences = settings.maxSentences ?? SYNTHESIS_SENTENCE_RANGE.max;
  const jaccard = settings.duplicateJaccard ?? 0.5;
  const containment = settings.duplicateContainment ?? 0.8;
  const articles = cluster.articles;

  // 1. Candidates.
  const vocabulary = new Map<string, number>();
  const domainIndex = new Map<string, number>();
  const candidates: Candidate[] = [];
  const titleCandidates: Candidate[] = [];
  const termsByText = new Map<string, Int32Array>();
  const termOf = (stem: string): number => {
    let id = vocabulary.get(stem);
    if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(stem, id);
    }
    return id;
  };
  const makeCandidate = (
    text: string,
    articleIndex: number,
    position: number,
    fieldIndex: number,
    domain: number,
  ): Candidate | null => {
    // The same sentence often appears in several articles (agency copy): stem it once.
    let terms = termsByText.get(text);
    if (terms === undefined) {
      terms = Int32Array.from(new Set(contentStems(text).map(termOf))).sort();
      termsByText.set(text, terms);
    }
    if (terms.length < MIN_STEMS) return null;
    return {
      articleIndex,
      position,
      fieldIndex,
      lead: fieldIndex === 0,
      text,
      terms,
      weights: new Float64Array(terms.length),
      domainIndex: domain,
      score: 0,
    };
  };
  articles.forEach((article, articleIndex) => {
    let domain = domainIndex.get(article.domain);
    if (domain === undefined) {
      domain = domainIndex.size;
      domainIndex.set(article.domain, domain);
    }
    let position = 1;
    let hasText = false;
    for (const field of [article.description, article.body]) {
      if (field === undefined || field.trim() === '') continue;
      hasText = true;
      let fieldIndex = 0;
      for (const span of splitSentences(field)) {
        position += 1;
        fieldIndex += 1;
        if (!isUsable(span.text)) continue;
        const candidate = makeCandidate(span.text, articleIndex, position, fieldIndex - 1, domain);
        if (candidate !== null) candidates.push(candidate);
      }
    }
    const title = article.title.trim();
    if (title !== '') {
      const candidate = makeCandidate(title, articleIndex, 0, 0, domain);
      if (candidate !== null) (hasText ? titleCandidates : candidates).push(candidate);
    }
  });

  // 2. TF-IDF with document frequency per domain, centroid of normalised domain vectors.
  const domains = domainIndex.size;
  const termDomains = new Map<number, Set<number>>();
  for (const candidate of [...candidates, ...titleCandidates]) {
    for (const term of candidate.terms) {
      let set = termDomains.get(term);
      if (set === undefined) termDomains.set(term, (set = new Set()));
      set.add(candidate.domainIndex);
    }
  }
  const idf = new Float64Array(vocabulary.size);
  for (const [term, set] of termDomains) idf[term] = Math.log(1 + domains / set.size);
  const domainVectors: Map<number, number>[] = Array.from({ length: domains }, () => new Map());
  for (const candidate of [...candidates, ...titleCandidates]) {
    let norm = 0;
    for (let index = 0; index < candidate.terms.length; index += 1) {
      const weight = idf[candidate.terms[index]!]!;
      candidate.weights[index] = weight;
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (let index = 0; index < candidate.weights.length; index += 1) candidate.weights[index]! /= norm;
    const vector = domainVectors[candidate.domainIndex]!;
    for (let index = 0; index < candidate.terms.length; index += 1) {
      const term = candidate.terms[index]!;
      vector.set(term, (vector.get(term) ?? 0) + candidate.weights[index]!);
    }
  }
  const centroid = new Float64Array(vocabulary.size);
  for (const vector of domainVectors) {
    let norm = 0;
    for (const weight of vector.values()) norm += weight * weight;
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) centroid[term]! += weight / norm;
  }
  let centroidNorm = 0;
  for (const weight of centroid) centroidNorm += weight * weight;
  centroidNorm = Math.sqrt(centroidNorm) || 1;
  const centrality = (candidate: Candidate): number => {
    let dot = 0;
    for (let index = 0; index < candidate.terms.length; index += 1)
      dot += candidate.weights[index]! * centroid[candidate.terms[index]!]!;
    return dot / centroidNorm;
  };
  for (const candidate of [...candidates, ...titleCandidates]) {
    candidate.score = centrality(candidate) * (1 + (LEAD_BONUS[candidate.fieldIndex] ?? 0));
  }

  // 3. Near-duplicate groups over the most central candidates.
  const byScore = (a: Candidate, b: Candidate): number =>
    b.score - a.score || a.articleIndex - b.articleIndex || a.position - b.position;
  const ordered = [...candidates].sort(byScore);
  const poolSize = maxSentences * POOL_FACTOR;
  const groups: Group[] = [];
  // Identical sentences share one stem array (cached by text), so exact copies are found at once.
  const groupOfTerms = new Map<Int32Array, Group>();
  const findGroup = (candidate: Candidate): Group | undefined => {
    const exact = groupOfTerms.get(candidate.terms);
    if (exact !== undefined) return exact;
    const group = groups.find((other) =>
      isNearDuplicate(other.representative.terms, candidate.terms, jaccard, containment),
    );
    if (group !== undefined) groupOfTerms.set(candidate.terms, group);
    return group;
  };
  // Once the pool of distinct groups is full, later candidates (and titles) only add citations.
  const textCount = ordered.length;
  const walk = [...ordered, ...titleCandidates];
  for (let index = 0; index < walk.length; index += 1) {
    const candidate = walk[index]!;
    const group = findGroup(candidate);
    if (group !== undefined) {
      group.articleIndexes.add(candidate.articleIndex);
      group.domainIndexes.add(candidate.domainIndex);
    } else if (groups.length < poolSize && index < textCount) {
      const created: Group = {
        representative: candidate,
        articleIndexes: new Set([candidate.articleIndex]),
        domainIndexes: new Set([candidate.domainIndex]),
        rank: 0,
      };
      groups.push(created);
      groupOfTerms.set(candidate.terms, created);
    }
  }
  for (const group of groups)
    group.rank = group.representative.score * (1 + SUPPORT_BONUS * (group.domainIndexes.size - 1));
  groups.sort((a, b) => b.rank - a.rank || byScore(a.representative, b.representative));

  // 4. Keep the best groups whose sentence names no outlet (SYN-4), refilling as needed.
  const kept: Group[] = [];
  let next = 0;
  while (kept.length < maxSentences && next < groups.length) {
    const batch = groups.slice(next, next + (maxSentences - kept.length));
    next += batch.length;
    const hits = namedOutlets(
      batch.map((group) => group.representative.text),
      settings.roster,
    );
    batch.forEach((group, index) => {
      if (!hits.has(index)) kept.push(group);
    });
  }

  // 5. Article time, then position.
  const publishedMs = articles.map((article) =>
    Date.parse(article.publishedAt.length === 10 ? `${article.publishedAt}T00:00:00Z` : article.publishedAt),
  );
  kept.sort(
    (a, b) =>
      publishedMs[a.representative.articleIndex]! - publishedMs[b.representative.articleIndex]! ||
      a.representative.articleIndex - b.representative.articleIndex ||
      a.representative.position - b.representative.position,
  );
  const sentences: CitedSentence[] = kept.map((group) => ({
    text: group.representative.text,
    articleIds: [...group.articleIndexes].sort((a, b) => a - b).map((index) => articles[index]!.id),
    discrepancy: false,
  }));

  // Summary: the most central lead that names no outlet.
  const textLeads = candidates.filter((candidate) => candidate.lead && candidate.position > 0);
  const leads = (
    textLeads.length > 0 ? textLeads : [...candidates, ...titleCandidates].filter((candidate) => candidate.lead)
  ).sort(byScore);
  const leadHits = namedOutlets(
    leads.slice(0, 8).map((candidate) => candidate.text),
    settings.roster,
  );
  const summaryCandidate = leads.slice(0, 8).find((_, index) => !leadHits.has(index));
  const summary = summaryCandidate?.text ?? kept[0]?.representative.text ?? '';

  return {
    storyId: cluster.id,
    backend: EXTRACTIVE_BACKEND,
    summary,
    sentences,
    discrepancies: [],
    sourceArticleIds: articles.map((article) => article.id),
    provenance: {
      provider: null,
      model: null,
      layer: null,
      chain: null,
      promptId: null,
      promptVersion: null,
      usage: { inputTokens: 0, outputTokens: 0 },
      costUsd: 0,
      reasked: false,
      cached: false,
      attempts: [],
      method: EXTRACTIVE_METHOD,
    },
    warnings: [],
  };
}

/** Indexes of `texts` that name an outlet of the roster (rule SYN-4). */
function namedOutlets(texts: readonly string[], roster: Roster | undefined): Set<number> {
  if (roster === undefined) return new Set();
  return new Set(findOutletMentions(texts, roster.attributionNeedles).map((hit) => hit.sentenceIndex));
}
