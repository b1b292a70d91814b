/**
 * Input schemas (clusters, roster) and the shared result types of story synthesis.
 */
import {
  BucketSchema,
  FactualitySchema,
  IsoDateSchema,
  OwnerTypeSchema,
  type AttributionRosterEntry,
  type Bucket,
  type Factuality,
  type OwnerType,
} from '@espectro/methodology';
import type { TokenUsage } from '@espectro/llm';
import { z } from 'zod';
import { attributionNeedles, type AttributionNeedles } from './attribution.js';
import { parseOrThrow, SynthesisError } from './errors.js';

// ── Clusters ─────────────────────────────────────────────────────────────────────────────────────

/**
 * One article of a story cluster. `domain` is the outlet's domain, compared as an exact string
 * (RULES §10); `title`, `description` and `body` are the texts synthesis may use.
 *
 * @example
 * ClusterArticleSchema.parse({ id: 'a1', domain: 'elpais.com', title: 'Sube el IPC', publishedAt: '2026-04-27T10:00:00Z', url: 'https://elpais.com/a1' });
 */
export const ClusterArticleSchema = z.strictObject({
  id: z.string().min(1),
  domain: z.string().min(1),
  title: z.string(),
  description: z.string().optional(),
  body: z.string().optional(),
  publishedAt: IsoDateSchema,
  url: z.string().min(1),
  imageUrl: z.string().min(1).optional(),
  /** The image's alt text from the feed (only with `imageUrl`). */
  imageAlt: z.string().min(1).optional(),
});
/** @see {@link ClusterArticleSchema} */
export type ClusterArticle = z.infer<typeof ClusterArticleSchema>;

/**
 * A story cluster: the articles that report one event (from `@espectro/clustering` or any other
 * source). Article ids are unique within the cluster.
 *
 * @example
 * StoryClusterSchema.parse({ id: 's1', articles: [article] });
 */
export const StoryClusterSchema = z
  .strictObject({
    /** Stable story id (the retry queue and the cost ledger's job id use it). */
    id: z.string().min(1),
    articles: z.array(ClusterArticleSchema).min(1),
  })
  .superRefine((cluster, context) => {
    const seen = new Map<string, number>();
    cluster.articles.forEach((article, index) => {
      const first = seen.get(article.id);
      if (first !== undefined) {
        context.addIssue({
          code: 'custom',
          path: ['articles', index, 'id'],
          message: `article id "${article.id}" is repeated (first at index ${first})`,
        });
      } else seen.set(article.id, index);
    });
  });
/** @see {@link StoryClusterSchema} */
export type StoryCluster = z.infer<typeof StoryClusterSchema>;

/** Validates a cluster; throws `SynthesisError` `invalid_input` naming the field. */
export function parseCluster(
  cluster: unknown,
  stage: 'cluster' | 'synthesis' | 'extractive' | 'assemble' = 'cluster',
): StoryCluster {
  return parseOrThrow(StoryClusterSchema, cluster, stage, 'cluster');
}

// ── Roster ───────────────────────────────────────────────────────────────────────────────────────

const RosterFields = {
  domain: z.string().min(1),
  /** Display name; also searched for by the attribution check (SYN-4). */
  name: z.string().min(1).optional(),
  /** Other spellings of the name (SYN-4). */
  aliases: z.array(z.string().min(1)).optional(),
  /** Overrides SYN-4's detection of names that are also ordinary words ("El País"). */
  commonPhrase: z.boolean().optional(),
  factuality: FactualitySchema.nullable().default(null),
  /** Factuality score 0–100 for the Fuja da Bolha blindspot (BS-BR-5); `null` = unknown. */
  factualityScore: z.number().min(0).max(100).nullable().default(null),
  ownerType: OwnerTypeSchema.nullable().default(null),
  /** Country code or name of the outlet. */
  country: z.string().min(1).nullable().default(null),
};

/**
 * One rated outlet of the roster. A `non_political` outlet has no bias (FUN-0), so giving it one is
 * an input error, not silently ignored.
 *
 * @example
 * RosterOutletSchema.parse({ domain: 'elpais.com', name: 'El País', scope: 'political', bias: 'center', factuality: 'high' });
 */
export const RosterOutletSchema = z.discriminatedUnion('scope', [
  z.strictObject({ ...RosterFields, scope: z.literal('political'), bias: BucketSchema.nullable().default(null) }),
  z.strictObject({ ...RosterFields, scope: z.literal('non_political'), bias: z.null().default(null) }),
]);
/** @see {@link RosterOutletSchema} (output: every nullable field present). */
export type RosterOutlet = z.output<typeof RosterOutletSchema>;
/** What {@link createRoster} accepts per outlet (nullable fields may be omitted). */
export type RosterOutletInput = z.input<typeof RosterOutletSchema>;

