/**
 * Story assembly: everything the site shows about a story, computed from the cluster, the roster,
 * the synthesis and the topic by the methodology's own functions (no threshold is re-implemented
 * here): tier (TIER), coverage bar (COV-1, COV-2), publish guard with every reason (PG), both
 * blindspots (BS-PR per unique domain, BS-BR per article), the ownership mix of the covering
 * outlets, and an audit record.
 */
import {
  blindspotFujaDaBolha,
  blindspotPrisma,
  coverage,
  largestRemainderPercent,
  METHODOLOGY_VERSION,
  OwnerTypeSchema,
  publishGuard,
  storyTier,
  validateSentenceCitations,
  type Bucket,
  type CoverageResult,
  type Factuality,
  type FujaDaBolhaSide,
  type OwnerType,
  type PublishGuardInput,
  type PublishGuardOutlet,
  type PublishGuardResult,
  type StoryTier,
  type Topic,
} from '@espectro/methodology';
import type { TokenUsage } from '@espectro/llm';
import { SynthesisError } from './errors.js';
import { storyOutletOf, uniqueDomains } from './outlets.js';
import { contentStems } from './text.js';
import { detectLowValue, type LowValueResult, type TopicClassification } from './topics.js';
import {
  parseCluster,
  type CitedSentence,
  type EditorialScopeOrNull,
  type Roster,
  type SourceDiscrepancy,
  type StoryCluster,
  type StorySynthesis,
  type SynthesisBackend,
} from './types.js';

/** The cover image of a story. */
export interface StoryImage {
  url: string;
  /** The article it came from, if any. */
  articleId: string | null;
  /** The image's alt text as that article's feed gave it; null or absent when it gave none. */
  alt?: string | null;
}

/** Input of {@link assembleStory}. */
export interface AssembleStoryInput {
  cluster: StoryCluster;
  roster: Roster;
  /** The synthesis (either backend), or `null` when none was produced (PG `no_synthesis`). */
  synthesis: StorySynthesis | null;
  /** The topic (TOP-1): a classification, a bare topic, or `null` (unclassified). */
  topic: TopicClassification | Topic | null;
  /** Cover image; omitted → {@link pickStoryImage}; `null` → no image (PG `no_image`). */
  image?: StoryImage | null;
  /** Stories of the story's country already published in the rolling 24 h (PG `country_cap`). */
  countryStoriesLast24h: number;
  /** Per-country cap; methodology default (8) when omitted. */
  countryCap?: number;
  /** Country the cap applies to; omitted → the most common country of the covering outlets. */
  country?: string | null;
  /** Low-value flag (PG `filtered_content`); omitted → {@link detectLowValue} on title and summary. */
  lowValue?: boolean;
  /** Story title; omitted → {@link representativeTitle}. */
  title?: string;
}

/** One covering outlet (unique domain) of an assembled story. */
export interface AssembledOutlet {
  domain: string;
  name: string | null;
  /** `null` when the domain is not in the roster. */
  scope: EditorialScopeOrNull;
  bias: Bucket | null;
  factuality: Factuality | null;
  ownerType: OwnerType | null;
  country: string | null;
  /** This outlet's articles in the cluster. */
  articleIds: string[];
  /** True when a synthesised sentence cites one of its articles (PG `suspect_sources`). */
  contributedText: boolean;
}

/** Count of unique covering domains per owner type (largest-remainder percentages sum to 100). */
export interface OwnershipMix {
  /** Unique covering domains. */
  total: number;
  /** Every owner type, in `OwnerTypeSchema` order; a domain without one counts as `unknown`. */
  counts: Record<OwnerType, number>;
  percent: Record<OwnerType, number>;
}

/** Who and what produced the story (rules AUDIT, COST, VER). */
export interface StoryAudit {
  backend: SynthesisBackend | null;
  provider: string | null;
  model: string | null;
  layer: number | null;
  chain: string | null;
  promptId: string | null;
  promptVersion: string | null;
  /** Extractive method version (offline backend). */
  method: string | null;
  usage: TokenUsage;
  costUsd: number;
  topicBackend: TopicClassification['backend'] | null;
  topicPromptId: string | null;
  topicPromptVersion: string | null;
  topicCostUsd: number;
  /** Numbers or quotations of the text not found in the cited articles. */
  groundingWarnings: number;
  methodologyVersion: string;
}

/** A story as stored and shown. */
export interface AssembledStory {
  id: string;
  title: string;
  country: string | null;
  topic: Topic | null;
  /** TOP-1: an unclassified story is classified again at the next synthesis run. */
  topicRetryNextRun: boolean;
  articleIds: string[];
  outlets: AssembledOutlet[];
  /** TIER; `null` = not synthesised (fewer than 3 rated domains). */
  tier: StoryTier | null;
  /** COV-1/COV-2 over every covering domain (not only those the synthesis cited). */
  coverage: CoverageResult;
  summary: string | null;
  sentences: CitedSentence[];
  discrepancies: SourceDiscrepancy[];
  image: StoryImage | null;
  lowValue: LowValueResult | { lowValue: boolean; score: null; matched: [] };
  /** PG with every failing reason, in RULES order. */
  publishGuard: PublishGuardResult;
  /** The input the publish guard was given (so a pipeline can re-decide PG `country_cap` with another count). */
  publishGuardInput: PublishGuardInput;
  blindspots: {
    /** BS-PR: the missing buckets (`[]` = none), per unique domain. */
    prisma: Bucket[];
    /** BS-BR: the ignored side or `null`, per article. */
    fujaDaBolha: FujaDaBolhaSide | null;
  };
  ownershipMix: OwnershipMix;
  audit: StoryAudit;
}

const OWNER_TYPES: readonly OwnerType[] = OwnerTypeSchema.options;

/**
 * The cover image of a cluster: the image of the earliest article that has one (ties by article
 * order), with that article's alt text, or `null`.
 *
 * @example
 * pickStoryImage(cluster); // { url: 'https://…/foto.jpg', articleId: 'a2', alt: 'El edificio del BCRA' }
 */
export function pickStoryImage(cluster: StoryCluster): StoryImage | null {
  let best: { url: string; articleId: string; alt: string | null; at: number } | null = null;
  for (const article of cluster.articles) {
    if (article.imageUrl === undefined) continue;
    const at = Date.parse(article.publishedAt.length === 10 ? `${article.publishedAt}T00:00:00Z` : article.publishedAt);
    if (best === null || at < best.at)
      best = { url: article.imageUrl, articleId: article.id, alt: article.imageAlt ?? null, at };
  }
  return best === null ? null : { url: best.url, articleId: best.articleId, alt: best.alt };
}

/**
 * The title most representative of a cluster: the article title sharing the most content words
 * with the other titles (sum of Jaccard similarities), ties to the earliest article in input order.
 *
 * @example
 * representativeTitle(cluster); // 'El Congreso aprueba la reforma de pensiones'
 */
export function representativeTitle(cluster: StoryCluster): string {
  // Titles repeat across outlets (agency copy): score each distinct title once.
  const distinct = new Map<string, { stems: Set<string>; count: number }>();
  for (const article of cluster.articles) {
    const entry = distinct.get(article.title);
    if (entry !== undefined) entry.count += 1;
    else distinct.set(article.title, { stems: new Set(contentStems(article.title)), count: 1 });
  }
  const jaccard = (a: Set<string>, b: Set<string>): number => {
    if (a.size === 0 || b.size === 0) return 0;
    let shared = 0;
    for (const stem of a) if (b.has(stem)) shared += 1;
    return shared / (a.size + b.size - shared);
  };
  let best = cluster.articles[0]?.title ?? '';
  let bestScore = -1;
  for (const [title, { stems }] of distinct) {
    let score = 0;
    for (const other of distinct.values()) score += other.count * jaccard(stems, other.stems);
    score -= jaccard(stems, stems); // not compared with itself
    if (score > bestScore) {
      bestScore = score;
      best = title;
    }
  }
  return best;
}