/** A validated roster: lookup by exact domain, and the roster as the attribution check needs it. */
export interface Roster {
  /** The outlets, in input order. */
  readonly outlets: readonly RosterOutlet[];
  /** The outlet of `domain` (exact string), or undefined when the domain is not in the roster. */
  get(domain: string): RosterOutlet | undefined;
  /** Every named outlet as a SYN-4 roster entry (name, domain, aliases). */
  readonly attributionEntries: readonly AttributionRosterEntry[];
  /** The same entries with their folded search strings (prepared once, for the SYN-4 pre-filter). */
  readonly attributionNeedles: readonly AttributionNeedles[];
}

/**
 * Validates the roster once (so that per-story work can skip it) and indexes it by domain.
 * A domain listed twice is an input error.
 *
 * @example
 * const roster = createRoster([
 *   { domain: 'elpais.com', name: 'El País', scope: 'political', bias: 'center', factuality: 'high', factualityScore: 80, ownerType: 'corporate-conglomerate', country: 'ES' },
 * ]);
 * roster.get('elpais.com')?.bias; // 'center'
 */
export function createRoster(outlets: readonly RosterOutletInput[]): Roster {
  const parsed = parseOrThrow(z.array(RosterOutletSchema), outlets, 'roster', 'roster');
  const byDomain = new Map<string, RosterOutlet>();
  parsed.forEach((outlet, index) => {
    if (byDomain.has(outlet.domain)) {
      throw new SynthesisError({
        code: 'invalid_input',
        stage: 'roster',
        field: `roster[${index}].domain`,
        message: `domain "${outlet.domain}" is listed twice (one domain = one voice, rule COV-1)`,
      });
    }
    byDomain.set(outlet.domain, outlet);
  });
  const attributionEntries: AttributionRosterEntry[] = parsed
    .filter((outlet) => outlet.name !== undefined)
    .map((outlet) => ({
      name: outlet.name!,
      domain: outlet.domain,
      ...(outlet.aliases !== undefined ? { aliases: outlet.aliases } : {}),
      ...(outlet.commonPhrase !== undefined ? { commonPhrase: outlet.commonPhrase } : {}),
    }));
  return Object.freeze({
    outlets: Object.freeze(parsed),
    get: (domain: string) => byDomain.get(domain),
    attributionEntries: Object.freeze(attributionEntries),
    attributionNeedles: Object.freeze(attributionNeedles(attributionEntries)),
  });
}

// ── Synthesis results ────────────────────────────────────────────────────────────────────────────

/** One published sentence with the ids of the cluster articles that back it (SYN-3). */
export interface CitedSentence {
  text: string;
  /** Ids of cluster articles; never empty, never outside the cluster. */
  articleIds: string[];
  /** True when the sentence reports a discrepancy between sources. */
  discrepancy: boolean;
}

/** A discrepancy between sources, as the model reported it, with the articles on each side. */
export interface SourceDiscrepancy {
  text: string;
  articleIds: string[];
}

/** Which backend wrote a synthesis. */
export type SynthesisBackend = 'llm' | 'extractive (offline)';

/** Who wrote a synthesis, with what and at what cost (rule AUDIT / COST). */
export interface SynthesisProvenance {
  /** Vendor of the layer that answered (`gemini`, `groq`, …), `null` for the extractive backend. */
  provider: string | null;
  /** Model of the layer that answered, `null` for the extractive backend. */
  model: string | null;
  /** Chain layer that answered (0 = first), `null` for the extractive backend. */
  layer: number | null;
  /** The whole chain as `vendor:model > …` (the `modelId` of the LanguageModel), `null` offline. */
  chain: string | null;
  promptId: string | null;
  promptVersion: string | null;
  /** Tokens over every attempt of the call (failed layers, retries and re-asks included). */
  usage: TokenUsage;
  /** USD over every attempt, from the llm ledger's price table (0 offline). */
  costUsd: number;
  /** True when the answering layer needed its re-ask (citation or attribution rewrite). */
  reasked: boolean;
  /** True when the answer came from the response cache. */
  cached: boolean;
  /** Every attempt: layer, vendor, model, phase and outcome (`ok`, `rate_limited`, `schema_mismatch`, …). */
  attempts: { layer: number; vendor: string; model: string; phase: string; outcome: string }[];
  /** Version of the offline method (extractive backend only). */
  method: string | null;
}

/** Something worth a human look that did not stop the synthesis. */
export interface SynthesisWarning {
  kind: 'unsupported_number' | 'unsupported_quote' | 'unsupported_url';
  sentenceIndex: number;
  /** The number, quote or address not found in the cited articles. */
  value: string;
}

/** A successful synthesis, from either backend. */
export interface StorySynthesis {
  storyId: string;
  backend: SynthesisBackend;
  /** One or two sentences. */
  summary: string;
  sentences: CitedSentence[];
  discrepancies: SourceDiscrepancy[];
  /** Articles the text was written from (SYN-1 picks for the LLM; every article offline). */
  sourceArticleIds: string[];
  provenance: SynthesisProvenance;
  warnings: SynthesisWarning[];
}

/** An outlet's editorial scope, `null` for a domain not in the roster (RULES §10). */
export type EditorialScopeOrNull = 'political' | 'non_political' | null;

/** Bias bucket, factuality and ownership re-exported for convenience in signatures. */
export type { Bucket, Factuality, OwnerType };