function mostCommonCountry(outlets: readonly AssembledOutlet[]): string | null {
  const counts = new Map<string, number>();
  let best: string | null = null;
  let bestCount = 0;
  for (const outlet of outlets) {
    if (outlet.country === null) continue;
    const count = (counts.get(outlet.country) ?? 0) + 1;
    counts.set(outlet.country, count);
    if (count > bestCount) {
      best = outlet.country;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Assembles a story from its cluster, the roster, its synthesis and topic (see the module
 * comment): tier, coverage, publish guard (every reason), Prisma and Fuja da Bolha blindspots,
 * ownership mix and audit record. Every rule is the methodology's function; this only gathers
 * their inputs. Choices made here: an outlet *contributed text* (PG `suspect_sources`) when a
 * synthesised sentence cites one of its articles; a story below TIER is guarded as `limited`
 * (it already fails `low_coverage`, which is the same threshold); a synthesis must belong to the
 * cluster (same id, every citation from it — SYN-3), otherwise `SynthesisError` `invalid_input`.
 *
 * @example
 * const story = assembleStory({ cluster, roster, synthesis, topic: 'politics', countryStoriesLast24h: 2 });
 * story.publishGuard; // { publish: false, reasons: ['no_image'] }
 * story.coverage.percent; // { left: 34, center: 33, right: 33 }
 */
export function assembleStory(input: AssembleStoryInput): AssembledStory {
  const cluster = parseCluster(input.cluster, 'assemble');
  const { roster, synthesis } = input;
  if (synthesis !== null) checkSynthesisBelongs(cluster, synthesis);

  // Covering outlets, one per unique domain (COV-1).
  const articleIdsByDomain = new Map<string, string[]>();
  for (const article of cluster.articles) {
    const list = articleIdsByDomain.get(article.domain);
    if (list === undefined) articleIdsByDomain.set(article.domain, [article.id]);
    else list.push(article.id);
  }
  const cited = new Set<string>();
  if (synthesis !== null)
    for (const sentence of synthesis.sentences) for (const id of sentence.articleIds) cited.add(id);
  const domains = uniqueDomains(cluster.articles, roster);
  const outlets: AssembledOutlet[] = domains.map(({ domain, outlet }) => {
    const articleIds = articleIdsByDomain.get(domain)!;
    return {
      domain,
      name: outlet?.name ?? null,
      scope: outlet?.scope ?? null,
      bias: outlet?.bias ?? null,
      factuality: outlet?.factuality ?? null,
      ownerType: outlet?.ownerType ?? null,
      country: outlet?.country ?? null,
      articleIds,
      contributedText: articleIds.some((id) => cited.has(id)),
    };
  });
  const storyOutlets = domains.map(({ domain, outlet }) => storyOutletOf(domain, outlet));

  // COV-1, COV-2, TIER.
  const storyCoverage = coverage(storyOutlets);
  const tier = storyTier(storyCoverage.rated);

  // TOP-1.
  const topicValue = input.topic === null || typeof input.topic === 'string' ? input.topic : input.topic.topic;
  const topicClassification = input.topic !== null && typeof input.topic === 'object' ? input.topic : null;

  const title = input.title ?? representativeTitle(cluster);
  const lowValue =
    input.lowValue !== undefined
      ? { lowValue: input.lowValue, score: null, matched: [] as [] }
      : detectLowValue({ title, summary: synthesis?.summary ?? '' });
  const image = input.image === undefined ? pickStoryImage(cluster) : input.image;

  // PG.
  const guardOutlets: PublishGuardOutlet[] = outlets.map((outlet, index) => ({
    ...storyOutlets[index]!,
    factuality: outlet.factuality,
    contributedText: outlet.contributedText,
  }));
  const publishGuardInput: PublishGuardInput = {
    rawOutlets: outlets.length,
    sentences: synthesis === null ? null : synthesis.sentences.length,
    tier: tier ?? 'limited',
    hasImage: image !== null,
    outlets: guardOutlets,
    lowValue: lowValue.lowValue,
    countryStoriesLast24h: input.countryStoriesLast24h,
    ...(input.countryCap !== undefined ? { countryCap: input.countryCap } : {}),
  };
  const guard = publishGuard(publishGuardInput);

  // BS-PR per unique domain, BS-BR per article.
  const prisma = blindspotPrisma({ outlets: storyOutlets, topic: topicValue });
  const fujaDaBolha = blindspotFujaDaBolha(
    cluster.articles.map((article) => {
      const outlet = roster.get(article.domain);
      return {
        bias: outlet !== undefined && outlet.scope === 'political' ? outlet.bias : null,
        factualityScore: outlet?.factualityScore ?? null,
      };
    }),
  );

  // Ownership mix (unique domains per owner type).
  const ownerCounts = Object.fromEntries(OWNER_TYPES.map((ownerType) => [ownerType, 0])) as Record<OwnerType, number>;
  for (const outlet of outlets) ownerCounts[outlet.ownerType ?? 'unknown'] += 1;
  const ownerPercents = largestRemainderPercent(OWNER_TYPES.map((ownerType) => ownerCounts[ownerType]));
  const ownershipMix: OwnershipMix = {
    total: outlets.length,
    counts: ownerCounts,
    percent: Object.fromEntries(OWNER_TYPES.map((ownerType, index) => [ownerType, ownerPercents[index]!])) as Record<
      OwnerType,
      number
    >,
  };

  const provenance = synthesis?.provenance;
  return {
    id: cluster.id,
    title,
    country: input.country === undefined ? mostCommonCountry(outlets) : input.country,
    topic: topicValue,
    topicRetryNextRun: topicClassification?.retryNextRun ?? topicValue === null,
    articleIds: cluster.articles.map((article) => article.id),
    outlets,
    tier,
    coverage: storyCoverage,
    summary: synthesis?.summary ?? null,
    sentences: synthesis?.sentences ?? [],
    discrepancies: synthesis?.discrepancies ?? [],
    image,
    lowValue,
    publishGuard: guard,
    publishGuardInput,
    blindspots: { prisma, fujaDaBolha },
    ownershipMix,
    audit: {
      backend: synthesis?.backend ?? null,
      provider: provenance?.provider ?? null,
      model: provenance?.model ?? null,
      layer: provenance?.layer ?? null,
      chain: provenance?.chain ?? null,
      promptId: provenance?.promptId ?? null,
      promptVersion: provenance?.promptVersion ?? null,
      method: provenance?.method ?? null,
      usage: provenance !== undefined ? { ...provenance.usage } : { inputTokens: 0, outputTokens: 0 },
      costUsd: provenance?.costUsd ?? 0,
      topicBackend: topicClassification?.backend ?? null,
      topicPromptId: topicClassification?.promptId ?? null,
      topicPromptVersion: topicClassification?.promptVersion ?? null,
      topicCostUsd: topicClassification?.costUsd ?? 0,
      groundingWarnings: synthesis?.warnings.length ?? 0,
      methodologyVersion: METHODOLOGY_VERSION,
    },
  };
}

/** The synthesis must be this cluster's: same id, and every citation from it (rule SYN-3). */
function checkSynthesisBelongs(cluster: StoryCluster, synthesis: StorySynthesis): void {
  if (synthesis.storyId !== cluster.id) {
    throw new SynthesisError({
      code: 'invalid_input',
      stage: 'assemble',
      field: 'synthesis.storyId',
      message: `the synthesis is of story "${synthesis.storyId}", not "${cluster.id}"`,
    });
  }
  const ids = cluster.articles.map((article) => article.id);
  for (const [field, items] of [
    ['sentences', synthesis.sentences],
    ['discrepancies', synthesis.discrepancies],
  ] as const) {
    const check = validateSentenceCitations(
      items.map((item) => ({ text: item.text, articleIds: item.articleIds })),
      ids,
    );
    const problem = check.problems[0];
    if (problem !== undefined) {
      throw new SynthesisError({
        code: 'invalid_input',
        stage: 'assemble',
        field: `synthesis.${field}[${problem.sentenceIndex}]`,
        message: `rule SYN-3: ${problem.kind}${problem.kind === 'unknown_article' ? ` "${problem.articleId}"` : ''} — a published sentence must cite ≥ 1 article of its own cluster`,
      });
    }
  }
}
